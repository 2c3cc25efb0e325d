"""tf.data.DatasetSpec and tf.data.IteratorSpec: the TypeSpecs of a dataset (a window's
element component: Dataset.window) and of an iterator.

Differs from TF: they have no tensor components (a dataset is no variant tensor here), so
neither is a tf.function input_signature entry; nest treats them as leaves, as TF's does
without expand_composites."""
from ..framework import nest
from ..framework.tensor_shape import TensorShape
from ..framework.type_spec import TypeSpec
from ..framework.type_spec_registry import register


def _component_subtype(a, b):
    if hasattr(a, "is_subtype_of"):
        return a.is_subtype_of(b)
    if type(a) is type(b) and hasattr(a, "shape") and hasattr(a, "dtype"):
        return a.dtype == b.dtype and a.shape.is_subtype_of(b.shape)
    return a == b


@register("tf.data.DatasetSpec")
class DatasetSpec(TypeSpec):
    """tf.data.DatasetSpec(element_spec, dataset_shape=())."""

    __slots__ = ("_element_spec", "_dataset_shape")

    def __init__(self, element_spec, dataset_shape=()):
        self._element_spec = element_spec
        self._dataset_shape = TensorShape(dataset_shape)

    element_spec = property(lambda self: self._element_spec, doc="The inner element spec.")

    @property
    def value_type(self):
        from .dataset_ops import Dataset
        return Dataset

    @staticmethod
    def from_value(value):
        """DatasetSpec.from_value: the spec of a tf.data.Dataset."""
        return DatasetSpec(value.element_spec)

    def _serialize(self):
        """TF's TypeSpec._serialize: the constructor arguments."""
        return (self._element_spec, self._dataset_shape)

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def is_subtype_of(self, other):
        """TF's: same nesting, each inner spec a subtype, and a subtype dataset shape."""
        if type(self) is not type(other):
            return False
        try:
            nest.assert_same_structure(self._element_spec, other._element_spec)
        except (TypeError, ValueError):
            return False
        return all(_component_subtype(a, b) for a, b in zip(
            nest.flatten(self._element_spec), nest.flatten(other._element_spec))) and \
            self._dataset_shape.is_subtype_of(other._dataset_shape)

    def is_compatible_with(self, spec_or_value):
        other = spec_or_value if isinstance(spec_or_value, TypeSpec) else \
            DatasetSpec.from_value(spec_or_value)
        return self.is_subtype_of(other) or (isinstance(other, DatasetSpec) and
                                              other.is_subtype_of(self))

    def __eq__(self, other):
        return type(other) is type(self) and self._serialize() == other._serialize()

    def __hash__(self):
        return hash((type(self).__name__, repr(self._element_spec), self._dataset_shape))

    def __tf_tracing_type__(self, context):
        """The trace type of a dataset argument of this spec (an input_signature's)."""
        from .dataset_argument import trace_type
        return trace_type(self)

    def __repr__(self):
        return f"DatasetSpec({self._element_spec!r}, {self._dataset_shape!r})"


@register("tf.data.IteratorSpec")
class IteratorSpec(TypeSpec):
    """tf.data.IteratorSpec(element_spec)."""

    __slots__ = ("_element_spec",)

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @property
    def value_type(self):
        from .iterator_ops import OwnedIterator
        return OwnedIterator

    @staticmethod
    def from_value(value):
        """IteratorSpec.from_value: the spec of a tf.data.Iterator."""
        return IteratorSpec(value.element_spec)

    def _serialize(self):
        return (self._element_spec,)

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def __eq__(self, other):
        return type(other) is type(self) and self._element_spec == other._element_spec

    def __hash__(self):
        return hash((type(self).__name__, repr(self._element_spec)))

    def __repr__(self):
        return f"IteratorSpec({self._element_spec!r},)"


DatasetSpec.__module__ = "tensorflow.python.data.ops.dataset_ops"
IteratorSpec.__module__ = "tensorflow.python.data.ops.iterator_ops"
