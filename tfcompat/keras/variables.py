"""keras.Variable (TF backend): a named, path-scoped wrapper over a tf.Variable.

Optimizer slots, `iterations`, `learning_rate` and metric state are these, as in Keras 3:
printed `<Variable path=adam/iteration, shape=(), dtype=int64, value=0>`, with a string
`dtype`, a TensorShape `shape` (as the TF backend's), `path`, `numpy()`, `assign*` and the arithmetic operators. The
tf.Variable inside (``.value``) is what tf.function threads as state and tapes record.
"""
import numpy as np

import tfcompat as tf

from .naming import auto_name

FLOATX = "float32"


def standardize_dtype(dtype):
    if dtype is None:
        return FLOATX
    if dtype == "int":
        return "int64"
    return tf.as_dtype(dtype).name


class Variable:
    """keras.Variable(initializer, shape=None, dtype=None, trainable=True, name=None)."""

    def __init__(self, initializer, shape=None, dtype=None, trainable=True, autocast=True,
                 aggregation="none", synchronization="auto", name=None, path=None):
        self._name = name if name is not None else auto_name(self.__class__.__name__)
        self._path = path if path is not None else self._name
        if callable(initializer):
            dtype = standardize_dtype(dtype)
            value = initializer(tuple(shape), dtype=dtype)
        else:
            if dtype is None:
                value = tf.convert_to_tensor(initializer)
                dtype = value.dtype.name if value.dtype.is_floating or \
                    value.dtype.is_integer else value.dtype.name
                if value.dtype.is_floating:
                    dtype = FLOATX
                    value = tf.cast(value, dtype)
            else:
                dtype = standardize_dtype(dtype)
                value = tf.cast(tf.convert_to_tensor(np.asarray(initializer)), dtype)
        self._dtype = dtype
        self._trainable = trainable
        self._value = tf.Variable(value, dtype=dtype, trainable=trainable, name=self._name)

    name = property(lambda self: self._name)
    path = property(lambda self: self._path)
    dtype = property(lambda self: self._dtype)
    trainable = property(lambda self: self._trainable)
    value = property(lambda self: self._value)
    constraint = None

    @property
    def shape(self):
        return self._value.shape

    @property
    def ndim(self):
        return len(self.shape)

    def numpy(self):
        return self._value.numpy()

    def __array__(self, dtype=None, copy=None):
        a = self._value.numpy()
        return a if dtype is None else a.astype(dtype)

    def __tf_tensor__(self, dtype=None, name=None):
        t = self._value.value()
        return t if dtype is None else tf.cast(t, dtype)

    def _read(self):
        return self._value.value()

    def assign(self, value):
        value = tf.cast(value, self._dtype)
        if value.shape != self.shape:
            raise ValueError(
                "The shape of the target variable and the shape of the target value in "
                "`variable.assign(value)` must match. "
                f"variable.shape={self.shape}, Received: value.shape={tuple(value.shape)}. "
                f"Target variable: {self}")
        self._value.assign(value)
        return value

    def assign_add(self, value):
        return self.assign(self + value)

    def assign_sub(self, value):
        return self.assign(self - value)

    def __repr__(self):
        try:
            value = self._value.numpy()
            value = value.item() if value.ndim == 0 else value
            value_str = f", value={value}"
        except Exception:  # noqa: BLE001 - a traced value has no numpy
            value_str = ""
        return f"<Variable path={self.path}, shape={self.shape}, dtype={self.dtype}{value_str}>"

    def __bool__(self):
        raise TypeError("A Keras Variable cannot be used as a boolean.")

    def __float__(self):
        return float(self._value.numpy())

    def __int__(self):
        return int(self._value.numpy())

    def __format__(self, spec):
        return format(self._value.numpy(), spec) if spec else repr(self)

    def __getitem__(self, idx):
        return self._read()[idx]

    def __neg__(self):
        return -self._read()

    def __pos__(self):
        return self._read()

    def __abs__(self):
        return tf.abs(self._read())

    def __invert__(self):
        return ~self._read()


def _binary(name):
    def op(self, other):
        if isinstance(other, Variable):
            other = other._read()
        return getattr(self._read(), name)(other)
    op.__name__ = name
    return op


for _n in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
           "and", "or", "xor"):
    setattr(Variable, f"__{_n}__", _binary(f"__{_n}__"))
    setattr(Variable, f"__r{_n}__", _binary(f"__r{_n}__"))
for _n in ("lt", "le", "gt", "ge", "eq", "ne"):
    setattr(Variable, f"__{_n}__", _binary(f"__{_n}__"))
Variable.__hash__ = object.__hash__
