"""tf.custom_gradient, tf.recompute_grad and tf.grad_pass_through.

Eagerly, `f` runs as written (so its printed output and errors are TF's), and its
results are recorded on the active tapes as one op whose gradient is the user's
`grad_fn`; that op is backpropagated eagerly with `grad_fn` running on Tensors (recorded
by enclosing tapes, for higher orders), so a None from `grad_fn` gives a None gradient
as in TF. Inside a JAX trace (a gradient being differentiated again, or
tf.function) `f` becomes a ``jax.custom_vjp`` that re-runs `f` in its backward pass to
obtain `grad_fn`; that is how a custom_gradient inside a grad_fn overrides the second
derivative.
"""
import contextlib
import functools
import inspect

import jax
import jax.numpy as jnp

from . import nest, tape
from .constant_op import convert_to_tensor
from .dispatch import Op
from .tensor import EagerTensor, Tensor
from .variables import Variable
from .context import ctx
from .trace_state import Trace, tf_traced_by_jax


def custom_gradient(f=None):
    """tf.custom_gradient: `f(*args, **kwargs)` returns `(result, grad_fn)`."""
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        if ctx.traces:   # TF's graph mode: Variable arguments are read before `f` runs
            if kwargs:
                raise ValueError("The custom_gradient decorator currently supports keywords "
                                 "arguments only when eager execution is enabled.")
            args = nest.map_structure(convert_to_tensor, args)
        flat_args = nest.flatten(args)
        if any(isinstance(a, Tensor) and isinstance(a._value, jax.core.Tracer)
               for a in flat_args):
            if not ctx.traces:
                return _traced_call(f, args, kwargs)
            # Inside a tf.function: recorded as eagerly (for its tapes and tf.gradients),
            # and the outputs carry the custom gradient for a differentiation of the
            # whole function too.
            return _eager_call(f, args, kwargs, traced=True)
        return _eager_call(f, args, kwargs)
    return decorated


def _eager_call(f, args, kwargs, traced=False):
    with tape.VariableWatcher() as watcher:
        result, grad_fn = f(*args, **kwargs)
    flat_args = nest.flatten(args)
    inputs_seen = flat_args + nest.flatten(kwargs)
    variables = [v for v in watcher.variables if all(v is not i for i in inputs_seen)]
    if ctx.traces:   # TF's graph mode orders them by name
        variables.sort(key=lambda v: v.name)
    if variables and not _accepts_variables(grad_fn):
        raise TypeError(f"@tf.custom_gradient grad_fn must accept keyword argument "
                        f"'variables', since function uses variables: {variables}")
    flat_result = nest.flatten(result)
    out_values = tuple(convert_to_tensor(r)._value for r in flat_result)
    if traced:
        out_values = _custom_vjp_outputs(f, args, out_values)
    outputs = [EagerTensor(v) for v in out_values]
    if ctx.tapes or ctx.traces:
        inputs = tuple(convert_to_tensor(x) for x in flat_args + variables)
        n_args = len(flat_args)

        def input_cotangents(output_cotangents):
            return [None if g is None else convert_to_tensor(g) for g in
                    _call_grad_fn(grad_fn, result, output_cotangents, variables, n_args)]

        # Recorded as an op whose value is what `f` computed and whose backward pass is
        # the user's grad_fn.
        op = Op(getattr(f, "__name__", "CustomGradient"),
                _constant_vjp(out_values, inputs, input_cotangents), allowed=None,
                grad_fn=input_cotangents)
        tape.record(op, (), inputs, tuple(outputs))
        tape.record_in_trace(op, (), inputs, tuple(outputs))
    return nest.pack_sequence_as(result, outputs)


def _accepts_variables(grad_fn):
    spec = inspect.getfullargspec(grad_fn)
    return "variables" in spec.args or "variables" in spec.kwonlyargs or spec.varkw


def _call_grad_fn(grad_fn, result, cts, variables, n_args):
    """TF's actual_grad_fn: call grad_fn with one upstream gradient per output and check
    it returns one gradient per input (and per variable)."""
    upstream = nest.pack_sequence_as(nest.flatten(result), list(cts))
    if variables:
        input_grads, variable_grads = grad_fn(*upstream, variables=variables)
        if len(variable_grads) != len(variables):
            raise ValueError("Must return gradient for each variable from @custom_gradient "
                             "grad_fn.")
    else:
        input_grads = grad_fn(*upstream)
        variable_grads = []
    flat_grads = nest.flatten(input_grads)
    if len(flat_grads) != n_args:
        raise ValueError(f"custom_gradient function expected to return {n_args} gradients, "
                         f"but returned {len(flat_grads)} instead.")
    return flat_grads + list(variable_grads)


def _constant_vjp(out_values, inputs, input_cotangents):
    """A JAX function of the inputs whose value is `out_values` and whose vjp calls
    `input_cotangents` (None becomes zeros): the op's form for jaxpr analysis and higher
    orders."""

    @jax.custom_vjp
    def fn(*ins):
        return out_values

    def fwd(*ins):
        return out_values, None

    def bwd(_, cts):
        gs = input_cotangents([EagerTensor(c) for c in cts])
        return tuple(jnp.zeros(i._value.shape, i._value.dtype) if g is None else g._value
                     for g, i in zip(gs, inputs))

    fn.defvjp(fwd, bwd)
    return fn


def _rerun_backward(f, args, kwargs):
    """The custom_vjp backward pass of `f`: runs `f` again on the saved input values for
    its grad_fn, and returns grad_fn's input cotangents (zeros for None)."""

    def bwd(values, cts):
        packed = nest.pack_sequence_as(args, [EagerTensor(v) for v in values])
        with _graph_function():
            result, grad_fn = f(*packed, **kwargs)
            gs = _call_grad_fn(grad_fn, result, [EagerTensor(c) for c in cts], [],
                               len(values))
        return tuple(jnp.zeros(v.shape, v.dtype) if g is None else convert_to_tensor(g)._value
                     for g, v in zip(gs, values))
    return bwd


@contextlib.contextmanager
def _graph_function():
    """TF traces the gradient of a traced custom_gradient into a graph function, so
    `grad_fn` sees tf.executing_eagerly() False even where JAX differentiates outside any
    tf.function (an eager tape over a tf.function, a SavedModel's saved gradient)."""
    if ctx.traces:
        with tf_traced_by_jax():
            yield
        return
    trace = Trace([], [], False)
    saved_tapes = ctx.tapes[:]
    ctx.tapes.clear()
    ctx.traces.append(trace)
    try:
        with tf_traced_by_jax():
            yield
    finally:
        ctx.traces.pop()
        ctx.tapes[:] = saved_tapes
    if trace.checks:
        raise ValueError("tfcompat checks a tf.debugging assertion in the grad_fn of a "
                         "tf.custom_gradient only when the gradient is taken inside the "
                         "tf.function.")


def _custom_vjp_outputs(f, args, out_values):
    """`out_values` (what `f` computed from traced `args`) as outputs whose JAX gradient is
    `f`'s grad_fn, so that differentiating the enclosing function uses it too."""
    arrays = tuple(convert_to_tensor(a)._value for a in nest.flatten(args))
    n_in = len(arrays)
    backward = _rerun_backward(f, args, {})

    @jax.custom_vjp
    def fn(*values):
        return tuple(values[n_in:])

    def fwd(*values):
        return fn(*values), values[:n_in]

    def bwd(values, cts):
        return backward(values, cts) + tuple(jnp.zeros(o.shape, o.dtype) for o in out_values)

    fn.defvjp(fwd, bwd)
    # (out_values get no cotangent: JAX does not differentiate the ops that computed them,
    # which may have no gradient: TF only runs grad_fn)
    return fn(*arrays, *(jax.lax.stop_gradient(o) for o in out_values))


def _traced_call(f, args, kwargs):
    """custom_gradient on traced values: a jax.custom_vjp re-running `f` for grad_fn."""
    flat_args = nest.flatten(args)
    arrays = tuple(convert_to_tensor(a)._value for a in flat_args)
    structure = {}

    def run(values):
        packed = nest.pack_sequence_as(args, [EagerTensor(v) for v in values])
        return f(*packed, **kwargs)

    @jax.custom_vjp
    def fn(*values):
        result, _ = run(values)
        structure["result"] = result
        return tuple(convert_to_tensor(r)._value for r in nest.flatten(result))

    def fwd(*values):
        return fn(*values), values

    fn.defvjp(fwd, _rerun_backward(f, args, kwargs))
    outs = fn(*arrays)
    return nest.pack_sequence_as(structure["result"], [EagerTensor(o) for o in outs])


def recompute_grad(f):
    """tf.recompute_grad: `f` whose gradient is computed by running `f` again under a
    tape (XLA decides what to keep; the values are those of `f`)."""

    @custom_gradient
    def inner(*args, **kwargs):
        result = f(*args, **kwargs)

        def grad(*upstream, variables=None):
            variables = list(variables or [])
            from .backprop import GradientTape
            with GradientTape() as t:
                t.watch([a for a in args if isinstance(a, (Tensor, Variable))])
                t.watch(variables)
                again = f(*args, **kwargs)
            g = t.gradient(again, list(args) + variables, output_gradients=list(upstream))
            return g[:len(args)], g[len(args):]
        return result, grad

    return functools.wraps(f)(inner)


def grad_pass_through(f):
    """tf.grad_pass_through: `f`'s value, the identity's gradient (variables used by `f`
    get None)."""

    @custom_gradient
    def pass_through(*args, **kwargs):
        def grad(*upstream, **grad_kwargs):
            variables = grad_kwargs.get("variables")
            if variables is not None:
                return upstream, [None] * len(variables)
            return upstream
        return f(*args, **kwargs), grad

    return functools.wraps(f)(pass_through)
