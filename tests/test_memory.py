"""A non-persistent tape frees what it recorded when gradient() returns, a persistent one
when deleted, and a long eager training loop grows neither memory nor compile caches; nor
do eager ops on ever new shapes or a tf.function retraced on every call (bounded caches)."""
import gc
import weakref

import numpy as np
import pytest

import tfcompat as tf
from tfcompat.framework import config, dispatch, gradient_program


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
    rss, programs = _rss_bytes(), len(gradient_program._PROGRAMS)
    for _ in range(10_000):
        step()
    gc.collect()
    assert len(gradient_program._PROGRAMS) == programs
    assert _rss_bytes() - rss < 20 * 2 ** 20, "memory grew by more than 20 MiB"


def _maps():
    with open("/proc/self/maps") as f:
        return sum(1 for _ in f)


@pytest.fixture
def small_caches():
    """Small cache limits (framework/config.py), so that eviction starts early."""
    saved = dict(config.cache_limits)
    config.set_cache_limits(kernels=64, traces=16)
    yield
    config.set_cache_limits(**saved)


def test_two_thousand_retraces_stay_bounded(small_caches):
    w = tf.Variable(np.arange(4, dtype=np.float32))

    @tf.function
    def f(x):
        return tf.reduce_sum(x * w, axis=1)

    def call(n):
        y = f(tf.constant(np.ones((n, 4), np.float32)))
        np.testing.assert_allclose(y.numpy(), np.full(n, 6.0))

    for n in range(1, 501):
        call(n)
    gc.collect()
    rss, maps = _rss_bytes(), _maps()
    for n in range(501, 2001):
        call(n)
    gc.collect()
    assert f.experimental_get_tracing_count() == 2000
    assert len(f._traces) <= 16
    # (unbounded, each trace kept ~3 MiB and 6 memory maps: 1,500 traces ~4.5 GiB)
    assert _maps() - maps < 100
    assert _rss_bytes() - rss < 150 * 2 ** 20, "memory grew by more than 150 MiB"
    call(1)   # evicted long ago: traced again
    assert f.experimental_get_tracing_count() == 2001


def test_thousand_new_eager_shapes_stay_bounded(small_caches):
    ops = [(tf.square, np.square), (tf.sin, np.sin), (lambda x: x * 3.0, lambda x: x * 3.0),
           (tf.exp, np.exp)]

    def run(n):   # one new kernel per shape (the ops take turns)
        x = np.linspace(-1.0, 1.0, n, dtype=np.float32)
        op, ref = ops[n % len(ops)]
        np.testing.assert_allclose(op(tf.constant(x)).numpy(), ref(x), rtol=1e-6, atol=1e-6)

    for n in range(1, 251):
        run(n)
    gc.collect()
    rss, maps = _rss_bytes(), _maps()
    for n in range(251, 1001):
        run(n)
    gc.collect()
    assert dispatch._compiled_total[0] <= 64
    assert _maps() - maps < 100
    assert _rss_bytes() - rss < 100 * 2 ** 20, "memory grew by more than 100 MiB"
    for n in range(1, 5):   # evicted: compiled again
        run(n)


def test_shapes_compiled_per_polymorphic_trace_are_bounded(small_caches):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        return x * 2.0 + 1.0

    for n in range(1, 201):
        np.testing.assert_allclose(f(tf.constant(np.ones(n, np.float32))).numpy(),
                                   np.full(n, 3.0))
        if n == 50:
            gc.collect()
            maps = _maps()
    gc.collect()
    assert f.experimental_get_tracing_count() == 1
    assert _maps() - maps < 100
