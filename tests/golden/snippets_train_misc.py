"""Golden snippets: tf.train.ExponentialMovingAverage (shadow variables: names, values,
trainable, update math bit for bit, num_updates, a Variable decay, tf.function, checkpoints,
Keras weights, MirroredStrategy, errors) and the smaller tf.train / tf.config /
tf.debugging / tf.saved_model / tf.compat / tf.sysconfig names.

Shadow-variable names count per process (TF's variable-scope store), so each snippet
averages variables of its own names."""
import textwrap

from snippet_registry import FRESH, Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


# -- tf.train.ExponentialMovingAverage ----------------------------------------------------

_s("ema_shadow_variables", """
v = tf.Variable([1.0, 2.0], name="ema_a")
w = tf.Variable(3.0, name="ema_a")
ema = tf.train.ExponentialMovingAverage(0.9)
print(ema.name, ema.apply([v, w]))
a, b = ema.average(v), ema.average(w)
print(a.name, b.name, a.trainable, b.trainable, a.dtype, b.dtype, a.shape, b.shape)
print(repr(a))
print(repr(b))
print(ema.average_name(v), ema.average_name(w))
u = tf.Variable(1.0, name="ema_a_u")
print(ema.average_name(u), ema.average(u))
ema2 = tf.train.ExponentialMovingAverage(0.5, name="Slow")
print(ema2.name, ema2.average_name(v))
ema2.apply([v])
print(ema2.average(v).name, ema2.average_name(v))
ema3 = tf.train.ExponentialMovingAverage(0.9)
print(ema3.average_name(v))
ema3.apply([v])
print(ema3.average(v).name, ema3.average_name(v))
with tf.name_scope("outer"):
    x = tf.Variable(1.0, name="ema_a_x")
    ema.apply([x])
    print(ema.average(x).name)
print(ema.average(x).name, ema.average(x) is ema.average(x))
sh = ema.average(v)
ema4 = tf.train.ExponentialMovingAverage(0.9)
ema4.apply([sh])
print(ema4.average(sh).name)
print(ema.apply([]), ema.apply(), ema.apply([v, v]))
print(a.numpy())
""")

_s("ema_update_math_float32_bits", """
rng = np.random.RandomState(0)
z = tf.Variable(rng.randn(6).astype(np.float32), name="ema_b")
e = tf.train.ExponentialMovingAverage(0.937)
e.apply([z])
for i in range(5):
    z.assign(rng.randn(6).astype(np.float32))
    e.apply([z])
    print(e.average(z).numpy().tolist())
v = tf.Variable([1.0, 2.0], name="ema_b_v")
e = tf.train.ExponentialMovingAverage(0.9)
e.apply([v])
v.assign([2.0, 5.0])
e.apply([v])
print(e.average(v).numpy().tolist())
e.apply([v]); e.apply([v])
print(e.average(v).numpy().tolist())
""")

_s("ema_update_math_dtypes", """
for dt in [tf.float64, tf.float16, tf.bfloat16, tf.float32]:
    x = tf.Variable(tf.constant([0.1, 0.7, 3.3], dt), name="ema_c")
    e = tf.train.ExponentialMovingAverage(0.9)
    e.apply([x]); x.assign(x * 3); e.apply([x]); e.apply([x])
    print(repr(e.average(x)))
    print(e.average(x).numpy().tolist())
x = tf.Variable(tf.constant([0.1, 0.7], tf.float64), name="ema_c64")
e = tf.train.ExponentialMovingAverage(tf.constant(0.3))
e.apply([x]); x.assign([1.0, 2.0]); e.apply([x])
print(e.average(x).numpy().tolist())
""")

_s("ema_decay_variable_num_updates_zero_debias", """
d = tf.Variable(0.5)
e = tf.train.ExponentialMovingAverage(d)
y = tf.Variable(1.0, name="ema_d")
e.apply([y]); y.assign(3.0); e.apply([y]); print(e.average(y).numpy())
d.assign(0.25); e.apply([y]); print(e.average(y).numpy())
e = tf.train.ExponentialMovingAverage(0.9, zero_debias=True)
e.apply([y]); y.assign(5.0); e.apply([y]); print(e.average(y).numpy())
for n in [0, 3, 100, tf.constant(2), tf.constant(7, tf.int64), tf.constant(1.5, tf.float64)]:
    e = tf.train.ExponentialMovingAverage(0.9, num_updates=n)
    y.assign(1.0); e.apply([y]); y.assign(7.0); e.apply([y])
    print(e.average(y).numpy().tolist())
step = tf.Variable(0, dtype=tf.int64)
e = tf.train.ExponentialMovingAverage(0.99, num_updates=step)
w = tf.Variable([1.0, 2.0], name="ema_d_w")
e.apply([w])
for i in range(4):
    w.assign_add([0.5, 1.5]); step.assign_add(1); e.apply([w])
    print(e.average(w).numpy().tolist())
""")

_s("ema_in_tf_function", """
v = tf.Variable([1.0, 2.0], name="ema_e")
step = tf.Variable(0, dtype=tf.int64)
ema = tf.train.ExponentialMovingAverage(0.99, num_updates=step)
@tf.function
def train():
    v.assign_add([0.5, 1.5])
    step.assign_add(1)
    op = ema.apply([v])
    print("traced", type(op).__name__, op.name)
    return ema.average(v).read_value()
for i in range(3):
    print(train().numpy().tolist())
print(ema.average(v).name, ema.average(v).trainable)
print(train.experimental_get_tracing_count())
w = tf.Variable(2.0, name="ema_e_w")
e3 = tf.train.ExponentialMovingAverage(0.75)
@tf.function
def f(a):
    w.assign(a)
    e3.apply([w])
    return e3.average(w) * 1.0
print(f(tf.constant(4.0)).numpy(), f(tf.constant(8.0)).numpy())
print(e3.average(w).name, e3.average(w).numpy(), f.experimental_get_tracing_count())
e4 = tf.train.ExponentialMovingAverage(0.5)
u = tf.Variable([4.0], name="ema_e_u")
e4.apply([u])
@tf.function
def g():
    u.assign_add([2.0])
    e4.apply([u])
g(); g()
print(e4.average(u).numpy().tolist())
""")

_s("ema_jit_compile_and_tape", """
v = tf.Variable([1.0, 2.0], name="ema_j")
ema = tf.train.ExponentialMovingAverage(0.9)
@tf.function(jit_compile=True)
def f():
    v.assign_add([1.0, 1.0])
    ema.apply([v])
    return ema.average(v) + 0.0
print(f().numpy(), f().numpy())
with tf.GradientTape() as t:
    w = tf.Variable(3.0, name="ema_j_w")
    e2 = tf.train.ExponentialMovingAverage(0.5)
    e2.apply([w])
    y = e2.average(w) * w
print(t.gradient(y, [w, e2.average(w)]))
print(t.watched_variables())
with tf.GradientTape() as t:
    w.assign(5.0)
    e2.apply([w])
    y = e2.average(w) * 2.0
print(t.gradient(y, [w, e2.average(w)]), e2.average(w).numpy())
""")

_s("ema_checkpoint", """
import os, tempfile
d = tempfile.mkdtemp()
v = tf.Variable([1.0, 2.0], name="ema_f")
e = tf.train.ExponentialMovingAverage(0.5)
e.apply([v]); v.assign([3.0, 6.0]); e.apply([v])
ck = tf.train.Checkpoint(w=[v], avg=[e.average(v)])
p = ck.save(os.path.join(d, "ck"))
print([n for n, s in tf.train.list_variables(p)])
print(tf.train.load_variable(p, "avg/0/.ATTRIBUTES/VARIABLE_VALUE"))
v2 = tf.Variable([0.0, 0.0], name="ema_f")
tf.train.Checkpoint(avg=[v2]).restore(p).expect_partial()
print(v2.numpy())
e2 = tf.train.ExponentialMovingAverage(0.5)
v3 = tf.Variable([0.0, 0.0], name="ema_f")
e2.apply([v3])
tf.train.Checkpoint(w=[v3], avg=[e2.average(v3)]).restore(p)
print(v3.numpy(), e2.average(v3).numpy(), e2.average(v3).name)
v3.assign(e2.average(v3))
print(v3.numpy())
""")

_s("ema_keras_weights", """
tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name="ema_dense")], name="ema_model")
ema = tf.train.ExponentialMovingAverage(0.9)
try:
    ema.apply(model.trainable_variables)
except Exception as e:
    print(type(e).__name__, e)
tvars = [w.value for w in model.trainable_variables]
print([v.name for v in tvars])
ema.apply(tvars)
print([ema.average(v).name for v in tvars])
opt = tf.keras.optimizers.SGD(0.1)
x = tf.constant(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
@tf.function
def step():
    with tf.GradientTape() as t:
        loss = tf.reduce_sum(model(x) ** 2)
    g = t.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(g, model.trainable_variables))
    ema.apply(tvars)
    return loss
for i in range(3):
    print(step().numpy())
print(ema.average(tvars[1]).numpy())
print(ema.average(tvars[0]).numpy())
""")

_s("ema_variables_to_restore", """
v = tf.Variable([1.0], name="ema_g")
w = tf.Variable(2.0, name="ema_g_w")
e = tf.train.ExponentialMovingAverage(0.9)
e.apply([v, w])
print(sorted(e.variables_to_restore([v, w, v]).keys()))
print(e.variables_to_restore([w])["ema_g_w/ExponentialMovingAverage"] is w)
u = tf.Variable(1.0, name="ema_g_u")
print(e.variables_to_restore([u]))
print(e.variables_to_restore([]))
fresh('''
v = tf.Variable([1.0], name="v")
w = tf.Variable(2.0, name="w")
e = tf.train.ExponentialMovingAverage(0.9)
print(e.variables_to_restore())
e.apply([v, w])
e2 = tf.train.ExponentialMovingAverage(0.9, name="Other")
r = e2.variables_to_restore()
print(sorted(r.keys()), r["v/Other"] is v)
r = e.variables_to_restore()
print(sorted(r.keys()), r["w/ExponentialMovingAverage"] is w)
''')
""", prelude=textwrap.dedent(FRESH).lstrip("\n"))

_s("ema_errors", """
e = tf.train.ExponentialMovingAverage(0.9)
for bad in [lambda: [tf.constant(1.0)], lambda: [tf.Variable(1, name="ema_h")],
            lambda: [tf.Variable(1.0 + 2j, name="ema_h_c")]]:
    try:
        e.apply(bad())
    except Exception as ex:
        print(type(ex).__name__, ex)
y = tf.Variable(1.0, name="ema_h_y")
try:
    tf.train.ExponentialMovingAverage(tf.constant(0.5, tf.float64)).apply([y])
except Exception as ex:
    print(type(ex).__name__, ex)
@tf.function
def f(t):
    return e.apply([t])
try:
    f(tf.constant(1.0))
except Exception as ex:
    print(type(ex).__name__, ex)
print(e.average(y), e.variables_to_restore([]))
""")

_s("ema_mirrored_strategy", """
fresh('''
tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():
    v = tf.Variable([1.0, 2.0], name="mv")
    ema = tf.train.ExponentialMovingAverage(0.5)
    ema.apply([v])
avg = ema.average(v)
print(type(avg).__name__, avg.name, avg.trainable)
print([t.numpy().tolist() for t in strategy.experimental_local_results(avg)])
@tf.function
def step():
    def fn():
        v.assign_add([1.0, 1.0])
        ema.apply([v])
    strategy.run(fn)
step(); step()
print([t.numpy().tolist() for t in strategy.experimental_local_results(avg)])
print(v.numpy().tolist())
with strategy.scope():
    v.assign([10.0, 10.0])
    ema.apply([v])
print([t.numpy().tolist() for t in strategy.experimental_local_results(avg)])
''')
""", prelude=textwrap.dedent(FRESH).lstrip("\n"))

# -- tf.train: Coordinator, checkpoints_iterator, CheckpointOptions, CheckpointView --------

_s("coordinator", """
import threading, time
coord = tf.train.Coordinator()
print(coord.should_stop(), coord.joined)
def work(i):
    with coord.stop_on_exception():
        if i == 1:
            raise ValueError("boom")
        coord.wait_for_stop(5)
ts = [threading.Thread(target=work, args=(i,)) for i in range(3)]
for t in ts:
    t.start()
try:
    coord.join(ts)
except Exception as e:
    print("join", type(e).__name__, e)
print(coord.should_stop(), coord.joined)
try:
    coord.raise_requested_exception()
except Exception as e:
    print("raise", type(e).__name__, e)
coord.clear_stop()
print(coord.should_stop(), coord.joined)
coord.raise_requested_exception()
coord.request_stop(tf.errors.OutOfRangeError(None, None, "end"))
coord.join([])
print("clean", coord.should_stop())
c2 = tf.train.Coordinator()
print(c2.wait_for_stop(0.01))
c2.request_stop()
print(c2.wait_for_stop(0.01))
c2.join([])
try:
    c2.request_stop(ValueError("x"))
except Exception as e:
    print("after join", type(e).__name__, e)
try:
    c2.request_stop(("a", "b"))
except Exception as e:
    print("tuple", type(e).__name__, e)
t = threading.Thread(target=lambda: time.sleep(0.5), name="slow")
t.start()
c3 = tf.train.Coordinator()
c3.register_thread(t)
c3.request_stop()
try:
    c3.join(stop_grace_period_secs=0.01)
except Exception as e:
    print(type(e).__name__, e)
t.join()
c4 = tf.train.Coordinator(clean_stop_exception_types=(KeyError,))
c4.request_stop(KeyError("k"))
c4.join([])
c5 = tf.train.Coordinator(clean_stop_exception_types=(KeyError,))
try:
    raise tf.errors.OutOfRangeError(None, None, "oor")
except Exception as e:
    c5.request_stop(e)
try:
    c5.join([])
except Exception as e:
    print(type(e).__name__, e)
""")

_s("checkpoints_iterator", """
import os, tempfile
d = tempfile.mkdtemp()
print(list(tf.train.checkpoints_iterator(d, timeout=0.1)))
ck = tf.train.Checkpoint(v=tf.Variable(1.0))
ck.save(os.path.join(d, "ck"))
print([os.path.basename(p) for p in tf.train.checkpoints_iterator(d, timeout=0.2)])
n = [0]
def timeout_fn():
    n[0] += 1
    if n[0] == 1:
        ck.save(os.path.join(d, "ck"))
    return n[0] >= 2
print([os.path.basename(p) for p in tf.train.checkpoints_iterator(d, timeout=0.1, timeout_fn=timeout_fn)], n)
""")

_s("checkpoint_options", """
import copy, os, tempfile
o = tf.train.CheckpointOptions()
print(type(o).__name__, o.experimental_io_device, o.enable_async,
      o.experimental_enable_async_checkpoint, o.experimental_write_callbacks,
      o.experimental_sharding_callback, o.experimental_skip_slot_variables)
o = tf.train.CheckpointOptions(experimental_io_device="/job:localhost", enable_async=True,
                               experimental_write_callbacks=[])
print(o.experimental_io_device, o.enable_async, o.experimental_enable_async_checkpoint,
      o.experimental_write_callbacks)
o2 = copy.copy(o)
print(o2.experimental_io_device, o2.enable_async, o2.experimental_write_callbacks is o.experimental_write_callbacks)
fresh('''
import logging
class Show(logging.Handler):
    def emit(self, record):
        print(record.levelname, record.getMessage())
logging.getLogger("tensorflow").addHandler(Show())
print(tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True).enable_async)
print(tf.train.CheckpointOptions(experimental_enable_async_checkpoint=True).enable_async)
print(tf.config.experimental_functions_run_eagerly())
tf.config.experimental_run_functions_eagerly(False)
tf.config.experimental_run_functions_eagerly(False)
print(tf.guarantee_const(1))
''')
try:
    o.foo = 1
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.train.CheckpointOptions(experimental_write_callbacks=[lambda a, b: 1])
except Exception as e:
    print(type(e).__name__, repr(e))
try:
    tf.train.CheckpointOptions(experimental_sharding_callback=1)
except Exception as e:
    print(type(e).__name__, e)
d = tempfile.mkdtemp()
v = tf.Variable(2.0)
ck = tf.train.Checkpoint(v=v)
p = ck.save(os.path.join(d, "ck"), options=tf.train.CheckpointOptions(experimental_io_device="/job:localhost"))
v.assign(5.0)
ck.restore(p, options=tf.train.CheckpointOptions())
print(os.path.basename(p), v.numpy())
""", prelude=textwrap.dedent(FRESH).lstrip("\n"))

_s("checkpoint_view", """
import os, tempfile
d = tempfile.mkdtemp()
class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.a = tf.Variable(1.0)
        self.b = [tf.Variable(2.0), tf.Variable(3.0)]
        self.sub = tf.Module()
        self.sub.c = tf.Variable(4.0)
ck = tf.train.Checkpoint(model=M(), step=tf.Variable(1))
p = ck.save(os.path.join(d, "ck"))
v = tf.train.CheckpointView(p)
print(v.children(0))
print(v.children(1), v.children(5), v.children(9))
print(v.descendants())
m2 = M()
ck2 = tf.train.Checkpoint(model=m2)
matched = v.match(ck2)
print(sorted((k, type(o).__name__) for k, o in matched.items()))
print(matched[4] is m2.a, matched[9] is m2.sub.c)
overlap, only_ck, only_obj = v.diff(ck2)
print(sorted(overlap), only_ck, [type(o).__name__ for o in only_obj])
overlap, only_ck, only_obj = v.diff(tf.train.Checkpoint(model=tf.Module(), extra=tf.Variable(0.0)))
print(sorted(overlap), only_ck, [type(o).__name__ for o in only_obj])
try:
    v.match(1)
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.train.CheckpointView(os.path.join(d, "nope"))
except Exception as e:
    print(type(e).__name__, e.message.split(" for ")[0])
""")

# -- tf.config ------------------------------------------------------------------------------

_s("config_experimental_functions_run_eagerly", """
print(tf.config.experimental_functions_run_eagerly())
print(tf.config.experimental_run_functions_eagerly(True))
print(tf.config.experimental_functions_run_eagerly(), tf.config.functions_run_eagerly())
@tf.function
def f(x):
    return x.numpy() * 2
print(f(tf.constant(3)))
tf.config.experimental_run_functions_eagerly(False)
print(tf.config.functions_run_eagerly(), tf.config.experimental_functions_run_eagerly())
""")

_s("config_optimizer", """
print(sorted(n for n in dir(tf.config.optimizer) if not n.startswith("_")))
print(tf.config.optimizer.get_experimental_options())
print(repr(tf.config.optimizer.get_jit()))
for value in [True, "autoclustering", False, "foo", None]:
    tf.config.optimizer.set_jit(value)
    print(repr(value), repr(tf.config.optimizer.get_jit()))
try:
    tf.config.optimizer.set_experimental_options({"constant_folding": False, "disable_meta_optimizer": True,
                                                  "layout_optimizer": True, "min_graph_nodes": 5, "bogus": 1})
    print(tf.config.optimizer.get_experimental_options())
    tf.config.optimizer.set_experimental_options({"min_graph_nodes": 0, "disable_model_pruning": 1})
    print(tf.config.optimizer.get_experimental_options())
finally:
    tf.config.optimizer.set_experimental_options(
        {"constant_folding": None, "disable_meta_optimizer": False, "layout_optimizer": None,
         "min_graph_nodes": None, "disable_model_pruning": False})
print(tf.config.optimizer.get_experimental_options())
""")

# -- tf.debugging -------------------------------------------------------------------------

_s("traceback_filtering_and_is_numeric_tensor", """
print(tf.debugging.is_traceback_filtering_enabled())
print(tf.debugging.disable_traceback_filtering(), tf.debugging.is_traceback_filtering_enabled())
print(tf.debugging.enable_traceback_filtering(), tf.debugging.is_traceback_filtering_enabled())
values = [tf.constant(1), tf.constant("a"), tf.constant(True), 1, 1.0, tf.Variable(1.0),
          tf.constant([1.0]), tf.SparseTensor([[0]], [1.0], [2]), tf.ragged.constant([[1]]),
          tf.constant(1j), tf.constant(1, tf.uint64), tf.constant(1, tf.bfloat16), None, [1],
          np.array([1.0]), tf.constant(1, tf.uint32), tf.constant(1, tf.half)]
print([tf.debugging.is_numeric_tensor(x) for x in values])
@tf.function
def f(x):
    return tf.debugging.is_numeric_tensor(x), tf.debugging.is_numeric_tensor(tf.strings.as_string(x))
print(f(tf.constant(1.0)))
""")

_FRESH_PLACEMENT = FRESH.replace(
    'print(out.stdout, end="")',
    'for line in out.stdout.splitlines():\n        if "): /job:" not in line:\n'
    '            print(line)\n    for line in out.stderr.splitlines():\n'
    '        if "Executing op" in line and "_EagerConst" not in line:\n'
    '            print(line[line.index("Executing op"):])').replace(
    'TF_CPP_MIN_LOG_LEVEL="3"', 'TF_CPP_MIN_LOG_LEVEL="0"')   # (TF logs placements at INFO)

# (tfcompat logs the ops it runs through its op path; TF also logs _EagerConst for each
# tf.constant and its placer's lines on stdout for each new kernel, filtered out here.)
_s("log_device_placement", """
fresh('''
print(tf.debugging.get_log_device_placement())
tf.debugging.set_log_device_placement(True)
print(tf.debugging.get_log_device_placement())
a = tf.constant([1.0, 2.0])
b = tf.exp(a)
b = tf.exp(a)
c = a * a
tf.debugging.set_log_device_placement(False)
print(tf.debugging.get_log_device_placement())
d = tf.math.log(c)
''')
fresh('''
a = tf.constant([1.0, 2.0])
tf.debugging.set_log_device_placement(True)
print(tf.debugging.get_log_device_placement())
b = tf.exp(a)
''')
""", prelude=textwrap.dedent(_FRESH_PLACEMENT).lstrip("\\n"))

_s("check_numerics_eager", """
import math
tf.debugging.enable_check_numerics()
try:
    x = tf.constant([0.0, 1.0])
    print(tf.math.log(x + 1.0))
    for f in [lambda: tf.math.log(x), lambda: tf.constant([1.0, 2.0]) / tf.constant([0.0, 1.0]),
              lambda: tf.constant([np.nan, np.inf, -np.inf, 1.0]) * tf.constant(2.0),
              lambda: tf.constant(np.float64(np.nan)) + 1,
              lambda: tf.constant([[1.0], [0.0]]) / 0.0,
              lambda: tf.math.sqrt(tf.constant([-1.0], tf.float16)),
              lambda: tf.math.sqrt(tf.constant([-1.0], tf.bfloat16)),
              lambda: tf.exp(tf.constant([100.0, 1.0]))]:
        try:
            f()
            print("no error")
        except Exception as e:
            print(type(e).__name__, repr(str(e)))
    print(tf.constant([np.nan]), tf.fill([2], np.nan), tf.reshape(tf.constant([np.nan]), [1]))
    print(tf.maximum(tf.constant([np.nan]), 1.0), tf.constant(1, tf.int32) // 1)
    print(tf.math.sqrt(tf.constant([-1.0 + 0j]) * np.nan))
    with tf.GradientTape() as t:
        v = tf.constant([1.0, 4.0])
        t.watch(v)
        y = tf.reduce_sum(tf.sqrt(v))
    print(t.gradient(y, v))
    tf.debugging.enable_check_numerics()
finally:
    tf.debugging.disable_check_numerics()
tf.debugging.disable_check_numerics()
print(tf.math.log(0.0))
""")

_s("check_numerics_in_function", """
tf.debugging.enable_check_numerics()
try:
    @tf.function
    def f(x, p):
        y = tf.cond(p, lambda: tf.math.log(x), lambda: x * 2.0)
        z = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 1.5), [0, y])[1]
        return tf.reduce_sum(z)
    print(f(tf.constant([1.0, 2.0]), tf.constant(True)).numpy())
    print(f(tf.constant([1.0, 2.0]), tf.constant(False)).numpy())
    try:
        f(tf.constant([0.0, 2.0]), tf.constant(True))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
    @tf.function
    def g(x):
        return tf.sqrt(x) + 1.0
    print(g(tf.constant([4.0])).numpy())
    try:
        g(tf.constant([-1.0]))
    except Exception as e:
        lines = str(e).splitlines()
        print(type(e).__name__, lines[0], "|", lines[-1].split(" [Op:")[0])
finally:
    tf.debugging.disable_check_numerics()
print(g(tf.constant([4.0])).numpy())
@tf.function
def h(x):
    return tf.sqrt(x)
print(h(tf.constant([-1.0])).numpy())
""")

_s("check_numerics_per_thread", """
import threading
tf.debugging.enable_check_numerics()
try:
    out = []
    def work():
        try:
            out.append(tf.math.log(tf.constant(0.0)).numpy())
        except Exception as e:
            out.append(type(e).__name__)
    t = threading.Thread(target=work)
    t.start()
    t.join()
    print(out)
finally:
    tf.debugging.disable_check_numerics()
""")

# -- name scopes ----------------------------------------------------------------------------

_s("get_current_name_scope", """
print(repr(tf.get_current_name_scope()))
with tf.name_scope("a"):
    print(repr(tf.get_current_name_scope()))
    with tf.name_scope("b"):
        print(repr(tf.get_current_name_scope()))
    with tf.name_scope("b") as s:
        print(repr(tf.get_current_name_scope()), s)
    with tf.name_scope("c/"):
        print(repr(tf.get_current_name_scope()))
    with tf.name_scope(""):
        print(repr(tf.get_current_name_scope()))
    with tf.name_scope("a b") as s:
        print(repr(s))
@tf.function
def f():
    print(repr(tf.get_current_name_scope()))
    with tf.name_scope("a") as s:
        print(repr(tf.get_current_name_scope()), s)
    with tf.name_scope("a") as s:
        print(repr(tf.get_current_name_scope()), s)
        with tf.name_scope("b") as s:
            print(repr(tf.get_current_name_scope()), s)
        with tf.init_scope():
            print("init", repr(tf.get_current_name_scope()))
    with tf.name_scope("A") as s:
        print(repr(tf.get_current_name_scope()), s)
    x = tf.constant(1.0, name="a_2")
    with tf.name_scope("a") as s:
        print(repr(tf.get_current_name_scope()), s)
    with tf.name_scope("x/") as s:
        print("abs", s, repr(tf.get_current_name_scope()))
    with tf.name_scope("x") as s:
        print("rel", s)
    for n in ["a b", "-x", "x:y"]:
        try:
            with tf.name_scope(n):
                pass
        except ValueError as e:
            print(type(e).__name__, e)
    with tf.name_scope("ok"):
        with tf.name_scope("-in") as s:
            print(repr(s))
        try:
            with tf.name_scope("in:x"):
                pass
        except ValueError as e:
            print(type(e).__name__, e)
    return 1
f()
@tf.function
def g(p):
    def t():
        with tf.name_scope("a") as s:
            print("true", s)
        with tf.name_scope("a") as s:
            print("true", s)
        return 1.0
    def fl():
        with tf.name_scope("a") as s:
            print("false", s)
        return 2.0
    with tf.name_scope("a") as s:
        print("outer", s)
    r = tf.cond(p, t, fl)
    def body(i):
        with tf.name_scope("a") as s:
            print("body", s, tf.get_current_name_scope())
        return i + 1
    tf.while_loop(lambda i: i < 3, body, [0])
    return r
g(tf.constant(True))
""")

# -- smaller names --------------------------------------------------------------------------

_s("timestamp_and_guarantee_const", """
t = tf.timestamp()
print(t.dtype, t.shape, type(t.numpy()).__name__, t.numpy() > 1.7e9)
@tf.function
def f():
    a = tf.timestamp()
    b = tf.timestamp()
    return a, b, b >= a
a, b, c = f()
a2, _, _ = f()
print(a.dtype, c.numpy(), a.numpy() > 1.7e9, a2.numpy() > a.numpy(), a2.numpy() - a.numpy() < 60)
with tf.GradientTape() as tape:
    x = tf.constant(1.0, tf.float64)
    tape.watch(x)
    y = tf.timestamp() * x
print(tape.gradient(y, x) is not None)
x = tf.constant([1.0, 2.0])
print(tf.guarantee_const(x))
print(tf.guarantee_const(tf.constant("s")), tf.guarantee_const([1, 2]), tf.guarantee_const(tf.Variable(1.0)))
print(tf.guarantee_const(tf.constant([1, 2], tf.int64), name="gc"))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.guarantee_const(x) * 2)
try:
    tape.gradient(y, x)
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def h(x):
    return tf.guarantee_const(x) * 3
print(h(x))
print(tf.dtypes.saturate_cast is tf.saturate_cast, tf.dtypes.saturate_cast(tf.constant([-300.0, 5.5, 300.0]), tf.uint8))
""")

_s("saved_model_constants", """
sm = tf.saved_model
for n in ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_METHOD_NAME",
          "CLASSIFY_OUTPUT_CLASSES", "CLASSIFY_OUTPUT_SCORES", "DEBUG_DIRECTORY",
          "DEBUG_INFO_FILENAME_PB", "DEFAULT_SERVING_SIGNATURE_DEF_KEY", "GPU", "PREDICT_INPUTS",
          "PREDICT_METHOD_NAME", "PREDICT_OUTPUTS", "REGRESS_INPUTS", "REGRESS_METHOD_NAME",
          "REGRESS_OUTPUTS", "SAVED_MODEL_FILENAME_PB", "SAVED_MODEL_FILENAME_PBTXT",
          "SAVED_MODEL_SCHEMA_VERSION", "SERVING", "TPU", "TRAINING", "VARIABLES_DIRECTORY",
          "VARIABLES_FILENAME"]:
    print(n, repr(getattr(sm, n)))
""")

_s("compat_forward_compatibility", """
print(tf.compat.forward_compatible(2020, 1, 1), tf.compat.forward_compatible(2026, 1, 15),
      tf.compat.forward_compatible(2026, 1, 16), tf.compat.forward_compatible(2030, 1, 1))
with tf.compat.forward_compatibility_horizon(2030, 1, 1):
    print(tf.compat.forward_compatible(2029, 12, 31), tf.compat.forward_compatible(2030, 1, 1))
print(tf.compat.forward_compatible(2029, 12, 31))
with tf.compat.forward_compatibility_horizon(2020, 1, 1):
    print(tf.compat.forward_compatible(2026, 1, 15))
print(tf.compat.v2.constant is tf.constant, tf.compat.v2.function is tf.function)
""")

_s("sysconfig", """
print(sorted(n for n in dir(tf.sysconfig) if not n.startswith("_")))
print(tf.sysconfig.get_build_info())
print(tf.sysconfig.CXX11_ABI_FLAG, tf.sysconfig.CXX_VERSION, tf.sysconfig.MONOLITHIC_BUILD)
""")

_s("name_scope_of_a_function_under_an_eager_scope", """
vs = []
@tf.function
def f(x):
    print('trace scope', repr(tf.get_current_name_scope()))
    with tf.name_scope("a"):
        print('inner', repr(tf.get_current_name_scope()))
        if not vs:
            vs.append(tf.Variable(1.0, name="v"))
    with tf.init_scope():
        print('init', repr(tf.get_current_name_scope()))
    return x + vs[0]
with tf.name_scope("outer"):
    print(f(tf.constant(1.0)), vs[0].name, repr(tf.get_current_name_scope()))
    w = tf.Variable(2.0, name="w")
print(w.name, repr(tf.get_current_name_scope()))
""")
