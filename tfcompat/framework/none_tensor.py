"""tf.NoneTensorSpec: the type of None inside a structure of tensors (TF's
python/framework/none_tensor.py), and NoneTensor, the composite value it stands for:
no components."""
from .type_spec import SerializedTypeSpec
from .type_spec_registry import register


class NoneTensor:
    """TF's NoneTensor: a composite tensor with no components that stands for None."""

    __slots__ = ()

    @property
    def _type_spec(self):
        return NoneTensorSpec()


@register("tf.NoneTensorSpec")
class NoneTensorSpec(SerializedTypeSpec):
    """tf.NoneTensorSpec()."""

    __slots__ = ()

    value_type = property(lambda self: NoneTensor)

    @classmethod
    def from_value(cls, value):
        return cls()

    def _serialize(self):
        return ()

    @property
    def _component_specs(self):
        return []

    def _to_components(self, value):
        return []

    def _from_components(self, tensor_list):
        return NoneTensor()


NoneTensor.__module__ = NoneTensorSpec.__module__ = "tensorflow.python.framework.none_tensor"
