"""Bad-input calls, shapes, axes and sizes (issue 13): incompatible broadcasts, shape
arguments that are negative, fractional, None, strings or nested, axes out of range,
mismatched ranks, uneven splits, and sizes too large to allocate; eagerly and, for the
shape checks TF makes while tracing, inside a tf.function.
"""
from bad_calls import suite

SNIPPETS, _add = suite()

for op in ["tf.add", "tf.multiply", "tf.maximum", "tf.equal", "tf.math.floordiv",
           "tf.pow", "tf.math.squared_difference", "tf.math.logical_and"]:
    args = "b, tf.constant([True, False, True])" if "logical" in op else "m23, f32"
    _add(f"{op}({args})", traced=True)
_add("m23 + x6", traced=True)
_add("m23 * tf.ones([3, 2])", traced=True)
_add("tf.ones([2, 1, 3]) - tf.ones([4, 1])")
_add("tf.ones([0, 3]) + tf.ones([2, 3])")

SHAPES = ["[2.0, 3]", "[2, 3.5]", "[-1, -1]", "[-2, 3]", "[None, 3]", "['2', 3]",
          "[[2, 3]]", "[2, 4]", "[]", "None", "'a'", "2.0", "tf.constant([2., 3.])",
          "tf.constant([2, 3], tf.int64)", "tf.constant([2, 3], tf.uint8)", "(2, 3)",
          "tf.TensorShape([2, 3])", "tf.TensorShape([None, 3])", "np.array([2, 3])",
          "[0, -1]", "[2**40, 3]", "[True, 3]"]
for shape in SHAPES:
    _add(f"tf.reshape(x6, {shape})")
    _add(f"tf.zeros({shape})")
    _add(f"tf.fill({shape}, 1.)")
    _add(f"tf.random.uniform({shape})")
    _add(f"tf.broadcast_to(f32, {shape})")
for shape in ["[4, 2]", "[-1, 4]", "[2.0, 3]", "[-1, -1]"]:
    _add(f"tf.reshape(x6, {shape})", traced=True, eager=False)
_add("tf.reshape(tf.ones([0, 3]), [-1, 0])")
_add("tf.reshape(tf.ones([0, 3]), [0, -1])")
_add("tf.reshape(tf.ones([2, 0]), [-1])")

for n in ["-1", "0", "2.5", "'2'", "None", "2**31", "tf.constant(2.)", "[2]", "True"]:
    _add(f"tf.eye({n})")
    if n != "2**31":  # (2 x 2**31 floats fit in some machines' memory and not in others')
        _add(f"tf.eye(2, {n})")
    _add(f"tf.one_hot([0, 1], {n})")
    if n != "2**31":
        _add(f"tf.range({n})")
    _add(f"tf.math.top_k(f32, {n})")
    _add(f"tf.split(x6, {n})")
    _add(f"tf.random.categorical(tf.math.log([[0.5, 0.5]]), {n})")
_add("tf.eye(2, batch_shape=[-1])")
_add("tf.eye(2, batch_shape=[2.5])")
for call in ["tf.range(0, 10, 0)", "tf.range(0., 1., 0.)", "tf.range(5, 1)", "tf.range(1, 5, -1)",
             "tf.range(0, 1e12)", "tf.range(0, 2**40)", "tf.range(0., 1., 1e-12)",
             "tf.range('a')", "tf.range(1, 'b')", "tf.range(0, 3, dtype=tf.int8)",
             "tf.range(0, 300, 100, dtype=tf.int8)", "tf.range(f32)", "tf.range(i32)",
             "tf.range(float('nan'))", "tf.range(float('inf'))", "tf.range(0, 5, 1.5)",
             "tf.range(0., 5, 2)", "tf.linspace(0., 1., -1)", "tf.linspace(0., 1., 0)",
             "tf.linspace(0., 1., 2.5)", "tf.linspace(0, 1, 3)", "tf.linspace(f32, 3., 3)",
             "tf.linspace([0., 1.], [2., 3., 4.], 3)"]:
    _add(call)

AXES = ["2", "-3", "1.0", "None", "'a'", "[0, 0]", "[0, 2]", "[1, -1]", "tf.constant(1.)",
        "tf.constant([[0]])", "[]", "(0, 1)", "np.int64(1)", "2**40"]
for axis in AXES:
    for op in ["tf.reduce_sum", "tf.reduce_max", "tf.reduce_mean", "tf.argmax",
               "tf.math.cumsum", "tf.expand_dims", "tf.squeeze", "tf.reverse",
               "tf.nn.softmax", "tf.concat", "tf.stack", "tf.unstack", "tf.gather",
               "tf.math.reduce_logsumexp"]:
        if op in ("tf.concat", "tf.stack"):
            _add(f"{op}([m23, m23], {axis})")
        elif op == "tf.gather":
            _add(f"tf.gather(m23, [0], axis={axis})")
        elif op == "tf.reverse":
            _add(f"tf.reverse(m23, {axis})")
        else:
            _add(f"{op}(m23, {axis})")
for axis in ["2", "-3", "[0, 0]"]:
    for op in ["tf.reduce_sum", "tf.argmax", "tf.expand_dims", "tf.squeeze", "tf.reverse"]:
        _add(f"{op}(m23, {axis})", traced=True, eager=False)

for call in ["tf.concat([m23, x6], 0)", "tf.concat([m23, tf.ones([2, 2])], 0)",
             "tf.concat([m23, tf.ones([2, 2])], 1)", "tf.concat([m23, tf.ones([2, 3], tf.float64)], 0)",
             "tf.concat([], 0)", "tf.concat(m23, 0)", "tf.concat([f32, 1.], 0)",
             "tf.concat([tf.constant(1.), tf.constant(2.)], 0)", "tf.stack([f32, x6])",
             "tf.stack([f32, i32])", "tf.stack([])", "tf.unstack(tf.constant(1.))",
             "tf.unstack(m23, num=3)", "tf.split(x6, 4)", "tf.split(x6, [2, 3])",
             "tf.split(x6, [2, -1, -1])", "tf.split(x6, [2, -1])", "tf.split(x6, [7, -1])",
             "tf.split(m23, 2, axis=1)", "tf.split(m23, [1.5, 1.5], axis=1)",
             "tf.squeeze(m23, 0)", "tf.squeeze(tf.ones([1, 2]), [0, 1])",
             "tf.tile(f32, [2, 2])", "tf.tile(f32, [-1])", "tf.tile(f32, [2.0])",
             "tf.tile(m23, [2])", "tf.tile(tf.constant(1.), [])", "tf.tile(f32, [2**40])",
             "tf.transpose(m23, [0])", "tf.transpose(m23, [0, 0])", "tf.transpose(m23, [0, 2])",
             "tf.transpose(m23, [1.0, 0])", "tf.transpose(f32, [1, 0])",
             "tf.transpose(m23, [-1, 0])", "tf.slice(m23, [0, 0], [3, 1])",
             "tf.slice(m23, [0, 0], [-1, -1])", "tf.slice(m23, [0, 0], [-2, 1])",
             "tf.slice(m23, [0], [1])", "tf.slice(m23, [2, 0], [1, 1])",
             "tf.slice(m23, [0.5, 0], [1, 1])", "tf.slice(m23, [-1, 0], [1, 1])",
             "tf.strided_slice(m23, [0, 0], [2, 3], [1, 0])",
             "tf.strided_slice(m23, [0], [1, 1], [1, 1])", "tf.pad(m23, [[1, 1]])",
             "tf.pad(m23, [[1, 1], [-1, 0]])", "tf.pad(m23, [[1, 1], [1, 1], [1, 1]])",
             "tf.pad(m23, [[1.5, 1], [1, 1]])", "tf.pad(m23, [[3, 0], [0, 0]], 'REFLECT')",
             "tf.pad(m23, [[2, 0], [0, 0]], 'SYMMETRIC')", "tf.pad(m23, [[1, 0], [0, 0]], 'WRAP')",
             "tf.pad(m23, [[1, 0], [0, 0]], constant_values='a')",
             "tf.matmul(m23, m23)", "tf.matmul(f32, f32)", "tf.matmul(m23, tf.ones([3]))",
             "tf.matmul(tf.ones([2, 2, 3]), tf.ones([3, 3, 2]))", "tf.matmul(m23, m23, transpose_b=True)",
             "tf.linalg.matvec(m23, f32)", "tf.tensordot(m23, m23, 1)", "tf.tensordot(m23, m23, [[0], [0]])",
             "tf.tensordot(m23, m23, [[1], [1]])", "tf.tensordot(m23, m23, [[0, 1], [0]])",
             "tf.einsum('ij,jk->ik', m23, m23)", "tf.einsum('ij->k', m23)", "tf.einsum('ij', f32)",
             "tf.einsum('i,i->', f32, x6)", "tf.linalg.inv(m23)", "tf.linalg.det(m23)",
             "tf.linalg.cholesky(m23)", "tf.linalg.solve(tf.eye(2), x6)",
             "tf.linalg.trace(f32)", "tf.linalg.diag_part(f32)", "tf.linalg.band_part(f32, 0, 0)",
             "tf.linalg.band_part(m23, 0.5, 0)", "tf.linalg.norm(m23, ord=3)",
             "tf.linalg.norm(m23, axis=[0, 0])", "tf.norm(m23, ord='fro', axis=0)",
             "tf.boolean_mask(m23, [True, False, True])", "tf.boolean_mask(m23, [[True]])",
             "tf.boolean_mask(x6, tf.constant([1, 0, 1, 0, 1, 0]))",
             "tf.where(tf.constant([True, False, True]), f32, f32)",
             "tf.where(b, m23, x6)", "tf.nn.bias_add(m23, f32)", "tf.nn.bias_add(f32, f32)",
             "tf.nn.conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 2, 1]), 1, 'VALID')",
             "tf.nn.conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 1]), 0, 'VALID')",
             "tf.nn.conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 1]), 1, 'FULL')",
             "tf.nn.conv2d(tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 1]), 1, 'VALID', dilations=0)",
             "tf.nn.max_pool2d(tf.ones([1, 2, 2, 1]), 0, 1, 'VALID')",
             "tf.nn.max_pool2d(tf.ones([2, 2, 1]), 2, 1, 'VALID')",
             "tf.nn.avg_pool2d(tf.ones([1, 2, 2, 1]), 2, -1, 'VALID')",
             "tf.nn.softmax_cross_entropy_with_logits(tf.ones([2, 3]), tf.ones([2, 2]))",
             "tf.nn.sparse_softmax_cross_entropy_with_logits(tf.constant([0, 1, 0]), tf.ones([2, 3]))",
             "tf.nn.sigmoid_cross_entropy_with_logits(f32, x6)", "tf.nn.l2_loss(5)",
             "tf.nn.moments(m23, [2])", "tf.nn.batch_normalization(m23, f32, f32, None, None, 1e-3)",
             "tf.image.resize(tf.ones([2, 2]), [4, 4])", "tf.image.resize(tf.ones([2, 2, 1]), [-1, 4])",
             "tf.image.resize(tf.ones([2, 2, 1]), [4])", "tf.image.flip_left_right(f32)",
             "tf.image.rgb_to_grayscale(tf.ones([2, 2, 2]))",
             "tf.image.crop_to_bounding_box(tf.ones([4, 4, 1]), 3, 3, 2, 2)",
             "tf.image.central_crop(tf.ones([4, 4, 1]), 1.5)",
             "tf.zeros([2**40])", "tf.ones([2**31, 2**31])",
             "tf.fill([2**62], 0)", "tf.random.normal([2**40])", "tf.random.uniform([2**20, 2**20])",
             "tf.zeros([2**63])", "tf.zeros([2**64])", "tf.tile(m23, [2**30, 2**30])",
             "tf.broadcast_to(f32, [2**40, 2])", "tf.one_hot([0], 2**40)",
             "tf.range(2**33, dtype=tf.int64)", "tf.reshape(x6, [2**40, -1])",
             "tf.pad(f32, [[2**40, 0]])", "tf.linalg.diag(tf.ones([2**20]))",
             "tf.image.resize(tf.ones([2, 2, 1]), [2**20, 2**20])",
             "tf.strings.reduce_join(tf.fill([2**40], 'a'))", "tf.zeros([-1])", "tf.ones([2, -3])"]:
    _add(call)
for call in ["tf.concat([m23, x6], 0)", "tf.stack([f32, x6])", "tf.matmul(m23, m23)",
             "tf.split(x6, 4)", "tf.tile(f32, [2, 2])", "tf.transpose(m23, [0])",
             "tf.slice(m23, [0, 0], [3, 1])", "tf.pad(m23, [[1, 1]])",
             "tf.squeeze(m23, 0)", "tf.linalg.inv(m23)", "tf.einsum('ij,jk->ik', m23, m23)",
             "tf.boolean_mask(m23, [True, False, True])", "tf.zeros([2**40])", "tf.zeros([-1])",
             "tf.broadcast_to(f32, [3])", "tf.nn.bias_add(m23, f32)",
             "tf.nn.softmax_cross_entropy_with_logits(tf.ones([2, 3]), tf.ones([2, 2]))"]:
    _add(call, traced=True, eager=False)
