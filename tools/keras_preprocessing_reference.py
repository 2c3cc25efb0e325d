"""Prints the reference values of tests/test_keras_preprocessing.py as JSON: run it under
real TF 2.21 (``/tmp/tfref/bin/python tools/keras_preprocessing_reference.py >
tests/data/keras_preprocessing_tf.json``) and under tfcompat (``python -m tfcompat
tools/keras_preprocessing_reference.py``); the tests hold TF's output as that file's
literals.

The TF APIs Keras's preprocessing layers and quantizers call: tf.quantization's
fake_quant_with_min_max_args/_vars/_vars_per_channel (values, GradientTape gradients, the
gradient ops), tf.sparse.cross/cross_hashed (HashedCrossing), tf.sparse.bincount
(CategoryEncoding, Discretization with sparse=True) and tf.sparse.reduce_max."""
import json

import numpy as np
import tensorflow as tf


def ramp(shape, scale=1.0, offset=0.0):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 1.3) * scale + offset).reshape(shape).astype(np.float32)


def show(t):
    if t is None:
        return None
    if isinstance(t, tf.SparseTensor):
        return [show(t.indices), show(t.values), show(t.dense_shape)]
    a = np.asarray(t)
    if a.dtype == object:
        return ["bytes", [v.decode() for v in a.reshape(-1).tolist()]]
    return [str(a.dtype), list(a.shape), np.round(a.astype(np.float64), 5).tolist()]


def fake_quant(fn, x, lo, hi, **kw):
    """fn(x, lo, hi) and the gradients of sum(out * ramp) w.r.t. x, lo and hi."""
    xs = [tf.constant(v) for v in (x, lo, hi)]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        out = fn(*xs, **kw)
        loss = tf.reduce_sum(out * tf.constant(ramp(out.shape, 2.0, 3.0)))
    return [show(t) for t in [out] + tape.gradient(loss, xs)]


def cases():
    out = {}
    x = ramp((4, 6), 4.0, 0.7)
    q = tf.quantization
    for name, lo, hi, kw in (("vars_8bit", -1.0, 4.0, {}),
                             ("vars_4bit_narrow", -0.3, 2.7, dict(num_bits=4, narrow_range=True)),
                             ("vars_positive_range", 0.5, 3.1, dict(num_bits=7)),
                             ("vars_negative_range", -2.0, -0.5, dict(num_bits=3)),
                             ("vars_zero_range", 0.0, 0.0, {})):
        out[f"fake_quant_{name}"] = fake_quant(q.fake_quant_with_min_max_vars, x,
                                               np.float32(lo), np.float32(hi), **kw)
    out["fake_quant_per_channel"] = fake_quant(
        q.fake_quant_with_min_max_vars_per_channel, x,
        np.array([-1.0, 0.3, 0.0, -4.0, 0.5, -0.2], np.float32),
        np.array([1.0, 2.0, 0.0, 4.0, 3.5, 0.1], np.float32), num_bits=5, narrow_range=True)
    out["fake_quant_args"] = show(q.fake_quant_with_min_max_args(x, -2.5, 3.0, num_bits=6))
    out["fake_quant_args_gradient"] = show(q.fake_quant_with_min_max_args_gradient(
        tf.constant(ramp((4, 6))), x, -2.5, 3.0, num_bits=6))
    out["fake_quant_vars_gradient"] = [show(t) for t in q.fake_quant_with_min_max_vars_gradient(
        tf.constant(ramp((4, 6))), x, -1.0, 2.0, narrow_range=True)]
    out["fake_quant_per_channel_gradient"] = [
        show(t) for t in q.fake_quant_with_min_max_vars_per_channel_gradient(
            tf.constant(ramp((4, 6))), x, [-1.0, 0.0, -3.0, 0.5, -1.0, -2.0],
            [1.0, 2.0, 3.0, 1.5, 0.0, 2.0])]

    ints = tf.constant([[1, 2], [3, 4], [-5, 6]], tf.int64)
    words = tf.constant([["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]])
    out["cross_hashed_int_string"] = show(tf.sparse.cross_hashed([ints, words], 100))
    out["cross_hashed_unbucketed"] = show(tf.sparse.cross_hashed(
        [tf.constant([[1], [2]], tf.int32), tf.constant([[7], [-8]], tf.int64)]))
    out["cross_hashed_key"] = show(tf.sparse.cross_hashed(
        [words[:, :1], words[:, 1:], ints[:, :1]], 13, hash_key=5))
    out["cross_strings"] = show(tf.sparse.cross([ints, words[:, :2]]))

    vals = tf.constant([[1, 2, 2, 0], [3, 3, 9, 1]])
    out["bincount_rows"] = show(tf.sparse.bincount(vals, axis=-1))
    out["bincount_rows_binary"] = show(tf.sparse.bincount(vals, axis=-1, minlength=12,
                                                          maxlength=12, binary_output=True))
    out["bincount_rows_maxlength"] = show(tf.sparse.bincount(vals, axis=-1, minlength=5,
                                                             maxlength=5))
    out["bincount_rows_weighted"] = show(tf.sparse.bincount(
        vals, weights=tf.constant([[.5, 1., 2., 3.], [1., 1., 1., 4.]]), axis=-1,
        maxlength=5))
    out["bincount_flat_int64"] = show(tf.sparse.bincount(tf.constant([4, 1, 1, 0], tf.int64)))
    out["bincount_flat_minlength"] = show(tf.sparse.bincount(vals, minlength=3))
    out["bincount_empty"] = show(tf.sparse.bincount(tf.constant([], tf.int32)))
    sp = tf.SparseTensor([[0, 0], [0, 2], [1, 1]], tf.constant([3, 3, 1], tf.int64), [2, 4])
    out["bincount_sparse_rows"] = show(tf.sparse.bincount(sp, axis=-1, minlength=4,
                                                          maxlength=4, binary_output=True))
    spf = tf.SparseTensor([[0, 0], [0, 2], [1, 1], [2, 3]],
                          tf.constant([3., 1., -2., -7.]), [3, 4])
    out["sparse_reduce_max_rows"] = show(tf.sparse.reduce_max(spf, axis=1,
                                                              output_is_sparse=True))
    out["sparse_reduce_max_dense"] = show(tf.sparse.reduce_max(spf, axis=0))
    out["sparse_reduce_max_keepdims"] = show(tf.sparse.reduce_max(spf, axis=-1, keepdims=True))
    out["sparse_reduce_max_all"] = show(tf.sparse.reduce_max(spf))
    return out


def in_function():
    """The ops above inside a tf.function (values Keras's layers compute in a trace)."""
    @tf.function
    def run(x, lo, hi, a, b):
        with tf.GradientTape() as tape:
            tape.watch([x, lo, hi])
            y = tf.quantization.fake_quant_with_min_max_vars(x, lo, hi, num_bits=6)
        crossed = tf.sparse.to_dense(tf.sparse.cross_hashed([a, b], 10))
        return [y] + tape.gradient(y * y, [x, lo, hi]) + [crossed]
    x = ramp((3, 5), 3.0, 0.2)
    a = tf.constant([[1], [2], [3]])
    b = tf.constant([["p"], ["q"], ["r"]])
    return [show(t) for t in run(tf.constant(x), tf.constant(-1.5), tf.constant(2.0), a, b)]


def errors():
    out = {}
    x = tf.constant(ramp((2, 3)))
    q = tf.quantization
    calls = {
        "fake_quant_num_bits": lambda: q.fake_quant_with_min_max_vars(x, -1.0, 1.0,
                                                                      num_bits=1),
        "fake_quant_args_range": lambda: q.fake_quant_with_min_max_args(x, 2.0, 1.0),
        "fake_quant_vars_rank": lambda: q.fake_quant_with_min_max_vars(x, [1.0, 2.0], 3.0),
        "fake_quant_channel_size": lambda: q.fake_quant_with_min_max_vars_per_channel(
            x, [-1.0, 0.0], [1.0, 2.0]),
        "fake_quant_channel_rank": lambda: q.fake_quant_with_min_max_vars_per_channel(
            x, [[-1.0, 0.0, 0.0]], [[1.0, 2.0, 2.0]]),
        "cross_not_matrix": lambda: tf.sparse.cross_hashed([tf.constant([1, 2]),
                                                            tf.constant([3, 4])], 3),
        "cross_not_list": lambda: tf.sparse.cross_hashed(tf.constant([[1]]), 3),
        "bincount_negative": lambda: tf.sparse.bincount(tf.constant([[-1, 2]]), axis=-1),
        "bincount_axis": lambda: tf.sparse.bincount(tf.constant([[1, 2]]), axis=1),
        "bincount_binary_weights": lambda: tf.sparse.bincount(
            tf.constant([1, 2]), weights=tf.constant([1.0, 2.0]), binary_output=True),
    }
    for name, call in calls.items():
        try:
            call()
            out[name] = None
        except Exception as e:   # noqa: BLE001 (the class and message are the reference)
            out[name] = [type(e).__name__, str(e)]
    return out


if __name__ == "__main__":
    parts = (("values", cases()), ("function", {"run": in_function()}), ("errors", errors()))
    for i, (part, found) in enumerate(parts):   # one line per case
        print("{" if not i else ",", json.dumps(part) + ": {")
        print(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(found.items())))
        print("}")
    print("}")
