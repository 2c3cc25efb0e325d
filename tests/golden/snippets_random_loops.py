"""Golden snippets: stateful random ops inside loops (tf.while_loop, AutoGraph loops over
tf.range, tf.scan, tf.cond) in tf.function and eagerly draw new values on each
iteration, one TF kernel per op whose stream continues across calls. TF runs the
iterations of a while loop in parallel, so the order of the draws within one call is
not fixed there: those snippets print the draws sorted."""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
np.set_printoptions(precision=5)
def srt(t):
    return sorted(np.asarray(t).reshape(len(t), -1).tolist())
""")
_s = SNIPPETS.add


_s("autograph_range_op_seed", """
    tf.random.set_seed(1)
    @tf.function
    def f(n, size):
        ta = tf.TensorArray(tf.int32, size=size)
        for i in tf.range(n):
            ta = ta.write(i, tf.random.uniform([], maxval=1000, dtype=tf.int32, seed=3))
        return ta.stack()
    print(srt(f(4, 4)), srt(f(4, 4)))
    print(srt(f(tf.constant(3), 3)), srt(f(tf.constant(3), 3)))
""")

_s("autograph_range_normal_global_seed", """
    tf.random.set_seed(5)
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(n):
            ta = ta.write(i, tf.random.normal([2]))
        return ta.stack()
    print(srt(f(tf.constant(3))), srt(f(tf.constant(3))))
""")

_s("while_loop_in_function", """
    tf.random.set_seed(2)
    def body(i, ta):
        return i + 1, ta.write(i, tf.random.uniform([2], maxval=1000, dtype=tf.int32, seed=5))
    @tf.function
    def g(n):
        return tf.while_loop(lambda i, a: i < n, body, [0, tf.TensorArray(tf.int32, size=3)])[1].stack()
    print(srt(g(tf.constant(3))), srt(g(tf.constant(3))))
    @tf.function
    def h():
        return tf.while_loop(lambda i, a: i < 3, body, [0, tf.TensorArray(tf.int32, size=3)],
                             maximum_iterations=3)[1].stack()
    print(srt(h()), srt(h()))
""")

_s("while_loop_eager", """
    tf.random.set_seed(2)
    def body(i, ta):
        return i + 1, ta.write(i, tf.random.uniform([2], maxval=1000, dtype=tf.int32, seed=5))
    print(tf.while_loop(lambda i, a: i < 3, body, [0, tf.TensorArray(tf.int32, size=3)])[1].stack().numpy().tolist())
""")

_s("nested_loops", """
    tf.random.set_seed(3)
    @tf.function
    def f(n, m):
        total = tf.constant(0, tf.int64)
        ta = tf.TensorArray(tf.int32, size=6)
        for i in tf.range(n):
            for j in tf.range(m):
                ta = ta.write(i * m + j, tf.random.uniform([], maxval=10**6, dtype=tf.int32, seed=7))
        return ta.stack()
    print(srt(f(tf.constant(2), tf.constant(3))), srt(f(tf.constant(2), tf.constant(3))))
""")

_s("cond_in_loop", """
    tf.random.set_seed(4)
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.int32, size=5)
        for i in tf.range(n):
            if i % 2 == 0:
                v = tf.random.uniform([], maxval=10**6, dtype=tf.int32, seed=8)
            else:
                v = tf.constant(-1)
            ta = ta.write(i, v)
        return ta.stack()
    print(srt(f(tf.constant(5))), srt(f(tf.constant(5))))
""")

_s("scan_in_function", """
    tf.random.set_seed(6)
    def step(a, x):
        return a[0] + 1, tf.random.uniform([], maxval=10**6, dtype=tf.int32, seed=9)
    @tf.function
    def f():
        return tf.scan(step, tf.range(4), initializer=(0, 0))[1]
    print(srt(f()), srt(f()))
""")

_s("shuffle_in_loop", """
    tf.random.set_seed(7)
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.int32, size=3)
        for i in tf.range(n):
            ta = ta.write(i, tf.random.shuffle(tf.range(6), seed=2))
        return ta.stack()
    print(srt(f(tf.constant(3))), srt(f(tf.constant(3))))
""")

_s("unseeded_distinct", """
    tf.random.set_seed(None)
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=50)
        for i in tf.range(n):
            ta = ta.write(i, tf.random.uniform([]))
        return ta.stack()
    a, b = f(tf.constant(50)).numpy(), f(tf.constant(50)).numpy()
    print(len(set(a.tolist()) | set(b.tolist())), bool(0.3 < a.mean() < 0.7), a.dtype)
""")

_s("generator_in_loop", """
    g = tf.random.Generator.from_seed(3)
    @tf.function
    def f(n):
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(n):
            ta = ta.write(i, g.normal([2]))
        return ta.stack()
    print(f(tf.constant(3)).numpy(), f(tf.constant(3)).numpy())
    print(g.normal([2]).numpy())
""")

_s("python_range_loop_unrolled", """
    tf.random.set_seed(8)
    @tf.function
    def f():
        return tf.stack([tf.random.uniform([], maxval=1000, dtype=tf.int32, seed=3)
                         for _ in range(3)])
    print(f().numpy(), f().numpy())
""")

_s("dataset_reshuffle_in_function", """
    tf.random.set_seed(1)
    ds = tf.data.Dataset.range(8).shuffle(8, seed=2)
    @tf.function
    def f():
        s = tf.constant(0, tf.int64)
        for x in ds:
            s = s * 10 + x
        return s
    print(f().numpy(), f().numpy(), f().numpy())
    ds2 = tf.data.Dataset.range(6).shuffle(6)
    @tf.function
    def g(d):
        s = tf.constant(0, tf.int64)
        for epoch in range(2):
            for x in d:
                s = s * 10 + x
        return s
    print(g(ds2).numpy(), g(ds2).numpy())
    print([list(ds2.as_numpy_iterator()) for _ in range(2)])
    ds3 = tf.data.Dataset.range(6).shuffle(6, seed=4, reshuffle_each_iteration=False)
    print(g(ds3).numpy(), g(ds3).numpy())
    ds4 = tf.data.Dataset.range(5).shuffle(3, seed=5).repeat(2).batch(2, drop_remainder=True)
    @tf.function
    def h():
        it = iter(ds4)
        return tf.stack([next(it), next(it), next(it)])
    print(h().numpy().tolist(), h().numpy().tolist())
""")
