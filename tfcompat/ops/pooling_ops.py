"""tf.nn max and average pooling, 1-D to 3-D, as `lax.reduce_window` kernels.

Max pooling's gradient goes to the first maximum of each window (as TF's); average
pooling with SAME padding divides by the number of elements inside the input.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import errors
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .conv_ops import _padding, _sequence


def _window(x, ksize, strides, padding, channels_first):
    if channels_first:
        dims, steps = (1, 1) + ksize, (1, 1) + strides
    else:
        dims, steps = (1,) + ksize + (1,), (1,) + strides + (1,)
    if isinstance(padding, str):
        pads = lax.padtype_to_pads(x.shape, dims, steps, padding)
    else:
        pads = ((0, 0), (0, 0)) + padding if channels_first else ((0, 0),) + padding + ((0, 0),)
    return dims, steps, tuple(pads)


def _max_pool(x, ksize, strides, padding, channels_first):
    dims, steps, pads = _window(x, ksize, strides, padding, channels_first)
    # A concrete (numpy) init value lets JAX see the monoid and differentiate it.
    if jnp.issubdtype(x.dtype, jnp.inexact):
        init = np.array(-np.inf, x.dtype)
    else:
        init = np.array(np.iinfo(x.dtype).min, x.dtype)
    return lax.reduce_window(x, init, lax.max, dims, steps, pads)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2, 3, 4))
def _max_pool_ties(x, ksize, strides, padding, channels_first):
    return _max_pool(x, ksize, strides, padding, channels_first)


def _max_pool_ties_fwd(x, ksize, strides, padding, channels_first):
    y = _max_pool(x, ksize, strides, padding, channels_first)
    return y, (x, y)


def _max_pool_ties_bwd(ksize, strides, padding, channels_first, res, g):
    """MaxPool3DGrad: every element equal to its window's maximum gets the gradient."""
    x, y = res
    dims, steps, pads = _window(x, ksize, strides, padding, channels_first)

    def windows(z):  # [out0, k0, out1, k1, ...]: every window's elements (zero-padded)
        z = jnp.pad(z, pads)
        idx = [(jnp.arange(0, n - k + 1, s)[:, None] + jnp.arange(k)).reshape(-1)
               for n, k, s in zip(z.shape, dims, steps)]
        return z[jnp.ix_(*idx)].reshape(tuple(a for d, k in zip(y.shape, dims) for a in (d, k)))

    w, transpose = jax.vjp(windows, x)
    shape = tuple(a for d in y.shape for a in (d, 1))
    return transpose(jnp.where(w == y.reshape(shape), g.reshape(shape), jnp.zeros_like(w)))


_max_pool_ties.defvjp(_max_pool_ties_fwd, _max_pool_ties_bwd)


def _avg_pool(x, ksize, strides, padding, channels_first):
    dims, steps, pads = _window(x, ksize, strides, padding, channels_first)
    zero = np.zeros((), x.dtype)
    total = lax.reduce_window(x, zero, lax.add, dims, steps, pads)
    count = lax.reduce_window(jnp.ones(x.shape, x.dtype), zero, lax.add, dims, steps, pads)
    return total / count


_max_pool_op = Op("MaxPool", _max_pool)
_avg_pool_op = Op("AvgPool", _avg_pool)
_max_pool3d_op = Op("MaxPool3D", _max_pool_ties)
_avg_pool3d_op = Op("AvgPool3D", _avg_pool)


def _pool(ops, input, ksize, strides, padding, data_format, n):
    x = to_tensor(input)
    op = ops[n]
    channels_first = data_format is not None and data_format.startswith("NC")
    if x.ndim != n + 2:
        if op.name.startswith("Max") and n == 2:
            text = "Input must be 4 or 5-dimensional" if x.ndim < 4 else \
                "Input must be 4-dimensional"
        else:
            text = f"Input must be {n + 2}-dimensional" if n > 1 else \
                "Input must be 4 or 5-dimensional"
        raise errors.op_error(errors.InvalidArgumentError, op.name, text, kernel=op.name)
    check_dtype(op, x)
    ksize, ok_k = _sequence(ksize, n, channels_first, "ksize")
    strides, ok_s = _sequence(strides, n, channels_first, "strides")
    pads = _padding(padding, n, channels_first, op.name, x.dtype.name)   # (an attr: first)
    if not (ok_k and ok_s):
        raise errors.op_error(errors.UnimplementedError, op.name,
                              "Pooling is not yet supported on the batch dimension.",
                              kernel=op.name)
    sizes = x._value.shape[2:] if channels_first else x._value.shape[1:-1]
    if pads == "VALID" and any(k > s for k, s in zip(ksize, sizes)):
        # TF's kernels fail on a window larger than the input (an empty output for VALID).
        bad = next(i for i, (k, s) in enumerate(zip(ksize, sizes)) if k > s)
        raise errors.op_error(
            errors.InvalidArgumentError, op.name,
            f"Computed output size would be negative: {sizes[bad] - ksize[bad] + 1} "
            f"[input_size: {sizes[bad]}, effective_filter_size: {ksize[bad]}, stride: "
            f"{strides[bad]}]", kernel=op.name)
    return execute(op, (x,), (("ksize", ksize), ("strides", strides), ("padding", pads),
                              ("channels_first", channels_first)))


_MAX = {1: _max_pool_op, 2: _max_pool_op, 3: _max_pool3d_op}
_AVG = {1: _avg_pool_op, 2: _avg_pool_op, 3: _avg_pool3d_op}


def _fixed_rank(ops, n, data_format, public):
    def pool(input, ksize, strides, padding, data_format=data_format, name=None):
        return _pool(ops, input, ksize, strides, padding, data_format, n)
    pool.__name__ = pool.__qualname__ = public
    pool.__doc__ = f"tf.nn.{public}."
    return pool


max_pool1d = _fixed_rank(_MAX, 1, "NWC", "max_pool1d")
max_pool2d = _fixed_rank(_MAX, 2, "NHWC", "max_pool2d")
max_pool2d.__doc__ = "tf.nn.max_pool2d (padding also explicit: [[0, 0], [t, b], [l, r], [0, 0]])."
max_pool3d = _fixed_rank(_MAX, 3, "NDHWC", "max_pool3d")
avg_pool1d = _fixed_rank(_AVG, 1, "NWC", "avg_pool1d")
avg_pool2d = _fixed_rank(_AVG, 2, "NHWC", "avg_pool2d")
avg_pool3d = _fixed_rank(_AVG, 3, "NDHWC", "avg_pool3d")


def _by_rank(ops, public):
    def pool(input, ksize, strides, padding, data_format=None, name=None):
        x = to_tensor(input)
        n = x.ndim - 2
        if n not in (1, 2, 3):
            raise ValueError(f"`input.shape.rank` must be 3, 4 or 5. Received: "
                             f"input.shape={x.shape} of rank {x.ndim}.")
        return _pool(ops, x, ksize, strides, padding, data_format, n)
    pool.__name__ = pool.__qualname__ = public
    pool.__doc__ = f"tf.nn.{public}: 1-D, 2-D or 3-D by the rank of `input`."
    return pool


max_pool = _by_rank(_MAX, "max_pool")
avg_pool = _by_rank(_AVG, "avg_pool")
