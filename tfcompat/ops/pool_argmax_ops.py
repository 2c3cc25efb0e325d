"""tf.nn.max_pool_with_argmax (TF's MaxPoolWithArgmax): max pooling that also gives each
maximum's flattened index ((y * width + x) * channels + c, plus b * height * width *
channels with include_batch_in_index). The first maximum of each window (row-major) wins,
as TF's kernel picks it; the gradient (MaxPoolGradWithArgmax) goes to that element."""
import collections

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, op_def
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .conv_ops import _sequence
from .morphology_ops import _argmax_window, _dilation, _size_and_pads
from .op_args import attr_error


def _pool_with_argmax(x, ksize, strides, pads, out, include_batch, index_dtype):
    zero = jnp.zeros(ksize + (x.shape[-1],), x.dtype)
    y = _dilation(x, zero, strides, (1, 1), pads, out)
    _, _, best = _argmax_window(x, zero, strides, (1, 1), pads, out)
    b, h, w, c = x.shape
    rows = np.arange(out[0])[:, None, None] * strides[0] - pads[0][0]
    cols = np.arange(out[1])[None, :, None] * strides[1] - pads[1][0]
    index = ((rows + best // ksize[1]) * w + cols + best % ksize[1]) * c + np.arange(c)
    if include_batch:
        index = index + np.arange(b)[:, None, None, None] * (h * w * c)
    return y, index.astype(index_dtype)


_op = Op("MaxPoolWithArgmax", _pool_with_argmax)
MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"],
                                           module="tensorflow.python.ops.gen_nn_ops")


def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC",
                         output_dtype=dtypes.int64, include_batch_in_index=False, name=None):
    """tf.nn.max_pool_with_argmax: (output, argmax) of NHWC max pooling."""
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    x = to_tensor(input)
    check_dtype(_op, x)
    ksize, ok_k = _sequence(ksize, 2, False, "ksize")
    strides, ok_s = _sequence(strides, 2, False, "strides")
    output_dtype = dtypes.as_dtype(output_dtype)
    if output_dtype.name not in ("int32", "int64"):
        raise attr_error("MaxPoolWithArgmax", "Targmax", output_dtype, name="")
    if padding not in ("SAME", "VALID"):
        raise op_def.attr_value_error("MaxPoolWithArgmax", "padding", padding, "")
    if x.ndim != 4:
        raise errors.op_error(errors.InvalidArgumentError, "MaxPoolWithArgmax",
                              "tensor_in must be 4-dimensional (2)",   # (as TF prints it)
                              kernel="MaxPoolWithArgmax")
    if not (ok_k and ok_s):
        raise errors.op_error(errors.UnimplementedError, "MaxPoolWithArgmax",
                              "MaxPooling supports exactly one of pooling across depth or "
                              "pooling across width/height.", kernel="MaxPoolWithArgmax")
    sizes = [_size_and_pads(x._value.shape[1 + i], ksize[i], strides[i], 1, padding,
                            "MaxPoolWithArgmax") for i in range(2)]
    return MaxPoolWithArgmax(*execute(_op, (x,), (
        ("ksize", ksize), ("strides", strides), ("pads", tuple(s[1] for s in sizes)),
        ("out", tuple(s[0] for s in sizes)), ("include_batch", bool(include_batch_in_index)),
        ("index_dtype", output_dtype._np))))


def raw_max_pool_with_argmax(*, input, ksize, strides, padding, Targmax=dtypes.int64,  # noqa: N803
                             include_batch_in_index=False, name=None):
    """tf.raw_ops.MaxPoolWithArgmax: `ksize` and `strides` of length 4."""
    for attr, value in (("ksize", ksize), ("strides", strides)):
        if len(value) < 4:
            raise op_def.attr_value_error("MaxPoolWithArgmax", attr, value, "")
    return max_pool_with_argmax(input, ksize, strides, padding, "NHWC", Targmax,
                                include_batch_in_index)
