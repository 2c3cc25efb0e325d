"""A non-persistent tape frees what it recorded when gradient() returns, a persistent one
when deleted, and a long eager training loop grows neither memory nor compile caches."""
import gc
import weakref

import numpy as np

import tfcompat as tf
from tfcompat.framework import backprop


def _intermediate_ref(persistent):
    x = tf.constant([1.0, 2.0])
    tape = tf.GradientTape(persistent=persistent)
    with tape:
        tape.watch(x)
        y = x * x
        z = tf.reduce_sum(y * y)
    ref = weakref.ref(y)
    del y
    return tape, z, x, ref


def test_non_persistent_tape_releases_on_gradient():
    tape, z, x, ref = _intermediate_ref(persistent=False)
    gc.collect()
    assert ref() is not None, "the tape holds what it recorded until gradient()"
    np.testing.assert_allclose(tape.gradient(z, x).numpy(), [4.0, 32.0])
    gc.collect()
    assert ref() is None


def test_persistent_tape_releases_when_deleted():
    tape, z, x, ref = _intermediate_ref(persistent=True)
    tape.gradient(z, x)
    gc.collect()
    assert ref() is not None
    del tape
    gc.collect()
    assert ref() is None


def _rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def test_ten_thousand_eager_steps_do_not_grow():
    w = tf.Variable(np.full(8, 0.5, np.float32))
    x = tf.constant(np.linspace(-1.0, 1.0, 8, dtype=np.float32))

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(w * x - 1.0))
        w.assign_sub(0.01 * tape.gradient(loss, w))

    for _ in range(500):
        step()
    gc.collect()
    rss, programs = _rss_bytes(), len(backprop._PROGRAMS)
    for _ in range(10_000):
        step()
    gc.collect()
    assert len(backprop._PROGRAMS) == programs
    assert _rss_bytes() - rss < 20 * 2 ** 20, "memory grew by more than 20 MiB"
