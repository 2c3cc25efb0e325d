"""Golden snippets: tf.cond (and tf.case, tf.switch_case, smart_cond) whose branches
return None (only assign Variables), eagerly and inside tf.function, as Keras's
LossScaleOptimizer does; and TF's error where one branch returns None and the other a
value."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("cond_branches_return_none", """
v = tf.Variable(0)
def up():
    v.assign(10)
def inc():
    v.assign_add(1)
@tf.function
def f(p):
    r = tf.cond(p, up, inc)
    r2 = tf.cond(p, lambda: (None, v.assign_add(1)), lambda: (None, v.assign_add(2)))
    r3 = tf.cond(p, lambda: [None, {'a': None}], lambda: [None, {'a': None}])
    return r, r2, r3
for p in (True, False, False):
    r, r2, r3 = f(tf.constant(p))
    print(p, r, r2[0], r2[1].numpy(), r2[1].dtype, r3, v.numpy())
print(tf.cond(tf.constant(True), up, inc), v.numpy())
""")

_s("smart_cond_and_case_return_none", """
v = tf.Variable(1.0)
def dbl():
    v.assign(v * 2.0)
def half():
    v.assign(v / 2.0)
@tf.function
def f(p, i):
    a = tf.__internal__.smart_cond.smart_cond(p, dbl, half)
    b = tf.switch_case(i, [dbl, half, dbl])
    c = tf.case([(tf.equal(i, 0), dbl)], default=half)
    return a, b, c
for p, i in ((True, 0), (False, 1), (True, 2)):
    print(f(tf.constant(p), tf.constant(i)), v.numpy())
""")

_s("cond_none_against_value_error", """
def none():
    return None
def one():
    return tf.constant(1)
def pair_none():
    return None, 1
def pair_one():
    return tf.constant(1), 1
def f(p):
    return tf.cond(p, none, one)
def g(p):
    return tf.cond(p, pair_none, pair_one)
for fn in (f, g):
    try:
        tf.function(fn)(tf.constant(True))
    except ValueError as e:
        print(type(e).__name__, str(e).strip().splitlines()[-3:])
""")
