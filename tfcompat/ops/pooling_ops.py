"""tf.nn max and average pooling, 1-D to 3-D, and tf.nn.pool (also dilated), as
`lax.reduce_window` kernels.

Max pooling's gradient goes to the first maximum of each window (as TF's MaxPoolGrad;
MaxPool3DGrad: to every maximum); average pooling with SAME padding divides by the
number of elements inside the input.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .conv_ops import _padding, _sequence, _strides_and_dilations
from .op_args import static_int


def _full(spatial, channels_first):
    return (1, 1) + spatial if channels_first else (1,) + spatial + (1,)


def _window(x, ksize, strides, padding, channels_first):
    dims, steps = _full(ksize, channels_first), _full(strides, channels_first)
    if isinstance(padding, str):
        pads = lax.padtype_to_pads(x.shape, dims, steps, padding)
    else:
        pads = ((0, 0), (0, 0)) + padding if channels_first else ((0, 0),) + padding + ((0, 0),)
    return dims, steps, tuple(pads)


def _lowest(dtype):
    """Max pooling's identity: -inf, or the integer dtype's minimum (a concrete numpy
    value, so that JAX sees the monoid and differentiates it)."""
    if jnp.issubdtype(dtype, jnp.inexact):
        return np.array(-np.inf, dtype)
    return np.array(np.iinfo(dtype).min, dtype)


def _max_pool(x, ksize, strides, padding, channels_first, dilations):
    """TF's max pooling: NaNs never win (TF's kernels compare with `>`, from the lowest
    finite value), so a window of NaNs and -infs gives the lowest finite value (-inf in
    bfloat16)."""
    dims, steps, pads = _window(x, ksize, strides, padding, channels_first)
    floating = jnp.issubdtype(x.dtype, jnp.inexact)
    if floating:
        x = jnp.where(jnp.isnan(x), _lowest(x.dtype), x)
    y = lax.reduce_window(x, _lowest(x.dtype), lax.max, dims, steps, pads,
                          window_dilation=_full(dilations, channels_first))
    if floating and x.dtype != jnp.bfloat16:
        y = jnp.where(y == -np.inf, np.array(jnp.finfo(x.dtype).min, x.dtype), y)
    return y


@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2, 3, 4, 5, 6))
def _max_pool_masked(x, ksize, strides, padding, channels_first, dilations, first):
    return _max_pool(x, ksize, strides, padding, channels_first, dilations)


def _max_pool_masked_fwd(x, ksize, strides, padding, channels_first, dilations, first):
    y = _max_pool(x, ksize, strides, padding, channels_first, dilations)
    return y, (x, y)


def _max_pool_masked_bwd(ksize, strides, padding, channels_first, dilations, first, res, g):
    """MaxPool3DGrad: every element equal to its window's maximum gets the gradient; with
    `first`, MaxPoolGrad's rule: only the first maximum of each window (row-major)."""
    x, y = res
    dims, steps, pads = _window(x, ksize, strides, padding, channels_first)
    rates = _full(dilations, channels_first)

    split = tuple(a for d, k in zip(y.shape, dims) for a in (d, k))

    def windows(z):  # [out0, k0, out1, k1, ...]: every window's elements (padded with
        z = jnp.pad(z, pads, constant_values=_lowest(z.dtype))   # what never wins)
        if steps == dims and all(r == 1 for r in rates):   # windows that tile the input
            return z[tuple(slice(0, d * k) for d, k in zip(y.shape, dims))].reshape(split)
        idx = [(jnp.arange(0, n - (k - 1) * d, s)[:, None] + jnp.arange(k) * d).reshape(-1)
               for n, k, s, d in zip(z.shape, dims, steps, rates)]
        return z[jnp.ix_(*idx)].reshape(split)

    w, transpose = jax.vjp(windows, x)
    shape = tuple(a for d in y.shape for a in (d, 1))
    hit = w == y.reshape(shape)
    if first:   # [outs..., ks...]: one-hot of each window's first hit
        perm = tuple(range(0, 2 * y.ndim, 2)) + tuple(range(1, 2 * y.ndim, 2))
        flat = jnp.transpose(hit, perm).reshape(y.shape + (-1,))
        flat = jax.nn.one_hot(jnp.argmax(flat, -1), flat.shape[-1], dtype=bool)
        hit = jnp.transpose(flat.reshape(y.shape + tuple(dims)), np.argsort(perm))
    return transpose(jnp.where(hit, g.reshape(shape), jnp.zeros_like(w)))


_max_pool_masked.defvjp(_max_pool_masked_fwd, _max_pool_masked_bwd)


def _max_pool_ties(x, ksize, strides, padding, channels_first, dilations):
    return _max_pool_masked(x, ksize, strides, padding, channels_first, dilations, False)


def _max_pool_first(x, ksize, strides, padding, channels_first, dilations):
    """MaxPool: JAX's gradient of reduce_window (the first maximum) for overlapping
    windows; by window masks with dilations (which JAX cannot differentiate) and for
    windows that tile the input (a reshape: several times faster on CPU than XLA's
    select-and-scatter)."""
    if any(d > 1 for d in dilations) or tuple(strides) == tuple(ksize):
        return _max_pool_masked(x, ksize, strides, padding, channels_first, dilations, True)
    return _max_pool(x, ksize, strides, padding, channels_first, dilations)


def _avg_pool(x, ksize, strides, padding, channels_first, dilations):
    dims, steps, pads = _window(x, ksize, strides, padding, channels_first)
    rates = _full(dilations, channels_first)
    zero = np.zeros((), x.dtype)
    total = lax.reduce_window(x, zero, lax.add, dims, steps, pads, window_dilation=rates)
    count = lax.reduce_window(jnp.ones(x.shape, x.dtype), zero, lax.add, dims, steps, pads,
                              window_dilation=rates)
    return total / count


_max_pool_op = Op("MaxPool", _max_pool_first)
_avg_pool_op = Op("AvgPool", _avg_pool)
_max_pool3d_op = Op("MaxPool3D", _max_pool_ties)
_avg_pool3d_op = Op("AvgPool3D", _avg_pool)


def _pool(ops, input, ksize, strides, padding, data_format, n, dilations=None):
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
    for name, values in (("ksize", ksize), ("strides", strides)):
        full = (1, 1, *values) if channels_first else (1, *values, 1)
        if any(v <= 0 for v in values):   # (TF's kernel: oneDNN's for float32 AvgPool)
            raise errors.op_error(
                errors.InvalidArgumentError, op.name,
                "Sliding window ksize must be positive. The specified or inferred ksize is: "
                + ",".join(map(str, full)) if name == "ksize" else
                f"Stride must be > 0, but got {next(v for v in full if v <= 0)}",
                kernel=f"__MklNative{op.name}" if op.name == "AvgPool" and
                x.dtype in (dtypes.float32, dtypes.bfloat16) else op.name)
    sizes = x._value.shape[2:] if channels_first else x._value.shape[1:-1]
    dilations = dilations or (1,) * n
    ksize_eff = tuple((k - 1) * d + 1 for k, d in zip(ksize, dilations))
    if pads == "VALID" and any(k > s for k, s in zip(ksize_eff, sizes)):
        # TF's kernels fail on a window larger than the input (an empty output for VALID).
        bad = next(i for i, (k, s) in enumerate(zip(ksize_eff, sizes)) if k > s)
        raise errors.op_error(
            errors.InvalidArgumentError, op.name,
            f"Computed output size would be negative: {sizes[bad] - ksize_eff[bad] + 1} "
            f"[input_size: {sizes[bad]}, effective_filter_size: {ksize_eff[bad]}, stride: "
            f"{strides[bad]}]", kernel=op.name)
    return execute(op, (x,), (("ksize", ksize), ("strides", strides), ("padding", pads),
                              ("channels_first", channels_first), ("dilations", dilations)))


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


def pool(input, window_shape, pooling_type, strides=None, padding="VALID", data_format=None,
         dilations=None, name=None):
    """tf.nn.pool: N-D max or average pooling ("MAX", "AVG"); dilations above 1 with
    VALID padding and strides of 1 only."""
    x = to_tensor(input)
    n = len(window_shape)
    if not 1 <= n <= 3:
        raise ValueError(f"`len(window_shape)` must be 1, 2, or 3. Received: window_shape="
                         f"{window_shape} of length {n}")
    if x.ndim != n + 2:
        raise ValueError(f"Shape {x.shape} must have rank {n + 2}")
    strides, dilations = _strides_and_dilations(n, strides, dilations)
    window = tuple(static_int(k, "tf.nn.pool", "window_shape") for k in window_shape)
    if padding == "SAME" and any(d > 1 for d in dilations):
        raise ValueError(f"pooling with 'SAME' padding is not implemented for `dilation_rate` > "
                         f"1. Received: padding={padding} and dilation_rate="
                         f"{np.array(dilations, np.int32)}")
    if any(s > k for s, k in zip(strides, window)):
        raise ValueError(f"`strides` > `window_shape` not supported due to inconsistency "
                         f"between CPU and GPU implementations. Received: strides="
                         f"{np.array(strides, np.int32)} and window_shape={window_shape}")
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    if n == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError(f"data_format must be either 'NWC' or 'NCW'. Received: "
                         f"data_format={data_format}")
    ops = _MAX if pooling_type == "MAX" else _AVG
    return _pool(ops, x, window, strides, padding, data_format, n, dilations)
