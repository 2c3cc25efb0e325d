"""TF2's own initializers (tensorflow/python/ops/init_ops_v2.py): tf.zeros_initializer,
tf.ones_initializer, tf.constant_initializer, tf.random_uniform_initializer and
tf.random_normal_initializer. (tf.initializers is Keras's, as in TF 2.21.)

A seeded random initializer draws TF's stateless stream of seed [seed, 0], so each call
gives the same values; an unseeded one draws the stateful ops, under the global seed."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant
from .array_ops import ones, zeros
from .random_ops import normal, uniform
from .stateless_random_ops import stateless_normal, stateless_uniform

_PARTITION_SHAPE = "partition_shape"
_PARTITION_OFFSET = "partition_offset"


class Initializer:
    """tf.keras-independent initializer base class (TF's init_ops_v2.Initializer)."""

    def __call__(self, shape, dtype=None, **kwargs):
        raise NotImplementedError

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        config.pop("dtype", None)
        return cls(**config)

    def _validate_kwargs(self, kwargs, support_partition=True):
        for kwarg in kwargs:
            if kwarg not in [_PARTITION_SHAPE, _PARTITION_OFFSET]:
                raise TypeError(
                    "Keyword argument should be one of "
                    f"{list([_PARTITION_SHAPE, _PARTITION_OFFSET])}. Received: {kwarg}")
            if not support_partition:
                raise ValueError(f"{self.__class__.__name__} initializer doesn't support "
                                 "partition-related arguments")


def _numeric_or_bool(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_numpy_compatible or dtype == dtypes.string:
        raise ValueError("Argument `dtype` expected to be numeric or boolean. "
                         f"Received {dtype}.")
    return dtype


def _float(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError("Argument `dtype` is expected to be floating point. "
                         f"Received: {dtype}.")
    return dtype


class _Filled(Initializer):
    _fill = None

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._validate_kwargs(kwargs)
        dtype = _numeric_or_bool(dtype)
        return type(self)._fill(kwargs.get(_PARTITION_SHAPE, shape), dtype)


class Zeros(_Filled):
    """tf.zeros_initializer."""
    _fill = staticmethod(zeros)


class Ones(_Filled):
    """tf.ones_initializer."""
    _fill = staticmethod(ones)


class Constant(Initializer):
    """tf.constant_initializer: `value` (a scalar, list, tuple or ndarray) filled or
    reshaped to the requested shape by tf.constant."""

    def __init__(self, value=0, support_partition=False):
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError(
                f"Invalid type for initial value: {type(value).__name__}. Expected "
                "Python scalar, list or tuple of values, or numpy.ndarray.")
        self.value = value
        self.support_partition = support_partition

    def __call__(self, shape, dtype=None, **kwargs):
        self._validate_kwargs(kwargs, support_partition=self.support_partition)
        if dtype is not None:
            dtype = dtypes.as_dtype(dtype)
        return constant(self.value, dtype=dtype, shape=shape)

    def get_config(self):
        return {"value": self.value}


class RandomUniform(Initializer):
    """tf.random_uniform_initializer."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        self.seed = seed

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._validate_kwargs(kwargs)
        dtype = dtypes.as_dtype(dtype)
        if not dtype.is_floating and not dtype.is_integer:
            raise ValueError("Argument `dtype` expected to be numeric or boolean. "
                             f"Received {dtype}.")
        shape = kwargs.get(_PARTITION_SHAPE, shape)
        if self.seed is None:
            return uniform(shape, self.minval, self.maxval, dtype)
        return stateless_uniform(shape, [self.seed, 0], self.minval, self.maxval, dtype)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


class RandomNormal(Initializer):
    """tf.random_normal_initializer."""

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        self.seed = seed

    def __call__(self, shape, dtype=dtypes.float32, **kwargs):
        self._validate_kwargs(kwargs)
        dtype = _float(dtype)
        shape = kwargs.get(_PARTITION_SHAPE, shape)
        if self.seed is None:
            return normal(shape, self.mean, self.stddev, dtype)
        return stateless_normal(shape, [self.seed, 0], self.mean, self.stddev, dtype)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}
