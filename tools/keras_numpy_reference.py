"""Prints the reference values of tests/test_keras_numpy_ops.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/keras_numpy_reference.py``) and under tfcompat
(``python -m tfcompat tools/keras_numpy_reference.py``); the tests hold TF's output as
literals. The TF ops that keras.ops.numpy calls on its TensorFlow backend: tf.SparseTensor
and the tf.sparse ops, tf.sets.intersection, tf.raw_ops.Bucketize/UniqueV2/
UniqueWithCountsV2, tf.cast/tf.shape/tf.size of a SparseTensor."""
import pprint

import numpy as np
import tensorflow as tf


def sp(t):
    """A SparseTensor as (indices, values, dense_shape) lists."""
    return (t.indices.numpy().tolist(), t.values.numpy().tolist(),
            t.dense_shape.numpy().tolist())


def error(fn):
    try:
        fn()
    except Exception as e:   # noqa: BLE001 (the class and text are the reference)
        return type(e).__name__, str(e).splitlines()[0].split("}} ", 1)[-1]
    return None


def cases():
    a = tf.SparseTensor([[0, 0], [1, 1], [1, 2]], [1, 2, 3], [2, 3])
    b = tf.SparseTensor([[0, 0], [0, 1]], [-1, 5], [2, 3])
    c = tf.SparseTensor([[1, 1]], [5], [2, 3])
    out = {
        "to_dense": tf.sparse.to_dense(a).numpy().tolist(),
        "to_dense_default": tf.sparse.to_dense(b, default_value=7).numpy().tolist(),
        "to_dense_unordered": error(lambda: tf.sparse.to_dense(
            tf.SparseTensor([[0, 1], [0, 0]], [1., 2.], [2, 2]))),
        "to_dense_repeated": error(lambda: tf.sparse.to_dense(
            tf.SparseTensor([[0, 0], [0, 0]], [1., 2.], [2, 2]))),
        "from_dense": sp(tf.sparse.from_dense([[0, 1], [2, 0]])),
        "add": sp(tf.sparse.add(a, b)),
        "add_dense": tf.sparse.add(tf.ones([2, 3], tf.int32), a).numpy().tolist(),
        "add_rank_error": error(lambda: tf.sparse.add(a, tf.ones([3], tf.int32))),
        "maximum": sp(tf.sparse.maximum(a, b)),
        "minimum": sp(tf.sparse.minimum(a, b)),
        "map_values": sp(tf.sparse.map_values(tf.negative, a)),
        "map_values_mismatch": error(lambda: tf.sparse.map_values(tf.add, a, b)),
        "retain": sp(tf.sparse.retain(a, [False, True, False])),
        "reorder": sp(tf.sparse.reorder(tf.SparseTensor([[0, 1], [0, 0]], [1., 2.], [2, 2]))),
        "reshape": sp(tf.sparse.reshape(a, [3, -1])),
        "reshape_error": error(lambda: tf.sparse.reshape(a, [4, -1])),
        "expand_dims": sp(tf.sparse.expand_dims(a, 1)),
        "transpose": sp(tf.sparse.transpose(a)),
        "concat": sp(tf.sparse.concat(1, [a, b])),
        "reduce_sum": tf.sparse.reduce_sum(a, axis=1).numpy().tolist(),
        "reduce_sum_sparse": sp(tf.sparse.reduce_sum(a, axis=1, output_is_sparse=True)),
        "reduce_sum_sparse_keepdims": sp(tf.sparse.reduce_sum(a, axis=0, keepdims=True,
                                                              output_is_sparse=True)),
        "intersection": sp(tf.sets.intersection(tf.sparse.expand_dims(a, -1),
                                                tf.sparse.expand_dims(b, -1))),
        "intersection_empty": sp(tf.sets.intersection(tf.sparse.expand_dims(c, -1),
                                                      tf.sparse.expand_dims(b, -1))),
        "size_shape": (int(tf.size(a)), tf.shape(a).numpy().tolist()),
        "cast": (sp(tf.cast(a, tf.float32)), tf.cast(a, tf.float32).dtype.name),
        "bucketize": tf.raw_ops.Bucketize(input=tf.constant([-1., 0.5, 1., 2., 3, np.nan]),
                                          boundaries=[0.5, 1., 2.]).numpy().tolist(),
        "bucketize_int": tf.raw_ops.Bucketize(input=tf.constant([0, 1, 2, 3]),
                                              boundaries=[0.5, 1., 2.]).numpy().tolist(),
        "bucketize_unsorted": error(lambda: tf.raw_ops.Bucketize(
            input=tf.constant([0, 1]), boundaries=[2., 1.])),
    }
    x = tf.constant([[1, 2], [3, 4], [1, 2], [0, 0]])
    y, idx = tf.raw_ops.UniqueV2(x=x, axis=[0])
    out["unique_v2"] = (y.numpy().tolist(), idx.numpy().tolist())
    y, idx = tf.raw_ops.UniqueV2(x=x, axis=[-1])
    out["unique_v2_last"] = (y.numpy().tolist(), idx.numpy().tolist())
    y, idx, count = tf.raw_ops.UniqueWithCountsV2(x=x, axis=[0], out_idx=tf.int64)
    out["unique_with_counts_v2"] = (y.numpy().tolist(), idx.numpy().tolist(),
                                    count.numpy().tolist(), idx.dtype.name)
    out["unique_v2_axis_error"] = error(lambda: tf.raw_ops.UniqueV2(x=x, axis=[2]))
    return out


if __name__ == "__main__":
    print(pprint.pformat(cases(), width=92))
