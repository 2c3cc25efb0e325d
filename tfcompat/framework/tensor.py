"""tf.Tensor: an immutable value over a jax.Array, printed and behaving as TF's EagerTensor.

Operators and ``__getitem__`` are installed by ``tfcompat.ops.overloads`` so that they go
through the one op-dispatch path (and so are recorded on tapes).
"""
import jax
import numpy as np

from . import dtypes
from .tensor_shape import TensorShape

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


class ArrayLike:
    """What Tensor and Variable share: metadata and conversions of `self._value`."""

    __slots__ = ()
    __array_priority__ = 100

    @property
    def dtype(self):
        return dtypes.from_numpy(self._value.dtype)

    @property
    def shape(self):
        return TensorShape(self._value.shape)

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return self._value.ndim

    @property
    def device(self):
        return _DEVICE

    def numpy(self):
        """A fresh numpy copy; a numpy scalar for 0-d values (as TF)."""
        arr = np.array(self._value)
        return arr[()] if arr.ndim == 0 else arr

    def __array__(self, dtype=None, copy=None):
        arr = np.asarray(self._value)
        return arr if dtype is None else arr.astype(dtype)

    def __bool__(self):
        return bool(np.asarray(self._value))

    def __float__(self):
        return float(np.asarray(self._value))

    def __int__(self):
        return int(np.asarray(self._value))

    def __index__(self):
        if self._value.dtype.kind in "iub":
            return int(np.asarray(self._value))
        raise TypeError("only integer scalar arrays can be converted to a scalar index")

    def __complex__(self):
        return complex(np.asarray(self._value))

    def __format__(self, spec):
        return format(self.numpy(), spec)

    def ref(self):
        return Reference(self)

    experimental_ref = ref


class Tensor(ArrayLike):
    """tf.Tensor (eager). Holds `_value`, a jax.Array (or a tracer inside tf.function)."""

    __slots__ = ("_value", "__weakref__")

    def __init__(self, value):
        self._value = value

    def set_shape(self, shape):
        if not self.shape.is_compatible_with(shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied "
                             f"shape {TensorShape(shape)}.")

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    def __jax_array__(self):
        return self._value

    def __len__(self):
        if not self._value.ndim:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __iter__(self):
        if not self._value.ndim:
            raise TypeError("Cannot iterate over a scalar tensor.")
        for i in range(self._value.shape[0]):
            yield self[i]

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __str__(self):
        return f"tf.Tensor({numpy_text(self)}, shape={shape_text(self._value.shape)}, " \
               f"dtype={self.dtype.name})"

    def __repr__(self):
        return f"<tf.Tensor: shape={shape_text(self._value.shape)}, dtype={self.dtype.name}, " \
               f"numpy={numpy_text(self, is_repr=True)}>"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        from .constant_op import constant
        return constant, (self.numpy(),)


def shape_text(shape):
    return str(tuple(shape))


def numpy_text(value, is_repr=False):
    """TF's ops.numpy_text: str/repr of the numpy value; scalars in repr via .item()."""
    arr = np.asarray(value._value)
    if is_repr:
        text = repr(arr.item()) if arr.ndim == 0 else repr(arr)
    else:
        text = str(arr[()] if arr.ndim == 0 else arr)
    return "\n" + text if "\n" in text else text


class Reference:
    """What ``tensor.ref()`` / ``variable.ref()`` return: hashable by identity."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __hash__(self):
        return id(self._obj)

    def __eq__(self, other):
        return isinstance(other, Reference) and other._obj is self._obj

    def __repr__(self):
        return f"<Reference wrapping {self._obj!r}>"


jax.tree_util.register_pytree_node(
    Tensor, lambda t: ((t._value,), None), lambda _, children: Tensor(children[0]))
