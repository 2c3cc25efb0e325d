"""tf.TypeSpec: the abstract type of value specifications (TensorSpec is one)."""
import abc


class TypeSpec(metaclass=abc.ABCMeta):  # noqa: B024 (TF's abstract base, registered into)
    """tf.TypeSpec: the base of TensorSpec and the other specs of values."""


TypeSpec.__module__ = "tensorflow.python.framework.type_spec"
