"""Golden snippets: TF names added in one batch (tf.audio's WAV codec, tf.fftnd & co.,
tf.edit_distance, tf.fingerprint, tf.strings.unicode_split_with_offsets /
unicode_transcode, tf.ragged.cross / cross_hashed, tf.io.serialize_sparse &
co.), eagerly and inside tf.function."""
import textwrap

from snippet_registry import Snippets

SNIPPETS = Snippets()

# E prints a value's repr or the exception; G the gradients of f at the given points.
_add = SNIPPETS.adder(textwrap.dedent("""
def E(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
def G(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as t:
        for x in xs:
            t.watch(x)
        y = f(*xs)
    for g in t.gradient(y, xs):
        print(None if g is None else repr(g))
""").lstrip("\n"))
_s = _add

_s("wav_encode_decode", """
a = tf.constant([[0.0, 0.5], [-1.0, 1.0], [0.25, -0.3], [2.0, -2.0], [1.5e-5, -1.5e-5],
                 [4.5776367e-05, -4.5776367e-05], [float("nan"), float("inf")]])
w = tf.audio.encode_wav(a, 16000)
E(lambda: w)
E(lambda: tf.audio.decode_wav(w))
E(lambda: tf.audio.decode_wav(w, desired_channels=1, desired_samples=9))
E(lambda: tf.audio.decode_wav(w, desired_channels=3, desired_samples=2))
E(lambda: tf.audio.decode_wav(w, desired_channels=0))
E(lambda: tf.audio.decode_wav(w, desired_samples=0))
E(lambda: tf.audio.decode_wav(w, desired_channels=1.5))
E(lambda: tf.audio.encode_wav(tf.zeros([0, 3]), 8))
E(lambda: tf.audio.decode_wav(tf.audio.encode_wav(tf.zeros([0, 3]), 8)))
E(lambda: tf.audio.decode_wav(tf.audio.encode_wav(tf.zeros([0, 3]), 8), desired_samples=2))
E(lambda: tf.audio.encode_wav([[0.1], [0.2]], 2**31 - 1))
E(lambda: tf.audio.encode_wav(tf.Variable([[0.1, 0.2]]), tf.constant(5)))
E(lambda: tf.raw_ops.EncodeWav(audio=[[0.5]], sample_rate=3))
E(lambda: tf.raw_ops.DecodeWav(contents=w, desired_channels=1, desired_samples=1))
""")

_s("wav_encode_decode_errors", """
w = tf.audio.encode_wav(tf.constant([[0.5, -0.5]]), 100)
E(lambda: tf.audio.encode_wav(tf.zeros([3]), 100))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 1]), -1))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 1]), 0))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 1]), [1]))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 1]), tf.constant([1, 2])))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 1], tf.float64), 1))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 0]), 8))
E(lambda: tf.audio.encode_wav(tf.zeros([3, 1]), tf.constant(1, tf.int64)))
E(lambda: tf.audio.decode_wav(w, desired_channels=-2))
E(lambda: tf.audio.decode_wav(w, desired_samples=-5))
E(lambda: tf.audio.decode_wav(w, desired_samples="3"))
E(lambda: tf.audio.decode_wav([w]))
E(lambda: tf.audio.decode_wav(tf.constant(3)))
b = w.numpy()
for bad in [b"", b"RIFFxx", b"XXXX", b"RIFF\\0\\0\\0\\0WAVX", b[:12] + b"LIST" + b[16:],
            b[:12] + b"JUNK\\x04\\0\\0\\0abcd" + b[12:], b[:12] + b"JUNK\\x40\\0\\0\\0",
            b[:16] + b"\\x11" + b[17:], b[:16] + b"\\x12" + b[17:] + b"\\0\\0",
            b[:20] + b"\\x03" + b[21:], b[:22] + b"\\0\\0" + b[24:],
            b[:34] + b"\\x08" + b[35:], b[:32] + b"\\x05" + b[33:], b[:28] + b"\\0" + b[29:],
            b[:-4], b[:36], b + b"data\\0\\0\\0\\0", b + b"LIST\\x02\\0\\0\\0ab",
            b + b"abcd\\xff\\xff\\xff\\xff", b[:36] + b"fact\\x04\\0\\0\\0abcd" + b[36:],
            b[:40] + b"\\x03" + b[41:], b[:36] + b"LIST\\x08\\0\\0\\0" + b[44:]]:
    E(lambda: tf.audio.decode_wav(bad))
""")

_s("wav_in_function", """
a = tf.constant([[0.0, 0.5], [-1.0, 1.0], [0.25, -0.3]])
w = tf.audio.encode_wav(a, 16000)

@tf.function
def enc(x, rate):
    return tf.audio.encode_wav(x, rate)
E(lambda: enc(a, 44100))
E(lambda: enc(a * 0.5, tf.constant(8000)))

@tf.function
def dec(w):
    return tf.audio.decode_wav(w, desired_channels=1, desired_samples=4)
E(lambda: dec(w))

@tf.function
def both(x):
    return tf.audio.decode_wav(tf.audio.encode_wav(x, 100), desired_channels=3,
                               desired_samples=2)
E(lambda: both(a))

@tf.function
def const():
    return tf.audio.decode_wav(tf.audio.encode_wav([[0.5, 0.25]], 7))
E(lambda: const())

@tf.function
def rank1(ws):
    return tf.audio.decode_wav(ws, desired_channels=1, desired_samples=1)
E(lambda: rank1(tf.stack([w])))
""")

_s("fftnd_raw", """
x = tf.constant([[1 + 2j, 3], [4, 5j]], tf.complex64)
r = tf.constant([[1., 2], [3, 4]])
E(lambda: tf.signal.fftnd(x))
E(lambda: tf.fftnd(x, [2, 2], [0, 1]))
E(lambda: tf.fftnd(x, fft_length=tf.constant([2]), axes=tf.constant([0])))
E(lambda: tf.ifftnd(tf.cast(x, tf.complex128), [2, 2], [0, 1]))
E(lambda: tf.rfftnd(r, [2, 2], [0, 1]))
E(lambda: tf.rfftnd(tf.cast(r, tf.float64), [2, 2], [0, 1], Tcomplex=tf.complex128))
E(lambda: tf.irfftnd(x, [2, 2], [0, 1]))
E(lambda: tf.irfftnd(x, [2, 2], [0, 1], Treal=tf.float64))
E(lambda: tf.irfftnd(x, [2, 2], [0, 1], Treal=tf.int32))
E(lambda: tf.fftnd(r, [2, 2], [0, 1]))
E(lambda: tf.fftnd([[1j]], [1], [0]))
E(lambda: tf.fftnd(x, [2.5], [0]))
E(lambda: tf.rfftnd(x, [2], [0]))
E(lambda: tf.fftnd(x))
E(lambda: tf.raw_ops.IFFTND(input=x, fft_length=[2], axes=[0]))
""")

_s("fingerprint", """
E(lambda: tf.fingerprint(tf.constant(["a", "hello world", "", "x" * 70])))
E(lambda: tf.fingerprint(tf.constant([["a", "b"], ["c", "d"]])))
E(lambda: tf.fingerprint(tf.constant([["a"], ["c"]])))
E(lambda: tf.fingerprint([[1, 2], [3, 4]]))
E(lambda: tf.fingerprint(tf.constant([1.5, -2.0], tf.float64)))
E(lambda: tf.fingerprint(tf.constant([[True, False]])))
E(lambda: tf.fingerprint(tf.constant([[1, 2]], tf.bfloat16)))
E(lambda: tf.fingerprint(tf.constant([1 + 2j])))
E(lambda: tf.fingerprint(tf.constant(np.arange(40, dtype=np.int64).reshape(2, 20))))
E(lambda: tf.fingerprint(tf.constant(np.arange(60, dtype=np.uint16).reshape(2, 3, 10))))
E(lambda: tf.fingerprint(tf.zeros([0, 3])))
E(lambda: tf.fingerprint(tf.zeros([2, 0])))
E(lambda: tf.fingerprint(tf.constant(3)))
E(lambda: tf.fingerprint([1], method="md5"))
E(lambda: tf.fingerprint(tf.constant(3), method="md5"))
E(lambda: tf.fingerprint([1], method=["farmhash64"]))
E(lambda: tf.fingerprint(tf.Variable([1, 2]), method=tf.constant("farmhash64")))
E(lambda: tf.raw_ops.Fingerprint(data=[1, 2], method="farmhash64"))

@tf.function
def f(x, s):
    return tf.fingerprint(x), tf.fingerprint(s), tf.fingerprint(x * 2)
E(lambda: f(tf.constant([[1., 2.], [3., 4.]]), tf.constant([["x", "yy"]])))

@tf.function
def g(x):
    return tf.fingerprint(x)
E(lambda: g(tf.constant(3)))
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.cast(tf.fingerprint(x), tf.float32)
print(t.gradient(y, x))
""")

_s("edit_distance", """
h = tf.SparseTensor([[0, 0, 0], [1, 0, 0], [1, 0, 1]], ["a", "b", "c"], [2, 1, 2])
t = tf.SparseTensor([[0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 0, 2]], ["a", "b", "d", "c"],
                    [2, 2, 3])
E(lambda: tf.edit_distance(h, t))
E(lambda: tf.edit_distance(h, t, normalize=False))
hi = tf.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 2])
ti = tf.SparseTensor([[0, 0], [0, 1], [0, 2], [1, 0]], [1, 3, 2, 5], [2, 3])
E(lambda: tf.edit_distance(hi, ti))
E(lambda: tf.edit_distance(hi, ti, normalize=False))
E(lambda: tf.edit_distance(ti, hi))
E(lambda: tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1], [0, 2]], [1.0, 2.0, 3.0], [1, 3]),
                           tf.SparseTensor([[0, 0], [0, 1]], [2.0, 3.0], [1, 2])))
E(lambda: tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1]], [float("nan")] * 2, [1, 2]),
                           tf.SparseTensor([[0, 0], [0, 1]], [float("nan")] * 2, [1, 2])))
E(lambda: tf.edit_distance(hi, tf.SparseTensor([[0, 0]], [1.0], [1, 1])))
E(lambda: tf.edit_distance(hi, [[1]]))
E(lambda: tf.edit_distance([[1]], hi))
E(lambda: tf.edit_distance(tf.SparseTensor([[0]], [1], [1]), tf.SparseTensor([[0]], [1], [1])))
E(lambda: tf.edit_distance(tf.SparseTensor([[0, 0]], [1], [1, 1]),
                           tf.SparseTensor([[0, 0, 0]], [1], [1, 1, 1])))
E(lambda: tf.edit_distance(
    tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.constant([], tf.int32), [0, 5]),
    tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.constant([], tf.int32), [3, 5])))
E(lambda: tf.edit_distance(tf.SparseTensor([[5, 0]], [1], [1, 1]),
                           tf.SparseTensor([[0, 0]], [1], [1, 1])))
E(lambda: tf.edit_distance(tf.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 1]),
                           tf.SparseTensor([[0, 0]], [1], [1, 1]), name="ed"))

@tf.function
def f(h, t):
    return tf.edit_distance(h, t)
E(lambda: f(h, t))

@tf.function
def g():
    return tf.edit_distance(hi, ti, normalize=False)
E(lambda: g())
x = tf.constant([1.0, 2.0])
with tf.GradientTape() as tp:
    tp.watch(x)
    y = tf.edit_distance(tf.SparseTensor([[0, 0], [0, 1]], x, [1, 2]),
                         tf.SparseTensor([[0, 0]], [1.0], [1, 1]))
print(tp.gradient(y, x))
""")

_s("unicode_transcode_split_offsets", """
s = tf.constant([b"h\\xc3\\xa9llo", b"a\\x01b\\x1f\\x7f", b"x\\xffy", b"\\xe2\\x82", b"\\xe2\\x82z",
                 b"\\xed\\xa0\\x80", b"\\xf0\\x9f\\x98\\x80!", b"\\xc0\\xaf\\xf4\\x90\\x80\\x80", b""])
for enc in ["UTF-8", "UTF-16-BE", "UTF-32-BE"]:
    E(lambda: tf.strings.unicode_transcode(s, "UTF-8", enc))
E(lambda: tf.strings.unicode_transcode(s, "UTF-8", "UTF-8", errors="ignore"))
E(lambda: tf.strings.unicode_transcode(s, "UTF-8", "UTF-8", replacement_char=ord("?")))
E(lambda: tf.strings.unicode_transcode(s, "utf-8", "UTF-8", replace_control_characters=True))
E(lambda: tf.strings.unicode_transcode(s, "UTF-8", "UTF-8", replace_control_characters=True,
                                       errors="ignore"))
E(lambda: tf.strings.unicode_transcode(s, "UTF-8", "UTF-8", errors="strict"))
E(lambda: tf.strings.unicode_transcode([b"a\\x01"], "UTF-8", "UTF-8", errors="strict",
                                       replace_control_characters=True))
E(lambda: tf.strings.unicode_transcode([b"ab"], "UTF-8", "UTF-8", errors="strict"))
E(lambda: tf.strings.unicode_transcode("ab", "UTF-8", "UTF-16"))
E(lambda: tf.strings.unicode_transcode("ab", "NOPE", "UTF-8"))
E(lambda: tf.strings.unicode_transcode("ab", "UTF-8", "UTF-8", errors="bad"))
E(lambda: tf.strings.unicode_transcode("ab", "UTF-8", "UTF-8", replacement_char=0x110000))
E(lambda: tf.strings.unicode_transcode(tf.constant("ab"), "UTF-8", "UTF-8",
                                       replacement_char=-1))
E(lambda: tf.strings.unicode_transcode(tf.constant([[b"\\xff"]]), "UTF-8", "UTF-8",
                                       replacement_char=0xD800))
E(lambda: tf.strings.unicode_transcode(tf.constant([[b"\\xff"]]), "UTF-8", "UTF-16-BE",
                                       replacement_char=0x1F600))
E(lambda: tf.strings.unicode_transcode(tf.constant([[b"\\xff"]]), "UTF-8", "UTF-32-BE",
                                       replacement_char=0xDC00))
E(lambda: tf.strings.unicode_transcode(tf.constant(3), "UTF-8", "UTF-8"))

@tf.function
def f(x):
    return tf.strings.unicode_transcode(x, "UTF-8", "UTF-16-BE", errors="ignore")
E(lambda: f(s))
E(lambda: tf.strings.unicode_split_with_offsets(s, "UTF-8"))
E(lambda: tf.strings.unicode_split_with_offsets(s, "UTF-8", errors="ignore"))
E(lambda: tf.strings.unicode_split_with_offsets(s[0], "UTF-8"))
E(lambda: tf.strings.unicode_split_with_offsets(
    tf.ragged.constant([[b"ab", b"\\xc3\\xa9\\xff"], []]), "UTF-8", replacement_char=63))
E(lambda: tf.strings.unicode_split_with_offsets(s, "UTF-8", errors="strict"))
E(lambda: tf.strings.unicode_decode_with_offsets(s, "UTF-8"))
E(lambda: tf.strings.unicode_decode(s, "UTF-8", errors="ignore"))
E(lambda: tf.strings.unicode_split(s, "UTF-8"))

@tf.function
def g():
    return tf.strings.unicode_split_with_offsets(tf.constant(["ab", "\\xe9"]), "UTF-8")
E(lambda: g())
""")

_s("ragged_cross", """
r = tf.ragged.constant([["a", "b"], [], ["c"]])
d = tf.constant([["x", "y"], ["z", "w"], ["u", "v"]])
i = tf.ragged.constant([[1, 2], [3], [4, 5, 6]], tf.int64)
sp = tf.SparseTensor([[0, 0], [1, 1], [2, 0]], tf.constant([7, 8, 9], tf.int64), [3, 3])
E(lambda: tf.ragged.cross([r, d]))
E(lambda: tf.ragged.cross([d, i]))
E(lambda: tf.ragged.cross([i, sp, r]))
E(lambda: tf.ragged.cross([r]))
E(lambda: tf.ragged.cross_hashed([r, d]))
E(lambda: tf.ragged.cross_hashed([i, sp], num_buckets=10))
E(lambda: tf.ragged.cross_hashed([i, d], num_buckets=7, hash_key=123))
E(lambda: tf.ragged.cross([tf.ragged.constant([[1, 2], [3], [4]]), d]))
E(lambda: tf.ragged.cross([tf.constant([[1.5], [2.], [3.]]), d]))
E(lambda: tf.ragged.cross([tf.constant([1, 2, 3]), d]))
E(lambda: tf.ragged.cross([r, tf.ragged.constant([["a"]])]))
E(lambda: tf.ragged.cross([]))
E(lambda: tf.ragged.cross(r))
E(lambda: tf.ragged.cross([tf.ragged.constant([[["a"]]]), r]))
E(lambda: tf.ragged.cross([tf.constant([[["a"]]] * 3), r]))
E(lambda: tf.ragged.cross([r, tf.constant([[["a"]]] * 2)]))
E(lambda: tf.ragged.cross([tf.SparseTensor([[0, 0, 0]], ["q"], [3, 1, 1]), r]))
E(lambda: tf.ragged.cross([tf.SparseTensor([[1, 0], [0, 0], [2, 1]], ["q", "p", "s"], [3, 2]),
                           r]))
E(lambda: tf.ragged.cross([tf.RaggedTensor.from_row_splits(tf.constant([["a"], ["b"]]),
                                                           [0, 1, 2]),
                           tf.constant([["x"], ["y"]])]))
E(lambda: tf.ragged.cross([tf.ragged.constant([[1]], row_splits_dtype=tf.int32),
                           tf.ragged.constant([[2]], row_splits_dtype=tf.int32)]).row_splits)
E(lambda: tf.ragged.cross([tf.ragged.constant([[1]], row_splits_dtype=tf.int32),
                           tf.constant([[2]])]).row_splits)
E(lambda: tf.ragged.cross([tf.constant([[1]], tf.uint8), tf.constant([[True]])]))
E(lambda: tf.ragged.cross_hashed([tf.constant([[-5, 2**62]], tf.int64)], num_buckets=0))
E(lambda: tf.ragged.cross_hashed([tf.constant([[-5, 2**62]], tf.int64)], hash_key=2**64 - 1))
E(lambda: tf.ragged.cross([tf.SparseTensor(tf.zeros([0, 2], tf.int64),
                                           tf.constant([], tf.string), [2, 4])]))

@tf.function
def f():
    r = tf.ragged.constant([["a", "b"], [], ["c"]])
    d = tf.constant([["x", "y"], ["z", "w"], ["u", "v"]])
    return tf.ragged.cross([r, d]), tf.ragged.cross_hashed([d, r], num_buckets=5)
E(lambda: f())
""")

_s("serialize_sparse", """
def S(f):
    try:
        r = f()
        print(r.indices, r.values, r.dense_shape, r.shape)
    except Exception as e:
        print(type(e).__name__, e)
sp = tf.SparseTensor([[0, 0], [1, 2]], [1.5, -2.0], [2, 3])
ss = tf.SparseTensor([[0, 1, 0], [2, 0, 1]], ["ab", "c"], [3, 2, 2])
E(lambda: tf.io.serialize_sparse(sp))
E(lambda: tf.io.serialize_sparse(ss))
E(lambda: tf.io.serialize_sparse(tf.SparseTensor([[0]], tf.constant([7], tf.bfloat16), [4])))
E(lambda: tf.io.serialize_sparse(tf.SparseTensor([[0, 1]], [True], [1, 2])))
E(lambda: tf.io.serialize_many_sparse(sp))
E(lambda: tf.io.serialize_many_sparse(ss))
E(lambda: tf.io.serialize_many_sparse(tf.SparseTensor([[3, 0], [3, 1]], [1 + 2j, 3j], [5, 2])))
S(lambda: tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(ss), tf.string))
S(lambda: tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sp), tf.float32, rank=2))
S(lambda: tf.io.deserialize_many_sparse(tf.stack([
    tf.io.serialize_sparse(sp), tf.io.serialize_sparse(tf.SparseTensor([[3, 4]], [7.], [5, 6]))]),
    tf.float32))
S(lambda: tf.io.deserialize_many_sparse(tf.reshape(tf.io.serialize_many_sparse(
    tf.SparseTensor([[0, 0], [3, 1]], [1, 2], [4, 2])), [2, 2, 3]), tf.int32))
S(lambda: tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(sp),
                                                  tf.io.serialize_sparse(ss)]), tf.float32))
S(lambda: tf.io.deserialize_many_sparse(tf.io.serialize_many_sparse(sp), tf.int32))
S(lambda: tf.io.deserialize_many_sparse(tf.io.serialize_sparse(sp), tf.float32))
S(lambda: tf.io.deserialize_many_sparse(tf.constant([["a", "b", "c"]]), tf.int32))
S(lambda: tf.io.deserialize_many_sparse(tf.zeros([0, 3], tf.string), tf.int32))
S(lambda: tf.io.deserialize_many_sparse(tf.constant([["a", "b"]]), tf.int32))
S(lambda: tf.io.deserialize_many_sparse(tf.stack([
    tf.io.serialize_tensor(tf.constant([[0]], tf.int64)), tf.io.serialize_tensor([5.0]),
    tf.io.serialize_tensor(tf.constant([1, 2], tf.int64))])[None], tf.float32))
S(lambda: tf.io.deserialize_many_sparse(tf.stack([
    tf.io.serialize_tensor(tf.constant([[0]], tf.int64)), tf.io.serialize_tensor([5.0, 6.0]),
    tf.io.serialize_tensor(tf.constant([1], tf.int64))])[None], tf.float32))
E(lambda: tf.io.serialize_many_sparse(tf.SparseTensor(tf.zeros([0, 1], tf.int64),
                                                      tf.constant([], tf.int32), [4])))
E(lambda: tf.io.serialize_sparse(sp, out_type=tf.int32))
E(lambda: tf.io.serialize_sparse([[1]]))
E(lambda: tf.io.serialize_many_sparse(tf.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 1])))
E(lambda: tf.io.serialize_many_sparse(tf.SparseTensor([[0, 0], [0, 1]], [1, 2], [0, 2])))
E(lambda: tf.io.serialize_many_sparse(tf.SparseTensor([[0, 0], [0, 0]], [1, 2], [1, 2])))
print(tf.io.parse_tensor(tf.io.serialize_sparse(ss)[1], tf.string))

@tf.function
def f(sp):
    return tf.io.serialize_sparse(sp), tf.io.serialize_many_sparse(sp)
E(lambda: f(sp))

@tf.function
def g():
    s = tf.io.serialize_many_sparse(tf.SparseTensor([[0, 1, 0], [2, 0, 1]], ["ab", "c"],
                                                    [3, 2, 2]))
    return tf.io.deserialize_many_sparse(s, tf.string)
S(lambda: g())
""")

_s("make_tensor_proto_ndarray", """
def P(f):
    try:
        r = f()
        print(type(r).__name__, repr(str(r)) if not isinstance(r, np.ndarray) else
              (repr(r), r.dtype))
    except Exception as e:
        print(type(e).__name__, e)
for v, kw in [([1.5, 2], {}), (1, {}), (2**40, {}), ([1, 2], {"dtype": tf.int64}), ("ab", {}),
              (["a", "b"], {}), (np.array(["a", "bc"]), {}), (np.array([b"x"], object), {}),
              (True, {}), ([True, False], {}), (1 + 2j, {}), ([1j, 2], {"dtype": tf.complex128}),
              (np.float16(1.5), {}), (np.array([1.5], np.float16), {"shape": [3]}),
              (tf.constant([[1, 2]], tf.uint16), {}), (tf.constant(3.0), {}),
              (np.array([1, 2], np.uint32), {}), (np.uint64(7), {}),
              (np.array([1, 2, 3], np.uint64), {}), (np.int8(-3), {}),
              (2.5, {"dtype": tf.float64}), (1, {"shape": [2, 2]}), ([1, 2], {"shape": [1]}),
              ([1, 2], {"shape": [3], "verify_shape": True}),
              (1, {"shape": [2], "allow_broadcast": True, "verify_shape": True}),
              ([1, 2], {"shape": [4], "allow_broadcast": True}),
              ([[1, 2], [3]], {}), (None, {}), ([1.5], {"dtype": tf.int32}),
              ("a", {"dtype": tf.int32}), ([], {}), ([], {"dtype": tf.string}),
              (np.zeros([0, 2]), {}), ([1, 2], {"shape": [0]}), (tf.constant(["x", "y"]), {}),
              ([[1.0, 2.0], [3.0, 4.0]], {"dtype": tf.bfloat16}), (1.0, {"dtype": tf.bfloat16}),
              ([1, 2], {"dtype": tf.bool}), ([True], {"dtype": tf.int32}),
              (np.array([1, 2]), {"dtype": tf.float32}), ([b"a", 1], {}),
              (tf.Variable([1.0, 2.0]), {})]:
    P(lambda: tf.make_tensor_proto(v, **kw))
for v, kw in [([1.5, 2], {}), (1, {"shape": [3]}), (["a", "b"], {}), ("x", {"shape": [2]}),
              (np.array(["a", "bc"]), {}), ([1j, 2], {}), (np.float16(1.5), {"shape": [2]}),
              (1.0, {"dtype": tf.bfloat16, "shape": [2]}), ([True, False], {}),
              (np.array([1, 2], np.uint32), {}), (np.uint64(7), {}), (2**40, {}), ([], {}),
              (np.zeros([0, 2]), {}), ([[1, 2], [3, 4]], {"dtype": tf.int8}),
              (-2, {"dtype": tf.int16, "shape": [2, 1]})]:
    P(lambda: tf.make_ndarray(tf.make_tensor_proto(v, **kw)))
p = tf.make_tensor_proto([1, 2])
print(p.dtype, list(p.tensor_shape.dim), p.SerializeToString(), type(p).__name__)
print(p == tf.make_tensor_proto([1, 2]), p == tf.make_tensor_proto([1, 3]))
q = type(p)()
q.ParseFromString(tf.io.serialize_tensor(tf.constant([[1.5], [2.5]])).numpy())
print(q)
print(tf.make_ndarray(q))
print(tf.make_tensor_proto(p) is p)

@tf.function
def f(x):
    return tf.make_tensor_proto(x)
P(lambda: f(tf.constant(1)))
""")

_s("is_gpu_available_deprecation", """
# tf.test.is_gpu_available logs its deprecation once, naming the caller's line;
# tf.test.gpu_device_name does not.
print(tf.test.gpu_device_name() == '')
print(tf.test.is_gpu_available(), tf.test.is_gpu_available(cuda_only=True))
""")


_s("missing_names_name_tfs_modules", """
# A name a namespace lacks raises AttributeError naming TF's module of it
# (tensorflow._api.v2.<namespace>, tensorflow for tf itself), with no "Did you mean".
for path in ["tf", "tf.strings", "tf.math", "tf.nn", "tf.sparse", "tf.data", "tf.io",
             "tf.experimental", "tf.experimental.numpy", "tf.compat.v1", "tf.linalg",
             "tf.random", "tf.dtensor", "tf.distribute", "tf.train", "tf.config"]:
    module = eval(path)
    E(lambda: getattr(module, "no_such_namez"))
    print(hasattr(module, "no_such_namez"), getattr(module, "no_such_namez", "default"))
""")


_s("op_outputs_are_tfs_namedtuples", """
# Ops with several outputs return the namedtuple of TF's generated op wrapper (its
# gen_*_ops module), eagerly and from a tf.function.
x = tf.constant([[3.0, 1.0, 2.0], [1.0, 5.0, 4.0]])
sq = tf.constant([[4.0, 1.0], [1.0, 3.0]])
calls = {
    "top_k": lambda: tf.math.top_k(x, 2), "qr": lambda: tf.linalg.qr(sq),
    "lu": lambda: tf.linalg.lu(sq), "slogdet": lambda: tf.linalg.slogdet(sq),
    "max_pool_with_argmax": lambda: tf.nn.max_pool_with_argmax(tf.ones([1, 4, 4, 1]), 2, 2,
                                                               "VALID"),
    "accidental_hits": lambda: tf.nn.compute_accidental_hits(
        tf.constant([[1]], tf.int64), tf.constant([1, 2], tf.int64), 1),
    "decode_wav": lambda: tf.audio.decode_wav(tf.audio.encode_wav(tf.zeros([4, 1]), 8000)),
    "sample_distorted_bbox": lambda: tf.image.sample_distorted_bounding_box(
        [4, 4, 3], tf.zeros([1, 0, 4]), seed=1, use_image_if_no_bounding_boxes=True),
    "stateless_sample_distorted_bbox": lambda: tf.image.stateless_sample_distorted_bounding_box(
        [4, 4, 3], tf.zeros([1, 0, 4]), seed=[1, 2], use_image_if_no_bounding_boxes=True),
    "log_uniform": lambda: tf.random.log_uniform_candidate_sampler(
        tf.constant([[1]], tf.int64), 1, 2, True, 5, seed=1),
}
for k, f in calls.items():
    for g in (f, tf.function(f, autograph=False)):
        r = g()
        print(k, type(r).__name__, type(r).__module__, r._fields)
""")
