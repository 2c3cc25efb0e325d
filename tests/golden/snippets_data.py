"""Golden snippets: tf.data (Dataset, its transformations, iterators, Options)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_s("data_from_tensor_slices", """
ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
print(ds)
print(ds.element_spec)
for x in ds:
    print(x)
print(list(ds.as_numpy_iterator()))
d2 = tf.data.Dataset.from_tensor_slices(({'a': [1, 2], 'b': [[1., 2.], [3., 4.]]},
                                          np.array([3, 4], dtype=np.int64)))
print(d2.element_spec)
for d, y in d2:
    print(d['a'], d['b'], y)
print(tf.data.Dataset.from_tensor_slices(np.arange(6.).reshape(3, 2)).element_spec)
print(tf.data.Dataset.from_tensor_slices(tf.constant([[1, 2], [3, 4]])))
for e in [([1, 2], [1, 2, 3]), 1]:
    try:
        tf.data.Dataset.from_tensor_slices(e)
    except Exception as ex:
        print(type(ex).__name__, ex)
""", verbatim=True)

_s("data_from_tensors_namedtuple", """
ds = tf.data.Dataset.from_tensors(([1, 2], 3.0))
print(ds, len(ds))
print(list(ds.as_numpy_iterator()))
Pt = collections.namedtuple('Pt', 'x y')
dn = tf.data.Dataset.from_tensor_slices(Pt([1, 2], [3, 4]))
print(dn.element_spec)
def add_pt(pt):
    return pt.x + pt.y
print(list(dn.map(add_pt).as_numpy_iterator()))
""".replace("Pt = ", "import collections\nPt = "), verbatim=True)

_s("data_range", """
print(tf.data.Dataset.range(5))
print(list(tf.data.Dataset.range(5).as_numpy_iterator()))
print(list(tf.data.Dataset.range(1, 10, 3).as_numpy_iterator()))
print(list(tf.data.Dataset.range(5, 1, -2).as_numpy_iterator()))
r = tf.data.Dataset.range(2, 5, output_type=tf.int32)
print(r.element_spec, [int(x) for x in r])
print(tf.data.Dataset.range(10).cardinality(), tf.data.Dataset.range(3, 1).cardinality())
""", verbatim=True)

_s("data_map_filter", """
ds = tf.data.Dataset.range(6)
def double(x):
    return x * 2
def even(x):
    return x % 2 == 0
def add(a, b):
    return a + b
def swap(a, b):
    return [b, a]
def as_dict(x):
    return {'x': x, 'y': (x, tf.cast(x, tf.float32))}
def ident(x):
    return x
m = ds.map(double)
print(m, list(m.as_numpy_iterator()))
f = ds.filter(even)
print(f, list(f.as_numpy_iterator()), f.cardinality())
z = tf.data.Dataset.from_tensor_slices(([1, 2], [10, 20]))
print(list(z.map(add).as_numpy_iterator()))
print(z.map(swap).element_spec)
print(tf.data.Dataset.range(3).map(as_dict).element_spec)
print(ds.map(double, num_parallel_calls=tf.data.AUTOTUNE).cardinality())
def sign(x):
    if x > 2:
        return x
    else:
        return -x
print(list(ds.map(sign).as_numpy_iterator()))
try:
    ds.filter(ident)
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("data_batch", """
b = tf.data.Dataset.range(7).batch(3)
print(b)
for x in b:
    print(x)
print(b.cardinality(), len(b))
bd = tf.data.Dataset.range(7).batch(3, drop_remainder=True)
print(bd, list(bd.as_numpy_iterator()), bd.cardinality())
xy = tf.data.Dataset.from_tensor_slices((np.arange(10, dtype=np.float32).reshape(5, 2), np.arange(5)))
for x, y in xy.batch(2):
    print(x, y)
try:
    tf.data.Dataset.range(3).batch(0)
except Exception as e:
    print(type(e).__name__, e)
try:
    def fill(x):
        return tf.fill([x], x)
    list(tf.data.Dataset.range(1, 5).map(fill).batch(2))
except Exception as e:
    # TF's batch kernel copies elements in parallel: which of the two shapes its message
    # names first varies from run to run, so the shapes are left out
    print(type(e).__name__, str(e).split(" Shapes are:")[0])
""", verbatim=True)

_s("data_padded_batch_unbatch", """
def fill(x):
    return tf.fill([x], x)
pb = tf.data.Dataset.range(1, 5).map(fill).padded_batch(2)
print(pb)
for x in pb:
    print(x)
pb2 = tf.data.Dataset.range(1, 5).map(fill).padded_batch(
    2, padded_shapes=[5], padding_values=tf.constant(-1, tf.int64))
print(pb2.element_spec, [x.tolist() for x in pb2.as_numpy_iterator()])
u = tf.data.Dataset.range(5).batch(2).unbatch()
print(u, list(u.as_numpy_iterator()), u.cardinality())
try:
    tf.data.Dataset.range(3).unbatch()
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("data_shuffle_deterministic", """
s = tf.data.Dataset.range(10).shuffle(4, seed=7)
print(s, s.cardinality())
a = [int(x) for x in s]
b = [int(x) for x in s]
print(sorted(a), sorted(b), a != b or a == list(range(10)))
s1 = tf.data.Dataset.range(10).shuffle(10, seed=3)
s2 = tf.data.Dataset.range(10).shuffle(10, seed=3)
print([int(x) for x in s1] == [int(x) for x in s2])
k = tf.data.Dataset.range(10).shuffle(10, seed=3, reshuffle_each_iteration=False)
print([int(x) for x in k] == [int(x) for x in k])
w = tf.data.Dataset.range(5).shuffle(1)
print([int(x) for x in w])
""", verbatim=True)

_s("data_repeat_take_skip", """
ds = tf.data.Dataset.range(3)
print(ds.repeat(2), list(ds.repeat(2).as_numpy_iterator()), ds.repeat(2).cardinality())
print(ds.repeat().cardinality(), list(ds.repeat().take(7).as_numpy_iterator()))
print(ds.take(2), list(ds.take(2).as_numpy_iterator()), ds.take(10).cardinality(), ds.take(-1).cardinality())
print(ds.skip(1), list(ds.skip(1).as_numpy_iterator()), ds.skip(5).cardinality())
print(ds.repeat(0).cardinality(), tf.data.Dataset.range(0).repeat().cardinality())
def yes(x):
    return True
print(ds.filter(yes).repeat(2).cardinality(), ds.repeat().take(5).cardinality())
print(list(tf.data.Dataset.range(8).shard(3, 1).as_numpy_iterator()), tf.data.Dataset.range(8).shard(3, 1).cardinality())
""", verbatim=True)

_s("data_prefetch_cache_options", """
ds = tf.data.Dataset.range(3)
p = ds.prefetch(tf.data.AUTOTUNE)
print(p, list(p.as_numpy_iterator()), p.cardinality())
def inc(x):
    return x + 1
c = ds.map(inc).cache()
print(c, list(c.as_numpy_iterator()), list(c.as_numpy_iterator()), c.cardinality())
o = tf.data.Options()
print(o.deterministic)
o.deterministic = False
wo = ds.with_options(o)
print(wo, wo.options().deterministic, ds.options().deterministic)
print(wo.map(inc).options().deterministic)
try:
    o.foo = 1
except Exception as e:
    print(type(e).__name__, e)
print(tf.data.AUTOTUNE, tf.data.experimental.AUTOTUNE, tf.data.INFINITE_CARDINALITY,
      tf.data.UNKNOWN_CARDINALITY)
""", verbatim=True)

_s("data_zip_concatenate_enumerate", """
a = tf.data.Dataset.range(3)
b = tf.data.Dataset.from_tensor_slices([1., 2., 3., 4.])
z = tf.data.Dataset.zip((a, b))
print(z, z.cardinality(), list(z.as_numpy_iterator()))
print(tf.data.Dataset.zip(a, b).element_spec)
zd = tf.data.Dataset.zip({'a': a, 'b': b})
def get_b(d):
    return d['b']
print(zd.element_spec, zd.map(get_b).element_spec)
c = a.concatenate(tf.data.Dataset.range(10, 12))
print(c, c.cardinality(), list(c.as_numpy_iterator()))
print(tf.data.Dataset.from_tensor_slices([[1], [2]]).concatenate(tf.data.Dataset.from_tensor_slices([[1, 2]])).element_spec)
try:
    a.concatenate(b)
except Exception as e:
    print(type(e).__name__, e)
e = tf.data.Dataset.from_tensor_slices([5, 6, 7]).enumerate(start=5)
print(e, list(e.as_numpy_iterator()), e.cardinality())
""", verbatim=True)

_s("data_flat_map_interleave", """
def rng(x):
    return tf.data.Dataset.range(x)
def rep3(x):
    return tf.data.Dataset.from_tensors(x).repeat(3)
fm = tf.data.Dataset.range(4).flat_map(rng)
print(fm, list(fm.as_numpy_iterator()), fm.cardinality())
il = tf.data.Dataset.range(10).interleave(
    rep3, cycle_length=2, block_length=2)
print(il, list(il.take(14).as_numpy_iterator()))
il2 = tf.data.Dataset.range(1, 4).interleave(rng, cycle_length=3)
print(list(il2.as_numpy_iterator()))
sl = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).flat_map(tf.data.Dataset.from_tensor_slices)
print(sl.element_spec, list(sl.as_numpy_iterator()))
""", verbatim=True)

_s("data_reduce_scan_take_while_unique", """
def plus(s, x):
    return s + x
def both(s, x):
    return (s[0] + x, s[1] * x)
def step(s, x):
    return (s + x, s * 2)
def small(x):
    return x < 4
def skip3(d):
    return d.skip(3)
print(tf.data.Dataset.range(5).reduce(np.int64(0), plus))
print(tf.data.Dataset.from_tensor_slices([1., 2.]).reduce((0., 1.), both))
sc = tf.data.Dataset.range(5).scan(np.int64(0), step)
print(sc, list(sc.as_numpy_iterator()))
tw = tf.data.Dataset.range(10).take_while(small)
print(tw, list(tw.as_numpy_iterator()))
u = tf.data.Dataset.from_tensor_slices([1, 1, 2, 3, 2]).unique()
print(u, list(u.as_numpy_iterator()))
print(tf.data.Dataset.range(5).apply(skip3))
print(tf.data.experimental.cardinality(tf.data.Dataset.range(4)))
""", verbatim=True)

_s("data_from_generator", """
def gen():
    for i in range(3):
        yield i, [i] * i
g = tf.data.Dataset.from_generator(gen, output_types=(tf.int32, tf.int32), output_shapes=((), (None,)))
print(g, g.cardinality())
for a, b in g:
    print(a, b)
g2 = tf.data.Dataset.from_generator(gen, output_signature=(tf.TensorSpec((), tf.int64), tf.TensorSpec((None,), tf.int32)))
print(g2.element_spec, [(a, b.tolist()) for a, b in g2.as_numpy_iterator()])
g3 = tf.data.Dataset.from_generator(lambda n: range(n), output_types=tf.float32, args=(3,))
print(g3.element_spec, list(g3.as_numpy_iterator()))
try:
    tf.data.Dataset.from_generator(gen)
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("data_len_errors", """
ds = tf.data.Dataset.range(3)
def ident(x):
    return x
def yes(x):
    return True
print(len(ds), len(ds.map(ident)))
for d in [ds.repeat(), ds.filter(yes)]:
    try:
        len(d)
    except Exception as e:
        print(type(e).__name__, e)
""", verbatim=True)

_s("data_iterator", """
ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
it = iter(ds)
print(type(it).__name__, isinstance(it, tf.data.Iterator), it.element_spec)
print(next(it), it.get_next())
o = it.get_next_as_optional()
print(o.has_value(), o.get_value(), o.element_spec)
o = it.get_next_as_optional()
print(o.has_value())
try:
    o.get_value()
except Exception as e:
    print(type(e).__name__, e)
try:
    it.get_next()
except Exception as e:
    print(type(e).__name__, e)
try:
    next(it)
except StopIteration as e:
    print('StopIteration', repr(e))
it3 = iter(tf.data.Dataset.from_tensor_slices(([1], [2.], [3])))
next(it3)
try:
    it3.get_next()
except Exception as e:
    print(type(e).__name__, e)
""", verbatim=True)

_s("data_iterator_in_function", """
@tf.function
def consume_next(iterator):
    return next(iterator)

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
iterator = iter(ds)
print(consume_next(iterator))
print(consume_next(iterator))
print(consume_next(iterator), consume_next.experimental_get_tracing_count())
def square(x):
    return x * x

@tf.function
def two(it):
    return it.get_next() + it.get_next()
it2 = iter(tf.data.Dataset.range(10).map(square))
print(two(it2), two(it2), next(it2))

@tf.function
def opt(it):
    o = it.get_next_as_optional()
    return o.has_value()
@tf.function
def opt_value(it):
    return it.get_next_as_optional().get_value()
it3 = iter(tf.data.Dataset.range(5, 7))
print(opt_value(it3), opt(it3), opt(it3))
""", verbatim=True)

_s("data_iterator_arguments_share_a_trace", """
# An iterator argument is traced by its element_spec (TF's IteratorSpec): iterators of
# equal specs share one trace, each call reads from the iterator it is given.
@tf.function
def f(it):
    return it.get_next()
ds = tf.data.Dataset.range(3)
it1, it2 = iter(ds), iter(ds)
it3 = iter(tf.data.Dataset.range(10, 12))
print([int(f(i)) for i in (it1, it2, it1, it3, it3)], f.experimental_get_tracing_count())
try:
    f(it3)
except tf.errors.OutOfRangeError as e:
    print(type(e).__name__, str(e).splitlines()[-1].split(' [Op')[0])

@tf.function
def g(it):
    o = it.get_next_as_optional()
    return o.has_value(), tf.cond(o.has_value(), o.get_value,
                                  lambda: tf.constant(-1, tf.int64))
it4 = iter(tf.data.Dataset.range(1))
print([tuple(int(v) for v in g(it4)) for _ in range(3)], g.experimental_get_tracing_count())

@tf.function
def outer(it):   # the inner function's read comes first
    return f(it) * 10 + it.get_next()
it5 = iter(tf.data.Dataset.range(4))
print([int(outer(it5)) for _ in range(2)])

@tf.function
def loop(it):   # reads inside a loop
    s = tf.constant(0, tf.int64)
    for _ in tf.range(3):
        s += it.get_next()
    return s
it6 = iter(tf.data.Dataset.range(6))
print([int(loop(it6)) for _ in range(2)], loop.experimental_get_tracing_count())

@tf.function
def printed(it):   # a read next to another host effect
    x = it.get_next()
    tf.print("read", x)
    return x
it7 = iter(tf.data.Dataset.range(2))
print(int(printed(it7)), int(printed(it7)))

@tf.function
def batch_sum(it):   # unknown batch dimension: the partial last batch, then the end
    o = it.get_next_as_optional()
    return o.has_value(), tf.cond(o.has_value(), lambda: tf.reduce_sum(o.get_value()),
                                  lambda: tf.constant(-1, tf.int64))
it8 = iter(tf.data.Dataset.range(5).batch(2))
print([tuple(int(v) for v in batch_sum(it8)) for _ in range(5)])
""", verbatim=True)

_s("data_prefetch", """
def double(x):
    return x * 2

def inverse(x):
    return tf.debugging.check_numerics(1 / x, "inf")

ds = tf.data.Dataset.range(6).map(double)
print(list(ds.prefetch(2).as_numpy_iterator()), list(ds.prefetch(0).as_numpy_iterator()))
print(list(ds.prefetch(tf.data.AUTOTUNE).batch(4).as_numpy_iterator()))
it = iter(tf.data.Dataset.from_tensor_slices([1., 2., 0., 4.]).map(inverse).prefetch(3))
print(next(it), next(it))
try:
    next(it)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
for b in (-2, 2.5):
    try:
        tf.data.Dataset.range(3).prefetch(b)
    except Exception as e:
        print(type(e).__name__, e)

@tf.function
def total(ds):
    s = tf.constant(0, tf.int64)
    for x in ds:
        s += x
    return s
print(total(tf.data.Dataset.range(5).prefetch(1)))
""", verbatim=True)

_s("data_for_loop_in_function", """
ds = tf.data.Dataset.from_tensor_slices(np.arange(6, dtype=np.float32).reshape(3, 2))

@tf.function
def total(ds):
    acc = tf.zeros([2])
    for x in ds:
        acc += x
    return acc
print(total(ds), total(ds))

@tf.function
def red(ds):
    return ds.reduce(np.float32(0), lambda s, x: s + tf.reduce_sum(x))
print(red(ds))

@tf.function
def nump(ds):
    ds.as_numpy_iterator()
try:
    nump(ds)
except Exception as e:
    print(type(e).__name__, 'only supported in eager mode' in str(e))
""", verbatim=True)

_s("data_training_loop", """
x = np.linspace(-2, 2, 40).astype(np.float32)
y = 3 * x + 1
w = tf.Variable(0.0)
b = tf.Variable(0.0)
ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(buffer_size=40, seed=1).batch(8)
for epoch in range(60):
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((w * xb + b - yb) ** 2)
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.1 * gw)
        b.assign_sub(0.1 * gb)
print(round(float(w), 3), round(float(b), 3), xb.shape, yb.dtype)
""", verbatim=True)

_s("dataset_for_loop_in_function_is_one_staged_loop", """
ds = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(12.0), [6, 2])).batch(2, drop_remainder=True)
w = tf.Variable([1.0, 1.0])
@tf.function
def epoch(ds):
    total = tf.constant(0.0)
    n = 0
    for x in ds:
        print("tracing body")
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(x * w)
        w.assign_sub(0.1 * t.gradient(loss, w))
        total += loss
    return total
print(epoch(ds), w.numpy())
print(epoch(ds), w.numpy(), epoch.experimental_get_tracing_count())
@tf.function
def count(ds):
    c = 0
    for x in ds:
        c += tf.shape(x)[0]
    return c
print(count(ds), count(ds.take(1)))
""", verbatim=True)


_s("data_map_assert_python_number_dtype", """
# tf.debugging.assert_less(int64_x, 3) in Dataset.map: TF's graph TypeError (3 is int32).
ds = tf.data.Dataset.from_tensor_slices(tf.constant([1, 2], tf.int64))
def bad(v):
    tf.debugging.assert_less(v, 3)
    return v
def good(v):
    tf.debugging.assert_less(v, tf.constant(3, tf.int64))
    return v
try:
    ds.map(bad)
except TypeError as e:
    print(type(e).__name__, e)
print(list(ds.map(good).as_numpy_iterator()))
""")

_s("data_none_components", """
# None beside tensors in an element: NoneTensorSpec, kept by each transformation; the user
# and dataset functions see None.
ds = tf.data.Dataset.from_tensor_slices((tf.range(4), None))
print(ds.element_spec, ds.cardinality().numpy())
print(list(ds.as_numpy_iterator()))
for a, b in ds.take(1):
    print(a, b)
b = ds.batch(2)
print(b.element_spec, list(b.as_numpy_iterator()))
print(list(b.unbatch().as_numpy_iterator()))
print(tf.data.Dataset.from_tensors((tf.ones([2]), None)).unbatch().element_spec)
def pair(x):
    return x, None
def doubled(a, n):
    return a * 2, n is None
def above_one(a, n):
    return a > 1
def nothing(x):
    return None
m = tf.data.Dataset.range(2).map(pair)
print(m.element_spec, list(m.as_numpy_iterator()))
print(list(ds.map(doubled).as_numpy_iterator()))
print(list(ds.filter(above_one).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensors({"a": 1, "b": None}).as_numpy_iterator()))
print(list(ds.take(1).concatenate(ds.skip(3)).as_numpy_iterator()))
print(sorted(x for x, _ in ds.shuffle(4, seed=1).cache().prefetch(1).as_numpy_iterator()))
print(tf.experimental.Optional.from_value((1, None)).get_value())
print(iter(ds).get_next_as_optional().get_value())
full = ds.batch(2, drop_remainder=True)
@tf.function
def loop():
    s = tf.constant(0)
    for a, n in full:
        s += tf.reduce_sum(a) + (10 if n is None else 0)
    return s
print(loop())
it = iter(full.repeat())
@tf.function
def step(it):
    a, n = next(it)
    return a, n, it.get_next_as_optional().get_value()
print(step(it))
for make in (lambda: tf.data.Dataset.from_tensors(None),
             lambda: tf.data.Dataset.from_tensors({"a": None}),
             lambda: tf.data.Dataset.from_tensor_slices((None,)),
             lambda: tf.data.Dataset.range(2).map(nothing),
             lambda: tf.data.Dataset.from_tensors((tf.ones([2]), None)).padded_batch(2)):
    try:
        make()
    except Exception as e:
        # (which attr TF's message names varies from run to run)
        print(type(e).__name__, str(e).split(";")[0].split("' ")[-1])
""")
_s("optional_of_no_components", """
# An Optional of None components only: TF's OptionalFromValue op has no outputs.
for v in [None, (), {}, (None,), {"a": None}, [], (tf.constant(1), None)]:
    try:
        o = tf.experimental.Optional.from_value(v)
        print(o.element_spec, o.has_value().numpy())
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def f():
    return tf.experimental.Optional.from_value(None)
try:
    f()
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[-1])
""")
_s("map_function_sees_the_element_spec", """
# TF traces a dataset function once for the input's element_spec: unknown dimensions are
# None inside, and the values of the element are unknown to the trace.
@tf.autograph.experimental.do_not_convert
def double(x):
    print("traced", x.shape)
    return x * 2
@tf.autograph.experimental.do_not_convert
def upto(x):
    return tf.range(x)
ds = tf.data.Dataset.from_tensor_slices([[1.0], [2.0], [3.0]]).batch(2).map(double)
print(ds.element_spec, [b.tolist() for b in ds.as_numpy_iterator()])
ds = tf.data.Dataset.range(1, 4).map(upto)
print(ds.element_spec, [b.tolist() for b in ds.as_numpy_iterator()])
table = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2]), default_value=-1)
@tf.autograph.experimental.do_not_convert
def look(s):
    out = table.lookup(tf.strings.upper(tf.strings.lower(s)))
    print("lookup", out.shape)
    return out
ds = tf.data.Dataset.from_tensor_slices([["a", "b"], ["c", "a"], ["b", "b"]]).batch(2)
print(ds.map(look).element_spec)
""")
_s("script_functions_have_unknown_shapes", """
# tf.py_function and tf.numpy_function outputs have unknown shapes in a graph (a
# tf.function, a dataset function) until set_shape or ensure_shape gives them one.
import numpy as np
@tf.function
def f(x):
    y = tf.numpy_function(lambda v: np.float32(v) / 2, [x], tf.float32)
    z = tf.py_function(lambda v: v * 3, [x], tf.int64)
    print("traced", y.shape, z.shape)
    z.set_shape([])
    print("set", z.shape)
    return y, z
print(f(tf.constant(3, tf.int64)))
@tf.autograph.experimental.do_not_convert
def halve(x):
    return tf.numpy_function(lambda v: np.float32(v) / 2, [x], tf.float32)
@tf.autograph.experimental.do_not_convert
def halve_shaped(x):
    return tf.ensure_shape(halve(x), [])
print(tf.data.Dataset.range(3).map(halve).element_spec)
print(tf.data.Dataset.range(3).map(halve_shaped).element_spec)
print(list(tf.data.Dataset.range(3).map(halve).as_numpy_iterator()))
""")
_s("script_functions_in_chained_maps", """
# A py_function's outputs in a dataset map have unknown shapes, and a map after it gets
# elements of unknown rank (TF never calls the Python function before the elements come).
import numpy as np
def tile_rows(x):
    return tf.concat([x, tf.tile(x[:1], [tf.shape(x)[0], 1])], axis=1).numpy()
@tf.autograph.experimental.do_not_convert
def first(x):
    return tf.py_function(lambda v: tf.reshape(v, [-1, 1]), [x], tf.int64)
@tf.autograph.experimental.do_not_convert
def second(x):
    return tf.py_function(tile_rows, [x], tf.int64)
@tf.autograph.experimental.do_not_convert
def three(x):
    return tf.py_function(lambda v: tf.fill([3], v), [x], tf.int64)
ds = tf.data.Dataset.range(6).batch(3).map(first).cache().map(second)
print(ds.element_spec, [b.tolist() for b in ds.as_numpy_iterator()])
print(ds.unbatch().element_spec, [b.tolist() for b in ds.unbatch().as_numpy_iterator()])
print(ds.batch(2).element_spec)
ds = tf.data.Dataset.range(4).map(three)
print(ds.element_spec, [b.tolist() for b in ds.as_numpy_iterator()])
try:
    ds.padded_batch(2)
except ValueError as e:
    print("ValueError", e)
print([b.tolist() for b in ds.padded_batch(2, padded_shapes=[None]).as_numpy_iterator()])
""")

_s("function_arguments_are_named_by_component", """
# TF's dataset function graphs name their inputs args_0, args_1 ... (the element's flat
# components), whatever the Python parameters are called; a function tfcompat runs
# eagerly prints nothing while its element_spec is found.
nc = tf.autograph.experimental.do_not_convert
@nc
def nested(p, q):
    print("nested", p, q)
    return q
@nc
def in_dict(d):
    print("dict", d)
    return d["a"]
@nc
def add(s, x):
    print("reduce", s, x)
    return s + x
@nc
def full(x):
    print("filter", x)
    return tf.size(x) > 1
@nc
def fill(x):
    print("fill")
    return tf.fill([x], x)
tf.data.Dataset.from_tensor_slices(((([1, 2], [3, 4]), [5., 6.]))).map(nested)
tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [[1., 2.], [3., 4.]]}).map(in_dict)
d3 = tf.data.Dataset.range(3)
d3.reduce(tf.constant(0, tf.int64), add)
d3.batch(2).filter(full)
d4 = d3.map(fill)
print(d4.element_spec)
print([v.tolist() for v in d4.as_numpy_iterator()])
""")

_s("map_returning_lists", r"""
ds = tf.data.Dataset.range(3)
@tf.autograph.experimental.do_not_convert
def inner(x):
    return {"l": [x, x * 2]}
@tf.autograph.experimental.do_not_convert
def top(x):
    return [x, x * 2]
@tf.autograph.experimental.do_not_convert
def nested(x):
    return ([x], {"a": [[x, x], [x + 1, x]]})
@tf.autograph.experimental.do_not_convert
def numbers(x):
    return {"a": [x, 1], "b": [1.5, 2.5], "c": [tf.fill([x], 1.0), tf.fill([x], 2.0)]}
@tf.autograph.experimental.do_not_convert
def mixed(x):
    return {"l": [x, tf.cast(x, tf.int32)]}
@tf.autograph.experimental.do_not_convert
def ragged_shapes(x):
    return {"a": [tf.zeros([2]), tf.zeros([3])]}
for f in [inner, top, nested, numbers]:
    m = ds.map(f)
    print(m.element_spec)
    print(list(m.as_numpy_iterator())[1:])
    print(m.batch(2).element_spec)
for f in [mixed, ragged_shapes]:
    try:
        ds.map(f)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, str(e).split("[")[0], str(e).rsplit("]", 1)[1])
@tf.function
def total():
    return ds.map(inner).reduce(tf.constant(0, tf.int64), lambda s, e: s + tf.reduce_sum(e["l"]))
print(total())
""")

_s("lists_of_tensors_keep_their_dtype", r"""
a = tf.constant(2 ** 40, tf.int64)
b = tf.constant(2.0 ** 0.5, tf.float64)
v = tf.Variable(3, dtype=tf.int64)
print(list(tf.data.Dataset.from_tensors([a, a + 1]).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices([a, a + 1]).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensors({"x": [b, 1.0]}).as_numpy_iterator()))
print(tf.data.Dataset.from_tensors([v, a]).element_spec)
print(tf.data.Dataset.from_tensors(([a], (a, [a, a]))).element_spec)
ds = tf.data.Dataset.range(3)
@tf.autograph.experimental.do_not_convert
def add(s, x):
    return s + x
@tf.autograph.experimental.do_not_convert
def pair(s, x):
    return (s[0] + x, s[1] * 2)
@tf.autograph.experimental.do_not_convert
def in_dict(s, x):
    return {"a": s["a"] + 1}
@tf.autograph.experimental.do_not_convert
def scan(s, x):
    return (s + x, s)
print(ds.reduce([tf.constant(0, tf.int64), a], add))
print(ds.reduce((a, [1, 2]), pair))
print(ds.reduce({"a": [b, 2.5]}, in_dict))
print(list(ds.scan([a, a], scan).as_numpy_iterator()))
""")
