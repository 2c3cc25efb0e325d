"""Golden snippets for public names that had no golden test of their own (issue 19):
tf.nest, tf.clip_by_global_norm, tf.strings.ngrams, the global random generator,
the tf.keras.metrics functions tfcompat has, tf.keras.optimizers.serialize/deserialize,
tf.saved_model.LoadOptions (and SaveOptions' shared VariablePolicy) and
tf.data.ThreadingOptions.

Eagerly and inside tf.function where it applies; values, dtypes and shapes, TF's
exceptions with their messages. Order-independent: no snippet depends on process-wide
state another one (or another suite) leaves behind (auto-generated optimizer names are
never printed; the global generator is always set before values are drawn from it).
"""
from snippet_registry import ERR, P, Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add


# err(f), P(t) and the namedtuple Point start every snippet but the last few.
_t = SNIPPETS.adder("import collections\n" + ERR + P + """Point = collections.namedtuple('Point', ['y', 'x'])

""")


# -- tf.nest --------------------------------------------------------------------------------

_t("nest_flatten", """
P(tf.nest.flatten([1, (2, 3), [4, [5, None]]]))
P(tf.nest.flatten({'b': 1, 'a': [2, 3], 'c': {'z': 4, 'y': 5}}))
for v in [None, 7, 'ab', b'x', 2.5, np.array([1, 2]), (), [], {}, ((), [], {})]:
    P(tf.nest.flatten(v))
P(tf.nest.flatten(tf.constant([1., 2.])))
P(tf.nest.flatten(Point(y=1, x=2)))
P(tf.nest.flatten(Point(x=[1, 2], y={'q': 3, 'p': 4})))
P(tf.nest.flatten(collections.OrderedDict([('b', 1), ('a', 2)])))
P(tf.nest.flatten({(1, 2): 'x', (0, 5): 'y'}))
P(tf.nest.flatten([{'a': Point(1, [2, 3])}, (4,)]))
err(lambda: tf.nest.flatten({1: 'a', 'b': 2}))
err(lambda: tf.nest.flatten({'a': 1, None: 2}))
P(tf.nest.flatten(range(3)))
P(tf.nest.flatten({'b': [1], 'a': 2}.values()))
P(tf.nest.flatten({'b': [1], 'a': 2}.items()))
""")

_t("nest_flatten_composites", """
s = tf.IndexedSlices(tf.constant([[3., 4.]]), tf.constant([1]), tf.constant([3, 2]))
print([type(t).__name__ for t in tf.nest.flatten(s)], tf.nest.is_nested(s))
for t in tf.nest.flatten({'s': s, 'x': 1}, expand_composites=True):
    P(t)
P(tf.nest.flatten(tf.IndexedSlices(tf.constant([[1.]]), tf.constant([0])), expand_composites=True))
r = tf.nest.pack_sequence_as(s, [tf.constant([[1., 1.]]), tf.constant([0]), tf.constant([5, 2])],
                             expand_composites=True)
print(type(r).__name__)
P(r.values)
P(r.indices)
P(r.dense_shape)
r = tf.nest.map_structure(lambda t: t * 2, [s], expand_composites=True)
print(type(r).__name__, type(r[0]).__name__)
P(r[0].values)
P(r[0].indices)
P(r[0].dense_shape)
""")

_t("nest_pack_sequence_as", """
P(tf.nest.pack_sequence_as([1, (2, 3), {'b': 0, 'a': 0}], ['w', 'x', 'y', 'z1', 'z2']))
P(tf.nest.pack_sequence_as({'b': [0, 0], 'a': 0}, [1, 2, 3]))
P(tf.nest.pack_sequence_as(Point(0, 0), [5, 6]))
P(tf.nest.pack_sequence_as(collections.OrderedDict([('b', 0), ('a', 0)]), [5, 6]))
P(tf.nest.pack_sequence_as(0, [9]))
P(tf.nest.pack_sequence_as(None, [None]))
P(tf.nest.pack_sequence_as([], []))
P(tf.nest.pack_sequence_as([(), 0, {}], [4]))
P(tf.nest.pack_sequence_as((0, [0]), (tf.constant(1), tf.constant(2.))))
err(lambda: tf.nest.pack_sequence_as([0, 0], [1]))
err(lambda: tf.nest.pack_sequence_as([0, 0], [1, 2, 3]))
err(lambda: tf.nest.pack_sequence_as([0], 5))
err(lambda: tf.nest.pack_sequence_as(0, [1, 2]))
err(lambda: tf.nest.pack_sequence_as({'a': 0}, {'a': 1}))
err(lambda: tf.nest.pack_sequence_as({1: 0, 'a': 0}, [1, 2]))
err(lambda: tf.nest.pack_sequence_as([0], {1}))
P(tf.nest.pack_sequence_as(range(2), [5, 6]))
P(tf.nest.pack_sequence_as({'b': 0, 'a': 0}.values(), [5, 6]))
err(lambda: tf.nest.pack_sequence_as([0, 0], np.array([5, 6])))
err(lambda: tf.nest.pack_sequence_as([0], 'a' * 150))
""")

_t("nest_map_structure", """
P(tf.nest.map_structure(lambda x: x * 2, [1, (2, 3), {'a': 4}]))
P(tf.nest.map_structure(lambda x, y: x + y, (1, [2]), (10, [20])))
P(tf.nest.map_structure(lambda x: x, Point(1, 2)))
P(tf.nest.map_structure(lambda x: None, {'b': 1, 'a': 2}))
P(tf.nest.map_structure(lambda *a: sum(a), [1], [2], [3]))
P(tf.nest.map_structure(tf.square, {'x': tf.constant([1., 2.]), 'y': (tf.constant(3),)}))
P(tf.nest.map_structure(lambda x: x + 1, tf.constant(1)))
P(tf.nest.map_structure(lambda x: x + 1, 1))
P(tf.nest.map_structure(lambda x, y: (x, y), [1], (2,), check_types=False))
err(lambda: tf.nest.map_structure(lambda x, y: 0, [1, 2], [1]))
err(lambda: tf.nest.map_structure(lambda x, y: 0, [1], (1,)))
err(lambda: tf.nest.map_structure(lambda x, y: 0, {'a': 1}, {'b': 1}))
err(lambda: tf.nest.map_structure(lambda x: x))
err(lambda: tf.nest.map_structure(1, [1]))
err(lambda: tf.nest.map_structure(lambda x: x, [1], foo=1))
""")

_t("nest_assert_same_structure", """
def chk(*a, **k):
    try:
        tf.nest.assert_same_structure(*a, **k)
        print('ok')
    except Exception as e:
        print(type(e).__name__, e)
Other = collections.namedtuple('Other', ['y', 'x'])
Point2 = collections.namedtuple('Point', ['y', 'x'])
chk([1, (2, 3)], ['a', ('b', 'c')])
chk([1, 2], [1, [2]])
chk([1, 2], [1, 2, 3])
chk([1, 2], (1, 2))
chk([1, 2], (1, 2), check_types=False)
chk({'a': 1}, {'b': 1})
chk({'a': 1}, {'a': 1, 'b': 2})
chk(Point(1, 2), (1, 2))
chk(Point(1, 2), (1, 2), check_types=False)
chk(Point(1, 2), Other(1, 2))
chk(Point(1, 2), Point2(1, 2))
chk(1, 2)
chk(1, [1])
chk(None, 1)
chk(tf.constant(1), 2)
chk(collections.OrderedDict([('b', 1), ('a', 2)]), {'b': 1, 'a': 2})
chk(collections.OrderedDict([('b', 1), ('a', 2)]), {'b': 1, 'a': 2}, check_types=False)
chk('abc', 'x')
chk([], ())
chk([[1]], [[1, 2]])
chk([0, 1], np.array([0, 1]))
chk(range(2), [1, 2])
chk(range(2), [1, 2], check_types=False)
chk({'a': 1, 'b': 2}, {'a': 1, 'c': 2}, check_types=False)
chk({'a': [1]}, {'b': 2}, check_types=False)
chk((1, (2, [3])), (1, (2, 3)))
""")

_t("nest_is_nested", """
for v in [[], (), {}, [1], (1,), {'a': 1}, Point(1, 2), collections.OrderedDict(a=1), 1, 'ab',
          b'ab', None, 1.5, np.array([1, 2]), tf.constant([1, 2]), range(2), {'a': 1}.keys(),
          tf.Variable(1.), tf.TensorShape([1, 2]), tf.TensorSpec([2])]:
    print(type(v).__name__, tf.nest.is_nested(v))
""")

_t("nest_dict_namedtuple_ordering", """
d = {'b': 1, 'c': 2, 'a': 3}
P(tf.nest.flatten(d))
P(tf.nest.map_structure(lambda x: x * 10, d))
P(tf.nest.pack_sequence_as(d, [7, 8, 9]))
od = collections.OrderedDict([('b', 1), ('c', 2), ('a', 3)])
P(tf.nest.flatten(od))
P(tf.nest.map_structure(lambda x: x * 10, od))
P(tf.nest.pack_sequence_as(od, [7, 8, 9]))
dd = collections.defaultdict(list, {'y': 1, 'x': 2})
r = tf.nest.map_structure(lambda x: -x, dd)
print(type(r).__name__, r.default_factory, dict(r))
P(tf.nest.flatten(Point(x=1, y=2)))
P(tf.nest.map_structure(lambda x: x + 1, Point(x=1, y=2)))
n = {'k': Point(y=[1, 2], x={'q': 3, 'p': 4}), 'a': (5,)}
P(tf.nest.flatten(n))
P(tf.nest.pack_sequence_as(n, list(range(10, 15))))
P(tf.nest.map_structure(lambda a, b: a - b, d, {'a': 1, 'b': 2, 'c': 3}))
""")

_t("nest_in_function", """
@tf.function
def f(d):
    flat = tf.nest.flatten(d)
    out = tf.nest.pack_sequence_as(d, [t * 2 for t in flat])
    tf.nest.assert_same_structure(out, d)
    return out, tf.nest.map_structure(tf.reduce_sum, d), tf.nest.is_nested(d)
r = f({'b': tf.constant([1., 2.]), 'a': (tf.constant(3), tf.constant([4, 5]))})
P(r)
@tf.function
def g(p):
    return tf.nest.map_structure(lambda t: t + 1, p)
P(g(Point(y=tf.constant(1.), x=[tf.constant(2), tf.constant(3)])))
@tf.function
def h(a, b):
    tf.nest.assert_same_structure(a, b)
    return a
err(lambda: h([tf.constant(1)], (tf.constant(1),)))
err(lambda: h([tf.constant(1)], [tf.constant(1), tf.constant(2)]))
""")


# -- tf.clip_by_global_norm -----------------------------------------------------------------

_t("clip_by_global_norm_values", """
a = tf.constant([3., 4.])
b = tf.constant([[0., 12.]])
out, n = tf.clip_by_global_norm([a, b], 6.5)
P(out)
P(n)
P(tf.clip_by_global_norm([a, b], 100.))
P(tf.clip_by_global_norm((a, b), tf.constant(2.5)))
P(tf.clip_by_global_norm([a], 1.0, use_norm=tf.constant(10.)))
P(tf.clip_by_global_norm([a], 1.0, use_norm=tf.constant(0.5)))
P(tf.clip_by_global_norm([tf.constant([3., 4.], tf.float64)], 1.0))
P(tf.clip_by_global_norm([tf.constant([3., 4.], tf.float16)], 1.0))
P(tf.clip_by_global_norm([tf.zeros([2])], 1.0))
P(tf.clip_by_global_norm([a], 0.0))
P(tf.clip_by_global_norm([a], -1.0))
P(tf.clip_by_global_norm([np.array([3., 4.], np.float32), [[6., 8.]]], 5.0))
s = tf.IndexedSlices(tf.constant([[3., 4.]]), tf.constant([1]), tf.constant([3, 2]))
out, n = tf.clip_by_global_norm([s, a], 1.0)
print(type(out[0]).__name__)
P(out[0].values)
P(out[0].indices)
P(out[0].dense_shape)
P(out[1])
P(n)
""")

_t("clip_by_global_norm_none_and_errors", """
a = tf.constant([3., 4.])
P(tf.clip_by_global_norm([a, None, tf.constant([12.])], 6.5))
P(tf.clip_by_global_norm([None, a], 10.))
err(lambda: tf.clip_by_global_norm(a, 1.0))
err(lambda: tf.clip_by_global_norm({'a': a}, 1.0))
err(lambda: tf.clip_by_global_norm('ab', 1.0))
err(lambda: tf.clip_by_global_norm([tf.constant([3, 4])], 1.0))
err(lambda: tf.clip_by_global_norm([a, tf.constant([1.], tf.float64)], 1.0))
""")

_t("clip_by_global_norm_inf_nan", """
P(tf.clip_by_global_norm([tf.constant([1., np.inf]), tf.constant([2.])], 1.0))
P(tf.clip_by_global_norm([tf.constant([1., -np.inf])], 10.0))
P(tf.clip_by_global_norm([tf.constant([1., np.nan]), tf.constant([2.])], 1.0))
P(tf.clip_by_global_norm([tf.constant([3., 4.])], 1.0, use_norm=tf.constant(np.inf)))
P(tf.clip_by_global_norm([tf.constant([3., 4.])], 1.0, use_norm=tf.constant(np.nan)))
P(tf.clip_by_global_norm([tf.constant([3., 4.])], np.inf))
P(tf.clip_by_global_norm([tf.constant([3e30, 4e30])], 1.0))
""")

_t("clip_by_global_norm_in_function", """
@tf.function
def f(a, b, c):
    return tf.clip_by_global_norm([a, None, b], c)
P(f(tf.constant([3., 4.]), tf.constant([[0., 12.]]), tf.constant(6.5)))
P(f(tf.constant([1., np.inf]), tf.constant([[0., 1.]]), tf.constant(1.0)))
P(f(tf.constant([3., 4.]), tf.constant([[0., 12.]]), tf.constant(100.)))
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def g(x):
    (y,), n = tf.clip_by_global_norm([x], 1.0)
    return y, n
P(g(tf.constant([3., 4.])))
P(g.get_concrete_function().structured_outputs)
""")


# -- tf.strings.ngrams ----------------------------------------------------------------------

_t("ngrams_dense", """
data = tf.constant([['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']])
P(tf.strings.ngrams(data, 2))
P(tf.strings.ngrams(data, 1))
P(tf.strings.ngrams(data, (1, 3)))
P(tf.strings.ngrams(data, [3, 2]))
P(tf.strings.ngrams(data, 4))
P(tf.strings.ngrams(data, 5))
P(tf.strings.ngrams(tf.constant(['a', 'b', 'c']), 2))
P(tf.strings.ngrams(tf.constant([[['a', 'b', 'c']], [['d', 'e', 'f']]]), 2))
P(tf.strings.ngrams(tf.constant([['x', 'y']], tf.string), 2, name='ng'))
""")

_t("ngrams_options", """
data = tf.constant([['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']])
P(tf.strings.ngrams(data, 2, separator='-'))
P(tf.strings.ngrams(data, 2, separator=''))
P(tf.strings.ngrams(data, 3, pad_values='#'))
P(tf.strings.ngrams(data, 3, pad_values=('<', '>')))
P(tf.strings.ngrams(data, 3, pad_values=('<', '>'), padding_width=1))
P(tf.strings.ngrams(data, (2, 3), pad_values='#', padding_width=1))
P(tf.strings.ngrams(data, 6, pad_values='#', padding_width=1))
P(tf.strings.ngrams(data, 5, preserve_short_sequences=True))
P(tf.strings.ngrams(data, 5, separator='+', preserve_short_sequences=True))
P(tf.strings.ngrams(data, 3, pad_values='#', preserve_short_sequences=True))
P(tf.strings.ngrams(tf.constant(['a', 'b']), 3, preserve_short_sequences=True))
""")

_t("ngrams_errors", """
data = tf.constant([['a', 'b', 'c']])
err(lambda: tf.strings.ngrams(data, 0))
err(lambda: tf.strings.ngrams(data, -1))
err(lambda: tf.strings.ngrams(data, 2, pad_values=3))
err(lambda: tf.strings.ngrams(data, 2, pad_values=('a', 'b', 'c')))
err(lambda: tf.strings.ngrams(data, 2, padding_width=1))
err(lambda: tf.strings.ngrams(data, 2, pad_values='#', padding_width=0))
err(lambda: tf.strings.ngrams(data, 3, pad_values='#', padding_width=5))
err(lambda: tf.strings.ngrams(tf.constant([[1, 2]]), 2))
err(lambda: tf.strings.ngrams(tf.constant('a'), 2))
err(lambda: tf.strings.ngrams(data, (0, 2)))
err(lambda: tf.strings.ngrams(data, [2, -1]))
P(tf.strings.ngrams(tf.zeros([2, 0], tf.string), 2))
P(tf.strings.ngrams(tf.zeros([2, 0], tf.string), 2, pad_values='#', preserve_short_sequences=True))
P(tf.strings.ngrams(tf.zeros([0, 3], tf.string), (1, 2)))
P(tf.strings.ngrams(tf.zeros([0], tf.string), 2, pad_values='#'))
P(tf.strings.ngrams(tf.constant([['a']]), 4, pad_values='#', padding_width=1,
                    preserve_short_sequences=True))
P(tf.strings.ngrams(data, 2, separator=b'|', pad_values=[b'<', '>']))
P(tf.strings.ngrams(tf.Variable([['x', 'y', 'z']]), 2))
""")

_t("ngrams_in_function", """
@tf.function
def f(x):
    return tf.strings.ngrams(x, 2, separator='_', pad_values=('<s>', '</s>'), padding_width=1)
P(f(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']])))
@tf.function(input_signature=[tf.TensorSpec([None, None], tf.string)])
def g(x):
    return tf.strings.ngrams(x, (1, 2))
P(g(tf.constant([['a', 'b'], ['c', 'd']])))
P(g(tf.constant([['p', 'q', 'r']])))
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.string)])
def h(x):
    return tf.strings.ngrams(x, 3, preserve_short_sequences=True)
P(h(tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']])))
""")


# -- the global random generator ------------------------------------------------------------

_t("global_generator_from_seed", """
g = tf.random.Generator.from_seed(42)
tf.random.set_global_generator(g)
gg = tf.random.get_global_generator()
print(gg is g, type(gg).__name__, gg.algorithm)
P(gg.normal([3]))
P(gg.uniform([2], maxval=10, dtype=tf.int32))
P(tf.random.get_global_generator().uniform([2], dtype=tf.float64))
P(gg.state.numpy())
ref = tf.random.Generator.from_seed(42)
P(ref.normal([3]))
P(ref.uniform([2], maxval=10, dtype=tf.int32))
tf.random.set_global_generator(tf.random.Generator.from_seed(42, alg='philox'))
print(tf.random.get_global_generator().algorithm)
P(tf.random.get_global_generator().normal([2]))
""")

_t("global_generator_after_set_seed", """
tf.random.set_global_generator(tf.random.Generator.from_seed(7))
g = tf.random.get_global_generator()
tf.random.set_seed(7)
print(tf.random.get_global_generator() is g)
a = tf.random.get_global_generator().normal([2])
tf.random.set_seed(7)
b = tf.random.get_global_generator().normal([2])
P(a)
P(b)
ref = tf.random.Generator.from_seed(7)
P(ref.normal([4]))
tf.random.set_seed(7)
x1 = tf.random.uniform([2])
tf.random.set_seed(7)
x2 = tf.random.uniform([2])
P(x1)
print(bool(tf.reduce_all(x1 == x2)))
# A global generator made from a non-deterministic state: only its structure is
# deterministic, set_seed does not make its values so.
tf.random.set_global_generator(tf.random.Generator.from_non_deterministic_state())
tf.random.set_seed(1)
n = tf.random.get_global_generator().normal([3, 2])
print(n.shape, n.dtype.name, tf.random.get_global_generator().state.shape,
      tf.random.get_global_generator().state.dtype.name)
""")

_t("global_generator_in_function", """
tf.random.set_global_generator(tf.random.Generator.from_seed(3))
@tf.function
def draw():
    return tf.random.get_global_generator().normal([2])
P(draw())
P(draw())
# The traced function keeps the generator it captured.
tf.random.set_global_generator(tf.random.Generator.from_seed(3))
P(draw())
P(tf.random.get_global_generator().normal([2]))
@tf.function
def draw2(n):
    g = tf.random.get_global_generator()
    return g.uniform([n], maxval=100, dtype=tf.int64), g.normal([1], dtype=tf.float64)
P(draw2(2))
P(draw2(3))
""")


# -- tf.keras.metrics functions -------------------------------------------------------------

_t("keras_metrics_accuracy", """
M = tf.keras.metrics
yt = tf.constant([[0., 1.], [1., 0.], [0., 1.]])
yp = tf.constant([[0.3, 0.7], [0.4, 0.6], [0.9, 0.1]])
P(M.binary_accuracy(yt, yp))
P(M.binary_accuracy(yt, yp, threshold=0.35))
P(M.binary_accuracy([1, 0, 1], [0.9, 0.2, 0.4]))
P(M.binary_accuracy(tf.constant([[1], [0]]), tf.constant([[0.7], [0.7]], tf.float64)))
P(M.categorical_accuracy(yt, yp))
P(M.categorical_accuracy(np.array([[0, 0, 1], [0, 1, 0]]), np.array([[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]])))
P(M.sparse_categorical_accuracy(tf.constant([1, 0, 0]), yp))
P(M.sparse_categorical_accuracy(tf.constant([[1], [0], [0]]), yp))
P(M.sparse_categorical_accuracy([1., 1., 0.], yp))
P(M.sparse_categorical_accuracy(tf.constant([[1, 0]]), tf.constant([[[0.2, 0.8], [0.6, 0.4]]])))
for n in ['binary_accuracy', 'categorical_accuracy', 'sparse_categorical_accuracy', 'mse', 'mae',
          'huber', 'binary_crossentropy', 'categorical_crossentropy',
          'sparse_categorical_crossentropy', 'mean_squared_error', 'mean_absolute_error']:
    print(n, hasattr(M, n))
""")

_t("keras_metrics_losses", """
M = tf.keras.metrics
yt = tf.constant([[0., 1.], [1., 0.], [0., 1.]])
yp = tf.constant([[0.25, 0.75], [0.5, 0.5], [1., 0.]])
P(M.mse(yt, yp))
P(M.mae(yt, yp))
P(M.mse([1., 2.], [2., 4.]))
P(M.mae(tf.constant([[1, 2]]), tf.constant([[2., 4.]], tf.float64)))
P(M.huber(yt, yp))
P(M.huber(yt, yp, delta=0.5))
P(M.huber([[0., 4.]], [[1., 1.]]))
""")

_t("keras_metrics_crossentropy", """
M = tf.keras.metrics
yt = tf.constant([[0., 1.], [1., 0.]])
yp = tf.constant([[0.5, 0.5], [1., 0.]])
P(M.binary_crossentropy(yt, yp))
P(M.categorical_crossentropy(yt, yp))
P(M.sparse_categorical_crossentropy(tf.constant([1, 0]), yp))
P(M.binary_crossentropy(yt, tf.constant([[0., 0.], [0., 0.]]), from_logits=True))
P(M.categorical_crossentropy(yt, tf.zeros([2, 2]), from_logits=True))
P(M.sparse_categorical_crossentropy(tf.constant([0, 1]), tf.zeros([2, 2]), from_logits=True))
err(lambda: M.sparse_categorical_crossentropy([0, 1], tf.zeros([2, 2]), from_logits=True))
""")

_t("keras_metrics_in_function", """
M = tf.keras.metrics
@tf.function
def f(yt, yp, labels):
    return (M.binary_accuracy(yt, yp), M.categorical_accuracy(yt, yp),
            M.sparse_categorical_accuracy(labels, yp), M.mse(yt, yp), M.mae(yt, yp))
yt = tf.constant([[0., 1.], [1., 0.], [0., 1.]])
yp = tf.constant([[0.25, 0.75], [0.5, 0.5], [1., 0.]])
P(f(yt, yp, tf.constant([1, 1, 0])))
@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2])])
def g(yt, yp):
    return M.categorical_accuracy(yt, yp)
P(g(yt, yp))
P(g.get_concrete_function().structured_outputs)
""")


# -- tf.keras.optimizers.serialize / deserialize ---------------------------------------------

_t("keras_optimizer_serialize", """
O = tf.keras.optimizers
print(O.serialize(O.Adam(learning_rate=0.01, name='my_adam')))
print(O.serialize(O.SGD(momentum=0.9, nesterov=True, clipnorm=1.0, name='s')))
for cls in ['Adadelta', 'Adagrad', 'Adamax', 'AdamW', 'Ftrl', 'Lion', 'Nadam', 'RMSprop']:
    print(O.serialize(getattr(O, cls)(name='o_' + cls.lower())))
sched = O.schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5)
print(O.serialize(O.Adam(sched, global_clipnorm=2.0, name='sched_adam')))
""")

_t("keras_optimizer_deserialize", """
O = tf.keras.optimizers
def show(opt):
    c = opt.get_config()
    c.pop('name')
    print(type(opt).__name__, c)
d = O.deserialize(O.serialize(O.Adam(learning_rate=0.01, beta_1=0.8, name='a1')))
print(type(d).__name__, d.name, d.get_config())
show(O.deserialize({'class_name': 'SGD', 'config': {'learning_rate': 0.5}}))
show(O.deserialize({'class_name': 'RMSprop', 'config': {'rho': 0.8, 'name': 'r'}}))
show(O.deserialize({'class_name': 'adam', 'config': {}}))
show(O.deserialize({'module': 'keras.optimizers', 'class_name': 'Nadam',
                    'config': {'learning_rate': 0.002}, 'registered_name': None}))
sched = O.schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5)
c = O.serialize(O.SGD(sched, name='s1'))
e = O.deserialize(c)
print(type(e.learning_rate).__name__, e.get_config()['learning_rate'])
print(c['class_name'], type(c['config']['learning_rate']).__name__)
c = {'class_name': 'Adamax', 'config': {'learning_rate': 0.5}}
show(O.deserialize(c))
print(c)
print(O.get(None))
show(O.get('RMSprop'))
o = O.SGD(name='mine')
print(O.get(o) is o)
err(lambda: O.deserialize({'class_name': 'SGD', 'module': None, 'config': {}}))
err(lambda: O.deserialize({'class_name': 'SGD', 'config': 1.0}))
show(O.get('adam'))
show(O.get({'class_name': 'Adagrad', 'config': {'epsilon': 0.5}}))
err(lambda: O.deserialize({'class_name': 'NoSuchOptimizer', 'config': {}}))
err(lambda: O.get('no_such_optimizer'))
err(lambda: O.get(3))
""")


# -- tf.saved_model.LoadOptions (and SaveOptions' VariablePolicy) ----------------------------

_t("saved_model_load_options", """
o = tf.saved_model.LoadOptions()
print(type(o).__name__, sorted(a for a in dir(o) if not a.startswith('_')))
print(o.allow_partial_checkpoint, o.experimental_io_device, o.experimental_skip_checkpoint,
      repr(o.experimental_variable_policy), o.experimental_load_function_aliases)
o2 = tf.saved_model.LoadOptions(allow_partial_checkpoint=True,
                                experimental_io_device='/job:localhost',
                                experimental_skip_checkpoint=True,
                                experimental_variable_policy='expand_distributed_variables',
                                experimental_load_function_aliases=True)
print(o2.allow_partial_checkpoint, o2.experimental_io_device, o2.experimental_skip_checkpoint,
      repr(o2.experimental_variable_policy), o2.experimental_load_function_aliases)
VP = tf.saved_model.experimental.VariablePolicy
print([repr(p) for p in VP])
for p in [None, 'SAVE_VARIABLE_DEVICES', 'save_variable_devices', VP.NONE,
          VP.EXPAND_DISTRIBUTED_VARIABLES, 'none', 'bogus', 3]:
    try:
        print(repr(tf.saved_model.LoadOptions(experimental_variable_policy=p)
                   .experimental_variable_policy))
    except Exception as e:
        print(type(e).__name__, e)
o.allow_partial_checkpoint = True
print(o.allow_partial_checkpoint)
err(lambda: setattr(o, 'foo', 1))
err(lambda: tf.saved_model.LoadOptions(foo=1))
err(lambda: tf.saved_model.LoadOptions(True, None, False, None, False, 1))
print(tf.saved_model.LoadOptions(True).allow_partial_checkpoint)
""")

_t("saved_model_save_options", """
o = tf.saved_model.SaveOptions()
print(o.namespace_whitelist, o.save_debug_info, o.function_aliases, repr(o.experimental_variable_policy),
      o.experimental_custom_gradients, o.experimental_image_format, o.experimental_skip_saver,
      o.experimental_sharding_callback, o.extra_tags, o.experimental_io_device,
      o.experimental_debug_stripper)
o = tf.saved_model.SaveOptions(namespace_whitelist=['Foo', 'Bar'],
                               experimental_variable_policy='Save_Variable_Devices')
print(o.namespace_whitelist, repr(o.experimental_variable_policy))
err(lambda: tf.saved_model.SaveOptions(namespace_whitelist='Foo'))
err(lambda: tf.saved_model.SaveOptions(namespace_whitelist=[1]))
err(lambda: tf.saved_model.SaveOptions(experimental_variable_policy='x'))
err(lambda: tf.saved_model.SaveOptions(experimental_image_format=True))
""")


# -- tf.data.ThreadingOptions ---------------------------------------------------------------

_t("data_threading_options", """
t = tf.data.ThreadingOptions()
print(type(t).__name__, [a for a in dir(t) if not a.startswith('_')])
print(t.max_intra_op_parallelism, t.private_threadpool_size)
print(tf.data.experimental.ThreadingOptions is tf.data.ThreadingOptions)
t.max_intra_op_parallelism = 1
t.private_threadpool_size = 4
print(t.max_intra_op_parallelism, t.private_threadpool_size)
print(tf.data.ThreadingOptions() == tf.data.ThreadingOptions(), t == tf.data.ThreadingOptions(),
      t != tf.data.ThreadingOptions(), t == 4)
u = tf.data.ThreadingOptions()
u.private_threadpool_size = 0
print(u == tf.data.ThreadingOptions(), u.private_threadpool_size)
err(lambda: setattr(u, 'private_threadpool_size', None))
err(lambda: setattr(t, 'foo', 1))
err(lambda: setattr(t, 'private_threadpool_size', 'x'))
err(lambda: setattr(t, 'max_intra_op_parallelism', 2.0))
t.private_threadpool_size = True
print(t.private_threadpool_size)
""")

_t("data_threading_options_in_options", """
opts = tf.data.Options()
print(type(opts.threading).__name__, opts.threading.private_threadpool_size,
      opts.threading.max_intra_op_parallelism)
opts.threading.private_threadpool_size = 3
print(opts.threading.private_threadpool_size)
t = tf.data.ThreadingOptions()
t.max_intra_op_parallelism = 1
t.private_threadpool_size = 4
opts.threading = t
print(opts.threading is t, opts.threading.private_threadpool_size,
      opts.threading.max_intra_op_parallelism)
err(lambda: setattr(opts, 'threading', 5))
err(lambda: setattr(opts, 'threading', None))
a = tf.data.Options()
a.threading.private_threadpool_size = 2
b = tf.data.Options()
b.threading.max_intra_op_parallelism = 1
m = a.merge(b)
print(m.threading.private_threadpool_size, m.threading.max_intra_op_parallelism,
      m.threading is a.threading)
print(a == tf.data.Options(), tf.data.Options() == tf.data.Options())
ds = tf.data.Dataset.range(3).with_options(opts)
got = ds.options()
print(got.threading.private_threadpool_size, got.threading.max_intra_op_parallelism,
      got.threading is t)
err(lambda: setattr(got, 'threading', tf.data.ThreadingOptions()))
def double(x):
    return x * 2
ds2 = ds.map(double).with_options(a)
print(ds2.options().threading.private_threadpool_size,
      ds2.options().threading.max_intra_op_parallelism)
print(list(ds2.as_numpy_iterator()))
def add(s, x):
    return s + x
@tf.function
def total():
    return ds2.reduce(tf.constant(0, tf.int64), add)
P(total())
t.private_threadpool_size = 9
print(ds.options().threading.private_threadpool_size)
err(lambda: setattr(ds.options().threading, 'private_threadpool_size', 1))
o = tf.data.Options()
o.experimental_threading = tf.data.ThreadingOptions()
print(o.threading.private_threadpool_size, o.experimental_deterministic)
o.experimental_deterministic = False
print(o.deterministic)
print(ds.options() == tf.data.Options(), tf.data.Dataset.range(2).options() == tf.data.Options())
""")

