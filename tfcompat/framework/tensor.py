"""tf.Tensor: an immutable value over a jax.Array, printed and behaving as TF's EagerTensor.

Operators and ``__getitem__`` are installed by ``tfcompat.ops.overloads`` so that they go
through the one op-dispatch path (and so are recorded on tapes).
"""
import jax
import numpy as np

from . import dtypes
from .context import x64_free, x64_methods, x64_on
from .strings import StringIds
from .tensor_shape import TensorShape
from .trace_state import symbolic_name, symbolic_shape

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
_DEVICE_NAMES = {}   # jax Device -> TF's name


def _device_name(device):
    """TF's full name of a JAX device: its kind and its index among JAX's devices of
    that kind ("/job:localhost/replica:0/task:0/device:CPU:1")."""
    name = _DEVICE_NAMES.get(device)
    if name is None:
        index = jax.devices(device.platform).index(device)
        name = _DEVICE_NAMES[device] = (f"/job:localhost/replica:0/task:0/device:"
                                        f"{device.platform.upper()}:{index}")
    return name


_SYMBOLIC_BOOL = (
    "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the "
    "following resolutions to the problem: If you are running in Graph mode, use Eager "
    "execution mode or decorate this function with @tf.function. If you are using AutoGraph, "
    "you can try decorating this function with @tf.function. If that does not work, then you "
    "may be using an unsupported feature or your source code may not be visible to AutoGraph. "
    "See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/"
    "g3doc/reference/limitations.md#access-to-source-code for more information.")


# tf.experimental.dtensor's view of the arrays laid out on its meshes, installed by
# tfcompat.dtensor (framework/ cannot import it): "printed" gives a DTensor's printed
# (components, layout), "device" its device's name; both None for other arrays
dtensor_hooks = {"printed": lambda value: None, "device": lambda value: None}


def symbolic(value):
    """Whether a Tensor's value is symbolic (inside a tf.function's trace)."""
    return isinstance(value, jax.core.Tracer) or type(value) is StringIds


class ArrayLike:
    """What Tensor and Variable share: metadata and conversions of `self._value`."""

    __slots__ = ()
    __array_priority__ = 100

    @property
    @x64_free
    def dtype(self):
        return dtypes.from_numpy(self._value.dtype)

    @property
    @x64_free
    def shape(self):
        return TensorShape(self._value.shape)

    def get_shape(self):
        return self.shape

    @property
    @x64_free
    def ndim(self):
        return self._value.ndim

    @property
    @x64_free
    def device(self):
        """TF's name of the device holding the value: JAX's device of the array (the
        CPU for strings and, as tfcompat has no placement in graphs, traced values)."""
        value = self._value
        if symbolic(value) or not isinstance(value, jax.Array):
            return _DEVICE
        devices = value.devices()
        if len(devices) == 1:
            return _device_name(next(iter(devices)))
        return dtensor_hooks["device"](value) or _DEVICE

    def numpy(self):
        """A fresh numpy copy; a numpy scalar for 0-d values (as TF)."""
        if symbolic(self._value):
            raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")
        arr = np.array(self._value)
        return arr[()] if arr.ndim == 0 else arr

    def __array__(self, dtype=None, copy=None):
        arr = np.asarray(self._value)
        if dtype is None:
            return arr.copy() if copy else arr   # (np.array(t): a writable copy, as TF's)
        return arr.astype(dtype)

    def __bool__(self):
        if symbolic(self._value):
            from .errors import OperatorNotAllowedInGraphError
            raise OperatorNotAllowedInGraphError(_SYMBOLIC_BOOL)
        return bool(np.asarray(self._value))

    def __float__(self):
        return float(self._concrete("float"))

    def __int__(self):
        return int(self._concrete("int"))

    def _concrete(self, kind):
        if symbolic(self._value):
            raise TypeError(f"{kind}() argument must be a string or a real number, not "
                            f"'SymbolicTensor'")
        return np.asarray(self._value)

    def __index__(self):
        return self.numpy().__index__()

    def __complex__(self):
        return complex(np.asarray(self._value))

    def __format__(self, spec):
        if symbolic(self._value):   # (a SymbolicTensor formats as object does)
            return object.__format__(self, spec)
        return format(self.numpy(), spec)

    def ref(self):
        return Reference(self)

    experimental_ref = ref


def graph_str(name, shape, dtype):
    """str() of a graph tensor (TF's `Tensor("add:0", shape=(2,), dtype=float32)`)."""
    if shape.rank is None:
        return f'Tensor("{name}", dtype={dtype.name})'
    return f'Tensor("{name}", shape={shape}, dtype={dtype.name})'


def graph_repr(name, shape, dtype):
    """repr() of a graph tensor (TF's `<tf.Tensor 'add:0' shape=(2,) dtype=float32>`)."""
    return f"<tf.Tensor '{name}' shape={shape} dtype={dtype.name}>"


@x64_methods
class Tensor(ArrayLike):
    """tf.Tensor. Holds `_value`, a jax.Array (or a tracer inside tf.function)."""

    __slots__ = ("_value", "__weakref__")

    @x64_free
    def __init__(self, value):
        if not x64_on():   # (a value JAX made in 32-bit mode may be silently truncated)
            raise RuntimeError("tfcompat internal error: a Tensor was made outside tfcompat's "
                               "64-bit scope (framework/context.py x64); please report it.")
        self._value = value

    @x64_free
    def __getattr__(self, name):
        if name in ("op", "graph", "value_index", "name") and not symbolic(self._value):
            raise AttributeError(f"Tensor.{name} is undefined when eager execution is "
                                 f"enabled.")
        if name in _NUMPY_METHODS:
            raise AttributeError(
                f"{type(self).__name__} object has no attribute '{name}'. " + """
        If you are looking for numpy-related methods, please run the following:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
      """)
        raise AttributeError(f"'{_type_name(self)}' object has no attribute '{name}'")

    def __setitem__(self, key, value):
        raise TypeError(f"'{_type_name(self)}' object does not support item assignment")

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """tf.Tensor.__dlpack__: to_dlpack's capsule; TF's errors for the options it lacks."""
        for value, what in ((stream, "a non-None stream"), (dl_device, "a non-None dl_device"),
                            (copy or None, "a copy=True")):
            if value is not None:
                raise RuntimeError(f"tf.Tensor does not support DLPack export with {what}")
        from .dlpack import to_dlpack
        return to_dlpack(self)

    def __dlpack_device__(self):
        from .dlpack import device
        return device(self)

    def eval(self, feed_dict=None, session=None):
        """TF1's Tensor.eval: there is no session to run it in."""
        if symbolic(self._value):
            raise ValueError("Cannot evaluate tensor using `eval()`: No default session is "
                             "registered. Use `with sess.as_default()` or pass an explicit "
                             "session to `eval(session=sess)`")
        raise NotImplementedError("eval is not supported when eager execution is enabled, "
                                  "is .numpy() what you're looking for?")

    def consumers(self):
        """TF1's Tensor.consumers: undefined eagerly (tfcompat's traces do not keep them)."""
        if symbolic(self._value):
            raise NotImplementedError("tfcompat: Tensor.consumers is not supported inside a "
                                      "tf.function")
        raise NotImplementedError("Tensor.consumers is undefined when eager execution is "
                                  "enabled.")

    def __pos__(self):
        raise TypeError(f"bad operand type for unary +: '{_type_name(self)}'")

    def set_shape(self, shape):
        if not self.shape.is_compatible_with(shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied "
                             f"shape {TensorShape(shape)}.")

    @property
    @x64_free
    def name(self):
        """A symbolic tensor's graph name ('Placeholder:0'); undefined eagerly."""
        name = _graph_name(self)
        if name is not None:
            return name
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
        return (self[i] for i in range(self._value.shape[0]))

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __str__(self):
        name = _graph_name(self)
        if name is not None:
            return graph_str(name, _symbolic_shape(self), self.dtype)
        dtensor = dtensor_hooks["printed"](self._value)
        if dtensor is not None:
            return f'tf.Tensor({dtensor[0]}, layout="{dtensor[1]}", ' \
                   f'shape={shape_text(self._value.shape)}, dtype={self.dtype.name})'
        return f"tf.Tensor({numpy_text(self)}, shape={shape_text(self._value.shape)}, " \
               f"dtype={self.dtype.name})"

    def __repr__(self):
        name = _graph_name(self)
        if name is not None:
            return graph_repr(name, _symbolic_shape(self), self.dtype)
        dtensor = dtensor_hooks["printed"](self._value)
        if dtensor is not None:
            return f'<tf.Tensor: shape={shape_text(self._value.shape)}, ' \
                   f'dtype={self.dtype.name}, value={dtensor[0]}, layout="{dtensor[1]}">'
        return f"<tf.Tensor: shape={shape_text(self._value.shape)}, dtype={self.dtype.name}, " \
               f"numpy={numpy_text(self, is_repr=True)}>"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        from .constant_op import constant
        return constant, (self.numpy(),)


class EagerTensor(Tensor):
    """The concrete class of eager tensors (`type(t)`), named and placed as TF's is so
    that printed types and messages read the same. Like TF's, it takes arbitrary Python
    attributes (Keras sets `_keras_mask`)."""

    __slots__ = ("__dict__",)


EagerTensor.__module__ = "tensorflow.python.framework.ops"
Tensor.__module__ = "tensorflow.python.framework.tensor"   # (Keras checks it: is_tensorflow_tensor)

_NUMPY_METHODS = frozenset(("T", "astype", "ravel", "transpose", "reshape", "clip", "size",
                            "tolist", "data"))


def _symbolic_shape(t):
    """The shape TF prints for a traced tensor (an argument's spec's, where known)."""
    shape = symbolic_shape(t._value)
    return t.shape if shape is None else shape


def _graph_name(t):
    """The graph name of a traced tensor (its tf.function argument's name, 'x:0'), or of
    one of known value an op of a trace in progress made (TF's graph tensor); None for an
    eager tensor."""
    if symbolic(t._value):
        return symbolic_name(t) or "Identity:0"
    return symbolic_name(t, made=True)


def _type_name(obj):
    """The type's name as TF's C-extension type reports it in Python's messages."""
    return f"{type(obj).__module__}.{type(obj).__qualname__}"


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


