"""Golden snippets for tf.Module, tf.name_scope and tf.train checkpoints (issue 6).

Same conventions as the other suites (``snippet_registry.py``). Checkpoint paths live in a
``tempfile.mkdtemp()`` directory and are printed as basenames; nothing prints addresses
or timestamps.
"""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


# ---------------------------------------------------------------------------
# tf.Module

_s("module_names", """
class MyDenseLayer(tf.Module):
    pass
class HTTPModel2D(tf.Module):
    pass
print(tf.Module().name, MyDenseLayer().name, HTTPModel2D().name, MyDenseLayer(name='x').name)
m = tf.Module(name='m')
print(m.name_scope.name)
with tf.name_scope('outer'):
    print(tf.Module(name='inner').name_scope.name)
try:
    tf.Module(name='a b')
except ValueError as e:
    print('ValueError:', e)
""")
_s("module_variables_order", """
m = tf.Module()
m.b = tf.Variable(1., name='b')
m.a = tf.Variable(2., name='a')
m.c = tf.Variable(3., name='c', trainable=False)
sub = tf.Module()
sub.s = tf.Variable(4., name='s')
m.sub = [sub]
print([v.name for v in m.trainable_variables])
print([v.name for v in m.variables])
print([v.name for v in m.non_trainable_variables])
print(type(m.variables).__name__, len(m.submodules))
""")
_s("module_discovery_containers", """
def mk(n):
    m = tf.Module(name=n)
    m.v = tf.Variable(0., name=n)
    return m
root = tf.Module(name='root')
root.z = mk('z')
root.lst = [mk('l0'), (mk('l1a'), mk('l1b'))]
root.dct = {'y': mk('dy'), 'x': mk('dx')}
root.a = mk('a')
root.a.deep = mk('deep')
root.alias = root.z
root.w = tf.Variable(1., name='w')
root.nested = {'k': [tf.Variable(2., name='nk')]}
print([m.name for m in root.submodules])
print([v.name for v in root.variables])
print(repr(root.lst)[:11], repr(root.dct)[:11])
""")
_s("module_cycle", """
a = tf.Module(name='a'); b = tf.Module(name='b')
a.b = b; b.a = a
a.v = tf.Variable(1., name='va'); b.v = tf.Variable(2., name='vb')
print([m.name for m in a.submodules], [v.name for v in a.variables])
""")
_s("module_name_scope_variables", """
class Dense(tf.Module):
    def __init__(self, n, name=None):
        super().__init__(name=name)
        with self.name_scope:
            self.w = tf.Variable(tf.ones([2, n]), name='w')
            self.b = tf.Variable(tf.zeros([n]), name='b')
    @tf.Module.with_name_scope
    def make(self):
        return tf.Variable(1., name='made')
class Seq(tf.Module):
    def __init__(self):
        super().__init__()
        with self.name_scope:
            self.d1 = Dense(3)
            self.d2 = Dense(1, name='last')
s = Seq()
print([v.name for v in s.variables])
print(s.d1.make().name, s.d1.name_scope.name, s.d2.name_scope.name)
print(Seq.__name__, Dense.make.__name__)
""")
_s("name_scope_basics", """
with tf.name_scope('a') as scope:
    print(repr(scope), tf.Variable(1.).name, tf.Variable(1., name='k').name)
    with tf.name_scope('b') as inner:
        print(repr(inner), tf.Variable(1., name='k').name)
    with tf.name_scope('a') as again:
        print(repr(again))
    with tf.name_scope('abs/') as absolute:
        print(repr(absolute), tf.Variable(1., name='k').name)
    with tf.name_scope('') as empty:
        print(repr(empty), tf.Variable(1., name='k').name)
print(tf.Variable(1., name='k').name, repr(tf.name_scope('x').name))
try:
    tf.name_scope(None)
except ValueError as e:
    print('ValueError:', e)
""")
_s("module_tf_function_method", """
class Dense(tf.Module):
    def __init__(self, i, o):
        super().__init__()
        self.w = tf.Variable(tf.reshape(tf.range(i * o, dtype=tf.float32), [i, o]) / 10.)
        self.b = tf.Variable(tf.ones([o]))
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)
class Model(tf.Module):
    def __init__(self):
        super().__init__(name='the_model')
        self.d1 = Dense(3, 3)
        self.d2 = Dense(3, 2)
    @tf.function
    def __call__(self, x):
        return self.d2(self.d1(x))
m = Model()
print(m([[2.0, 2.0, 2.0]]))
print(m(tf.constant([[1.0, -1.0, 0.5]])))
m.d1.b.assign([0., 0., -10.])
print(m(tf.constant([[1.0, -1.0, 0.5]])))
m2 = Model()
print(m2(tf.constant([[1.0, -1.0, 0.5]])))
print(m.__call__.experimental_get_tracing_count(), m2.__call__.experimental_get_tracing_count())
""")
_s("module_lazy_build_tf_function", """
class Flex(tf.Module):
    def __init__(self, out):
        super().__init__()
        self.out = out
        self.built = False
    @tf.function
    def __call__(self, x):
        if not self.built:
            self.w = tf.Variable(tf.ones([x.shape[-1], self.out]), name='w')
            self.built = True
        return tf.matmul(x, self.w)
f = Flex(2)
print(f(tf.constant([[1., 2.]])))
print([v.name for v in f.variables], f.trainable_variables[0].shape)
""")

# ---------------------------------------------------------------------------
# tf.train.Checkpoint and CheckpointManager

_PRE = """
import os, tempfile
d = tempfile.mkdtemp()
base = os.path.basename
"""

_s("checkpoint_save_write_paths", _PRE + """
c = tf.train.Checkpoint(v=tf.Variable(3.))
print(c.save_counter)
p1 = c.save(os.path.join(d, 'ck'))
p2 = c.save(os.path.join(d, 'ck'))
print(base(p1), base(p2), c.save_counter.numpy())
print(sorted(os.listdir(d)))
print(open(os.path.join(d, 'checkpoint')).read())
print(base(tf.train.latest_checkpoint(d)), tf.train.latest_checkpoint(os.path.join(d, 'none')))
w = c.write(os.path.join(d, 'w'))
print(base(w), c.save_counter.numpy(), base(tf.train.latest_checkpoint(d)))
print(tf.train.list_variables(p2))
print(tf.train.list_variables(w))
""")
_s("checkpoint_round_trip_module", _PRE + """
class Dense(tf.Module):
    def __init__(self, i, o):
        super().__init__()
        self.w = tf.Variable(tf.reshape(tf.range(i * o, dtype=tf.float32), [i, o]), name='w')
        self.b = tf.Variable(tf.zeros([o]), name='b')
class Seq(tf.Module):
    def __init__(self):
        super().__init__()
        self.dense_1 = Dense(3, 3)
        self.dense_2 = Dense(3, 2)
m = Seq()
path = tf.train.Checkpoint(model=m, step=tf.Variable(7, dtype=tf.int64)).write(os.path.join(d, 'my'))
print(base(path))
print(tf.train.list_variables(path))
m2 = Seq()
for v in m2.variables:
    v.assign(tf.zeros_like(v))
step = tf.Variable(0, dtype=tf.int64)
ck = tf.train.Checkpoint(model=m2, step=step)
status = ck.read(path)
print(type(status).__name__, step.numpy(), m2.dense_2.w.numpy().tolist())
print(status.assert_consumed() is status, status.expect_partial() is status)
r = tf.train.load_checkpoint(path)
key = 'model/dense_1/w/.ATTRIBUTES/VARIABLE_VALUE'
print(r.get_variable_to_shape_map()[key], r.get_variable_to_dtype_map()[key].name)
print(repr(r.get_tensor(key)))
print(r.get_variable_to_dtype_map()['step/.ATTRIBUTES/VARIABLE_VALUE'].name)
print(tf.train.load_variable(path, 'step/.ATTRIBUTES/VARIABLE_VALUE'))
try:
    r.get_tensor('model/dense_1/kernel/.ATTRIBUTES/VARIABLE_VALUE')
except tf.errors.NotFoundError as e:
    print('NotFoundError:', e)
""")
_s("checkpoint_deferred_restore", _PRE + """
class Flex(tf.Module):
    def __init__(self, out):
        super().__init__()
        self.out = out
        self.built = False
    def __call__(self, x):
        if not self.built:
            self.w = tf.Variable(tf.ones([x.shape[-1], self.out]), name='w')
            self.b = tf.Variable(tf.zeros([self.out]), name='b')
            self.built = True
        return tf.matmul(x, self.w) + self.b
m = Flex(2)
m(tf.constant([[1., 2.]]))
m.w.assign([[1., 2.], [3., 4.]]); m.b.assign([0.5, -0.5])
path = tf.train.Checkpoint(model=m).write(os.path.join(d, 'flex'))
m2 = Flex(2)
status = tf.train.Checkpoint(model=m2).restore(path)
print(m2.variables)
print(m2(tf.constant([[1., 2.]])))
print(m2.w.numpy().tolist())
status.assert_existing_objects_matched()
print('matched')
""")
_s("checkpoint_containers_deferred", _PRE + """
save = tf.train.Checkpoint()
save.listed = [tf.Variable(1.)]
save.listed.append(tf.Variable(2.))
save.mapped = {'one': save.listed[0]}
save.mapped['two'] = save.listed[1]
save_path = save.save(os.path.join(d, 'tf_list_example'))
print(base(save_path), repr(save.listed)[:10])
print(sorted(k for k, _ in tf.train.list_variables(save_path)))
restore = tf.train.Checkpoint()
v2 = tf.Variable(0.)
restore.mapped = {'two': v2}
restore.restore(save_path)
print(v2.numpy())
restore.listed = []
print(restore.listed)
v1 = tf.Variable(0.)
restore.listed.append(v1)
print(v1.numpy())
""")
_s("checkpoint_guide_fake_objects", _PRE + """
net = tf.Module()
net.l1 = tf.Module()
net.l1.bias = tf.Variable([1., 2., 3.])
net.l1.kernel = tf.Variable([[4., 5., 6.]])
manager = tf.train.CheckpointManager(tf.train.Checkpoint(net=net), d, max_to_keep=3)
manager.save()
to_restore = tf.Variable(tf.zeros([3]))
fake_layer = tf.train.Checkpoint(bias=to_restore)
fake_net = tf.train.Checkpoint(l1=fake_layer)
new_root = tf.train.Checkpoint(net=fake_net)
status = new_root.restore(tf.train.latest_checkpoint(d))
print(to_restore.numpy())
print(type(status.assert_existing_objects_matched()).__name__)
deferred = tf.Variable(tf.zeros([1, 3]))
print(deferred.numpy())
fake_layer.kernel = deferred
print(deferred.numpy())
""")
_s("checkpoint_status_assertions", _PRE + """
m = tf.Module(); m.a = tf.Variable(1.); m.b = tf.Variable(2.)
p = tf.train.Checkpoint(m=m).save(os.path.join(d, 'c'))
def show(f):
    try:
        print('ok', type(f()).__name__)
    except AssertionError as e:
        print('AssertionError:', e)
m2 = tf.Module(); m2.a = tf.Variable(0.)
s = tf.train.Checkpoint(m=m2).restore(p)
show(s.assert_consumed); show(s.assert_existing_objects_matched); s.expect_partial()
m3 = tf.Module(); m3.a = tf.Variable(0.); m3.b = tf.Variable(0.); m3.c = tf.Variable(0.)
s = tf.train.Checkpoint(m=m3).restore(p)
show(s.assert_consumed); show(s.assert_existing_objects_matched); s.expect_partial()
s = tf.train.Checkpoint().restore(None)
show(s.assert_consumed); show(s.assert_existing_objects_matched); show(s.expect_partial)
""")
_s("checkpoint_assert_consumed_names_an_unrestored_value", _PRE + """
# TF checks the live objects first, then the saved nodes that hold values in order: a
# node with children only (the optimizer here) is never the one named.
m = tf.Module(); m.w = tf.Variable([1., 2.])
opt = tf.keras.optimizers.SGD(0.1, momentum=0.9)
opt.apply_gradients([(tf.constant([1., 1.]), m.w)])
p = tf.train.Checkpoint(model=m, opt=opt, step=tf.Variable(3)).save(os.path.join(d, 'k'))
m2 = tf.Module(); m2.w = tf.Variable([0., 0.])
s = tf.train.Checkpoint(model=m2).restore(p)
try:
    s.assert_consumed()
except AssertionError as e:
    print('AssertionError:', e)
s.expect_partial()
m3 = tf.Module(); m3.w = tf.Variable([0., 0.]); m3.extra = tf.Variable(0.)
s = tf.train.Checkpoint(model=m3).restore(p)
try:
    s.assert_consumed()
except AssertionError as e:
    print('AssertionError:', str(e).split(':')[0])
s.expect_partial()
print(m2.w.numpy(), m3.w.numpy())
""")
_s("checkpoint_restore_errors", _PRE + """
m = tf.Module(); m.a = tf.Variable(1.)
p = tf.train.Checkpoint(m=m).write(os.path.join(d, 'c'))
m4 = tf.Module(); m4.a = tf.Variable([0., 1.])
try:
    tf.train.Checkpoint(m=m4).read(p)
except ValueError as e:
    print('ValueError:', e)
try:
    tf.train.Checkpoint(m=m).read(os.path.join(d, 'nope'))
except tf.errors.NotFoundError as e:
    print('NotFoundError:', str(e).replace(d, 'DIR'))
try:
    tf.train.Checkpoint(m=m).restore(os.path.join(d, 'nope'))
except tf.errors.NotFoundError as e:
    print('NotFoundError:', str(e).replace(d, 'DIR'))
try:
    tf.train.Checkpoint(m=3)
except ValueError as e:
    print('ValueError:', e)
""")
_s("checkpoint_manager", _PRE + """
step = tf.Variable(1)
ckpt = tf.train.Checkpoint(step=step)
manager = tf.train.CheckpointManager(ckpt, os.path.join(d, 'tf_ckpts'), max_to_keep=3)
print(manager.latest_checkpoint, manager.checkpoints)
for _ in range(5):
    step.assign_add(1)
    print(base(manager.save()))
print([base(p) for p in manager.checkpoints], base(manager.latest_checkpoint))
print(sorted(os.listdir(os.path.join(d, 'tf_ckpts'))))
print(base(tf.train.latest_checkpoint(os.path.join(d, 'tf_ckpts'))))
step2 = tf.Variable(0)
ckpt2 = tf.train.Checkpoint(step=step2)
manager2 = tf.train.CheckpointManager(ckpt2, os.path.join(d, 'tf_ckpts'), max_to_keep=3)
print(base(manager2.latest_checkpoint), [base(p) for p in manager2.checkpoints])
ckpt2.restore(manager2.latest_checkpoint)
print(step2.numpy(), ckpt2.save_counter.numpy())
print(base(manager2.save()), [base(p) for p in manager2.checkpoints])
print(base(manager2.save(checkpoint_number=100)))
state = tf.train.get_checkpoint_state(os.path.join(d, 'tf_ckpts'))
print(base(state.model_checkpoint_path), [base(p) for p in state.all_model_checkpoint_paths])
m = tf.train.CheckpointManager(tf.train.Checkpoint(step=step), os.path.join(d, 'all'), max_to_keep=None)
for _ in range(4):
    m.save()
print([base(p) for p in m.checkpoints])
""")
_s("checkpoint_reader_scalars", """
# CheckpointReader.get_tensor (and tf.train.load_variable) give a scalar as NumPy's scalar
# (bytes for a string), arrays as arrays.
import os, tempfile
path = tf.train.Checkpoint(
    a=tf.Variable(3), b=tf.Variable([1.0, 2.0]), s=tf.Variable(b"hi"),
    f=tf.Variable(2.5, dtype=tf.float64)).save(os.path.join(tempfile.mkdtemp(), "c"))
reader = tf.train.load_checkpoint(path)
for name in "absf":
    key = name + "/.ATTRIBUTES/VARIABLE_VALUE"
    value = reader.get_tensor(key)
    print(name, repr(value), type(value).__name__,
          type(tf.train.load_variable(path, key)).__name__)
""")

_s("checkpoint_manager_interval_preserve_and_init", r"""
import os, tempfile, time
d = tempfile.mkdtemp()
v = tf.Variable(1.0)
step = tf.Variable(0, dtype=tf.int64)
ck = tf.train.Checkpoint(v=v, step=step)
m = tf.train.CheckpointManager(ck, d, max_to_keep=2, step_counter=step, checkpoint_interval=3)
for i in range(10):
    step.assign(i)
    p = m.save()
    print(i, p and os.path.relpath(p, d), [os.path.relpath(c, d) for c in m.checkpoints])
print(m.save(check_interval=False), m.checkpoint_interval)
step.assign(100)
print(os.path.relpath(m.save(checkpoint_number=tf.Variable(7, dtype=tf.int64)), d))
print(sorted(os.listdir(d)))
m2 = tf.train.CheckpointManager(ck, d, max_to_keep=1, keep_checkpoint_every_n_hours=1e-9)
print([os.path.relpath(c, d) for c in m2.checkpoints], os.path.relpath(m2.latest_checkpoint, d))
for i in range(3):
    time.sleep(0.01)
    m2.save()
print(len([f for f in os.listdir(d) if f.endswith(".index")]), [os.path.relpath(c, d) for c in m2.checkpoints])
v.assign(5.0)
print(os.path.relpath(m2.restore_or_initialize(), d), v.numpy())
called = []
def init():
    called.append(1)
m3 = tf.train.CheckpointManager(ck, tempfile.mkdtemp(), max_to_keep=None, init_fn=init)
print(m3.restore_or_initialize(), called, m3.sync())
for bad in [dict(max_to_keep=0), dict(max_to_keep=2, checkpoint_interval=2)]:
    try:
        tf.train.CheckpointManager(ck, d, **bad)
    except ValueError as e:
        print(e)
""")
