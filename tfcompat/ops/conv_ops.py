"""tf.nn convolutions: conv1d/conv2d/conv3d, conv2d_transpose, depthwise_conv2d and
separable_conv2d, channels last or first, as one `lax.conv_general_dilated` kernel.

The error messages are those of TF's CPU kernels as built with oneDNN (the default on
x86): `_MklNativeConv2D` and friends.
"""
import jax
import jax.numpy as jnp
from jax import lax

from ..framework import errors, op_def
from ..framework.dispatch import Op, check_dtype, execute, match
from .op_args import static_int, static_ints

_SPATIAL = {1: "W", 2: "HW", 3: "DHW"}


def _conv(x, w, strides, padding, dilations, channels_first, groups, depthwise=False):
    if depthwise:  # [h, w, in, multiplier] -> [h, w, 1, in * multiplier]
        w = w.reshape(w.shape[:-2] + (1, -1))
    s = _SPATIAL[x.ndim - 2]
    lhs = "NC" + s if channels_first else "N" + s + "C"
    return lax.conv_general_dilated(
        x, w, strides, padding, rhs_dilation=dilations,
        dimension_numbers=(lhs, s + "IO", lhs), feature_group_count=groups,
        precision=lax.Precision.HIGHEST, preferred_element_type=x.dtype)


def _conv_transpose(x, w, strides, padding, dilations, channels_first, output_shape):
    """The gradient of `_conv` with respect to its input, at `x`."""
    def forward(z):
        return _conv(z, w, strides, padding, dilations, channels_first, 1)
    return jax.vjp(forward, jnp.zeros(output_shape, x.dtype))[1](x)[0]


# On x86 TF's eager runtime runs float32 and bfloat16 convolutions and average pools as
# oneDNN's _MklNative ops (whose OpDefs its attr errors print).
_ONEDNN = frozenset(("Conv2D", "Conv3D", "DepthwiseConv2dNative", "Conv2DBackpropInput",
                     "AvgPool", "AvgPool3D"))


def _node(op_name, dtype):
    """The op TF's eager runtime runs for `op_name` on `dtype`: its oneDNN variant for
    float32 and bfloat16 where there is one."""
    return "_MklNative" + op_name if op_name in _ONEDNN and dtype in ("float32", "bfloat16") \
        else op_name


_conv2d_op = Op("Conv2D", _conv)
_conv3d_op = Op("Conv3D", _conv)
_depthwise_op = Op("DepthwiseConv2dNative", lambda *a, **k: _conv(*a, **k, depthwise=True))
_conv2d_transpose_op = Op("Conv2DBackpropInput", _conv_transpose)


def _failure(op_name, text, kernel=None, suffix=" name: ", cls=errors.InvalidArgumentError):
    kernel = kernel or f"__MklNative{op_name}"
    return cls(None, None, f"{{{{function_node __wrapped__{kernel}_device_/job:localhost/"
                           f"replica:0/task:0/device:CPU:0}}}} {text} [Op:{op_name}]{suffix}")


def _sequence(value, n, channels_first, name, full=None):
    """TF's _get_sequence: an int or list of length 1, n or n + 2 as n spatial values
    (the entries for batch and channels of a full-length list must be 1)."""
    if value is None:
        return (1,) * n, True
    if isinstance(value, int):
        return (value,) * n, True
    value = [static_int(v, "tf.nn convolution/pooling", name) for v in value]
    if len(value) == 1:
        return tuple(value) * n, True
    if len(value) == n:
        return tuple(value), True
    if len(value) == n + 2:
        c = 1 if channels_first else n + 1
        spatial = tuple(v for i, v in enumerate(value) if i not in (0, c))
        return spatial, value[0] == 1 and value[c] == 1
    raise ValueError(f"{name} should be of length 1, {n} or {full or n + 2}. Received: "
                     f"{name}={value} of length {len(value)}")


def _padding(padding, n, channels_first, op_name, dtype, suffix=" name: "):
    """The padding: "SAME", "VALID" or the spatial (before, after) pairs of an explicit
    list. A string is the op's attr, checked as TF checks it (case-sensitive)."""
    if isinstance(padding, str):
        if padding in ("SAME", "VALID"):
            return padding
        node = op_def.spec(_node(op_name, dtype))
        allowed = ", ".join(f'"{a}"' for a in node.attrs["padding"]["allowed"])
        if padding == "EXPLICIT" and "EXPLICIT" in allowed:
            raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit "
                             "padding, `padding` must be a list.")
        raise errors.InvalidArgumentError(
            None, None, f"Value for attr 'padding' of \"{padding}\" is not in the list of "
                        f"allowed values: {allowed}\n\t; NodeDef: {{{{node {node.name}}}}}; "
                        f"Op<{node.summary}> [Op:{op_name}]{suffix}")
    pads = [tuple(static_int(v, "tf.nn convolution/pooling", "padding") for v in p)
            for p in padding]
    if len(pads) != n + 2:
        raise ValueError(f"When `padding` is a list, it must be of length {n + 2}. Received: "
                         f"padding={padding} of length {len(pads)}")
    c = 1 if channels_first else n + 1
    return tuple(p for i, p in enumerate(pads) if i not in (0, c))


def _out_size(size, k, stride, dilation, pad):
    eff = (k - 1) * dilation + 1
    if pad == "SAME":
        return -(-size // stride), eff
    lo, hi = (0, 0) if pad == "VALID" else pad
    return int((size + lo + hi - eff + stride) / stride), eff


def _check_shapes(op_name, x, w, strides, pads, dilations, channels_first, kernel):
    xs, ws = x._value.shape, w._value.shape
    depth = xs[1] if channels_first else xs[-1]
    if op_name == "Conv3D":
        if depth != ws[-2]:
            raise _failure(op_name, f"input and filter must have the same depth: {depth} vs "
                                    f"{ws[-2]}", kernel)
    elif ws[-2] == 0 or depth % ws[-2]:
        raise _failure(op_name, f"input depth must be evenly divisible by filter depth: "
                                f"{depth} vs {ws[-2]}", kernel)
    sizes = xs[2:] if channels_first else xs[1:-1]
    for i, size in enumerate(sizes):
        pad = pads if isinstance(pads, str) else pads[i]
        if strides[i] <= 0:
            raise _failure(op_name, f"Stride must be > 0, but got {strides[i]}", kernel)
        out, eff = _out_size(size, ws[i], strides[i], dilations[i], pad)
        if out < 0:
            raise _failure(op_name, f"Computed output size would be negative: {out} "
                                    f"[input_size: {size}, effective_filter_size: {eff}, "
                                    f"stride: {strides[i]}]", kernel)
    return depth


def _convolve(op, x, w, strides, padding, dilations, data_format, n, kernel=None,
              depthwise=False, suffix=" name: "):
    channels_first = data_format is not None and data_format.startswith("NC")
    x, w = match((x, w), op.name, f"_MklNative{op.name}" if kernel is None else kernel)
    check_dtype(op, x)
    strides, ok = _sequence(strides, n, channels_first, "strides")
    dilations, _ = _sequence(dilations, n, channels_first, "dilations")
    pads = _padding(padding, n, channels_first, op.name, x.dtype.name, suffix)   # (an attr)
    if not ok:
        raise _failure(op.name, "Current implementation does not yet support strides in the "
                                "batch and depth dimensions.", kernel,
                       cls=errors.UnimplementedError)
    depth = _check_shapes(op.name, x, w, strides, pads, dilations, channels_first, kernel)
    groups = depth if depthwise else depth // w._value.shape[-2]
    return execute(op, (x, w), (("strides", strides), ("padding", pads),
                                ("dilations", dilations), ("channels_first", channels_first),
                                ("groups", groups)))


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None,
           name=None):
    """tf.nn.conv2d: padding "SAME", "VALID" or explicit [[0, 0], [t, b], [l, r], [0, 0]];
    an input depth that is a multiple of the filter's gives a grouped convolution."""
    return _convolve(_conv2d_op, input, filters, strides, padding, dilations, data_format, 2)


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None,
           name=None):
    """tf.nn.conv1d (TF runs it as a Conv2D, whose messages it reports)."""
    return _convolve(_conv2d_op, input, filters, stride, padding, dilations, data_format, 1)


def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None,
           name=None):
    """tf.nn.conv3d."""
    return _convolve(_conv3d_op, input, filters, strides, padding, dilations, data_format, 3)


def depthwise_conv2d(input, filter, strides, padding, data_format=None,
                     dilations=None, name=None):
    """tf.nn.depthwise_conv2d: filter [h, w, in_channels, multiplier], output channel
    c * multiplier + m."""
    return _convolve(_depthwise_op, input, filter, strides, padding, dilations, data_format, 2,
                     kernel="__MklNativeDepthwiseConv2dNative", depthwise=True)


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding,
                     data_format=None, dilations=None, name=None):
    """tf.nn.separable_conv2d: depthwise_conv2d, then a 1x1 conv2d."""
    depthwise = _convolve(_depthwise_op, input, depthwise_filter, strides, padding, dilations,
                          data_format, 2, kernel="__MklNativeDepthwiseConv2dNative",
                          depthwise=True, suffix=" name: depthwise")   # (TF's op name)
    return conv2d(depthwise, pointwise_filter, [1, 1, 1, 1], "VALID",
                  data_format or "NHWC")


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME",
                     data_format="NHWC", dilations=None, name=None):
    """tf.nn.conv2d_transpose: the gradient of conv2d with respect to its input, whose
    shape is `output_shape`; filters are [h, w, output_channels, input_channels]."""
    op = _conv2d_transpose_op
    channels_first = data_format is not None and data_format.startswith("NC")
    x, w = match((input, filters), op.name, "_MklNativeConv2DBackpropInput")
    check_dtype(op, x, suffix="")
    out = static_ints(output_shape, "tf.nn.conv2d_transpose", "output_shape")
    strides, _ = _sequence(strides, 2, channels_first, "strides")
    dilations, _ = _sequence(dilations, 2, channels_first, "dilations")
    pads = _padding(padding, 2, channels_first, op.name, x.dtype.name, suffix="")
    ws, xs = w._value.shape, x._value.shape
    channels = out[1] if channels_first else out[-1]
    if channels % ws[-2]:
        raise _failure(op.name, f"input depth must be evenly divisible by filter depth: "
                                f"{channels} vs {ws[-2]}", suffix="")
    spatial_out = out[2:] if channels_first else out[1:-1]
    spatial_in = xs[2:] if channels_first else xs[1:-1]
    for i, size in enumerate(spatial_out):
        computed, _ = _out_size(size, ws[i], strides[i], dilations[i],
                                pads if isinstance(pads, str) else pads[i])
        if computed != spatial_in[i]:
            raise _failure(op.name, f"Conv2DSlowBackpropInput: Size of out_backprop doesn't "
                                    f"match computed: actual = {spatial_in[i]}, computed = "
                                    f"{computed} spatial_dim: {i + 1} input: {size} filter: "
                                    f"{ws[i]} output: {spatial_in[i]} stride: {strides[i]} "
                                    f"dilation: {dilations[i]}", kernel=op.name, suffix="")
    return execute(op, (x, w), (("strides", strides), ("padding", pads),
                                ("dilations", dilations), ("channels_first", channels_first),
                                ("output_shape", out)))

