"""tf.histogram_fixed_width: counts of values in equal-width bins (TF's
HistogramFixedWidth kernel); tf.histogram_fixed_width_bins: each value's bin (built of
other ops as TF builds it); tf.raw_ops.Bucketize: the bin of each value."""
import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.context import ctx
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from .arithmetic_ops import clip_by_value, multiply, subtract, truediv
from .assert_ops import Assert
from .cast_ops import cast
from .comparison_ops import greater
from .manip_ops import reshape
from .op_args import attr_error, dims, int32_scalar, kernel_error, traced
from .unary_ops import floor

__all__ = ["histogram_fixed_width", "histogram_fixed_width_bins"]

def _histogram(values, value_range, nbins, dtype):
    # TF's functor, in double: bin = min((max(v, lo) - lo) / ((hi - lo) / nbins), nbins - 1).
    v = values.reshape(-1).astype(jnp.float64)
    lo, hi = value_range.astype(jnp.float64)
    # (a full-shape divisor behind a barrier: XLA turns division by a scalar into
    # multiplication by its reciprocal, which rounds differently)
    step = jax.lax.optimization_barrier(jnp.broadcast_to((hi - lo) / nbins, v.shape))
    index = jnp.minimum((jnp.maximum(v, lo) - lo) / step, nbins - 1).astype(jnp.int64)
    return jnp.zeros(nbins, dtype).at[index].add(jnp.ones_like(index, dtype))


_histogram_op = Op("HistogramFixedWidth", _histogram, differentiable=False)


def histogram_fixed_width(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """tf.histogram_fixed_width: how many of `values` fall in each of `nbins` equal bins
    of `value_range` (values outside go to the first or last bin)."""
    x = convert_to_tensor(values)
    r = convert_to_tensor(value_range, dtype=x.dtype)
    dtype = dtypes.as_dtype(dtype)
    if isinstance(nbins, (Tensor, Variable)) and nbins.dtype is not dtypes.int32:
        raise ValueError(f"Tensor conversion requested dtype int32 for Tensor with dtype "
                         f"{nbins.dtype.name}: {nbins!r}")
    if np.ndim(getattr(nbins, "_value", nbins)):
        raise kernel_error("HistogramFixedWidth", "nbins should be a scalar.")
    nbins = int32_scalar(nbins, "HistogramFixedWidth", "nbins should be a scalar.",
                         "tf.histogram_fixed_width", "nbins")
    check_dtype(_histogram_op, x, None)
    if dtype.name not in ("int32", "int64"):
        raise attr_error("HistogramFixedWidth", "dtype", dtype)
    if ctx.traces and nbins <= 0:   # TF's shape inference
        raise ValueError(
            f"Requires nbins > 0: {nbins} for '{{{{node histogram_fixed_width}}}} = "
            f"HistogramFixedWidth[T=DT_{x.dtype._tf_name.upper()}, dtype=DT_"
            f"{dtype.name.upper()}](histogram_fixed_width/values, histogram_fixed_width/"
            f"value_range, histogram_fixed_width/nbins)' with input shapes: "
            f"{dims(x._value.shape)}, {dims(r._value.shape)}, [] and with computed input "
            f"tensors: input[2] = <{nbins}>.")
    text = None
    if r.ndim != 1:
        text = "value_range should be a vector."
    elif r._value.shape[0] != 2:
        text = "value_range should be a vector of 2 elements."
    elif nbins <= 0:
        text = f"nbins should be a positive number, but got '{nbins}'"
    elif not traced(x, r):   # (values computed in a tf.function: not checked)
        lo, hi = np.asarray(r._value).tolist()
        if not lo < hi:
            text = (f"value_range should satisfy value_range[0] < value_range[1], but got "
                    f"'[{_g(lo)}, {_g(hi)}]'")
        elif x.dtype.is_floating and np.isnan(np.asarray(x._value)).any():
            text = "Histogram values must not contain NaN"
    if text:
        raise kernel_error("HistogramFixedWidth", text)
    return execute(_histogram_op, (x, r), (("nbins", nbins), ("dtype", dtype._np)))


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=dtypes.int32, name=None):
    """tf.histogram_fixed_width_bins: int32 bin indices of `values` in `nbins` equal bins
    of `value_range` (clipped to [0, nbins - 1]; `dtype` is ignored, as TF ignores it)."""
    values = convert_to_tensor(values)
    shape = values.shape.as_list()
    values = reshape(values, [-1])
    value_range = convert_to_tensor(value_range)
    nbins = convert_to_tensor(nbins, dtype=dtypes.int32)
    Assert(greater(nbins, 0), ["nbins %s must > 0" % nbins])
    nbins_float = cast(nbins, values.dtype)
    scaled = truediv(subtract(values, value_range[0]),
                     subtract(value_range[1], value_range[0]))
    indices = floor(multiply(nbins_float, scaled))
    indices = cast(clip_by_value(indices, 0, subtract(nbins_float, 1)), dtypes.int32)
    return reshape(indices, shape)


def _g(value):
    """A number as TF's kernel prints it (%g-like: 5, 0.5, nan)."""
    return f"{value:g}"


def _bucketize(x, boundaries):
    # The kernel's std::upper_bound over the float boundaries: `x < boundary` in C++'s
    # arithmetic (integers converted to float, float boundaries to double for doubles).
    wide = x.dtype == jnp.float64
    b = np.asarray(boundaries, np.float32).astype(np.float64 if wide else np.float32)
    return jnp.searchsorted(b, x if wide else x.astype(jnp.float32),
                            side="right").astype(jnp.int32)


_bucketize_op = Op("Bucketize", _bucketize, differentiable=False)


def bucketize(*, input, boundaries, name=None):   # noqa: A002 (TF's argument name)
    """tf.raw_ops.Bucketize: for each value the number of (sorted, float) `boundaries`
    not above it, as int32."""
    x = to_tensor(input)
    check_dtype(_bucketize_op, x)
    boundaries = tuple(float(b) for b in boundaries)
    if any(a > b for a, b in zip(boundaries, boundaries[1:])):
        raise kernel_error("Bucketize", "Expected sorted boundaries", name="")
    return execute(_bucketize_op, (x,), (("boundaries", boundaries),))
