"""tf.autodiff.ForwardAccumulator: forward-mode autodiff over eagerly executed ops.

While an accumulator records, every op with an input that has a tangent computes its
outputs' tangents with its JVP, itself run as an op (``jax.jvp`` of the op's function,
jitted once per op, attributes and shapes; where that function holds a reverse-only
``jax.custom_vjp``, its VJP transposed, as TF's ``_jvp_helper`` computes every JVP).
Running the JVP as an op is what nests: accumulators entered earlier, and tapes, see the
JVP computation of later ones, so ``outer.jvp(inner.jvp(y))`` is a second derivative and
a tape around an accumulator (or an accumulator around a tape) gives Hessian-vector
products, as in TF.
"""
import functools

import jax
import jax.extend
import numpy as np

from . import dtypes, nest, tape, tf_logging
from .constant_op import convert_to_tensor
from .tensor import EagerTensor
from .variables import Variable
from .context import ctx, x64_methods


@x64_methods
class ForwardAccumulator:
    """tf.autodiff.ForwardAccumulator(primals, tangents)."""

    def __init__(self, primals, tangents):
        self._tangents = {}     # id(tensor) -> tangent Tensor
        self._keep = []         # the tensors keyed above, kept alive
        self._variables = {}    # id(variable handle) -> tangent Tensor
        self._recording = False
        nest.assert_same_structure(primals, tangents)
        seen = set()
        for p in nest.flatten(primals):
            if id(p) in seen:
                raise ValueError("Tensor {} was specified as a primal multiple times. This may "
                                 "indicate an error. If it was intended, please sum the "
                                 "corresponding tangents.")
            seen.add(id(p))
        self._watch(primals, tangents)

    def _watch(self, primals, tangents):
        for p, t in zip(nest.flatten(primals), nest.flatten(tangents)):
            dtype = p.dtype
            if dtype not in dtypes.TRAINABLE:
                tf_logging.warning_first_n(
                    f"The dtype of the watched primal must be floating (e.g. tf.float32), "
                    f"got {dtype!r}", 5, "primal_dtype")
                continue
            t = convert_to_tensor(t, dtype=dtype)
            if isinstance(p, Variable):
                self._variables[id(p._handle)] = t
            else:
                self._set(p, t)

    def _set(self, tensor, tangent):
        self._tangents[id(tensor)] = tangent
        self._keep.append(tensor)

    def __enter__(self):
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        ctx.accumulators.append(self)
        ctx.watchers.append(self)
        self._recording = True
        return self

    def __exit__(self, typ, value, traceback):
        if not self._recording:
            raise ValueError("Accumulator is not recording.")
        ctx.accumulators.remove(self)
        ctx.watchers.remove(self)
        self._recording = False

    def on_read(self, handle, read):
        """A read of a watched Variable carries the Variable's tangent."""
        tangent = self._variables.get(id(handle))
        if tangent is not None:
            self._set(read, tangent)

    def jvp(self, primals, unconnected_gradients=None):
        """The tangents of `primals` (a nest), None (or zeros) where unconnected."""
        from .backprop import UnconnectedGradients
        zero = unconnected_gradients is not None and \
            UnconnectedGradients(unconnected_gradients) is UnconnectedGradients.ZERO

        def lookup(x):
            if isinstance(x, Variable):
                t = self._variables.get(id(x._handle))
            else:
                t = self._tangents.get(id(x))
            if t is None and zero:
                value = x._handle._value if isinstance(x, Variable) else x._value
                t = EagerTensor(jax.numpy.zeros(value.shape, value.dtype))
            return t
        return nest.map_structure(lookup, primals)


def propagate(op, attrs, inputs, outputs):
    """Give `outputs` their tangents on each recording accumulator (called by execute)."""
    from .dispatch import execute
    stack = ctx.accumulators[:]
    for i, accumulator in enumerate(stack):
        tangents = [accumulator._tangents.get(id(t)) for t in inputs]
        if all(t is None for t in tangents):
            continue
        has_tangent = tuple(t is not None for t in tangents)
        float_outputs = tuple(o._value.dtype in tape._TRAINABLE_NP for o in outputs)
        jvp_op = _jvp_op(op, attrs, has_tangent, float_outputs)
        # Only the accumulators entered before this one see its JVP computation.
        ctx.accumulators[:] = stack[:i]
        try:
            result = execute(jvp_op, tuple(inputs) + tuple(t for t in tangents if t is not None))
        finally:
            ctx.accumulators[:] = stack
        it = iter(result)
        for o, f in zip(outputs, float_outputs):
            if f:
                accumulator._set(o, next(it))


def _jvp_op(op, attrs, has_tangent, float_outputs):
    """`op`'s JVP as an Op of (inputs, tangents of the inputs that have one) -> tangents
    of the float outputs, cached per (attributes, which inputs have tangents)."""
    from .dispatch import Op
    key = (attrs, has_tangent, float_outputs)
    jvp_op = op.jvps.get(key)
    if jvp_op is None:
        fn, kw, n_in = op.jvp_fn or op.fn, dict(attrs), len(has_tangent)

        def jvp(*args):
            ins = args[:n_in]
            it = iter(args[n_in:])
            tans = tuple(next(it) if f else _zero_tangent(x) for x, f in zip(ins, has_tangent))
            f = functools.partial(fn, **kw)
            if _reverse_only(jax.make_jaxpr(f)(*ins).jaxpr):
                return _transposed_vjp(f, ins, tans, has_tangent, float_outputs)
            _, out_t = jax.jvp(f, ins, tans)
            flat = out_t if isinstance(out_t, (tuple, list)) else [out_t]
            return tuple(t for t, f in zip(flat, float_outputs) if f)
        jvp_op = op.jvps[key] = Op(f"{op.name}Jvp", jvp, allowed=None, error=_tangent_error)
    return jvp_op


def _reverse_only(jaxpr):
    """Whether `jaxpr` calls a jax.custom_vjp function that jax.jvp would differentiate
    (one outside the primal of a custom_jvp function, whose JVP rule stands)."""
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name == "custom_vjp_call":
            return True
        if name != "custom_jvp_call" and any(
                _reverse_only(j) for j in jax.extend.core.jaxprs_in_params(eqn.params)):
            return True
    return False


def _transposed_vjp(f, ins, tans, has_tangent, float_outputs):
    """The tangents of f's float outputs as TF computes every JVP (forwardprop.py's
    _jvp_helper): the gradient, with respect to output gradients of ones, of the input
    gradients of the inputs that have tangents, given those tangents as their gradients."""
    out, pullback = jax.vjp(f, *ins)
    several = isinstance(out, (tuple, list))
    flat = list(out) if several else [out]

    def backward(*aids):
        it = iter(aids)
        cts = [next(it) if fl else np.zeros(o.shape, jax.dtypes.float0)
               for o, fl in zip(flat, float_outputs)]
        grads = pullback(type(out)(cts) if several else cts[0])
        return tuple(g for g, h in zip(grads, has_tangent) if h)
    aids = [jax.numpy.ones_like(o) for o, fl in zip(flat, float_outputs) if fl]
    _, transpose = jax.vjp(backward, *aids)
    return tuple(transpose(tuple(t for t, h in zip(tans, has_tangent) if h)))


def _zero_tangent(x):
    if x.dtype in tape._TRAINABLE_NP:
        return jax.numpy.zeros(x.shape, x.dtype)
    return np.zeros(x.shape, jax.dtypes.float0)


def _tangent_error(op, arrays, attrs, exc):
    return ValueError(f"Incompatible tangent for {op.name[:-3]}: {exc}")

