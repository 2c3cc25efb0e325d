"""tf.image.extract_patches and tf.extract_volume_patches (TF's ExtractImagePatches and
ExtractVolumePatches kernels)."""
import math

import jax.numpy as jnp

from ..framework import errors, op_def
from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .op_args import dims, kernel_error
from .shape_inference import dtype_enum, node_error, tracing

__all__ = ["extract_volume_patches"]


def _out_size(size, k, stride, rate, padding):
    """(output size, padding before, padding after) of one spatial dimension."""
    k = k + (k - 1) * (rate - 1)
    if padding == "VALID":
        return max(math.ceil((size - k + 1) / stride), 0), 0, 0
    out = math.ceil(size / stride)
    pad = max((out - 1) * stride + k - size, 0)
    return out, pad // 2, pad - pad // 2


def _extract(x, ksizes, strides, rates, padding):
    (b, h, w, d), (_, kr, kc, _) = x.shape, ksizes
    (oh, top, bottom), (ow, left, right) = (
        _out_size(n, k, s, r, padding)
        for n, k, s, r in zip((h, w), ksizes[1:3], strides[1:3], rates[1:3]))
    if not oh or not ow:
        return jnp.zeros((b, oh, ow, kr * kc * d), x.dtype)
    x = jnp.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
    (sr, sc), (rr, rc) = strides[1:3], rates[1:3]
    return jnp.concatenate(   # TF's patch layout: row, column, then depth
        [x[:, i * rr:i * rr + (oh - 1) * sr + 1:sr, j * rc:j * rc + (ow - 1) * sc + 1:sc]
         for i in range(kr) for j in range(kc)], axis=-1)


_extract_op = Op("ExtractImagePatches", _extract)


def extract_patches(images, sizes, strides, rates, padding, name=None):
    """tf.image.extract_patches: the sizes[1] x sizes[2] patches of each image (every
    strides-th, their pixels rates apart) flattened into the depth dimension."""
    x, attrs = _checked(_extract_op, images, padding, 4,
                        {"ksizes": sizes, "strides": strides, "rates": rates})
    return execute(_extract_op, (x,), tuple(attrs.items()) + (("padding", padding),))


_SHAPE_FN_NAMES = {"strides": "stride"}   # as TF's shape function names the attr


def _checked(op, input, padding, rank, attrs):
    """TF's checks of ExtractImagePatches' and ExtractVolumePatches' attrs (`attrs`: name ->
    list, `rank` entries each) and input: the OpDef's (padding, minimum length), then in a
    tf.function shape inference's (exactly `rank` entries), then the kernel's, which reads
    only the first `rank` entries of longer lists eagerly. Returns the input as a Tensor and
    the attrs as the kernel runs them."""
    if padding not in ("SAME", "VALID"):
        raise op_def.attr_value_error(op.name, "padding", padding, "")
    for attr, value in attrs.items():
        if len(value) < rank:
            raise op_def.attr_value_error(op.name, attr, value, "")
    x = to_tensor(input)
    check_dtype(op, x)
    for attr, value in attrs.items():
        if len(value) > rank and tracing():
            raise node_error(f"{op.name} requires the {_SHAPE_FN_NAMES.get(attr, attr)} attribute "
                             f"to contain {rank} values, but got: {len(value)}", op.name, [x],
                             (("T", dtype_enum(x)),) + tuple(sorted({**attrs, "padding": padding}.items())))
    attrs = {attr: tuple(value[:rank]) for attr, value in attrs.items()}
    for attr, value in attrs.items():
        text, cls = None, errors.InvalidArgumentError
        if value[0] != 1 or value[-1] != 1:
            text, cls = f"Only support {attr} across space.", errors.UnimplementedError
        elif min(value[1:-1]) < 1:
            text, cls = f"{attr} is out of range.", errors.OutOfRangeError
        if text:
            raise kernel_error(op.name, text, "", cls=cls)
    if x.ndim != rank:
        raise kernel_error(op.name, f"input must be {rank}-dimensional{dims(x._value.shape)}", "")
    return x, attrs


def _extract_volume(x, ksizes, strides, padding):
    b, d = x.shape[0], x.shape[-1]
    sizes = [_out_size(n, k, s, 1, padding)
             for n, k, s in zip(x.shape[1:4], ksizes[1:4], strides[1:4])]
    out = tuple(o for o, _, _ in sizes)
    if not all(out):
        return jnp.zeros((b,) + out + (math.prod(ksizes[1:4]) * d,), x.dtype)
    x = jnp.pad(x, ((0, 0),) + tuple((lo, hi) for _, lo, hi in sizes) + ((0, 0),))
    (kp, kr, kc), (sp, sr, sc) = ksizes[1:4], strides[1:4]
    (op, oh, ow) = out
    return jnp.concatenate(   # TF's patch layout: plane, row, column, then depth
        [x[:, p:p + (op - 1) * sp + 1:sp, i:i + (oh - 1) * sr + 1:sr, j:j + (ow - 1) * sc + 1:sc]
         for p in range(kp) for i in range(kr) for j in range(kc)], axis=-1)


_extract_volume_op = Op("ExtractVolumePatches", _extract_volume)


def extract_volume_patches(input, ksizes, strides, padding, name=None):
    """tf.extract_volume_patches: the ksizes[1] x ksizes[2] x ksizes[3] patches of each
    5-D volume (every strides-th) flattened into the depth dimension."""
    x, attrs = _checked(_extract_volume_op, input, padding, 5,
                        {"ksizes": ksizes, "strides": strides})
    for n, k, st in zip(x._value.shape[1:4], attrs["ksizes"][1:4], attrs["strides"][1:4]):
        out = int((n - k + st) / st)
        if padding == "VALID" and out < 0:
            raise kernel_error("ExtractVolumePatches", f"Computed output size would be "
                                                       f"negative: {out} [input_size: {n}, "
                                                       f"effective_filter_size: {k}, stride: "
                                                       f"{st}]", "")
    return execute(_extract_volume_op, (x,), tuple(attrs.items()) + (("padding", padding),))


def raw_extract_volume_patches(*, input, ksizes, strides, padding, name=None):
    """tf.raw_ops.ExtractVolumePatches."""
    return extract_volume_patches(input, ksizes, strides, padding)
