"""Golden snippets: GradientTape and tf.function: tapes inside a function (tensors
and Variables), tapes around a call (tensor arguments, captured Variables, persistent
and nested, second order), training steps."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

# ---------------------------------------------------------------------------
# GradientTape and tf.function

_s("tape_inside_function", """
@tf.function
def grad_of_cube(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x * x
    return y, tape.gradient(y, x)
y, g = grad_of_cube(tf.constant(2.0))
print(repr(y), repr(g))
y, g = grad_of_cube(tf.constant([1.0, 3.0]))
print(repr(y), repr(g))
""")
_s("tape_inside_function_variables", """
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
b = tf.Variable([0.5, -0.5])
@tf.function
def grads(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(tf.matmul(x, w) + b))
    gw, gb = tape.gradient(loss, [w, b])
    return loss, gw, gb
for r in grads(tf.constant([[1.0, 1.0]])):
    print(repr(r))
""")
_s("outer_tape_tensor_arguments", """
@tf.function
def f(x, y):
    return x * x * y + tf.sin(y)
x = tf.constant(3.0)
y = tf.constant(0.5)
with tf.GradientTape() as tape:
    tape.watch([x, y])
    z = f(x, y)
print(repr(z))
gx, gy = tape.gradient(z, [x, y])
print(repr(gx), repr(gy))
""")
_s("outer_tape_captured_variables", """
w = tf.Variable([1.0, -2.0])
s = tf.Variable(3.0)
@tf.function
def f(x):
    return tf.reduce_sum(w * x) * s
with tf.GradientTape() as tape:
    out = f(tf.constant([2.0, 4.0]))
print(repr(out))
gw, gs = tape.gradient(out, [w, s])
print(repr(gw), repr(gs))
""")
_s("outer_tape_persistent_and_nested_output", """
v = tf.Variable(2.0)
@tf.function
def f(x):
    return {'a': x * v, 'b': x * x}
x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    out = f(x)
print(repr(tape.gradient(out['a'], [x, v])))
print(repr(tape.gradient(out['b'], x)))
print(repr(tape.gradient(out, x)))
del tape
""")
_s("outer_tape_second_order", """
@tf.function
def f(x):
    return x * x * x
x = tf.constant(2.0)
with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
        t1.watch(x)
        y = f(x)
    dy = t1.gradient(y, x)
print(repr(dy), repr(t2.gradient(dy, x)))
""")
_s("training_step_sgd", """
w = tf.Variable([[0.0], [0.0]])
b = tf.Variable([0.0])
x = tf.constant([[1.0, 2.0], [2.0, 1.0], [3.0, -1.0], [0.0, 1.0]])
y = tf.constant([[5.0], [4.0], [1.0], [2.0]])
@tf.function
def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(lr * gw)
    b.assign_sub(lr * gb)
    return loss
for step in range(5):
    loss = train_step(x, y, tf.constant(0.05))
    print(step, repr(loss))
print(repr(w))
print(repr(b))
print(train_step.experimental_get_tracing_count())
""")
_s("training_step_module", """
class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(1.0)
        self.b = tf.Variable(0.0)
    def __call__(self, x):
        return self.w * x + self.b
model = Linear()
@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    for v, g in zip(model.trainable_variables, grads):
        v.assign_sub(0.1 * g)
    return loss
xs = tf.constant([0.0, 1.0, 2.0])
ys = tf.constant([1.0, 3.0, 5.0])
for i in range(4):
    print(i, step(xs, ys).numpy())
print([v.name for v in model.trainable_variables])
print([float(v.numpy()) for v in model.trainable_variables])
""")
