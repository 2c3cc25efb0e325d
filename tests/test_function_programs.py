"""What a tf.function compiles: op checks of nested functions run on the host after the
call (not as callbacks inside the XLA program), and traces of the same program share one
jitted callable (tf.data and Keras re-trace their functions on each call).

Values are TF 2.21's, from running each test's code under tensorflow-cpu 2.21.0 (the
gather error message is TF's eager-op form of it, as tfcompat raises the kernel errors of
deferred checks). Also: the initial values of Variables created in a trace are computed
outside it (lifted), a constant fill on the host.
"""
import numpy as np
import pytest

import tfcompat as tf


def _equations(concrete):
    """Every equation of a concrete function's program, nested ones included."""
    eqns = []

    def walk(j):
        for e in j.eqns:
            eqns.append(e)
            for p in e.params.values():
                for q in p if isinstance(p, (tuple, list)) else (p,):
                    if hasattr(q, "jaxpr") and hasattr(q, "consts"):
                        walk(q.jaxpr)
    walk(concrete._run_jaxpr)
    return eqns


def _callbacks(concrete):
    return [e.primitive.name for e in _equations(concrete) if "callback" in e.primitive.name]


def test_checks_of_nested_functions_run_after_the_call():
    params = tf.constant([10, 20, 30])

    @tf.function
    def inner(i):
        return tf.gather(params, i) * 2

    @tf.function
    def outer(i):
        return inner(i) + 1

    np.testing.assert_array_equal(outer(tf.constant([2, 0])).numpy(), [61, 21])
    concrete = outer.get_concrete_function(tf.TensorSpec([2], tf.int32))
    assert _callbacks(concrete) == []
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[1\] = 3 is not in "
                       r"\[0, 3\)"):
        outer(tf.constant([2, 3]))


def test_a_loop_under_a_tape_runs_forward_once():
    """A while_loop with maximum_iterations (a scan) that a tape records in a trace runs
    as jax.vjp, and the gradient backpropagates through that run: the program holds the
    loop twice (forward, backward), not three times (with a replayed forward)."""
    w = tf.Variable(0.5, dtype=tf.float64)

    @tf.function
    def f(x):
        with tf.GradientTape() as t:
            _, y = tf.while_loop(lambda i, y: i < 7, lambda i, y: (i + 1, y * w + x), (0, x),
                                 maximum_iterations=7)
        return y, t.gradient(y, w)
    x = tf.constant(1.5, tf.float64)
    y, g = f(x)
    assert (y.dtype, y.numpy(), g.dtype, g.numpy()) == (tf.float64, 2.98828125, tf.float64,
                                                        5.7890625)
    loops = [e for e in _equations(f.get_concrete_function(x))
             if e.primitive.name == "scan" and e.params["length"] == 7]
    assert len(loops) == 2


def test_identical_traces_share_their_program():
    def make(scale, op=tf.multiply):
        @tf.function
        def f(x):
            return op(tf.gather(x, [2, 0]), scale)
        return f

    x = tf.constant([1.0, 2.0, 3.0])
    # (a constant is an argument of the program: 2.0 and 3.0 share it)
    a, b, c = make(2.0), make(3.0), make(2.0, tf.add)
    np.testing.assert_array_equal(a(x).numpy(), [6.0, 2.0])
    np.testing.assert_array_equal(b(x).numpy(), [9.0, 3.0])
    np.testing.assert_array_equal(c(x).numpy(), [5.0, 3.0])
    spec = tf.TensorSpec([3], tf.float32)
    ca, cb, cc = (f.get_concrete_function(spec) for f in (a, b, c))
    assert ca._jitted is cb._jitted
    assert ca._jitted is not cc._jitted



def test_program_keys_remember_the_kernels_they_call():
    """program_cache: the encoding of an op's kernel (a jit call's jaxpr, the same object
    in each trace of the op at that shape) is made once; programs that differ only
    around it still get different keys."""
    import jax
    from tfcompat.polymorphic_function import program_cache
    kernel = jax.jit(lambda x: x * 2.0)
    one, same, other = (jax.make_jaxpr(f)(1.0).jaxpr for f in (
        lambda x: kernel(x) + 1.0, lambda x: kernel(x) + 1.0, lambda x: kernel(x) - 1.0))
    inner = one.eqns[0].params["jaxpr"].jaxpr
    assert inner is same.eqns[0].params["jaxpr"].jaxpr
    program_cache._inner.pop(inner, None)
    key = program_cache._encode(one, [0, False])
    assert program_cache._inner[inner][1] == len(inner.eqns)
    assert program_cache._encode(same, [0, False]) == key
    assert program_cache._encode(other, [0, False]) != key

def test_dataset_functions_traced_per_pipeline_give_their_own_values():
    for k in range(1, 4):
        ds = tf.data.Dataset.range(6).batch(4).map(lambda v, k=k: v * k)
        assert [b.numpy().tolist() for b in ds] == [[0, k, 2 * k, 3 * k], [4 * k, 5 * k]]


def test_lifted_initializers_of_variables_created_in_a_trace():
    created = []

    @tf.function
    def f(x):
        if not created:
            created.append(tf.Variable(
                tf.random.stateless_normal([3], seed=[1, 2]) * 2.0 + tf.ones([3])))
            created.append(tf.Variable(tf.zeros([2, 2], tf.int64)))
        return x * created[0]

    expected = np.array([2.0882201194763184, 1.4147605895996094, 1.1471285820007324],
                        np.float32)
    np.testing.assert_array_equal(f(tf.constant(1.0)).numpy(), expected)
    np.testing.assert_array_equal(created[0].numpy(), expected)
    assert created[1].dtype == tf.int64
    np.testing.assert_array_equal(created[1].numpy(), np.zeros((2, 2), np.int64))
