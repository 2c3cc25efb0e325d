"""tf.types.experimental.TensorLike and Callable."""
import abc
import typing

import numpy as np

from ..framework.tensor import Tensor
from ..framework.variables import Variable
from .concrete_function import ConcreteFunction
from .polymorphic_function import Function

# What converts to a Tensor (TF's TensorLike union).
TensorLike = typing.Union[Tensor, Variable, int, float, bool, str, bytes, complex, tuple,
                          list, np.ndarray, np.generic]


class Callable(metaclass=abc.ABCMeta):
    """tf.types.experimental.Callable: the base of tf.function's callables."""

    @abc.abstractmethod
    def __call__(self, *args, **kwargs):
        """Run the function."""


Callable.register(Function)
Callable.register(ConcreteFunction)
