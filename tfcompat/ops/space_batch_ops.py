"""tf.space_to_batch_nd / tf.space_to_batch / tf.nn.space_to_batch and tf.batch_to_space
(TF's SpaceToBatchND and BatchToSpaceND, as a pad or crop, reshapes and a transpose), and
what TF builds of them: tf.nn.with_space_to_batch, tf.nn.atrous_conv2d and
tf.nn.atrous_conv2d_transpose. Each is the other's gradient, as TF registers them."""
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .conv_ops import conv2d_transpose, convolution
from .math_common import enums
from .op_args import attr_error, dims, index_array, kernel_error

__all__ = ["space_to_batch", "space_to_batch_nd", "batch_to_space"]


def _space_to_batch(x, block_shape, paddings):
    m = len(block_shape)
    pads = ((0, 0),) + paddings + ((0, 0),) * (x.ndim - 1 - m)
    x = jnp.pad(x, pads)
    rest = x.shape[1 + m:]
    split = (x.shape[0],) + tuple(a for d, b in zip(x.shape[1:1 + m], block_shape)
                                  for a in (d // b, b)) + rest
    perm = tuple(2 + 2 * i for i in range(m)) + (0,) + tuple(1 + 2 * i for i in range(m)) + \
        tuple(range(1 + 2 * m, len(split)))
    y = x.reshape(split).transpose(perm)
    return y.reshape((x.shape[0] * int(np.prod(block_shape)),)
                     + tuple(d // b for d, b in zip(x.shape[1:1 + m], block_shape)) + rest)


def _batch_to_space(x, block_shape, crops):
    m = len(block_shape)
    batch = x.shape[0] // int(np.prod(block_shape))
    rest = x.shape[1 + m:]
    y = x.reshape(tuple(block_shape) + (batch,) + x.shape[1:])
    perm = (m,) + tuple(a for i in range(m) for a in (m + 1 + i, i)) + \
        tuple(range(2 * m + 1, y.ndim))
    y = y.transpose(perm).reshape(
        (batch,) + tuple(d * b for d, b in zip(x.shape[1:1 + m], block_shape)) + rest)
    return y[(slice(None),) + tuple(slice(lo, y.shape[1 + i] - hi)
                                    for i, (lo, hi) in enumerate(crops))]


_space_to_batch_op = Op("SpaceToBatchND", _space_to_batch)
_batch_to_space_op = Op("BatchToSpaceND", _batch_to_space)


# The dtypes of TF's kernels: XLA's (the op-def's), and the CPU's (real numbers).
_XLA_TYPES = ("float", "double", "int32", "uint8", "int16", "int8", "complex64", "int64",
              "bool", "qint8", "quint8", "qint32", "bfloat16", "uint16", "complex128", "half",
              "uint32", "uint64", "float8_e5m2", "float8_e4m3fn", "float8_e4m3fnuz",
              "float8_e4m3b11fnuz", "float8_e5m2fnuz", "int4", "uint4")
_CPU_TYPES = ("double", "float", "bfloat16", "half", "int32", "int8", "uint8", "int16",
              "uint16", "uint32", "int64", "uint64")


def _ints(op, value, attr, api, arg):
    """An index input (block_shape, paddings, crops) as a NumPy array; TF's attr error
    where it is not int32 or int64."""
    array = index_array(value, api, arg)
    if array.dtype.kind not in "iu" and array.size:
        raise attr_error(op, attr, dtypes.as_dtype(array.dtype))
    return array if array.dtype in (np.int32, np.int64) else array.astype(np.int32)


def _no_kernel(op, x, block, pairs, attr):
    """TF's NotFoundError for a dtype with no CPU kernel (bool, complex, string)."""
    index = "".join(f", {a}=DT_{dtypes.as_dtype(v.dtype).name.upper()}"
                    for a, v in (("Tblock_shape", block), (attr, pairs)))
    cpu = "".join(f"\n  device='CPU'; T in [DT_{d.upper()}]" for d in _CPU_TYPES)
    return errors.NotFoundError(
        None, None,
        f"Could not find device for node: {{{{node {op}}}}} = {op}[T=DT_"
        f"{x.dtype._tf_name.upper()}{index}]\nAll kernels registered for op {op}:\n  "
        f"device='XLA_CPU_JIT'; {attr} in [DT_INT32, DT_INT64]; Tblock_shape in [DT_INT32, "
        f"DT_INT64]; T in [{enums(_XLA_TYPES)}]{cpu}\n [Op:{op}]")


def _args(op, input, block_shape, pairs, arg):
    x = to_tensor(input)
    check_dtype(op, x, node_name=None)
    api = f"tf.{'space_to_batch_nd' if op is _space_to_batch_op else 'batch_to_space'}"
    attr = "Tpaddings" if arg == "paddings" else "Tcrops"
    block = _ints(op.name, block_shape, "Tblock_shape", api, "block_shape")
    pads = _ints(op.name, pairs, attr, api, arg)
    if x.dtype._tf_name not in _CPU_TYPES:
        raise _no_kernel(op.name, x, block, pads, attr)
    if block.ndim != 1:
        raise kernel_error(op.name, f"block_shape rank should be 1 instead of {block.ndim}")
    m = block.shape[0]
    if x.ndim < 1 + m:
        raise kernel_error(op.name, f"input rank should be >= {1 + m} instead of {x.ndim}")
    if pads.ndim != 2 or pads.shape != (m, 2):
        raise kernel_error(op.name, f"{arg} should have shape [{m}, 2] instead of "
                                    f"{dims(pads.shape)}")
    return x, tuple(block.tolist()), tuple(tuple(p) for p in pads.tolist())


def space_to_batch_nd(input, block_shape, paddings, name=None):
    """tf.space_to_batch_nd (also tf.space_to_batch, tf.nn.space_to_batch): zero-pads
    dimensions 1..M of `input` by `paddings` and moves blocks of `block_shape` into the
    batch: output[(i0 * b1 + i1) * batch + n, ...] takes padded[n, y0 * b0 + i0, ...]."""
    op = _space_to_batch_op
    x, block, pads = _args(op, input, block_shape, paddings, "paddings")
    shape = x._value.shape
    for i, (b, (lo, hi)) in enumerate(zip(block, pads)):
        if lo < 0 or hi < 0:
            raise kernel_error(op.name, "Paddings must be non-negative")
        if b < 1:
            raise kernel_error(op.name, f"All values in block_shape must be positive, got "
                                        f"value, {b} at index {i}.")
        padded = shape[1 + i] + lo + hi
        if padded % b:
            raise kernel_error(op.name, f"padded_shape[{i}]={padded} is not divisible by "
                                        f"block_shape[{i}]={b}")
    return execute(op, (x,), (("block_shape", block), ("paddings", pads)))


space_to_batch = space_to_batch_nd


def batch_to_space(input, block_shape, crops, name=None):
    """tf.batch_to_space (TF's BatchToSpaceND; an int `block_shape` is [b, b]): the
    inverse of space_to_batch_nd, then `crops` cut from dimensions 1..M."""
    if isinstance(block_shape, int) and not isinstance(block_shape, bool):
        block_shape = np.array([block_shape, block_shape], np.int64)
    op = _batch_to_space_op
    x, block, crop = _args(op, input, block_shape, crops, "crops")
    shape = x._value.shape
    product = int(np.prod(block, dtype=np.int64))
    if product <= 0:
        raise kernel_error(op.name, f"Product of block sizes must be positive, got {product}")
    if shape[0] % product:
        raise kernel_error(op.name, f"Input batch dimension ({shape[0]}) is not divisible by "
                                    f"product of block sizes ({product})")
    for i, (b, (lo, hi)) in enumerate(zip(block, crop)):
        if b == 1 and lo == hi == 0:
            continue
        if lo < 0 or hi < 0:
            raise kernel_error(op.name, "Crops must be non-negative")
        size = shape[1 + i] * b - lo - hi
        if size < 0:
            raise kernel_error(op.name, f"cropped_shape[{i}]={size} must be non-negative")
    return execute(op, (x,), (("block_shape", block), ("crops", crop)))


def raw_space_to_batch_nd(*, input, block_shape, paddings, name=None):
    """tf.raw_ops.SpaceToBatchND."""
    return space_to_batch_nd(input, block_shape, paddings)


def raw_batch_to_space_nd(*, input, block_shape, crops, name=None):
    """tf.raw_ops.BatchToSpaceND."""
    return batch_to_space(input, block_shape, crops)


def _required_paddings(spatial, rate, base):
    """TF's required_space_to_batch_paddings on static values: (paddings, crops)."""
    full = spatial + base[:, 0] + base[:, 1]
    extra = (rate - full % rate) % rate
    return (np.stack([base[:, 0], base[:, 1] + extra], 1),
            np.stack([np.zeros_like(extra), extra], 1))


def with_space_to_batch(input, dilation_rate, padding, op, filter_shape=None,
                        spatial_dims=None, data_format=None):
    """tf.nn.with_space_to_batch: `op(input, num_spatial_dims, padding)` where every rate
    is 1, else batch_to_space_nd of `op` run "VALID" on space_to_batch_nd of `input`
    (padded for `padding`: "SAME" pads (filter_shape - 1) * rate, split as TF splits it;
    a list gives the explicit padding of every dimension)."""
    x = to_tensor(input)
    rate = index_array(dilation_rate, "tf.nn.with_space_to_batch", "dilation_rate")
    if rate.ndim != 1:
        raise ValueError(f"`dilation_rate.shape.rank` must be 1. Received: dilation_rate="
                         f"{to_tensor(rate.astype(np.int32))!r} of rank {rate.ndim}")
    rate = rate.astype(np.int64)
    n = rate.shape[0]
    start = 2 if data_format is not None and data_format.startswith("NC") else 1
    orig = list(range(start, n + start) if spatial_dims is None else spatial_dims)
    spatial = sorted({int(d) for d in orig})
    if spatial != orig or any(d < 1 for d in spatial):
        raise ValueError(f"`spatial_dims` must be a monotonically increasing sequence of "
                         f"positive integers. Received: spatial_dims={orig}")
    rank = spatial[-1] if start == 2 else spatial[-1] + 1
    if x.ndim < rank:
        raise ValueError(f"`input.shape.rank` must be at least {rank}. Received: "
                         f"input.shape={x.shape} with rank {x.ndim}")
    if np.any(rate < 1):
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate="
                         f"{rate.astype(np.int32)}")
    if np.all(rate == 1):
        return op(x, n, padding)
    if padding == "SAME":
        if filter_shape is None:
            raise ValueError(f"`filter_shape` must be specified for `padding='SAME'`. "
                             f"Received: filter_shape={filter_shape} and padding={padding}")
        extra = (index_array(filter_shape, "tf.nn.with_space_to_batch", "filter_shape")[:n]
                 .astype(np.int64) - 1) * rate
        base = np.stack([extra // 2, extra - extra // 2], 1)
    elif padding == "VALID":
        base = np.zeros([n, 2], np.int64)
    elif isinstance(padding, (list, tuple)):   # explicit [[0, 0], [before, after]..., [0, 0]]
        pairs = np.array(padding, np.int64).reshape(n + 2, 2)
        base = pairs[2:] if start == 2 else pairs[1:-1]
    else:
        raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: "
                         f"padding={padding}")
    shape = x._value.shape
    pads, crops = _required_paddings(np.array([shape[d] for d in spatial], np.int64), rate,
                                     base)
    block = np.ones([spatial[-1]], np.int64)
    full_pads = np.zeros([spatial[-1], 2], np.int64)
    full_crops = np.zeros([spatial[-1], 2], np.int64)
    for i, d in enumerate(spatial):
        block[d - 1], full_pads[d - 1], full_crops[d - 1] = rate[i], pads[i], crops[i]
    y = op(space_to_batch_nd(x, block, full_pads), n, "VALID")
    return batch_to_space(y, block, full_crops)


def atrous_conv2d(value, filters, rate, padding, name=None):
    """tf.nn.atrous_conv2d: conv2d of NHWC `value` with `filters` dilated by `rate`."""
    return convolution(value, filters, padding=padding,
                       dilations=np.broadcast_to(rate, (2,)).tolist())


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None):
    """tf.nn.atrous_conv2d_transpose: the transpose of atrous_conv2d, built as TF builds it
    (space_to_batch by `rate`, a Conv2DBackpropInput, batch_to_space)."""
    x, w = to_tensor(value), to_tensor(filters)
    if x.shape[3] is not None and w.shape[3] is not None and x.shape[3] != w.shape[3]:
        raise ValueError(f"`value` channel count must be compatible with `filters` input "
                         f"channel count. Received: value.shape={x.shape} with channel count "
                         f"{x.shape[3]} and filters.shape={w.shape} with input channel count "
                         f"{w.shape[3]}.")
    if rate < 1:
        raise ValueError(f"`rate` cannot be less than one. Received: rate={rate}")
    if rate == 1:
        return conv2d_transpose(x, w, output_shape, [1, 1, 1, 1], padding, "NHWC")
    out = index_array(output_shape, "tf.nn.atrous_conv2d_transpose", "output_shape")
    if out.shape != (4,):
        raise ValueError(f"`output_shape` must have shape (4,). Received: "
                         f"output_shape={out.shape}")
    out = [int(v) for v in out]
    if w.shape[2] != out[3]:
        raise ValueError(f"`output_shape` channel count must be compatible with `filters` "
                         f"output channel count. Received: output_shape={list(output_shape)} "
                         f"with channel count {out[3]} and filters.shape={w.shape} with "
                         f"output channel count {w.shape[3]}.")
    if padding == "SAME":
        up = [k + (k - 1) * (rate - 1) - 1 for k in w.shape[:2]]
        (top, bottom), (left, right) = ((p // 2, p - p // 2) for p in up)
    elif padding == "VALID":
        top = bottom = left = right = 0
    else:
        raise ValueError(f"`padding` must be either 'VALID' or 'SAME'. Received: "
                         f"padding={padding}")
    height, width = out[1] + top + bottom, out[2] + left + right
    bottom_extra, right_extra = (rate - height % rate) % rate, (rate - width % rate) % rate
    y = space_to_batch_nd(x, [rate, rate], [[0, bottom_extra], [0, right_extra]])
    sizes = [rate * rate * out[0], (height + bottom_extra) // rate,
             (width + right_extra) // rate, out[3]]
    y = conv2d_transpose(y, w, sizes, [1, 1, 1, 1], "VALID", "NHWC")
    return batch_to_space(y, [rate, rate], [[top, bottom + bottom_extra],
                                             [left, right + right_extra]])
