"""Traced tensors whose static shape is less defined than the shape they are traced at.

TF traces a tf.function once for an iterator's element_spec (None for an unknown batch
size) and shows that shape to Python; tfcompat traces at the shape of the element read
(XLA needs it; a new shape is a silent trace). An element's dense components are
`RelaxedTensor`s: ``x.shape`` is the element_spec's (Keras builds a model from it), the
values are the trace's. A nested tf.function called with one is keyed by its static
shape too (TF's trace of the spec), and its argument inside is a RelaxedTensor again.
Only these tensors: the results of ops on them have the trace's shapes.
"""
from ..framework.tensor import EagerTensor


class RelaxedTensor(EagerTensor):
    """A traced tensor shown with `static_shape` (a TensorShape compatible with its
    value's shape)."""

    __slots__ = ("_static_shape",)

    def __init__(self, value, static_shape):
        super().__init__(value)
        self._static_shape = static_shape

    @property
    def shape(self):
        return self._static_shape

    def set_shape(self, shape):
        """Tensor.set_shape: refines the static shape (as TF's), which must stay
        compatible with the traced value's."""
        super().set_shape(shape)
        merged = self._static_shape.merge_with(shape)
        if not merged.is_compatible_with(self._value.shape):
            raise ValueError(f"tfcompat: set_shape({merged}) does not fit the shape "
                             f"{tuple(self._value.shape)} the tf.function is traced at "
                             f"(tfcompat traces at the element's shape).")
        self._static_shape = merged


RelaxedTensor.__module__ = EagerTensor.__module__
RelaxedTensor.__name__ = RelaxedTensor.__qualname__ = EagerTensor.__name__


def relaxed(tensor, static_shape):
    """`tensor` shown with `static_shape` where that leaves dimensions unknown."""
    if static_shape.is_fully_defined():
        return tensor
    return RelaxedTensor(tensor._value, static_shape)


def static_dims(tensor):
    """A RelaxedTensor's static shape as a key: a tuple of ints and None, or None."""
    shape = tensor.shape
    return None if shape.rank is None else tuple(shape.as_list())
