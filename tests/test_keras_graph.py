"""TF's static shape inference in a graph built with FuncGraph(name).as_default() and
tf.compat.v1.placeholder: what Keras's TF backend ``compute_output_spec`` runs for symbolic
(KerasTensor) calls (issue 14).

The literals are TF 2.21's output of tools/keras_graph_reference.py (run under /tmp/tfref,
see that script)."""
import pytest
import reference_scripts

import tfcompat as tf

F32, F16 = "float32", "float16"


def spec(x):
    return (tuple(x.shape.as_list()), x.dtype.name)


@pytest.fixture
def graph():
    with tf.__internal__.FuncGraph("scratch").as_default() as g:
        x = tf.compat.v1.placeholder(shape=(None, 3), dtype="float32")
        y = tf.compat.v1.placeholder(shape=(None, 3), dtype="float32")
        s = tf.compat.v1.placeholder(shape=(None, None, 8), dtype="float16")
        yield g, x, y, s


def test_placeholders_are_symbolic_graph_inputs(graph):
    g, x, y, _ = graph
    assert not tf.executing_eagerly()
    assert tf.compat.v1.get_default_graph() is g
    assert spec(x) == ((None, 3), F32)
    assert (x.name, y.name) == ("Placeholder:0", "Placeholder_1:0")
    assert repr(x) == "<tf.Tensor 'Placeholder:0' shape=(None, 3) dtype=float32>"


def test_unknown_dimensions_stay_unknown(graph):
    _, x, y, s = graph
    assert spec(x + y) == spec(x * 2.0) == spec(tf.nn.relu(x)) == ((None, 3), F32)
    assert spec(tf.matmul(x, tf.ones((3, 5)))) == ((None, 5), F32)
    assert spec(tf.reduce_sum(x, 1)) == ((None,), F32)
    assert spec(tf.reduce_mean(x, 0)) == ((3,), F32)
    assert spec(tf.reduce_max(s, [1, 2], keepdims=True)) == ((None, 1, 1), F16)
    assert spec(tf.concat([x, y], 0)) == ((None, 3), F32)
    assert spec(tf.concat([x, y], 1)) == ((None, 6), F32)
    assert spec(tf.concat([s, s], 1)) == ((None, None, 8), F16)
    assert spec(tf.cast(x, "int32")) == ((None, 3), "int32")
    assert spec(tf.cast(s, "float32") + 1.0) == ((None, None, 8), F32)
    assert spec(tf.transpose(s, [1, 0, 2])) == ((None, None, 8), F16)
    assert spec(tf.expand_dims(x, -1)) == ((None, 3, 1), F32)
    assert spec(tf.zeros_like(s)) == ((None, None, 8), F16)
    assert spec(tf.gather(x, [0, 2], axis=1)) == ((None, 2), F32)
    assert spec(x[:, 1]) == ((None,), F32)
    assert spec(s[0]) == ((None, 8), F16)
    assert spec(tf.nn.softmax(s)) == ((None, None, 8), F16)
    assert spec(tf.argmax(x, 1)) == ((None,), "int64")
    assert spec(tf.stack([x, y], 1)) == ((None, 2, 3), F32)
    assert spec(tf.tile(x, [1, 2])) == ((None, 6), F32)
    assert spec(tf.where(x > 0, x, y)) == ((None, 3), F32)
    assert spec(tf.one_hot(tf.cast(tf.reduce_sum(x, 1), "int32"), 4)) == ((None, 4), F32)


def test_shapes_computed_from_tf_shape(graph):
    """TF's constant_value_as_shape: a shape built from tf.shape keeps what is known."""
    _, x, _, s = graph
    assert spec(tf.reshape(x, [-1, 1, 3])) == ((None, 1, 3), F32)
    assert spec(tf.reshape(x, [tf.shape(x)[0], 3, 1])) == ((None, 3, 1), F32)
    assert spec(tf.zeros([tf.shape(s)[0], 4])) == ((None, 4), F32)
    assert spec(tf.shape(s)) == ((3,), "int32")
    assert tf.get_static_value(tf.shape(s)) is None


def test_graph_scope_errors_and_reset():
    with tf.__internal__.FuncGraph("scratch").as_default(), \
            pytest.raises(AssertionError, match="Do not use tf.reset_default_graph"):
        tf.compat.v1.reset_default_graph()
    assert tf.executing_eagerly()
    assert type(tf.compat.v1.get_default_graph()).__name__ == "Graph"
    with pytest.raises(RuntimeError,
                       match=r"^tf.placeholder\(\) is not compatible with eager execution.$"):
        tf.compat.v1.placeholder(tf.float32, (None, 3))
    tf.compat.v1.reset_default_graph()


def test_keras_compute_output_spec():
    keras = tf.keras
    x = keras.Input((3,))   # (loads Keras, with `tensorflow` aliased to tfcompat)
    from keras.src.backend import compute_output_spec
    seq = keras.Input((None, 8), dtype="float16")
    out = keras.layers.Lambda(lambda t: tf.reshape(t, [tf.shape(t)[0], 3, 1]))(x)
    assert (out.shape, out.dtype) == ((None, 3, 1), F32)
    out = keras.layers.Lambda(lambda t: tf.zeros([tf.shape(t)[0], tf.shape(t)[1], 2]))(seq)
    assert (out.shape, out.dtype) == ((None, None, 2), F32)
    out = keras.layers.Lambda(lambda t: tf.concat([t, t * 2.0], -1))(seq)
    assert (out.shape, out.dtype) == ((None, None, 16), F32)
    out = keras.layers.Lambda(lambda t: tf.reduce_mean(t, 1))(seq)
    assert (out.shape, out.dtype) == ((None, 8), F32)
    out = compute_output_spec(lambda a, b: tf.matmul(a, b), keras.KerasTensor((None, 4, 3)),
                              keras.KerasTensor((3, 5)))
    assert (out.shape, out.dtype) == ((None, 4, 5), F32)


_LIFT = (r"Argument `initial_value` \(Tensor\(\"{}\", shape={}, dtype=float32\)\) could "
         r"not be lifted out of a `tf.function`. \(Tried to create variable with "
         r"name='{}'\). To avoid this error")


def test_variables_created_while_a_graph_is_built():
    with tf.__internal__.FuncGraph("g").as_default():
        u = tf.Variable(3.0)
        z = tf.Variable(lambda: tf.ones([2]) * 2.0)
        with pytest.raises(ValueError, match=_LIFT.format("add:0", r"\(2,\)", "w")):
            tf.Variable(tf.zeros([2]) + 3.0, name="w")
    assert u.numpy() == 3.0
    assert z.numpy().tolist() == [2.0, 2.0]


def test_random_ops_of_unknown_dimensions(graph):
    """Keras's TF dropout draws a mask of shape tf.shape(x) (trainer_test's
    test_rng_updated_during_predict)."""
    _, x, _, _ = graph
    d = tf.nn.experimental.stateless_dropout(x, 0.5, seed=[1, 2], noise_shape=tf.shape(x))
    u = tf.random.stateless_uniform(tf.shape(x), [1, 2])
    n = tf.random.normal([tf.shape(x)[0], 2])
    assert (spec(d), spec(u), spec(n)) == (((None, 3), F32), ((None, 3), F32), ((None, 2), F32))


def test_keras_builds_raw_variables_eagerly():
    """Keras's symbolic build of a subclassed model fails on a layer whose build makes
    tf.Variables of graph tensors, so the eager call builds it (guide_intro_to_modules)."""
    m = reference_scripts.load("keras_graph_reference").flexible_model()
    x = tf.constant([[2.0, 2.0, 2.0]])
    y = m(x)
    assert y.shape == (1, 2) and m.variables == []
    expected = tf.matmul(tf.matmul(x, m.d1.w) + m.d1.b, m.d2.w) + m.d2.b
    assert y.numpy().tolist() == expected.numpy().tolist()
