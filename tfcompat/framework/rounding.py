"""Keeping XLA's CPU backend from rounding differently from TF's kernels: TF rounds each
product and each op's result, where XLA fuses a product and the add or subtract that
uses it into one FMA (rounded once)."""
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
