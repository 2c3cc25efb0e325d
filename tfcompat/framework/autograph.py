"""AutoGraph for tf.function (TF 2.21's tensorflow/python/autograph), by source
transformation of the user's function, as TF does.

The converted function is the original one rewritten in this order (TF's converters):

1. ``break`` becomes a ``break_`` flag folded into the loop condition, with guards on the
   rest of the body; ``continue`` becomes a ``continue_`` flag guarding the rest of the
   body; ``return`` becomes ``do_return``/``retval_`` assignments, guards, a loop condition
   and one final return.
2. Every call becomes ``ag__.converted_call(f, args, kwargs)``: user functions it reaches
   are converted too (recursively, cached per code object); tfcompat, JAX, NumPy, the
   standard library and builtins are called as they are.
3. ``and``/``or``/``not`` and ``a if c else b`` become ``ag__.and_``/``or_``/``not_``/
   ``if_exp``.
4. ``if``/``while``/``for`` become ``ag__.if_stmt``/``while_stmt``/``for_stmt`` with their
   bodies as nested functions over the enclosing function's variables (``nonlocal``), and
   get_state/set_state over the names the statement modifies that are live (TF's liveness
   rule). At run time a Python condition or iterable runs as plain Python; a traced
   Tensor one runs through tf.cond / tf.while_loop (ops/control_flow_ops.py), with TF's
   checks and messages for the loop and branch variables.

Generated code keeps the user's file name and line numbers, so tracebacks point at the
user's lines; errors raised while tracing a converted function are re-raised with TF's
"in user code:" text. Deliberate differences: a Tensor whose value is known at trace time
(tfcompat folds constants in a function's first trace) drives a Python loop or ``if``,
as it would eagerly; loop variables keep their shape (XLA), so shape invariants cannot
relax it; a ``for`` over a traced Tensor needs a static first dimension.
"""
import ast
import copy
import enum
import functools
import inspect
import linecache
import math
import os
import sys
import textwrap
import types

import jax
import jax.numpy as jnp

from . import nest
from .constant_op import convert_to_tensor
from .tensor import Tensor

# -- undefined values ---------------------------------------------------------------------


class Undefined:
    """The value of a name not yet assigned when a converted statement starts."""

    def __init__(self, symbol_name="<undefined>"):
        self.symbol_name = symbol_name

    def __repr__(self):
        return self.symbol_name


class UndefinedReturnValue:
    """The return value of a converted function before a return statement ran."""


UNDEFINED = Undefined()


def ret(retval, do_return):
    """TF's FunctionScope.ret: None when no return statement ran."""
    del do_return
    return None if isinstance(retval, UndefinedReturnValue) else retval


def _null(v):
    return v is None or isinstance(v, (Undefined, UndefinedReturnValue))


def _traced(x):
    return isinstance(x, Tensor) and isinstance(x._value, jax.core.Tracer)


def _cf():
    from ..ops import control_flow_ops
    return control_flow_ops


# -- logical operators --------------------------------------------------------------------

def not_(a):
    """`not a` (TF: ag__.not_): tf.logical_not for Tensors."""
    if isinstance(a, Tensor):
        from ..ops import math_ops
        return math_ops.logical_not(a)
    return not a


def and_(a_fn, b_fn):
    """`a and b`, lazily (TF: ag__.and_): a tf.cond for a traced `a`."""
    a = a_fn()
    if _traced(a):
        return _cf().cond(a, b_fn, lambda: a)
    return b_fn() if a else a


def or_(a_fn, b_fn):
    """`a or b`, lazily (TF: ag__.or_): a tf.cond for a traced `a`."""
    a = a_fn()
    if _traced(a):
        return _cf().cond(a, lambda: a, b_fn)
    return a if a else b_fn()


def if_exp(cond, if_true, if_false):
    """`a if cond else b` (TF: ag__.if_exp): a tf.cond for a traced condition."""
    if _traced(cond):
        return _cf().cond(_verify_condition(cond, "if statement"), if_true, if_false)
    return if_true() if cond else if_false()


# -- checks with TF's messages (autograph/operators/control_flow.py) -------------------------

def _verify_condition(cond, tag):
    cond = convert_to_tensor(cond)
    hint = "to check for None, use `is not None`"
    if cond.dtype.name != "bool":
        raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {cond!s}; "
                         f"to use as boolean Tensor, use `tf.cast`; {hint}")
    if cond.shape.rank:
        if math.prod(d for d in cond.shape.as_list() if d is not None) > 1:
            raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got "
                             f"{cond!s}; {hint}")
        from ..ops import array_ops
        cond = array_ops.reshape(cond, ())
    return cond


def _loop_var(v):
    """A loop variable as a staged loop carries it: a Tensor, or a tf.TensorArray."""
    return v if hasattr(type(v), "_loop_carry") else convert_to_tensor(v)


def _as_tensor_like(v):
    return convert_to_tensor(v) if isinstance(v, (bool, int, float)) or (
        hasattr(v, "dtype") and hasattr(v, "shape") and not isinstance(v, Tensor)) else v


def _verify_branch_vars(values, names, branch):
    for name, v in zip(names, values):
        if isinstance(v, Undefined):
            raise ValueError(f"'{name}' must also be initialized in the {branch} branch")
        if isinstance(v, UndefinedReturnValue):
            raise ValueError(f"the {branch} branch must also have a return statement.")


def _verify_cond_vars(body_vars, orelse_vars, names):
    for name, a, b in zip(names, body_vars, orelse_vars):
        try:
            nest.assert_same_structure(a, b)
        except (ValueError, TypeError) as e:
            raise TypeError(f"'{name}' must have the same nested structure in the main and "
                            f"else branches:\n\n{e}") from e
        for x, y in zip(nest.flatten(a), nest.flatten(b)):
            if x is None:
                raise ValueError(f"'{name}' is None at the end of the main branch.")
            if y is None:
                raise ValueError(f"'{name}' is None at the end of the else branch.")
            x, y = _as_tensor_like(x), _as_tensor_like(y)
            if not (isinstance(x, Tensor) and isinstance(y, Tensor)):
                continue
            if x.dtype != y.dtype:
                raise TypeError(f"'{name}' has dtype {x.dtype.name} in the main branch, but "
                                f"dtype {y.dtype.name} in the else branch")
            if x.shape.as_list() != y.shape.as_list():
                raise ValueError(f"'{name}' has shape {x.shape} in the main branch, but shape "
                                 f"{y.shape} in the else branch: tfcompat needs the same shape "
                                 f"in both branches of a traced if (XLA has static shapes).")


def _verify_loop_init_vars(values, names, first_iter=None, extra_message=None):
    first_iter = first_iter or (None,) * len(names)
    for name, v, fi in zip(names, values, first_iter):
        if isinstance(v, UndefinedReturnValue):
            if fi:
                raise ValueError("the return value from a TensorFlow loop may only be a "
                                 "Tensor, int, float, bool or a list, tuple or dict thereof; "
                                 f"got {type(fi)}")
            raise NotImplementedError(
                "a return statement cannot be placed inside this TensorFlow loop; this may "
                "happen if a return statement depends on a static Python condition such as "
                "a hyperparameter")
        message = None
        if v is None:
            message = f"'{name}' is not allowed to be None before the loop"
        elif isinstance(v, Undefined):
            message = f"'{name}' must be defined before the loop"
            if extra_message:
                message += "\n" + extra_message
        if message is not None:
            raise ValueError(message)


def _verify_loop_vars(init, entry, exit_, names):
    for name, i, a, b in zip(names, init, entry, exit_):
        for first, second in ((i, a), (a, b)):
            try:
                nest.assert_same_structure(first, second)
            except (ValueError, TypeError) as e:
                raise TypeError(f"'{name}' does not have the same nested structure after one "
                                f"iteration.\n\n{e}") from e
        for x, y in zip(nest.flatten(a), nest.flatten(b)):
            if y is None:
                raise ValueError(f"'{name}' is None at the end of the iteration.")
            x, y = _as_tensor_like(x), _as_tensor_like(y)
            if not (isinstance(x, Tensor) and isinstance(y, Tensor)):
                continue
            if x.dtype != y.dtype:
                raise TypeError(f"'{name}' has dtype {x.dtype.name} before the loop, but "
                                f"dtype {y.dtype.name} after one iteration")
            if x.shape.as_list() != y.shape.as_list():
                raise ValueError(f"'{name}' has shape {x.shape} before the loop, but shape "
                                 f"{y.shape} after one iteration. Use "
                                 f"tf.autograph.experimental.set_loop_options to set shape "
                                 f"invariants.")


# -- if -------------------------------------------------------------------------------------

_staging = [0]   # depth of traced branches and loop bodies being staged by AutoGraph


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    """TF's ag__.if_stmt: a Python `if`, or a tf.cond (lax.switch) for a traced cond.
    The first `nouts` names of the state are the cond's outputs; the others are
    restored after it."""
    if not _traced(cond):
        if cond:
            body()
        else:
            orelse()
        return
    cond = _verify_condition(cond, "if statement")
    cf = _cf()
    init = get_state()
    names = symbol_names[:nouts]
    done = {}

    def branch(fn, key, other):
        def run():
            set_state(init)
            _staging[0] += 1
            try:
                fn()
            finally:
                _staging[0] -= 1
            values = tuple(get_state()[:nouts])
            _verify_branch_vars(values, names, key)
            done[key] = values
            if other in done:
                pair = (values, done[other]) if key == "main" else (done[other], values)
                _verify_cond_vars(pair[0], pair[1], names)
            return values
        return run
    t_true = cf._Traced(branch(body, "main", "else"), None, ())
    t_false = cf._Traced(branch(orelse, "else", "main"), None, ())
    set_state(init)
    out = cf.switch_traced(jnp.logical_not(cond._value).astype("int32"), [t_true, t_false],
                           None)
    set_state(tuple(out) + tuple(init[nouts:]))


# -- while ------------------------------------------------------------------------------------

def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """TF's ag__.while_stmt: a Python loop for a Python condition, else tf.while_loop."""
    first = test()
    if _traced(first) or (isinstance(first, Tensor) and any(
            _traced(x) for x in nest.flatten(get_state()) if isinstance(x, Tensor))):
        _tf_while(test, body, get_state, set_state, symbol_names, opts)
        return
    if not first:
        return
    body()
    while _python_test(test(), _WHILE_BECAME_TENSOR):
        body()


_WHILE_BECAME_TENSOR = (
    "The condition of while loop started as non-Tensor, then changed to Tensor. This may "
    "happen either because variables changed type, or when a break or return statement "
    "inside the loop depends on a Tensor condition. In both cases, changing to a TF loop "
    "should remove the error.\nSee https://github.com/tensorflow/tensorflow/blob/master/"
    "tensorflow/python/autograph/g3doc/reference/limitations.md"
    "#consistency-of-control-flow-types for more info.")
_FOR_TENSOR_TEST = (
    "break and return statements which depend on a TF condition are not supported in "
    "Python for loops. Did you intend to make it a TF loop?\nSee https://github.com/"
    "tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/reference/"
    "limitations.md#consistency-of-control-flow-types for more info.")


def _python_test(value, message):
    if _traced(value):
        raise NotImplementedError(message)
    return bool(value)


def _placeholder(like, original):
    """A zero value shaped as the first iteration's value (TF: _placeholder_value)."""
    if _null(like):
        return original
    if isinstance(like, (bool, int, float)):
        return type(like)(0)
    if isinstance(like, Tensor):
        from ..ops import array_ops
        return array_ops.zeros(like.shape.as_list(), like.dtype)
    if isinstance(like, (list, tuple, dict)):
        return nest.map_structure(lambda v: _placeholder(v, original), like)
    raise TypeError(f"Found an unsupported type '{type(like).__name__}' while creating "
                    f"placeholder for {like}. Supported types include Tensor, int, float, "
                    f"bool, list, tuple or dict.")


def _define_undefined(body, get_state, set_state, init, nulls, names):
    """Stage one iteration to give loop variables undefined before the loop a zero value
    of the type they get in the body (TF: _try_handling_undefineds)."""
    cf = _cf()
    failure = first = None
    try:
        def stage():
            set_state(tuple(convert_to_tensor(v) if isinstance(v, (bool, int, float))
                            else v for v in init))
            body()
            box["first"] = get_state()
            return ()
        box = {}
        try:
            _staging[0] += 1
            cf._Traced(stage, None, ())
        finally:
            _staging[0] -= 1
            set_state(init)
        first = box["first"]
        init = tuple(_placeholder(f, v) if n else v for v, n, f in zip(init, nulls, first))
        success = True
    except (UnboundLocalError, TypeError, ValueError, KeyError) as e:
        success = False
        failure = ("Note: AutoGraph tried to define it automatically, but ran into a "
                   f"{type(e).__name__}: {e}")
    _verify_loop_init_vars(init, names, first, failure)
    return success, init


def _tf_while(test, body, get_state, set_state, symbol_names, opts):
    """A tf.while_loop over the state (TF: _tf_while_stmt)."""
    cf = _cf()
    init = tuple(get_state())
    nulls = tuple(_null(v) for v in init)
    require_one = False
    if any(nulls):
        require_one, init = _define_undefined(body, get_state, set_state, init, nulls,
                                              symbol_names)
    loop_init = tuple(nest.map_structure(_loop_var, v) for v in init)

    def cond_fn(*values):
        set_state(values[1:] if require_one else values)
        return _verify_condition(test(), "while loop")

    def body_fn(*values):
        entry = values[1:] if require_one else values
        set_state(entry)
        _staging[0] += 1
        try:
            body()
        finally:
            _staging[0] -= 1
        new = tuple(get_state())
        _verify_loop_vars(loop_init, entry, new, symbol_names)
        new = tuple(nest.map_structure(_loop_var, v) for v in new)
        return ((True,) + new) if require_one else new
    start = ((convert_to_tensor(False),) + loop_init) if require_one else loop_init
    out = cf.while_loop(cond_fn, body_fn, list(start),
                        maximum_iterations=opts.get("maximum_iterations"))
    if require_one:
        _require_iteration(out[0], symbol_names, nulls, init)
        out = out[1:]
    set_state(tuple(out))


def _require_iteration(flag, names, nulls, init):
    """TF's Assert that a loop defining a variable ran at least once."""
    undefined = ["the function return value" if isinstance(v, UndefinedReturnValue) else n
                 for n, v, null in zip(names, init, nulls) if null]
    message = "loop must iterate at least once to initialize " + ", ".join(undefined)
    from .variables import _creating
    if not _traced(flag):
        if not bool(flag):
            from .errors import InvalidArgumentError
            raise InvalidArgumentError(None, None, message)
        return
    if not _creating or _staging[0]:
        raise ValueError(f"tfcompat checks that a tf.function loop iterates at least once "
                         f"only at the top level of the function: {message}.")
    _creating[-1].checks.append((flag._value, message))


# -- for --------------------------------------------------------------------------------------

class _Range:
    """`tf.range(...)` as a for loop's iterable: iterated with a counter, as TF elides it."""

    def __init__(self, args, kwargs):
        self.args, self.kwargs = args, kwargs


def range_iterable(func, args, kwargs):
    """The iterable of `for x in <func>(*args)`: a _Range when func is tf.range."""
    from ..ops import array_ops
    if func is not array_ops.range:
        return converted_call(func, args, kwargs)
    return _Range(args, kwargs or {})


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """TF's ag__.for_stmt: a Python loop over Python iterables and Tensors whose value is
    known; a tf.while_loop over a traced Tensor's first dimension, a tf.range with traced
    bounds, or (inside tf.function) a tf.data.Dataset."""
    from .variables import _creating
    staged_loop = getattr(iter_, "_staged_loop", None)
    if staged_loop is not None and _creating:   # a tf.data.Dataset inside tf.function
        start, step = staged_loop()
        _counted_loop(start(), lambda c: c[0], lambda c: step(), lambda c: c[1], extra_test,
                      body, get_state, set_state, symbol_names, opts)
        return
    if isinstance(iter_, _Range) and not any(
            _traced(a) for a in list(iter_.args) + list(iter_.kwargs.values())):
        from ..ops import array_ops   # static bounds: a Python loop, as eagerly
        iter_ = list(array_ops.range(*iter_.args, **iter_.kwargs))
    if isinstance(iter_, _Range):
        _tf_range_for(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
    elif _traced(iter_):
        _tf_tensor_for(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
    elif extra_test is not None:
        if _python_test(extra_test(), _FOR_TENSOR_TEST):
            for x in iter_:
                body(x)
                if not _python_test(extra_test(), _FOR_TENSOR_TEST):
                    break
    else:
        for x in iter_:
            body(x)


def _counted_loop(index, limit_test, step, read, extra_test, body, get_state, set_state,
                  symbol_names, opts, iterate_name=None):
    """A tf.while_loop whose state starts with the counter `index`."""
    counter = [index]

    def aug_get():
        state = tuple(get_state())
        if iterate_name is not None:    # TF: an undefined target starts as the iterate
            state = tuple(counter[0] if n == iterate_name and isinstance(v, Undefined) else v
                          for n, v in zip(symbol_names, state))
        return (counter[0],) + state

    def aug_set(values):
        counter[0] = values[0]
        set_state(tuple(values[1:]))

    def aug_body():
        i = counter[0]
        body(read(i))
        counter[0] = step(i)

    def aug_test():
        main = limit_test(counter[0])
        if extra_test is not None:
            return and_(lambda: main, extra_test)
        return main
    _tf_while(aug_test, aug_body, aug_get, aug_set, ("<internal iterate>",) +
              tuple(symbol_names), opts)


def _tf_range_for(r, extra_test, body, get_state, set_state, symbol_names, opts):
    from ..ops import array_ops, math_ops
    bound = inspect.signature(array_ops.range).bind(*r.args, **r.kwargs)
    bound.apply_defaults()
    start, limit, delta, dtype = (bound.arguments[k] for k in ("start", "limit", "delta",
                                                                 "dtype"))
    if limit is None:
        start, limit = 0, start
    values = [convert_to_tensor(v) for v in (start, limit, delta)]
    if dtype is None:   # TF's inference: the widest of the arguments' types
        floats = [v.dtype for v in values if v.dtype.is_floating]
        dtype = floats[0] if floats else next(
            (v.dtype for v, a in zip(values, (start, limit, delta)) if isinstance(a, Tensor)),
            values[0].dtype)
    start, limit, delta = (math_ops.cast(v, dtype) for v in values)

    def limit_test(i):
        if not _traced(delta):
            return i < limit if float(delta) >= 0 else i > limit
        from ..ops import math_ops
        return math_ops.logical_or(math_ops.logical_and(delta >= 0, i < limit),
                                   math_ops.logical_and(delta < 0, i > limit))
    _counted_loop(start, limit_test, lambda i: i + delta, lambda i: i, extra_test, body,
                  get_state, set_state, symbol_names, opts, opts.get("iterate_names"))


def _tf_tensor_for(t, extra_test, body, get_state, set_state, symbol_names, opts):
    n = t.shape[0] if t.shape.rank else None
    if t.shape.rank == 0:
        raise TypeError("Cannot iterate over a scalar tensor.")
    if n is None:
        raise ValueError("tfcompat iterates over a traced Tensor only along a static first "
                         "dimension (XLA has static shapes).")
    opts = dict(opts)
    opts.setdefault("maximum_iterations", n)   # static: the loop is differentiable
    _counted_loop(convert_to_tensor(0), lambda i: i < n, lambda i: i + 1, lambda i: t[i],
                  extra_test, body, get_state, set_state, symbol_names, opts)


# -- calls -----------------------------------------------------------------------------------

_TFCOMPAT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
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


def converted_call(f, args, kwargs=None):
    """TF's ag__.converted_call (recursive=True): call `f`, converted when it is user
    code."""
    kwargs = kwargs or {}
    if isinstance(f, functools.partial):
        return converted_call(f.func, f.args + tuple(args), {**f.keywords, **kwargs})
    target = _conversion_target(f)
    if target is None:
        return f(*args, **kwargs)
    return target(*args, **kwargs)


def _conversion_target(f):
    """The converted callable to use for `f`, or None to call `f` as it is."""
    if inspect.isclass(f) or _allowlisted(f):
        return None
    from .function import Function
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
    call = getattr(type(f), "__call__", None)
    if isinstance(call, types.FunctionType) and not _allowlisted(call):
        converted = _convert_function(call)
        return None if converted is call else types.MethodType(converted, f)
    return None


# -- source transformation: helpers ----------------------------------------------------------

def _stmts(node_or_list):
    return node_or_list if isinstance(node_or_list, list) else [node_or_list]


def _template(src, origin, **subst):
    """Statements parsed from `src`, with Name placeholders replaced by the given AST
    nodes (or lists of statements), located at `origin`."""
    tree = ast.parse(textwrap.dedent(src))

    class Replace(ast.NodeTransformer):
        def visit_Name(self, node):
            value = subst.get(node.id)
            if isinstance(value, str):
                node.id = value
            elif isinstance(value, ast.AST):
                return _with_ctx(copy.deepcopy(value), node.ctx)
            return node

        def visit_Expr(self, node):
            if isinstance(node.value, ast.Name) and \
                    isinstance(subst.get(node.value.id), list):
                return copy.deepcopy(subst[node.value.id])
            return self.generic_visit(node)
    tree = Replace().visit(tree)
    for n in ast.walk(tree):
        if "lineno" in n._attributes:
            n.lineno = n.end_lineno = origin.lineno
            n.col_offset = n.end_col_offset = origin.col_offset
    return tree.body


def _with_ctx(node, ctx):
    """`node` as an assignment target (Store) or a value (Load)."""
    if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Starred)):
        node.ctx = type(ctx)()
    if isinstance(node, (ast.Tuple, ast.List)):
        node.ctx = type(ctx)()
        for e in node.elts:
            _with_ctx(e, ctx)
    if isinstance(node, ast.Starred):
        _with_ctx(node.value, ctx)
    return node


def _expr(src, origin, **subst):
    return _template(src, origin, **subst)[0].value


def _names(tree):
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
        {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}


class _Namer:
    """TF's namer: fresh names that do not clash with the function's names."""

    def __init__(self, taken):
        self.taken = set(taken)

    def new(self, root):
        name, n = root, 0
        while name in self.taken:
            n += 1
            name = f"{root}_{n}"
        self.taken.add(name)
        return name


class _Scoped(ast.NodeTransformer):
    """A transformer that leaves nested functions, lambdas and classes alone (each
    function is converted on its own)."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_block(self, nodes, after=None):
        """TF's visit_block: `after(node)` returns (node, new destination for the
        statements that follow)."""
        result = []
        dest = result
        for node in nodes:
            replacement = self.visit(node)
            new_dest = None
            if after is not None and replacement:
                replacement, new_dest = after(replacement)
            if replacement:
                dest.extend(_stmts(replacement))
            if new_dest is not None:
                dest = new_dest
        return result


# -- break, continue, return (TF's break_statements, continue_statements, return_statements)

class _Breaks(_Scoped):
    def __init__(self, namer):
        self.namer = namer
        self.stack = []

    def visit_Break(self, node):
        self.stack[-1][1] = True
        return _template("var = True\ncontinue", node, var=self.stack[-1][0])

    def _body(self, nodes):
        self.stack.append([self.namer.new("break_"), False])
        nodes = self.visit_block(nodes)
        var, used = self.stack.pop()
        return nodes, var, used

    def _loop(self, node):
        node.body, var, used = self._body(node.body)
        node.orelse = self.visit_block(node.orelse)
        if not used:
            return node
        if node.orelse:
            node.orelse = _template("if not var:\n    block", node, var=var,
                                    block=node.orelse)
        init = _template("var = False", node, var=var)
        if isinstance(node, ast.While):
            node.test = _expr("not var and test", node, var=var, test=node.test)
        else:
            node.ag_extra_test = _expr("not var", node, var=var)
        return init + [node]

    visit_While = visit_For = _loop


class _Continues(_Scoped):
    def __init__(self, namer):
        self.namer = namer
        self.loops = []    # [control var, used]
        self.blocks = []   # [is_loop, guard_current, guard_next]

    def visit_Continue(self, node):
        self.loops[-1][1] = True
        for block in reversed(self.blocks):
            block[2] = True
            if block[0]:
                break
        return _template("var = True", node, var=self.loops[-1][0])

    def _after(self, node):
        if self.loops and self.loops[-1][1]:
            block = self.blocks[-1]
            wrap, block[1], block[2] = block[1], block[2], False
            if wrap:
                first = _stmts(node)[0]
                guard = _template("if not var:\n    pass", first, var=self.loops[-1][0])[0]
                guard.body = _stmts(node)
                return guard, guard.body
        return node, None

    def _block(self, nodes, is_loop):
        self.blocks.append([is_loop, False, False])
        nodes = self.visit_block(nodes, self._after)
        self.blocks.pop()
        return nodes

    def _loop(self, node):
        self.loops.append([self.namer.new("continue_"), False])
        body = self._block(node.body, True)
        var, used = self.loops.pop()
        node.body = (_template("var = False", node, var=var) + body) if used else body
        node.orelse = self._block(node.orelse, False)
        return node

    visit_While = visit_For = _loop

    def visit_If(self, node):
        node.body = self._block(node.body, False)
        node.orelse = self._block(node.orelse, False)
        return node

    def visit_With(self, node):
        node.body = self._block(node.body, False)
        return node

    def visit_Try(self, node):
        node.body = self._block(node.body, False)
        node.orelse = self._block(node.orelse, False)
        node.finalbody = self._block(node.finalbody, False)
        for h in node.handlers:
            h.body = self._block(h.body, False)
        return node


class _ConditionalReturns(_Scoped):
    """TF's ConditionalReturnRewriter: code after an `if` whose branch always returns
    moves into the other branch."""

    def __init__(self):
        self.returns = []

    def visit_Return(self, node):
        self.returns[-1] = True
        return node

    def _after(self, node):
        if getattr(node, "ag_returns", False):
            self.returns[-1] = True
        if isinstance(node, ast.If) and getattr(node, "ag_body_returns", False):
            return node, node.orelse
        if isinstance(node, ast.If) and getattr(node, "ag_orelse_returns", False):
            return node, node.body
        return node, None

    def block(self, nodes):
        self.returns.append(False)
        nodes = self.visit_block(nodes, self._after)
        return nodes, self.returns.pop()

    def _loop(self, node):
        node.body, _ = self.block(node.body)
        node.orelse, _ = self.block(node.orelse)
        return node

    visit_While = visit_For = _loop

    def visit_With(self, node):
        node.body, node.ag_returns = self.block(node.body)
        return node

    def visit_Try(self, node):
        node.body, _ = self.block(node.body)
        node.orelse, _ = self.block(node.orelse)
        node.finalbody, _ = self.block(node.finalbody)
        for h in node.handlers:
            h.body, _ = self.block(h.body)
        return node

    def visit_If(self, node):
        node.body, node.ag_body_returns = self.block(node.body)
        node.orelse, node.ag_orelse_returns = self.block(node.orelse)
        if node.ag_body_returns and node.ag_orelse_returns:
            self.returns[-1] = True
        return node


class _Returns(_Scoped):
    """TF's ReturnStatementsTransformer."""

    def __init__(self, do_return, retval):
        self.do_return, self.retval = do_return, retval
        self.blocks = []   # [is_function, used, guard_next, guard_now]

    def visit_Return(self, node):
        for block in reversed(self.blocks):
            block[1] = block[2] = True
            if block[0]:
                break
        value = node.value or ast.Constant(value=None)
        return _template("retval = value\ndo_return = True", node, retval=self.retval,
                         do_return=self.do_return, value=value)

    def _after(self, node):
        block = self.blocks[-1]
        if not block[1]:
            return node, None
        result = (node, None)
        if block[3]:
            first = _stmts(node)[0]
            guard = _template("if not var:\n    pass", first, var=self.do_return)[0]
            guard.body = _stmts(node)
            result = (guard, guard.body)
        block[3], block[2] = block[2], False
        return result

    def block(self, nodes, is_function=False):
        self.blocks.append([is_function, False, False, False])
        nodes = self.visit_block(nodes, self._after)
        used = self.blocks.pop()[1]
        return nodes, used

    def _loop(self, node):
        self.blocks.append([False, False, False, False])
        node.body = self.visit_block(node.body, self._after)
        used = self.blocks.pop()[1]
        if used:
            if isinstance(node, ast.While):
                node.test = _expr("not var and test", node, var=self.do_return,
                                  test=node.test)
            else:
                extra = getattr(node, "ag_extra_test", None)
                node.ag_extra_test = _expr("not var and extra", node, var=self.do_return,
                                           extra=extra) if extra is not None else \
                    _expr("not var", node, var=self.do_return)
        node.orelse, _ = self.block(node.orelse)
        return node

    visit_While = visit_For = _loop

    def visit_If(self, node):
        node.body, _ = self.block(node.body)
        node.orelse, _ = self.block(node.orelse)
        return node

    def visit_With(self, node):
        node.body, _ = self.block(node.body)
        return node

    def visit_Try(self, node):
        node.body, _ = self.block(node.body)
        node.orelse, _ = self.block(node.orelse)
        node.finalbody, _ = self.block(node.finalbody)
        for h in node.handlers:
            h.body, _ = self.block(h.body)
        return node


def _lower_jumps(fdef, namer):
    """Rewrite break, continue and return of one function (not its nested ones)."""
    fdef.body = _Breaks(namer).visit_block(fdef.body)
    fdef.body = _Continues(namer).visit_block(fdef.body)
    returns = any(isinstance(n, ast.Return) for n in _own_nodes(fdef.body))
    if not returns:
        return
    fdef.body, _ = _ConditionalReturns().block(fdef.body)
    do_return, retval = namer.new("do_return"), namer.new("retval_")
    body, used = _Returns(do_return, retval).block(fdef.body, is_function=True)
    if used:
        origin = fdef.body[0]
        fdef.body = _template("do_return = False\nretval = ag__.UndefinedReturnValue()",
                              origin, do_return=do_return, retval=retval) + body + \
            _template("return ag__.ret(retval, do_return)", fdef.body[-1],
                      retval=retval, do_return=do_return)


def _own_nodes(stmts):
    """The nodes of `stmts`, not descending into nested functions, lambdas, classes."""
    todo = list(stmts)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        todo.extend(ast.iter_child_nodes(node))
        extra = getattr(node, "ag_extra_test", None)
        if extra is not None:
            todo.append(extra)


# -- liveness --------------------------------------------------------------------------------

def _reads(node):
    """Names a statement or expression may read (nested functions: their free reads)."""
    if node is None:
        return set()
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out.add(n.id)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
        extra = getattr(n, "ag_extra_test", None)
        if extra is not None:
            out |= _reads(extra)
    return out


def _modified(stmts):
    """Names assigned by statements (not inside nested scopes), in order."""
    names = []

    def add(name):
        if name not in names:
            names.append(name)
    for n in _own_nodes(stmts):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(n.name)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                add((a.asname or a.name).split(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            add(n.name)
    return names


def _killed(stmt):
    """Names a simple statement certainly assigns."""
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Store)}
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    return set()


class _Liveness:
    """Backward liveness over a function body; records (live_in, live_out) of each
    if/while/for statement."""

    def __init__(self):
        self.info = {}

    def block(self, stmts, live_out):
        live = set(live_out)
        for s in reversed(stmts):
            live = self.stmt(s, live)
        return live

    def stmt(self, s, live_out):
        if isinstance(s, ast.If):
            live_in = _reads(s.test) | self.block(s.body, live_out) | \
                self.block(s.orelse, live_out)
        elif isinstance(s, (ast.While, ast.For)):
            head = _reads(s.test) if isinstance(s, ast.While) else \
                _reads(getattr(s, "ag_extra_test", None))
            after = self.block(s.orelse, live_out)
            live = head | after | live_out
            while True:
                body_in = self.block(s.body, live)
                if isinstance(s, ast.For):
                    body_in -= _killed(ast.Assign(targets=[s.target], value=None))
                new = live | body_in
                if new == live:
                    break
                live = new
            live_in = live | (_reads(s.iter) if isinstance(s, ast.For) else set())
        elif isinstance(s, ast.Return):
            live_in = _reads(s)
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            bound = set()   # the `as` targets are assigned before the body runs
            for item in s.items:
                if item.optional_vars is not None:
                    bound |= _killed(ast.Assign(targets=[item.optional_vars], value=None))
            live_in = (self.block(s.body, live_out) - bound) | _reads_of(s.items)
        elif isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
            everything = s.body + s.orelse + s.finalbody + \
                [x for h in s.handlers for x in h.body]
            live_in = live_out | {r for x in everything for r in _reads(x)} | \
                self.block(s.body, live_out)
            for part in (s.orelse, s.finalbody) + tuple(h.body for h in s.handlers):
                self.block(part, live_out | self.block(s.body, live_out))
        else:
            live_in = (live_out - _killed(s)) | _reads(s)
        self.info[id(s)] = (live_in, set(live_out))
        return live_in


def _reads_of(items):
    out = set()
    for i in items:
        out |= _reads(i.context_expr)
    return out


# -- calls and logical expressions -------------------------------------------------------------

_KEEP_CALLS = {"super", "locals", "globals", "vars", "eval", "exec"}


class _Calls(_Scoped):
    """Calls to ag__.converted_call, and/or/not/if-else to ag__ operators. Nested
    lambdas are converted in place (their body is an expression)."""

    def visit_Lambda(self, node):
        node.body = self.visit(node.body)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in _KEEP_CALLS or \
                isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                func.value.id == "ag__":
            return node
        args = ast.Tuple(elts=node.args, ctx=ast.Load())
        kwargs = ast.Dict(keys=[k.arg and ast.Constant(value=k.arg) for k in node.keywords],
                          values=[k.value for k in node.keywords]) if node.keywords else \
            ast.Constant(value=None)
        return ast.copy_location(_expr("ag__.converted_call(f, args, kwargs)", node, f=func,
                                       args=args, kwargs=kwargs), node)

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        name = "and_" if isinstance(node.op, ast.And) else "or_"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = _expr(f"ag__.{name}(lambda: a, lambda: b)", node, a=value, b=result)
        return result

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return _expr("ag__.not_(a)", node, a=node.operand)
        return node

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return _expr("ag__.if_exp(c, lambda: a, lambda: b)", node, c=node.test,
                     a=node.body, b=node.orelse)

    def visit_For(self, node):
        self.generic_visit(node)
        extra = getattr(node, "ag_extra_test", None)
        if extra is not None:
            node.ag_extra_test = self.visit(extra)
        return node


# -- control flow statements (TF's control_flow converter) ------------------------------------

def _loop_options(body):
    """The keyword arguments of a set_loop_options(...) call in a loop body."""
    for s in body:
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            call = s.value
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr == "converted_call" and \
                    call.args:
                func = call.args[0]
                kwargs = call.args[2] if len(call.args) > 2 else None
                keywords = list(zip(kwargs.keys, kwargs.values)) if isinstance(
                    kwargs, ast.Dict) else []
            else:
                keywords = [(ast.Constant(value=k.arg), k.value) for k in call.keywords]
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "set_loop_options":
                return ast.Dict(keys=[k for k, _ in keywords], values=[v for _, v in keywords])
    return ast.Dict(keys=[], values=[])


class _ControlFlow(_Scoped):
    def __init__(self, liveness, namer, globals_):
        self.live = liveness.info
        self.namer = namer
        self.globals = globals_

    def _state(self, names, node):
        get_name, set_name = self.namer.new("get_state"), self.namer.new("set_state")
        tuple_src = "(" + "".join(f"{n}, " for n in names) + ")"
        nonlocal_src = f"    nonlocal {', '.join(names)}\n" if names else ""
        src = (f"def {get_name}():\n    return {tuple_src}\n"
               f"def {set_name}(vars_):\n{nonlocal_src}"
               f"    {tuple_src if names else '_'} = vars_\n")
        return _template(src, node), get_name, set_name

    def _undefined(self, names, node):
        out = []
        for n in names:
            out += _template(f"try:\n    {n}\nexcept NameError:\n"
                             f"    {n} = ag__.Undefined({n!r})\n", node)
        return out

    def _def(self, name, args, body, names, node):
        fn = _template(f"def {name}({', '.join(args)}):\n    pass", node)[0]
        # The enclosing function's global and nonlocal declarations hold in its bodies.
        declared = [ast.Global(names=sorted(n for n in self.globals["global"]
                                            if n not in args)),
                    ast.Nonlocal(names=sorted(n for n in self.globals["nonlocal"]
                                              if n not in args))]
        fn.body = ([ast.Nonlocal(names=list(names))] if names else []) + \
            [d for d in declared if d.names] + (body or [ast.Pass()])
        for n in fn.body:
            if isinstance(n, (ast.Global, ast.Nonlocal)):
                ast.copy_location(n, node)
        return fn

    def _vars(self, node, modified):
        live_in, live_out = self.live.get(id(node), (set(modified), set(modified)))
        declared = self.globals["global"] | self.globals["nonlocal"]
        return [m for m in modified if (m in live_in or m in live_out) and
                m not in declared], live_in, live_out

    def visit_If(self, node):
        self.generic_visit(node)
        modified = _modified(node.body + node.orelse)
        scope, live_in, live_out = self._vars(node, modified)
        outs = [m for m in scope if m in live_out]
        names = outs + [m for m in scope if m not in live_out]
        body_name, else_name = self.namer.new("if_body"), self.namer.new("else_body")
        state, get_name, set_name = self._state(names, node)
        call = _template(f"ag__.if_stmt(test, {body_name}, {else_name}, {get_name}, "
                         f"{set_name}, {tuple(names)!r}, {len(outs)})", node, test=node.test)
        return self._undefined(names, node) + [
            self._def(body_name, [], node.body, names, node),
            self._def(else_name, [], node.orelse, names, node)] + state + call

    def visit_While(self, node):
        self.generic_visit(node)
        if node.orelse:   # runs after a loop that did not break (guarded by break_)
            tail = node.orelse
            node.orelse = []
            return self.visit_While(node) + tail
        names, _, _ = self._vars(node, _modified(node.body))
        test_name, body_name = self.namer.new("loop_test"), self.namer.new("loop_body")
        state, get_name, set_name = self._state(names, node)
        test_fn = _template(f"def {test_name}():\n    return test", node, test=node.test)
        call = _template(f"ag__.while_stmt({test_name}, {body_name}, {get_name}, "
                         f"{set_name}, {tuple(names)!r}, opts)", node,
                         opts=_loop_options(node.body))
        return self._undefined(names, node) + test_fn + \
            [self._def(body_name, [], node.body, names, node)] + state + call

    def visit_For(self, node):
        self.generic_visit(node)
        if node.orelse:
            tail = node.orelse
            node.orelse = []
            return self.visit_For(node) + tail
        target_store = ast.Assign(targets=[node.target], value=None)
        names, _, _ = self._vars(node, _modified([target_store] + node.body))
        iterate = self.namer.new("itr")
        body_name = self.namer.new("loop_body")
        unpack = _template("target = value", node, target=node.target,
                           value=ast.Name(id=iterate, ctx=ast.Load()))
        body = self._def(body_name, [iterate], unpack + node.body, names, node)
        state, get_name, set_name = self._state(names, node)
        extra = getattr(node, "ag_extra_test", None)
        extra_fn, extra_name = [], "None"
        if extra is not None:
            extra_name = self.namer.new("extra_test")
            extra_fn = _template(f"def {extra_name}():\n    return test", node, test=extra)
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and \
                it.func.attr == "converted_call" and isinstance(it.args[0], ast.Attribute) \
                and it.args[0].attr == "range":
            it = _expr("ag__.range_iterable(f, args, kwargs)", node, f=it.args[0],
                       args=it.args[1], kwargs=it.args[2])
        opts = _loop_options(node.body)
        if isinstance(node.target, ast.Name):
            opts.keys.append(ast.Constant(value="iterate_names"))
            opts.values.append(ast.Constant(value=node.target.id))
        call = _template(f"ag__.for_stmt(it, {extra_name}, {body_name}, {get_name}, "
                         f"{set_name}, {tuple(names)!r}, opts)", node, it=it, opts=opts)
        return self._undefined(names, node) + extra_fn + [body] + state + call

    def visit_block(self, nodes, after=None):
        return super().visit_block(nodes, after)


class _Nested(ast.NodeTransformer):
    """Converts the functions nested in a converted function, each on its own."""

    def __init__(self, namer):
        self.namer = namer

    def visit_FunctionDef(self, node):
        _convert_def(node, self.namer)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


def _convert_def(fdef, namer):
    """Apply the conversion pipeline to one function definition, in place."""
    fdef.body = [_Nested(namer).visit(s) for s in fdef.body]
    _lower_jumps(fdef, namer)
    fdef.body = _Calls().visit_block(fdef.body)
    liveness = _Liveness()
    liveness.block(fdef.body, set())
    globals_ = {kind: {n for s in _own_nodes(fdef.body) if isinstance(s, cls) for n in s.names}
                for kind, cls in (("global", ast.Global), ("nonlocal", ast.Nonlocal))}
    fdef.body = _ControlFlow(liveness, namer, globals_).visit_block(fdef.body)


# -- conversion of functions -------------------------------------------------------------------

_CONVERTED = {}      # code object -> (code of the converted function, generated source)
_GENERATED = {}      # code object of generated code -> name of the user function


def _parse(fn):
    """The AST of `fn`'s definition (a FunctionDef or Lambda), at its original lines."""
    lines, first = inspect.getsourcelines(fn)
    source = textwrap.dedent("".join(lines))
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = ast.parse("(" + source.strip().rstrip(",\\") + "\n)")
    ast.increment_lineno(tree, first - 1)
    code = fn.__code__
    if code.co_name == "<lambda>":
        found = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda) and
                 [a.arg for a in n.args.args] == list(code.co_varnames[:code.co_argcount])]
        if len(found) != 1:
            raise ValueError("cannot identify the lambda's source")
        return found[0]
    node = tree.body[0]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise ValueError("not a function definition")
    return node


def _compile(fn):
    """Convert `fn`'s code: (code object of the converted function, source), or None
    when it cannot be converted (no source, a generator, ...)."""
    code = fn.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE |
                        inspect.CO_ASYNC_GENERATOR):
        return None
    try:
        node = _parse(fn)
    except (OSError, TypeError, SyntaxError, ValueError, IndexError):
        return None
    namer = _Namer(_names(node) | {"ag__"})
    if isinstance(node, ast.Lambda):
        body = _Calls().visit(node.body)
        fdef = _template("def f():\n    return body", node, body=body)[0]
        fdef.name = "ag__lambda"
        fdef.args = node.args
    else:
        fdef = node
        fdef.decorator_list = []
        _convert_def(fdef, namer)
    if "__class__" in code.co_freevars:     # zero-argument super() needs the cell
        fdef.body.insert(0, _template("__class__", fdef.body[0])[0])
    freevars = ("ag__",) + tuple(v for v in code.co_freevars)
    factory = _template("def ag__factory():\n    pass", fdef)[0]
    factory.args.args = [ast.arg(arg=n) for n in freevars]
    # Defined under another name in the factory, so that the function's own name still
    # means what it meant (a global: the tf.function itself, for recursion).
    name, fdef.name = fdef.name, namer.new("ag__converted")
    factory.body = [fdef, _template(f"return {fdef.name}", fdef)[0]]
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    filename = inspect.getsourcefile(fn) or code.co_filename
    compiled = compile(module, filename, "exec")
    factory_code = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    inner = next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and
                 c.co_name == fdef.name)
    inner = inner.replace(co_name=code.co_name, co_qualname=code.co_qualname)
    fdef.name = name
    _register(inner, code.co_name)
    return inner, ast.unparse(fdef)


def _register(code, name):
    _GENERATED[code] = name
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            _register(c, name)


def _convert_function(fn):
    """`fn` (a plain function) converted, or `fn` itself when it cannot be."""
    if getattr(fn, "__ag_do_not_convert__", False) or fn.__code__ in _GENERATED:
        return fn
    if inspect.unwrap(fn).__code__ is not fn.__code__:
        return fn   # a decorator's wrapper: its source is not what inspect would find
    entry = _CONVERTED.get(fn.__code__)
    if entry is None:
        try:
            entry = _compile(fn) or (None, None)
        except Exception as e:   # noqa: BLE001 -- TF runs such a function as it is
            from .tf_logging import get_logger
            get_logger().warning(
                f"AutoGraph could not transform {fn} and will run it as-is.\nCause: {e}\n"
                f"To silence this warning, decorate the function with "
                f"@tf.autograph.experimental.do_not_convert")
            entry = (None, None)
        _CONVERTED[fn.__code__] = entry
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
    call = getattr(type(fn), "__call__", None)
    if isinstance(call, types.FunctionType):
        return call, lambda f: types.MethodType(f, fn)
    return None, None


def convert(fn):
    """`fn` with AutoGraph's conversion (what tf.function calls per trace): errors raised
    inside are re-raised with TF's "in user code:" text."""
    target, rebind = _unwrap(fn)
    if target is None or _allowlisted(target):
        return fn
    converted = _convert_function(target)
    if converted is target:
        return fn
    inner = rebind(converted)

    @functools.wraps(fn)
    def with_user_errors(*args, **kwargs):
        try:
            return inner(*args, **kwargs)
        except Exception as e:   # noqa: BLE001 -- re-raised, with TF's text
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
    converted = _convert_function(target)
    return rebind(converted)


def to_code(entity, recursive=True, experimental_optional_features=None):
    """tf.autograph.to_code: the Python source of the conversion (tfcompat's generated
    code, which differs from TF's)."""
    target, _ = _unwrap(entity)
    if target is None:
        raise ValueError(f"Unsupported entity type: {type(entity).__name__}")
    _convert_function(target)
    source = _CONVERTED.get(target.__code__, (None, None))[1]
    if source is None:
        source = textwrap.dedent(inspect.getsource(target))
    return source + "\n"


# -- errors in user code --------------------------------------------------------------------

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
    if not (kind in _STRING_ERRORS or kind.__init__ is Exception.__init__ or kind is KeyError):
        return None
    frames = []
    seen_converted = None
    for frame, lineno in reversed(list(_walk(e.__traceback__))):
        code = frame.f_code
        name = _GENERATED.get(code)
        if name is not None:
            key = frame.f_globals.get("__name__"), name
            if key != seen_converted:
                frames.append((code.co_filename, lineno, name, True))
                seen_converted = key
        elif seen_converted is None and not _library_file(code.co_filename) and \
                code.co_filename != __file__:
            frames.append((code.co_filename, lineno, code.co_name, False))
    if not any(f[3] for f in frames):
        return None
    lines = ["in user code:", ""]
    for filename, lineno, name, converted in reversed(frames):
        lines.append(f'    File "{filename}", line {lineno}, in {name}' +
                     ("  *" if converted else ""))
        text = linecache.getline(filename, lineno).strip()
        lines.append("        " + (text or "<source unavailable>"))
    lines.append("")
    cause = f"{kind.__name__}: {e}" if kind is not KeyError else f"KeyError: {e}"
    lines += ["    " + line for line in cause.split("\n")]
    lines.append("")
    message = "\n".join(lines)
    if kind is KeyError:
        new = _MultilineKeyError(message, e.args[0] if e.args else None)
    else:
        new = kind(message)
    new.ag_error_metadata = True
    return new


class _MultilineKeyError(KeyError):
    def __init__(self, message, key):
        super().__init__(key)
        self._message = message

    def __str__(self):
        return self._message


_MultilineKeyError.__name__ = "KeyError"


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

    Undefined = Undefined
    UndefinedReturnValue = UndefinedReturnValue
    UNDEFINED = UNDEFINED
    ret = staticmethod(ret)
    if_stmt = staticmethod(if_stmt)
    while_stmt = staticmethod(while_stmt)
    for_stmt = staticmethod(for_stmt)
    range_iterable = staticmethod(range_iterable)
    converted_call = staticmethod(converted_call)
    not_ = staticmethod(not_)
    and_ = staticmethod(and_)
    or_ = staticmethod(or_)
    if_exp = staticmethod(if_exp)

