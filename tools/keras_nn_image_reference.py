"""Prints the reference values of tests/test_keras_nn_image.py as JSON: run it under real
TF 2.21 (``/tmp/tfref/bin/python tools/keras_nn_image_reference.py >
tests/data/keras_nn_image_tf.json``) and under tfcompat (``python -m tfcompat
tools/keras_nn_image_reference.py``); the tests hold TF's output as that file's literals.

The tf.nn and tf.image APIs Keras's TF backend calls: tf.nn.convolution, conv_transpose,
pool, depth_to_space/space_to_depth, experimental.stateless_dropout, the CTC loss and
decoders, tf.raw_ops.ImageProjectiveTransformV3, rgb_to_hsv/hsv_to_rgb, sobel_edges and ssim:
values, dtypes, shapes, and gradients from tf.GradientTape."""
import json

import numpy as np
import tensorflow as tf


def ramp(shape, scale=0.1, dtype=np.float32):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 1.3) * scale * 10).reshape(shape).astype(dtype)


def grad(fn, *args):
    """fn(*args), and the gradient of sum(out * ramp) w.r.t. each argument."""
    xs = [tf.constant(a) for a in args]
    with tf.GradientTape() as tape:
        for x in xs:
            tape.watch(x)
        out = fn(*xs)
        loss = tf.reduce_sum(out * tf.constant(ramp(out.shape, 0.1, out.dtype.as_numpy_dtype)))
    return [out] + tape.gradient(loss, xs)


def show(t):
    if t is None:
        return None
    a = np.asarray(t)
    return [str(a.dtype), list(a.shape), np.round(a.astype(np.float64), 5).tolist()]


def cases():
    out = {}
    x, w = ramp((1, 6, 6, 2)), ramp((3, 3, 2, 3))
    out["convolution_dilated"] = [show(t) for t in grad(
        lambda a, b: tf.nn.convolution(a, b, padding="SAME", dilations=2), x, w)]
    out["convolution_1d_strided"] = [show(t) for t in grad(
        lambda a, b: tf.nn.convolution(a, b, strides=2, padding="VALID"),
        ramp((2, 7, 3)), ramp((2, 3, 2)))]
    out["conv_transpose_1d"] = [show(t) for t in grad(
        lambda a, b: tf.nn.conv_transpose(a, b, [2, 8, 4], 2, "SAME"),
        ramp((2, 4, 3)), ramp((3, 4, 3)))]
    out["conv_transpose_3d"] = [show(t) for t in grad(
        lambda a, b: tf.nn.conv_transpose(a, b, [1, 5, 5, 5, 2], 2, "VALID"),
        ramp((1, 2, 2, 2, 3)), ramp((3, 3, 3, 2, 3)))]
    out["pool_max_dilated"] = [show(t) for t in grad(
        lambda a: tf.nn.pool(a, (2, 2), "MAX", padding="VALID", dilations=(2, 1)),
        ramp((2, 5, 5, 2)))]
    out["pool_avg_1d_same"] = [show(t) for t in grad(
        lambda a: tf.nn.pool(a, (3,), "AVG", strides=(2,), padding="SAME"), ramp((2, 7, 2)))]
    out["pool_max_3d"] = [show(t) for t in grad(
        lambda a: tf.nn.pool(a, (2, 2, 2), "MAX", strides=(1, 2, 2), padding="SAME"),
        ramp((1, 3, 4, 4, 1)))]
    d = np.arange(2 * 2 * 3 * 8).reshape(2, 2, 3, 8)
    out["depth_to_space"] = show(tf.nn.depth_to_space(d.astype(np.int32), 2))
    out["space_to_depth"] = show(tf.nn.space_to_depth(d.reshape(2, 4, 6, 2).astype(np.float32),
                                                      2))
    out["stateless_dropout"] = show(tf.nn.experimental.stateless_dropout(
        tf.ones([3, 5]), rate=0.5, seed=[1, 0]))
    out["stateless_dropout_noise"] = show(tf.nn.experimental.stateless_dropout(
        tf.ones([3, 4]), rate=0.25, seed=[7, 3], noise_shape=[1, 4]))
    logits = ramp((2, 5, 4))
    labels = np.array([[1, 2, 2], [3, 1, 0]], np.int32)
    for blank in (0, -1):
        out[f"ctc_loss_blank{blank}"] = [show(t) for t in grad(
            lambda a, blank=blank: tf.nn.ctc_loss(labels, a, [3, 2], [5, 4],
                                                  logits_time_major=False, blank_index=blank),
            logits)]
    steps = np.transpose(logits, (1, 0, 2))
    for merge in (True, False):
        (dec,), score = tf.nn.ctc_greedy_decoder(steps, [5, 4], merge_repeated=merge)
        out[f"ctc_greedy_{merge}"] = [show(dec.indices), show(dec.values), show(dec.dense_shape),
                                      show(score)]
    decs, score = tf.nn.ctc_beam_search_decoder(steps, [5, 3], beam_width=3, top_paths=2)
    out["ctc_beam"] = [[show(d.indices), show(d.values), show(d.dense_shape)] for d in decs] + \
        [show(score)]
    img = ramp((2, 5, 6, 2), 1.0) + 5
    transforms = np.array([[1.1, 0.2, -1.3, -0.1, 0.9, 0.7, 0.01, -0.02],
                           [0.7, -0.3, 2.2, 0.4, 1.2, -1.6, 0, 0]], np.float32)
    for interp in ("NEAREST", "BILINEAR"):
        for mode in ("REFLECT", "WRAP", "CONSTANT", "NEAREST"):
            out[f"projective_{interp}_{mode}"] = [show(t) for t in grad(
                lambda a, interp=interp, mode=mode: tf.raw_ops.ImageProjectiveTransformV3(
                    images=a, transforms=transforms, output_shape=[4, 7], fill_value=1.5,
                    interpolation=interp, fill_mode=mode), img)]
    rgb = np.array([[0.2, 0.5, 0.1], [0.3, 0.3, 0.3], [0.9, 0.1, 0.4], [0., 0., 0.],
                    [0.1, 0.1, 0.7], [0.6, 0.6, 0.2]], np.float32)
    out["rgb_to_hsv"] = [show(t) for t in grad(tf.image.rgb_to_hsv, rgb)]
    out["hsv_to_rgb"] = show(tf.image.hsv_to_rgb(rgb))
    out["sobel_edges"] = show(tf.image.sobel_edges(tf.constant(ramp((1, 4, 5, 2), 1.0))))
    pair = ramp((2, 2, 13, 12, 3), 0.1) + 0.5
    out["ssim"] = show(tf.image.ssim(pair[0], pair[1], max_val=1.0))
    out["ssim_map_uint8"] = show(tf.image.ssim((pair[0] * 200).astype(np.uint8),
                                               (pair[1] * 200).astype(np.uint8), 255,
                                               filter_size=5, return_index_map=True))
    return out


def errors():
    out = {}
    calls = {
        "depth_to_space_depth": lambda: tf.nn.depth_to_space(tf.zeros((1, 2, 2, 8)), 3),
        "depth_to_space_rank": lambda: tf.nn.depth_to_space(tf.zeros((2, 3, 3)), 2),
        "space_to_depth_size": lambda: tf.nn.space_to_depth(tf.zeros((1, 3, 3, 1)), 2),
        "convolution_strides_dilations": lambda: tf.nn.convolution(
            tf.ones((1, 5, 5, 2)), tf.ones((3, 3, 2, 4)), strides=2, dilations=2),
        "pool_strides_window": lambda: tf.nn.pool(tf.ones((1, 5, 5, 2)), (2, 2), "MAX",
                                                  strides=(3, 3)),
        "pool_same_dilated": lambda: tf.nn.pool(tf.ones((1, 5, 5, 2)), (2, 2), "AVG",
                                                padding="SAME", dilations=(2, 2)),
        "conv_transpose_length": lambda: tf.nn.conv_transpose(
            tf.ones((1, 2, 2, 3)), tf.ones((2, 2, 4, 3)), [1, 4], 2),
        "greedy_lengths": lambda: tf.nn.ctc_greedy_decoder(tf.zeros((5, 2, 4)), [6, 5]),
        "beam_paths": lambda: tf.nn.ctc_beam_search_decoder(tf.zeros((5, 2, 4)), [5, 5],
                                                            beam_width=2, top_paths=3),
        "rgb_to_hsv_channels": lambda: tf.image.rgb_to_hsv(tf.zeros((2, 4))),
    }
    for name, call in calls.items():
        try:
            call()
            out[name] = None
        except Exception as e:   # noqa: BLE001 (the class and message are the reference)
            out[name] = [type(e).__name__, str(e)]
    return out


if __name__ == "__main__":
    for part, found in (("values", cases()), ("errors", errors())):   # one line per case
        print("{" if part == "values" else ",", json.dumps(part) + ": {")
        print(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(found.items())))
        print("}")
    print("}")
