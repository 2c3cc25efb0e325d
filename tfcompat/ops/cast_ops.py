"""tf.cast, with the results of TF's x86 C++ casts."""

import jax.numpy as jnp

from ..framework import dtypes, errors, tf_logging
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.composite_dispatch import dispatchable
from ..framework.indexed_slices import IndexedSlices
from ..framework.sparse_tensor import SparseTensor


# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["cast"]


# -- casts --------------------------------------------------------------------------------

def _truncate(x, bits):
    """x (float64) truncated to a `bits`-bit int as x86's cvttsd2si: the int's minimum
    for nan and out-of-range x."""
    t = jnp.trunc(x)
    ok = (t >= -2.0 ** (bits - 1)) & (t < 2.0 ** (bits - 1))
    low = jnp.iinfo(f"int{bits}").min
    return jnp.where(ok, jnp.where(ok, t, 0).astype(f"int{bits}"), low)


def _float_to_int(x, dtype):
    """TF's scalar C++ static_cast: narrower ints wrap an int32 conversion, uint32 an int64
    one; uint64 converts x - 2**63 when x's int64 is negative (so nan, inf give 2**63)."""
    x = x.astype(jnp.float64)
    bits = jnp.iinfo(dtype).bits
    if bits < 32 or dtype == jnp.int32:
        return _truncate(x, 32).astype(dtype)
    wide = _truncate(x, 64)
    if dtype == jnp.uint64:
        wide = jnp.where(wide < 0, wide | _truncate(x - 2.0 ** 63, 64), wide)
    return wide.astype(dtype)


def _cast(x, dtype):
    if jnp.issubdtype(x.dtype, jnp.complexfloating) and not jnp.issubdtype(
            dtype, jnp.complexfloating):
        x = jnp.real(x)
    if jnp.issubdtype(x.dtype, jnp.floating) and jnp.issubdtype(dtype, jnp.integer):
        return _float_to_int(x, jnp.dtype(dtype))
    return x.astype(dtype)


_cast_op = Op("Cast", _cast)


@dispatchable("x")
def cast(x, dtype, name=None):
    """tf.cast. Float to int truncates toward zero; nan and out-of-range values give what
    TF's scalar C++ cast gives on x86 (tf.cast(300., tf.uint8) is 44). TF's vectorized
    Eigen cast saturates some of them instead, in tensors of 8 or more elements (by
    position), which this does not reproduce. Complex to real keeps the real part. A
    SparseTensor, IndexedSlices or RaggedTensor has its values cast."""
    if isinstance(x, SparseTensor):
        return SparseTensor(x.indices, cast(x.values, dtype), x.dense_shape)
    if isinstance(x, IndexedSlices):
        return IndexedSlices(cast(x.values, dtype), x.indices, x.dense_shape)
    x = to_tensor(x)
    dtype = dtypes.as_dtype(dtype)
    if x.dtype is dtype:
        return x
    if dtypes.string in (x.dtype, dtype) or dtype._np is None:   # (resource, variant; and
        # tf.strings.to_number / as_string do strings)
        raise errors.op_error(errors.UnimplementedError, "Cast", f"Cast {x.dtype._tf_name} "
                              f"to {dtype._tf_name} is not supported", kernel="Cast")
    if x.dtype.is_complex and dtype.is_floating:   # (TF warns for float targets only)
        tf_logging.get_logger().warning(
            f"You are casting an input of type {x.dtype.name} to an incompatible dtype "
            f"{dtype.name}.  This will discard the imaginary part and may not be what you "
            f"intended.")
    return execute(_cast_op, (x,), (("dtype", dtype._np),))
