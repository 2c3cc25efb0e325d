"""Bad-input calls, values (issue 13): indices out of range, NaN and inf, integer
overflow and division by zero, float-to-int casts out of range, None and str where a
tensor or number belongs, and empty inputs.
"""
from bad_calls import suite

SNIPPETS, _add = suite()

# indices (TF's CPU kernels check them; XLA would clamp)
for idx in ["[2]", "[-1]", "[0, 5]", "[2**31 - 1]", "tf.constant([3], tf.int64)", "[[0, 2]]",
            "[1.]", "[]", "None", "'a'"]:
    _add(f"tf.gather(f32, {idx})")
    _add(f"tf.gather(m23, {idx}, axis=1)")
    _add(f"tf.one_hot({idx}, 3)")
    _add(f"tf.math.unsorted_segment_sum(f32, {idx}, 2)")
for call in ["tf.gather(f32, [2])", "tf.gather_nd(m23, [[2, 0]])", "tf.gather(m23, [[0, 3]], axis=1)",
             "tf.scatter_nd([[2]], [1.], [2])", "tf.tensor_scatter_nd_update(f32, [[2]], [1.])"]:
    _add(call, traced=True, eager=False)
for call in ["tf.gather_nd(m23, [[2, 0]])", "tf.gather_nd(m23, [[0, 3]])", "tf.gather_nd(m23, [[-1, 0]])",
             "tf.gather_nd(m23, [[0, 0, 0]])", "tf.gather_nd(m23, [[0.5, 0]])",
             "tf.gather_nd(m23, [[0, 1]], batch_dims=1)", "tf.gather(m23, [[0], [1]], batch_dims=1)",
             "tf.gather(m23, [[0], [1]], batch_dims=3)", "tf.gather(m23, [0], axis=1, batch_dims=2)",
             "tf.scatter_nd([[2]], [1.], [2])", "tf.scatter_nd([[-1]], [1.], [2])",
             "tf.scatter_nd([[0]], [1., 2.], [2])", "tf.scatter_nd([[0]], [1.], [-2])",
             "tf.scatter_nd([[0]], [1.], [0])", "tf.scatter_nd([[0.]], [1.], [2])",
             "tf.tensor_scatter_nd_update(f32, [[2]], [1.])", "tf.tensor_scatter_nd_update(f32, [[0]], [1, 2])",
             "tf.tensor_scatter_nd_add(f32, [[0]], [1])", "tf.tensor_scatter_nd_max(f32, [[-1]], [1.])",
             "tf.tensor_scatter_nd_update(f32, [[0]], [1.], name=1)",
             "tf.math.segment_sum(f32, [1, 0])", "tf.math.segment_sum(f32, [0])",
             "tf.math.segment_sum(f32, [-1, 0])", "tf.math.segment_max(f32, [0, 2])",
             "tf.math.unsorted_segment_sum(f32, [0, 1], 0)", "tf.math.unsorted_segment_sum(f32, [0, 1], -1)",
             "tf.math.unsorted_segment_max(f32, [0, 1], 1)", "tf.math.unsorted_segment_mean(f32, [0], 2)",
             "tf.math.bincount([-1, 2])", "tf.math.bincount([1, 2], minlength=-1)",
             "tf.math.bincount([1, 2], weights=[1.])", "tf.math.confusion_matrix([0, 3], [0, 1], 2)",
             "tf.math.confusion_matrix([0, -1], [0, 1])", "tf.math.confusion_matrix([0, 1], [0])",
             "tf.math.in_top_k([0, 5], m23, 1)", "tf.math.in_top_k([0, 1], m23, -1)",
             "tf.nn.sparse_softmax_cross_entropy_with_logits([0, 5], m23)",
             "tf.nn.sparse_softmax_cross_entropy_with_logits([0, -1], m23)",
             "tf.nn.embedding_lookup(m23, [2])", "tf.nn.embedding_lookup(m23, [-1])",
             "tf.searchsorted([3., 1.], [2.])", "tf.searchsorted(f32, f32, side='middle')",
             "tf.roll(x6, 1, 1)", "tf.roll(x6, [1, 2], [0])", "tf.roll(x6, 1.5, 0)",
             "tf.reverse_sequence(m23, [4, 1], 1)", "tf.reverse_sequence(m23, [-1, 1], 1)",
             "tf.math.top_k(f32, 3)", "tf.math.top_k(f32, -1)", "tf.math.top_k(tf.constant(1.), 1)",
             "tf.random.shuffle(tf.constant(1.))", "tf.nn.moments(f32, [0, 0])",
             "m23[2]", "m23[0, 3]", "m23[-3]", "m23[0, 0, 0]", "m23[1.5]", "m23['a']",
             "m23[None, 0, None, 1]", "m23[..., ...]", "m23[::0]", "m23[[0, 1]]",
             "m23[tf.constant(2)]", "m23[b]", "m23[tf.constant([True, False])]", "x6[10:20]",
             "x6[-10:]", "x6[::-2]", "x6[tf.constant(1.):]", "f32[True]",
             "tf.strided_slice(x6, [7], [8])", "tf.strided_slice(x6, [0], [6], [0])",
             "tf.linalg.diag_part(m23, k=5)", "tf.linalg.diag(f32, k=-5)", "tf.linalg.band_part(m23, -2, 0)",
             "tf.image.crop_to_bounding_box(tf.ones([4, 4, 1]), -1, 0, 2, 2)",
             "tf.image.extract_patches(tf.ones([1, 4, 4, 1]), [1, 5, 5, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'VALID')"]:
    _add(call)

# NaN and inf
NAN = "tf.constant([1., float('nan'), -float('inf'), float('inf'), -0., 0.])"
for op in ["tf.reduce_max", "tf.reduce_min", "tf.argmax", "tf.argmin", "tf.sort", "tf.argsort",
           "tf.unique", "tf.math.cumsum", "tf.math.cumprod", "tf.reduce_sum", "tf.reduce_prod",
           "tf.reduce_mean", "tf.math.reduce_std", "tf.math.reduce_logsumexp", "tf.nn.softmax",
           "tf.nn.log_softmax", "tf.round", "tf.floor", "tf.sign", "tf.abs", "tf.nn.relu",
           "tf.nn.relu6", "tf.nn.elu", "tf.nn.softplus", "tf.sigmoid", "tf.tanh", "tf.math.exp",
           "tf.math.log1p", "tf.math.is_nan", "tf.math.is_inf", "tf.math.is_finite",
           "tf.math.reciprocal_no_nan", "tf.math.rint", "tf.math.erfinv", "tf.math.lgamma",
           "tf.math.digamma", "tf.math.log_sigmoid", "tf.math.cumulative_logsumexp",
           "tf.math.reduce_euclidean_norm", "tf.norm", "tf.math.l2_normalize", "tf.math.square",
           "tf.math.sqrt", "tf.math.rsqrt", "tf.math.log", "tf.nn.selu", "tf.math.acos",
           "tf.math.atanh", "tf.math.xlogy"]:
    _add(f"{op}({NAN}, {NAN})" if op == "tf.math.xlogy" else f"{op}({NAN})")
for call in [f"tf.math.top_k({NAN}, 3)", f"tf.sort({NAN}, direction='DESCENDING')",
             f"tf.argsort({NAN}, direction='DESCENDING')", f"tf.clip_by_value({NAN}, -1., 1.)",
             f"tf.clip_by_norm({NAN}, 1.)", "tf.clip_by_norm(f32, -1.)", "tf.clip_by_norm(f32, 0.)",
             "tf.clip_by_value(f32, 2., 1.)", "tf.clip_by_global_norm([f32], float('nan'))",
             "tf.clip_by_global_norm([f32], -1.)", f"tf.maximum({NAN}, 0.)", f"tf.minimum({NAN}, 0.)",
             f"tf.math.segment_max({NAN}, [0, 0, 1, 1, 2, 2])",
             f"tf.math.unsorted_segment_min({NAN}, [0, 0, 1, 1, 2, 2], 3)",
             f"tf.math.floordiv({NAN}, 0.)", f"tf.math.floormod({NAN}, 0.)", f"tf.math.mod({NAN}, 2.)",
             f"tf.math.divide_no_nan({NAN}, 0.)", f"tf.math.xdivy({NAN}, 0.)", f"tf.pow({NAN}, 0.)",
             f"tf.pow(0., {NAN})", "tf.pow(-8., 1. / 3)", f"tf.math.atan2({NAN}, {NAN})",
             f"tf.math.equal({NAN}, {NAN})", f"tf.math.not_equal({NAN}, {NAN})",
             f"tf.math.less({NAN}, 0.)", f"tf.math.in_top_k([1], [{NAN}], 1)",
             f"tf.histogram_fixed_width({NAN}, [0., 1.], 2)", f"tf.math.bincount(tf.cast({NAN}, tf.int32))",
             "tf.math.log(1e-45)", "tf.math.exp(-104.)", "tf.constant(1e-45) * 1.", "tf.constant(1e-40) + 0.",
             "tf.math.sqrt(-1.)", "tf.math.log(-1.)", "tf.math.log(0.)", "tf.math.lgamma(-1.)",
             "tf.math.acosh(0.)", "tf.linalg.inv(tf.zeros([2, 2]))",
             "tf.linalg.det(tf.zeros([2, 2]))", "tf.linalg.solve(tf.zeros([2, 2]), tf.ones([2, 1]))",
             "tf.linalg.logdet(-tf.eye(2))", "tf.linalg.slogdet(tf.zeros([2, 2]))",
             "tf.nn.softmax(tf.constant([1e30, -1e30]))", "tf.nn.softmax(tf.constant([float('inf'), 1.]))",
             "tf.nn.sigmoid_cross_entropy_with_logits(f32, tf.constant([float('inf'), 1.]))",
             "tf.nn.softmax_cross_entropy_with_logits([[0., 1.]], [[float('-inf'), 1.]])",
             "tf.debugging.check_numerics(tf.constant([1., float('nan')]), 'bad')",
             "tf.debugging.check_numerics(tf.constant([1., float('inf')]), 'bad')",
             "tf.debugging.check_numerics(i32, 'ints')", "tf.debugging.assert_all_finite(f32 / 0., 'inf')",
             "tf.debugging.assert_all_finite(f32, 'fine')",
             "tf.random.normal([2], stddev=-1.)", "tf.random.normal([2], mean=float('nan'))",
             "tf.random.uniform([2], 1., 0.)", "tf.random.uniform([2], 1, 0, tf.int32)",
             "tf.random.uniform([2], 1, 1, tf.int32)", "tf.random.truncated_normal([2], stddev=-1.)",
             "tf.random.categorical([[float('nan'), 1.]], 2, seed=1)",
             "tf.random.poisson([2], -1.)", "tf.random.gamma([2], -1.)",
             "tf.nn.dropout(f32, 1.)", "tf.nn.dropout(f32, -0.1)", "tf.nn.dropout(f32, float('nan'))",
             "tf.nn.dropout(f32, 0.)"]:
    _add(call)

# integer overflow, division by zero, casts out of range
for call in ["tf.constant(2**31 - 1) + 1", "tf.constant(-2**31) - 1", "tf.abs(tf.constant(-2**31))",
             "-tf.constant(-2**31)", "tf.constant(-2**31) // -1", "tf.constant(-2**31) % -1",
             "tf.constant(2**62, tf.int64) * 4", "tf.constant(200, tf.uint8) + tf.constant(100, tf.uint8)",
             "tf.constant(0, tf.uint8) - tf.constant(1, tf.uint8)", "tf.constant(100, tf.int8) * tf.constant(2, tf.int8)",
             "tf.math.cumsum(tf.constant([100, 100], tf.int8))", "tf.reduce_sum(tf.constant([100, 100], tf.int8))",
             "tf.reduce_prod(tf.constant([2**20, 2**20]))", "tf.reduce_mean(tf.constant([2**30, 2**30]))",
             "tf.reduce_mean(tf.constant([255, 255], tf.uint8))", "tf.reduce_mean(tf.constant([100, 100], tf.int8))",
             "tf.reduce_mean(tf.constant([1, 2]))", "tf.math.reduce_std(tf.constant([1., 2.], tf.float16))",
             "tf.pow(2, 31)", "tf.pow(2, -1)", "tf.pow(0, -1)", "tf.pow(tf.constant(2, tf.int64), 63)",
             "tf.pow(tf.constant(3, tf.uint8), 6)", "tf.square(tf.constant(2**16))",
             "tf.constant(1) // 0", "tf.constant(1) % 0", "tf.math.truncatediv(1, 0)",
             "tf.math.truncatemod(1, 0)", "tf.constant(-7) // 2", "tf.constant(-7) % 2",
             "tf.math.truncatediv(-7, 2)", "tf.math.truncatemod(-7, 2)", "tf.constant(1, tf.uint8) // 0",
             "tf.constant(1, tf.int64) % 0", "tf.constant(1) / 0", "tf.math.divide_no_nan(1, 0)",
             "tf.math.floordiv(i32, [0, 1])", "tf.bitwise.left_shift(1, 40)", "tf.bitwise.left_shift(1, -1)",
             "tf.bitwise.right_shift(-8, 40)", "tf.bitwise.left_shift(tf.constant(1, tf.int8), 9)",
             "tf.constant(1.) / 0.", "tf.constant(-1.) / 0.", "tf.constant(0.) / 0.",
             "tf.math.reciprocal(0.)", "tf.math.reciprocal(tf.constant(0))", "tf.math.floormod(5., -3.)",
             "tf.math.floormod(-5., 0.)", "tf.math.floordiv(-5., 0.)",
             "tf.math.abs(tf.constant(-128, tf.int8))", "tf.math.sign(tf.constant(-2**31))",
             "tf.math.squared_difference(tf.constant(-2**31), 1)", "tf.math.reduce_max(tf.zeros([0], tf.int32))",
             "tf.math.reduce_min(tf.zeros([0], tf.uint8))", "tf.math.reduce_max(tf.zeros([0]))",
             "tf.reduce_mean(tf.zeros([0]))", "tf.reduce_mean(tf.zeros([0], tf.int32))",
             "tf.reduce_prod(tf.zeros([0], tf.int32))", "tf.argmax(tf.zeros([0]))",
             "tf.math.reduce_std(tf.zeros([0]))", "tf.nn.softmax(tf.zeros([0]))", "tf.math.top_k(tf.zeros([0]), 0)",
             "tf.sort(tf.zeros([0, 2]))", "tf.unique(tf.zeros([0]))", "tf.math.bincount(tf.zeros([0], tf.int32))",
             "tf.math.segment_sum(tf.zeros([0]), tf.zeros([0], tf.int32))", "tf.linalg.det(tf.zeros([0, 0]))",
             "tf.linalg.inv(tf.zeros([0, 0]))", "tf.matmul(tf.zeros([2, 0]), tf.zeros([0, 3]))",
             "tf.concat([tf.zeros([0, 2]), tf.ones([1, 2])], 0)", "tf.reshape(tf.zeros([0]), [0, 5])"]:
    _add(call)
for dt in ["tf.uint8", "tf.int8", "tf.int16", "tf.int32", "tf.int64", "tf.uint16", "tf.uint32",
           "tf.uint64", "tf.bool"]:
    for src in ["tf.float32", "tf.float64", "tf.float16", "tf.bfloat16"]:
        vals = "[300.7, -1.5, 65535.9, 1e10, -1e10]" if src != "tf.float16" else "[300.7, -1.5, 65504., -65504., 0.5]"
        _add(f"tf.cast(tf.constant({vals}, {src}), {dt})")
        _add(f"tf.cast(tf.constant([float('nan'), float('inf'), -float('inf'), -0.], {src}), {dt})")
    _add(f"tf.cast(tf.constant([2**31, 2**32 + 5, -2**31 - 1], tf.int64), {dt})")
    _add(f"tf.cast(tf.constant([1e10, float('nan')]), {dt})", traced=True, eager=False)
_add("tf.cast(tf.constant([1e39, -1e39, 1e-50], tf.float64), tf.float32)")
_add("tf.cast(tf.constant([1e5, 65520., 1e-8]), tf.float16)")
_add("tf.cast(tf.constant([1e39, 3.4e38], tf.float64), tf.bfloat16)")
_add("tf.cast(tf.constant([1 + 2j, float('nan')], tf.complex64), tf.int32)")
_add("tf.saturate_cast(tf.constant([300., -1., float('nan')]), tf.uint8)")
_add("tf.saturate_cast(tf.constant([2**40, -2**40], tf.int64), tf.int32)")

# None and str where a tensor or number belongs
for call in ["tf.add(None, 1)", "tf.add(f32, None)", "tf.reshape(None, [2])", "tf.reduce_sum(None)",
             "tf.reduce_sum('abc')", "tf.math.sqrt('4')", "tf.math.sqrt([1, 'a'])", "tf.abs(None)",
             "tf.constant(None)", "tf.constant([None])", "tf.constant([[1, 2], [3]])",
             "tf.constant([[1, 2], 3])", "tf.constant(float('nan'), tf.int32)", "tf.constant([])",
             "tf.constant([[]])", "tf.constant(np.array([]), tf.int32)", "tf.constant([1, 2], shape=[3])",
             "tf.constant([1, 2, 3], shape=[2])", "tf.constant(1, shape=[2, 2])", "tf.constant([1, 2], shape=[-1])",
             "tf.constant([1, 2], shape=[2.0])", "tf.constant(1, name=3)", "tf.identity(None)",
             "tf.identity('a')", "tf.stack([1, None])", "tf.concat([None, f32], 0)",
             "tf.gather(None, [0])", "tf.where(None)", "tf.where(b, None, f32)", "tf.math.add_n([])",
             "tf.math.add_n([None])", "tf.math.add_n(f32)", "tf.tile(f32, None)", "tf.zeros_like(None)",
             "tf.ones_like('a')", "tf.shape(None)", "tf.rank(None)", "tf.size('abc')", "tf.shape(f32, out_type=tf.float32)",
             "tf.size(f32, out_type=tf.string)", "tf.strings.length(None)", "tf.strings.substr('abc', 5, 1)",
             "tf.strings.substr('abc', -5, 1)", "tf.strings.substr('abc', 1, -1)", "tf.strings.substr('abc', 0, 1, unit='X')",
             "tf.strings.substr(['ab', 'c'], [0], [1, 1])", "tf.strings.to_number('abc')", "tf.strings.to_number('1e40')",
             "tf.strings.to_number('1e40', tf.float64)", "tf.strings.to_number('2147483648', tf.int32)",
             "tf.strings.to_number('0x10', tf.int32)", "tf.strings.to_number(' 5 ', tf.int32)",
             "tf.strings.to_number('')", "tf.strings.to_number('nan')", "tf.strings.to_number('-inf')",
             "tf.strings.split('a b', sep='')", "tf.strings.join(['a', 'b'], separator=None)",
             "tf.strings.join([s, tf.constant(['a', 'b', 'c'])])", "tf.strings.reduce_join(s, 2)",
             "tf.strings.format('{} {}', [1])", "tf.strings.format('{}', [1, 2])", "tf.strings.unicode_decode(b'\\xff', 'UTF-8')",
             "tf.strings.unicode_decode('a', 'UTF-9')", "tf.strings.unicode_encode([[-1]], 'UTF-8')",
             "tf.strings.unicode_encode([[0x110000]], 'UTF-8')", "tf.strings.unicode_transcode(b'\\xff', 'UTF-8', 'UTF-16-BE')",
             "tf.strings.regex_full_match('a', '(')", "tf.strings.regex_replace('a', '(', 'b')",
             "tf.strings.regex_replace('a', '(?=a)', 'b')", "tf.strings.to_hash_bucket_fast('a', 0)",
             "tf.strings.to_hash_bucket_fast('a', -1)", "tf.strings.as_string(f32, precision=-2)",
             "tf.strings.as_string(f32, width=-1)", "tf.strings.as_string(f32, scientific=True, shortest=True)",
             "tf.strings.as_string(i32, precision=2)", "tf.strings.as_string(f32, fill='ab')",
             "tf.io.decode_base64('!!!')", "tf.io.decode_raw('abc', tf.int32)", "tf.io.decode_csv('1,a', [[1], ['']])",
             "tf.io.decode_csv('1,2,3', [[1], [2]])", "tf.io.decode_csv('x', [[1]])", "tf.io.decode_json_example('{')",
             "tf.io.parse_tensor('abc', tf.float32)", "tf.io.serialize_tensor(None)", "tf.io.read_file('/nonexistent/x')",
             "tf.io.gfile.GFile('/nonexistent/x').read()", "tf.io.gfile.listdir('/nonexistent')",
             "tf.io.gfile.remove('/nonexistent/x')", "tf.io.gfile.stat('/nonexistent')",
             "tf.io.decode_image(b'abc')", "tf.io.decode_png(b'abc')", "tf.io.decode_jpeg(b'')",
             "tf.print(None)", "tf.math.polyval(None, 1.)", "tf.nn.relu('a')", "tf.nn.softmax(None)",
             "tf.sort(None)", "tf.random.set_seed('a')", "tf.random.set_seed(None)",
             "tf.random.set_seed(-1)", "tf.random.set_seed(2**64)", "tf.random.uniform(None)",
             "tf.random.normal([2], seed='a')", "tf.random.Generator.from_seed(-1).normal([1]).shape",
             "tf.random.Generator.from_seed('a')", "tf.random.stateless_uniform([2], seed=[1])",
             "tf.random.stateless_uniform([2], seed=None)", "tf.random.stateless_uniform([2], seed=[1, 2, 3])",
             "tf.random.stateless_uniform([2], [1, 2], minval=1, maxval=None, dtype=tf.int32)"]:
    _add(call)
