"""Golden snippets: a tf.data iterator in a checkpoint (its ITERATOR_STATE): saved at
several positions (before any element, mid-epoch of repeat, at the end), restored into a
new iterator of a new dataset and of the same dataset; shuffle with and without seeds
(an unseeded one restored into its own dataset continues exactly as the original would,
into a new one it continues the saved epoch), Dataset.random, sample_from_datasets,
batch, map of stateless random ops, filter, zip, prefetch, interleave; with
CheckpointManager; iterators read inside tf.function then saved eagerly; the keys and
dtypes tf.train.load_checkpoint lists; the errors of stateful pipelines and of a state
restored into another pipeline. (The length of the variant ITERATOR_STATE is TF's
runtime's own: not printed.)"""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
import tempfile
_dir = tempfile.mkdtemp()
_n = [0]
def save(it):
    _n[0] += 1
    return tf.train.Checkpoint(iterator=it).write(f'{_dir}/ckpt{_n[0]}')
def restore(it, path):
    return tf.train.Checkpoint(iterator=it).read(path)
def tolist(t):
    return np.asarray(t.numpy()).tolist()
def take(it, n):
    return [tf.nest.map_structure(tolist, next(it)) for _ in range(n)]
def rest(it):
    return [tf.nest.map_structure(tolist, x) for x in it]
""")
_s = SNIPPETS.add


_s("range_positions", """
make = lambda: tf.data.Dataset.range(7)
for k in (0, 1, 3, 6, 7):
    it = iter(make())
    first = take(it, k)
    path = save(it)
    it2 = iter(make())
    restore(it2, path)
    print(k, first, rest(it2), rest(it))
""")

_s("repeat_batch_mid_epoch", """
make = lambda: tf.data.Dataset.range(5).repeat(3).batch(4)
for k in (0, 1, 2, 3):
    it = iter(make())
    first = take(it, k)
    path = save(it)
    it2 = iter(make())
    status = restore(it2, path)
    status.assert_consumed()
    print(k, first, rest(it2))
""")

_s("notebook_toy_dataset", """
def toy_dataset():
    inputs = tf.range(10.)[:, None]
    labels = inputs * 5. + tf.range(5.)[None, :]
    return tf.data.Dataset.from_tensor_slices(dict(x=inputs, y=labels)).repeat().batch(2)
it = iter(toy_dataset())
for _ in range(7):
    next(it)
ckpt = tf.train.Checkpoint(step=tf.Variable(1), iterator=it)
manager = tf.train.CheckpointManager(ckpt, f'{_dir}/tf_ckpts', max_to_keep=3)
path = manager.save()
print(path[len(_dir):])
expected = next(it)
it2 = iter(toy_dataset())
ckpt2 = tf.train.Checkpoint(step=tf.Variable(1), iterator=it2)
manager2 = tf.train.CheckpointManager(ckpt2, f'{_dir}/tf_ckpts', max_to_keep=3)
ckpt2.restore(manager2.latest_checkpoint).assert_consumed()
got = next(it2)
print(got['x'].numpy().ravel(), expected['x'].numpy().ravel())
print(got['y'].numpy()[0], got['y'].dtype, got['y'].shape)
reader = tf.train.load_checkpoint(f'{_dir}/tf_ckpts')
print(sorted(reader.get_variable_to_shape_map()))
dtypes = reader.get_variable_to_dtype_map()
print(sorted((k, v.name) for k, v in dtypes.items()))
print(sorted((k, v) for k, v in reader.get_variable_to_shape_map().items() if 'ITERATOR' not in k))
print(reader.has_tensor('iterator/.ATTRIBUTES/ITERATOR_STATE'))
print([name for name, _ in tf.train.list_variables(f'{_dir}/tf_ckpts')])
try:
    reader.get_tensor('iterator/.ATTRIBUTES/ITERATOR_STATE')
except Exception as e:
    print(type(e).__name__, e)
""")

_s("shuffle_seeded_reshuffle", """
tf.random.set_seed(7)
make = lambda: tf.data.Dataset.range(8).shuffle(5, seed=3).repeat(3)
for k in (0, 3, 8, 13):
    it = iter(make())
    first = take(it, k)
    path = save(it)
    it2 = iter(make())
    restore(it2, path)
    a, b = rest(it), rest(it2)
    print(k, first, a, a == b)
""")

_s("shuffle_global_seed", """
tf.random.set_seed(11)
ds = tf.data.Dataset.range(6).shuffle(6).repeat(2).batch(4)
it = iter(ds)
first = take(it, 1)
path = save(it)
tf.random.set_seed(11)
it2 = iter(tf.data.Dataset.range(6).shuffle(6).repeat(2).batch(4))
restore(it2, path)
a, b = rest(it), rest(it2)
print(first, a, a == b)
""")

_s("shuffle_unseeded", """
for reshuffle in (True, False):
    ds = tf.data.Dataset.range(12).shuffle(12, reshuffle_each_iteration=reshuffle).repeat(3)
    it = iter(ds)
    first = take(it, 5)
    path = save(it)
    a = rest(it)                    # the original, continued
    it_same = iter(ds)              # restored into an iterator of the same dataset
    restore(it_same, path)
    b = rest(it_same)
    it_new = iter(tf.data.Dataset.range(12).shuffle(
        12, reshuffle_each_iteration=reshuffle).repeat(3))
    restore(it_new, path)           # into one of a new dataset: the saved epoch continues
    c = rest(it_new)
    print(len(a), a == b, a[:7] == c[:7], sorted(first + a[:7]) == list(range(12)))
    it_same2 = iter(ds)             # restored, then the original continued first
    restore(it_same2, path)
    it = iter(ds)
    restore(it, path)
    a2 = rest(it)
    print(a2 == a, rest(it_same2) == a)
""")

_s("shuffle_unseeded_before_first_element", """
ds = tf.data.Dataset.range(10).shuffle(10).repeat(2)
it = iter(ds)
path = save(it)
a = rest(it)
it2 = iter(ds)
restore(it2, path)
b = rest(it2)
print(len(a), a == b)
""")

_s("random_and_sample", """
tf.random.set_seed(5)
make = lambda: tf.data.Dataset.random(seed=4).take(6)
it = iter(make())
first = take(it, 2)
path = save(it)
it2 = iter(make())
restore(it2, path)
print(first, rest(it2), rest(it))
make = lambda: tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True).take(3).repeat(3)
it = iter(make())
first = take(it, 4)
path = save(it)
it2 = iter(make())
restore(it2, path)
a, b = rest(it), rest(it2)
print(first, a, a == b)
make = lambda: tf.data.Dataset.sample_from_datasets(
    [tf.data.Dataset.range(0, 10), tf.data.Dataset.range(100, 110)], weights=[0.3, 0.7], seed=8)
it = iter(make())
first = take(it, 5)
path = save(it)
it2 = iter(make())
restore(it2, path)
a, b = rest(it), rest(it2)
print(first, a, a == b)
""")

_s("map_filter_zip_prefetch", """
tf.random.set_seed(7)
def with_random(x):
    return x, tf.random.stateless_uniform([], seed=tf.stack([x, 1]), maxval=100,
                                          dtype=tf.int64)
def keep(x, r):
    return r % 3 != 0
def make():
    a = tf.data.Dataset.range(20).map(with_random).filter(keep)
    b = tf.data.Dataset.from_tensor_slices(tf.range(30, dtype=tf.int32)).shuffle(4, seed=2)
    return tf.data.Dataset.zip((a, b)).prefetch(2).batch(3)
it = iter(make())
first = take(it, 2)
path = save(it)
it2 = iter(make())
restore(it2, path)
a, b = rest(it), rest(it2)
print(first)
print(a, a == b)
""")

_s("interleave_and_concatenate", """
def inner(x):
    return tf.data.Dataset.range(x * 10, x * 10 + x)
def make():
    return tf.data.Dataset.range(1, 4).interleave(inner, cycle_length=2).concatenate(
        tf.data.Dataset.range(3)).skip(1).take(8)
it = iter(make())
first = take(it, 4)
path = save(it)
it2 = iter(make())
restore(it2, path)
print(first, rest(it2), rest(it))
""")

_s("exhausted", """
it = iter(tf.data.Dataset.range(2))
print(rest(it))
path = save(it)
it2 = iter(tf.data.Dataset.range(2))
restore(it2, path)
print(next(it2, 'END'), it2.get_next_as_optional().has_value())
try:
    it2.get_next()
except Exception as e:
    print(type(e).__name__)
""")

_s("save_again_after_restore", """
tf.random.set_seed(7)
make = lambda: tf.data.Dataset.range(6).shuffle(6, seed=1).repeat(4)
it = iter(make())
take(it, 4)
it2 = iter(make())
restore(it2, save(it))
take(it2, 5)
take(it, 5)
it3 = iter(make())
restore(it3, save(it2))
a, b = rest(it), rest(it3)
print(a, a == b)
""")

_s("restore_twice_into_one_iterator", """
make = lambda: tf.data.Dataset.range(10)
it = iter(make())
take(it, 3)
p3 = save(it)
take(it, 4)
p7 = save(it)
it2 = iter(make())
restore(it2, p7)
print(take(it2, 1))
restore(it2, p3)
print(take(it2, 2))
restore(it2, p7)
print(rest(it2))
""")

_s("iterator_read_in_function", """
ds = tf.data.Dataset.range(10).batch(2)
it = iter(ds)
@tf.function
def step():
    return next(it)
@tf.function
def step_arg(iterator):
    return iterator.get_next()
print(step().numpy(), step().numpy(), step_arg(it).numpy())
path = save(it)
it2 = iter(tf.data.Dataset.range(10).batch(2))
restore(it2, path)
print(rest(it2))
it3 = iter(tf.data.Dataset.range(10).batch(2))
restore(it3, path)
print(step_arg(it3).numpy(), step_arg(it3).numpy())
""")

_s("checkpoint_save_restore_with_variables", """
v = tf.Variable(3)
it = iter(tf.data.Dataset.range(5).repeat())
take(it, 7)
ckpt = tf.train.Checkpoint(v=v, it=it)
path = ckpt.save(f'{_dir}/with_vars')
take(it, 2)
v.assign(0)
status = ckpt.restore(path)
status.assert_consumed()
print(v.numpy(), take(it, 3))
""")

_s("stateful_pipelines_errors", """
v = tf.Variable(2, dtype=tf.int64)
def uniform(x):
    return tf.random.uniform([])
def normal(x):
    return tf.random.normal([])
def times_v(x):
    return x * v
def coin(x):
    return tf.random.uniform([]) > 0.5
def identity(y):
    return y
def py(x):
    return tf.py_function(identity, [x], tf.int64)
def np_fn(x):
    return tf.numpy_function(identity, [x], tf.int64)
def gen():
    yield from [1, 2, 3]
cases = [
    ('random_uniform', tf.data.Dataset.range(5).map(uniform)),
    ('random_normal', tf.data.Dataset.range(5).map(normal)),
    ('variable', tf.data.Dataset.range(5).map(times_v)),
    ('filter_random', tf.data.Dataset.range(5).filter(coin)),
    ('py_function', tf.data.Dataset.range(5).map(py)),
    ('numpy_function', tf.data.Dataset.range(5).map(np_fn)),
    ('from_generator', tf.data.Dataset.from_generator(
        gen, output_signature=tf.TensorSpec([], tf.int32))),
    ('stateless_ok', tf.data.Dataset.range(5).map(tf.math.negative)),
]
for name, ds in cases:
    it = iter(ds)
    next(it)
    try:
        save(it)
        print(name, 'saved')
    except Exception as e:
        print(name, type(e).__name__, e)
""")

_s("stateful_error_from_save", """
def uniform(x):
    return tf.random.uniform([])
it = iter(tf.data.Dataset.range(5).map(uniform))
tf.train.Checkpoint(it=it).save(f'{_dir}/stateful')
""")

_s("restore_other_pipeline_errors", """
def plus1(x):
    return x + 1
it = iter(tf.data.Dataset.range(5))
next(it)
path = save(it)
it2 = iter(tf.data.Dataset.range(10))
restore(it2, path)
print('range(10):', rest(it2))
for name, ds in [('batch', tf.data.Dataset.range(5).batch(2)),
                 ('slices', tf.data.Dataset.from_tensor_slices([1, 2, 3])),
                 ('map', tf.data.Dataset.range(5).map(plus1))]:
    try:
        restore(iter(ds), path)
        print(name, 'restored')
    except Exception as e:
        print(name, type(e).__name__, 'Failed to restore dataset iterator from checkpoint' in str(e),
              'Make sure the dataset definition has not changed' in str(e))
""")

_s("every_position", """
tf.random.set_seed(2)
def plus(x):
    return x * 10
def halve(x):
    return x / 2 + 1
def pair(a, b):
    return {'a': a, 'b': b + 1}
pipelines = {
    'range_neg_step': lambda: tf.data.Dataset.range(10, 0, -3),
    'skip_take_repeat_batch': lambda: tf.data.Dataset.range(20).skip(3).take(7).repeat(2).batch(3),
    'repeat_0': lambda: tf.data.Dataset.range(3).repeat(0),
    'repeat_forever_take': lambda: tf.data.Dataset.range(4).repeat().take(10),
    'batch_drop': lambda: tf.data.Dataset.range(11).batch(4, drop_remainder=True).repeat(2),
    'zip_map_prefetch': lambda: tf.data.Dataset.zip(
        (tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6], [7, 8]]),
         tf.data.Dataset.range(3).map(plus).repeat())).map(pair).prefetch(1),
    'take_negative_skip_big': lambda: tf.data.Dataset.range(6).take(-1).concatenate(
        tf.data.Dataset.range(5).skip(9)),
    'nested_repeat': lambda: tf.data.Dataset.range(2).repeat(2).batch(3).repeat(2),
    'options': lambda: tf.data.Dataset.range(5).with_options(tf.data.Options()).repeat(2),
    'slices_shuffle_repeat_batch': lambda: tf.data.Dataset.from_tensor_slices(
        (np.arange(7), np.arange(7.) / 2)).shuffle(5, seed=4).repeat(2).batch(3),
    'slices_take_repeat_prefetch_batch': lambda: tf.data.Dataset.from_tensor_slices(
        np.arange(20).reshape(10, 2)).take(5).repeat(3).prefetch(2).batch(4, True),
    'slices_map_batch': lambda: tf.data.Dataset.from_tensor_slices(
        np.arange(9.)).map(halve).batch(2),
    'slices_shuffle_map_batch': lambda: tf.data.Dataset.from_tensor_slices(
        np.arange(9.)).shuffle(9, seed=1).map(halve).batch(4),
}
for name, make in pipelines.items():
    whole = rest(iter(make()))
    bad = []
    for k in range(len(whole) + 1):
        it = iter(make())
        take(it, k)
        it2 = iter(make())
        restore(it2, save(it))
        if rest(it2) != whole[k:]:
            bad.append(k)
    print(name, whole, bad)
""")

_s("external_state_policy", """
tf.random.set_seed(1)
def noisy(x):
    return x + tf.random.uniform([], maxval=100, dtype=tf.int64)
for policy in (tf.data.experimental.ExternalStatePolicy.WARN,
               tf.data.experimental.ExternalStatePolicy.IGNORE,
               tf.data.experimental.ExternalStatePolicy.FAIL):
    options = tf.data.Options()
    options.experimental_external_state_policy = policy
    ds = tf.data.Dataset.range(1000, 1006).map(noisy).with_options(options)
    it = iter(ds)
    take(it, 2)
    try:
        path = save(it)
        it2 = iter(ds)
        restore(it2, path)
        print(policy, len(rest(it)), len(rest(it2)))
    except Exception as e:
        print(policy, type(e).__name__, e)
""")

_s("every_position_more", """
import os
lines = os.path.join(_dir, 'lines.txt')
with open(lines, 'w') as f:
    f.write('a\\nbb\\nccc\\ndddd\\n')
records = os.path.join(_dir, 'r.tfrecord')
with tf.io.TFRecordWriter(records) as w:
    for i in range(5):
        w.write(b'rec%d' % i)
def inner_random(x):
    return tf.data.Dataset.random(seed=2).take(x)
def running(state, x):
    return state + x, state * 10 + x
def below_5(x):
    return x < 5
cache = tf.data.Dataset.range(4).cache()
pipelines = {
    'unbatch': lambda: tf.data.Dataset.range(7).batch(3).unbatch(),
    'padded_batch': lambda: tf.data.Dataset.range(1, 6).batch(2).padded_batch(2, [3]),
    'unique': lambda: tf.data.Dataset.from_tensor_slices([1, 1, 2, 3, 2, 4]).unique(),
    'scan': lambda: tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64), running),
    'cache': lambda: cache.repeat(2),
    'shard': lambda: tf.data.Dataset.range(10).shard(3, 1),
    'text_lines': lambda: tf.data.TextLineDataset(lines).repeat(2),
    'tfrecord': lambda: tf.data.TFRecordDataset(records).batch(2),
    'inner_seeded_random': lambda: tf.data.Dataset.range(1, 4).flat_map(inner_random),
    'take_while': lambda: tf.data.Dataset.range(9).take_while(below_5),
}
for name, make in pipelines.items():
    whole = rest(iter(make()))
    bad = []
    for k in range(len(whole) + 1):
        it = iter(make())
        take(it, k)
        it2 = iter(make())
        restore(it2, save(it))
        if rest(it2) != whole[k:]:
            bad.append(k)
    print(name, whole, bad)
def inner_shuffle(x):
    return tf.data.Dataset.range(x).shuffle(3, seed=1)
it = iter(tf.data.Dataset.range(1, 4).flat_map(inner_shuffle))
try:
    save(it)
except Exception as e:
    print(type(e).__name__, e)
""")

_s("deferred_and_two_iterators", """
tf.random.set_seed(3)
ds = tf.data.Dataset.range(8).shuffle(8, seed=5).repeat(3)
it1 = iter(ds)
it2 = iter(ds)
print(take(it1, 3), take(it2, 10))
path = save(it1)
print(take(it1, 6))
ckpt = tf.train.Checkpoint()
status = ckpt.read(path)
ckpt.iterator = it3 = iter(ds)        # restored when attached
print(take(it3, 6))
status.assert_consumed()
it4 = iter(ds)
restore(it4, save(it2))
a, b = rest(it2), rest(it4)
print(a == b, len(a))
""")
