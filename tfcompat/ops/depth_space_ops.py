"""tf.nn.depth_to_space and tf.nn.space_to_depth (TF's DepthToSpace and SpaceToDepth), as
reshapes and transposes; NHWC, and NCHW as TF's XLA and GPU kernels run it."""
from ..framework import errors, op_def
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.strings import MOVE
from .op_args import static_int


def _depth_to_space(x, block_size, channels_first):
    b, bs = x.shape[0], block_size
    if channels_first:
        _, c, h, w = x.shape
        y = x.reshape(b, bs, bs, c // (bs * bs), h, w).transpose(0, 3, 4, 1, 5, 2)
        return y.reshape(b, c // (bs * bs), h * bs, w * bs)
    _, h, w, c = x.shape
    y = x.reshape(b, h, w, bs, bs, c // (bs * bs)).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(b, h * bs, w * bs, c // (bs * bs))


def _space_to_depth(x, block_size, channels_first):
    b, bs = x.shape[0], block_size
    if channels_first:
        _, c, h, w = x.shape
        y = x.reshape(b, c, h // bs, bs, w // bs, bs).transpose(0, 3, 5, 1, 2, 4)
        return y.reshape(b, c * bs * bs, h // bs, w // bs)
    _, h, w, c = x.shape
    y = x.reshape(b, h // bs, bs, w // bs, bs, c).transpose(0, 1, 3, 2, 4, 5)
    return y.reshape(b, h // bs, w // bs, c * bs * bs)


_depth_to_space_op = Op("DepthToSpace", _depth_to_space, strings=MOVE)
_space_to_depth_op = Op("SpaceToDepth", _space_to_depth, strings=MOVE)


def _run(op, input, block_size, data_format, check):
    x = to_tensor(input)
    block_size = static_int(block_size, f"tf.nn.{op.name}", "block_size")
    if data_format not in ("NHWC", "NCHW", "NCHW_VECT_C"):
        raise op_def.attr_value_error(op.name, "data_format", data_format, "")
    if block_size < 2:
        raise op_def.attr_value_error(op.name, "block_size", block_size, "")
    if data_format == "NCHW_VECT_C":
        raise errors.UnimplementedError(
            None, None, f"tf.nn.{op.name}: data_format NCHW_VECT_C (quantized int8 images) is "
                        f"not supported by tfcompat")
    if x.ndim != 4:
        raise errors.op_error(errors.InvalidArgumentError, op.name,
                              f"Input rank should be: 4 instead of: {x.ndim}", kernel=op.name)
    channels_first = data_format == "NCHW"
    shape = x._value.shape
    h, w, c = (shape[2], shape[3], shape[1]) if channels_first else shape[1:]
    text = check(h, w, c, block_size)
    if text:
        raise errors.op_error(errors.InvalidArgumentError, op.name, text, kernel=op.name)
    return execute(op, (x,), (("block_size", block_size), ("channels_first", channels_first)))


def depth_to_space(input, block_size, data_format="NHWC", name=None):
    """tf.nn.depth_to_space: output[b, h * bs + i, w * bs + j, k] =
    input[b, h, w, (i * bs + j) * channels_out + k]."""
    def check(h, w, c, bs):
        if c % (bs * bs):
            return f"Input depth dimension {c} should be divisible by: {bs * bs}"
        return None
    return _run(_depth_to_space_op, input, block_size, data_format, check)


def space_to_depth(input, block_size, data_format="NHWC", name=None):
    """tf.nn.space_to_depth: the inverse of depth_to_space."""
    def check(h, w, c, bs):
        if h % bs or w % bs:
            return f"Image width {w} and height {h} should be divisible by block_size: {bs}"
        return None
    return _run(_space_to_depth_op, input, block_size, data_format, check)
