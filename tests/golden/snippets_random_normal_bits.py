"""Golden snippets: normal draws bit for bit (issue 18). TF's CPU Box-Muller
(random_distributions.h BoxMullerFloat) calls glibc's logf and sincosf, which round
differently from XLA's float32 log, sin and cos in about one output in twenty; each
snippet prints a digest of thousands of draws (float32, float16, bfloat16 and float64;
normal and truncated normal; tf.random.Generator, stateless and seeded ops), eagerly and
inside tf.function, and the first values in full."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_DIGEST = """
import hashlib
def show(x):
    a = x.numpy()
    print(x.dtype.name, x.shape, hashlib.sha256(a.tobytes()).hexdigest()[:24])
    print(a.reshape(-1)[:6].astype('float64').tolist())
"""

_s("generator_normal_state_1281", _DIGEST + """
for dtype in (tf.float32, tf.float16, tf.bfloat16, tf.float64):
    g = tf.random.Generator.from_state([1281, 0, 0], 'philox')
    show(g.normal([4096], dtype=dtype))
    show(g.normal([3, 5], mean=1.5, stddev=0.5, dtype=dtype))
    print(g.state.numpy().tolist())
""")

_s("generator_normal_many_states", _DIGEST + """
for state in ([0, 0, 0], [5, 0, 0], [1281, 0, 7], [2 ** 40, 3, -1], [-1, -1, 12345]):
    g = tf.random.Generator.from_state(state, 'philox')
    show(g.normal([1001]))
    show(g.truncated_normal([999]))
""")

_s("generator_normal_in_function", _DIGEST + """
g = tf.random.Generator.from_state([1281, 0, 0], 'philox')
@tf.function
def draw():
    return g.normal([2048]), g.truncated_normal([2048], dtype=tf.float16)
for _ in range(2):
    a, b = draw()
    show(a)
    show(b)
print(g.state.numpy().tolist())
""")

_s("stateless_and_seeded_normal", _DIGEST + """
show(tf.random.stateless_normal([4096], seed=[1, 2]))
show(tf.random.stateless_truncated_normal([4096], seed=[3, 4]))
show(tf.random.stateless_normal([512], seed=[5, 6], dtype=tf.float64))
tf.random.set_seed(7)
show(tf.random.normal([4096]))
show(tf.random.truncated_normal([4096], seed=3))
@tf.function
def stateless():
    return tf.random.stateless_normal([4096], seed=[9, 9])
show(stateless())
""")
