"""AutoGraph's API (TF 2.21's autograph/impl/api.py and conversion.py): the conversion of
functions and its cache (`convert`, what tf.function calls per trace), ag__.converted_call,
tf.autograph's API (to_code, to_graph, do_not_convert, ...), and TF's "in user code:"
errors.

The user's function is rewritten by the converters (converters/), in TF's order and with
TF's templates, so that tf.autograph.to_code shows TF's text for the common constructs:
the body in ``with ag__.FunctionScope(...) as fscope``; ``break``, ``continue`` and
``return`` lowered to flags (``retval_``/``do_return`` set in ``try``/``except``, one final
``return fscope.ret(retval_, do_return)``); calls through ``ag__.converted_call(f, args,
kwargs, fscope)`` (user functions it reaches are converted too, cached per code object and
options; tfcompat, JAX, NumPy, the standard library and builtins are called as they are);
``if``/``while``/``for`` as ``ag__.if_stmt``/``while_stmt``/``for_stmt`` over functions of
the block and of its state (TF's liveness and definedness rules); ``and``/``or``/``not``/
ternaries as ``ag__`` operators; reads of the user's names through ``ag__.ld``. The
``ag__`` operators are in operators/.

Generated code keeps the user's file name and line numbers, so tracebacks point at the
user's lines; errors raised while tracing a converted function are re-raised with TF's
"in user code:" text. Deliberate differences: a Tensor whose value is known at trace time
(tfcompat folds constants in a function's first trace) drives a Python loop or ``if``,
as it would eagerly; loop variables keep their shape (XLA), so a loop whose shape
invariants (set_loop_options) let one change makes the function's calls run eagerly; a
``for`` over a traced Tensor needs a static first dimension; the optional
features (name scopes, automatic control dependencies, ...) are not applied.
"""
import ast
import contextlib
import enum
import functools
import inspect
import linecache
import os
import sys
import textwrap
import types

from ..framework import errors
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from ..framework.tf_stack import GENERATED, register
from . import operators

# -- calls -----------------------------------------------------------------------------------

_TFCOMPAT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_AUTOGRAPH_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_UNCONVERTED_MODULES = ("tfcompat", "jax", "jaxlib", "numpy", "scipy", "keras", "optax",
                        "ml_dtypes", "opt_einsum", "tensorflow", "pandas", "absl")


def do_not_convert(func=None):
    """tf.autograph.experimental.do_not_convert: `func` is called as it is from converted
    code (and tf.function does not convert it)."""
    if func is None:
        return do_not_convert

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    wrapper.__ag_do_not_convert__ = True
    return wrapper


def _allowlisted(fn):
    """Whether `fn` is called unconverted: builtins, the standard library and the
    modules TF and tfcompat treat as library code."""
    if getattr(fn, "__ag_do_not_convert__", False):
        return True
    code = getattr(fn, "__code__", None)
    if code is not None and code.co_filename.startswith(_TFCOMPAT_DIR):
        return True   # tfcompat's own wrappers (functools.wraps copies the user's module)
    module = getattr(fn, "__module__", None) or ""
    top = module.split(".")[0]
    return top in _UNCONVERTED_MODULES or top in sys.stdlib_module_names or \
        top in ("builtins", "__future__")


def converted_call(f, args, kwargs=None, caller_fn_scope=None, options=None):
    """TF's ag__.converted_call: call `f`, converted when it is user code and the
    options (those of the caller's FunctionScope) are recursive. tf.range and range
    with a traced bound give a TracedRange (for a for loop)."""
    kwargs = kwargs or {}
    if options is None:
        options = caller_fn_scope.callopts if caller_fn_scope is not None else operators.STD
    if isinstance(f, functools.partial):
        return converted_call(f.func, f.args + tuple(args), {**f.keywords, **kwargs},
                              caller_fn_scope, options)
    if f in (super, eval, globals, locals) and caller_fn_scope is not None:
        return operators.in_original_context(f, args, caller_fn_scope)
    lazy = operators.range_call(f, args, kwargs)
    if lazy is not None:
        return lazy
    if (f is int or f is float) and len(args) == 1 and not kwargs and \
            isinstance(args[0], (Tensor, Variable)):
        return operators.cast_builtin(f, args[0])
    target = _conversion_target(f) if options.recursive else None
    if target is None:
        return f(*args, **kwargs)
    return target(*args, **kwargs)


def _conversion_target(f):
    """The converted callable to use for `f`, or None to call `f` as it is."""
    if inspect.isclass(f) or _allowlisted(f) or hasattr(f, "autograph_info__"):
        return None
    from ..polymorphic_function.polymorphic_function import Function
    if isinstance(f, Function):
        return None
    if isinstance(f, types.MethodType):
        func = f.__func__
        if not isinstance(func, types.FunctionType) or _allowlisted(func):
            return None
        converted = _convert_function(func)
        return None if converted is func else types.MethodType(converted, f.__self__)
    if isinstance(f, types.FunctionType):
        converted = _convert_function(f)
        return None if converted is f else converted
    call = getattr(type(f), "__call__", None)  # noqa: B004 - the class's own __call__
    if isinstance(call, types.FunctionType) and not _allowlisted(call):
        converted = _convert_function(call)
        return None if converted is call else types.MethodType(converted, f)
    return None


# -- conversion of functions -------------------------------------------------------------------

_CONVERTED = {}      # code object -> (code of the converted function, generated source)


def _parse(fn):
    """The AST of `fn`'s definition (a FunctionDef or Lambda), at its original lines."""
    code = fn.__code__
    if code.co_name == "<lambda>":
        return _parse_lambda(fn)
    lines, first = inspect.getsourcelines(fn)
    tree = ast.parse(textwrap.dedent("".join(lines)))
    ast.increment_lineno(tree, first - 1)
    node = tree.body[0]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise ValueError("not a function definition")
    return node


def _parse_lambda(fn):
    """TF's _parse_lambda: of the lambdas in the source of `fn`'s file whose lines span
    its code's first line, the one there is, or the one of its argument names. The whole
    file is parsed (a lambda inside a statement, such as ``try: f(lambda: x)``, does not
    parse alone)."""
    code = fn.__code__
    line = code.co_firstlineno
    source = "".join(linecache.getlines(inspect.getsourcefile(fn), fn.__globals__))
    try:
        tree = ast.parse(source)
    except SyntaxError:   # (a file that is not Python: the lambda's own lines)
        lines, first = inspect.getsourcelines(fn)
        source = "(" + textwrap.dedent("".join(lines)).strip().rstrip(",\\") + "\n)"
        tree = ast.parse(source)
        ast.increment_lineno(tree, first - 1)
        source = "\n" * (first - 1) + source
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda) and
             n.lineno <= line <= n.end_lineno]
    if len(found) > 1:
        found = [n for n in found if [a.arg for a in n.args.args] ==
                 list(code.co_varnames[:code.co_argcount])]
    if len(found) > 1:   # (TF's parser refuses them)
        raise UnsupportedLanguageElementError(
            f"could not parse the source code of {fn}: found multiple definitions with "
            f"identical signatures at the location. This error may be avoided by defining "
            f"each lambda on a single line and with unique argument names. The matching "
            f"definitions were:\n" + "\n".join(
                f"Match {i}:\n{ast.unparse(n)}\n" for i, n in enumerate(found)))
    if not found:
        raise ValueError("cannot identify the lambda's source")
    found[0].ag_source = ast.get_source_segment(source, found[0])
    return found[0]


# The code of a converted single-line lambda -> its source (TF's "in user code:" text).
_LAMBDA_SOURCES = {}


def _nested_code(code):
    """`code` and the code objects nested in it."""
    yield code
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield from _nested_code(c)


def _compile(fn, options):
    """Convert `fn`'s code (converters/): (code object of the converted function, its
    source), or None when it cannot be converted (no source, a generator, ...)."""
    from . import converters, static_analysis   # loaded by the first conversion
    code = fn.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE |
                        inspect.CO_ASYNC_GENERATOR):
        return None
    try:
        node = _parse(fn)
    except (OSError, TypeError, SyntaxError, ValueError, IndexError):
        return None
    namespace = dict(fn.__globals__)
    for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
        with contextlib.suppress(ValueError):  # an empty cell
            namespace[name] = cell.cell_contents
    local_names = set(static_analysis.params(node)) | {
        n.id for n in ast.walk(node) if isinstance(n, ast.Name) and
        not isinstance(n.ctx, ast.Load)}
    ctx = converters.Context(namespace, converters.Options(*options), set_loop_options,
                             local_names)
    node = converters.convert(node, ctx)
    if isinstance(node, ast.Lambda):
        definition = ast.Assign(targets=[ast.Name(id=node.ag_name, ctx=ast.Store())],
                                value=node)
        ast.copy_location(definition, node)
    else:
        definition = node
    source = ast.unparse(definition)
    if not isinstance(node, ast.Lambda) and "__class__" in code.co_freevars:
        # super() needs the cell: a reference to it, left out of to_code's text
        node.body.insert(0, converters.template("__class__", node.body[0])[0])
    freevars = ("ag__",) + tuple(v for v in code.co_freevars)
    factory = converters.template("def ag__factory():\n    pass", node)[0]
    factory.args.args = [ast.arg(arg=n) for n in freevars]
    factory.body = [definition, converters.template(f"return {node.ag_name}", node)[0]]
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    filename = inspect.getsourcefile(fn) or code.co_filename
    compiled = compile(module, filename, "exec")
    factory_code = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    wanted = "<lambda>" if isinstance(node, ast.Lambda) else node.ag_name
    inner = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and
                 c.co_name == wanted)
    register(inner, code.co_name)
    if isinstance(node, ast.Lambda) and "\n" not in node.ag_source:
        _LAMBDA_SOURCES.update(dict.fromkeys(_nested_code(inner), node.ag_source))
    return inner, source


def _conversion_warning(fn, e):
    """TF's warning for a function AutoGraph could not convert (its cause `e`)."""
    from ..framework.tf_logging import get_logger
    report = "" if isinstance(e, UnsupportedLanguageElementError) else (
        "Please report this to the TensorFlow team. When filing the bug, set the verbosity "
        "to 10 (on Linux, `export AUTOGRAPH_VERBOSITY=10`) and attach the full output.\n")
    get_logger().warning(f"AutoGraph could not transform {fn} and will run it as-is.\n"
                         f"{report}Cause: {e}\nTo silence this warning, decorate the "
                         f"function with @tf.autograph.experimental.do_not_convert")


def _convert_function(fn, options=(True, False)):
    """`fn` (a plain function) converted with `options` ((recursive, user_requested)),
    or `fn` itself when it cannot be."""
    if getattr(fn, "__ag_do_not_convert__", False) or fn.__code__ in GENERATED or \
            hasattr(fn, "autograph_info__"):
        return fn
    if inspect.unwrap(fn).__code__ is not fn.__code__:
        return fn   # a decorator's wrapper: its source is not what inspect would find
    key = (fn.__code__, options)
    entry = _CONVERTED.get(key)
    if entry is None:
        try:
            entry = _CONVERTED[key] = _compile(fn, options) or (None, None)
        except Exception as e:   # noqa: BLE001 -- TF runs such a function as it is, and
            _conversion_warning(fn, e)   # tries (and warns) again on its next conversion
            entry = (None, None)
    code = entry[0]
    if code is None:
        return fn
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    cells["ag__"] = types.CellType(_Module)
    closure = tuple(cells[n] for n in code.co_freevars)
    converted = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__,
                                   closure or None)
    converted.__kwdefaults__ = fn.__kwdefaults__
    functools.update_wrapper(converted, fn)
    converted.__ag_converted__ = True
    return converted


def _unwrap(fn):
    """The plain function of `fn` and how to rebind it: (function, rebind)."""
    if isinstance(fn, functools.partial):
        inner, rebind = _unwrap(fn.func)
        return inner, lambda f: functools.partial(rebind(f), *fn.args, **fn.keywords)
    if isinstance(fn, types.MethodType):
        return fn.__func__, lambda f: types.MethodType(f, fn.__self__)
    if isinstance(fn, types.FunctionType):
        return fn, lambda f: f
    call = getattr(type(fn), "__call__", None)  # noqa: B004 - the class's own __call__
    if isinstance(call, types.FunctionType):
        return call, lambda f: types.MethodType(f, fn)
    return None, None


def convert(fn):
    """`fn` with AutoGraph's conversion (what tf.function calls per trace): errors raised
    inside are re-raised with TF's "in user code:" text."""
    target, rebind = _unwrap(fn)
    if target is None or _allowlisted(target):
        return fn
    converted = _convert_function(target, (True, True))
    if converted is target:
        return fn
    inner = rebind(converted)

    @functools.wraps(fn)
    def with_user_errors(*args, **kwargs):
        try:
            return inner(*args, **kwargs)
        except Exception as e:
            new = _user_code_error(e)
            if new is None:
                raise
            raise new.with_traceback(e.__traceback__) from None
    return with_user_errors


def to_graph(entity, recursive=True, experimental_optional_features=None):
    """tf.autograph.to_graph: the converted function (a bound method stays bound)."""
    target, rebind = _unwrap(entity)
    if target is None:
        raise ValueError(f"Unsupported entity type: {type(entity).__name__}")
    converted = _convert_function(target, (bool(recursive), True))
    return rebind(converted)


def to_code(entity, recursive=True, experimental_optional_features=None):
    """tf.autograph.to_code: the source of the converted function, the code tfcompat
    runs (TF's text for the common constructs, converters/)."""
    target, _ = _unwrap(entity)
    if target is None:
        raise ValueError(f"Unsupported entity type: {type(entity).__name__}")
    options = (bool(recursive), True)
    _convert_function(target, options)
    source = _CONVERTED.get((target.__code__, options), (None, None))[1]
    if source is None:
        source = textwrap.dedent(inspect.getsource(target))
    return source + "\n"


# -- errors in user code --------------------------------------------------------------------

class PyCTError(Exception):
    """TF's autograph PyCTError."""


class AutoGraphError(PyCTError):
    """TF's autograph AutoGraphError."""


class StagingError(AutoGraphError):
    """TF's autograph StagingError: an exception raised while a converted function was
    traced, which TF cannot re-make with its "in user code:" message."""


class UnsupportedLanguageElementError(PyCTError):
    """TF's autograph UnsupportedLanguageElementError (what TF's conversion warns about
    without asking for a bug report)."""


PyCTError.__module__ = UnsupportedLanguageElementError.__module__ = \
    "tensorflow.python.autograph.pyct.errors"
AutoGraphError.__module__ = StagingError.__module__ = "tensorflow.python.autograph.impl.api"

_STRING_ERRORS = (AssertionError, AttributeError, NameError, NotImplementedError,
                  RuntimeError, StopIteration, TypeError, UnboundLocalError, ValueError)


def _library_file(filename):
    for top in _UNCONVERTED_MODULES:
        module = sys.modules.get(top)
        path = getattr(module, "__file__", None)
        if path and filename.startswith(path.rsplit("/", 2)[0] + "/" + top):
            return True
    return filename.startswith(sys.prefix) or filename.startswith(sys.base_prefix) or \
        filename.startswith("<frozen")


def _user_code_error(e):
    """TF's ErrorMetadata: the exception re-made with "in user code:" and the user's
    frames (converted ones marked *), or None when TF keeps it as it is."""
    if getattr(e, "ag_error_metadata", None) is not None:
        return None
    kind = type(e)
    # TF re-makes the OpErrors whose __init__ is (node_def, op, message), and any other
    # exception it cannot re-make is a StagingError. Those tfcompat raises while tracing
    # are kept: its ops' OpErrors are the errors TF's kernels raise when the graph runs
    # (which TF does not re-make), the others its own signals. Only what is raised outside
    # tfcompat (by the user's code, or a library's) is re-made so.
    user_raised = not _raised_in(e.__traceback__, _TFCOMPAT_DIR)
    op_error = issubclass(kind, errors.OpError) and kind is not errors.OpError
    as_is = (kind in _STRING_ERRORS or kind.__init__ is Exception.__init__
             or kind is errors.OperatorNotAllowedInGraphError or kind is StagingError)
    if not (as_is or kind is KeyError or user_raised):
        return None
    frames = []   # (filename, lineno, function, mark): "  *" converted, "  **" called unconverted
    seen_converted = None
    for frame, lineno in reversed(list(_walk(e.__traceback__))):
        code = frame.f_code
        name = GENERATED.get(code)
        if name is not None:
            key = frame.f_globals.get("__name__"), name
            if key != seen_converted:
                frames.append((code.co_filename, lineno, name, "  *", code))
                seen_converted = key
        elif seen_converted is None and code.co_filename.startswith(_AUTOGRAPH_DIR):
            # AutoGraph's own frame (converted_call, an operator) over a user function
            # called but not converted (TF's allowlisted frame: do_not_convert,
            # autograph=False).
            if frames and not frames[-1][3]:
                frames[-1] = frames[-1][:3] + ("  **", None)
        elif seen_converted is None and not _library_file(code.co_filename):
            frames.append((code.co_filename, lineno, code.co_name, "", None))
    if not any(f[3] == "  *" for f in frames):
        return None
    lines = ["in user code:", ""]
    for filename, lineno, name, mark, code in reversed(frames):
        text = linecache.getline(filename, lineno).strip()
        if code in _LAMBDA_SOURCES:   # (TF's converted lambda: its own source, no name)
            name, text = None, _LAMBDA_SOURCES[code]
        lines.append(f'    File "{filename}", line {lineno}, in {name}{mark}')
        lines.append("        " + (text or "<source unavailable>"))
    lines.append("")
    cause = f"{kind.__name__}: {e}" if kind is not KeyError else f"KeyError: {e}"
    lines += ["    " + line for line in cause.split("\n")]
    lines.append("")
    message = "\n".join(lines)
    if kind is KeyError:
        new = _MultilineKeyError(message, cause)
    elif op_error:
        new = kind(e.node_def, e.op, message)
    elif as_is:
        new = kind(message)
    else:
        new = StagingError(message)
    new.ag_error_metadata = True
    return new


class _MultilineKeyError(KeyError):
    def __init__(self, message, key):
        super().__init__(key)
        self._message = message

    def __str__(self):
        return self._message


_MultilineKeyError.__name__ = "KeyError"


def _raised_in(tb, directory):
    """Whether the innermost frame of traceback `tb` runs code from under `directory`."""
    frames = list(_walk(tb))
    return bool(frames) and frames[-1][0].f_code.co_filename.startswith(directory)


def _walk(tb):
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


# -- public API helpers (tf.autograph) ---------------------------------------------------------

_verbosity = [0]


def set_verbosity(level, alsologtostdout=False):
    """tf.autograph.set_verbosity: tfcompat's AutoGraph logs nothing; the level is kept."""
    _verbosity[0] = int(level)


def trace(*args):
    """tf.autograph.trace: prints its arguments (at trace time inside tf.function)."""
    print(*args)


def set_loop_options(parallel_iterations=None, swap_memory=None, maximum_iterations=None,
                     shape_invariants=None):
    """tf.autograph.experimental.set_loop_options. `maximum_iterations` bounds the loop as
    in TF; `parallel_iterations` and `swap_memory` have no effect (XLA schedules the
    loop); `shape_invariants` cannot relax a shape (XLA has static shapes)."""


class Feature(enum.Enum):
    """tf.autograph.experimental.Feature: tfcompat's AutoGraph always applies the
    conversions TF applies by default; the optional ones are accepted and ignored."""
    ALL = "ALL"
    AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
    ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
    BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
    EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
    LISTS = "LISTS"
    NAME_SCOPES = "NAME_SCOPES"



class _Module:
    """What converted code calls as `ag__`."""

    Undefined = operators.Undefined
    UndefinedReturnValue = operators.UndefinedReturnValue
    FunctionScope = operators.FunctionScope
    ConversionOptions = operators.ConversionOptions
    STD = operators.STD
    ld = staticmethod(operators.ld)
    ldu = staticmethod(operators.ldu)
    with_function_scope = staticmethod(operators.with_function_scope)
    autograph_artifact = staticmethod(operators.autograph_artifact)
    if_stmt = staticmethod(operators.if_stmt)
    while_stmt = staticmethod(operators.while_stmt)
    for_stmt = staticmethod(operators.for_stmt)
    converted_call = staticmethod(converted_call)
    not_ = staticmethod(operators.not_)
    and_ = staticmethod(operators.and_)
    or_ = staticmethod(operators.or_)
    if_exp = staticmethod(operators.if_exp)
