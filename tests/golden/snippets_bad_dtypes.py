"""Bad-input calls, dtypes (issue 13): binary ops on mixed dtypes and on dtypes their TF
kernels do not register, the Python operators on mixed operands, unary ops over every
dtype, and dtype arguments (cast, constant, *_like, zeros) that are not dtypes.
"""
from bad_calls import suite

SNIPPETS, _add = suite()

BINARY = ["tf.add", "tf.subtract", "tf.multiply", "tf.divide", "tf.math.truediv",
          "tf.math.floordiv", "tf.math.floormod", "tf.pow", "tf.maximum", "tf.minimum",
          "tf.equal", "tf.math.less", "tf.math.squared_difference", "tf.math.atan2",
          "tf.math.xdivy", "tf.math.divide_no_nan", "tf.bitwise.bitwise_and",
          "tf.math.logical_and", "tf.math.not_equal", "tf.math.greater_equal"]

# mixed dtypes: TF never promotes
for op in BINARY:
    for x, y in [("i32", "f32"), ("f32", "f64"), ("i32", "i64"), ("f16", "f32"),
                 ("u8", "i8"), ("c64", "f32"), ("b", "i32"), ("s", "f32")]:
        _add(f"{op}({x}, {y})")
    _add(f"{op}(i32, f32)", traced=True, eager=False)

# one dtype, registered by some kernels and not others
for op in BINARY:
    for x in ["b", "s", "u8", "i8", "c64", "f16", "bf16", "i64"]:
        _add(f"{op}({x}, {x})")

# Python scalars, lists and numpy values mixed with tensors
for x, y in [("i32", "1.5"), ("i32", "2.0"), ("f32", "1"), ("u8", "-1"), ("u8", "300"),
             ("i8", "200"), ("i32", "2**31"), ("i64", "2**63"), ("f16", "1e5"),
             ("b", "1"), ("s", "1"), ("i32", "'a'"), ("f32", "None"), ("f32", "[1, 2]"),
             ("f32", "np.float64(1.5)"), ("i32", "np.int64(3)"), ("f32", "np.array([1, 2])"),
             ("f32", "[1., 2., 3.]"), ("c64", "1.5"), ("f32", "1j")]:
    _add(f"{x} + {y}")
    _add(f"{y} * {x}")
for op in ["-", "/", "//", "%", "**", "&", "|", "^", "<", ">=", "@"]:
    for x, y in [("i32", "f32"), ("f32", "f64"), ("b", "b"), ("s", "s")]:
        _add(f"{x} {op} {y}")
for op in ["-", "~", "abs"]:
    for x in ["b", "s", "u8", "f32", "c64"]:
        _add(f"{op}({x})" if op == "abs" else f"{op}{x}")

UNARY = ["tf.sqrt", "tf.exp", "tf.math.log", "tf.sin", "tf.abs", "tf.negative", "tf.sign",
         "tf.round", "tf.floor", "tf.math.ceil", "tf.math.reciprocal", "tf.square",
         "tf.sigmoid", "tf.tanh", "tf.math.erf", "tf.math.lgamma", "tf.math.is_nan",
         "tf.math.logical_not", "tf.bitwise.invert", "tf.nn.softplus", "tf.nn.relu",
         "tf.math.rsqrt", "tf.math.expm1", "tf.math.is_finite"]
for op in UNARY:
    for x in ["i32", "i64", "u8", "i8", "b", "s", "f16", "f64", "c64"]:
        _add(f"{op}({x})")
    _add(f"{op}(s)", traced=True, eager=False)

# dtype arguments that are not dtypes, and casts TF refuses
for call in ["tf.cast(f32, 'floaty')", "tf.cast(f32, None)", "tf.cast(f32, 3)",
             "tf.cast(f32, 'float64')", "tf.cast(f32, np.int16)", "tf.cast(s, tf.float32)",
             "tf.cast(f32, tf.string)", "tf.cast(c64, tf.float32)", "tf.cast(c64, tf.int32)",
             "tf.cast(b, tf.complex64)", "tf.cast(f32, tf.resource)",
             "tf.cast([1.5, 2.5], tf.int32)", "tf.cast('1', tf.int32)",
             "tf.cast(f32, tf.variant)", "tf.cast(i32, tf.bool)", "tf.cast(f32, tf.qint8)",
             "tf.constant(1, 'int33')", "tf.constant(1, tf.string)",
             "tf.constant('a', tf.float32)", "tf.constant(1.5, tf.int32)",
             "tf.constant(-1, tf.uint8)", "tf.constant(300, tf.uint8)",
             "tf.constant(2**31, tf.int32)", "tf.constant(2**63)", "tf.constant(2**64)",
             "tf.constant(1e40, tf.float32)", "tf.constant(1e5, tf.float16)",
             "tf.constant([1, 'a'])", "tf.constant([1, 2.5])", "tf.constant([1, None])",
             "tf.constant(True, tf.int32)", "tf.constant(1, tf.bool)",
             "tf.constant(1j, tf.float32)", "tf.constant(f64, tf.float32)",
             "tf.constant(i32, tf.int64)", "tf.convert_to_tensor(f64, tf.float32)",
             "tf.convert_to_tensor(i32, tf.float32)", "tf.convert_to_tensor(1.5, tf.int32)",
             "tf.convert_to_tensor([1, 2], tf.string)", "tf.convert_to_tensor(object())",
             "tf.convert_to_tensor({'a': 1})", "tf.convert_to_tensor({1, 2})",
             "tf.convert_to_tensor(lambda: 1)", "tf.convert_to_tensor(np.array([1, 2], object))",
             "tf.convert_to_tensor(np.datetime64('2020-01-01'))",
             "tf.convert_to_tensor(f32, dtype_hint=tf.int32)",
             "tf.convert_to_tensor(1, dtype_hint=tf.float16)",
             "tf.convert_to_tensor(1.5, dtype_hint=tf.int32)",
             "tf.zeros([2], 'floaty')", "tf.zeros([2], tf.string)", "tf.ones([2], tf.string)",
             "tf.ones([2], tf.resource)", "tf.fill([2], 'a')", "tf.fill([2], None)",
             "tf.zeros_like(s)", "tf.ones_like(s)", "tf.ones_like(b)",
             "tf.zeros_like(f32, dtype='floaty')", "tf.range(3, dtype=tf.string)",
             "tf.range(3, dtype=tf.bool)", "tf.range(1.5, dtype=tf.int32)",
             "tf.range(3, dtype=tf.uint8)", "tf.range(3, dtype=tf.float16)",
             "tf.eye(2, dtype=tf.string)", "tf.eye(2, dtype=tf.bool)",
             "tf.one_hot([0, 1], 2, dtype=tf.string)", "tf.one_hot([0, 1], 2, dtype=tf.bool)",
             "tf.one_hot(f32, 2)", "tf.argmax(f32, output_type=tf.float32)",
             "tf.argmax(f32, output_type=tf.int16)", "tf.argmax(s)", "tf.argmax(b)",
             "tf.reduce_sum(s)", "tf.reduce_sum(b)", "tf.reduce_mean(b)", "tf.reduce_max(b)",
             "tf.reduce_max(c64)", "tf.reduce_any(f32)", "tf.reduce_all(i32)",
             "tf.reduce_prod(s)", "tf.math.reduce_std(i32)", "tf.math.reduce_variance(i32)",
             "tf.math.cumsum(s)", "tf.math.cumsum(b)", "tf.math.cumprod(b)",
             "tf.matmul(i32[None], i32[:, None])", "tf.matmul(b[None], b[:, None])",
             "tf.matmul(f32[None], f64[:, None])", "tf.matmul(u8[None], u8[:, None])",
             "tf.linalg.inv(tf.eye(2, dtype=tf.int32))", "tf.linalg.det(tf.eye(2, dtype=tf.int32))",
             "tf.nn.softmax(i32)", "tf.nn.sigmoid(i32)",
             "tf.nn.l2_normalize(i32)", "tf.math.l2_normalize(s)",
             "tf.nn.log_softmax(f16)", "tf.nn.dropout(i32, 0.5)", "tf.clip_by_value(s, 0, 1)",
             "tf.clip_by_value(b, False, True)", "tf.clip_by_value(i32, 0.5, 1.5)",
             "tf.clip_by_norm(i32, 1.)", "tf.sort(b)", "tf.sort(s)", "tf.sort(c64)",
             "tf.math.top_k(b, 1)", "tf.unique(c64)", "tf.where(i32)", "tf.where(s)",
             "tf.where(b, i32, f32)", "tf.where(b, f32, 1)", "tf.where(i32 > 1, s, 'z')",
             "tf.math.bincount(f32)", "tf.math.segment_sum(f32, f32)",
             "tf.math.unsorted_segment_sum(f32, [0, 1.], 2)", "tf.gather(f32, [0.])",
             "tf.gather(f32, [True])", "tf.gather_nd(f32, [[0.]])", "tf.tile(f32, f32)",
             "tf.reshape(f32, f32)", "tf.math.floormod(f32, c64)", "tf.math.angle(i32)",
             "tf.math.real(s)", "tf.math.imag(i32)", "tf.math.conj(s)", "tf.complex(i32, i32)",
             "tf.complex(f32, f64)", "tf.math.is_inf(i32)", "tf.math.floor(i32)",
             "tf.math.logical_or(i32, i32)", "tf.math.logical_xor(f32, f32)",
             "tf.bitwise.left_shift(f32, f32)", "tf.bitwise.right_shift(i32, i64)",
             "tf.math.polyval([f32, f64], 1.)", "tf.math.add_n([i32, f32])",
             "tf.math.add_n([s, s])", "tf.math.accumulate_n([i32, i64])",
             "tf.strings.length(i32)", "tf.strings.join([s, i32])", "tf.strings.upper(f32)",
             "tf.strings.to_number(i32)", "tf.strings.as_string(s)",
             "tf.strings.as_string(b)", "tf.strings.to_number(s, tf.string)",
             "tf.strings.to_number(s, tf.bool)", "tf.random.uniform([2], dtype=tf.string)",
             "tf.random.uniform([2], dtype=tf.int32)", "tf.random.normal([2], dtype=tf.int32)",
             "tf.random.normal([2], dtype=tf.bool)", "tf.random.uniform([2], maxval=3, dtype=tf.uint8)",
             "tf.random.uniform([2], maxval=3.5, dtype=tf.int32)",
             "tf.random.stateless_uniform([2], seed=[1., 2.])",
             "tf.random.stateless_normal([2], seed=[1, 2], dtype=tf.int32)",
             "tf.random.categorical(i32[None], 2)", "tf.random.shuffle(s)",
             "tf.math.confusion_matrix(f32, f32)", "tf.histogram_fixed_width(s, [0., 1.])",
             "tf.searchsorted(f32, i32)", "tf.math.in_top_k(f32, [[1., 0.]], 1)",
             "tf.nn.conv2d(tf.ones([1, 3, 3, 1], tf.int32), tf.ones([2, 2, 1, 1], tf.int32), 1, 'VALID')",
             "tf.nn.conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 1], tf.float64), 1, 'VALID')",
             "tf.nn.max_pool2d(tf.ones([1, 2, 2, 1], tf.bool), 2, 1, 'VALID')",
             "tf.nn.avg_pool2d(tf.ones([1, 2, 2, 1], tf.int32), 2, 1, 'VALID')",
             "tf.nn.bias_add(f32, i32)", "tf.nn.sparse_softmax_cross_entropy_with_logits(f32[None], [0.])",
             "tf.nn.softmax_cross_entropy_with_logits([i32], [i32])",
             "tf.nn.sigmoid_cross_entropy_with_logits(i32, i32)"]:
    _add(call)
