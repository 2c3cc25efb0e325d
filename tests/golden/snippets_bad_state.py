"""Bad-input calls, state (issue 13): Variables given values, shapes and dtypes they
cannot hold; GradientTape misuse; tf.function input signatures and concrete functions
called with what they do not accept; tf.Module and checkpoint arguments.
"""
from bad_calls import suite

SNIPPETS, _add = suite()

_V = "v = tf.Variable([1., 2.])"
_VI = "v = tf.Variable([1, 2])"
for call in ["tf.Variable(None)", "tf.Variable('s')", "tf.Variable([1, 'a'])", "tf.Variable(lambda: 1.)",
             "tf.Variable([[1.], [2., 3.]])", "tf.Variable(1., dtype=tf.int32)", "tf.Variable(1.5, dtype=tf.int32)",
             "tf.Variable(f64, dtype=tf.float32)", "tf.Variable(1., shape=[2])", "tf.Variable(1., shape=[None])",
             "tf.Variable(1., shape=2)", "tf.Variable(1., shape='a')", "tf.Variable(1., trainable='yes')",
             "tf.Variable(1., name=3)", "tf.Variable(1., name='a:b')", "tf.Variable(1., dtype='floaty')",
             "tf.Variable(1., synchronization=5)", "tf.Variable(1., aggregation='x')",
             "tf.Variable(1., constraint=3)", "tf.Variable(initial_value=None, dtype=tf.float32)",
             "tf.Variable(tf.ones([2**40]))", "tf.Variable(1., validate_shape=False).shape"]:
    _add(call)
for call in ["v.assign([1., 2., 3.])", "v.assign(1.)", "v.assign([1, 2])", "v.assign(f64)",
             "v.assign('a')", "v.assign(None)", "v.assign([[1., 2.]])", "v.assign_add([1., 2., 3.])",
             "v.assign_add(i32)", "v.assign_sub(None)", "v.assign_add(1.)", "v.assign(tf.ones([2, 1]))",
             "v.assign(x6)", "v[0].assign(5.)", "v[2].assign(5.)", "v[0:1].assign([5.])",
             "v[0:1].assign([5., 6.])", "v[5]", "v['a']", "v.scatter_update(tf.IndexedSlices([5.], [2]))",
             "v.scatter_update(tf.IndexedSlices([5.], [-1]))", "v.scatter_add(tf.IndexedSlices([5], [0]))",
             "v.scatter_nd_update([[2]], [5.])", "v.scatter_nd_add([[0]], [5., 6.])",
             "v.scatter_update([5.])", "v.batch_scatter_update(tf.IndexedSlices([5.], [0]))",
             "v + i32", "v * 'a'", "v @ v", "v.numpy().dtype", "v.read_value().shape",
             "v.assign(tf.Variable([3., 4.]))", "v.assign(v + 1)", "v.assign([1., 2.], read_value=3)",
             "tf.reshape(v, [3])", "v.sparse_read([2])", "v.gather_nd([[2]])",
             "float(v)", "int(tf.Variable([1, 2]))", "len(tf.Variable(1.))", "bool(v)", "v.shape.rank",
             "v.set_shape([3])", "v.set_shape([None])", "v.value().shape", "tf.identity(v).dtype"]:
    _add(call, setup=_V)
for call in ["v.assign(1.5)", "v.assign([1.5, 2])", "v.assign_add([2**31, 0])", "v.assign(tf.constant([1, 2], tf.int64))",
             "v.assign_add(1.)", "v.assign([True, False])", "v.scatter_add(tf.IndexedSlices([1.], [0]))"]:
    _add(call, setup=_VI)
_add("v.assign(x6)", setup="v = tf.Variable([1., 2.], shape=[None])")
_add("v.assign([[1.]])", setup="v = tf.Variable([1., 2.], shape=[None])")
_add("v.assign(x6)", setup="v = tf.Variable([1., 2.], shape=tf.TensorShape(None))")
_add("v.assign(1)", setup="v = tf.Variable(1., trainable=False)")
_add("v.assign(1.)", setup="v = tf.Variable(1.)\nv2 = v.assign(2.)\ndel v")
for call in ["f(v)", "f(tf.Variable([1., 2., 3.]))", "f(tf.Variable([1, 2]))"]:
    _add(call, setup=_V + "\n@tf.function\ndef f(w):\n    return w.assign([3., 4.])")
_add("f()", setup=_V + "\n@tf.function\ndef f():\n    return v.assign([1., 2., 3.])")
_add("f()", setup=_V + "\n@tf.function\ndef f():\n    return v.assign(tf.ones([2], tf.float64))")
_add("f()", setup="@tf.function\ndef f():\n    return tf.Variable(1.)")
_add("[f(), f()]", setup="@tf.function\ndef f():\n    return tf.Variable(1.)")

# GradientTape misuse
_T = "x = tf.constant(3.)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = x * x"
_TP = "x = tf.constant(3.)\nwith tf.GradientTape(persistent=True) as t:\n    t.watch(x)\n    y = x * x"
for call in ["t.gradient(y, 'x')", "t.gradient(y, None)", "t.gradient(None, x)", "t.gradient('y', x)",
             "t.gradient(y, [x, None])", "t.gradient(y, x, output_gradients=[1., 2.])",
             "t.gradient(y, x, output_gradients='a')", "t.gradient(y, x, unconnected_gradients='zeros')",
             "t.gradient(y, tf.constant(1.), unconnected_gradients='zero')", "t.gradient(y, 3.)",
             "t.gradient(y, [x, x])", "t.gradient(y, {'a': x})", "t.gradient({'a': y}, x)",
             "t.gradient([y, y], x)", "t.gradient(y, x) and t.gradient(y, x)", "t.jacobian(y, x)",
             "t.jacobian(y, 'x')", "t.batch_jacobian(y, x)", "t.watch('a')", "t.watch(None)",
             "t.watch(3.)", "t.watch([x, 1])", "t.reset()", "t.stop_recording().__enter__()",
             "t.gradient(y, x, output_gradients=tf.constant(1, tf.int32))", "t.watched_variables()"]:
    _add(call, setup=_T)
for call in ["[t.gradient(y, x), t.gradient(y, x)]", "t.jacobian(y, [x])",
             "t.batch_jacobian(tf.ones([2]) * x, tf.ones([2]) * x)", "t.gradient(y, x, output_gradients=tf.ones([2]))",
             "t.gradient(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)",
             "t.gradient(tf.constant(1.), x, unconnected_gradients='none')"]:
    _add(call, setup=_TP)
for setup in [
        "x = tf.constant(3)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = x * x",
        "x = tf.constant('a')\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = x",
        "x = tf.Variable(3, dtype=tf.int32)\nwith tf.GradientTape() as t:\n    y = x * x",
        "x = tf.constant(3.)\nwith tf.GradientTape() as t:\n    y = x * x",
        "x = tf.Variable(3.)\nwith tf.GradientTape() as t:\n    y = tf.cast(x, tf.int32)",
        "x = tf.Variable(3.)\nwith tf.GradientTape() as t:\n    y = tf.argmax([x, 1.])",
        "x = tf.Variable(3.)\nwith tf.GradientTape() as t:\n    y = tf.round(x) + tf.floor(x)",
        "x = tf.Variable(3.)\nwith tf.GradientTape(watch_accessed_variables=False) as t:\n    y = x * x",
        "x = tf.Variable(3.)\nwith tf.GradientTape() as t:\n    y = x.numpy() * 2",
        "x = tf.Variable(3.)\nwith tf.GradientTape() as t:\n    y = tf.constant(x.numpy()) * x",
        "x = tf.Variable(3.)\nwith tf.GradientTape() as t:\n    y = tf.stop_gradient(x) * x",
        "x = tf.Variable([1., 2.])\nwith tf.GradientTape() as t:\n    y = tf.gather(x, [1, 1])",
        "x = tf.Variable(3., dtype=tf.float64)\nwith tf.GradientTape() as t:\n    y = x * x",
        "x = tf.Variable(1 + 1j, dtype=tf.complex64)\nwith tf.GradientTape() as t:\n    y = x * x",
        "x = tf.Variable(0.)\nwith tf.GradientTape() as t:\n    y = tf.sqrt(x)",
        "x = tf.Variable(0.)\nwith tf.GradientTape() as t:\n    y = tf.abs(x) + tf.nn.relu(x) + tf.maximum(x, 0.)",
        "x = tf.Variable(0.)\nwith tf.GradientTape() as t:\n    y = tf.math.log(x)",
        "x = tf.Variable(0.)\nwith tf.GradientTape() as t:\n    y = tf.math.xlogy(x, x)",
        "x = tf.Variable([0., 0.])\nwith tf.GradientTape() as t:\n    y = tf.norm(x)",
        "x = tf.Variable([1., 1.])\nwith tf.GradientTape() as t:\n    y = tf.reduce_max(x)"]:
    _add("t.gradient(y, x)", setup=setup)
_add("t.gradient(y, x)", setup="x = tf.constant(3.)\nt = tf.GradientTape()\nwith t:\n    t.watch(x)\n    y = x * x\n    with t:\n        pass")
_add("g.gradient(y, x)", setup="x = tf.constant(3.)\nwith tf.GradientTape() as g:\n    g.watch(x)\n    y = x * x\n    r = g.gradient(y, x)")
_add("[a.gradient(y, x), b2.gradient(y, x)]", setup=(
    "x = tf.constant(3.)\nwith tf.GradientTape() as a:\n    a.watch(x)\n"
    "    with tf.GradientTape() as b2:\n        y = x * x"))
_add("acc.jvp(y)", setup=(
    "x = tf.constant(3.)\nwith tf.autodiff.ForwardAccumulator(x, tf.constant([1., 2.])) as acc:\n    y = x * x"))
_add("acc.jvp(y)", setup=(
    "x = tf.constant(3.)\nwith tf.autodiff.ForwardAccumulator(x, tf.constant(1, tf.int32)) as acc:\n    y = x * x"))
_add("acc.jvp(y)", setup=(
    "x = tf.constant(3)\nwith tf.autodiff.ForwardAccumulator(x, tf.constant(1)) as acc:\n    y = x * x"))
_add("tf.autodiff.ForwardAccumulator([tf.constant(1.)], [])")
_add("f(tf.constant(2.))", setup=(
    "@tf.custom_gradient\ndef f(x):\n    return x * x, lambda dy: (dy, dy)\n"))
_add("t.gradient(y, x)", setup=(
    "@tf.custom_gradient\ndef f(x):\n    return x * x, lambda dy: (dy, dy)\n"
    "x = tf.constant(3.)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)"))
_add("t.gradient(y, x)", setup=(
    "@tf.custom_gradient\ndef f(x):\n    return x * x, lambda dy: tf.ones([3])\n"
    "x = tf.constant(3.)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)"))
_add("t.gradient(y, x)", setup=(
    "@tf.custom_gradient\ndef f(x):\n    return x * x, lambda dy: None\n"
    "x = tf.constant(3.)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)"))

# tf.function signatures and concrete functions
_SIG = "@tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])\ndef f(x):\n    return x * 2"
for call in ["f(i32)", "f(f64)", "f(x6)", "f(m23)", "f([1., 2.])", "f([1, 2])", "f(1.)", "f(None)", "f('a')",
             "f()", "f(f32, f32)", "f(x=f32)", "f(y=f32)", "f(tf.Variable([1., 2.]))", "f(np.array([1., 2.]))",
             "f(np.array([1., 2.], np.float64))", "f.get_concrete_function(tf.TensorSpec([3], tf.float32))",
             "f.get_concrete_function()(i32)", "f.get_concrete_function()(x6)", "f.get_concrete_function()()",
             "f.get_concrete_function()(f32, f32)", "f.get_concrete_function()(x=f32)",
             "f.get_concrete_function()([1., 2.])", "f.get_concrete_function()(1.)"]:
    _add(call, setup=_SIG)
_SIGN = "@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int32)])\ndef f(x):\n    return x + 1"
for call in ["f(i32)", "f(tf.ones([3, 2], tf.int32))", "f(tf.ones([0, 2], tf.int32))", "f(tf.ones([3, 3], tf.int32))",
             "f(tf.ones([3, 2]))", "f([[1, 2]])", "f([[1.5, 2]])", "f(tf.ones([1, 2, 1], tf.int32))"]:
    _add(call, setup=_SIGN)
for sig in ["[tf.TensorSpec([2.5], tf.float32)]", "[tf.TensorSpec([-2], tf.float32)]",
            "[tf.TensorSpec([2], 'floaty')]", "tf.TensorSpec([2], tf.float32)", "[1]", "[[tf.TensorSpec([])], 1]",
            "[tf.TensorSpec([2], tf.float32), tf.TensorSpec([2], tf.float32)]", "[]", "None",
            "{'x': tf.TensorSpec([2])}", "[tf.TensorSpec(None, tf.float32)]", "[tf.TensorSpec([2], tf.float32, name=3)]"]:
    _add("f(f32)", setup=f"@tf.function(input_signature={sig})\ndef f(x):\n    return x * 2")
for call in ["f()", "f(1, 2, 3)", "f(1, y=2, x=3)", "f(z=1)", "f(f32, y=[1, 2])", "f(f32, y=tf.constant('a'))",
             "f(tf.constant(1), 2.)", "f(1, 2)", "f(None, None)", "f(f32, m23)", "f(f32, lambda: 1)",
             "f(object(), 1)", "f([f32], [f32, f32])", "f({'a': 1}, {'b': 2})",
             "f.get_concrete_function(tf.TensorSpec([2]), tf.TensorSpec([3]))",
             "f.get_concrete_function(tf.TensorSpec([2]))", "f.get_concrete_function(1, 2)(1, 2)",
             "f.get_concrete_function(1, 2)(1, 3)", "f.get_concrete_function(1, 2)(f32, 2)",
             "f.get_concrete_function(f32, f32)(f32)", "f.get_concrete_function(f32, f32)(f32, f32, f32)",
             "f.get_concrete_function(f32, f32)(x6, x6)", "f.get_concrete_function(f32, f32)(i32, i32)",
             "f.get_concrete_function(f32, f32)(f32, y=f32)", "f.get_concrete_function(f32, f32)(y=f32, x=f32)"]:
    _add(call, setup="@tf.function\ndef f(x, y):\n    return x + y")
for call in ["f(f32)", "f(1.)", "f(s)", "f(tf.constant(1.))"]:
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.reduce_sum(x[5])")
    _add(call, setup="@tf.function\ndef f(x):\n    if x > 0:\n        return x\n    return 0")
    _add(call, setup="@tf.function\ndef f(x):\n    return x.numpy()")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.reshape(x, [3, -1])")
for call in ["f(f32)", "f(i32)"]:
    _add(call, setup="@tf.function\ndef f(x):\n    for i in x:\n        return i\n    return x")
    _add(call, setup="@tf.function\ndef f(x):\n    return int(x[0])")
    _add(call, setup="@tf.function\ndef f(x):\n    return float(x[0]) + bool(x[0])")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.cond(x[0] > 0, lambda: x, lambda: [x])")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.while_loop(lambda i: i < 3, lambda i: i + 1.5, [x[0]])")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.while_loop(lambda i: i, lambda i: i + 1, [x[0]])")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.cond(x, lambda: 1, lambda: 2)")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.switch_case(x[0], [lambda: x])")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.py_function(lambda a: a * 2, [x], tf.int32)")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.numpy_function(lambda a: a * 2, [x], tf.float32)")
    _add(call, setup="@tf.function\ndef f(x):\n    tf.debugging.assert_positive(x - 1.5)\n    return x")
    _add(call, setup="@tf.function\ndef f(x):\n    tf.debugging.assert_equal(x, x[::-1])\n    return x")
    _add(call, setup="@tf.function\ndef f(x):\n    return tf.ensure_shape(x, [3])")
    _add(call, setup="@tf.function(reduce_retracing=True)\ndef f(x):\n    return tf.reshape(x, [2, 1, 1])")
for call in ["tf.function(1)", "tf.function(lambda: 1, input_signature=1, autograph=False)",
             "tf.function(jit_compile='a', autograph=False)(lambda: 1)()",
             "tf.function(lambda x: x, autograph=False)(1)", "tf.function(lambda x: x, autograph=False)()",
             "tf.function(lambda: None, autograph=False)()", "tf.function(lambda: 'a', autograph=False)()",
             "tf.function(lambda: object(), autograph=False)()", "tf.function(lambda: [f32, 1], autograph=False)()",
             "tf.function(lambda: {'a': i32, 'b': None}, autograph=False)()", "tf.function(lambda: (f32, (i32, s)), autograph=False)()",
             "tf.function(lambda: tf.constant([1, 2]) + tf.constant([1., 2.]), autograph=False)()",
             "tf.function(lambda: tf.ones([2]) + tf.ones([3]), autograph=False)()",
             "tf.function(lambda: tf.reshape(x6, [4, 2]), autograph=False)()",
             "tf.function(lambda: tf.random.uniform([-1]), autograph=False)()",
             "tf.function(lambda: tf.zeros([2.5]), autograph=False)()",
             "tf.function(lambda: tf.constant(1) // 0, autograph=False)()",
             "tf.function(lambda: tf.gather(f32, [5]), autograph=False)()",
             "tf.function(lambda: tf.ones([2**40]), autograph=False)()",
             "tf.function(lambda: tf.linalg.inv(tf.zeros([2, 2])), autograph=False)()",
             "tf.function(lambda: tf.debugging.check_numerics(f32 / 0., 'x'), autograph=False)()",
             "tf.function(lambda: tf.debugging.assert_equal(1, 2), autograph=False)()",
             "tf.function(lambda: tf.debugging.assert_rank(f32, 2), autograph=False)()",
             "tf.function(lambda: tf.debugging.assert_type(f32, tf.int32), autograph=False)()",
             "tf.debugging.assert_rank(f32, 2)", "tf.debugging.assert_rank(f32, 'a')",
             "tf.debugging.assert_rank_at_least(f32, 2)", "tf.debugging.assert_rank_in(f32, [0, 2])",
             "tf.debugging.assert_shapes([(f32, ('N', 'M'))])", "tf.debugging.assert_shapes([(f32, (3,))])",
             "tf.debugging.assert_shapes([(f32, ('N',)), (x6, ('N',))])", "tf.debugging.assert_type(f32, tf.int32)",
             "tf.debugging.assert_type(f32, 'a')", "tf.debugging.assert_equal(f32, x6)",
             "tf.debugging.assert_equal(f32, f32[::-1])", "tf.debugging.assert_less(f32, 1.)",
             "tf.debugging.assert_non_negative(-f32)", "tf.debugging.assert_integer(f32)",
             "tf.debugging.assert_near(f32, f32 + 1)", "tf.debugging.assert_proper_iterable(f32)",
             "tf.debugging.assert_scalar(f32)", "tf.debugging.assert_same_float_dtype([f32, f64])",
             "tf.ensure_shape(f32, [3])", "tf.ensure_shape(f32, [None])", "tf.ensure_shape(f32, 'a')",
             "tf.Module(name='a b')", "tf.Module(name=3)", "tf.train.Checkpoint(a=1)",
             "tf.train.Checkpoint(v=tf.Variable(1.)).restore('/nonexistent/ckpt')",
             "tf.train.Checkpoint(v=tf.Variable(1.)).read('/nonexistent/ckpt')",
             "tf.train.latest_checkpoint('/nonexistent')", "tf.train.load_checkpoint('/nonexistent/ckpt')",
             "tf.train.list_variables('/nonexistent/ckpt')", "tf.saved_model.load('/nonexistent')",
             "tf.TensorSpec([2], 'floaty')", "tf.TensorSpec('a')", "tf.TensorShape([2.5])", "tf.TensorShape('a')",
             "tf.TensorShape([2, 3])[5]", "tf.TensorShape([2, 3]).merge_with([3, 3])",
             "tf.TensorShape([2, None]).as_list()", "tf.TensorShape(None).as_list()",
             "tf.TensorShape([2]).concatenate([None, -1])", "tf.TensorShape([2]).assert_is_compatible_with([3])",
             "tf.TensorShape(None).rank", "len(tf.TensorShape(None))", "tf.TensorShape([2, 3]).num_elements()",
             "tf.TensorShape([2, None]).num_elements()", "tf.ones([2]).set_shape([3])", "f32.numpy()[5]",
             "tf.ones([2]).shape[5]", "f32 == None", "f32 is None", "bool(f32)", "int(f32)", "float(x6)",
             "len(tf.constant(1.))", "list(tf.constant(1.))", "iter(tf.constant(1.))", "hash(f32)",
             "{f32: 1}", "f32.ref() == f32.ref()", "f32.experimental_ref()", "f32.__array__(np.int32)",
             "np.asarray(s)", "f32.numpy().flags.writeable", "tf.get_static_value(None)",
             "tf.get_static_value(f32 + 1)", "tf.make_ndarray(f32)", "tf.make_tensor_proto(None)",
             "tf.nest.flatten(None)", "tf.nest.map_structure(lambda a, b: a, [1], [1, 2])",
             "tf.nest.map_structure(lambda a, b: a, [1], (1,))", "tf.nest.assert_same_structure([1], {'a': 1})",
             "tf.nest.pack_sequence_as([1, 2], [1])", "tf.nest.map_structure(1, [1])",
             "tf.data.Dataset.from_tensor_slices([[1], [2, 3]])", "tf.data.Dataset.from_tensor_slices(None)",
             "tf.data.Dataset.from_tensor_slices((f32, x6))", "tf.data.Dataset.range('a')",
             "tf.data.Dataset.range(3).batch(0)", "tf.data.Dataset.range(3).batch(-2)",
             "tf.data.Dataset.range(3).shuffle(0)", "tf.data.Dataset.range(3).take('a')",
             "list(tf.data.Dataset.range(3).map(lambda x: x / 0))", "list(tf.data.Dataset.range(3).map(lambda x: tf.gather(f32, x)))",
             "list(tf.data.Dataset.range(3).map(lambda x: x.numpy()))", "tf.data.Dataset.range(3).map(1)",
             "list(tf.data.Dataset.range(3).filter(lambda x: x))", "list(tf.data.Dataset.range(3).padded_batch(2, padded_shapes=[2]))",
             "list(tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).unbatch().batch(3, drop_remainder=True))",
             "tf.data.Dataset.zip((tf.data.Dataset.range(2), 1))", "tf.data.Dataset.range(2).concatenate(tf.data.Dataset.range(2).map(lambda x: tf.cast(x, tf.float32)))",
             "next(iter(tf.data.Dataset.range(0)))", "tf.data.Dataset.range(3).get_single_element()",
             "tf.data.Dataset.range(3).reduce(0, lambda a, b: a + b)", "tf.data.Dataset.range(3).window(0)",
             "tf.data.Dataset.from_generator(lambda: [1], output_signature=tf.TensorSpec([], tf.string)).get_single_element()",
             "list(tf.data.Dataset.from_generator(lambda: [[1, 2]], output_signature=tf.TensorSpec([3], tf.int32)))"]:
    _add(call)
