"""Golden snippets: tf.data's seeded randomness, compared exactly (integers): shuffle
(seeds x buffer sizes x reshuffle_each_iteration x epochs, with repeat),
Dataset.random, sample_from_datasets, choose_from_datasets, random ops in map and
tf.function op seeds. Each snippet starts with tf.random.set_seed."""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
def tolist(v):
    return v.tolist()
def epochs(ds, n=2):
    for _ in range(n):
        print([tf.nest.map_structure(tolist, x) for x in ds.as_numpy_iterator()])
def twice(x):
    return x * 2
def plus50(x):
    return x + 50
def at_most_1(x):
    return tf.minimum(x, 1)
def to_int32(x):
    return tf.cast(x, tf.int32)
""")
_s = SNIPPETS.add


def _shuffle_grid(name, global_seed, op_seeds):
    lines = [f"tf.random.set_seed({global_seed})"]
    for seed in op_seeds:
        for buffer_size in (1, 3, 10, 25):
            for reshuffle in (True, False):
                lines.append(f"epochs(tf.data.Dataset.range(12).shuffle({buffer_size}, "
                             f"seed={seed}, reshuffle_each_iteration={reshuffle}), 3)")
    _s(name, "\n".join(lines))


_shuffle_grid("shuffle_global_seed", 1, (None, 5))
_shuffle_grid("shuffle_global_seed_42", 42, (None, 0, 123456789))
_shuffle_grid("shuffle_op_seed_only", None, (7, 2**40))

_s("shuffle_issue_example", """
    tf.random.set_seed(1)
    print(list(tf.data.Dataset.range(10).shuffle(10).as_numpy_iterator()))
""")

_s("shuffle_op_seed_sequence", """
    tf.random.set_seed(3)
    a = tf.data.Dataset.range(8).shuffle(8)
    b = tf.data.Dataset.range(8).shuffle(8)
    print(tf.random.uniform([], maxval=1000, dtype=tf.int32).numpy())
    c = tf.data.Dataset.range(8).shuffle(8)
    epochs(a)
    epochs(b)
    epochs(c)
""")

_s("shuffle_repeat", """
    tf.random.set_seed(4)
    epochs(tf.data.Dataset.range(6).shuffle(4, seed=5).repeat(3))
    epochs(tf.data.Dataset.range(6).shuffle(4, seed=5, reshuffle_each_iteration=False).repeat(2))
    epochs(tf.data.Dataset.range(6).repeat(2).shuffle(20, seed=5))
    epochs(tf.data.Dataset.range(6).repeat(3).shuffle(4, seed=5))
    epochs(tf.data.Dataset.range(6).shuffle(3).map(twice).repeat(2).take(9))
""")

_s("shuffle_iterators_and_batches", """
    tf.random.set_seed(5)
    ds = tf.data.Dataset.range(20).shuffle(8).batch(6)
    epochs(ds)
    it = iter(ds)
    print(next(it).numpy().tolist())
    ds2 = tf.data.Dataset.from_tensor_slices(([[1, 2], [3, 4], [5, 6], [7, 8]],
                                              [10, 20, 30, 40])).shuffle(3, seed=1)
    epochs(ds2)
    epochs(tf.data.Dataset.range(4).shuffle(tf.data.UNKNOWN_CARDINALITY, seed=2))
""")

_s("dataset_random", """
    tf.random.set_seed(6)
    epochs(tf.data.Dataset.random(seed=5).take(4))
    epochs(tf.data.Dataset.random(seed=5, rerandomize_each_iteration=True).take(4))
    epochs(tf.data.Dataset.random().take(3))
    epochs(tf.data.Dataset.random(rerandomize_each_iteration=True).take(3), 3)
    ds = tf.data.Dataset.random(seed=1)
    print(ds.element_spec, ds.cardinality().numpy())
    epochs(ds.batch(2).take(2))
""")

_s("dataset_random_op_seed_only", """
    tf.random.set_seed(None)
    epochs(tf.data.Dataset.random(seed=9).take(5))
    epochs(tf.data.Dataset.random(seed=9, rerandomize_each_iteration=True).take(5))
""")

_s("sample_from_datasets", """
    tf.random.set_seed(7)
    a = tf.data.Dataset.range(0, 5)
    b = tf.data.Dataset.range(100, 108)
    d = tf.data.Dataset.sample_from_datasets([a, b], seed=7)
    epochs(d)
    print(d.cardinality().numpy(), d)
    epochs(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.2, 0.8], seed=7), 1)
    epochs(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.2, 0.8], seed=7,
                                                stop_on_empty_dataset=True), 1)
    epochs(tf.data.Dataset.sample_from_datasets([a, b], seed=7, rerandomize_each_iteration=True))
    epochs(tf.data.Dataset.sample_from_datasets(
        [a, b], weights=tf.constant([0.5, 0.5], tf.float64), seed=7), 1)
    epochs(tf.data.Dataset.sample_from_datasets([a, b, a.map(plus50)]))
    epochs(tf.data.Dataset.sample_from_datasets([a, b], weights=[0., 1.], seed=1), 1)
    epochs(tf.data.Dataset.sample_from_datasets(
        [a, b], weights=tf.data.Dataset.from_tensors([0.3, 0.7]).repeat(), seed=3), 1)
    print(tf.data.Dataset.sample_from_datasets([a.repeat(), b]).cardinality().numpy())
    print(tf.data.Dataset.sample_from_datasets([a], seed=1))
""")

_s("sample_from_datasets_errors", """
    a = tf.data.Dataset.range(0, 5)
    b = tf.data.Dataset.range(100, 108)
    for args in [([a, b], [1, 2]), ([a, b], [1.]), ([], None)]:
        try:
            tf.data.Dataset.sample_from_datasets(*args)
        except Exception as e:
            print(type(e).__name__, e)
    try:
        tf.data.Dataset.sample_from_datasets([a, b.map(to_int32)])
    except Exception as e:
        print(type(e).__name__)
""")

_s("choose_from_datasets", """
    a = tf.data.Dataset.range(0, 5)
    b = tf.data.Dataset.range(100, 108)
    c = tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0, 2, 1], tf.int64))
    d = tf.data.Dataset.choose_from_datasets([a, b, b], c)
    epochs(d)
    print(d.cardinality().numpy())
    c1 = c.map(at_most_1)
    epochs(tf.data.Dataset.choose_from_datasets([a.take(1), b], c1), 1)
    epochs(tf.data.Dataset.choose_from_datasets([a.take(1), b], c1, stop_on_empty_dataset=False), 1)
    try:
        epochs(tf.data.Dataset.choose_from_datasets([a, b], c), 1)
    except Exception as e:
        print(type(e).__name__, str(e).split("}}")[-1].strip())
    try:
        tf.data.Dataset.choose_from_datasets([a, b], c.map(to_int32))
    except Exception as e:
        print(type(e).__name__, e)
""")

_s("random_ops_in_map", """
    tf.random.set_seed(1)
    def f(x):
        return tf.random.uniform([], maxval=1000, dtype=tf.int32)
    epochs(tf.data.Dataset.range(4).map(f))
    def g(x):
        return tf.random.uniform([], maxval=1000, dtype=tf.int32, seed=3)
    epochs(tf.data.Dataset.range(4).map(g))
    def h(x):
        return x * 10 + tf.random.uniform([], maxval=10, dtype=tf.int64)
    epochs(tf.data.Dataset.range(4).map(h), 1)
    def k(x):
        return (tf.random.uniform([2], maxval=1000, dtype=tf.int32),
                tf.random.uniform([], maxval=1000, dtype=tf.int32))
    epochs(tf.data.Dataset.range(3).map(k), 1)
    print(tf.random.uniform([], maxval=1000, dtype=tf.int32).numpy())
    def keep(x):
        return tf.random.uniform([], maxval=2, dtype=tf.int32) > 0
    epochs(tf.data.Dataset.range(10).filter(keep))
""")

_s("random_ops_in_tf_function", """
    tf.random.set_seed(1)
    @tf.function
    def f():
        return (tf.random.uniform([2], maxval=1000, dtype=tf.int32),
                tf.random.uniform([], maxval=1000, dtype=tf.int32))
    print([x.numpy().tolist() for x in f()], [x.numpy().tolist() for x in f()])
    print(tf.random.uniform([], maxval=1000, dtype=tf.int32).numpy())
    @tf.function
    def g(x):
        return tf.random.uniform([], maxval=1000, dtype=tf.int32) + x
    print(g(0).numpy(), g(0).numpy(), g(tf.constant(0)).numpy())
    def draw():
        return tf.random.uniform([], maxval=1000, dtype=tf.int32)
    def minus_one():
        return tf.constant(-1)
    @tf.function
    def h(p):
        a = draw()
        b = tf.cond(p, draw, minus_one)
        return a, b, draw()
    print([int(x) for x in h(tf.constant(True))], [int(x) for x in h(tf.constant(True))])
""")

_s("keras_style_permutation", """
    tf.random.set_seed(1)
    def perm(_):
        return tf.random.shuffle(tf.range(10, dtype=tf.int64))
    epochs(tf.data.Dataset.range(1).repeat(3).map(perm).prefetch(1))
    print(tf.random.shuffle(tf.range(10)).numpy().tolist())
    def shuffle_batch(x):
        return tf.random.shuffle(x)
    epochs(tf.data.Dataset.range(12).batch(4).map(shuffle_batch))
""")

_s("iterators_draw_seeds_when_created", """
    tf.random.set_seed(8)
    ds = tf.data.Dataset.range(10).shuffle(10)
    epochs(ds, 1)
    unused = iter(ds)
    epochs(ds, 1)
    unused = ds.as_numpy_iterator()
    it = iter(ds.map(twice).batch(4))
    print(next(it).numpy().tolist())
    rd = tf.data.Dataset.random(rerandomize_each_iteration=True).take(2)
    unused = iter(rd)
    epochs(rd)
    both = tf.data.Dataset.range(3).concatenate(tf.data.Dataset.range(3).shuffle(3))
    unused = iter(both)
    epochs(both)
""")

_s("keras_fit_shuffled", """
    keras = tf.keras
    keras.utils.set_random_seed(1)
    x = np.arange(64, dtype="float32").reshape(32, 2) / 64.0
    y = (x[:, :1] * 3 - x[:, 1:]).astype("float32")
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(1)])
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    h = m.fit(x, y, batch_size=5, epochs=3, shuffle=True, verbose=0)
    print(np.round(h.history["loss"], 5).tolist())
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(32).batch(8)
    h = m.fit(ds, epochs=2, shuffle=False, verbose=0)
    print(np.round(h.history["loss"], 5).tolist())
    print([b[1].ravel().round(3).tolist()[:3] for b in ds.as_numpy_iterator()][0])
""")

_s("experimental_sample_and_choose", """
    tf.random.set_seed(9)
    a = tf.data.Dataset.range(3)
    b = tf.data.Dataset.range(10, 12)
    c = tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 1, 0, 0], tf.int64))
    epochs(tf.data.experimental.choose_from_datasets([a, b], c), 1)
    epochs(tf.data.experimental.sample_from_datasets([a, b], seed=3), 1)
    epochs(tf.data.experimental.sample_from_datasets([a, b], [0.9, 0.1], 4, True), 1)
""")

_s("shuffle_cache", """
    tf.random.set_seed(3)
    s = tf.data.Dataset.range(6).shuffle(6)
    c = s.cache()
    epochs(c, 3)
    epochs(s, 1)
    epochs(tf.data.Dataset.range(6).cache().shuffle(6, seed=2).repeat(2))
""")

_s("shuffle_in_flat_map_and_interleave", """
    tf.random.set_seed(1)
    def inner(x):
        return tf.data.Dataset.range(4).shuffle(4)
    epochs(tf.data.Dataset.range(3).flat_map(inner))
    def inner_seeded(x):
        return tf.data.Dataset.range(x * 10, x * 10 + 4).shuffle(4, seed=6)
    epochs(tf.data.Dataset.range(3).interleave(inner_seeded, cycle_length=2))
    def two(x):
        a = tf.data.Dataset.range(3).shuffle(3)
        return a.concatenate(tf.data.Dataset.range(3).shuffle(3))
    epochs(tf.data.Dataset.range(2).flat_map(two), 1)
    print(tf.random.uniform([], maxval=1000, dtype=tf.int32).numpy())
""")
