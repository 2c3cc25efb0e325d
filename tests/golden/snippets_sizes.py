"""Golden snippets for sizes too big to allocate (issue 13): TF's ResourceExhaustedError
(OOM) and InvalidArgumentError (more than 2**63 - 1 elements, negative dimensions) from
fill/zeros/ones/eye/range and tf.random.*, eagerly and inside a tf.function.

The sizes take 2**64 bytes or more, which TF's allocator refuses at once (smaller huge
sizes make TF retry for seconds), and more than any machine's memory.
"""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


_ERR = """def err(f):
    try:
        r = f()
        print(r.shape, r.dtype.name)
    except Exception as e:
        print(type(e).__name__, e)
def fn_err(f):
    # Inside a tf.function TF reports the failure when the function runs, with the user's
    # traceback, node and function names ("Graph execution error: ... [Op:__inference_f_12]")
    # that depend on the caller's file and TF's counters: print the class and the kernel's
    # text only.
    try:
        r = f()
        print(r.shape, r.dtype.name)
    except Exception as e:
        text = str(e)
        for key in ("OOM when allocating tensor with shape", "Shape ["):
            if key in text:
                text = text[text.index(key):].split("\\n")[0].split(" [Op:")[0]
                break
        print(type(e).__name__, text)
"""
_t = SNIPPETS.adder(_ERR + "\n")


_t("fill_oom", """
err(lambda: tf.zeros([2**62]))
err(lambda: tf.ones([2**62]))
err(lambda: tf.zeros([2**61], tf.float64))
err(lambda: tf.ones([2**31, 2**31], tf.int32))
err(lambda: tf.fill([2**62], 1.0))
err(lambda: tf.fill([2**62], 3))
err(lambda: tf.zeros([2**62, 1]))
""")
_t("fill_overflow", """
err(lambda: tf.zeros([2**40, 2**40]))
err(lambda: tf.ones([2**32, 2**32], tf.int32))
err(lambda: tf.fill([2**40, 2**40], 1.0))
err(lambda: tf.zeros([2**40, 2**40, 0]))
err(lambda: tf.fill([2**40, 2**40, -1], 1.0))
err(lambda: tf.fill([2**40, 2**40, -3], 1.0))
err(lambda: tf.fill([-3, 2**40, 2**40], 1.0))
""")
_t("fill_negative", """
err(lambda: tf.zeros([-1]))
err(lambda: tf.ones([2, -3]))
err(lambda: tf.fill([-2], 1.0))
err(lambda: tf.zeros([0, 5]))
""")
_t("eye", """
err(lambda: tf.eye(2**62))
err(lambda: tf.eye(2**62, 1))
err(lambda: tf.eye(4, batch_shape=[2**61]))
err(lambda: tf.eye(-1))
err(lambda: tf.eye(3, batch_shape=[2]))
""")
_t("range", """
err(lambda: tf.range(0, 2**62))
err(lambda: tf.range(0., 2.**62))
err(lambda: tf.range(-2**62, 2**62, dtype=tf.int64))
err(lambda: tf.range(-1e30, 1e30))
err(lambda: tf.range(0, 10, 3))
""")
_t("random_stateful", """
err(lambda: tf.random.normal([2**62]))
err(lambda: tf.random.uniform([2**62]))
err(lambda: tf.random.uniform([2**62], maxval=5, dtype=tf.int32))
err(lambda: tf.random.truncated_normal([2**62]))
err(lambda: tf.random.normal([2**61], dtype=tf.float64))
err(lambda: tf.random.normal([2**40, 2**40]))
err(lambda: tf.random.normal([-2]))
""")
_t("random_stateless_generator", """
err(lambda: tf.random.stateless_uniform([2**62], seed=[1, 2]))
err(lambda: tf.random.stateless_normal([2**62], seed=[1, 2]))
err(lambda: tf.random.stateless_normal([2**40, 2**40], seed=[1, 2]))
g = tf.random.Generator.from_seed(1)
err(lambda: g.normal([2**62]))
err(lambda: g.uniform([2**62]))
err(lambda: g.normal([2, 3]))
""")
_t("variable", """
err(lambda: tf.Variable(tf.zeros([2**62])))
err(lambda: tf.Variable(tf.random.normal([2**62])))
""")
_t("in_function", """
@tf.function
def f1():
    return tf.random.normal([2**62])
@tf.function
def f2():
    return tf.random.stateless_normal([2**62], seed=[1, 2])
@tf.function
def f3():
    return tf.range(0, 2**62)
@tf.function
def f4():
    return tf.random.normal([2**40, 2**40])
@tf.function
def f5():
    return tf.random.normal([2, 3])
for f in [f1, f2, f3, f4, f5]:
    fn_err(f)
""")
