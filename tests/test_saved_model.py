"""tf.saved_model.save / load.

The expected values are TF 2.21's: each test's program was run under real TensorFlow
(/tmp/tfref/bin/python, with ``import tensorflow as tf``) and its answers written here as
literals. Tests marked "tfcompat only" check behaviour where tfcompat deliberately
differs (its file format, an unsupported option).
"""
import os

import numpy as np
import pytest

import tfcompat as tf


class _Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([1.0, 2.0], name="vv")
        self.c = tf.Variable(3, trainable=False)
        self.lst = [tf.Variable(1.0), {"a": tf.Variable(2.0)}]
        self.sub = tf.Module()
        self.sub.w = tf.Variable(5.0)

    @tf.function
    def f(self, x, k=2):
        return self.v * x * k

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
    def g(self, x):
        self.v.assign_add(x)
        return {"out": self.v * 2.0, "n": self.c}

    @tf.function
    def untraced(self, x):
        return x


@pytest.fixture
def loaded(tmp_path):
    m = _Model()
    m.f(tf.constant([1.0, 1.0]))
    m.f(tf.constant([1.0, 1.0]), 3)
    tf.saved_model.save(m, str(tmp_path / "m"))
    return tf.saved_model.load(str(tmp_path / "m"))


def test_object_graph_and_variables(loaded, tmp_path):
    assert type(loaded).__qualname__ == "Loader._recreate_base_user_object.<locals>._UserObject"
    assert type(loaded.f).__name__ == "RestoredFunction"
    assert not isinstance(loaded, tf.Module)
    assert repr(loaded.v) == ("<tf.Variable 'vv:0' shape=(2,) dtype=float32, "
                              "numpy=array([1., 2.], dtype=float32)>")
    assert repr(loaded.c) == "<tf.Variable 'Variable:0' shape=() dtype=int32, numpy=3>"
    assert (loaded.v.trainable, loaded.c.trainable) == (True, False)
    assert float(loaded.lst[0].numpy()) == 1.0 and float(loaded.lst[1]["a"].numpy()) == 2.0
    assert float(loaded.sub.w.numpy()) == 5.0
    assert tf.saved_model.contains_saved_model(str(tmp_path / "m"))
    assert not tf.saved_model.contains_saved_model(str(tmp_path / "nothing"))


def test_calls_match_saved_traces(loaded):
    x = tf.constant([1.0, 1.0])
    assert loaded.f(x).numpy().tolist() == [2.0, 4.0]
    assert loaded.f(x, 3).numpy().tolist() == [3.0, 6.0]
    assert loaded.f(x, k=3).numpy().tolist() == [3.0, 6.0]
    assert loaded.f(x=x).numpy().tolist() == [2.0, 4.0]
    assert loaded.f([1.0, 2.0]).numpy().tolist() == [2.0, 8.0]    # converted, 2nd pass
    assert loaded.f(x, k=2.0).numpy().tolist() == [2.0, 4.0]      # 2.0 == 2
    with pytest.raises(ValueError) as e:
        loaded.f(tf.constant([1.0, 1.0, 1.0]))
    assert str(e.value) == (
        "Could not find matching concrete function to call loaded from the SavedModel. Got:\n"
        "  Positional arguments (2 total):\n"
        "    * <tf.Tensor 'x:0' shape=(3,) dtype=float32>\n"
        "    * 2\n"
        "  Keyword arguments: {}\n\n"
        " Expected these arguments to match one of the following 2 option(s):\n\n"
        "Option 1:\n"
        "  Positional arguments (2 total):\n"
        "    * TensorSpec(shape=(2,), dtype=tf.float32, name='x')\n"
        "    * 2\n"
        "  Keyword arguments: {}\n\n"
        "Option 2:\n"
        "  Positional arguments (2 total):\n"
        "    * TensorSpec(shape=(2,), dtype=tf.float32, name='x')\n"
        "    * 3\n"
        "  Keyword arguments: {}")
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        loaded.f(tf.constant([1, 1]))
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        loaded.f(x, tf.constant(2))
    with pytest.raises(ValueError) as e:
        loaded.untraced(tf.constant(1.0))
    assert str(e.value) == "Found zero restored functions for caller function."


def test_assignments_and_default_signature(loaded):
    out = loaded.g(tf.constant([1.0, 1.0]))
    assert sorted(out) == ["n", "out"]
    assert out["out"].numpy().tolist() == [4.0, 6.0] and int(out["n"].numpy()) == 3
    assert loaded.v.numpy().tolist() == [2.0, 3.0]
    assert loaded.g([1.0, 1.0])["out"].numpy().tolist() == [6.0, 8.0]
    assert list(loaded.signatures) == ["serving_default"]
    out = loaded.signatures["serving_default"](x=tf.constant([1.0, 1.0]))
    assert out["out"].numpy().tolist() == [8.0, 10.0]
    assert loaded.v.numpy().tolist() == [4.0, 5.0]


class _Lin(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
        self.b = tf.Variable([0.5, -0.5], name="b")

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


def test_unknown_dimension_and_gradients(tmp_path):
    tf.saved_model.save(_Lin(), str(tmp_path / "lin"))
    lin = tf.saved_model.load(str(tmp_path / "lin"))
    x = tf.constant([[1.0, -1.0], [0.5, 2.0], [1.0, 1.0]])
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(lin(x) ** 2)
    gx, gw, gb = t.gradient(y, [x, lin.w, lin.b])
    assert float(y.numpy()) == 171.75
    assert gx.numpy().tolist() == [[0.0, 0.0], [48.0, 110.0], [31.0, 71.0]]
    assert gw.numpy().tolist() == [[16.0, 19.5], [37.0, 45.0]]
    assert gb.numpy().tolist() == [23.0, 28.0]
    assert lin(tf.ones([1, 2])).numpy().tolist() == [[4.5, 5.5]]
    out = lin.signatures["serving_default"](x=tf.ones([1, 2]))
    assert list(out) == ["output_0"] and out["output_0"].numpy().tolist() == [[4.5, 5.5]]


@tf.custom_gradient
def _clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


class _Custom(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def call_custom_grad(self, x):
        return _clip_gradients(x)


def test_custom_gradient_survives(tmp_path):
    tf.saved_model.save(_Custom(), str(tmp_path / "c"), options=tf.saved_model.SaveOptions(
        experimental_custom_gradients=True))
    loaded = tf.saved_model.load(str(tmp_path / "c"))
    v = tf.Variable(2.0)
    with tf.GradientTape() as t:
        out = loaded.call_custom_grad(v * v)
    assert float(t.gradient(out, v).numpy()) == 2.0
    v = tf.Variable([3.0, 4.0])
    with tf.GradientTape() as t:
        out = loaded.call_custom_grad(v * v)
    assert out.numpy().tolist() == [9.0, 16.0]
    np.testing.assert_allclose(t.gradient(out, v).numpy(), [2.1213202476501465,
                                                            2.8284270763397217], rtol=1e-6)


def test_custom_gradients_false_is_refused(tmp_path):
    # tfcompat only: TF would save the forward computation's own gradient instead.
    with pytest.raises(ValueError, match="experimental_custom_gradients=False"):
        tf.saved_model.save(_Custom(), str(tmp_path / "c"), options=tf.saved_model.SaveOptions(
            experimental_custom_gradients=False))
    assert not os.path.exists(tmp_path / "c")


class _Gen(tf.Module):
    def __init__(self):
        super().__init__()
        self.g = tf.random.Generator.from_seed(0)

    @tf.function
    def __call__(self):
        return self.g.normal([])

    @tf.function
    def state(self):
        return self.g.state


def test_generator_state_advances(tmp_path):
    m = _Gen()
    np.testing.assert_allclose(m().numpy(), -1.3544159, rtol=1e-6)
    assert m.state().numpy().tolist() == [256, 0, 0]
    tf.saved_model.save(m, str(tmp_path / "g"))
    np.testing.assert_allclose(m().numpy(), -1.0359411, rtol=1e-6)
    imported = tf.saved_model.load(str(tmp_path / "g"))
    assert imported.state().numpy().tolist() == [256, 0, 0]
    np.testing.assert_allclose(imported().numpy(), -1.0359411, rtol=1e-6)
    assert imported.state().numpy().tolist() == [512, 0, 0]
    np.testing.assert_allclose(imported().numpy(), -0.064250775, rtol=1e-6)
    assert imported.state().numpy().tolist() == [768, 0, 0]


class _Counter(tf.Module):
    def __init__(self):
        super().__init__()
        self.n = tf.Variable(0, dtype=tf.int64)

    @tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
    def add(self, k):
        self.n.assign_add(k)
        return self.n.read_value()


def test_called_inside_tf_function(tmp_path):
    tf.saved_model.save(_Counter(), str(tmp_path / "n"))
    loaded = tf.saved_model.load(str(tmp_path / "n"))

    @tf.function
    def twice(k):
        loaded.add(k)
        return loaded.add(k) * 10
    assert int(twice(tf.constant(3, tf.int64)).numpy()) == 60
    assert int(loaded.n.numpy()) == 6


class _Nested(tf.Module):
    @tf.function
    def f(self, d, pair):
        return (d["a"] + pair[0], [pair[1] * 2, None])


def test_nested_inputs_and_outputs(tmp_path):
    m = _Nested()
    m.f({"a": tf.constant(1.0)}, (tf.constant(2.0), tf.constant(3)))
    tf.saved_model.save(m, str(tmp_path / "s"))
    loaded = tf.saved_model.load(str(tmp_path / "s"))
    a, (b, none) = loaded.f({"a": tf.constant(5.0)}, (tf.constant(2.0), tf.constant(4)))
    assert float(a.numpy()) == 7.0 and int(b.numpy()) == 8 and none is None
    assert b.dtype == tf.int32


class _Pair(tf.Module):
    @tf.function
    def g(self, x):
        return [x, x * 2]


def test_explicit_signatures(tmp_path):
    m = _Pair()
    concrete = m.g.get_concrete_function(tf.TensorSpec([3], tf.float32))
    tf.saved_model.save(m, str(tmp_path / "p"), signatures={"b": concrete})
    loaded = tf.saved_model.load(str(tmp_path / "p"))
    assert list(loaded.signatures) == ["b"]
    out = loaded.signatures["b"](x=tf.constant([1.0, 2.0, 3.0]))
    assert sorted(out) == ["output_0", "output_1"]
    assert out["output_1"].numpy().tolist() == [2.0, 4.0, 6.0]
    first, second = loaded.g(tf.constant([1.0, 2.0, 3.0]))
    assert second.numpy().tolist() == [2.0, 4.0, 6.0]


def test_missing_directory(tmp_path):
    with pytest.raises(OSError) as e:
        tf.saved_model.load(str(tmp_path / "none"))
    assert str(e.value) == (f"SavedModel file does not exist at: {tmp_path / 'none'}/"
                            "{saved_model.pbtxt|saved_model.pb}")


def test_resave_and_overwrite(tmp_path):
    # Saving over an existing SavedModel replaces it; a loaded object can be saved
    # again; variables/variables is a checkpoint tf.train.Checkpoint(obj) restores.
    path = str(tmp_path / "m")
    c = _Counter()
    tf.saved_model.save(c, path)
    c.add(tf.constant(5, tf.int64))
    tf.saved_model.save(c, path)
    loaded = tf.saved_model.load(path)
    assert int(loaded.n.numpy()) == 5
    tf.saved_model.save(loaded, str(tmp_path / "again"))
    again = tf.saved_model.load(str(tmp_path / "again"))
    assert int(again.add(tf.constant(2, tf.int64)).numpy()) == 7
    assert sorted(os.listdir(tmp_path)) == ["again", "m"]
    c.n.assign(0)
    tf.train.Checkpoint(c).restore(os.path.join(path, "variables", "variables"))
    assert int(c.n.numpy()) == 5


def test_string_functions_are_refused_and_string_variables_saved(tmp_path):
    # tfcompat-only: tf.string ops run as host callbacks, which jax.export cannot serialize
    # (TF saves such functions); variables of any dtype are saved as TF saves them.
    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable("pre")
            self.w = tf.Variable(2.0)

        @tf.function
        def f(self, s):
            return self.v + s

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def g(self, x):
            return self.w * x

    m = M()
    assert m.f(tf.constant(["a"])).numpy().tolist() == [b"prea"]
    with pytest.raises(ValueError, match="cannot save the tf.function 'f'.*tf.string"):
        tf.saved_model.save(m, str(tmp_path / "a"))
    m.f = None
    tf.saved_model.save(m, str(tmp_path / "b"))
    back = tf.saved_model.load(str(tmp_path / "b"))
    assert float(back.g(tf.constant(3.0))) == 6.0 and back.v.numpy() == b"pre"
