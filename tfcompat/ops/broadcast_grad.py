"""The implicit broadcasting of TF's binary elementwise ops (AddV2, Mul, Maximum ...),
whose gradient sums as TF's does: TF's gradient functions reduce a broadcast input's
gradient with `reduce_sum` over BroadcastGradientArgs' axes, a Sum kernel that adds in
Eigen's order (eigen_reduce.py), where jax's transpose of broadcast_in_dim is an XLA
reduction in XLA's order. `broadcast_p` is broadcast_in_dim with that transpose;
`bias_p`, BiasAdd's broadcast of its bias, has BiasAddGrad's (another kernel, another
order)."""
import jax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir

from ..framework.rounding import unfused
from .eigen_reduce import bias_add_grad, eigen_sum


def unbroadcast(g, shape):
    """`g` summed over the axes along which an input of `shape` was broadcast (TF's
    reduction of a broadcasting op's gradient)."""
    if g.shape == shape:
        return g
    lead = g.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(shape)
                                      if d == 1 and g.shape[lead + i] != 1)
    if g.dtype in (jnp.float32, jnp.float64) and all(isinstance(d, int) for d in g.shape):
        # (TF's Sum kernel, in its order, of `g` as the kernel before it rounded it)
        return eigen_sum(unfused(g), axes, False).reshape(shape)
    return jnp.sum(g, axes).reshape(shape)


broadcast_p = Primitive("tfcompat_broadcast")
broadcast_p.def_impl(lambda x, shape: jnp.broadcast_to(x, shape))
broadcast_p.def_abstract_eval(lambda x, shape: x.update(shape=shape))
mlir.register_lowering(broadcast_p, mlir.lower_fun(
    lambda x, shape: jnp.broadcast_to(x, shape), multiple_results=False))


def _transpose(ct, x, shape):
    if type(ct) is ad.Zero:
        return [ad.Zero(x.aval)]
    return [unbroadcast(ct, x.aval.shape)]


def _batch(args, dims, shape):
    (x,), (d,) = args, dims
    x = jnp.moveaxis(x, d, 0)   # (the batch first, then x's own dimensions right-aligned)
    x = x.reshape((x.shape[0],) + (1,) * (len(shape) - x.ndim + 1) + x.shape[1:])
    return broadcast_p.bind(x, shape=(x.shape[0],) + tuple(shape)), 0


ad.deflinear2(broadcast_p, _transpose)
batching.primitive_batchers[broadcast_p] = _batch


def broadcast_operands(fn):
    """`fn(x, y, **attrs)` of a binary op, with float operands of another shape than the
    result broadcast through `broadcast_p` first (the values are the same)."""
    def broadcasting(x, y, **attrs):
        if x.shape != y.shape and jnp.issubdtype(x.dtype, jnp.inexact):
            shape = jnp.broadcast_shapes(x.shape, y.shape)
            x = x if x.shape == shape else broadcast_p.bind(x, shape=shape)
            y = y if y.shape == shape else broadcast_p.bind(y, shape=shape)
        return fn(x, y, **attrs)
    broadcasting.__name__ = broadcasting.__qualname__ = getattr(fn, "__name__", "binary")
    return broadcasting


def _bias_broadcast(b, shape, channels_first):
    if channels_first:
        b = b.reshape(b.shape + (1,) * (len(shape) - 2))
    return jnp.broadcast_to(b, shape)


bias_p = Primitive("tfcompat_bias_broadcast")
bias_p.def_impl(_bias_broadcast)
bias_p.def_abstract_eval(lambda b, shape, channels_first: b.update(shape=shape))
mlir.register_lowering(bias_p, mlir.lower_fun(_bias_broadcast, multiple_results=False))


def _bias_transpose(ct, b, shape, channels_first):
    if type(ct) is ad.Zero:
        return [ad.Zero(b.aval)]
    return [bias_add_grad(ct, channels_first)]


def _bias_batch(args, dims, shape, channels_first):
    (b,), (d,) = args, dims   # (a batch of biases, each broadcast as the op's bias)
    b = jnp.moveaxis(b, d, 0)
    axis = 1 if channels_first else len(shape) - 1
    return jax.lax.broadcast_in_dim(b, (b.shape[0],) + tuple(shape), (0, 1 + axis)), 0


ad.deflinear2(bias_p, _bias_transpose)
batching.primitive_batchers[bias_p] = _bias_batch
