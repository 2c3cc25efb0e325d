"""Keeping XLA's CPU backend from rounding differently from TF's kernels: TF rounds each
product and each op's result, where XLA fuses a product and the add or subtract that
uses it into one FMA (rounded once); TF's sums start from +0.0, where XLA folds 0 + x."""
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
        return lax.complex(rounded(jnp.real(p)), rounded(jnp.imag(p)))
    bits = _BITS[p.dtype.itemsize]
    test = np.asarray(np.iinfo(bits).max, bits)   # 0x7fff...f: a NaN
    return jnp.where(lax.bitcast_convert_type(p, bits) == test, np.asarray(np.nan, p.dtype), p)


@jax.custom_jvp
def unfused(x):
    """`x`, a float operand of a sum, kept from fusing into it: TF's ops round each result,
    where XLA's CPU backend fuses a product that feeds an add or subtract into one FMA
    (rounded once) when a tf.function compiles them together. Its derivative is 1."""
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        return x
    return rounded(x)


@unfused.defjvp
def _unfused_jvp(primals, tangents):
    return unfused(primals[0]), tangents[0]


@jax.custom_jvp
def plus_zero(x):
    """`x` with each -0.0 (of either part, for complex) made +0.0: what TF's matmul
    kernels return, accumulating from +0.0 (XLA makes a dot over one term a product).
    Its derivative is 1."""
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        re, im = jnp.real(x), jnp.imag(x)
        zero = jnp.zeros_like(re)
        return jax.lax.complex(jnp.where(re == 0, zero, re), jnp.where(im == 0, zero, im))
    if jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.where(x == 0, jnp.zeros_like(x), x)
    return x


@plus_zero.defjvp
def _plus_zero_jvp(primals, tangents):
    return plus_zero(primals[0]), tangents[0]
