"""tf.one_hot and tf.sequence_mask."""
import builtins

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, func_graph
from ..framework.relaxed_shapes import traced_dims, with_dims
from ..framework.composite_dispatch import dispatchable
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from .op_args import attr_error, concrete, int32_scalar, kernel_error, static_int


def _one_hot(indices, on, off, depth, axis):
    hot = jnp.expand_dims(indices, axis) == jnp.arange(depth, dtype=indices.dtype).reshape(
        (depth,) + (1,) * (indices.ndim - axis))
    return jnp.where(hot, on, off)


# TF registers OneHot's gradient as None for every input.
_one_hot_op = Op("OneHot", _one_hot, differentiable=False)


@dispatchable("indices")
def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """tf.one_hot: the dtype comes from `dtype`, else on_value/off_value, else float32."""
    dtype = None if dtype is None else dtypes.as_dtype(dtype)
    on = None if on_value is None else convert_to_tensor(on_value, dtype_hint=dtype)
    off = None if off_value is None else convert_to_tensor(off_value, dtype_hint=dtype)
    for v, what in ((on, "on_value"), (off, "off_value")):
        if v is not None and dtype is not None and v.dtype is not dtype:
            raise TypeError(f"dtype {v.dtype} of {what} does not match dtype parameter {dtype}")
    if on is not None and off is not None and on.dtype is not off.dtype:
        raise TypeError(f"dtype {on.dtype} of on_value does not match dtype {off.dtype} of "
                        f"off_value")
    dtype = dtype or (on.dtype if on is not None else off.dtype if off is not None
                      else dtypes.float32)
    on = convert_to_tensor(1, dtype) if on is None else on
    off = convert_to_tensor(0, dtype) if off is None else off
    empty = isinstance(indices, (list, tuple)) and not np.size(indices)   # (of no dtype)
    idx = convert_to_tensor(indices, dtypes.int32) if empty else to_tensor(indices)
    if idx.dtype.name not in _one_hot_op.spec.allowed("TI"):
        raise attr_error("OneHot", "TI", idx.dtype)
    if isinstance(depth, (Tensor, Variable)) and depth.dtype is not dtypes.int32:
        raise ValueError(f"Tensor conversion requested dtype int32 for Tensor with dtype "
                         f"{depth.dtype.name}: {depth!r}")
    depth = int32_scalar(depth, "OneHot", "depth must be a scalar, but got: {}", "tf.one_hot",
                         "depth")
    axis = -1 if axis is None else static_int(axis, "tf.one_hot", "axis")
    if not -1 <= axis <= idx.ndim:
        raise kernel_error("OneHot", f"Expected axis to be -1 or between [0, {idx.ndim + 1}).  "
                                     f"But received: {axis}")
    if depth < 0:
        raise kernel_error("OneHot", f"depth must be non-negative, got: {depth}")
    with func_graph.named(name or "one_hot"):
        return execute(_one_hot_op, (idx, on, off),
                       (("depth", depth), ("axis", idx.ndim if axis == -1 else axis)))


def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool, name=None):
    """tf.sequence_mask: mask[..., j] = j < lengths[...] (maxlen defaults to max(lengths))."""
    lengths = to_tensor(lengths)
    arr = lengths._value
    if maxlen is None:
        maxlen = int(jnp.max(concrete(lengths, "tf.sequence_mask (without maxlen)",
                                      "lengths"))) if arr.size else 0
        maxlen = builtins.max(maxlen, 0)
    else:
        maxlen = static_int(maxlen, "tf.sequence_mask", "maxlen")
        if maxlen < 0:
            raise kernel_error("Range", f"Requires start <= limit when delta > 0: 0/{maxlen}", "")
    mask = jnp.arange(maxlen, dtype=arr.dtype) < arr[..., None]
    return with_dims(EagerTensor(mask.astype(dtypes.as_dtype(dtype)._np)),
                     tuple(traced_dims(lengths)) + (maxlen,))
