"""tf.nn convolutions: conv1d/conv2d/conv3d and tf.nn.convolution, their transposes
(conv1d/2d/3d_transpose, conv_transpose: the VJP of the convolution with respect to its
input), depthwise_conv2d and separable_conv2d, channels last or first, as one
`lax.conv_general_dilated` kernel.

The error messages are those of TF's CPU kernels as built with oneDNN (the default on
x86): `_MklNativeConv2D` and friends.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import errors, op_def
from ..framework.context import current_trace
from ..framework.dispatch import Op, check_dtype, execute, match, to_tensor
from ..framework.tensor import Tensor
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
        preferred_element_type=x.dtype)   # (precision: enable_tensor_float_32_execution)


def _conv_transpose_jvp(x, w, strides, padding, dilations, channels_first, output_shape):
    """The gradient of `_conv` with respect to its input, at `x` (what forward mode
    differentiates)."""
    def forward(z):
        return _conv(z, w, strides, padding, dilations, channels_first, 1)
    return jax.vjp(forward, jnp.zeros(output_shape, x.dtype))[1](x)[0]


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _transpose_vjp(x, w, attrs):
    return _conv_transpose_jvp(x, w, *attrs)


def _transpose_forward(x, w, attrs):
    return _conv_transpose_jvp(x, w, *attrs), (x, w)


def _transpose_backward(attrs, residuals, dy):
    """The transpose's input gradient is the convolution of `dy`, and its filter gradient
    the convolution's filter gradient at input `dy` and output gradient `x`. (JAX's own
    filter gradient of the transpose is a convolution with base and window dilation,
    which took XLA:CPU 30x as long.)"""
    x, w = residuals
    strides, padding, dilations, channels_first, _ = attrs
    dx, filter_vjp = jax.vjp(
        lambda w: _conv(dy, w, strides, padding, dilations, channels_first, 1), w)
    return dx, filter_vjp(x)[0]


_transpose_vjp.defvjp(_transpose_forward, _transpose_backward)


def _conv_transpose(x, w, strides, padding, dilations, channels_first, output_shape):
    """The gradient of `_conv` with respect to its input, at `x`, with a reverse-mode rule
    of two ordinary convolutions."""
    return _transpose_vjp(x, w, (strides, padding, dilations, channels_first, output_shape))


# On x86 TF's eager runtime runs float32 and bfloat16 convolutions and average pools as
# oneDNN's _MklNative ops (whose OpDefs its attr errors print).
_ONEDNN = frozenset(("Conv2D", "Conv3D", "DepthwiseConv2dNative", "Conv2DBackpropInput",
                     "AvgPool", "AvgPool3D"))


def onednn_dtype(dtype_name):
    """Whether TF's x86 CPU kernels of this dtype are oneDNN's (float32, bfloat16)."""
    return dtype_name in ("float32", "bfloat16")


def _node(op_name, dtype):
    """The op TF's eager runtime runs for `op_name` on `dtype`: its oneDNN variant for
    float32 and bfloat16 where there is one."""
    return "_MklNative" + op_name if op_name in _ONEDNN and onednn_dtype(dtype) else op_name


_conv2d_op = Op("Conv2D", _conv)
_conv3d_op = Op("Conv3D", _conv)
_depthwise_op = Op("DepthwiseConv2dNative", lambda *a, **k: _conv(*a, **k, depthwise=True))
_conv2d_transpose_op = Op("Conv2DBackpropInput", _conv_transpose, jvp_fn=_conv_transpose_jvp)
_conv3d_transpose_op = Op("Conv3DBackpropInputV2", _conv_transpose,
                          jvp_fn=_conv_transpose_jvp)


def _failure(op_name, text, kernel=None, suffix=" name: ", cls=errors.InvalidArgumentError):
    kernel = kernel or f"__MklNative{op_name}"
    return cls(None, None, f"{{{{function_node __wrapped__{kernel}_device_/job:localhost/"
                           f"replica:0/task:0/device:CPU:0}}}} {text} [Op:{op_name}]{suffix}")


def onednn_aborted(op_name, which, line, suffix=""):
    """The AbortedError of TF's oneDNN convolution gradient kernel (`which`: "input" or
    "filter"; `line`: where mkl_conv_grad_{which}_ops.cc raises) where shapes do not fit
    the primitive it creates."""
    return _failure(
        op_name, f"Operation received an exception:Status: 2, message: could not create a "
                 f"primitive descriptor for the convolution forward propagation primitive. "
                 f"Run workload with environment variable ONEDNN_VERBOSE=all to get "
                 f"additional diagnostic information., in file tensorflow/core/kernels/mkl/"
                 f"mkl_conv_grad_{which}_ops.cc:{line}", suffix=suffix,
        cls=errors.AbortedError)


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


def _xla():
    """Whether the op is traced in a tf.function(jit_compile=True)."""
    trace = current_trace()
    return trace is not None and trace.jit_compile


def _check_shapes(op_name, x, w, strides, pads, dilations, channels_first, kernel):
    xs, ws = x._value.shape, w._value.shape
    depth = xs[1] if channels_first else xs[-1]
    if op_name == "Conv3D" and not _xla():
        # (TF's CPU kernel has no grouped Conv3D; under jit_compile XLA's has)
        if depth != ws[-2]:
            raise _failure(op_name, f"input and filter must have the same depth: {depth} vs "
                                    f"{ws[-2]}", kernel)
    elif ws[-2] == 0 or depth % ws[-2]:
        raise _failure(op_name, f"input depth must be evenly divisible by filter depth: "
                                f"{depth} vs {ws[-2]}", kernel)
    if any(d <= 0 for d in dilations):
        raise _failure(op_name, "Dilated rates should be larger than 0.", kernel)
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


def _strides_and_dilations(n, strides, dilations):
    """TF's _get_strides_and_dilation_rate (tf.nn.convolution and tf.nn.pool): N spatial
    strides and dilations, positive, not both above 1."""
    dilations = np.array([1] * n if dilations is None else dilations, np.int32)
    if len(dilations) != n:
        raise ValueError(f"`len(dilation_rate)` should be {n}. Received: dilation_rate="
                         f"{list(dilations)} of length {len(dilations)}")
    if np.any(dilations < 1):
        raise ValueError(f"all values of `dilation_rate` must be positive. Received: "
                         f"dilation_rate={dilations}")
    strides = np.array([1] * n if strides is None else strides, np.int32)
    if len(strides) != n:
        raise ValueError(f"`len(strides)` should be {n}. Received: strides={list(strides)} "
                         f"of length {len(strides)}")
    if np.any(strides < 1):
        raise ValueError(f"all values of `strides` must be positive. Received: "
                         f"strides={strides}")
    if np.any(strides > 1) and np.any(dilations > 1):
        raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > "
                         f"1`. Received: strides={strides} and dilation_rate={dilations}")
    return tuple(strides.tolist()), tuple(dilations.tolist())


def _spatial(value, n, channels_first, name):
    """TF's _get_sequence, then only the spatial entries."""
    if value is None or isinstance(value, int):
        return value if value is None else [value] * n
    value = list(value)
    if len(value) == n + 2:
        return value[2:] if channels_first else value[1:-1]
    if len(value) == 1:
        return value * n
    if len(value) != n:
        raise ValueError(f"{name} should be of length 1, {n} or {n + 2}. Received: "
                         f"{name}={value} of length {len(value)}")
    return value


def convolution(input, filters, strides=None, padding="VALID", data_format=None,
                dilations=None, name=None):
    """tf.nn.convolution: conv1d, conv2d or conv3d by the rank of `filters` (strides or
    dilations above 1, not both)."""
    x, w = to_tensor(input), to_tensor(filters)
    n = w.ndim - 2 if w.ndim else x.ndim - 2
    if n not in (1, 2, 3):
        raise ValueError(f"`num_spatial_dims` must be 1, 2, or 3. Received: "
                         f"num_spatial_dims={n}.")
    channels_first = data_format is not None and data_format.startswith("NC")
    spatial_dilations = _spatial(dilations, n, channels_first, "dilations")
    if spatial_dilations is not None and any(d != 1 for d in spatial_dilations):
        depth = x.shape[1 if channels_first else -1]
        if depth is not None and w.shape[n] is not None and depth % w.shape[n]:
            raise ValueError(
                f"The number of input channels is not divisible by the corresponding number "
                f"of output filters. Received: input.shape={x.shape} with {depth} channels "
                f"and filters.shape={w.shape} with {w.shape[n]} output filters.")
        _strides_and_dilations(n, _spatial(strides, n, channels_first, "strides"),
                               spatial_dilations)
    conv = (conv1d, conv2d, conv3d)[n - 1]
    return conv(x, w, strides, padding, data_format=data_format, dilations=dilations)


_TRANSPOSE_FORMATS = {1: ("NWC", "NCW"), 2: ("NHWC", "NCHW"), 3: ("NDHWC", "NCDHW")}


def _transpose(op, n, input, filters, output_shape, strides, padding, data_format, dilations,
               api):
    """The gradient of an n-D convolution with respect to its input (TF's
    Conv2DBackpropInput, Conv3DBackpropInputV2), whose shape is `output_shape`; filters
    are [spatial..., output_channels, input_channels]."""
    channels_first = data_format is not None and data_format.startswith("NC")
    kernel = f"_MklNative{op.name}" if op.name in _ONEDNN else op.name
    x, w = match((input, filters), op.name, kernel)
    check_dtype(op, x, node_name=None)
    out = static_ints(output_shape, api, "output_shape")
    strides, _ = _sequence(strides, n, channels_first, "strides")
    dilations, _ = _sequence(dilations, n, channels_first, "dilations")
    pads = _padding(padding, n, channels_first, op.name, x.dtype.name, suffix="")
    ws, xs = w._value.shape, x._value.shape
    channels = out[1] if channels_first else out[-1]
    if channels % ws[-2]:
        raise _failure(op.name, f"input depth must be evenly divisible by filter depth: "
                                f"{channels} vs {ws[-2]}", suffix="")
    onednn = onednn_dtype(x.dtype.name)
    suffix = " name: " if n == 1 else ""
    if not onednn and any(d != 1 for d in dilations):   # (Eigen's kernels have none)
        text = "implementation does" if n == 3 else "implementations do"
        raise _failure(op.name, f"Current CPU {text} not yet support dilation rates larger "
                                f"than 1.", kernel=op.name, suffix=suffix)
    spatial_out = out[2:] if channels_first else out[1:-1]
    spatial_in = xs[2:] if channels_first else xs[1:-1]
    for i, size in enumerate(spatial_out):
        computed, _ = _out_size(size, ws[i], strides[i], dilations[i],
                                pads if isinstance(pads, str) else pads[i])
        if computed == spatial_in[i]:
            continue
        if onednn:
            raise onednn_aborted(op.name, "input", 546, suffix)
        name = "Conv3DBackpropInputOp" if n == 3 else "Conv2DCustomBackpropInput"
        # (TF runs a 1-D transpose as a 2-D one of [N, 1, W, C]: its W is spatial_dim 2)
        raise _failure(op.name, f"{name}: Size of out_backprop doesn't "
                                f"match computed: actual = {spatial_in[i]}, computed = "
                                f"{computed} spatial_dim: {i + 1 + (n == 1)} input: {size} "
                                f"filter: {ws[i]} output: {spatial_in[i]} stride: "
                                f"{strides[i]} dilation: {dilations[i]}", kernel=op.name,
                       suffix=suffix)
    return execute(op, (x, w), (("strides", strides), ("padding", pads),
                                ("dilations", dilations), ("channels_first", channels_first),
                                ("output_shape", out)))


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC",
                     dilations=None, name=None):
    """tf.nn.conv1d_transpose (TF runs it as a Conv2DBackpropInput)."""
    if data_format not in (None, "NWC", "NCW"):
        raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: "
                         f"data_format={data_format}")
    return _transpose(_conv2d_transpose_op, 1, input, filters, output_shape, strides, padding,
                      data_format, dilations, "tf.nn.conv1d_transpose")


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME",
                     data_format="NHWC", dilations=None, name=None):
    """tf.nn.conv2d_transpose: the gradient of conv2d with respect to its input, whose
    shape is `output_shape`; filters are [h, w, output_channels, input_channels]."""
    return _transpose(_conv2d_transpose_op, 2, input, filters, output_shape, strides, padding,
                      data_format, dilations, "tf.nn.conv2d_transpose")


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME",
                     data_format="NDHWC", dilations=None, name=None):
    """tf.nn.conv3d_transpose."""
    return _transpose(_conv3d_transpose_op, 3, input, filters, output_shape, strides, padding,
                      data_format, dilations, "tf.nn.conv3d_transpose")


def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None,
                   dilations=None, name=None):
    """tf.nn.conv_transpose: conv1d/2d/3d_transpose by the length of `output_shape`."""
    shape = output_shape.shape if isinstance(output_shape, Tensor) else None
    if shape is not None:
        n = shape[0] - 2
    elif hasattr(output_shape, "__len__"):
        n = len(output_shape) - 2
    else:
        raise ValueError(f"`output_shape` must be a tensor or sized collection. Received: "
                         f"output_shape={output_shape}")
    if not 1 <= n <= 3:
        raise ValueError(f"`output_shape` must be of length 3, 4 or 5. Received: "
                         f"output_shape={output_shape} of length {n + 2}.")
    fn = (conv1d_transpose, conv2d_transpose, conv3d_transpose)[n - 1]
    return fn(input, filters, output_shape, strides, padding=padding,
              data_format=data_format or _TRANSPOSE_FORMATS[n][0], dilations=dilations)
