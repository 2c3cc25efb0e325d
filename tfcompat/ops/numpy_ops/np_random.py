"""tf.experimental.numpy.random (TF's np_random.py): TF's seeded random ops with NumPy's
signatures and default dtypes."""
import numpy as onp

from .. import manip_ops, random_ops
from . import np_dtypes, np_utils
from .np_array_ops import asarray


def seed(s):
    """tnp.random.seed: tf.random.set_seed."""
    try:
        s = int(s)
    except TypeError:
        raise ValueError(
            f"Argument `s` got an invalid value {s}. Only integers are supported.") from None
    random_ops.set_seed(s)


def randn(*args):
    return standard_normal(size=args)


def standard_normal(size=None):
    if size is None:
        size = ()
    elif np_utils.isscalar(size):
        size = (size,)
    return random_ops.normal(size, dtype=np_utils.result_type(float))


def uniform(low=0.0, high=1.0, size=None):
    dtype = np_utils.result_type(float)
    low = asarray(low, dtype=dtype)
    high = asarray(high, dtype=dtype)
    if size is None:
        size = manip_ops.broadcast_static_shape(low.shape, high.shape)
    return random_ops.uniform(shape=size, minval=low, maxval=high, dtype=dtype)


def poisson(lam=1.0, size=None):
    if size is None:
        size = ()
    elif np_utils.isscalar(size):
        size = (size,)
    return random_ops.poisson(shape=size, lam=lam, dtype=np_dtypes.int_)


def random(size=None):
    return uniform(0.0, 1.0, size)


def rand(*size):
    return uniform(0.0, 1.0, size)


def randint(low, high=None, size=None, dtype=onp.int64):
    """tnp.random.randint: int32 or int64 in [low, high)."""
    low = int(low)
    if high is None:
        high = low
        low = 0
    if size is None:
        size = ()
    elif isinstance(size, int):
        size = (size,)
    dtype_orig = dtype
    dtype = np_utils.result_type(dtype)
    accepted_dtypes = (onp.int32, onp.int64)
    if dtype not in accepted_dtypes:
        raise ValueError(
            f"Argument `dtype` got an invalid value {dtype_orig}. Only those "
            f"convertible to {accepted_dtypes} are supported.")
    return random_ops.uniform(shape=size, minval=low, maxval=high, dtype=dtype)
