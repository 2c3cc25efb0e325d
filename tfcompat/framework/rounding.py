"""Keeping XLA's CPU backend from rounding differently from TF's kernels: TF rounds each
product and each op's result, where XLA fuses a product and the add or subtract that
uses it into one FMA (rounded once); TF's sums start from +0.0, where XLA folds 0 + x."""
import jax
import jax.numpy as jnp
import numpy as np


def rounded(p):
    """The product `p` rounded on its own, as TF's kernels (built without FMA) compute it:
    XLA's CPU backend otherwise fuses a product and the add or subtract that uses it into
    one FMA, rounded once. The select (nan stays nan) is what keeps them apart."""
    return jnp.where(jnp.isnan(p), np.asarray(np.nan, p.dtype), p)


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
