"""tf.nn.dilation2d and tf.nn.erosion2d (TF's Dilation2D: grayscale morphological
dilation, a max over each window of input + filter; erosion is -dilation2d(-x, the
filter mirrored)).

The gradients are TF's Dilation2DBackpropInput and Dilation2DBackpropFilter: each
output's gradient goes to the first maximum of its window (row-major), as TF's kernel
picks it (strictly greater than the best so far, from the dtype's lowest value).
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import errors, op_def
from ..framework.dispatch import Op, check_dtype, execute, match
from .conv_ops import _out_size
from .manip_ops import reverse
from .op_args import dims, kernel_error, static_ints
from .unary_ops import negative


def _lowest(dtype):
    return np.array(jnp.finfo(dtype).min if jnp.issubdtype(dtype, jnp.inexact)
                    else np.iinfo(dtype).min, dtype)


def _windows(x, fh, fw, strides, rates, pads, out):
    """[batch, out_rows, out_cols, fh * fw, depth]: each window's input values (padding
    gives the dtype's lowest value, which never wins)."""
    xp = jnp.pad(x, ((0, 0), pads[0], pads[1], (0, 0)), constant_values=_lowest(x.dtype))
    rows = np.arange(out[0])[:, None] * strides[0] + np.arange(fh) * rates[0]
    cols = np.arange(out[1])[:, None] * strides[1] + np.arange(fw) * rates[1]
    w = xp[:, rows[:, :, None, None], cols[None, None, :, :], :]   # [b, oh, fh, ow, fw, c]
    w = jnp.transpose(w, (0, 1, 3, 2, 4, 5))
    return w.reshape(w.shape[:3] + (fh * fw, w.shape[-1]))


def _argmax_window(x, f, strides, rates, pads, out):
    fh, fw = f.shape[:2]
    w = _windows(x, fh, fw, strides, rates, pads, out)
    total = w + f.reshape(1, 1, 1, fh * fw, -1)
    return w, total, jnp.argmax(total, axis=3)


@functools.partial(jax.custom_vjp, nondiff_argnums=(2, 3, 4, 5))
def _dilation(x, f, strides, rates, pads, out):
    return jnp.max(_argmax_window(x, f, strides, rates, pads, out)[1], axis=3)


def _dilation_fwd(x, f, strides, rates, pads, out):
    return _dilation(x, f, strides, rates, pads, out), (x, f)


def _dilation_bwd(strides, rates, pads, out, res, g):
    x, f = res
    fh, fw = f.shape[:2]
    _, _, best = _argmax_window(x, f, strides, rates, pads, out)
    hit = jax.nn.one_hot(best, fh * fw, axis=3, dtype=g.dtype) * g[:, :, :, None, :]
    _, transpose = jax.vjp(lambda z: _windows(z, fh, fw, strides, rates, pads, out), x)
    dx = transpose(hit)[0]
    df = jnp.sum(hit, axis=(0, 1, 2)).reshape(f.shape)
    return dx, df


_dilation.defvjp(_dilation_fwd, _dilation_bwd)


def _dilation2d(x, f, strides, rates, pads, out):
    return _dilation(x, f, strides, rates, pads, out)


_dilation_op = Op("Dilation2D", _dilation2d)


def _size_and_pads(size, k, stride, rate, padding, op_name):
    """TF's GetWindowedOutputSize for the effective (dilated) filter size: (output size,
    (padding before, after)); a negative VALID size is the kernel's error."""
    out, eff = _out_size(size, k, stride, rate, padding)
    if out < 0:
        raise kernel_error(op_name, f"Computed output size would be negative: {out} "
                                    f"[input_size: {size}, effective_filter_size: {eff}, "
                                    f"stride: {stride}]", name="")
    total = max((out - 1) * stride + eff - size, 0) if padding == "SAME" else 0
    return out, (total // 2, total - total // 2)


def _run(value, filters, strides, padding, data_format, dilations):
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. "
                         f"Received: data_format={data_format}")
    x, f = match((value, filters), "Dilation2D")
    check_dtype(_dilation_op, x)
    strides = static_ints(strides, "tf.nn.dilation2d", "strides")
    rates = static_ints(dilations, "tf.nn.dilation2d", "dilations")
    for attr, values in (("strides", strides), ("rates", rates)):
        if len(values) < 4:
            raise op_def.attr_value_error("Dilation2D", attr, values, "")
    if padding not in ("SAME", "VALID"):
        raise op_def.attr_value_error("Dilation2D", "padding", padding, "")
    for what, values in (("Stride", strides), ("Rate", rates)):
        if values[0] != 1 or values[3] != 1:
            raise kernel_error("Dilation2D", f"{what} is only supported across spatial "
                                             f"dimensions.", name="",
                               cls=errors.UnimplementedError)
    xs, fs = x._value.shape, f._value.shape
    if x.ndim != 4:
        raise kernel_error("Dilation2D", f"input must be 4-dimensional{dims(xs)}", name="")
    if f.ndim != 3:
        raise kernel_error("Dilation2D", f"filter must be 3-dimensional: {dims(fs)}", name="")
    if xs[3] != fs[2]:
        raise kernel_error("Dilation2D", f"input and filter must have the same depth: "
                                         f"{xs[3]} vs {fs[2]}", name="")
    sizes = [_size_and_pads(xs[1 + i], fs[i], strides[1 + i], rates[1 + i], padding,
                            "Dilation2D") for i in range(2)]
    return execute(_dilation_op, (x, f), (
        ("strides", tuple(strides[1:3])), ("rates", tuple(rates[1:3])),
        ("pads", tuple(s[1] for s in sizes)), ("out", tuple(s[0] for s in sizes))))


def dilation2d(input, filters, strides, padding, data_format, dilations, name=None):
    """tf.nn.dilation2d: output[b, y, x, c] = max over the window of input[b, y * stride +
    dy * rate - pad, x * stride + dx * rate - pad, c] + filters[dy, dx, c]."""
    return _run(input, filters, strides, padding, data_format, dilations)


def raw_dilation2d(*, input, filter, strides, rates, padding, name=None):
    """tf.raw_ops.Dilation2D."""
    return _run(input, filter, strides, padding, "NHWC", rates)


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None):
    """tf.nn.erosion2d: -dilation2d(-value, filters mirrored in both spatial dims)."""
    x, f = match((value, filters), "Dilation2D")
    return negative(_run(negative(x), reverse(f, [0, 1]), strides, padding, data_format,
                         dilations))
