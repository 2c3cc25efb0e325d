"""Golden snippets: tf.lookup's tables (StaticHashTable, StaticVocabularyTable,
MutableHashTable, DenseHashTable) and initializers (KeyValueTensorInitializer,
TextFileInitializer), eagerly and inside tf.function, their checkpoints, and their errors.
Exports are printed sorted (a hash table's order is its own) except DenseHashTable's,
whose bucket layout is TF's."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add

_FILE = """
import os, tempfile
d = tempfile.mkdtemp()
def path(name, text):
    p = os.path.join(d, name)
    with open(p, 'w') as f:
        f.write(text)
    return p
"""


def _sorted_export():
    return """
def show(table):
    k, v = table.export()
    order = np.argsort(k.numpy(), kind='stable')
    print(k.dtype, v.dtype, k.shape, v.shape)
    print(k.numpy()[order], v.numpy()[order])
"""


_s("static_hash_table_strings", """
init = tf.lookup.KeyValueTensorInitializer(['a', 'b', 'c'], [7, 8, 9])
print(init.key_dtype, init.value_dtype)
t = tf.lookup.StaticHashTable(init, default_value=-1)
print(t.key_dtype, t.value_dtype, t.default_value, t.name)
print(t.lookup(tf.constant(['a', 'f', 'c'])))
print(t[tf.constant([['a', 'b'], ['c', 'd']])])
print(t.lookup(tf.constant('b')))
print(t.size())
""")

_s("static_hash_table_ints_and_floats", """
init = tf.lookup.KeyValueTensorInitializer(tf.constant([1, 5, 9], tf.int64), [0.5, 1.5, 2.5])
t = tf.lookup.StaticHashTable(init, default_value=-1.0)
print(t.lookup(tf.constant([9, 1, 4], tf.int64)), t.size())
s = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer([3, 4], ['three', 'four']), default_value='?')
print(s.lookup(tf.constant([4, 3, 0])))
k, v = s.export()
order = np.argsort(k.numpy())
print(k.numpy()[order], v.numpy()[order])
""")

_s("static_hash_table_in_function", """
t = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(['x', 'y'], tf.constant([1, 2], tf.int64)), -1)
@tf.function
def f(keys):
    return t.lookup(keys), t.size()
print(f(tf.constant(['y', 'q', 'x'])))
print(f(tf.constant([['x'], ['y']])))
@tf.function
def g(keys):
    return t.lookup(tf.strings.lower(keys)) * 10
print(g(tf.constant(['X', 'Y', 'Z'])))
""")

_s("static_hash_table_sparse_keys", """
t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a', 'b'], [1, 2]), 0)
sp = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=['b', 'z'], dense_shape=[2, 3])
out = t.lookup(sp)
print(type(out).__name__, out.indices, out.values, out.dense_shape)
""")

_s("static_vocabulary_table_oov_buckets", """
init = tf.lookup.KeyValueTensorInitializer(
    keys=tf.constant(['emerson', 'lake', 'palmer']), values=tf.constant([0, 1, 2], tf.int64))
table = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=5)
words = tf.constant(['emerson', 'lake', 'palmer', 'king', 'crimson', '', 'a', 'moon',
                     'tarkus', 'black', 'x' * 20, 'y' * 40, 'z' * 70, 'caf\\u00e9'])
print(table.lookup(words))
print(table.size(), table.key_dtype, table.value_dtype, table.resource_handle is None)
one = tf.lookup.StaticVocabularyTable(
    tf.lookup.KeyValueTensorInitializer(['emerson', 'lake', 'palmer'],
                                        tf.constant([1, 2, 3], tf.int64)), num_oov_buckets=1)
print(one[tf.constant(['emerson', 'lake', 'palmer', 'king'])])
only = tf.lookup.StaticVocabularyTable(None, num_oov_buckets=7)
print(only.lookup(words), only.size(), only.name)
""")

_s("static_vocabulary_table_int_keys", """
init = tf.lookup.KeyValueTensorInitializer(tf.constant([10, 20, 30], tf.int64),
                                           tf.constant([0, 1, 2], tf.int64))
t = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=4)
print(t.lookup(tf.constant([20, 7, 30, -5, 123456789], tf.int64)))
t32 = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=4, lookup_key_dtype=tf.int32)
print(t32.key_dtype, t32.lookup(tf.constant([10, 11, 12])))
""")

_s("static_vocabulary_table_in_function", """
init = tf.lookup.KeyValueTensorInitializer(['a', 'b'], tf.constant([0, 1], tf.int64))
t = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=3)
@tf.function
def f(x):
    return t.lookup(x), t.size()
print(f(tf.constant(['b', 'c', 'dd', 'a', 'eee'])))
""")

_s("text_file_initializer", _FILE + """
f = path('vocab.txt', 'emerson 10\\nlake 20\\npalmer 30\\n')
init = tf.lookup.TextFileInitializer(f, key_dtype=tf.string, key_index=0,
                                     value_dtype=tf.int64, value_index=1, delimiter=' ')
t = tf.lookup.StaticHashTable(init, default_value=-1)
print(t.lookup(tf.constant(['palmer', 'lake', 'tarkus'])), t.size())
w = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
    f, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
    tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), -1)
print(w.lookup(tf.constant(['palmer 30', 'lake 20', 'lake'])))
inv = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
    f, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER,
    tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, value_index_offset=2), 'none')
print(inv.lookup(tf.constant([0, 2, 3, 4], tf.int64)))
v = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
    f, tf.string, 0, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER, vocab_size=2,
    delimiter=' '), -1)
print(v.lookup(tf.constant(['emerson', 'lake', 'palmer'])), v.size())
print(tf.lookup.TextFileIndex.WHOLE_LINE, tf.lookup.TextFileIndex.LINE_NUMBER)
voc = tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
    path('v2.txt', 'emerson\\nlake\\npalmer\\ncrimnson'), tf.string,
    tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), 3)
print(voc.lookup(tf.constant(['palmer', 'crimnson', 'king', 'tarkus', 'black', 'moon'])))
""")

_s("mutable_hash_table", _sorted_export() + """
m = tf.lookup.experimental.MutableHashTable(key_dtype=tf.string, value_dtype=tf.int64,
                                            default_value=-1)
print(m.key_dtype, m.value_dtype, m.name, m.size(), hasattr(m, 'default_value'))
m.insert(tf.constant(['a', 'b']), tf.constant([7, 8], tf.int64))
print(m.lookup(tf.constant(['a', 'c'])), m.size())
m.insert(['b', 'c'], [80, 90])
print(m.lookup(['a', 'b', 'c']))
print(m.lookup(tf.constant(['a', 'zz']), dynamic_default_values=tf.constant([-5, -6], tf.int64)))
m.remove(tf.constant(['a', 'nope']))
print(m.size())
show(m)
""")

_s("mutable_hash_table_of_tensors", _sorted_export() + """
m = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, default_value=[0.0, -1.0])
m.insert(tf.constant([3, 4], tf.int64), tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print(m.lookup(tf.constant([4, 5, 3], tf.int64)))
print(m.lookup(tf.constant([[4], [9]], tf.int64)))
show(m)
""")

_s("mutable_hash_table_in_function", _sorted_export() + """
m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, 0)
@tf.function
def count(words):
    m.insert(words, m.lookup(words) + 1)
    return m.size()
print(count(tf.constant(['a', 'b'])))
print(count(tf.constant(['b', 'c'])))
print(count(tf.constant(['a', 'b'])))
print(m.lookup(tf.constant(['a', 'b', 'c', 'd'])))
@tf.function
def drop(k):
    before = m.size()
    m.remove(k)
    return before, m.size()
print(drop(tf.constant(['a'])))
show(m)
""")

_s("dense_hash_table", """
d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                          empty_key=0, deleted_key=-1, initial_num_buckets=8)
d.insert(tf.constant([1, 2, 13], tf.int64), tf.constant([3, 4, 5], tf.int64))
print(d.size(), d.lookup(tf.constant([13, 5, 1], tf.int64)))
k, v = d.export()
print(k.shape, v.shape, k.numpy().ravel(), v.numpy().ravel())
d.insert_or_assign(tf.constant([21, 29, 37, 45], tf.int64), tf.constant([1, 1, 1, 1], tf.int64))
print(d.size(), d.export()[0].numpy().ravel())
d.erase(tf.constant([2], tf.int64))
print(d.size(), d.export()[0].numpy().ravel())
d.insert(tf.constant([2], tf.int64), tf.constant([7], tf.int64))
print(d.export()[0].numpy().ravel(), d.lookup(tf.constant([2, 45], tf.int64)))
s = tf.lookup.experimental.DenseHashTable(tf.string, tf.float32, -1.0, empty_key='',
                                          deleted_key='$', initial_num_buckets=8)
s.insert(tf.constant(['a', 'b', 'c']), tf.constant([1.0, 2.0, 3.0]))
print(s.export()[0].numpy().ravel(), s.lookup(tf.constant(['c', 'q'])))
""")

_s("dense_hash_table_in_function", """
d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, empty_key=-1,
                                          deleted_key=-2, initial_num_buckets=4)
@tf.function
def put(k, v):
    d.insert(k, v)
    return d.lookup(k + 1), d.size()
print(put(tf.constant([0, 1], tf.int64), tf.constant([10, 11], tf.int64)))
print(put(tf.constant([5, 6, 7], tf.int64), tf.constant([1, 2, 3], tf.int64)))
print(d.export()[0].numpy().ravel())
""")

_s("checkpoint_mutable_tables", _FILE + _sorted_export() + """
m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
m.insert(['a', 'b'], tf.constant([1, 2], tf.int64))
dh = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1.0, empty_key=0,
                                           deleted_key=-1, initial_num_buckets=8)
dh.insert(tf.constant([5, 9], tf.int64), [1.5, 2.5])
st = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['q'], [1]), -1)
prefix = tf.train.Checkpoint(m=m, d=dh, s=st).write(os.path.join(d, 'ckpt'))
for name, shape in tf.train.list_variables(prefix):
    print(name, shape)
m2 = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
m2.insert(['old'], tf.constant([9], tf.int64))
dh2 = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1.0, empty_key=0,
                                            deleted_key=-1, initial_num_buckets=4)
tf.train.Checkpoint(m=m2, d=dh2).read(prefix).assert_consumed()
print(m2.lookup(tf.constant(['a', 'b', 'old'])), m2.size())
print(dh2.lookup(tf.constant([5, 9, 1], tf.int64)), dh2.size(), dh2.export()[0].shape)
show(m2)
r = tf.train.load_checkpoint(prefix)
print(r.get_tensor('d/.ATTRIBUTES/table-values').ravel())
""")

SNIPPETS.errs(
    "lookup_errors",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1)"
    ".lookup(tf.constant([1]))",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1)"
    ".lookup(tf.constant([1.5]))",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer("
    "tf.constant([], tf.int64), tf.constant([], tf.float32)), 0.5)",
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a', 'b'], [1]), 0)",
    "tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(['a'], "
    "tf.constant([0], tf.int64)), 0)",
    "tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(['a'], [0]), 2)",
    "tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer([1.0], "
    "tf.constant([0], tf.int64)), 2)",
    "tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(['a'], "
    "tf.constant([0], tf.int64)), 2).lookup(tf.constant([1]))",
    "tf.lookup.TextFileInitializer('', tf.string, 0, tf.int64, 1)",
    "tf.lookup.TextFileInitializer('f', tf.string, -3, tf.int64, 1)",
    "tf.lookup.TextFileInitializer('f', tf.string, -1, tf.int64, 1)",
    "tf.lookup.TextFileInitializer('f', tf.float32, -2, tf.int64, 1)",
    "tf.lookup.TextFileInitializer('f', tf.string, 0, tf.int32, -1)",
    "tf.lookup.TextFileInitializer('f', tf.string, 0, tf.int64, 1, vocab_size=0)",
    "tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1).insert([1], [2])",
    "tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1).remove(tf.constant([1]))",
    "tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)"
    ".insert(['a', 'b'], tf.constant([1], tf.int64))",
    "tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -1)"
    ".insert(tf.constant([0], tf.int64), tf.constant([1], tf.int64))",
    "tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -1)"
    ".lookup(tf.constant([-1], tf.int64))",
    "tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -1)"
    ".erase(tf.constant([1]))",
)

# The padding Keras's TextVectorization applies to dense lookups (output_sequence_length).
_s("required_space_to_batch_paddings", """
print(tf.required_space_to_batch_paddings([4, 5], [3, 2]))
print(tf.required_space_to_batch_paddings([4, 5], [3, 2], base_paddings=[[1, 1], [0, 2]]))
print(tf.required_space_to_batch_paddings(tf.constant([], tf.int32), tf.zeros([0], tf.int32)))
@tf.function
def pad_to(x):
    s = tf.shape(x)
    paddings, crops = tf.required_space_to_batch_paddings(s, tf.concat((s[:-1], [6]), 0))
    return tf.pad(x, paddings), crops
print(pad_to(tf.ones([2, 4])))
""")

_s("static_table_in_loop", """
t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
    tf.constant([1, 2, 3], tf.int64), tf.constant([10.0, 20.0, 30.0])), -1.0)
@tf.function
def total(x):
    acc = tf.constant(0.0)
    for i in tf.range(3):
        acc += tf.reduce_sum(t.lookup(x + tf.cast(i, tf.int64)))
    return acc
print(total(tf.constant([0, 1], tf.int64)))
""")

_s("uninitialized_table_error", """
class Later(tf.lookup.KeyValueTensorInitializer):
    def __init__(self):
        self._key_dtype, self._value_dtype = tf.string, tf.int64
    def initialize(self, table):
        pass
for keys, values in ((tf.string, tf.int64), (tf.int64, tf.int64)):
    class Later2(Later):
        def __init__(self):
            self._key_dtype, self._value_dtype = keys, values
    t = tf.lookup.StaticHashTable(Later2(), -1)
    try:
        t.lookup(tf.constant(['a']) if keys == tf.string else tf.constant([1], tf.int64))
    except Exception as e:
        print(type(e).__name__, e)
""")

_s("static_table_created_in_function", """
@tf.function
def const_keys(x):
    t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a', 'b'], [1, 2]), -1)
    return t.lookup(x)
print(const_keys(tf.constant(['b', 'q'])), const_keys(tf.constant(['a'])))
@tf.function
def traced_keys(x, k):
    t = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(k, [1.5, 2.5]), -1.0)
    return t.lookup(x), t.size()
print(traced_keys(tf.constant([5, 7]), tf.constant([7, 8])))
print(traced_keys(tf.constant([8, 1]), tf.constant([7, 8])))
""")
