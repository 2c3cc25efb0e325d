"""Golden snippets: tf.GradientTape itself: watch (what is watched, dtypes, the
integer-watch warnings), watched_variables, watch_accessed_variables, persistence,
entering and exiting, stop_recording and reset, gradient inside the context; the tape's
warnings; tf.gradients in eager."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# GradientTape: watch

_s("tape_basic_printed_forms", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
dy = g.gradient(y, x)
print(dy)
print(repr(dy))
""")
_s("tape_watch_nested", """
a = tf.constant(1.0)
b = tf.constant(2.0)
c = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch([a, (b, {'k': c})])
    y = a * b * c
print(g.gradient(y, [a, b, c]))
""")
_s("tape_watch_variable_and_list", """
v = tf.Variable(2.0)
w = tf.Variable(3.0, trainable=False)
with tf.GradientTape(watch_accessed_variables=False) as g:
    g.watch([v, w])
    y = v * w
print(g.gradient(y, [v, w]))
""")
_s("tape_watch_int_tensor_warning", """
x = tf.constant(3)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
""")
_s("tape_watch_int64_and_bool_warnings", """
with tf.GradientTape() as g:
    g.watch(tf.constant([1, 2], tf.int64))
    g.watch(tf.constant(True))
    g.watch(tf.constant(1, tf.uint8))
print('done')
""")
_errs("tape_watch_errors", """
with tf.GradientTape() as g:
    g.watch(3.0)
""", """
with tf.GradientTape() as g:
    g.watch(np.array([1.0]))
""", """
with tf.GradientTape() as g:
    g.watch([tf.constant(1.0), 'a'])
""")
_s("tape_watch_log_first_n_is_per_call_site", """
for i in range(7):
    with tf.GradientTape() as g:
        g.watch(tf.constant(i))
with tf.GradientTape() as g:
    g.watch(tf.constant(1))
    g.watch(tf.constant(2, tf.int64))
print('done')
""")
_s("tape_watch_int_then_cast", """
x = tf.constant(3)
with tf.GradientTape() as g:
    g.watch(x)
    y = tf.cast(x, tf.float32) ** 2
print(y, g.gradient(y, x))
""")
_s("tape_watch_after_use", """
x = tf.constant(2.0)
with tf.GradientTape() as g:
    y = x * x
    g.watch(x)
    z = y * x
print(g.gradient(z, x))
""")
_s("tape_watch_float16_float64_bfloat16", """
for dt in [tf.float16, tf.float64, tf.bfloat16]:
    x = tf.constant([1.5, 2.0], dt)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x * 3.0
    print(repr(g.gradient(y, x)))
""")
_s("tape_watched_variables_order", """
a = tf.Variable(1.0, name='a')
b = tf.Variable(2.0, name='b')
c = tf.Variable(3.0, name='c')
with tf.GradientTape() as g:
    y = c * b * a
wv = g.watched_variables()
print(type(wv).__name__, [v.name for v in wv])
print(wv[0] is a)
""")
_s("tape_watched_variables_contents", """
x = tf.constant(1.0)
v = tf.Variable(2.0)
n = tf.Variable(3.0, trainable=False)
i = tf.Variable(3)
with tf.GradientTape() as g:
    g.watch(x)
    print(g.watched_variables())
    y = x * v * n
    z = i * 2
    print(len(g.watched_variables()))
print(g.watched_variables())
print(g.gradient(y, [x, v, n]))
print(g.watched_variables())
""")
_s("tape_watched_variables_after_reset", """
v = tf.Variable(2.0)
with tf.GradientTape() as g:
    y = v * v
    print(len(g.watched_variables()))
    g.reset()
    print(g.watched_variables())
""")
_s("tape_watch_accessed_variables_false", """
v = tf.Variable(2.0)
w = tf.Variable(5.0)
with tf.GradientTape(watch_accessed_variables=False) as g:
    g.watch(v)
    y = v * v + w * w
print(g.gradient(y, [v, w]))
print([x.name for x in g.watched_variables()])
""")
_s("tape_nontrainable_variable", """
v = tf.Variable(2.0, trainable=False)
w = tf.Variable(2.0, trainable=False)
with tf.GradientTape() as g:
    g.watch(w)
    y = v * v + w * w * w
print(g.gradient(y, [v, w]))
""")
_s("tape_int_variable_auto_watch", """
v = tf.Variable(3)
with tf.GradientTape() as g:
    y = v * v
print(g.gradient(y, v))
print(g.watched_variables())
""")

# ---------------------------------------------------------------------------
# GradientTape: lifecycle

_s("tape_persistent_multiple", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    z = y * y
print(g.gradient(z, x), g.gradient(y, x), g.gradient(z, y))
del g
""")
_s("tape_gradient_twice_nonpersistent_error", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
g.gradient(y, x)
""")
_s("tape_watch_after_exit", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    pass
g.watch(x)
print(g.gradient(x * x, x))
""")
_s("tape_reenter_active_error", """
g = tf.GradientTape()
with g:
    with g:
        pass
""")
_s("tape_reenter_after_exit_continues", """
x = tf.constant(2.0)
g = tf.GradientTape(persistent=True)
with g:
    g.watch(x)
    y = x * x
z = y * x
with g:
    w = y * 3.0
print(g.gradient(w, x), g.gradient(z, x), g.gradient(y, x))
""")
_s("tape_reenter_after_gradient_nonpersistent", """
x = tf.constant(2.0)
g = tf.GradientTape()
with g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
with g:
    g.watch(x)
    z = x * x * x
print(g.gradient(z, x))
""")
_s("tape_stop_recording", """
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    with g.stop_recording():
        y = x ** 2
    z = x * 3.0
print(g.gradient(y, x), g.gradient(z, x))
""")
_s("tape_stop_recording_other_tapes_record", """
x = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        with inner.stop_recording():
            y = x * x
print(inner.gradient(y, x), outer.gradient(y, x))
""")
_errs("tape_lifecycle_errors", """
g = tf.GradientTape()
g.gradient(tf.constant(1.0), tf.constant(1.0))
""", """
g = tf.GradientTape()
g.watch(tf.constant(1.0))
""", """
g = tf.GradientTape()
with g.stop_recording():
    pass
""", """
with tf.GradientTape() as g:
    pass
with g.stop_recording():
    pass
""", """
with tf.GradientTape() as g:
    pass
g.reset()
""", """
with tf.GradientTape(persistent=True) as g:
    pass
g.reset()
""")
_s("tape_reset", """
x = tf.constant(2.0)
with tf.GradientTape() as t:
    t.watch(x)
    a = x * x
    t.reset()
    t.watch(x)
    b = a + x * 10.0
print(t.gradient(b, x))
""")
_s("tape_gradient_inside_context_nonpersistent", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    dy = g.gradient(y, x)
    z = y * x
print(dy)
try:
    g.gradient(z, x)
except RuntimeError as e:
    print('RuntimeError:', e)
""")
_s("tape_gradient_inside_context_persistent", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x ** 3
    dy = g.gradient(y, x)
    d2y = g.gradient(dy, x)
d3y = g.gradient(d2y, x)
print(dy, d2y, d3y)
""")
_s("tape_exception_inside_tape", """
x = tf.constant(2.0)
g = tf.GradientTape(persistent=True)
try:
    with g:
        g.watch(x)
        y = x * x
        raise ValueError('boom')
except ValueError as e:
    print('caught', e)
print(g.gradient(y, x))
with tf.GradientTape() as h:
    h.watch(x)
    z = x * 5.0
print(h.gradient(z, x))
""")
# ---------------------------------------------------------------------------
# Warnings

_s("warn_int_watch_five_per_call_site", """
for i in range(7):
    with tf.GradientTape() as g:
        g.watch(tf.constant([i, i]))
print('done')
""")
_s("warn_int_source_jacobian", """
x = tf.constant([1, 2])
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.jacobian(y, x))
""")
_s("warn_persistent_gradient_inside_context", """
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x * x
    dy = g.gradient(y, x)
    dy2 = g.gradient(y, x)
    d2y = g.gradient(dy, x)
print(repr(dy), repr(d2y))
print(repr(g.gradient(d2y, x)))
""")
_s("warn_persistent_gradient_inside_context_once_per_call_site", """
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    for i in range(4):
        dy = g.gradient(y, x)
    dy = g.gradient(y, x)
print(repr(dy))
""")
_s("warn_nonpersistent_gradient_inside_context_silent", """
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    dy = g.gradient(y, x)
    z = x * 5.0
print(repr(dy))
""")
_s("warn_persistent_jacobian_inside_context", """
x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x
    j = g.jacobian(y, x)
print(repr(j))
""")

# ---------------------------------------------------------------------------
# tf.gradients in eager

_s("tf_gradients_in_eager_error", """
x = tf.constant(1.0)
tf.gradients(x * x, x)
""")
_errs("tf_gradients_hessians_in_eager_errors", """
x = tf.constant(1.0)
tf.gradients([x * x], [x], stop_gradients=[x])
""", """
x = tf.constant(1.0)
tf.hessians(x * x, x)
""")


_s("function_captures_are_tensors_not_values", """
    @tf.function
    def add(a, b):
        return a + b
    v = tf.Variable(1.0)
    with tf.GradientTape() as tape:
        result = add(v, 1.0)
    print(result.numpy(), tape.gradient(result, v).numpy())
    x = tf.constant([1., 2.]); w = tf.Variable(x)
    @tf.function
    def f():
        return w * x
    with tf.GradientTape() as tape:
        y = f()
    print(tape.gradient(y, w).numpy())
    one = tf.constant(1.0); u = tf.Variable(1.0)
    @tf.function
    def g():
        return u * one
    with tf.GradientTape() as tape:
        y = g()
    print(tape.gradient(y, u).numpy())
    a = tf.constant(3.0)
    @tf.function
    def h(z):
        return z * 3.0
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = h(a)
    print(tape.gradient(y, a).numpy())
    b = tf.constant(2.0)
    @tf.function
    def k():
        return b * b
    @tf.function
    def outer():
        return k() * 3.0
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(b)
        y, z = k(), outer()
    print(tape.gradient(y, b).numpy(), tape.gradient(z, b).numpy())
    c = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(c)
        d = tf.identity(c)
        y = k() + d * 2.0
    print(tape.gradient(y, [c, d]))
""")


# Closely related snippets merged into one program each (run in sequence, same
# namespace), to keep the suite at a reviewable size. Only snippets that do not let
# an exception escape are merged.
for _new, *_old in [
    ("tape_watch_structures", "tape_watch_nested", "tape_watch_variable_and_list"),
]:
    SNIPPETS.merge(_new, *_old)
del _new, _old

SNIPPETS.check_compiles()
