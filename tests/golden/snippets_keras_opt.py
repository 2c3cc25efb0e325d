"""Golden snippets for issue 6 (part): tf.keras.optimizers (Keras 3.15's numerics),
tf.keras.optimizers.schedules, tf.keras.losses and tf.keras.metrics.

``SNIPPETS`` maps a name to a short TF2 program that sees only ``tf`` and ``np``.
``record.py -s keras_opt`` runs them under TF 2.21 (Keras 3.15) and writes
``keras_opt.json``; ``tests/test_golden.py`` runs them under tfcompat and compares.

Each optimizer runs 20 steps on a small problem (a weighted 3-parameter quadratic plus
a ridge least-squares fit of a 2x2 matrix variable), once eagerly and once with the step under
tf.function (slots created in the first trace), printing the trajectory's end points.
Auto-generated names (``adam_1``) depend on how many optimizers the process made before,
so snippets print names only where they are given.
"""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


_TRAIN = """
def train(make, use_function, steps=20, show_every=5):
    w = tf.Variable([1.0, -2.0, 3.0], name='w')
    m = tf.Variable([[0.5, -1.0], [2.0, 0.25]], name='m')
    opt = make()
    target = tf.constant([0.5, 1.0, -1.0])
    scale = tf.constant([1.0, 2.0, 0.5])
    x = tf.constant([[1.0], [2.0]])
    y = tf.constant([[1.0], [-1.0]])
    def step():
        with tf.GradientTape() as tape:
            fit = tf.matmul(m, x) - y
            loss = (tf.reduce_sum((w - target) ** 2 * scale) + tf.reduce_sum(fit * fit)
                    + 0.1 * tf.reduce_sum(m * m))
        grads = tape.gradient(loss, [w, m])
        opt.apply_gradients(zip(grads, [w, m]))
        return loss
    if use_function:
        step = tf.function(step)
    for i in range(steps):
        loss = step()
        if (i + 1) % show_every == 0:
            print(i + 1, float(loss), w.numpy(), m.numpy().ravel())
    print('iterations', int(opt.iterations.numpy()), 'n_vars', len(opt.variables))
    return opt
"""

_OPTIMIZERS = {
    "sgd": "tf.keras.optimizers.SGD(0.05)",
    "sgd_momentum": "tf.keras.optimizers.SGD(0.05, momentum=0.9)",
    "sgd_nesterov": "tf.keras.optimizers.SGD(0.05, momentum=0.9, nesterov=True)",
    "adam": "tf.keras.optimizers.Adam(0.1)",
    "adam_amsgrad": "tf.keras.optimizers.Adam(0.1, beta_1=0.8, amsgrad=True)",
    "adamw": "tf.keras.optimizers.AdamW(0.1, weight_decay=0.05)",
    "adamax": "tf.keras.optimizers.Adamax(0.1)",
    "adagrad": "tf.keras.optimizers.Adagrad(0.1)",
    "adadelta": "tf.keras.optimizers.Adadelta(1.0)",
    "rmsprop": "tf.keras.optimizers.RMSprop(0.05)",
    "rmsprop_momentum": "tf.keras.optimizers.RMSprop(0.05, momentum=0.5)",
    "rmsprop_centered": "tf.keras.optimizers.RMSprop(0.05, momentum=0.5, centered=True)",
    "nadam": "tf.keras.optimizers.Nadam(0.1)",
    "lion": "tf.keras.optimizers.Lion(0.05)",
    "ftrl": "tf.keras.optimizers.Ftrl(0.1)",
    "ftrl_regularized": ("tf.keras.optimizers.Ftrl(0.1, learning_rate_power=-0.7, "
                         "l1_regularization_strength=0.01, l2_regularization_strength=0.02, "
                         "l2_shrinkage_regularization_strength=0.01, beta=0.1)"),
    "adam_clipnorm": "tf.keras.optimizers.Adam(0.1, clipnorm=0.5)",
    "sgd_clipnorm": "tf.keras.optimizers.SGD(0.05, clipnorm=1.0)",
    "sgd_global_clipnorm": "tf.keras.optimizers.SGD(0.05, global_clipnorm=1.5)",
    "adam_clipvalue": "tf.keras.optimizers.Adam(0.1, clipvalue=0.5)",
    "sgd_weight_decay": "tf.keras.optimizers.SGD(0.05, weight_decay=0.1)",
    "rmsprop_weight_decay": "tf.keras.optimizers.RMSprop(0.05, weight_decay=0.2)",
    "sgd_exponential_decay": ("tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                              "ExponentialDecay(0.1, 5, 0.5))"),
    "adam_exponential_decay_staircase": (
        "tf.keras.optimizers.Adam(tf.keras.optimizers.schedules."
        "ExponentialDecay(0.1, 4, 0.5, staircase=True))"),
    "sgd_piecewise": ("tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                      "PiecewiseConstantDecay([5, 10], [0.1, 0.05, 0.01]))"),
    "sgd_polynomial": ("tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                       "PolynomialDecay(0.1, 10, end_learning_rate=0.01, power=2.0))"),
    "sgd_inverse_time": ("tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                         "InverseTimeDecay(0.1, 3, 0.5))"),
    "adam_cosine": ("tf.keras.optimizers.Adam(tf.keras.optimizers.schedules."
                    "CosineDecay(0.1, 15, alpha=0.1))"),
    "sgd_cosine_warmup": ("tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                          "CosineDecay(0.02, 10, warmup_target=0.1, warmup_steps=5))"),
    "sgd_cosine_restarts": ("tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                            "CosineDecayRestarts(0.1, 3, m_mul=0.8))"),
}

# Every optimizer runs eagerly and under tf.function; of the clipping, weight-decay and
# schedule variants (the same code path with another learning rate or gradient), those
# below run eagerly only, which keeps the suite fast (each tf.function costs an XLA compile).
_EAGER_ONLY = {"sgd_clipnorm", "adam_clipvalue", "rmsprop_weight_decay",
               "sgd_exponential_decay", "sgd_piecewise", "sgd_polynomial", "sgd_inverse_time",
               "adam_cosine", "sgd_cosine_restarts"}

for _name, _make in _OPTIMIZERS.items():
    _fn = "" if _name in _EAGER_ONLY else f"""print('tf.function')
train(lambda: {_make}, True)
"""
    _s(f"trajectory_{_name}", _TRAIN + f"""
print('eager')
train(lambda: {_make}, False)
""" + _fn)


_s("optimizer_variables_after_steps", _TRAIN + """
for make in [lambda: tf.keras.optimizers.Adam(0.1, amsgrad=True, name='my_adam'),
             lambda: tf.keras.optimizers.SGD(0.1, momentum=0.5, name='my_sgd'),
             lambda: tf.keras.optimizers.Ftrl(0.1, name='my_ftrl')]:
    opt = train(make, False, steps=3, show_every=3)
    print([v.path for v in opt.variables])
    print([(v.name, v.shape, v.dtype) for v in opt.variables])
    print(opt.iterations)
    print(opt.learning_rate)
    print(opt.variables[-1])
""")

_s("optimizer_built_inside_function", _TRAIN + """
opt = train(lambda: tf.keras.optimizers.Adam(0.1, name='fn_adam'), True, steps=4, show_every=2)
print([v.path for v in opt.variables])
print(opt.iterations.numpy(), opt.variables[2].numpy(), opt.variables[3].numpy())
""")

_s("optimizer_build_and_apply", """
w = tf.Variable([1.0, 2.0], name='w')
b = tf.Variable(0.5, name='b')
opt = tf.keras.optimizers.RMSprop(0.1, momentum=0.9, name='rms')
print(opt.built, len(opt.variables))
opt.build([w, b])
print(opt.built, [v.path for v in opt.variables])
opt.apply([tf.constant([0.1, -0.2]), tf.constant(0.3)])
opt.apply([tf.constant([0.1, -0.2]), tf.constant(0.3)], [w, b])
print(w.numpy(), b.numpy(), opt.iterations.numpy())
r = opt.apply_gradients([(tf.constant([1.0, 1.0]), w), (tf.constant(-1.0), b)])
print(r)
print(w.numpy(), b.numpy())
try:
    opt.apply_gradients([(tf.constant(1.0), tf.Variable(1.0, name='other'))])
except ValueError as e:
    print('ValueError:', str(e).split('.')[0])
""")

_s("optimizer_learning_rate_variable", """
w = tf.Variable([1.0, -1.0], name='w')
opt = tf.keras.optimizers.SGD(0.1, momentum=0.5)
print(type(opt.learning_rate).__name__, float(opt.learning_rate.numpy()))
@tf.function
def step(g):
    opt.apply_gradients([(g, w)])
g = tf.constant([1.0, 2.0])
step(g); print(w.numpy())
opt.learning_rate = 0.01
step(g); print(w.numpy(), float(opt.learning_rate.numpy()))
opt.learning_rate.assign(1.0)
step(g); print(w.numpy())
for i in range(3):
    opt.learning_rate.assign(opt.learning_rate * 0.5)
    step(g)
print(w.numpy(), opt.learning_rate.numpy(), opt.iterations.numpy())
print(opt.get_config()['learning_rate'])
""")

_s("optimizer_schedule_learning_rate_property", """
sched = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5, name='ed')
opt = tf.keras.optimizers.Adam(sched)
w = tf.Variable([1.0, 2.0])
for i in range(3):
    print(float(opt.learning_rate))
    opt.apply_gradients([(tf.constant([0.5, -0.5]), w)])
print(w.numpy(), len(opt.variables))
print(opt.get_config()['learning_rate'])
try:
    opt.learning_rate = 0.1
except TypeError as e:
    print('TypeError:', e)
""")

_s("optimizer_tf_variable_learning_rate", """
try:
    tf.keras.optimizers.SGD(learning_rate=1)
except ValueError as e:
    print('ValueError:', e)
try:
    tf.keras.optimizers.SGD(learning_rate=0.1, clipnorm=1.0, clipvalue=1.0)
except ValueError as e:
    print('ValueError:', e)
try:
    tf.keras.optimizers.SGD(momentum=2.0)
except ValueError as e:
    print('ValueError:', e)
try:
    tf.keras.optimizers.AdamW(weight_decay=None)
except ValueError as e:
    print('ValueError:', e)
try:
    tf.keras.optimizers.Adam(foo=1)
except ValueError as e:
    print('ValueError:', e)
""")

_s("optimizer_none_gradients_warn", """
import warnings
w = tf.Variable([1.0, 2.0], name='w')
b = tf.Variable(3.0, name='b')
c = tf.Variable(4.0, name='c')
opt = tf.keras.optimizers.Adam(0.1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    opt.apply_gradients(zip([tf.constant([0.1, 0.2]), None, None], [w, b, c]))
print([(x.category.__name__, str(x.message)) for x in caught])
print(w.numpy(), b.numpy(), c.numpy(), opt.iterations.numpy())
try:
    opt.apply_gradients(zip([None, None, None], [w, b, c]))
except ValueError as e:
    print('ValueError:', e)
print(opt.iterations.numpy())
""")

_s("optimizer_no_minimize", """
opt = tf.keras.optimizers.SGD()
print(hasattr(opt, 'minimize'))
opt.minimize
""")

_s("optimizer_indexed_slices_gradients", """
for make in [lambda: tf.keras.optimizers.SGD(0.1),
             lambda: tf.keras.optimizers.SGD(0.1, momentum=0.9),
             lambda: tf.keras.optimizers.Adam(0.1),
             lambda: tf.keras.optimizers.Adagrad(0.1)]:
    e = tf.Variable(np.arange(8, dtype=np.float32).reshape(4, 2))
    opt = make()
    for i in range(3):
        g = tf.IndexedSlices(tf.constant([[1.0, -1.0], [0.5, 2.0]]), tf.constant([0, 2]),
                             tf.constant([4, 2]))
        opt.apply_gradients([(g, e)])
    print(e.numpy().ravel())
""")

_s("optimizer_get_config", """
print(sorted(tf.keras.optimizers.Adam(0.01, name='a').get_config().items()))
print(sorted(tf.keras.optimizers.SGD(0.01, momentum=0.5, nesterov=True, name='s').get_config().items()))
print(sorted(tf.keras.optimizers.RMSprop(name='r').get_config().items()))
print(sorted(tf.keras.optimizers.Ftrl(name='f').get_config().items()))
print(sorted(tf.keras.optimizers.Lion(name='l').get_config().items()))
print(tf.keras.optimizers.Adadelta().learning_rate.numpy(), tf.keras.optimizers.Adagrad().epsilon,
      tf.keras.optimizers.AdamW().weight_decay, tf.keras.optimizers.SGD().learning_rate.numpy())
""")

# --- schedules ---------------------------------------------------------------------------

_s("schedules_values", """
S = tf.keras.optimizers.schedules
scheds = [S.ExponentialDecay(0.1, 3, 0.7), S.ExponentialDecay(0.1, 3, 0.7, staircase=True),
          S.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1]),
          S.PolynomialDecay(0.1, 5), S.PolynomialDecay(0.1, 5, 0.01, power=0.5, cycle=True),
          S.InverseTimeDecay(0.1, 2, 0.5), S.InverseTimeDecay(0.1, 2, 0.5, staircase=True),
          S.CosineDecay(0.1, 8), S.CosineDecay(0.1, 8, alpha=0.2),
          S.CosineDecay(0.0, 6, warmup_target=0.1, warmup_steps=3),
          S.CosineDecayRestarts(0.1, 3), S.CosineDecayRestarts(0.1, 2, t_mul=1.0, m_mul=0.5),
          S.CosineDecayRestarts(0.1, 2, t_mul=1.5, alpha=0.1)]
for s in scheds:
    print(type(s).__name__, [round(float(s(i)), 7) for i in range(12)])
    print(s(tf.constant(4)))
""")

_s("schedules_in_function_and_config", """
S = tf.keras.optimizers.schedules
s = S.CosineDecay(0.1, 8, warmup_target=0.2, warmup_steps=2)
@tf.function
def f(step):
    return s(step)
print([round(float(f(tf.constant(i))), 6) for i in range(6)])
for s in [S.ExponentialDecay(0.1, 3, 0.7), S.PiecewiseConstantDecay([3, 6], [1.0, 0.5, 0.1]),
          S.PolynomialDecay(0.1, 5), S.InverseTimeDecay(0.1, 2, 0.5), S.CosineDecay(0.1, 8),
          S.CosineDecayRestarts(0.1, 3)]:
    print(sorted(s.get_config().items()))
    print(float(type(s).from_config(s.get_config())(3)))
print(isinstance(s, S.LearningRateSchedule))
try:
    S.ExponentialDecay(0.1, 0, 0.5)
except ValueError as e:
    print('ValueError:', e)
""")

# --- losses ------------------------------------------------------------------------------

_s("losses_regression", """
y_true = tf.constant([[0.0, 1.0, 2.0], [1.0, 1.0, -1.0]])
y_pred = tf.constant([[0.5, 1.0, 4.0], [0.0, 3.0, -1.5]])
sw = tf.constant([0.25, 2.0])
for cls in [tf.keras.losses.MeanSquaredError, tf.keras.losses.MeanAbsoluteError,
            tf.keras.losses.Huber]:
    for red in ['sum_over_batch_size', 'sum', 'none']:
        loss = cls(reduction=red)
        print(cls.__name__, red, loss(y_true, y_pred).numpy(),
              loss(y_true, y_pred, sample_weight=sw).numpy())
print(tf.keras.losses.Huber(delta=0.5)(y_true, y_pred).numpy())
print(tf.keras.losses.mse(y_true, y_pred).numpy(), tf.keras.losses.MSE is tf.keras.losses.mse)
print(tf.keras.losses.mae(y_true, y_pred).numpy(), hasattr(tf.keras.losses, 'mean_squared_error'))
print(tf.keras.losses.huber(y_true, y_pred, delta=2.0).numpy())
print(tf.keras.losses.MeanSquaredError()([1.0, 2.0], [1.5, 0.0]).numpy())
print(tf.keras.losses.MeanSquaredError()(y_true, y_pred, sample_weight=tf.constant([[1.0, 0.0, 2.0], [0.5, 0.5, 0.5]])).numpy())
print(tf.keras.losses.MeanSquaredError().get_config())
""")

_s("losses_binary_crossentropy", """
y_true = tf.constant([[0.0, 1.0], [1.0, 1.0], [0.0, 0.0]])
probs = tf.constant([[0.1, 0.8], [0.6, 1.0], [0.0, 0.3]])
logits = tf.constant([[-2.0, 1.5], [0.3, 20.0], [-30.0, -0.5]])
sw = tf.constant([1.0, 0.5, 2.0])
for red in ['sum_over_batch_size', 'sum', 'none']:
    print(red, tf.keras.losses.BinaryCrossentropy(reduction=red)(y_true, probs).numpy(),
          tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction=red)(y_true, logits, sample_weight=sw).numpy())
print(tf.keras.losses.BinaryCrossentropy(label_smoothing=0.2)(y_true, probs).numpy())
print(tf.keras.losses.binary_crossentropy(y_true, logits, from_logits=True).numpy())
print(tf.keras.losses.binary_crossentropy(y_true, probs).numpy())
print(sorted(tf.keras.losses.BinaryCrossentropy(from_logits=True).get_config().items()))
""")

_s("losses_categorical_crossentropy", """
y_true = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.2, 0.3, 0.5]])
probs = tf.constant([[0.1, 0.8, 0.1], [0.5, 0.25, 0.25], [0.0, 0.4, 0.6]])
logits = tf.constant([[1.0, 3.0, -1.0], [0.0, 0.5, 10.0], [-2.0, 2.0, 0.0]])
sw = tf.constant([2.0, 0.0, 1.0])
for red in ['sum_over_batch_size', 'sum', 'none']:
    print(red, tf.keras.losses.CategoricalCrossentropy(reduction=red)(y_true, probs).numpy(),
          tf.keras.losses.CategoricalCrossentropy(from_logits=True, reduction=red)(y_true, logits, sample_weight=sw).numpy())
print(tf.keras.losses.CategoricalCrossentropy(label_smoothing=0.1, from_logits=True)(y_true, logits).numpy())
print(tf.keras.losses.categorical_crossentropy(y_true, probs * 3.0).numpy())
print(tf.keras.losses.categorical_crossentropy(y_true, logits, from_logits=True).numpy())
""")

_s("losses_sparse_categorical_crossentropy", """
labels = tf.constant([1, 0, 2])
probs = tf.constant([[0.1, 0.8, 0.1], [0.5, 0.25, 0.25], [0.0, 0.4, 0.6]])
logits = tf.constant([[1.0, 3.0, -1.0], [0.0, 0.5, 10.0], [-2.0, 2.0, 0.0]])
sw = tf.constant([2.0, 0.0, 1.0])
for red in ['sum_over_batch_size', 'sum', 'none']:
    print(red, tf.keras.losses.SparseCategoricalCrossentropy(reduction=red)(labels, probs).numpy(),
          tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=red)(labels, logits, sample_weight=sw).numpy())
print(tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(tf.constant([[1], [0], [2]]), logits).numpy())
print(tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True).numpy())
print(tf.keras.losses.sparse_categorical_crossentropy(np.array([1.0, 0.0, 2.0]), probs).numpy())
print(tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0)(labels, logits).numpy())
""")

_s("losses_in_training_step", """
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
w = tf.Variable([[0.1, -0.2, 0.3], [0.4, 0.0, -0.1]])
x = tf.constant([[1.0, 2.0], [-1.0, 0.5], [0.3, 0.3], [2.0, -1.0]])
y = tf.constant([2, 0, 1, 1])
opt = tf.keras.optimizers.Adam(0.05)
@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, tf.matmul(x, w))
    opt.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
    return loss
for i in range(10):
    loss = step(x, y)
print(loss.numpy(), w.numpy())
try:
    tf.keras.losses.MeanSquaredError(reduction='avg')
except ValueError as e:  # the allowed values print as a set: in a random order
    print('ValueError:', str(e).split('}')[-1])
""")

# --- metrics -----------------------------------------------------------------------------

_s("metrics_mean_sum", """
m = tf.keras.metrics.Mean()
m.update_state([1.0, 2.0, 3.0])
print(m.result().numpy())
m.update_state([4.0], sample_weight=[2.0])
print(m.result().numpy(), [v.numpy() for v in m.variables])
m.update_state(tf.constant([[1.0, 2.0], [3.0, 5.0]]), sample_weight=tf.constant([1.0, 0.5]))
print(m.result().numpy())
m.reset_state()
print(m.result().numpy(), [v.name for v in m.variables], [v.path for v in m.variables])
print(m(5.0).numpy(), m(7.0).numpy())
s = tf.keras.metrics.Sum(name='my_sum')
s.update_state([1.0, 2.0, 3.0])
s.update_state(tf.constant([[1.0, 2.0], [3.0, 4.0]]), sample_weight=[0.5, 2.0])
print(s.result().numpy(), s.name, s.dtype)
s.reset_state()
print(s.result().numpy())
""")

_s("metrics_accuracy", """
a = tf.keras.metrics.Accuracy()
a.update_state([[1], [2], [3], [4]], [[0], [2], [3], [4]])
print(a.result().numpy())
a.update_state([1, 2], [1, 1], sample_weight=[3.0, 1.0])
print(a.result().numpy())
b = tf.keras.metrics.BinaryAccuracy()
b.update_state([[1.0], [1.0], [0.0], [0.0]], [[0.98], [0.3], [0.6], [0.1]])
print(b.result().numpy())
b2 = tf.keras.metrics.BinaryAccuracy(threshold=0.2)
b2.update_state([[1.0, 0.0], [0.0, 0.0]], [[0.3, 0.1], [0.25, 0.0]], sample_weight=[1.0, 3.0])
print(b2.result().numpy())
c = tf.keras.metrics.CategoricalAccuracy()
c.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0.0]])
print(c.result().numpy())
c.update_state([[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0.0]], sample_weight=[0.7, 0.3])
print(c.result().numpy())
sc = tf.keras.metrics.SparseCategoricalAccuracy()
sc.update_state([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0.0]])
print(sc.result().numpy())
sc.update_state(tf.constant([0, 1, 2]), tf.constant([[0.5, 0.5, 0.0], [0.2, 0.7, 0.1], [0.3, 0.3, 0.4]]), sample_weight=[1.0, 2.0, 0.0])
print(sc.result().numpy())
sc.reset_state()
print(sc.result().numpy(), sc.name, c.name, b.name, a.name)
""")

_s("metrics_in_function", """
loss_metric = tf.keras.metrics.Mean(name='train_loss')
acc = tf.keras.metrics.SparseCategoricalAccuracy(name='train_acc')
total = tf.keras.metrics.Sum()
@tf.function
def update(labels, logits, loss):
    loss_metric.update_state(loss)
    acc.update_state(labels, logits)
    total.update_state(loss)
    return acc.result()
logits = tf.constant([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
for i, labels in enumerate([tf.constant([1, 0, 0]), tf.constant([1, 1, 1]), tf.constant([0, 0, 1])]):
    r = update(labels, logits, tf.constant(float(i) + 0.5))
    print(r.numpy(), loss_metric.result().numpy(), total.result().numpy())
loss_metric.reset_state(); acc.reset_state()
print(loss_metric.result().numpy(), acc.result().numpy())
update(tf.constant([1, 0, 1]), logits, tf.constant(2.0))
print(acc.result().numpy(), loss_metric.result().numpy(), update.experimental_get_tracing_count())
""")


# ---------------------------------------------------------------------------
# Float tolerances (harness.Tolerance): each snippet that opts in, and why. The rtol
# (and float64 ulps) are the smallest that pass, measured against TF 2.21's records;
# every other snippet of the suite compares exactly.

_s("sparse_updates_in_function", """
# An embedding table's gradient is an IndexedSlices eagerly and inside tf.function, so
# Keras's optimizers update it as TF's do (a dense gradient gives other values: Adam's
# moments decay on every row), and their division by a dense tensor is tf.cond's.
def run(make, use_function):
    table = tf.Variable(np.linspace(-1., 1., 15, dtype=np.float32).reshape(5, 3))
    opt = make()
    ids = [tf.constant([0, 2, 0]), tf.constant([4, 1, 1]), tf.constant([2, 2, 3])]
    def step(i):
        with tf.GradientTape() as tape:
            e = tf.nn.embedding_lookup(table, i)
            loss = tf.reduce_sum((e * e - 0.25) ** 2)
        opt.apply_gradients([(tape.gradient(loss, table), table)])
        return loss
    if use_function:
        step = tf.function(step)
    for k in range(6):
        step(ids[k % 3])
    return table.numpy()

for name in ["SGD", "Adam", "Adagrad", "RMSprop", "Adadelta", "Nadam", "Adamax", "Lion"]:
    make = getattr(tf.keras.optimizers, name)
    kw = {"learning_rate": 0.1} if name != "Adadelta" else {"learning_rate": 1.0}
    eager, traced = run(lambda: make(**kw), False), run(lambda: make(**kw), True)
    print(name, np.array_equal(eager, traced))
    print(eager)
""")

from harness import Tolerance

_KERAS = ("float32 rounding, compounding over the steps: inside a tf.function TF's graph "
          "optimizations (grappler's rewrites, oneDNN kernels) round the step's sums "
          "differently from its eager ops, which tfcompat's tape follows in both modes (the "
          "eager halves compare exactly, except trajectory_sgd_clipnorm's and "
          "trajectory_sgd_exponential_decay's: the norm's and the decay's pow kernels)")
_SUM = "float32 summation order: TF's Eigen/oneDNN reductions and matmuls order their sums by the CPU's vector width, XLA by its own"

TOLERANCE = {
    'trajectory_adagrad': Tolerance(_KERAS, rtol=2e-07),
    'trajectory_adam': Tolerance(_KERAS, rtol=1e-06),
    'trajectory_adam_amsgrad': Tolerance(_KERAS, rtol=2e-07),
    'trajectory_adam_clipnorm': Tolerance(_KERAS, rtol=2e-07),
    'trajectory_adamax': Tolerance(_KERAS, rtol=5e-06),
    'trajectory_adamw': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_ftrl': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_ftrl_regularized': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_nadam': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_rmsprop': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_rmsprop_centered': Tolerance(_KERAS, rtol=2e-06),
    'trajectory_rmsprop_momentum': Tolerance(_KERAS, rtol=2e-07),
    'trajectory_sgd': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_sgd_cosine_warmup': Tolerance(_KERAS, rtol=5e-06),
    'trajectory_sgd_global_clipnorm': Tolerance(_KERAS, rtol=5e-07),
    'trajectory_sgd_momentum': Tolerance(_KERAS, rtol=5e-06),
    'trajectory_sgd_nesterov': Tolerance(_KERAS, rtol=1e-05),
    'trajectory_sgd_weight_decay': Tolerance(_KERAS, rtol=2e-06),
}
