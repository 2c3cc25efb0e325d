"""Prints the reference values of tests/test_keras_graph.py: TF's static shape inference in
a FuncGraph placeholder scope (what Keras's TF backend `compute_output_spec` runs). Run it
under real TF 2.21 (``/tmp/tfref/bin/python tools/keras_graph_reference.py``) and under
tfcompat (``python -m tfcompat tools/keras_graph_reference.py``); the tests hold TF's
output as literals."""
import tensorflow as tf


def spec(x):
    return (tuple(x.shape.as_list()) if x.shape.rank is not None else None, x.dtype.name)


def main():
    with tf.__internal__.FuncGraph("scratch").as_default() as g:
        print("eager", tf.executing_eagerly(), tf.compat.v1.get_default_graph() is g)
        x = tf.compat.v1.placeholder(shape=(None, 3), dtype="float32")
        y = tf.compat.v1.placeholder(shape=(None, 3), dtype="float32")
        s = tf.compat.v1.placeholder(shape=(None, None, 8), dtype="float16")
        print("placeholder", spec(x), x.name, y.name, repr(x))
        print("add", spec(x + y), spec(x * 2.0), spec(tf.nn.relu(x)))
        print("matmul", spec(tf.matmul(x, tf.ones((3, 5)))))
        print("reduce", spec(tf.reduce_sum(x, 1)), spec(tf.reduce_mean(x, 0)),
              spec(tf.reduce_max(s, [1, 2], keepdims=True)))
        print("concat", spec(tf.concat([x, y], 0)), spec(tf.concat([x, y], 1)),
              spec(tf.concat([s, s], 1)))
        print("cast", spec(tf.cast(x, "int32")), spec(tf.cast(s, "float32") + 1.0))
        print("reshape", spec(tf.reshape(x, [-1, 1, 3])), spec(tf.reshape(x, [tf.shape(x)[0], 3, 1])))
        print("transpose", spec(tf.transpose(s, [1, 0, 2])), spec(tf.expand_dims(x, -1)))
        print("zeros", spec(tf.zeros([tf.shape(s)[0], 4])), spec(tf.zeros_like(s)))
        print("shape", spec(tf.shape(s)), tf.get_static_value(tf.shape(s)))
        print("gather", spec(tf.gather(x, [0, 2], axis=1)), spec(x[:, 1]), spec(s[0]))
        print("softmax", spec(tf.nn.softmax(s)), spec(tf.argmax(x, 1)))
        print("stack", spec(tf.stack([x, y], 1)), spec(tf.tile(x, [1, 2])))
        print("where", spec(tf.where(x > 0, x, y)), spec(tf.one_hot(tf.cast(tf.reduce_sum(x, 1), "int32"), 4)))
        print("outside", tf.executing_eagerly())
        try:
            tf.compat.v1.reset_default_graph()
        except AssertionError as e:
            print("reset AssertionError", e)
    print("after", tf.executing_eagerly(), type(tf.compat.v1.get_default_graph()).__name__)
    try:
        tf.compat.v1.placeholder(tf.float32, (None, 3))
    except RuntimeError as e:
        print("eager placeholder", type(e).__name__, e)
    tf.compat.v1.reset_default_graph()
    print("reset ok")


def keras_specs():
    """KerasTensor shapes that Keras's TF backend infers with compute_output_spec."""
    keras = tf.keras
    x = keras.Input((3,))
    seq = keras.Input((None, 8), dtype="float16")
    out = keras.layers.Lambda(lambda t: tf.reshape(t, [tf.shape(t)[0], 3, 1]))(x)
    print("lambda_reshape", out.shape, out.dtype)
    out = keras.layers.Lambda(lambda t: tf.zeros([tf.shape(t)[0], tf.shape(t)[1], 2]))(seq)
    print("lambda_zeros", out.shape, out.dtype)
    out = keras.layers.Lambda(lambda t: tf.concat([t, t * 2.0], -1))(seq)
    print("lambda_concat", out.shape, out.dtype)
    out = keras.layers.Lambda(lambda t: tf.reduce_mean(t, 1))(seq)
    print("lambda_mean", out.shape, out.dtype)
    from keras.src.backend import compute_output_spec
    spec = compute_output_spec(lambda a, b: tf.matmul(a, b),
                                             keras.KerasTensor((None, 4, 3)),
                                             keras.KerasTensor((3, 5)))
    print("matmul_spec", spec.shape, spec.dtype)


def flexible_model():
    """A subclassed Keras model whose layers make raw tf.Variables in build
    (guide_intro_to_modules): Keras's symbolic build fails, so the eager call builds it."""
    keras = tf.keras

    class FlexibleDense(keras.layers.Layer):
        def __init__(self, out_features, **kwargs):
            super().__init__(**kwargs)
            self.out_features = out_features

        def build(self, input_shape):
            self.w = tf.Variable(tf.random.normal([input_shape[-1], self.out_features]))
            self.b = tf.Variable(tf.zeros([self.out_features]))

        def call(self, inputs):
            return tf.matmul(inputs, self.w) + self.b

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1, self.d2 = FlexibleDense(3), FlexibleDense(2)

        def call(self, x):
            return self.d2(self.d1(x))

    return Model()


def graph_variables():
    """tf.Variables created while a FuncGraph is built: lifted unless the initial value is
    a tensor of the graph; Keras then builds a subclassed model's layers eagerly."""
    with tf.__internal__.FuncGraph("g").as_default():
        u = tf.Variable(3.0)
        z = tf.Variable(lambda: tf.ones([2]) * 2.0)
        try:
            tf.Variable(tf.zeros([2]) + 3.0, name="w")
        except ValueError as e:
            print("graph tensor", e)
    print("lifted", u.numpy(), z.numpy())
    with tf.__internal__.FuncGraph("g").as_default():
        x = tf.compat.v1.placeholder(shape=(None, 3), dtype="float32")
        d = tf.nn.experimental.stateless_dropout(x, 0.5, seed=[1, 2], noise_shape=tf.shape(x))
        u = tf.random.stateless_uniform(tf.shape(x), [1, 2])
        n = tf.random.normal([tf.shape(x)[0], 2])
        print("random", d.shape, d.dtype.name, u.shape, n.shape)
    m = flexible_model()
    y = m(tf.constant([[2.0, 2.0, 2.0]]))
    print("flexible", y.shape, [v.shape for v in m.variables])


if __name__ == "__main__":
    main()
    keras_specs()
    graph_variables()
