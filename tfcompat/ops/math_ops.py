"""tf.math: elementwise arithmetic, comparisons, reductions and matmul.

Each op is a pure JAX function registered once as an `Op`; the public functions only
convert their inputs (with TF's rules) and dispatch. Where TF's gradient differs from
JAX's (ties of maximum/minimum, abs at 0, sqrt/rsqrt with a zero upstream gradient),
the JAX function carries TF's rule.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors, tf_logging
from ..framework.dispatch import Op, check_dtype, execute, hinted, match, match2, to_tensor
from ..framework.tensor import Tensor

FLOAT = ("bfloat16", "half", "float", "double")
INEXACT = FLOAT + ("complex64", "complex128")
# TF's `numbertypes` order, as its messages list them.
NUMBER = ("float", "double", "int32", "uint8", "int16", "int8", "complex64", "int64", "qint8",
          "quint8", "qint32", "bfloat16", "qint16", "quint16", "uint16", "complex128", "half",
          "uint32", "uint64")
REAL = tuple(n for n in NUMBER if not n.startswith("complex"))
_REDUCE_SUMMARY = ("name={name}; signature=input:T, reduction_indices:Tidx -> output:T; "
                   "attr=keep_dims:bool,default=false; attr=T:type,allowed=[{{enums}}]; "
                   "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]")


def _shape_list(shape):
    return "[" + ",".join(str(d) for d in shape) + "]"


def broadcast_error(op, arrays, attrs, exc):
    a, b = arrays[0].shape, arrays[1].shape
    try:
        np.broadcast_shapes(a, b)
    except ValueError:
        return errors.op_error(errors.InvalidArgumentError, op.name,
                               f"Incompatible shapes: {_shape_list(a)} vs. {_shape_list(b)}",
                               kernel=op.name)
    return errors.op_error(errors.InvalidArgumentError, op.name, str(exc), kernel=op.name)


# -- TF's gradient conventions ----------------------------------------------------------

def _maximum(x, y):
    # TF: the whole gradient goes to x where x >= y (JAX splits ties); NaN propagates.
    return jnp.where((x >= y) | jnp.isnan(x) if jnp.issubdtype(x.dtype, jnp.inexact)
                     else x >= y, x, y)


def _minimum(x, y):
    return jnp.where((x <= y) | jnp.isnan(x) if jnp.issubdtype(x.dtype, jnp.inexact)
                     else x <= y, x, y)


@jax.custom_jvp
def _abs_real(x):
    return jnp.abs(x)


@_abs_real.defjvp
def _abs_real_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.abs(x), t * jnp.sign(x)  # TF: grad * sign(x), so 0 at 0 (JAX gives 1)


def _abs(x):
    return jnp.abs(x) if jnp.issubdtype(x.dtype, jnp.complexfloating) else _abs_real(x)


def _zero_where_no_upstream(fn, grad):
    """fn with TF's SqrtGrad-style rule: a zero upstream gradient gives 0, not nan."""
    f = jax.custom_vjp(fn)
    f.defvjp(lambda x: (fn(x), fn(x)),
             lambda y, g: (jnp.where(g == 0, jnp.zeros_like(g), grad(y, g)),))
    return f


_sqrt = _zero_where_no_upstream(jnp.sqrt, lambda y, g: g * 0.5 / jnp.conj(y))
_rsqrt = _zero_where_no_upstream(lax.rsqrt, lambda y, g: g * -0.5 * jnp.conj(y) ** 3)
_reciprocal = _zero_where_no_upstream(lambda x: 1 / x, lambda y, g: -g * jnp.conj(y * y))


@jax.custom_jvp
def _pow(x, y):
    return jnp.power(x, y)


@_pow.defjvp
def _pow_jvp(primals, tangents):
    # TF's PowGrad: d/dy is z * log(x) where x > 0 (x != 0 for complex), else 0.
    (x, y), (tx, ty) = primals, tangents
    z = jnp.power(x, y)
    if not jnp.issubdtype(z.dtype, jnp.inexact):
        return z, jnp.zeros_like(z)
    mask = x != 0 if jnp.issubdtype(x.dtype, jnp.complexfloating) else x > 0
    log_x = jnp.where(mask, jnp.log(jnp.where(mask, x, jnp.ones_like(x))), jnp.zeros_like(x))
    return z, tx * y * jnp.power(x, y - 1) + ty * z * log_x


# -- registration helpers ------------------------------------------------------------------

def _unary(name, fn, allowed=INEXACT, differentiable=True):
    op = Op(name, fn, differentiable=differentiable, allowed=allowed)

    def public(x, name=None):
        x = to_tensor(x)
        check_dtype(op, x)
        return execute(op, (x,))
    public.op = op
    return public


def _binary(name, fn, allowed=None, differentiable=True, hint=False, kernel_name=None):
    op = Op(name, fn, differentiable=differentiable, allowed=allowed, error=broadcast_error)

    def public(x, y, name=None):
        if hint:
            x, y = hinted(x, y, op.name, kernel_name)
        else:
            x, y = match2(x, y, op.name, kernel_name)
        check_dtype(op, x)
        return execute(op, (x, y))
    public.op = op
    return public


add = _binary("AddV2", jnp.add, hint=True)
subtract = _binary("Sub", jnp.subtract)
multiply = _binary("Mul", jnp.multiply)
maximum = _binary("Maximum", _maximum)
minimum = _binary("Minimum", _minimum)
floordiv = _binary("FloorDiv", jnp.floor_divide, differentiable=False)
floormod = _binary("FloorMod", jnp.remainder)
mod = floormod
squared_difference = _binary("SquaredDifference", lambda x, y: jnp.square(x - y))

_pow_op = Op("Pow", _pow, error=broadcast_error)
_realdiv_op = Op("RealDiv", jnp.true_divide, error=broadcast_error)

negative = _unary("Neg", jnp.negative, allowed=None)
abs = _unary("Abs", _abs, allowed=None)  # noqa: A001
square = _unary("Square", jnp.square, allowed=None)
sqrt = _unary("Sqrt", _sqrt)
rsqrt = _unary("Rsqrt", _rsqrt)
reciprocal = _unary("Reciprocal", _reciprocal, allowed=None)
exp = _unary("Exp", jnp.exp)
log = _unary("Log", jnp.log)
log1p = _unary("Log1p", jnp.log1p)
sin = _unary("Sin", jnp.sin)
cos = _unary("Cos", jnp.cos)
tan = _unary("Tan", jnp.tan)
tanh = _unary("Tanh", jnp.tanh)
sigmoid = _unary("Sigmoid", jax.nn.sigmoid)
sign = _unary("Sign", jnp.sign, allowed=None)
floor = _unary("Floor", jnp.floor, allowed=FLOAT, differentiable=False)
ceil = _unary("Ceil", jnp.ceil, allowed=FLOAT, differentiable=False)
round = _unary("Round", jnp.round, allowed=None, differentiable=False)  # noqa: A001

_logical_not = Op("LogicalNot", jnp.logical_not, differentiable=False, allowed=("bool",))
_logical_and = Op("LogicalAnd", jnp.logical_and, differentiable=False, allowed=("bool",),
                  error=broadcast_error)
_logical_or = Op("LogicalOr", jnp.logical_or, differentiable=False, allowed=("bool",),
                 error=broadcast_error)
_logical_xor = Op("LogicalXor", jnp.logical_xor, differentiable=False, allowed=("bool",),
                  error=broadcast_error)


def logical_not(x, name=None):
    x = to_tensor(x)
    check_dtype(_logical_not, x)
    return execute(_logical_not, (x,))


def logical_and(x, y, name=None):
    x, y = match2(x, y, "LogicalAnd")
    check_dtype(_logical_and, x)
    return execute(_logical_and, (x, y))


def logical_or(x, y, name=None):
    x, y = match2(x, y, "LogicalOr")
    check_dtype(_logical_or, x)
    return execute(_logical_or, (x, y))


def logical_xor(x, y, name="LogicalXor"):
    x, y = match2(x, y, "LogicalXor")
    check_dtype(_logical_xor, x)
    return execute(_logical_xor, (x, y))


def pow(x, y, name=None):  # noqa: A001
    """tf.math.pow. Integers to negative integer powers raise, as in TF."""
    x, y = match2(x, y, "Pow")
    if x.dtype.is_integer and np.any(np.asarray(y._value) < 0):
        raise errors.op_error(errors.InvalidArgumentError, "Pow",
                              "Integers to negative integer powers are not allowed",
                              kernel="Pow")
    return execute(_pow_op, (x, y))


# TF's _TRUEDIV_TABLE: integer division casts to float32 or float64 first.
_TRUEDIV = {"uint8": dtypes.float32, "int8": dtypes.float32, "uint16": dtypes.float32,
            "int16": dtypes.float32, "uint32": dtypes.float64, "int32": dtypes.float64,
            "uint64": dtypes.float64, "int64": dtypes.float64}


def truediv(x, y, name=None):
    """tf.math.truediv (Python `/`): integers are divided as floats (int32 -> float64)."""
    x, y = hinted_truediv(x, y)
    target = _TRUEDIV.get(x.dtype.name)
    if target is not None:
        x, y = cast(x, target), cast(y, target)
    elif not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Invalid dtype {x.dtype!r} in __truediv__")
    return execute(_realdiv_op, (x, y))


def hinted_truediv(x, y):
    x = to_tensor(x)
    y = to_tensor(y) if isinstance(y, Tensor) else _convert_hint(y, x.dtype)
    if x.dtype is not y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != "
                        f"{y.dtype!r}.")
    return x, y


def _convert_hint(value, dtype):
    from ..framework.constant_op import convert_to_tensor
    return convert_to_tensor(value, dtype_hint=dtype)


def divide(x, y, name=None):
    """tf.math.divide: `x / y`, converting a Python `x` to y's dtype first."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        from ..framework.constant_op import convert_to_tensor
        x = convert_to_tensor(x, dtype=y.dtype)
    return truediv(x, y)


realdiv = truediv


# -- comparisons ------------------------------------------------------------------------

def _compare(name, fn):
    op = Op(name, fn, differentiable=False, error=broadcast_error)

    def public(x, y, name=None):
        x, y = match2(x, y, op.name)
        return execute(op, (x, y))
    public.op = op
    return public


equal = _compare("Equal", jnp.equal)
not_equal = _compare("NotEqual", jnp.not_equal)
less = _compare("Less", jnp.less)
less_equal = _compare("LessEqual", jnp.less_equal)
greater = _compare("Greater", jnp.greater)
greater_equal = _compare("GreaterEqual", jnp.greater_equal)


def tensor_equals(x, y, equal_op=equal):
    """`==` on Tensors: None gives False, incompatible shapes a scalar False (as TF)."""
    if y is None:
        return equal_op is not_equal
    try:
        return equal_op(x, y)
    except errors.InvalidArgumentError as e:
        if "Incompatible shapes" not in str(e):
            raise
        from ..framework.constant_op import constant
        return constant(equal_op is not_equal)


# -- casts --------------------------------------------------------------------------------

def _cast(x, dtype):
    if jnp.issubdtype(x.dtype, jnp.complexfloating) and not jnp.issubdtype(
            dtype, jnp.complexfloating):
        x = jnp.real(x)
    return x.astype(dtype)


_cast_op = Op("Cast", _cast)


def cast(x, dtype, name=None):
    """tf.cast. Float to int truncates toward zero; complex to real keeps the real part."""
    x = to_tensor(x)
    dtype = dtypes.as_dtype(dtype)
    if x.dtype is dtype:
        return x
    if x.dtype.is_complex and not dtype.is_complex:
        tf_logging.get_logger().warning(
            f"You are casting an input of type {x.dtype.name} to an incompatible dtype "
            f"{dtype.name}.  This will discard the imaginary part and may not be what you "
            f"intended.")
    return execute(_cast_op, (x,), (("dtype", dtype._np),))


# -- reductions ---------------------------------------------------------------------------

def _axes(axis, ndim, op_name):
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = np.asarray(axis._value).tolist()
    axes = axis if isinstance(axis, (list, tuple)) else [axis]
    out = []
    for a in axes:
        a = int(a)
        if not -ndim <= a < max(ndim, 1):
            raise errors.op_error(
                errors.InvalidArgumentError, op_name,
                f"Invalid reduction dimension ({a} for input with {ndim} dimension(s)",
                kernel=op_name)
        out.append(a % ndim if ndim else 0)
    return tuple(out)


def _mean(x, axis, keepdims):
    if jnp.issubdtype(x.dtype, jnp.integer):
        total = jnp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
        count = x.size // max(total.size, 1) if x.size else 1
        return lax.div(total, jnp.asarray(count, x.dtype))
    return jnp.mean(x, axis=axis, keepdims=keepdims, dtype=x.dtype)


def _reducer(name, fn, allowed=NUMBER):
    op = Op(name, fn, allowed=allowed, summary=_REDUCE_SUMMARY.format(name=name))

    def public(input_tensor, axis=None, keepdims=False, name=None):
        x = to_tensor(input_tensor)
        check_dtype(op, x)
        return execute(op, (x,), (("axis", _axes(axis, x.ndim, op.name)),
                                  ("keepdims", bool(keepdims))))
    public.op = op
    return public


reduce_sum = _reducer("Sum", lambda x, axis, keepdims: jnp.sum(x, axis, x.dtype, keepdims=keepdims))
reduce_prod = _reducer("Prod", lambda x, axis, keepdims: jnp.prod(x, axis, x.dtype,
                                                                   keepdims=keepdims))
reduce_mean = _reducer("Mean", _mean)


def _extreme(fn, initial):
    def reduce(x, axis, keepdims):
        if x.size:
            return fn(x, axis, keepdims=keepdims)
        # An empty reduction gives the identity: -inf/lowest for max, as TF.
        info = jnp.finfo(x.dtype) if jnp.issubdtype(x.dtype, jnp.inexact) else jnp.iinfo(x.dtype)
        init = getattr(info, initial)
        if jnp.issubdtype(x.dtype, jnp.inexact):
            init = -jnp.inf if initial == "min" else jnp.inf
        return fn(x, axis, keepdims=keepdims, initial=init)
    return reduce


reduce_max = _reducer("Max", _extreme(jnp.max, "min"), allowed=REAL)
reduce_min = _reducer("Min", _extreme(jnp.min, "max"), allowed=REAL)


# -- matmul ---------------------------------------------------------------------------------

def _matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b):
    if transpose_a or adjoint_a:
        a = jnp.swapaxes(a, -1, -2)
        a = jnp.conj(a) if adjoint_a else a
    if transpose_b or adjoint_b:
        b = jnp.swapaxes(b, -1, -2)
        b = jnp.conj(b) if adjoint_b else b
    return jnp.matmul(a, b)


def _matmul_error(op, arrays, attrs, exc):
    a, b = arrays
    if a.ndim < 2 or b.ndim < 2:
        text = f"In[{0 if a.ndim < 2 else 1}] ndims must be >= 2"
    elif a.ndim == 2 and b.ndim == 2:
        text = f"Matrix size-incompatible: In[0]: {_shape_list(a.shape)}, In[1]: " \
               f"{_shape_list(b.shape)}"
    else:
        text = str(exc)
    return errors.op_error(errors.InvalidArgumentError, "MatMul", text, kernel="__MklMatMul")


_matmul_op = Op("MatMul", _matmul, error=_matmul_error)


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False,
           grad_b=False, name=None):
    """tf.linalg.matmul for rank >= 2 (batch dimensions broadcast)."""
    a, b = hinted(a, b, "MatMul", "_MklMatMul")
    if a.ndim < 2 or b.ndim < 2:
        raise _matmul_error(None, (a._value, b._value), None, None)
    return execute(_matmul_op, (a, b), (("transpose_a", bool(transpose_a)),
                                        ("transpose_b", bool(transpose_b)),
                                        ("adjoint_a", bool(adjoint_a)),
                                        ("adjoint_b", bool(adjoint_b))))


# -- composites -----------------------------------------------------------------------------

def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """tf.clip_by_value: minimum then maximum, so the bounds pass the gradient (as TF)."""
    t = to_tensor(t)
    return maximum(minimum(t, clip_value_max), clip_value_min)


def add_n(inputs, name=None):
    """tf.math.add_n."""
    inputs = match(list(inputs), "AddN")
    out = inputs[0]
    for t in inputs[1:]:
        out = add(out, t)
    return out
