"""tf.conv (TF's general Conv op, as its CPU kernel runs it), the depthwise convolution's
gradients tf.nn.depthwise_conv2d_backprop_filter/_input (DepthwiseConv2dNativeBackprop*:
VJPs of the depthwise convolution; TF's CPU kernels ignore `dilations`, and so do these),
and tf.conv2d_backprop_filter_v2/_input_v2, which TF registers no kernel for."""
import jax
import jax.numpy as jnp

from ..framework import errors
from ..framework.dispatch import Op, check_dtype, execute, match, to_tensor
from .conv_ops import _conv, _out_size, _padding, _sequence, onednn_aborted, onednn_dtype
from .op_args import kernel_error, static_ints

__all__ = ["conv", "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2"]



def _depthwise(x, w, strides, padding):
    return _conv(x, w, strides, padding, (1, 1), False, x.shape[-1], depthwise=True)


def _nhwc(t, channels_first):
    return jnp.transpose(t, (0, 2, 3, 1)) if channels_first else t


def _backprop_filter(x, dy, strides, padding, channels_first, sizes):
    x, dy = _nhwc(x, channels_first), _nhwc(dy, channels_first)

    def forward(w):
        return _depthwise(x, w, strides, padding)
    return jax.vjp(forward, jnp.zeros(sizes, x.dtype))[1](dy)[0]


def _backprop_input(w, dy, strides, padding, channels_first, sizes):
    dy = _nhwc(dy, channels_first)

    def forward(x):
        return _depthwise(x, w, strides, padding)
    dx = jax.vjp(forward, jnp.zeros(sizes, w.dtype))[1](dy)[0]
    return jnp.transpose(dx, (0, 3, 1, 2)) if channels_first else dx


_filter_op = Op("DepthwiseConv2dNativeBackpropFilter", _backprop_filter)
_input_op = Op("DepthwiseConv2dNativeBackpropInput", _backprop_input)


def _depthwise_backprop(op, tensors, sizes, strides, padding, data_format, which):
    """Checks and runs op (`which`: "Filter" or "Input"); shapes are compared in NHWC."""
    ts = [to_tensor(t) for t in tensors]
    check_dtype(op, ts[0], node_name=None)
    onednn = onednn_dtype(ts[0].dtype.name)
    if ts[1].dtype != ts[0].dtype:
        kernel = f"_MklNative{op.name}" if onednn else op.name
        raise errors.InvalidArgumentError(
            None, None, f"cannot compute {kernel} as input #2(zero-based) was expected to be a "
                        f"{ts[0].dtype._tf_name} tensor but is a {ts[1].dtype._tf_name} tensor "
                        f"[Op:{op.name}]")
    channels_first = data_format == "NCHW"
    sizes = static_ints(sizes, f"tf.nn.depthwise_conv2d_backprop_{which.lower()}",
                        f"{which.lower()}_sizes")
    strides, _ = _sequence(strides, 2, channels_first, "strides")
    pads = _padding(padding, 2, channels_first, op.name, ts[0].dtype.name, suffix="")

    def nhwc(shape):
        return (shape[0], shape[2], shape[3], shape[1]) if channels_first else tuple(shape)
    if which == "Input":
        x_shape, w_shape = nhwc(sizes), ts[0]._value.shape
        sizes = x_shape
    else:
        x_shape, w_shape = nhwc(ts[0]._value.shape), sizes
    dy_shape = nhwc(ts[1]._value.shape)
    text = None
    for i, what in enumerate(("rows", "cols")):
        expected, _ = _out_size(x_shape[1 + i], w_shape[i], strides[i], 1,
                                pads if isinstance(pads, str) else pads[i])
        if expected != dy_shape[1 + i] and text is None:
            text = (f"DepthwiseConv2DBackprop{which}: Number of {what} of out_backprop doesn't "
                    f"match computed: actual = {dy_shape[1 + i]}, computed = {expected}")
    if text is None and (dy_shape[3] != x_shape[3] * w_shape[3] or w_shape[2] != x_shape[3]):
        text = (f"DepthwiseConv2DBackprop{which}: out_backprop depth {dy_shape[3]} does not "
                f"match input depth {x_shape[3]} times the filter's depth multiplier "
                f"{w_shape[3]}")
    if text is not None and onednn:
        raise onednn_aborted(op.name, which.lower(), 546 if which == "Input" else 685)
    if text is not None:
        raise kernel_error(op.name, text)
    return execute(op, ts, (("strides", strides), ("padding", pads),
                            ("channels_first", channels_first), ("sizes", tuple(sizes))))


def depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,
                                     data_format="NHWC", dilations=None, name=None):
    """tf.nn.depthwise_conv2d_backprop_filter: the gradient of depthwise_conv2d with
    respect to its filter, of shape `filter_sizes`."""
    return _depthwise_backprop(_filter_op, (input, out_backprop), filter_sizes, strides,
                               padding, data_format, "Filter")


def depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding,
                                    data_format="NHWC", dilations=None, name=None):
    """tf.nn.depthwise_conv2d_backprop_input: the gradient of depthwise_conv2d with
    respect to its input, of shape `input_sizes`."""
    return _depthwise_backprop(_input_op, (filter, out_backprop), input_sizes, strides,
                               padding, data_format, "Input")


def _general_conv(x, w, strides, padding, dilations, batch_shape):
    y = _conv(x.reshape((-1,) + x.shape[len(batch_shape):]), w, strides, padding, dilations,
              False, 1)
    return y.reshape(batch_shape + y.shape[1:])


def _no_conv_gradient(cts):
    raise LookupError("gradient registry has no entry for: Conv")


_general_conv_op = Op("Conv", _general_conv, grad_fn=_no_conv_gradient)


def _conv_failure(text, cls=errors.InvalidArgumentError):
    return kernel_error("Conv", text, name="", cls=cls)


def conv(input, filter, strides, padding, explicit_paddings=(), data_format="CHANNELS_LAST",
         dilations=(), batch_dims=1, groups=1, name=None):
    """tf.conv (TF's Conv op): an N-D convolution of `input` [batch dims..., spatial...,
    channels] with `filter` [spatial..., in, out]; `strides`, `dilations` of length
    N + 2. TF's CPU kernel takes channels-last data and one group only, and so does this."""
    x, w = match((input, filter), "Conv")
    check_dtype(_general_conv_op, x)
    if padding != "EXPLICIT":
        padding = _padding(padding, 2, False, "Conv", x.dtype.name)
    if data_format not in ("CHANNELS_LAST", "CHANNELS_FIRST"):
        raise errors.InvalidArgumentError(
            None, None, f"Value for attr 'data_format' of \"{data_format}\" is not in the list "
                        f"of allowed values: \"CHANNELS_FIRST\", \"CHANNELS_LAST\"")
    n = x.ndim - batch_dims - 1
    if n not in (2, 3):
        raise _conv_failure(f"The input must have 2 or 3 spatial dimensions but got {n}")
    strides = static_ints(strides, "tf.conv", "strides")
    if len(strides) != n + 2:
        raise _conv_failure(f"Sliding window strides field must specify {n + 2} dimensions")
    dilations = static_ints(dilations, "tf.conv", "dilations") or (1,) * (n + 2)
    if data_format == "CHANNELS_FIRST":
        formats = ("NHWC", "NCHW") if n == 2 else ("NDHWC", "NCDHW")
        raise _conv_failure(f"The Conv{n}D op currently only supports the {formats[0]} tensor "
                            f"format on the CPU. The op was given the format: {formats[1]}",
                            errors.UnimplementedError)
    if groups != 1 or x._value.shape[-1] != w._value.shape[-2]:
        raise _conv_failure("Grouped/Depthwise Convolutions are not supported yet.",
                            errors.UnimplementedError)
    if padding == "EXPLICIT":
        p = static_ints(explicit_paddings, "tf.conv", "explicit_paddings")
        padding = tuple((p[2 * i], p[2 * i + 1]) for i in range(1, n + 1))
    return execute(_general_conv_op, (x, w), (
        ("strides", tuple(strides[1:-1])), ("padding", padding),
        ("dilations", tuple(dilations[1:-1])),
        ("batch_shape", tuple(x._value.shape[:batch_dims]))))


def _no_kernel(op, x, strides, padding, explicit_paddings, data_format, dilations):
    """TF registers no kernel for Conv2DBackpropFilterV2 / Conv2DBackpropInputV2."""
    def ints(v):
        return "[" + ", ".join(str(int(i)) for i in v) + "]"
    return errors.NotFoundError(
        None, None,
        f"Could not find device for node: {{{{node {op}}}}} = {op}[T=DT_"
        f"{x.dtype._tf_name.upper()}, data_format=\"{data_format}\", dilations="
        f"{ints(dilations)}, explicit_paddings={ints(explicit_paddings)}, padding="
        f"\"{padding}\", strides={ints(strides)}, use_cudnn_on_gpu=true]\nAll kernels "
        f"registered for op {op}:\n  <no registered kernels>\n [Op:{op}] name: ")


def conv2d_backprop_filter_v2(input, filter, out_backprop, strides, padding,
                              use_cudnn_on_gpu=True, explicit_paddings=(), data_format="NHWC",
                              dilations=(1, 1, 1, 1), name=None):
    """tf.conv2d_backprop_filter_v2: TF 2.21 registers no kernel for it (NotFoundError)."""
    x, _, _ = match((input, filter, out_backprop), "Conv2DBackpropFilterV2")
    raise _no_kernel("Conv2DBackpropFilterV2", x, strides, padding, explicit_paddings,
                     data_format, dilations)


def conv2d_backprop_input_v2(input, filter, out_backprop, strides, padding,
                             use_cudnn_on_gpu=True, explicit_paddings=(), data_format="NHWC",
                             dilations=(1, 1, 1, 1), name=None):
    """tf.conv2d_backprop_input_v2: TF 2.21 registers no kernel for it (NotFoundError)."""
    x, _, _ = match((input, filter, out_backprop), "Conv2DBackpropInputV2")
    raise _no_kernel("Conv2DBackpropInputV2", x, strides, padding, explicit_paddings,
                     data_format, dilations)


def raw_conv(*, input, filter, strides, padding, explicit_paddings=(),
             data_format="CHANNELS_LAST", dilations=(), batch_dims=1, groups=1, name=None):
    """tf.raw_ops.Conv."""
    return conv(input, filter, strides, padding, explicit_paddings, data_format, dilations,
                batch_dims, groups)


def raw_depthwise_backprop_filter(*, input, filter_sizes, out_backprop, strides, padding,
                                  explicit_paddings=(), data_format="NHWC",
                                  dilations=(1, 1, 1, 1), name=None):
    """tf.raw_ops.DepthwiseConv2dNativeBackpropFilter."""
    return depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,
                                            data_format, dilations)


def raw_depthwise_backprop_input(*, input_sizes, filter, out_backprop, strides, padding,
                                 explicit_paddings=(), data_format="NHWC",
                                 dilations=(1, 1, 1, 1), name=None):
    """tf.raw_ops.DepthwiseConv2dNativeBackpropInput."""
    return depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding,
                                           data_format, dilations)


def raw_conv2d_backprop_filter_v2(*, input, filter, out_backprop, strides, padding,
                                  use_cudnn_on_gpu=True, explicit_paddings=(),
                                  data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """tf.raw_ops.Conv2DBackpropFilterV2 (no kernel in TF 2.21)."""
    return conv2d_backprop_filter_v2(input, filter, out_backprop, strides, padding,
                                     use_cudnn_on_gpu, explicit_paddings, data_format, dilations)


def raw_conv2d_backprop_input_v2(*, input, filter, out_backprop, strides, padding,
                                 use_cudnn_on_gpu=True, explicit_paddings=(),
                                 data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """tf.raw_ops.Conv2DBackpropInputV2 (no kernel in TF 2.21)."""
    return conv2d_backprop_input_v2(input, filter, out_backprop, strides, padding,
                                    use_cudnn_on_gpu, explicit_paddings, data_format, dilations)
