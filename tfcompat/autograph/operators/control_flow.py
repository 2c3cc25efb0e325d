"""AutoGraph's control flow operators (TF 2.21's autograph/operators/control_flow.py):
ag__.if_stmt, ag__.while_stmt and ag__.for_stmt run a Python condition or iterable as
plain Python, and a traced one as tf.cond / tf.while_loop (ops/control_flow_ops.py)."""
import contextlib

import jax.numpy as jnp

from ...framework import func_graph, nest
from ...framework.constant_op import convert_to_tensor
from ...framework.context import ctx
from ...framework.errors import InvalidArgumentError
from ...framework.tensor import Tensor
from ...framework.tensor_shape import TensorShape
from ...framework.trace_state import CallsRunEagerly, RandomRepeat, random_draws
from .checks import (_cf, _loop_var, _traced, _verify_branch_vars, _verify_cond_vars,
                     _verify_condition, _verify_loop_init_vars, _verify_loop_vars)
from .logical import and_
from .py_builtins import TracedRange
from .variables import Undefined, UndefinedReturnValue


def _null(v):
    return v is None or isinstance(v, (Undefined, UndefinedReturnValue))


# -- if -------------------------------------------------------------------------------------

@contextlib.contextmanager
def _staged():
    """A traced branch or loop body being staged (counted in this thread's
    `ctx.staging`)."""
    ctx.staging += 1
    try:
        yield
    finally:
        ctx.staging -= 1


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
            with _staged():
                fn()
            values = tuple(get_state()[:nouts])
            _verify_branch_vars(values, names, key)
            done[key] = values
            if other in done:
                pair = (values, done[other]) if key == "main" else (done[other], values)
                _verify_cond_vars(pair[0], pair[1], names)
            return values
        return run
    with cf._graph_scope("cond", "StatelessIf", cond):   # (the graph's cond node)
        traced = [cf._trace_branch(branch(body, "main", "else"), 0, None, "true"),
                  cf._trace_branch(branch(orelse, "else", "main"), 1, None, "false")]
        set_state(init)
        live = [k for k, t in enumerate(traced) if isinstance(t, cf._Traced)]
        out = cf.switch_traced(jnp.logical_not(cond._value).astype("int32"),
                               [traced[k] for k in live], None, cf._speculation(traced, live))
    set_state(tuple(out) + tuple(init[nouts:]))


# -- while ------------------------------------------------------------------------------------

def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """TF's ag__.while_stmt: a Python loop for a Python condition, else (a Tensor
    condition inside tf.function, even one whose value is known) one staged
    tf.while_loop, as TF's While op."""
    first = test()
    if isinstance(first, Tensor) and ctx.traces:
        _tf_while(test, body, get_state, set_state, symbol_names, opts, staged=True)
        return
    if not first:
        return
    with _one_kernel(isinstance(first, Tensor)) as repeat:
        body()
        while _python_test(test(), _WHILE_BECAME_TENSOR):
            repeat.next_iteration()
            body()


@contextlib.contextmanager
def _one_kernel(tensor_loop):
    """A Python loop over a known Tensor (or with a known Tensor condition), which TF
    stages as one while op: inside tf.function each of its stateful random ops is one
    kernel, drawn from in each iteration (RandomRepeat); yields what starts an
    iteration."""
    if not (tensor_loop and ctx.traces):
        yield RandomRepeat()   # (not open: its next_iteration does nothing)
        return
    with random_draws(RandomRepeat()) as repeat:
        yield repeat


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
        from ...ops import array_ops
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
            with _staged():
                cf._Traced(stage, None, ())
        finally:
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


def _tf_while(test, body, get_state, set_state, symbol_names, opts, staged=False):
    """A tf.while_loop over the state (TF: _tf_while_stmt); `staged`: from its first
    iteration (control_flow_ops.staged_while_loop), not only from the first one whose
    values are traced."""
    cf = _cf()
    init = tuple(get_state())
    nulls = tuple(_null(v) for v in init)
    require_one = False
    if any(nulls):
        require_one, init = _define_undefined(body, get_state, set_state, init, nulls,
                                              symbol_names)
    loop_init = tuple(nest.map_structure(_loop_var, v) for v in init)
    invariants = _shape_invariants(opts, init)

    def cond_fn(*values):
        set_state(values[1:] if require_one else values)
        return _verify_condition(test(), "while loop")

    def body_fn(*values):
        entry = values[1:] if require_one else values
        set_state(entry)
        with _staged():
            body()
        new = tuple(get_state())
        _check_relaxed(invariants, loop_init, new, symbol_names)
        _verify_loop_vars(loop_init, entry, new, symbol_names)
        new = tuple(nest.map_structure(_loop_var, v) for v in new)
        return ((True,) + new) if require_one else new
    start = ((convert_to_tensor(False),) + loop_init) if require_one else loop_init
    loop = cf.staged_while_loop if staged else cf.while_loop
    out = loop(cond_fn, body_fn, list(start), maximum_iterations=opts.get("maximum_iterations"))
    if require_one:
        _require_iteration(out[0], symbol_names, nulls, init)
        out = out[1:]
    set_state(tuple(out))


def _shape_invariants(opts, init):
    """The shape_invariants of set_loop_options for each loop variable (None for none)."""
    given = {id(v): TensorShape(shape) for v, shape in opts.get("shape_invariants") or ()}
    return [given.get(id(v)) for v in init]


def _check_relaxed(invariants, init, new, names):
    """A loop variable changing its shape as its shape invariant allows: XLA carries no
    such variable, so the function's calls run eagerly (CallsRunEagerly), as for
    tf.while_loop's shape_invariants."""
    for name, shape, a, b in zip(names, invariants, init, new):
        if shape is not None and isinstance(a, Tensor) and isinstance(b, Tensor) and \
                a.shape != b.shape and shape.is_compatible_with(b.shape):
            raise CallsRunEagerly(f"the loop variable '{name}' changes its shape, as its "
                                  f"shape_invariants allow")


def _require_iteration(flag, names, nulls, init):
    """TF's Assert that a loop defining a variable ran at least once."""
    undefined = ["the function return value" if isinstance(v, UndefinedReturnValue) else n
                 for n, v, null in zip(names, init, nulls) if null]
    message = "loop must iterate at least once to initialize " + ", ".join(undefined)
    if not _traced(flag):
        if not bool(flag):
            raise InvalidArgumentError(None, None, message)
        return
    if not ctx.traces or ctx.staging:
        raise ValueError(f"tfcompat checks that a tf.function loop iterates at least once "
                         f"only at the top level of the function: {message}.")
    ctx.traces[-1].add_check(flag._value, message)



def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """TF's ag__.for_stmt: a Python loop over Python iterables (and over Tensors outside
    tf.function); inside tf.function a staged tf.while_loop over a tf.range (its
    counter, as TF elides the range) or a Tensor's first dimension, or a tf.data.Dataset."""
    staged_loop = getattr(iter_, "_staged_loop", None)
    if staged_loop is not None and ctx.traces:   # a tf.data.Dataset inside tf.function
        start, step, read = staged_loop()
        _counted_loop(start(), lambda c: c[0], lambda c: step(), lambda c: read(c[1]),
                      extra_test, body, get_state, set_state, symbol_names, opts)
        return
    if isinstance(iter_, TracedRange):
        _tf_range_for(iter_.bounds, extra_test, body, get_state, set_state, symbol_names,
                      opts)
    elif isinstance(iter_, Tensor) and ctx.traces:
        builder = func_graph.current()
        bounds = None if builder is None else builder.range_bounds(iter_)
        if bounds is not None:
            _tf_range_for(bounds, extra_test, body, get_state, set_state, symbol_names, opts)
        else:
            _tf_tensor_for(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
    elif extra_test is not None:
        if _python_test(extra_test(), _FOR_TENSOR_TEST):
            with _one_kernel(isinstance(iter_, Tensor)) as repeat:
                for x in iter_:
                    repeat.next_iteration()
                    body(x)
                    if not _python_test(extra_test(), _FOR_TENSOR_TEST):
                        break
    else:
        with _one_kernel(isinstance(iter_, Tensor)) as repeat:
            for x in iter_:
                repeat.next_iteration()
                body(x)


def _counted_loop(index, limit_test, step, read, extra_test, body, get_state, set_state,
                  symbol_names, opts, iterate_name=None, staged=False):
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
              tuple(symbol_names), opts, staged)


def _tf_range_for(bounds, extra_test, body, get_state, set_state, symbol_names, opts):
    """TF's _tf_range_for_stmt: a counter from start by delta while short of limit; the
    iteration count (TF's get_range_len ops, recorded as TF records them) bounds the loop
    when it is known, so that the loop is differentiable."""
    from ...ops import array_ops
    start, limit, delta = bounds
    _range_len(start, limit, delta)   # (recorded only: XLA needs the count on the host)
    opts = dict(opts)
    if not any(_traced(b) for b in bounds):
        _bound_iterations(opts, array_ops.range_size(*(b.numpy().item() for b in bounds),
                                                     start.dtype))

    def limit_test(i):
        if not _traced(delta):
            return i < limit if float(delta) >= 0 else i > limit
        from ...ops import comparison_ops
        return comparison_ops.logical_or(comparison_ops.logical_and(delta >= 0, i < limit),
                                         comparison_ops.logical_and(delta < 0, i > limit))
    _counted_loop(start, limit_test, lambda i: i + delta, lambda i: i, extra_test, body,
                  get_state, set_state, symbol_names, opts, opts.get("iterate_names"),
                  staged=True)


def _bound_iterations(opts, n):
    """A static iteration count for the loop (its reverse-mode gradient needs one), unless
    set_loop_options gave one."""
    if opts.get("maximum_iterations") is None:
        opts["maximum_iterations"] = n


def _range_len(start, limit, delta):
    """TF's autograph misc.get_range_len (its ops, for the graph)."""
    from ...ops import arithmetic_ops, array_ops, cast_ops, comparison_ops
    dist = limit - start
    unadjusted = dist // delta
    adjustment = cast_ops.cast(
        comparison_ops.not_equal(dist % delta, array_ops.zeros_like(unadjusted)), dist.dtype)
    final = unadjusted + adjustment
    return cast_ops.cast(arithmetic_ops.maximum(final, array_ops.zeros_like(final)), "int32")


def _tf_tensor_for(t, extra_test, body, get_state, set_state, symbol_names, opts):
    if t.shape.rank == 0:
        raise TypeError("Cannot iterate over a scalar tensor.")
    # (the traced length: a dataset element's static one may be unknown, as TF's)
    n = t._value.shape[0] if t.shape.rank else None
    if not isinstance(n, int):
        raise ValueError("tfcompat iterates over a traced Tensor only along a static first "
                         "dimension (XLA has static shapes).")
    opts = dict(opts)
    _bound_iterations(opts, n)
    _counted_loop(convert_to_tensor(0), lambda i: i < n, lambda i: i + 1, lambda i: t[i],
                  extra_test, body, get_state, set_state, symbol_names, opts, staged=True)
