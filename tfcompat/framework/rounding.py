"""Keeping XLA's CPU backend from rounding differently from TF's kernels: TF rounds each
product and each op's result, where XLA fuses a product and the add or subtract that
uses it into one FMA (rounded once); TF's sums start from +0.0, where XLA folds 0 + x.

These run on every add, subtract and sum a tf.function traces, so they are written with
lax (jnp.where and the jnp operators are each a jit traced anew for every shape, which
made a large part of a first call's tracing and lowering); the selects are jnp.where's."""
import jax
import jax.numpy as jnp
from jax import lax
import numpy as np


_BITS = {2: jnp.int16, 4: jnp.int32, 8: jnp.int64}


def rounded(p):
    """The product `p` rounded on its own, as TF's kernels (built without FMA) compute it:
    XLA's CPU backend otherwise fuses a product and the add or subtract that uses it into
    one FMA, rounded once. A select keeps them apart: the one NaN whose bits are all ones
    but the sign becomes the quiet NaN (nan stays nan). It tests the bits, as LLVM removes
    a select on isnan(p) where it proves p is no NaN (a product of an integer converted and
    a constant, such as x / 255 of an image) and then fuses."""
    if jnp.issubdtype(p.dtype, jnp.complexfloating):
        return lax.complex(rounded(lax.real(p)), rounded(lax.imag(p)))
    bits, nan_test = _bits(p)
    return _select(lax.eq(bits, nan_test), np.asarray(np.nan, p.dtype), p)


def _rounded_at_one_use(p):
    """rounded(p), selecting among p's bits so that `p` has one use: XLA does not fuse an
    expensive op (a divide, a sqrt) into a consumer that uses it twice, and so wrote it to
    memory and read it back (Adam's update: an extra pass over each variable). Its
    derivative is zero (bits have none): for `unfused`, whose own rule gives 1."""
    if jnp.issubdtype(p.dtype, jnp.complexfloating):
        return lax.complex(_rounded_at_one_use(lax.real(p)), _rounded_at_one_use(lax.imag(p)))
    bits, nan_test = _bits(p)
    quiet_nan = np.asarray(np.nan, p.dtype).view(nan_test.dtype)
    return lax.bitcast_convert_type(_select(lax.eq(bits, nan_test), quiet_nan, bits), p.dtype)


def _bits(p):
    """p's bits as integers, and 0x7fff...f (a NaN) of their type."""
    kind = _BITS[p.dtype.itemsize]
    return lax.bitcast_convert_type(p, kind), np.asarray(np.iinfo(kind).max, kind)


def _select(condition, scalar, x):
    """jnp.where(condition, scalar, x) for `scalar` a NumPy scalar of x's dtype."""
    return lax.select_n(condition, x, lax.broadcast_in_dim(scalar, x.shape, ()))


@jax.custom_jvp
def unfused(x):
    """`x`, a float operand of a sum, kept from fusing into it: TF's ops round each result,
    where XLA's CPU backend fuses a product that feeds an add or subtract into one FMA
    (rounded once) when a tf.function compiles them together. Its derivative is 1."""
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        return x
    return _rounded_at_one_use(x)


@unfused.defjvp
def _unfused_jvp(primals, tangents):
    return unfused(primals[0]), tangents[0]


@jax.custom_jvp
def plus_zero(x):
    """`x` with each -0.0 (of either part, for complex) made +0.0: what TF's matmul
    kernels return, accumulating from +0.0 (XLA makes a dot over one term a product).
    Its derivative is 1."""
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        return lax.complex(_positive_zero(lax.real(x)), _positive_zero(lax.imag(x)))
    if jnp.issubdtype(x.dtype, jnp.floating):
        return _positive_zero(x)
    return x


def _positive_zero(x):
    """jnp.where(x == 0, jnp.zeros_like(x), x) of a real float array."""
    return lax.select_n(lax.eq(x, np.zeros((), x.dtype)), x, lax.full_like(x, 0))


@plus_zero.defjvp
def _plus_zero_jvp(primals, tangents):
    return plus_zero(primals[0]), tangents[0]
