"""Inside tf.function, each product is rounded on its own, as TF's kernels round it:
XLA's CPU backend would fuse a product and the add or subtract that uses it into one FMA
(framework/rounding.py) -- and the guard that prevents it leaves XLA's fusion of the
program as it would be without it. Under jit_compile=True, TF compiles with XLA, which
fuses them: so does tfcompat.

The inputs are products of (1 + i/4096)(1 + j/4096), which need more than float32's 24
bits, so that an FMA (rounded once) gives another value than a product rounded before the
sum on about 900 of 4,099 elements. TF's answers are NumPy's float32 arithmetic: one
rounding per op, or (jit_compile) one of each product and its sum. TF 2.21 gives exactly
these values (checked by running this file with TF as tfcompat, as tests/test_threads.py
describes). Nothing here imports TF."""
import re

import numpy as np
import pytest

import tfcompat as tf

N = 4099   # not a multiple of a vector width: the loop's tail too


def _inputs():
    rng = np.random.default_rng(0)
    x = (1 + rng.integers(1, 4096, N) * 2.0 ** -12).astype(np.float32)
    y = (1 + rng.integers(1, 4096, N) * 2.0 ** -12).astype(np.float32)
    return x, y, -np.ones(N, np.float32)


def test_an_fma_would_differ_here():
    x, y, z = _inputs()
    fma = (x.astype(np.float64) * y + z).astype(np.float32)
    assert 800 < int(np.sum(fma != x * y + z)) < 1000


def _fma(a, b, c):
    """a * b + c rounded once (float64 holds the product exactly)."""
    return (a.astype(np.float64) * b + c).astype(np.float32)


@pytest.mark.parametrize("jit_compile", [False, True])
def test_products_are_rounded_as_tf_rounds_them(jit_compile):
    # TF's kernels round each product; under jit_compile=True TF's XLA fuses a product
    # and its sum into one FMA, as XLA does here (TF 2.21: 913 and 36 of these elements
    # differ between the two).
    x, y, z = _inputs()
    v = tf.Variable(z)

    @tf.function(jit_compile=jit_compile)
    def f(a, b, c):
        v.assign_add(a * b)
        return a * b + c, c - a * b, v.read_value()

    plus, minus, assigned = (t.numpy() for t in f(x, y, z))
    assert plus.dtype == np.float32 and plus.shape == (N,)
    if jit_compile:
        expected_plus, expected_minus = _fma(x, y, z), _fma(-x, y, z)
    else:
        expected_plus, expected_minus = x * y + z, z - x * y
    assert plus.tobytes() == expected_plus.tobytes()
    assert minus.tobytes() == expected_minus.tobytes()
    assert assigned.tobytes() == expected_plus.tobytes()
    assert int(np.sum(expected_minus != z - x * y)) == (36 if jit_compile else 0)


def test_the_guard_leaves_expensive_operands_fused():
    # Adam's update: XLA fuses the divide (and the sqrt) into the subtract from the
    # variable, one pass over it; the guard, selecting on the operands' values, made it
    # write the quotient to memory and read it back (two passes).
    w, m, s = (tf.Variable(np.full([256, 64], k, np.float32)) for k in (1.0, 0.5, 4.0))

    @tf.function(jit_compile=True)
    def update(lr):
        w.assign_sub(lr * m / (tf.sqrt(s) + 1e-7))

    hlo = update.experimental_get_compiler_ir(tf.constant(0.5))("optimized_hlo")
    entry = hlo[hlo.index("\nENTRY"):]
    assert len(re.findall(r"= f32\[256,64\]\S* fusion\(", entry)) == 1
    update(tf.constant(0.5))
    assert w.numpy()[0, 0] == np.float32(1.0) - np.float32(0.25) / (np.float32(2.0) + np.float32(1e-7))
