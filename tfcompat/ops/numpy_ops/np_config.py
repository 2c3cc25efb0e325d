"""tf.experimental.numpy.experimental_enable_numpy_behavior (TF's np_config.py): NumPy
methods on tf.Tensor (TF's np_math_ops.enable_numpy_methods_on_tensor), NumPy's dtype
promotion in the Tensor and Variable operators ('legacy' mode, TF's
override_binary_operator.maybe_promote_tensors) and NumPy-style indexing.

As in TF, `round(tensor)` is tnp.around from import on (it needs `astype`, so it works
once NumPy behavior is on)."""
import numbers

import numpy as np

from ...framework import dtypes
from ...framework.constant_op import convert_to_tensor
from ...framework.tensor import Tensor, symbolic
from ...framework.tensor_shape import TensorShape
from ...framework.variables import Variable
from .. import cast_ops
from . import np_dtypes, np_indexing
from .np_array_manip import around, flatten, reshape_method, transpose
from .np_array_ops import amax, amin, mean, ravel
from .np_math_ops import clip, matmul
from ...framework.context import x64_installed

_MODES = ("off", "legacy", "safe", "all")
_state = {"mode": "off", "installed": False}

# The operators that promote their operands in 'legacy' mode (TF's
# tensor_math_operator_overrides): both directions of the binary ones.
_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor")
_COMPARE = ("lt", "le", "gt", "ge", "eq", "ne")


def is_numpy_style_type_promotion():
    return _state["mode"] == "legacy"


def _maybe_get_dtype(x):
    """A NumPy type for x where it has one (TF's override_binary_operator)."""
    if isinstance(x, numbers.Real):
        return x
    if isinstance(x, (Tensor, Variable)):
        return x.dtype.as_numpy_dtype
    if isinstance(x, dtypes.DType):
        return x.as_numpy_dtype
    if isinstance(x, TensorShape):
        return np.int32
    if isinstance(x, (list, tuple)):
        raise ValueError(f"Cannot determine dtype.  Got sequence {x}.")
    return x


def maybe_promote_tensors(*tensors):
    """The operands cast to NumPy's result type of their dtypes ('legacy' mode)."""
    result_type = np_dtypes.numpy_result_type(*[_maybe_get_dtype(x) for x in tensors])

    def _promote_or_cast(x):
        if isinstance(x, (Tensor, Variable)):
            return cast_ops.cast(x, result_type)
        return convert_to_tensor(x, result_type)

    return [_promote_or_cast(x) for x in tensors]


def _promoting(fn):
    def op(self, other):
        if is_numpy_style_type_promotion() and other is not None:
            self, other = maybe_promote_tensors(self, other)
        return fn(self, other)
    op.__name__ = getattr(fn, "__name__", "op")
    return op


def _matmul_operator(fn):
    def op(self, other):
        if is_numpy_style_type_promotion():
            return matmul(self, other)
        return fn(self, other)
    return op


def _rmatmul_operator(fn):
    def op(self, other):
        if is_numpy_style_type_promotion():
            return matmul(other, self)
        return fn(self, other)
    return op


def _tensor_size(self):
    """The number of elements, if fully known."""
    if not self.shape.is_fully_defined():
        return None
    return np.prod(self.shape.as_list())


def _tensor_tolist(self):
    if symbolic(self._value):
        raise ValueError("Symbolic Tensors do not support the tolist API.")
    return self.numpy().tolist()


def _enable_numpy_methods(tensor_class):
    """TF's _enable_numpy_methods: T, ndim, size, +x, tolist and NumPy's methods."""
    tensor_class.T = property(lambda self: self.transpose())
    tensor_class.ndim = property(lambda self: self.shape.rank)
    tensor_class.size = property(_tensor_size)
    tensor_class.__pos__ = lambda self: self
    tensor_class.tolist = _tensor_tolist
    tensor_class.transpose = transpose
    tensor_class.flatten = flatten
    tensor_class.reshape = reshape_method
    tensor_class.ravel = ravel
    tensor_class.clip = clip
    tensor_class.astype = cast_ops.cast
    tensor_class.__round__ = around
    tensor_class.max = amax
    tensor_class.mean = mean
    tensor_class.min = amin
    tensor_class.data = property(lambda self: self)


def _install_operators():
    for cls in (Tensor, Variable):
        for name in _BINARY:
            for method in (f"__{name}__", f"__r{name}__"):
                setattr(cls, method, _promoting(getattr(cls, method)))
        for name in _COMPARE:
            method = f"__{name}__"
            setattr(cls, method, _promoting(getattr(cls, method)))
        cls.__matmul__ = _matmul_operator(cls.__matmul__)
        cls.__rmatmul__ = _rmatmul_operator(cls.__rmatmul__)
    Tensor.__getitem__ = np_indexing.getitem


def enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode="legacy"):
    """tnp.experimental_enable_numpy_behavior: NumPy methods on tf.Tensor, NumPy's
    promotion in its operators ('legacy') and NumPy-style indexing."""
    if dtype_conversion_mode not in _MODES:
        raise ValueError(
            f"The provided promotion mode {dtype_conversion_mode} does not exist."
            " Make sure the provided dtype conversion mode is one of the"
            " followings: 'off', 'legacy', 'safe' or 'all'.")
    if dtype_conversion_mode in ("safe", "all"):
        raise NotImplementedError(
            "tf.experimental.numpy.experimental_enable_numpy_behavior: "
            f"dtype_conversion_mode={dtype_conversion_mode!r} (WeakTensor auto dtype "
            "conversion) is not supported by tfcompat; use 'legacy' or 'off'.")
    _state["mode"] = dtype_conversion_mode
    if not _state["installed"]:
        _install_operators()
        _state["installed"] = True
    _enable_numpy_methods(Tensor)
    x64_installed(Tensor)
    x64_installed(Variable)
    np_dtypes.set_prefer_float32(prefer_float32)


Tensor.__round__ = around
x64_installed(Tensor)
