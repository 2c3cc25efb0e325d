"""TF's abstract tensor types (tensorflow/python/types/core.py): tf.__internal__.types.Tensor,
which Tensors and Variables are instances of, and tf.__internal__.CompositeTensor, which
IndexedSlices is; TensorSpec is a TypeSpec and a Variable a Trackable."""
import abc

from .indexed_slices import IndexedSlices
from .tensor import Tensor
from .tensor_spec import TensorSpec
from .tracking_base import Trackable
from .type_spec import TypeSpec
from .variables import Variable


class TensorBase(metaclass=abc.ABCMeta):  # noqa: B024 (an abstract marker, as TF's)
    """tf.__internal__.types.Tensor (TF's types.core.Tensor)."""


class CompositeTensor(metaclass=abc.ABCMeta):  # noqa: B024
    """tf.__internal__.CompositeTensor: the abstract type of tensors made of several
    (IndexedSlices)."""


TensorBase.register(Tensor)
TensorBase.register(Variable)
TypeSpec.register(TensorSpec)
Trackable.register(Variable)
CompositeTensor.register(IndexedSlices)
