"""Golden snippets for tf.random_index_shuffle (RandomIndexShuffle) and tf.math.sobol_sample
(SobolSample): values bit-exact with TF's kernels, dtypes, shapes, errors."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_PRE = """
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
"""

_s("index_shuffle_values", _PRE + """
E(lambda: tf.random_index_shuffle(5, [1, 2, 3], 10))
E(lambda: tf.random_index_shuffle(tf.range(10), [1, 2, 3], 9))
E(lambda: tf.random_index_shuffle(tf.range(10, dtype=tf.int64), [7, 8, 9], 9))
E(lambda: tf.random_index_shuffle(tf.range(10), [1, 2, 3], 9, rounds=6))
E(lambda: tf.random_index_shuffle(tf.range(10), [1, 2, 3], 9, rounds=8))
E(lambda: tf.random_index_shuffle(tf.range(4), [[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]],
                                  [3, 100, 1000, 70000]))
E(lambda: tf.random_index_shuffle(3, [[1, 2, 3]], 9))
E(lambda: tf.random_index_shuffle(3, [1, 2, 3], [9]))
E(lambda: tf.random_index_shuffle(3, [1, 2, 3], 0))
E(lambda: tf.random_index_shuffle(0, [1, 2, 3], 0))
E(lambda: tf.random_index_shuffle(tf.constant([], tf.int64), tf.constant([1, 2, 3], tf.int64),
                                  tf.constant(5, tf.int64)))
x = tf.random_index_shuffle(tf.range(1000), [4, 5, 6], 999)
print(sorted(x.numpy().tolist()) == list(range(1000)), x[:12].numpy())
U = tf.uint64
E(lambda: tf.random_index_shuffle(tf.constant([2**52 + 1, 5], U), tf.constant([1, 2, 3], U),
                                  tf.constant([2**52 + 1, 2**52 + 1], U)))
E(lambda: tf.random_index_shuffle(tf.constant([2**63 + 7, 5], U),
                                  tf.constant([2**40 + 1, 2**64 - 1, 3], U),
                                  tf.constant([2**64 - 1, 2**32], U)))
E(lambda: tf.random_index_shuffle(tf.constant([1, 2**32 - 2], tf.uint32),
                                  tf.constant([2**32 - 1, 0, 3], tf.uint32),
                                  tf.constant(2**32 - 1, tf.uint32)))
E(lambda: tf.random_index_shuffle(tf.constant([3, 5], tf.int64),
                                  tf.constant([2**40 + 1, -1, 3], tf.int64),
                                  tf.constant([2**62, 2**40], tf.int64)))
for top in [8, 2**16, 2**16 + 1, 2**17, 2**31 - 1, 2**45 + 3, 2**50 + 1, 2**53 + 2,
            2**55 + 7, 2**60 + 5]:
    E(lambda: tf.random_index_shuffle(tf.constant([0, 3, 5], tf.int64),
                                      tf.constant([1, 2, 3], tf.int64),
                                      tf.constant(top, tf.int64)))
""")

_s("index_shuffle_in_function", _PRE + """
@tf.function(input_signature=[tf.TensorSpec([None], tf.int64), tf.TensorSpec([3], tf.int32),
                              tf.TensorSpec([], tf.int64)])
def f(i, s, m):
    return tf.random_index_shuffle(i, s, m)
E(lambda: f(tf.range(10, dtype=tf.int64), tf.constant([1, 2, 3]), tf.constant(9, tf.int64)))
E(lambda: f(tf.constant([7, 2**40], tf.int64), tf.constant([-5, 2, 3]),
            tf.constant(2**41, tf.int64)))
@tf.function
def g():
    return tf.random_index_shuffle(tf.range(6), [4, 4, 4], 5)
E(g)
E(lambda: tf.raw_ops.RandomIndexShuffle(index=tf.range(6), seed=[4, 4, 4], max_index=5))
E(lambda: tf.raw_ops.RandomIndexShuffle(index=tf.range(6), seed=[4, 4, 4], max_index=5,
                                        rounds=6))
""")

_s("index_shuffle_errors", _PRE + """
E(lambda: tf.random_index_shuffle(tf.range(4), [1, 2], 9))
E(lambda: tf.random_index_shuffle([1, 2], [[[1, 2, 3]] * 2], 9))
E(lambda: tf.random_index_shuffle(tf.range(4), [[1, 2, 3]] * 3, 9))
E(lambda: tf.random_index_shuffle(tf.range(4), [1, 2, 3], [9, 8]))
E(lambda: tf.random_index_shuffle([1, 2], [1, 2, 3], [[9, 9]]))
E(lambda: tf.random_index_shuffle([[1, 2], [3, 4]], [1, 2, 3], 9))
E(lambda: tf.random_index_shuffle(tf.range(4.), [1, 2, 3], 9))
E(lambda: tf.random_index_shuffle(20, [1, 2, 3], 9))
E(lambda: tf.random_index_shuffle(3, [1, 2, 3], -1))
E(lambda: tf.random_index_shuffle(-1, [1, 2, 3], 9))
E(lambda: tf.random_index_shuffle(tf.constant([3], tf.int64), tf.constant([1, 2, 3]),
                                  tf.constant([9], tf.int32)))
""")

_s("sobol_values", _PRE + """
E(lambda: tf.math.sobol_sample(3, 4))
E(lambda: tf.math.sobol_sample(3, 4, skip=10, dtype=tf.float64))
E(lambda: tf.math.sobol_sample(1, 5, skip=2**31 - 10, dtype=tf.float64))
x = tf.math.sobol_sample(1111, 300, skip=12345, dtype=tf.float64)
print(x.shape, x.dtype, np.round(x.numpy().sum(), 6), x[-1, -8:].numpy())
y = tf.math.sobol_sample(1000, 64, skip=2**30 - 20)
print(y.shape, y.dtype, np.float64(tf.reduce_sum(y)), y[23, 990:].numpy())
print(tf.math.sobol_sample(1111, 1, skip=2**30 - 1, dtype=tf.float64)[0, -6:].numpy())
@tf.function
def g():
    return tf.math.sobol_sample(5, 3, 7)
E(g)
z = tf.math.sobol_sample(7, 400, skip=2**30 - 300, dtype=tf.float64)
print(np.round(z.numpy().sum(), 6), z[::97].numpy())
w = tf.math.sobol_sample(3, 1500, skip=100)
print(np.float64(tf.reduce_sum(w)), w[1499].numpy(), w[700].numpy())
E(lambda: tf.raw_ops.SobolSample(dim=2, num_results=3, skip=1, dtype=tf.float64))
""")

_s("sobol_errors", _PRE + """
E(lambda: tf.math.sobol_sample(0, 4))
E(lambda: tf.math.sobol_sample(21201, 1))
E(lambda: tf.math.sobol_sample(3, 0))
E(lambda: tf.math.sobol_sample(3, -1))
E(lambda: tf.math.sobol_sample(3, 2, skip=-1))
E(lambda: tf.math.sobol_sample(3, 2, skip=2**31 - 3))
E(lambda: tf.math.sobol_sample(3, 2, dtype=tf.int32))
E(lambda: tf.math.sobol_sample([3], 2))
""")

_s("index_shuffle_error_names", _PRE + """
E(lambda: tf.random_index_shuffle(tf.constant([[1, 2], [3, 4]]), tf.constant([1, 2, 3]),
                                  tf.constant(9)))
E(lambda: tf.random_index_shuffle(tf.constant([], tf.int32), [1, 2, 3], 5))
E(lambda: tf.random_index_shuffle(tf.constant([3, 4]), tf.constant([1, 2]), tf.constant(9)))
E(lambda: tf.random_index_shuffle(tf.constant(20), tf.constant([1, 2, 3]), tf.constant(9)))
E(lambda: tf.random_index_shuffle(tf.constant([], tf.int32), tf.zeros([0, 3], tf.int32), 5))
""")

_s("index_shuffle_checks_in_function", """
@tf.function(input_signature=[tf.TensorSpec([None], tf.int64), tf.TensorSpec([3], tf.int32),
                              tf.TensorSpec([], tf.int64)])
def f(i, s, m):
    return tf.random_index_shuffle(i, s, m)
print(f(tf.constant([1, 2], tf.int64), tf.constant([1, 2, 3]), tf.constant(9, tf.int64)))
for a, b in [([1, -2], 9), ([1, 20], 9), ([1, 2], -1)]:
    try:
        print(f(tf.constant(a, tf.int64), tf.constant([1, 2, 3]), tf.constant(b, tf.int64)))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e.message.splitlines()[-2:])
""")
