"""The tf.nn and tf.image APIs Keras's TF backend calls (issue 14): tf.nn.convolution,
conv_transpose, pool, depth_to_space/space_to_depth, experimental.stateless_dropout,
ctc_loss and the CTC decoders, tf.raw_ops.ImageProjectiveTransformV3, rgb_to_hsv,
hsv_to_rgb, sobel_edges and ssim. tests/data/keras_nn_image_tf.json holds TF 2.21's output of
tools/keras_nn_image_reference.py (values, dtypes, shapes, GradientTape gradients, error
classes and messages); the same script runs here on tfcompat."""
import json
import pathlib

import numpy as np
import pytest

import reference_scripts
import tfcompat as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
TF = json.loads((ROOT / "tests" / "data" / "keras_nn_image_tf.json").read_text())


@pytest.fixture(scope="module")
def reference():
    return reference_scripts.load("keras_nn_image_reference")


@pytest.fixture(scope="module")
def values(reference):
    return reference.cases()


def _same(got, want, path):
    reference_scripts.assert_same(got, want, path, rtol=1e-4, atol=2e-4)


@pytest.mark.parametrize("name", sorted(TF["values"]))
def test_values_and_gradients_are_tfs(values, name):
    _same(values[name], TF["values"][name], name)


def test_errors_are_tfs(reference):
    got = reference.errors()
    for name, want in TF["errors"].items():
        assert got[name] == want, name


def test_in_tf_function_as_eagerly(reference):
    x, w = reference.ramp((1, 6, 6, 2)), reference.ramp((3, 3, 2, 3))
    img = reference.ramp((2, 5, 6, 2), 1.0) + 5

    def run(x, w, img):
        with tf.GradientTape() as tape:
            tape.watch([x, img])
            conv = tf.nn.convolution(x, w, padding="SAME", dilations=2)
            pooled = tf.nn.pool(x, (2, 2), "MAX", padding="VALID", dilations=(2, 1))
            moved = tf.raw_ops.ImageProjectiveTransformV3(
                images=img, transforms=[[1.1, 0.2, -1.3, -0.1, 0.9, 0.7, 0.01, -0.02]],
                output_shape=[4, 7], fill_value=0.0, interpolation="BILINEAR",
                fill_mode="REFLECT")
            loss = tf.reduce_sum(conv ** 2) + tf.reduce_sum(pooled * 3.0) + \
                tf.reduce_sum(moved * moved)
        return [conv, pooled, moved, tf.nn.space_to_depth(conv[:, :4, :4, :], 2)] + \
            tape.gradient(loss, [x, img])
    eager = run(tf.constant(x), tf.constant(w), tf.constant(img))
    traced = tf.function(run)(tf.constant(x), tf.constant(w), tf.constant(img))
    for e, t in zip(eager, traced):
        assert e.dtype == t.dtype and e.shape == t.shape
        np.testing.assert_allclose(t.numpy(), e.numpy(), rtol=1e-5, atol=1e-5)


def test_conv3d_transpose_gradient_flows_to_filters():
    x = tf.Variable(np.ones((1, 2, 2, 2, 3), np.float32))
    w = tf.Variable(np.ones((2, 2, 2, 4, 3), np.float32))
    with tf.GradientTape() as tape:
        y = tf.nn.conv3d_transpose(x, w, [1, 4, 4, 4, 4], 2)
    gx, gw = tape.gradient(y, [x, w])
    # TF 2.21: (1, 4, 4, 4, 4) 768.0 768.0 768.0
    assert y.shape == (1, 4, 4, 4, 4) and float(tf.reduce_sum(y)) == 768.0
    assert float(tf.reduce_sum(gx)) == 768.0 and float(tf.reduce_sum(gw)) == 768.0
