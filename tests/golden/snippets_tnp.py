"""Golden snippets: tf.experimental.numpy (tnp) without NumPy behavior enabled: its
names, dtypes and NumPy's type promotion as TF applies it (float64 defaults), array
creation, shape manipulation, selection, math, reductions, sorting, tnp.random's
dtypes, errors, and a sample inside tf.function. (experimental_enable_numpy_behavior
changes process-wide state: tests/test_tnp_behavior.py runs it in a subprocess.)"""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="tnp = tf.experimental.numpy\n")
_s = SNIPPETS.add
_errs = SNIPPETS.errs


def _show(expr):
    return f"print(repr({expr}))"


# ---------------------------------------------------------------------------
# the namespace, dtypes, promotion

_s("names", """
names = sorted(n for n in dir(tnp) if not n.startswith('_'))
print(len(names))
print(' '.join(names))
print(sorted(n for n in dir(tnp.random) if not n.startswith('_')))
""")
_s("dtype_constants", """
for n in ['bool_', 'complex128', 'complex64', 'complex_', 'float16', 'float32', 'float64',
          'float_', 'inexact', 'int16', 'int32', 'int64', 'int8', 'int_', 'object_',
          'string_', 'uint16', 'uint32', 'uint64', 'uint8', 'unicode_']:
    print(n, getattr(tnp, n))
print(tnp.ndarray is tf.Tensor, tnp.newaxis, tnp.pi, tnp.e, tnp.inf)
""")
_s("finfo_iinfo", """
print(tnp.finfo(tf.float32).eps, tnp.finfo(tnp.float64).max, tnp.finfo('float16').tiny)
print(tnp.finfo(tf.bfloat16).eps, tnp.finfo(tf.float32).dtype)
print(tnp.iinfo(tnp.int32).max, tnp.iinfo('int8').min, tnp.iinfo(np.uint16).max)
print(tnp.issubdtype(tnp.float32, tnp.inexact), tnp.issubdtype(np.int32, np.floating))
""")
_s("result_type", """
for args in [(1, 2.), (tf.float32, 1.), (tf.int32, 1.5), (tf.int8, 2), (tf.int32, tf.float32),
             (tf.int64, tf.uint64), (tf.float16, tf.int16), (True, 1), (tf.bool,),
             (tf.constant(1, tf.int8), 2), (tf.constant([1.], tf.float32), np.float64(2.)),
             (np.array([1, 2], np.int16), tf.int8), (tf.complex64, 1.), ()]:
    print(repr(tnp.result_type(*args)))
print(repr(tnp.promote_types(tnp.int32, tnp.float32)), repr(tnp.promote_types('int8', 'uint8')))
""")
_s("asarray_defaults", """
for v in [1., 1, True, [1, 2], [1., 2.], [[1, 2.5]], np.float32(1.), np.array([1, 2], np.int16),
          1j, 'ab']:
    t = tnp.asarray(v)
    print(repr(t))
t = tf.constant([1., 2.])
print(tnp.asarray(t) is t, tnp.asarray(t, tnp.float32) is t, repr(tnp.asarray(t, tnp.int32)))
print(repr(tnp.array([1, 2], dtype=tnp.float16)), repr(tnp.array(3., ndmin=2)))
print(repr(tnp.asanyarray([1])), repr(tnp.ascontiguousarray(5)), repr(tnp.copy([1, 2])))
""")
_s("creation", """
print(repr(tnp.zeros(2)), repr(tnp.zeros((2,), tnp.int32)), repr(tnp.ones([2, 1])))
print(repr(tnp.ones(2, dtype=bool)), repr(tnp.empty(1)), repr(tnp.full([2], 7)))
print(repr(tnp.full((2, 2), 1.5, dtype=tnp.float32)), repr(tnp.full(3, True)))
print(repr(tnp.zeros_like([1, 2])), repr(tnp.ones_like(tf.constant([1.], tf.float16))))
print(repr(tnp.full_like([1, 2], 3.7)), repr(tnp.empty_like([1.])), repr(tnp.zeros_like(1.5, tnp.int8)))
print(repr(tnp.eye(3, 2, k=-1)), repr(tnp.eye(2, dtype=tnp.int32)), repr(tnp.identity(2)))
print(repr(tnp.eye(3, 4, 1)), repr(tnp.eye(2, 2, 5)))
""")
_s("arange", """
for args, kw in [((5,), {}), ((5.,), {}), ((1, 7, 2), {}), ((0, 1, .25), {}), ((3,), {'dtype': tnp.float32}),
                 ((5, 1), {}), ((5, 1, -2), {}), ((np.int32(4),), {}), ((tf.constant(3),), {})]:
    print(repr(tnp.arange(*args, **kw)))
""")
_errs("arange_errors", "tnp.arange(1, 5, 0)")
_s("linspace_logspace_geomspace", """
print(repr(tnp.linspace(0, 1, 5)), repr(tnp.linspace(0., 10., 4, endpoint=False)))
print(repr(tnp.linspace(2, 3, 3, dtype=tnp.float32)), repr(tnp.linspace(0, 1, 3, retstep=True)))
print(repr(tnp.linspace(tnp.asarray([0., 1.]), 2, 3)), repr(tnp.linspace(tnp.asarray([0., 1.]), 2, 3, axis=1)))
print(np.round(tnp.logspace(0, 2, 3).numpy(), 10), tnp.logspace(0, 2, 3).dtype)
print(np.round(tnp.logspace(0, 3, 4, base=2.).numpy(), 10))
print(np.round(tnp.geomspace(1, 1000, 4).numpy(), 8), tnp.geomspace(1, 1000, 4).dtype)
print(np.round(tnp.geomspace(1., 16., 5, dtype=tnp.float32).numpy(), 4))
""")
_s("tri_diag", """
print(repr(tnp.tri(3)), repr(tnp.tri(2, 3, 1, dtype=tnp.int32)), repr(tnp.tri(3, k=-1)))
m = tnp.arange(1, 10).reshape if False else tnp.reshape(tnp.arange(1, 10), (3, 3))
print(repr(tnp.tril(m)), repr(tnp.triu(m, 1)), repr(tnp.tril(m, -1)))
print(repr(tnp.diag([1, 2])), repr(tnp.diag([1, 2], 1)), repr(tnp.diag(m)), repr(tnp.diag(m, -1)))
print(repr(tnp.diagonal(m)), repr(tnp.diagonal(m, 1)), repr(tnp.diagflat([[1, 2]])))
print(repr(tnp.diag_indices(3)), repr(tnp.trace(m)), repr(tnp.trace(m, 1)))
print(repr(tnp.vander([1, 2, 3])), repr(tnp.vander([1., 2.], 3, increasing=True)))
""")

# ---------------------------------------------------------------------------
# shapes

_s("reshape_transpose", """
a = tnp.arange(6)
print(repr(tnp.reshape(a, (2, 3))), repr(tnp.reshape(a, [3, -1], order='F')))
b = tnp.reshape(a, (2, 3))
print(repr(tnp.transpose(b)), repr(tnp.transpose(tnp.ones((1, 2, 3)), (2, 0, 1)).shape))
print(repr(tnp.ravel(b)), repr(tnp.swapaxes(tnp.ones((1, 2, 3)), 0, 2).shape))
print(tnp.moveaxis(tnp.ones((1, 2, 3)), 0, -1).shape, tnp.moveaxis(tnp.ones((1, 2, 3)), [0, 1], [-1, -2]).shape)
print(tnp.expand_dims(a, 0).shape, tnp.squeeze(tnp.ones((1, 2, 1))).shape, tnp.squeeze(tnp.ones((1, 2, 1)), 2).shape)
print(tnp.shape([[1, 2]]), tnp.ndim([[1, 2]]), tnp.size([[1, 2]]), tnp.size(3.), tnp.isscalar(3.), tnp.isscalar([3]))
print(repr(tnp.atleast_1d(1.)), tnp.atleast_2d([1, 2]).shape, tnp.atleast_3d([1, 2]).shape)
print(tnp.atleast_3d(1).shape, tnp.atleast_3d([[1, 2]]).shape, [t.shape for t in tnp.atleast_1d(1, [2, 3])])
""")
_s("stack_concat_split", """
print(repr(tnp.concatenate([[1, 2], [3.]])), repr(tnp.concatenate([tnp.ones((1, 2)), tnp.zeros((1, 2), tnp.int32)], 1)))
print(repr(tnp.stack([[1, 2], [3, 4]], 1)), repr(tnp.stack([1, 2.5])))
print(repr(tnp.hstack([[1], [2, 3]])), repr(tnp.vstack([[1, 2], [3, 4]])), tnp.dstack([[1, 2], [3, 4]]).shape)
print(repr(tnp.append([1, 2], [[3]])), repr(tnp.append([[1, 2]], [[3, 4]], axis=0)))
print(tnp.split(tnp.arange(6), 3), tnp.split(tnp.arange(6), [1, 4]))
print([t.shape for t in tnp.hsplit(tnp.ones((2, 4)), 2)], [t.shape for t in tnp.vsplit(tnp.ones((4, 2)), [1])])
print([t.shape for t in tnp.dsplit(tnp.ones((1, 1, 4)), 2)])
print(repr(tnp.tile([1, 2], 2)), tnp.tile([[1, 2]], (2, 1, 2)).shape, repr(tnp.repeat([1, 2], 2)))
print(repr(tnp.repeat([[1, 2], [3, 4]], [1, 2], axis=0)))
""")
_s("flip_roll_pad", """
m = tnp.reshape(tnp.arange(6), (2, 3))
print(repr(tnp.flip(m)), repr(tnp.flip(m, 1)), repr(tnp.fliplr(m)), repr(tnp.flipud(m)))
print(repr(tnp.roll(m, 1)), repr(tnp.roll(m, -1, axis=1)), repr(tnp.rot90(m)), repr(tnp.rot90(m, 2)))
print(repr(tnp.rot90(m, 3)))
print(repr(tnp.pad([1, 2], [[1, 1]], 'constant')), repr(tnp.pad([1, 2], [[1, 2]], 'constant', constant_values=9)))
print(repr(tnp.pad([1, 2, 3], [[2, 2]], 'reflect')), repr(tnp.pad([1, 2, 3], [[2, 1]], 'symmetric')))
print(repr(tnp.broadcast_to([1, 2], (2, 2))), [t.shape for t in tnp.broadcast_arrays([1, 2], [[1], [2]])])
print([repr(t) for t in tnp.meshgrid([1, 2], [3, 4, 5])])
print([t.shape for t in tnp.meshgrid([1, 2], [3, 4, 5], indexing='ij')])
""")
_errs("shape_errors",
      "tnp.pad([1], 1, 'edge')",
      "tnp.reshape([1, 2], 2, order='X')",
      "tnp.hsplit(tnp.ones((2, 3)), 2)",
      "tnp.moveaxis(tnp.ones((1, 2)), [0], [0, 1])",
      "tnp.flatten([1], order='Z')",
      "tnp.split([1, 2, 3], [2, 1])")

# ---------------------------------------------------------------------------
# selection

_s("take_where_select", """
a = tnp.reshape(tnp.arange(6), (2, 3))
print(repr(tnp.take(a, [0, 4])), repr(tnp.take(a, [0, 5], axis=1)), repr(tnp.take(a, [-1, 7], mode='wrap')))
print(repr(tnp.take_along_axis(a, tnp.asarray([[0], [2]]), 1)), repr(tnp.take_along_axis(a, tnp.asarray([[1, 0, 1]]), 0)))
print(repr(tnp.where([True, False], 1, 2.5)), repr(tnp.where(a > 2, a, -1)))
print(tnp.where([[0, 1], [1, 0]]), tnp.nonzero([0, 3, 0, 4]), tnp.nonzero(5))
print(repr(tnp.select([a < 2, a > 4], [a, a * 10], default=-1)))
print(repr(tnp.compress([True, False, True], a, axis=1)), repr(tnp.compress([0, 1], a)))
print(tnp.ix_([0, 1], [2, 1]), tnp.ix_([True, False, True]))
print(repr(tnp.count_nonzero([[0, 1], [2, 0]])), repr(tnp.count_nonzero([[0, 1], [2, 0]], axis=0)))
""")
_errs("select_errors",
      "tnp.select([True], [1, 2])",
      "tnp.select([], [])",
      "tnp.where([True], 1)",
      "tnp.take([1], [0], mode='raise')",
      "tnp.take([1], [0], mode='bad')",
      "tnp.compress([[True]], [1])",
      "tnp.ix_([1.5])",
      "tnp.diag(tnp.ones((1, 1, 1)))")

# ---------------------------------------------------------------------------
# math

_s("arithmetic_promotion", """
x = tnp.asarray([1, 2, 3], tnp.int32)
f = tnp.asarray([1., 2., 4.], tnp.float32)
for r in [tnp.add(x, 1), tnp.add(x, 1.5), tnp.add(x, f), tnp.subtract(f, 1.), tnp.multiply(x, True),
          tnp.true_divide(x, 2), tnp.divide(x, x), tnp.floor_divide(7, x), tnp.mod(-7, x),
          tnp.remainder(f, 3), tnp.power(x, 2), tnp.float_power(x, 2), tnp.maximum(x, 0),
          tnp.minimum(x, 2.), tnp.add([True, False], [True, True]), tnp.multiply([True], [False]),
          tnp.floor_divide([True], [True]), tnp.true_divide([True], [True]),
          tnp.maximum([True, False], [False, False]), tnp.add(tf.constant(1, tf.int8), 300)]:
    print(repr(r))
print(tnp.divmod(x, 2))
""")
_s("unary_math", """
x = tnp.asarray([1., 2., 4.])
for fn in ['sqrt', 'exp', 'log', 'log2', 'log10', 'log1p', 'expm1', 'sin', 'cos', 'tan', 'arcsin',
           'arctan', 'sinh', 'tanh', 'arcsinh', 'cbrt', 'exp2', 'deg2rad', 'rad2deg', 'sinc']:
    r = getattr(tnp, fn)(x)
    print(fn, r.dtype.name, np.round(r.numpy(), 6))
y = tnp.asarray([-1.5, 0., 2.5], tnp.float32)
for fn in ['abs', 'absolute', 'fabs', 'ceil', 'floor', 'fix', 'negative', 'positive', 'reciprocal',
           'sign', 'signbit', 'square', 'isfinite', 'isnan', 'isinf',
           'isneginf', 'isposinf', 'angle', 'real', 'imag', 'conj', 'conjugate', 'iscomplex', 'isreal']:
    print(fn, repr(getattr(tnp, fn)(y)))
print(repr(tnp.abs([-1, 2])), repr(tnp.square([3])), repr(tnp.negative([True])) if False else '',
      repr(tnp.angle([1j, -1.])), repr(tnp.angle([1., -1.], deg=True)))
print(tnp.iscomplexobj([1j]), tnp.isrealobj([1.]), repr(tnp.real([1 + 2j])), repr(tnp.imag([1 + 2j])))
print(repr(tnp.arccosh([1., 2.])), repr(tnp.arctanh([0., .5])), repr(tnp.arccos([1.])))
""")
# TF's tnp functions that call Tensor.astype fail until NumPy behavior is enabled.
_errs("astype_users_errors",
      "tnp.around(tnp.asarray([0.5, 1.5]))",
      "tnp.sqrt([1, 2])",
      "tnp.sin(tnp.asarray([1], tnp.int32))",
      "tnp.heaviside([-1, 0, 2], 1)",
      "tnp.average([1, 2])")
# TF's own failures of tnp without NumPy behavior, kept as they are.
_errs("tf_failures_errors",
      "tnp.linspace([0, 1], 2, 3)",
      "tnp.random.uniform(1, [2., 3.])",
      "tnp.var([1., 2., 4.], ddof=1)",
      "tnp.asarray([b'x'])",
      "tnp.cumsum([True, True])",
      "tnp.random.random(3)")
_s("binary_math", """
a = tnp.asarray([3., 4.])
b = tnp.asarray([4., 3.])
print(repr(tnp.hypot(a, b)), repr(tnp.arctan2(a, b)), repr(tnp.heaviside([-1, 0, 2], 0.5)))
print(repr(tnp.nextafter(tnp.asarray([1.], tnp.float32), 2.)))
print(repr(tnp.logaddexp(a, b)), repr(tnp.logaddexp2(a, b)))
print(repr(tnp.gcd([12, 18, 0], [8, 12, 5])), repr(tnp.lcm([4, 6], [6, 4])), repr(tnp.gcd(-12, 8)))
print(repr(tnp.bitwise_and([12, 5], 4)), repr(tnp.bitwise_or([True, False], [False, False])),
      repr(tnp.bitwise_xor([5], [3])), repr(tnp.bitwise_not([5, 0])), repr(tnp.bitwise_not([True])))
print(repr(tnp.polyval([1, 2, 3], [0., 1., 2.])), repr(tnp.polyval(2, [1, 2])))
print(repr(tnp.isclose([1., 1.1, np.nan], [1., 1., np.nan])), repr(tnp.isclose([np.nan], [np.nan], equal_nan=True)))
print(repr(tnp.allclose([1., 2.], [1., 2.000001])), repr(tnp.isclose([1, 2], [1, 3])))
print(repr(tnp.clip([1, 5, 9], 2, 6)), repr(tnp.clip([1., 5.], None, 2)), repr(tnp.clip([1, 5], 2, None)))
print(repr(tnp.clip([1, 5, 9], [0, 6, 0], 8.5)))
""")
_errs("math_errors",
      "tnp.clip([1], None, None)",
      "tnp.gcd([1.5], [2])",
      "tnp.matmul(tnp.ones((2, 3), tnp.int32), tnp.ones((2, 3), tnp.int32))",
      "tnp.einsum('ij->i', [[1]], casting='unsafe')",
      "tnp.argsort([1], kind='heap')",
      "tnp.sort([1], kind='stable')",
      "tnp.sign([1], out=1)")
_s("comparisons", """
x = tnp.asarray([1, 2, 3])
for fn in ['equal', 'not_equal', 'less', 'less_equal', 'greater', 'greater_equal']:
    print(fn, repr(getattr(tnp, fn)(x, 2.)), repr(getattr(tnp, fn)([True, False], [False, False])))
print(repr(tnp.logical_and([1, 0], [1, 1])), repr(tnp.logical_or([0., 0.], [0, 1])),
      repr(tnp.logical_xor([True], [True])), repr(tnp.logical_not([0, 2])))
print(repr(tnp.array_equal([1, 2], [1, 2])), repr(tnp.array_equal([1, 2], [1, 2, 3])),
      repr(tnp.array_equal([1, 2], [1., 3.])))
""")
_s("products", """
a = tnp.reshape(tnp.arange(6), (2, 3))
b = tnp.reshape(tnp.arange(6.), (3, 2))
print(repr(tnp.matmul(a, b)), repr(tnp.matmul(a, [1, 1, 1])), repr(tnp.matmul([1, 1], a)))
print(repr(tnp.dot(a, b)), repr(tnp.dot([1, 2], [3, 4])), repr(tnp.dot(2, a)), repr(tnp.dot(a, [1., 0., 0.])))
print(repr(tnp.inner([1, 2], [3, 4])), repr(tnp.inner(a, a)), repr(tnp.outer([1, 2], [3, 4, 5])))
print(repr(tnp.vdot([1, 2], [3, 4])), repr(tnp.vdot([1j, 2], [1j, 1])), repr(tnp.tensordot(a, b, 1)))
print(repr(tnp.tensordot(a, a, [[0, 1], [0, 1]])), repr(tnp.kron([1, 2], [[1], [10]])))
print(repr(tnp.cross([1, 0, 0], [0, 1, 0])), repr(tnp.cross([1, 2], [3, 4])), repr(tnp.cross([[1, 2, 3]], [[4, 5, 6]], axis=1)))
print(repr(tnp.einsum('ij,jk->ik', a, b)), repr(tnp.einsum('i,i', [1, 2], [3., 4.])))
""")

# ---------------------------------------------------------------------------
# reductions, sorting

_s("reductions", """
a = tnp.reshape(tnp.arange(6, dtype=tnp.int32), (2, 3))
for fn in ['sum', 'prod', 'mean', 'amax', 'amin', 'max', 'min', 'std', 'var', 'ptp', 'all', 'any']:
    print(fn, repr(getattr(tnp, fn)(a)), repr(getattr(tnp, fn)(a, axis=0)), repr(getattr(tnp, fn)(a, 1, keepdims=True)))
print(repr(tnp.sum([True, True])), repr(tnp.sum(a, dtype=tnp.float32)), repr(tnp.prod([True, False])))
print(repr(tnp.max([True, False])), repr(tnp.sum(tnp.asarray([1, 2], tnp.uint8))), repr(tnp.mean([1., 2.], dtype=tnp.float32)))
print(repr(tnp.var([1., 2., 4.], ddof=1, dtype=tnp.float64)), repr(tnp.var([1, 3, 5], axis=0, ddof=1, dtype=tnp.float32)))
print(repr(tnp.cumsum(a)), repr(tnp.cumsum(a, axis=1)), repr(tnp.cumprod([1, 2, 3], dtype=tnp.float32)))
print(repr(tnp.cumsum(tnp.asarray([1, 2], tnp.int8))))
print(repr(tnp.average(tnp.asarray(a, tnp.float32))), repr(tnp.average(a, axis=1, weights=[1, 0, 1])), tnp.average([1., 3.], returned=True))
print(repr(tnp.average(a, weights=[[1, 1, 1], [0, 0, 0]])))
print(repr(tnp.nansum([1., np.nan, 2.])), repr(tnp.nanprod([2., np.nan])), repr(tnp.nanmean([1., np.nan, 3.])))
print(repr(tnp.nanmean([1, 2])), repr(tnp.nansum([[1., np.nan]], axis=1)))
print(repr(tnp.diff([1, 4, 9, 16])), repr(tnp.diff([1, 4, 9, 16], 2)), repr(tnp.diff([[1, 2], [4, 8]], axis=0)))
print(repr(tnp.diff([True, False, False])))
""")
_s("sorting", """
a = tnp.asarray([[3, 1, 2], [0, 5, 4]])
print(repr(tnp.sort(a)), repr(tnp.sort(a, axis=0)), repr(tnp.sort(a, axis=None)))
print(repr(tnp.argsort(a)), repr(tnp.argsort(a, axis=None)), repr(tnp.argsort([2., 1., 2.], kind='stable')), repr(tnp.argsort(3)))
print(repr(tnp.argmax(a)), repr(tnp.argmax(a, axis=1)), repr(tnp.argmin(a, 0)), repr(tnp.argmax(5)))
""")

# ---------------------------------------------------------------------------
# random, Keras's uses, tf.function

_s("random_dtypes_shapes", """
tnp.random.seed(1)
for t in [tnp.random.randn(2, 3), tnp.random.standard_normal(4), tnp.random.standard_normal(),
          tnp.random.uniform(size=(2,)), tnp.random.uniform(1, 2., size=(3,)), tnp.random.random((3,)),
          tnp.random.rand(2), tnp.random.randint(5, size=3), tnp.random.randint(2, 4, (2,), dtype=tnp.int32),
          tnp.random.poisson(3., (2,))]:
    print(t.dtype.name, t.shape)
r = tnp.random.randint(3, 7, size=200)
print(int(tnp.amin(r)) >= 3, int(tnp.amax(r)) < 7)
u = tnp.random.uniform(-1, 1, size=(500,))
print(tnp.random.uniform().dtype, tnp.random.uniform().shape)
print(bool(tnp.all(u >= -1)), bool(tnp.all(u < 1)))
""")
_errs("random_errors",
      "tnp.random.randint(1, 3, dtype=tnp.float32)",
      "tnp.random.seed(None)")
_s("keras_uses", """
print(tnp.finfo(tf.float16).eps, tnp.finfo('float32').eps, tnp.finfo(tf.float64).eps)
x = tf.constant([1., 2., 3.])
print(repr(tnp.select([x < 2, x > 2], [x, x * 10], default=0.)))
print(repr(tnp.select([x < 2], [tf.constant([7, 8, 9])], default=0)))
""")
_s("in_tf_function", """
@tf.function
def f(x):
    y = tnp.add(x, 1.5)
    z = tnp.sum(tnp.reshape(x, (2, 2)), axis=0)
    w = tnp.where(x > 2, x, 0)
    return y, z, w, tnp.arange(3), tnp.asarray(2.), tnp.mean(x), tnp.sort(-x)
for r in f(tf.constant([1, 2, 3, 4])):
    print(repr(r))

@tf.function
def g(x):
    return tnp.matmul(x, tnp.transpose(x)), tnp.linspace(0., 1., 3), tnp.diag(x), tnp.tril(x)
for r in g(tf.constant([[1., 2.], [3., 4.]])):
    print(repr(r))
""")
_s("round_builtin_needs_numpy_behavior_error", "round(tf.constant(1.5))")
_s("numpy_methods_missing_error", "tf.constant([1]).reshape((1, 1))")
_s("random_seeded_values", """
tnp.random.seed(1)
print(tnp.random.randn(3).numpy(), tnp.random.uniform(size=(2,)).numpy(), tnp.random.randint(10, size=3).numpy())
print(tnp.random.standard_normal(2).numpy(), tnp.random.rand(2).numpy(), tnp.random.randint(2, 9, (2,), dtype=tnp.int32).numpy())
print(tnp.random.poisson(3., (4,)).numpy(), tnp.random.random((2,)).numpy())
""")
_s("variables_and_gradients", """
v = tf.Variable([1., 2., 3.])
print(repr(tnp.asarray(v)), repr(tnp.add(v, 1)), repr(tnp.sum(v)), repr(tnp.reshape(v, (3, 1)).shape))
with tf.GradientTape() as tape:
    y = tnp.sum(tnp.square(tnp.multiply(v, 2.)) + tnp.sin(v) * 0)
print(repr(tape.gradient(y, v)))
x = tf.constant([[1., 2.], [3., 4.]])
with tf.GradientTape() as tape:
    tape.watch(x)
    z = tnp.mean(tnp.matmul(x, tnp.transpose(x))) + tnp.amax(x) + tnp.std(x)
print(np.round(tape.gradient(z, x).numpy(), 4))
""")


# ---------------------------------------------------------------------------
# a battery of calls: edge cases of each family (each value, dtype and error of TF's)

_SHOW = """
def show(r):
    if isinstance(r, (tuple, list)):
        return '(' + ', '.join(show(x) for x in r) + ')'
    if isinstance(r, tf.Tensor):
        return f'{r.dtype.name}{tuple(r.shape)}{np.round(r.numpy(), 4).tolist()}'
    return repr(r)
for c in CALLS:
    try:
        print(c, '->', show(eval(c)))
    except Exception as e:
        print(c, '-> ERR', type(e).__name__, str(e)[:150].replace('\\n', ' '))
"""
_BATTERY = [
    'tnp.zeros(3, tnp.int8)|tnp.zeros([2, 0])|tnp.ones((), tnp.complex64)|tnp.full([2], 1.5, tnp.int32)|tnp.full([2, 2], [1, 2])',
    'tnp.eye(0)|tnp.eye(3, k=-3)|tnp.eye(2, 4, -1)|tnp.eye(4, 2, 1)|tnp.identity(3, tnp.bool_)',
    'tnp.arange(-3)|tnp.arange(2, 2)|tnp.arange(0., 1., 0.3)|tnp.arange(10, 0, -3)|tnp.arange(np.float32(3))|tnp.arange(3, dtype=tnp.uint8)',
    'tnp.linspace(0, 10, 0)|tnp.linspace(0, 10, 1)|tnp.linspace(0, 10, 1, endpoint=False)|tnp.linspace(0, 10, 5, dtype=tnp.int32)|tnp.linspace(0., 1., 3, retstep=True, endpoint=False)',
    'tnp.logspace(0, 1, 3, dtype=tnp.float32)|tnp.logspace(1, 3, 3, endpoint=False)|tnp.geomspace(-1, -100, 3)|tnp.geomspace(1, 8, 4, axis=0, dtype=tnp.int32)',
    "tnp.array([[1, 2]], ndmin=4)|tnp.array(5, dtype=bool)|tnp.asarray([1, 2.5], tnp.int32)|tnp.asarray([True, 2])|tnp.asarray(np.array([1, 2], np.uint16))|tnp.asarray([[1], [2]], 'float16')",
    "tnp.reshape(tnp.arange(6), -1)|tnp.reshape([1, 2, 3, 4], (2, 2), order='F')|tnp.transpose([[1, 2]], [1, 0])|tnp.swapaxes([[1, 2]], -1, -2)|tnp.moveaxis(tnp.ones((2, 3, 4)), -1, 0)",
    "tnp.squeeze([[1]])|tnp.expand_dims([1, 2], -1)|tnp.expand_dims([1, 2], (0, 2))|tnp.ravel([[True]])|tnp.flatten([[1, 2], [3, 4]], 'F')",
    'tnp.stack([1, 2])|tnp.stack([[1, 2]], axis=-1)|tnp.stack(tnp.ones((2, 3)), 1)|tnp.hstack([1, 2.])|tnp.vstack([1, 2])|tnp.dstack([1, 2])',
    'tnp.tile(3, 3)|tnp.tile([[1, 2]], 2)|tnp.tile([1, 2], [2, 2])|tnp.repeat(3, 2)|tnp.repeat([[1, 2]], 2)|tnp.repeat([[1, 2]], [1, 3], axis=1)',
    'tnp.roll([1, 2, 3], 5)|tnp.roll([[1, 2], [3, 4]], 1, axis=0)|tnp.rot90([[1, 2], [3, 4]], -1)|tnp.flip([[1, 2], [3, 4]], -1)',
    "tnp.pad([[1, 2]], [[0, 1], [2, 0]], 'constant', constant_values=-1)|tnp.pad([[1, 2], [3, 4]], [[1, 1], [1, 1]], 'reflect')",
    'tnp.diag([[1, 2], [3, 4]], 5)|tnp.diag([], 0)|tnp.diag([1], -2)|tnp.diagonal(tnp.ones((2, 3, 4)), 1, 1, 2)|tnp.diagonal([[1, 2], [3, 4]], -5)',
    'tnp.tri(2, 3, -5)|tnp.tri(2, 3, 5)|tnp.tril(tnp.ones((2, 2, 3)), 1)|tnp.triu([[1, 2], [3, 4]], -1)|tnp.vander([2, 3], 0)',
    'tnp.take([[1, 2], [3, 4]], [[0, 1]])|tnp.take([1, 2, 3], -1)|tnp.take_along_axis(tnp.asarray([[3, 1, 2]]), tnp.argsort([[3, 1, 2]]), -1)',
    'tnp.where([True, False], [1, 2], [3.5, 4])|tnp.where(1, 2, 3)|tnp.select([[True, False]], [[1, 2]], 0.5)|tnp.nonzero([[1, 0], [0, 1]])',
    'tnp.sum([[1, 2]], axis=(0, 1))|tnp.sum([1., 2.], keepdims=True)|tnp.mean([1, 2], dtype=tnp.int32)|tnp.prod([], dtype=tnp.float32)|tnp.amax([[1, 5]], axis=-1)',
    'tnp.var([[1, 2], [3, 5]], axis=1)|tnp.std([1, 2, 3, 4])|tnp.average([[1., 2.], [3., 4.]], axis=0, weights=[1, 3], returned=True)',
    'tnp.cumsum([[1, 2], [3, 4]], axis=-1)|tnp.cumprod([1.5, 2])|tnp.sort([3., 1., 2.])|tnp.argsort([[3, 1], [0, 5]], axis=0)',
    "tnp.einsum('ii', [[1, 2], [3, 4]])|tnp.einsum('i,j->ij', [1, 2], [3., 4.])|tnp.einsum('ij->ji', [[1, 2]], casting='no')",
    'tnp.trace(tnp.ones((2, 3, 3)))|tnp.trace(tnp.ones((3, 3)), -1)|tnp.trace([[1, 2], [3, 4]], dtype=tnp.float32)',
    'tnp.meshgrid([1, 2])|tnp.meshgrid([1], [2.], [3])|tnp.ix_([0, 1], [True, False, True])|tnp.diag_indices(2, 3)',
    'tnp.around([1.25, 2.35], 1)|tnp.round(tnp.asarray([15., 25.]), -1)|tnp.clip(tnp.asarray([1, 2, 3], tnp.int8), 1.5, 2)',
    'tnp.true_divide(tnp.asarray([1], tnp.int8), 2)|tnp.floor_divide(5., tnp.asarray([2], tnp.float32))|tnp.mod(tnp.asarray([5, -5]), 3)',
    'tnp.power(2, [1, 2])|tnp.power(tnp.asarray([2], tnp.uint8), 3)|tnp.float_power(2., [-1])|tnp.maximum([np.nan, 1.], 0.)|tnp.minimum([1, 5], [3.])',
    'tnp.isinf(tnp.asarray([np.inf, 1.]))|tnp.isneginf(tnp.asarray([-np.inf]))|tnp.isposinf(tnp.asarray([np.inf]))|tnp.isinf(tnp.asarray([1]))',
    'tnp.sinc(tnp.asarray([0., 0.5]))|tnp.cbrt(tnp.asarray([-8., 27.]))|tnp.fix(tnp.asarray([-1.5, 1.5]))|tnp.exp2(tnp.asarray([3.]))',
    'tnp.size(tnp.ones((2, 3)))|tnp.shape(5)|tnp.ndim(tnp.ones((1, 1, 1)))|tnp.isscalar(tnp.asarray(1))|tnp.result_type(tnp.ones(2), 1j)',
    'tnp.broadcast_to(5, [2, 2])|tnp.broadcast_to([1, 2], (3, 2))|tnp.broadcast_arrays(1, [1, 2])|tnp.atleast_2d(1, [1, 2])',
    'tnp.compress([True], [[1, 2], [3, 4]], axis=0)|tnp.append(1, 2)|tnp.concatenate([[1], [2.5]], axis=0)|tnp.concatenate([1])',
    'tnp.polyval([2.], [1, 2])|tnp.polyval(tnp.asarray([1, 0]), 3)|tnp.outer(2, [1, 2])|tnp.kron([[1, 2]], [1, 1])|tnp.cross([1, 2, 3], [4, 5, 6], axisc=0)',
    'tnp.gcd(tnp.asarray([6], tnp.int8), 4)|tnp.lcm(0, 5)|tnp.bitwise_xor(tnp.asarray([5], tnp.uint8), 1)|tnp.heaviside(tnp.asarray([-1., 0.]), 0.5)',
    'tnp.nanprod(tnp.asarray([np.nan, np.nan]))|tnp.nansum([[1., np.nan], [np.nan, 4.]], axis=0, keepdims=True)|tnp.nanmean([[np.nan, 2.]], axis=1)',
    'tnp.diff([1., 3., 6.], 0)|tnp.diff([[1, 3, 6]], axis=-1)|tnp.ptp([[1, 5], [2, 0]], axis=0)|tnp.count_nonzero([[1, 1], [0, 0]], axis=1)',
    'tnp.argmax([[1, 3], [5, 0]], axis=0)|tnp.argmin([[1, 3], [5, 0]], axis=-1)|tnp.amin([True, False])|tnp.all([[1, 0]], axis=0)|tnp.any([])',
    'tnp.split(tnp.arange(7), [2, 5, 9])|tnp.vsplit(tnp.ones((4, 1)), 2)|tnp.split(tnp.ones((2, 4)), 2, axis=1)',
]
for _i, _line in enumerate(_BATTERY):
    _s(f"battery_{_i:02d}", f"CALLS = {_line.split('|')!r}\n" + _SHOW)
_s("in_tf_function_unknown_dims", """
CALLS = ["tnp.sum(x, 0)", "tnp.reshape(x, [-1])", "tnp.transpose(x)", "tnp.diag(tnp.ravel(x))",
         "tnp.flip(x)", "tnp.roll(x, 1)", "tnp.cumsum(x)", "tnp.atleast_3d(x)", "tnp.concatenate([x, x])",
         "tnp.moveaxis(x, 0, 1)", "tnp.swapaxes(x, 0, 1)", "tnp.take(x, [0])", "tnp.mean(x)", "tnp.var(x)",
         "tnp.argsort(x)", "tnp.tile(x, 2)", "tnp.diagonal(x)", "tnp.trace(x)", "tnp.hstack([x, x])",
         "tnp.kron(x, x)", "tnp.outer(x, x)", "tnp.dot(x, tnp.transpose(x))", "tnp.matmul(x, tnp.transpose(x))",
         "tnp.where(x > 1, x, 0.)", "tnp.diag(x)", "tnp.repeat(x, 2)", "tnp.append(x, x)", "tnp.ones_like(x)",
         "tnp.broadcast_to(x, [2, 2])", "tnp.cross(x, x)", "tnp.rot90(x)", "tnp.vstack([x, x])",
         "tnp.take_along_axis(x, tnp.argsort(x), 1)", "tnp.diff(x)", "tnp.split(x, 2)", "tnp.stack([x, x], 1)",
         "tnp.full_like(x, 2)"]

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def f(x):
    env = {'tnp': tnp, 'x': x}
    return [eval(c, env) for c in CALLS]

for c, r in zip(CALLS, f(tf.constant([[1., 2.], [3., 4.]]))):
    print(c, tf.nest.map_structure(lambda t: (t.dtype.name, t.numpy().round(4).tolist()), r))
""")


# every function of a family on each input dtype (int8, uint8, float16, bool, complex64,
# int64, float32, Python values): the result dtype and value, or the error class
_DTYPES = """
vals = {'i8': tnp.asarray([1, -2, 3], tnp.int8), 'u8': tnp.asarray([1, 2, 3], tnp.uint8),
        'f16': tnp.asarray([0.5, -1.5, 2.], tnp.float16), 'b': tnp.asarray([True, False, True]),
        'c64': tnp.asarray([1+1j, -2j, 3], tnp.complex64), 'i64': tnp.asarray([4, 0, -6]),
        'f32': tnp.asarray([0.25, 2., -3.], tnp.float32), 'py': [1, 2, 3], 'pyf': 2.5}
un = ['abs', 'negative', 'square', 'sign', 'signbit', 'conj', 'real', 'imag', 'isnan', 'isfinite',
      'sqrt', 'exp', 'floor', 'ceil', 'cumsum', 'cumprod', 'sum', 'prod', 'mean', 'amax', 'amin',
      'all', 'any', 'argmax', 'argmin', 'sort', 'argsort', 'ravel', 'flip', 'count_nonzero',
      'nonzero', 'positive', 'logical_not', 'bitwise_not', 'std', 'var', 'ptp', 'iscomplex', 'isreal',
      'fix', 'reciprocal', 'nansum', 'nanmean', 'diff', 'atleast_2d', 'copy', 'zeros_like', 'ones_like', 'around']
bi = ['add', 'subtract', 'multiply', 'true_divide', 'floor_divide', 'mod', 'power', 'maximum', 'minimum',
      'equal', 'less', 'greater_equal', 'logical_and', 'logical_xor', 'bitwise_and', 'bitwise_or', 'dot',
      'inner', 'outer', 'arctan2', 'hypot', 'heaviside', 'isclose', 'gcd', 'lcm', 'append', 'kron', 'vdot',
      'concatenate2', 'where', 'matmul', 'tensordot1', 'allclose', 'array_equal', 'float_power', 'logaddexp']
def call(fn, *a):
    if fn == 'concatenate2': return tnp.concatenate(list(a))
    if fn == 'tensordot1': return tnp.tensordot(a[0], a[1], 1)
    if fn == 'where': return tnp.where([True, False, True], *a)
    return getattr(tnp, fn)(*a)
def show(r):
    if isinstance(r, (tuple, list)): return '(' + ', '.join(show(x) for x in r) + ')'
    if isinstance(r, tf.Tensor): return f'{r.dtype.name}{tuple(r.shape)}{np.round(r.numpy(), 4).tolist()}'
    return repr(r)
"""
_s("dtype_battery_unary", _DTYPES + """
for fn in un:
    for k, v in vals.items():
        try: print(fn, k, show(call(fn, v)))
        except Exception as e: print(fn, k, 'ERR', type(e).__name__)
""")
_s("dtype_battery_binary", _DTYPES + """
keys = list(vals)
for fn in bi:
    for i, k1 in enumerate(keys):
        for k2 in keys[i:i + 3]:
            try: print(fn, k1, k2, show(call(fn, vals[k1], vals[k2])))
            except Exception as e: print(fn, k1, k2, 'ERR', type(e).__name__)
""")
