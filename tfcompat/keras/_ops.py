"""Helpers Keras' TF backend gets from TF ops tfcompat's public API lacks: argmax,
softmax/sigmoid cross-entropy with logits, the same formulas as TF's kernels."""
import tfcompat as tf


def argmax(x, axis=-1):
    """tf.argmax (int64; the first index of the maximum)."""
    x = tf.convert_to_tensor(x)
    n = x.shape[axis]
    rank = len(x.shape)
    axis = axis % rank
    shape = [1] * rank
    shape[axis] = n
    idx = tf.reshape(tf.range(n, dtype=tf.int64), shape)
    is_max = tf.equal(x, tf.reduce_max(x, axis, keepdims=True))
    return tf.reduce_min(tf.where(is_max, idx, tf.cast(n, tf.int64)), axis)


def _shifted(logits, axis):
    return logits - tf.reduce_max(logits, axis, keepdims=True)


def softmax_cross_entropy_with_logits(labels, logits, axis=-1):
    shifted = _shifted(logits, axis)
    log_sum = tf.math.log(tf.reduce_sum(tf.exp(shifted), axis, keepdims=True))
    return tf.reduce_sum(labels * (log_sum - shifted), axis)


def sparse_softmax_cross_entropy_with_logits(labels, logits):
    n = logits.shape[-1]
    onehot = tf.equal(tf.expand_dims(tf.cast(labels, tf.int64), -1),
                      tf.range(n, dtype=tf.int64))
    shifted = _shifted(logits, -1)
    log_sum = tf.math.log(tf.reduce_sum(tf.exp(shifted), -1))
    picked = tf.reduce_sum(tf.where(onehot, shifted, tf.zeros_like(shifted)), -1)
    return log_sum - picked


def sigmoid_cross_entropy_with_logits(labels, logits):
    zeros = tf.zeros_like(logits)
    relu_logits = tf.where(logits >= zeros, logits, zeros)
    neg_abs_logits = tf.where(logits >= zeros, -logits, logits)
    return relu_logits - logits * labels + tf.math.log1p(tf.exp(neg_abs_logits))


def divide_no_nan(x, y):
    y = tf.convert_to_tensor(y)
    safe = tf.where(tf.equal(y, 0), tf.ones_like(y), y)
    return tf.where(tf.equal(y, 0), tf.zeros_like(x / safe), x / safe)
