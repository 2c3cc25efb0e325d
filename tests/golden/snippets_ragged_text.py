"""Golden snippets: the tf.RaggedTensor results of tf.strings (issue 17): split, bytes_split,
unicode_split, unicode_decode(_with_offsets), ngrams and the elementwise string ops of
ragged input, eager and inside tf.function; RaggedTensor.to_sparse/from_sparse;
uniform_row_length partitions; ragged elements in tf.data (from_tensor_slices, batch,
ragged_batch, dense_to_ragged_batch, map, element_spec)."""
from snippet_registry import Snippets

SNIPPETS = Snippets()
_s = SNIPPETS.add
_errs = SNIPPETS.errs

# ---------------------------------------------------------------------------
# tf.strings.split and friends

_s("strings_split_ragged", """
r = tf.strings.split(tf.constant(['a b', 'c', '']))
print(r, r.shape, r.ragged_rank, r.dtype, r.row_splits.dtype, r.uniform_row_length)
print(repr(r.row_splits))
print(tf.strings.split(['a,b,,c', ''], sep=','))
print(tf.strings.split(['a,b,,c', 'x,y'], sep=',', maxsplit=1))
print(tf.strings.split(['  a  b ', ' '], sep=None))
print(tf.strings.split(['  a  b ', ' '], sep=''))
print(tf.strings.split(['a<>b<>', '<>'], sep='<>'))
print(tf.strings.split(tf.constant('a b c')))
r2 = tf.strings.split(tf.constant([['a b', 'c'], ['d', 'e f g']]))
print(r2, r2.shape, r2.ragged_rank)
print(repr(r2.uniform_row_length), repr(r2.row_splits), r2.values.shape)
r3 = tf.strings.split(tf.ragged.constant([['a b'], [], ['c d', 'e']]))
print(r3, r3.shape, r3.ragged_rank)
print(tf.strings.split(tf.constant([], tf.string)))
""")
_s("strings_bytes_unicode_split", """
print(tf.strings.bytes_split(['hé', 'ab', '']))
print(tf.strings.bytes_split('xyz'))
print(tf.strings.unicode_split(['héllo', 'ab', ''], 'UTF-8'))
print(tf.strings.unicode_split([['ab', 'c']], 'UTF-8'))
print(tf.strings.unicode_split(['a\\xffb'.encode('latin-1')], 'UTF-8'))
print(tf.strings.unicode_split(['a\\xffb'.encode('latin-1')], 'UTF-8', errors='ignore'))
""")
_s("strings_unicode_decode_ragged", """
r = tf.strings.unicode_decode(['héllo', 'ab', ''], 'UTF-8')
print(r, r.dtype, r.row_splits.dtype, r.shape)
print(tf.strings.unicode_decode([['€', 'a']], 'UTF-8'))
print(tf.strings.unicode_decode(['a\\xffb'.encode('latin-1')], 'UTF-8', replacement_char=63))
c, o = tf.strings.unicode_decode_with_offsets(['héllo', 'a€b'], 'UTF-8')
print(c, o, c.dtype, o.dtype)
c, o = tf.strings.unicode_decode_with_offsets('h€', 'UTF-8')
print(c, o)
print(tf.strings.unicode_encode(tf.strings.unicode_decode(['héllo', 'ab'], 'UTF-8').to_tensor(),
                                'UTF-8'))
""")
_errs("strings_unicode_errors",
      "tf.strings.unicode_decode(['a\\xffb'.encode('latin-1')], 'UTF-8', errors='strict')",
      "tf.strings.unicode_split(['a'], 'UTF-8', errors='bad')",
      "tf.strings.split(tf.constant([1, 2]))",
      "tf.strings.unicode_decode([1], 'UTF-8')")
_s("strings_unicode_offsets_more", """
bad = 'a\\xffb'.encode('latin-1')
print(tf.strings.unicode_decode_with_offsets([bad, 'é'], 'UTF-8', errors='ignore'))
print(tf.strings.unicode_decode_with_offsets('', 'UTF-8'))
print(tf.strings.unicode_decode_with_offsets(tf.ragged.constant([['ab'], []]), 'UTF-8'))
""")
_errs("strings_unicode_offsets_errors",
      "tf.strings.unicode_decode_with_offsets(['a\\xffb'.encode('latin-1')], 'UTF-8', "
      "errors='strict')",
      "tf.strings.unicode_decode_with_offsets('a\\xffb'.encode('latin-1'), 'UTF-8', "
      "errors='strict')",
      "tf.strings.unicode_decode_with_offsets(['a'], 'UTF-8', errors='bad')",
      "tf.strings.unicode_decode_with_offsets(tf.constant([1]), 'UTF-8')",
      "tf.strings.bytes_split(tf.constant([1]))",
      "tf.strings.split(tf.ragged.constant([[1]]))",
      "tf.strings.ngrams(tf.ragged.constant([[1]]), 2)",
      "tf.strings.ngrams(tf.ragged.constant([['a']]), 0)")
_s("strings_ngrams_ragged", """
x = tf.ragged.constant([['a', 'b', 'c'], ['d'], []])
r = tf.strings.ngrams(x, 2)
print(r, r.shape, r.row_splits.dtype)
print(tf.strings.ngrams(x, [1, 2], pad_values='#'))
print(tf.strings.ngrams(x, 3, separator='_', pad_values=('<', '>'), padding_width=1))
print(tf.strings.ngrams(x, 4, preserve_short_sequences=True))
print(tf.strings.ngrams(tf.ragged.constant([[['a', 'b'], ['c']], []]), 2))
print(tf.strings.ngrams(x.with_row_splits_dtype(tf.int32), 2).row_splits.dtype)
print(tf.strings.ngrams(tf.constant([['a', 'b', 'c']]), 2))
""")
_s("strings_elementwise_ragged", """
x = tf.ragged.constant([['ab', 'c'], ['dé'], []])
print(tf.strings.length(x))
print(tf.strings.length(x, unit='UTF8_CHAR'))
print(tf.strings.upper(x), tf.strings.lower(tf.strings.upper(x)))
print(tf.strings.substr(x, 0, 1))
print(tf.strings.regex_replace(x, 'a', 'z'), tf.strings.regex_full_match(x, 'a.'))
print(tf.strings.strip(tf.ragged.constant([[' a '], []])))
print(tf.strings.to_number(tf.ragged.constant([['1', '2.5'], ['3']])))
print(tf.strings.as_string(tf.ragged.constant([[1, 2], [3]])))
print(tf.strings.to_hash_bucket_fast(x, 10))
print(tf.strings.reduce_join(x, axis=1, separator='-'))
print(tf.strings.reduce_join(x, axis=-1))
print(tf.strings.reduce_join(x))
print(tf.strings.reduce_join(tf.ragged.constant([[['a', 'b'], ['c']], []]), axis=2))
""")
_s("strings_split_in_function", """
@tf.function
def f():
    r = tf.strings.split(tf.constant(['a b', 'c d e']))
    return r, tf.strings.length(r), tf.strings.ngrams(r, 2)
print(f())

@tf.function
def g(x):
    return tf.strings.ngrams(x, 2), tf.strings.upper(x), tf.strings.length(x)
print(g(tf.ragged.constant([['a', 'b', 'c'], ['d']])))
""")

# ---------------------------------------------------------------------------
# to_sparse / from_sparse

_s("ragged_to_sparse", """
s = tf.ragged.constant([[1, 2], [], [3]]).to_sparse()
print(s)
print(s.shape, s.dtype)
print(tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]]).to_sparse())
print(tf.ragged.constant([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1).to_sparse())
print(tf.strings.split(['a b', 'c']).to_sparse())
print(tf.sparse.to_dense(tf.ragged.constant([[1, 2], [3]]).to_sparse()))

@tf.function
def f(x):
    s = x.to_sparse()
    return s.indices, s.values, s.dense_shape
print(f(tf.ragged.constant([[1, 2], [3]])))
""")
_s("ragged_from_sparse", """
st = tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1., 2., 3.], [4, 3])
r = tf.RaggedTensor.from_sparse(st)
print(r, r.shape, r.row_splits.dtype)
r = tf.RaggedTensor.from_sparse(st, row_splits_dtype=tf.int32)
print(r, r.row_splits.dtype)
print(tf.RaggedTensor.from_sparse(tf.sparse.from_dense([[1, 0], [2, 3]])))
rt = tf.ragged.constant([['a', 'b'], [], ['c']])
print(tf.RaggedTensor.from_sparse(rt.to_sparse()))
""")
_errs("ragged_from_sparse_errors",
      "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 0]], "
      "[1, 2, 3], [2, 3]))",
      "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 1]], [1], [2, 3]))",
      "tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [2, 3, 1]))",
      "tf.RaggedTensor.from_sparse(tf.constant([[1]]))")

# ---------------------------------------------------------------------------
# uniform_row_length

_s("ragged_uniform_row_length", """
u = tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4, 5, 6], 3)
print(u, u.shape, u.ragged_rank, repr(u.uniform_row_length), repr(u.row_splits))
print(u._type_spec, u.row_lengths())
u2 = tf.RaggedTensor.from_uniform_row_length(tf.ragged.constant([[1], [2, 3], [], [4]]), 2)
print(u2, u2.shape, u2.row_lengths(), u2.ragged_rank)
print((u2 + 1).shape, u2.to_tensor())
print(u2[0], u2[:, 1], u2[1, 1])
print(tf.RaggedTensor.from_uniform_row_length([], 0), tf.RaggedTensor.from_uniform_row_length(
    [], 0).shape)
print(tf.RaggedTensor.from_uniform_row_length([1, 2], 1, nrows=2).shape)
r = tf.RaggedTensor.from_tensor([[1, 2], [3, 4]])
print(r.shape, repr(r.uniform_row_length))
r = tf.RaggedTensor.from_tensor([[[1, 2], [3, 4]]], ragged_rank=2)
print(r, r.shape, repr(r.uniform_row_length), repr(r.values.uniform_row_length))
print(tf.ragged.constant([[1], [2, 3]]).uniform_row_length)
print(u.with_row_splits_dtype(tf.int32).uniform_row_length.dtype)

@tf.function
def f(x):
    return tf.RaggedTensor.from_uniform_row_length(x, 2)
r = f(tf.constant([1, 2, 3, 4]))
print(r, r.shape)
""")
_s("ragged_from_tensor_uniform_and_nested", """
t = tf.reshape(tf.range(12), [2, 2, 3])
r = tf.RaggedTensor.from_tensor(t, lengths=([2, 1], [1, 3, 2]))
print(r, r.shape, r.ragged_rank)
r = tf.RaggedTensor.from_tensor(t, lengths=[2, 1, 0, 3], ragged_rank=2)
print(r, r.shape, repr(r.uniform_row_length))
r = tf.RaggedTensor.from_tensor(t, padding=0, ragged_rank=2)
print(r, r.shape)
r = tf.RaggedTensor.from_tensor(tf.reshape(tf.range(24), [2, 3, 2, 2]), ragged_rank=3)
print(r.shape, r.ragged_rank, [repr(x.uniform_row_length) for x in (r, r.values, r.values.values)])
try:
    tf.RaggedTensor.from_tensor(t, lengths=([2, 1], [1, 3, 2]), ragged_rank=3)
except ValueError as e:
    print('ValueError:', e)
""")
_errs("ragged_uniform_row_length_errors",
      "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4, 5], 2)",
      "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], -1)",
      "tf.RaggedTensor.from_uniform_row_length([1, 2], 0)",
      "tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2, nrows=3)",
      "tf.RaggedTensor.from_uniform_row_length([1, 2], [1, 1])",
      "tf.RaggedTensor.from_uniform_row_length([1, 2], 1, validate=1)")

# ---------------------------------------------------------------------------
# tf.data

_s("data_ragged_slices_batch", """
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
ds = tf.data.Dataset.from_tensor_slices(rt)
print(ds.element_spec)
for x in ds:
    print(type(x).__name__, x)
b = ds.batch(2)
print(b.element_spec)
for x in b:
    print(type(x).__name__, x)
print(ds.batch(2, drop_remainder=True).element_spec)
print(list(ds.as_numpy_iterator()))
print(list(b.as_numpy_iterator()))
""")
_s("data_ragged_nested", """
rt3 = tf.ragged.constant([[[1], [2, 3]], [], [[4]]])
ds3 = tf.data.Dataset.from_tensor_slices((rt3, tf.constant([1, 2, 3])))
print(ds3.element_spec)
for x in ds3:
    print(x)
print(ds3.batch(2, drop_remainder=True).element_spec)
for x in ds3.batch(2):
    print(x)
d = tf.data.Dataset.from_tensor_slices({'a': tf.ragged.constant([['x'], ['y', 'z']])})
print(d.element_spec)
for x in d.batch(2):
    print(x)
print(tf.data.Dataset.from_tensors(rt3).element_spec)
for x in tf.data.Dataset.from_tensors(rt3).repeat(2).batch(2):
    print(x, x.shape)
""")
_s("data_ragged_batch", """
def head(x):
    return x[:x[0]]
def upto(x):
    return tf.range(x)
def fill(x):
    return tf.fill([2, 3], x)
def rows(x):
    return tf.fill([2, x], x)
d = tf.data.Dataset.from_tensor_slices(tf.constant([[1, 2, 3], [4, 5, 6]])).map(head)
print(d.element_spec)
r = d.ragged_batch(2)
print(r.element_spec)
for x in r:
    print(x)
r = tf.data.Dataset.range(4).map(upto).ragged_batch(3)
print(r.element_spec)
for x in r:
    print(x)
print(tf.data.Dataset.range(3).map(fill).ragged_batch(2).element_spec)
r = tf.data.Dataset.range(3).map(rows).ragged_batch(2)
print(r.element_spec)
for x in r:
    print(x, x.shape)
r = tf.data.Dataset.range(3).map(upto).ragged_batch(
    2, drop_remainder=True, row_splits_dtype=tf.int32)
print(r.element_spec)
for x in r:
    print(x, x.row_splits.dtype)
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
print(tf.data.Dataset.from_tensor_slices(rt).ragged_batch(3).element_spec)
""")
_s("data_ragged_map", """
def double(x):
    return x * 2
def inc(x):
    return x + 1
def total(x):
    return tf.reduce_sum(x, axis=1)
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
ds = tf.data.Dataset.from_tensor_slices(rt)
m = ds.map(double)
print(m.element_spec)
for x in m:
    print(x)
m = ds.batch(2).map(inc)
print(m.element_spec)
for x in m:
    print(x)
m = ds.batch(2).map(total)
print(m.element_spec)
for x in m:
    print(x)
m = tf.data.Dataset.from_tensor_slices(tf.constant(['a b', 'c'])).map(tf.strings.split)
print(m.element_spec)
for x in m.ragged_batch(2):
    print(x)
""")
_s("data_ragged_generator_unbatch", """
def gen():
    yield tf.ragged.constant([[1], [2, 3]])
    yield tf.ragged.constant([[4, 5, 6]])
g = tf.data.Dataset.from_generator(
    gen, output_signature=tf.RaggedTensorSpec([None, None], tf.int32, 1))
print(g.element_spec)
for x in g:
    print(x, x.row_splits.dtype)
def gen_bad():
    yield tf.ragged.constant([[1], [2, 3]], row_splits_dtype=tf.int32)
try:
    list(tf.data.Dataset.from_generator(
        gen_bad, output_signature=tf.RaggedTensorSpec([None, None], tf.int32, 1)))
except tf.errors.InvalidArgumentError as e:
    print(str(e).splitlines()[0].split(' [Op:')[0])   # (TF adds the Python traceback)
u = g.unbatch()
print(u.element_spec)
for x in u:
    print(x)
rt = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
ds = tf.data.Dataset.from_tensor_slices(rt).batch(2)
print(ds.cardinality(), list(ds.take(1)), list(ds.cache()))
print(tf.data.Dataset.zip((ds, ds)).element_spec)
print(list(ds.concatenate(ds).skip(2)))
try:
    ds.padded_batch(2)
except TypeError as e:
    print('TypeError:', e)
""")
