"""A tf.data function's call run as its trace's compiled program on the element's arrays
(StructuredFunction's runners: ConcreteFunction.array_runner), tf.function's plain calls
(ConcreteFunction._call_flat without tapes or traces) and the device transfer of host
arrays (constant_op.device_array): the same values, errors and devices as the usual path.

TF's answers (the literals below): /tmp/tfref/bin/python tools/data_direct_calls_reference.py
(tf.device placement: tests/test_device.py's).
"""
import os
import subprocess
import sys

import jax
import numpy as np
import pytest

import tfcompat as tf
from tfcompat.framework.constant_op import device_array
from tfcompat.framework.context import x64_scope

X = np.arange(40, dtype=np.float32).reshape(10, 4) / 8.0
Y = np.arange(10, dtype=np.int64)


def _arrays(ds):
    return [[np.asarray(c) for c in tf.nest.flatten(e)] for e in ds]


def _usual(ds):
    """`ds` with its map's calls made the usual way (through tf.function's call)."""
    ds._fn._runners = None
    return ds


def _runners(ds):
    return list(ds._fn._runners.values())


MAPS = {
    "arithmetic": lambda a, b: (a * 2.0 - 1.0, b + 1),
    "reduce_and_matmul": lambda a, b: (tf.reduce_sum(a, axis=-1),
                                       tf.matmul(a[..., None], a[..., None, :])),
    "dict_out": lambda a, b: {"z": tf.cast(b, tf.float32) * a[..., 0], "a": a},
    "list_out_forwarded": lambda a, b: [b, a],
    "gather": lambda a, b: tf.gather(a, [3, 0], axis=-1),
}


@pytest.mark.parametrize("name", sorted(MAPS))
@pytest.mark.parametrize("batched", [False, True])
def test_runner_equals_usual_call(name, batched):
    def make():
        ds = tf.data.Dataset.from_tensor_slices((X, Y))
        return (ds.batch(4) if batched else ds).map(MAPS[name])
    fast, slow = make(), _usual(make())
    got, want = _arrays(fast), _arrays(slow)
    assert _runners(fast) and all(r is not None for r in _runners(fast))
    assert len(got) == len(want) == (3 if batched else 10)
    for g, w in zip(got, want, strict=True):
        for a, b in zip(g, w, strict=True):
            assert a.dtype == b.dtype and a.shape == b.shape
            np.testing.assert_array_equal(a, b)
    assert fast.element_spec == slow.element_spec


def test_values_as_tf():
    ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4).map(MAPS["arithmetic"])
    out = _arrays(ds)
    assert _runners(ds)[0] is not None
    # TF: [e[1].tolist() for e in ds.as_numpy_iterator()], ds's last x batch [:, 0]
    assert [o[1].tolist() for o in out] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    assert out[2][0][:, 0].tolist() == [7.0, 8.0]


def test_variable_read_at_each_call():
    v = tf.Variable(2.0)
    ds = tf.data.Dataset.from_tensor_slices(X).batch(5).map(lambda a: a * v)
    it = iter(ds)
    first = next(it).numpy()
    v.assign(3.0)
    second = next(it).numpy()
    assert _runners(ds)[0] is not None
    np.testing.assert_array_equal(first, X[:5] * 2.0)
    np.testing.assert_array_equal(second, X[5:] * 3.0)


def test_failing_check_raises_tf_error():
    ds = tf.data.Dataset.range(5).map(lambda i: tf.gather([1, 2, 3], i))
    it = iter(ds)
    assert [int(next(it)) for _ in range(3)] == [1, 2, 3]
    assert _runners(ds)[0] is not None
    # TF: InvalidArgumentError whose message holds it
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices = 3 is not in \[0, 3\)"):
        next(it)


def test_assert_in_map_raises_tf_error():
    def f(i):
        with tf.control_dependencies([tf.debugging.assert_less(i, tf.constant(2, tf.int64))]):
            return i * 10
    ds = tf.data.Dataset.range(4).map(f)
    it = iter(ds)
    assert [int(next(it)) for _ in range(2)] == [0, 10]
    # TF: InvalidArgumentError whose message holds it
    with pytest.raises(tf.errors.InvalidArgumentError, match="Condition x < y did not hold"):
        next(it)


@pytest.mark.parametrize("make", [
    lambda: tf.data.Dataset.range(6).map(lambda i: tf.random.uniform([], seed=1) + 0.0 * tf.cast(
        i, tf.float32)),
    lambda: tf.data.Dataset.range(6).map(lambda i: tf.strings.as_string(i)),
], ids=["random", "strings"])
def test_usual_call_where_more_than_a_program_run(make):
    fast, slow = make(), _usual(make())
    got, want = _arrays(fast), _arrays(slow)
    assert _runners(fast) == [None]
    assert [g[0].tolist() for g in got] == [w[0].tolist() for w in want]


def test_variable_update_in_map_stays_usual():
    v = tf.Variable(0, dtype=tf.int64)
    ds = tf.data.Dataset.range(4).map(lambda i: v.assign_add(i))
    # TF: [0, 1, 3, 6], and v ends at 6
    assert [int(x) for x in ds] == [0, 1, 3, 6]
    assert int(v.numpy()) == 6 and _runners(ds) == [None]


def test_function_plain_call_errors_and_tape():
    @tf.function
    def f(x, i):
        return tf.gather(x, i) * 2.0
    x = tf.constant([1.0, 2.0, 3.0])
    for _ in range(3):   # (the first call places the constants, later ones run plainly)
        assert float(f(x, tf.constant(1))) == 4.0
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices = 5 is not in \[0, 3\)"):
        f(x, tf.constant(5))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x, tf.constant(2))
    assert tf.convert_to_tensor(tape.gradient(y, x)).numpy().tolist() == [0.0, 0.0, 2.0]


@pytest.mark.parametrize("value", [
    np.arange(6.0).reshape(2, 3), np.arange(24, dtype=np.int32).reshape(4, 6)[::-1, ::2],
    np.asfortranarray(np.ones((3, 2), np.float16)), np.array([True, False]),
    np.zeros((0, 3), np.uint8), np.array(5, np.int64)],
    ids=["float64", "strided", "fortran", "bool", "empty", "scalar"])
def test_device_array_as_device_put(value):
    got = device_array(value)
    with x64_scope():   # (tfcompat's JAX mode)
        want = jax.device_put(value)
    assert type(got) is type(want) and got.aval == want.aval
    assert got.sharding == want.sharding and got.committed == want.committed is False
    np.testing.assert_array_equal(np.asarray(got), value)


def test_device_array_refuses_what_jax_refuses():
    with pytest.raises(TypeError, match="is not a valid JAX array type"):
        device_array(np.array(["a"]))


def test_device_array_under_tf_device():
    code = ("import numpy as np, tfcompat as tf\n"
            "with tf.device('CPU:1'):\n"
            "    t = tf.constant(np.arange(3.0))\n"
            "print(t.device, t._value.committed)\n")
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=300, check=True).stdout
    assert out.split() == ["/job:localhost/replica:0/task:0/device:CPU:1", "False"]
