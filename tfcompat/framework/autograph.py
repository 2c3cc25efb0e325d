"""AutoGraph for tf.function (TF 2.21's tensorflow/python/autograph): the run-time
operators converted code calls as ``ag__``, the conversion of functions and its cache,
tf.autograph's API, and TF's "in user code:" errors.

The user's function is rewritten by tfcompat/autograph/converters.py, in TF's order and
with TF's templates, so that tf.autograph.to_code shows TF's text for the common
constructs: the body in ``with ag__.FunctionScope(...) as fscope``; ``break``,
``continue`` and ``return`` lowered to flags (``retval_``/``do_return`` set in
``try``/``except``, one final ``return fscope.ret(retval_, do_return)``); calls through
``ag__.converted_call(f, args, kwargs, fscope)`` (user functions it reaches are converted
too, cached per code object and options; tfcompat, JAX, NumPy, the standard library and
builtins are called as they are); ``if``/``while``/``for`` as ``ag__.if_stmt``/
``while_stmt``/``for_stmt`` over functions of the block and of its state (TF's liveness
and definedness rules); ``and``/``or``/``not``/ternaries as ``ag__`` operators; reads of
the user's names through ``ag__.ld``. At run time a Python condition or iterable runs as
plain Python; a traced Tensor one runs through tf.cond / tf.while_loop
(ops/control_flow_ops.py), with TF's checks and messages.

Generated code keeps the user's file name and line numbers, so tracebacks point at the
user's lines; errors raised while tracing a converted function are re-raised with TF's
"in user code:" text. Deliberate differences: a Tensor whose value is known at trace time
(tfcompat folds constants in a function's first trace) drives a Python loop or ``if``,
as it would eagerly; loop variables keep their shape (XLA), so shape invariants cannot
relax it; a ``for`` over a traced Tensor needs a static first dimension; the optional
features (name scopes, automatic control dependencies, ...) are not applied.
"""
import ast
import contextlib
import enum
import functools
import inspect
import linecache
import math
import os
import sys
import textwrap
import types

import jax.numpy as jnp

from ..autograph import converters, static_analysis
from . import errors, nest
from .constant_op import convert_to_tensor
from .tensor import Tensor, symbolic
from .context import ctx

# -- undefined values, variable reads, function scopes (TF's operators/variables.py and
# core/function_wrappers.py) ------------------------------------------------------------------


class Undefined:
    """TF's Undefined: the value of a symbol not (yet) assigned when a converted
    statement starts. Reading it through ag__.ld raises UnboundLocalError; its public
    attributes and items are itself (TF: any attribute, which would confuse tfcompat's
    structure checks for private ones)."""
    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name="<undefined>"):
        self.symbol_name = symbol_name

    def read(self):
        raise UnboundLocalError(f"'{self.symbol_name}' is used before assignment")

    def __repr__(self):
        return self.symbol_name

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self

    def __getitem__(self, i):
        return self


class UndefinedReturnValue:
    """The return value of a converted function before a return statement ran."""


UNDEFINED = Undefined()


def ld(v):
    """TF's ag__.ld: a read of a variable; an Undefined one raises."""
    if isinstance(v, Undefined):
        return v.read()
    return v


def ldu(load_v, name):
    """TF's ag__.ldu: a read of a composite symbol (`a.b`), Undefined when it fails."""
    try:
        return load_v()
    except (KeyError, AttributeError, NameError):
        return Undefined(name)


class ConversionOptions:
    """TF's ag__.ConversionOptions: how a converted function converts what it calls
    (`recursive`); the optional features are accepted and not applied."""

    def __init__(self, recursive=False, user_requested=False, internal_convert_user_code=True,
                 optional_features=()):
        self.recursive = recursive
        self.user_requested = user_requested
        self.internal_convert_user_code = internal_convert_user_code
        self.optional_features = optional_features

    def call_options(self):
        return ConversionOptions(recursive=self.recursive, user_requested=False,
                                 internal_convert_user_code=self.recursive,
                                 optional_features=self.optional_features)

    def uses(self, feature):
        return feature in (self.optional_features or ())


STD = ConversionOptions(recursive=True, user_requested=False, internal_convert_user_code=True,
                        optional_features=None)


class FunctionScope:
    """TF's ag__.FunctionScope: the context of a converted function's body; `ret` makes
    its return value (None when no return statement ran). TF's optional name scopes and
    automatic control dependencies are not applied (tf.function orders effects)."""

    def __init__(self, function_name, scope_name, options):
        self.name = scope_name
        self.options = options
        self.callopts = options.call_options()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False

    def ret(self, value, did_return):
        del did_return
        return None if isinstance(value, UndefinedReturnValue) else value


def with_function_scope(thunk, scope_name, options):
    """TF's ag__.with_function_scope: a converted lambda's body in a FunctionScope."""
    with FunctionScope("lambda_", scope_name, options) as scope:
        return thunk(scope)


def autograph_artifact(entity):
    """TF's ag__.autograph_artifact: marks code AutoGraph generated (never converted
    again)."""
    entity.autograph_info__ = {}
    return entity


def _null(v):
    return v is None or isinstance(v, (Undefined, UndefinedReturnValue))


def _traced(x):
    return isinstance(x, Tensor) and symbolic(x._value)


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


def if_exp(cond, if_true, if_false, expr_repr=None):
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
    with cf._graph_scope("cond", "StatelessIf", cond):   # (the graph's cond node)
        t_true = cf._Traced(branch(body, "main", "else"), None, ())
        t_false = cf._Traced(branch(orelse, "else", "main"), None, ())
        set_state(init)
        out = cf.switch_traced(jnp.logical_not(cond._value).astype("int32"),
                               [t_true, t_false], None)
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
    if not _traced(flag):
        if not bool(flag):
            from .errors import InvalidArgumentError
            raise InvalidArgumentError(None, None, message)
        return
    if not ctx.traces or _staging[0]:
        raise ValueError(f"tfcompat checks that a tf.function loop iterates at least once "
                         f"only at the top level of the function: {message}.")
    ctx.traces[-1].checks.append((flag._value, message))


# -- for --------------------------------------------------------------------------------------

class _Range:
    """`tf.range(...)` (or `range(...)`) with a traced bound, as converted_call returns
    it: a for loop iterates it with a counter (TF: a "Range" op's loop); any other use
    raises the error tf.range gives for traced bounds (XLA has static shapes)."""

    def __init__(self, func, args, kwargs):
        self.func, self.args, self.kwargs = func, args, kwargs

    def _fail(self, *_args, **_kwargs):
        from ..ops import array_ops
        array_ops.range(*self.args, **self.kwargs)
        raise TypeError("tf.range with traced bounds can only be iterated by a for loop "
                        "inside tf.function (XLA has static shapes).")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return self._fail()

    __iter__ = __len__ = __array__ = __jax_array__ = __bool__ = __index__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __getitem__ = _fail


def _range_call(f, args, kwargs):
    """A _Range for tf.range/range called with a traced bound, else None."""
    from ..ops import array_ops
    if f is not array_ops.range and f is not range:
        return None
    if not any(_traced(a) for a in list(args) + list((kwargs or {}).values())):
        return None
    return _Range(f, tuple(args), dict(kwargs or {}))


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """TF's ag__.for_stmt: a Python loop over Python iterables and Tensors whose value is
    known; a tf.while_loop over a traced Tensor's first dimension, a tf.range with traced
    bounds, or (inside tf.function) a tf.data.Dataset."""
    staged_loop = getattr(iter_, "_staged_loop", None)
    if staged_loop is not None and ctx.traces:   # a tf.data.Dataset inside tf.function
        start, step = staged_loop()
        _counted_loop(start(), lambda c: c[0], lambda c: step(), lambda c: c[1], extra_test,
                      body, get_state, set_state, symbol_names, opts)
        return
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


def converted_call(f, args, kwargs=None, caller_fn_scope=None, options=None):
    """TF's ag__.converted_call: call `f`, converted when it is user code and the
    options (those of the caller's FunctionScope) are recursive. tf.range and range
    with a traced bound give a _Range (for a for loop)."""
    kwargs = kwargs or {}
    if options is None:
        options = caller_fn_scope.callopts if caller_fn_scope is not None else STD
    if isinstance(f, functools.partial):
        return converted_call(f.func, f.args + tuple(args), {**f.keywords, **kwargs},
                              caller_fn_scope, options)
    if f in (super, eval, globals, locals) and caller_fn_scope is not None:
        return _in_original_context(f, args, caller_fn_scope)
    lazy = _range_call(f, args, kwargs)
    if lazy is not None:
        return lazy
    if (f is int or f is float) and len(args) == 1 and not kwargs:
        from .variables import Variable
        if isinstance(args[0], (Tensor, Variable)):
            return _cast_builtin(f, args[0])
    target = _conversion_target(f) if options.recursive else None
    if target is None:
        return f(*args, **kwargs)
    return target(*args, **kwargs)


def _cast_builtin(f, x):
    """TF's py_builtins.int_/float_ of a Tensor or Variable: a cast to int32/float32."""
    from ..ops import math_ops
    return math_ops.cast(x, "int32" if f is int else "float32")


def _in_original_context(f, args, scope):
    """super(), eval, globals() and locals() called from converted code, as in the
    user's function (TF: py_builtins.*_in_original_context): the frame whose local
    `scope.name` is `scope`; for super, the outermost (the function's own)."""
    frames, frame = [], sys._getframe(2)
    while frame is not None:
        if frame.f_locals.get(scope.name) is scope:
            frames.append(frame)
        frame = frame.f_back
    if f is super:
        if args:
            return super(*args)
        frame = frames[-1]
        return super(frame.f_locals["__class__"], frame.f_locals[frame.f_code.co_varnames[0]])
    frame = frames[0]
    if f is eval:
        return eval(args[0], *(tuple(args[1:]) + (frame.f_globals, frame.f_locals)[
            len(args) - 1:]))
    return frame.f_globals if f is globals else frame.f_locals


def _conversion_target(f):
    """The converted callable to use for `f`, or None to call `f` as it is."""
    if inspect.isclass(f) or _allowlisted(f) or hasattr(f, "autograph_info__"):
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
    call = getattr(type(f), "__call__", None)  # noqa: B004 - the class's own __call__
    if isinstance(call, types.FunctionType) and not _allowlisted(call):
        converted = _convert_function(call)
        return None if converted is call else types.MethodType(converted, f)
    return None


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


def _compile(fn, options):
    """Convert `fn`'s code (tfcompat/autograph/converters.py): (code object of the
    converted function, its source), or None when it cannot be converted (no source, a
    generator, ...)."""
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
    _register(inner, code.co_name)
    return inner, source


def _register(code, name):
    _GENERATED[code] = name
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            _register(c, name)


def _convert_function(fn, options=(True, False)):
    """`fn` (a plain function) converted with `options` ((recursive, user_requested)),
    or `fn` itself when it cannot be."""
    if getattr(fn, "__ag_do_not_convert__", False) or fn.__code__ in _GENERATED or \
            hasattr(fn, "autograph_info__"):
        return fn
    if inspect.unwrap(fn).__code__ is not fn.__code__:
        return fn   # a decorator's wrapper: its source is not what inspect would find
    key = (fn.__code__, options)
    entry = _CONVERTED.get(key)
    if entry is None:
        try:
            entry = _compile(fn, options) or (None, None)
        except Exception as e:   # noqa: BLE001 -- TF runs such a function as it is
            from .tf_logging import get_logger
            get_logger().warning(
                f"AutoGraph could not transform {fn} and will run it as-is.\nCause: {e}\n"
                f"To silence this warning, decorate the function with "
                f"@tf.autograph.experimental.do_not_convert")
            entry = (None, None)
        _CONVERTED[key] = entry
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
    runs (TF's text for the common constructs, converters.py)."""
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
    if not (kind in _STRING_ERRORS or kind.__init__ is Exception.__init__ or kind is KeyError
            or kind is errors.OperatorNotAllowedInGraphError):
        return None
    frames = []   # (filename, lineno, function, mark): "  *" converted, "  **" called unconverted
    seen_converted = None
    for frame, lineno in reversed(list(_walk(e.__traceback__))):
        code = frame.f_code
        name = _GENERATED.get(code)
        if name is not None:
            key = frame.f_globals.get("__name__"), name
            if key != seen_converted:
                frames.append((code.co_filename, lineno, name, "  *"))
                seen_converted = key
        elif seen_converted is None and code.co_filename == __file__:
            # A user function called through converted_call but not converted (TF's
            # allowlisted frame: do_not_convert, autograph=False).
            if frames and not frames[-1][3]:
                frames[-1] = frames[-1][:3] + ("  **",)
        elif seen_converted is None and not _library_file(code.co_filename):
            frames.append((code.co_filename, lineno, code.co_name, ""))
    if not any(f[3] == "  *" for f in frames):
        return None
    lines = ["in user code:", ""]
    for filename, lineno, name, mark in reversed(frames):
        lines.append(f'    File "{filename}", line {lineno}, in {name}{mark}')
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
    FunctionScope = FunctionScope
    ConversionOptions = ConversionOptions
    STD = STD
    ld = staticmethod(ld)
    ldu = staticmethod(ldu)
    with_function_scope = staticmethod(with_function_scope)
    autograph_artifact = staticmethod(autograph_artifact)
    if_stmt = staticmethod(if_stmt)
    while_stmt = staticmethod(while_stmt)
    for_stmt = staticmethod(for_stmt)
    converted_call = staticmethod(converted_call)
    not_ = staticmethod(not_)
    and_ = staticmethod(and_)
    or_ = staticmethod(or_)
    if_exp = staticmethod(if_exp)

