"""tf.ensure_shape (TF's array_ops.ensure_shape / the EnsureShape op)."""
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor_shape import TensorShape
from .manip_ops import identity
from .op_args import dims, kernel_error
from .shape_inference import dtype_enum, trace_checked


class _ShapeAttr:
    """A shape attr as TF's NodeDef summary prints it ([?,2])."""

    def __init__(self, shape):
        self._text = dims("?" if d is None else d for d in shape)

    def __str__(self):
        return self._text


def ensure_shape(x, shape, name=None):
    """tf.ensure_shape: `x` (an identity) when its shape is compatible with `shape`;
    else TF's InvalidArgumentError eagerly, its shape-inference ValueError in a trace."""
    if not isinstance(shape, TensorShape):
        shape = TensorShape(shape)
    x = convert_to_tensor(x)
    have = x.shape
    if have.is_compatible_with(shape):
        return identity(x)
    expected = _ShapeAttr(shape)
    if have.rank != shape.rank:
        text = f"Shape must be rank {shape.rank} but is rank {have.rank}"
    else:
        i, want, got = next((i, a, b) for i, (a, b) in enumerate(zip(shape, have))
                            if a is not None and b is not None and a != b)
        text = (f"Dimension {i} in both shapes must be equal, but are {want} and {got}. "
                f"Shapes are {expected} and {dims(have)}.")
    eager = kernel_error("EnsureShape", f"Shape of tensor input {dims(have)} is not "
                         f"compatible with expected shape {expected}.", name=name or "")
    raise trace_checked(eager, text, "EnsureShape", [x],
                        attrs=(("T", dtype_enum(x)), ("shape", expected)))
