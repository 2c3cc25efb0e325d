"""tf.math: elementwise arithmetic and functions, comparisons, casts, matmul, add_n.

Each op is a pure JAX function registered once as an `Op`; the public functions only
convert their inputs (with TF's rules) and dispatch. Where TF's gradient differs from
JAX's (ties of maximum/minimum, abs at 0, sqrt/rsqrt with a zero upstream gradient),
the JAX function carries TF's rule.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, errors, host_callback, tf_logging
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import (
    Op, check_dtype, execute, hinted, match, match2, mismatch_error, to_tensor,
)
from ..framework.tensor import EagerTensor, Tensor
from .math_common import (  # noqa: F401  (FLOAT, broadcast_error: used by other modules)
    FLOAT, INEXACT, SIGNED, binary, broadcast_error, cpu_kernels, kernel_error, shape_list,
    unary, upcast,
)
from . import string_kernels
from .op_args import checked_attr
from .reduction_ops import (  # noqa: F401  (top-level names, see __all__)
    argmax, argmin, cumsum, reduce_all, reduce_any, reduce_logsumexp, reduce_max,
    reduce_mean, reduce_min, reduce_prod, reduce_sum,
)
from .sort_ops import argsort, sort  # noqa: F401

# The names TF exports at the top level (tf.add ...), re-exported by tfcompat/__init__.
__all__ = [
    "abs", "acos", "acosh", "add", "add_n", "argmax", "argmin", "argsort", "asin", "asinh",
    "atan", "atan2", "atanh", "cast", "clip_by_value", "complex", "cos", "cosh", "cumsum",
    "divide", "equal", "exp", "floor", "greater", "greater_equal", "less", "less_equal",
    "logical_and", "logical_not", "logical_or", "matmul", "maximum", "minimum", "multiply",
    "negative", "not_equal", "pow", "realdiv", "reduce_all", "reduce_any",
    "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod",
    "reduce_sum", "round", "scalar_mul", "sigmoid", "sign", "sin", "sinh", "sort", "sqrt",
    "square", "subtract", "tan", "tanh", "truediv", "truncatediv", "truncatemod",
]


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


def _sign(x):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):  # x / |x|, 0 at 0
        a = jnp.abs(x)
        a = jnp.where(a == 0, jnp.ones_like(a), a)
        return lax.complex(jnp.real(x) / a, jnp.imag(x) / a)
    return jnp.sign(x)


def _zero_where_no_upstream(fn, grad):
    """fn with TF's SqrtGrad-style rule: a zero upstream gradient gives 0, not nan."""
    f = jax.custom_vjp(fn)
    f.defvjp(lambda x: (fn(x), fn(x)),
             lambda y, g: (jnp.where(g == 0, jnp.zeros_like(g), grad(y, g)),))
    return f


_sqrt = _zero_where_no_upstream(jnp.sqrt, lambda y, g: g * 0.5 / y)
_rsqrt = _zero_where_no_upstream(lax.rsqrt, lambda y, g: g * -0.5 * y ** 3)
_reciprocal = _zero_where_no_upstream(lambda x: 1 / x, lambda y, g: -g * (y * y))


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


add = binary("AddV2", jnp.add, hint=True, strings=string_kernels.add)
subtract = binary("Sub", jnp.subtract)
multiply = binary("Mul", jnp.multiply)
maximum = binary("Maximum", _maximum)
minimum = binary("Minimum", _minimum)
def _zero_divisor_error(op, error, text):
    """TF's run-time check of an integer division's divisor `y` (a NumPy array)."""
    def check(y):
        if np.all(y):
            return None
        return errors.op_error(error, op, text, kernel=op)
    return check


_INTERNAL = (errors.InternalError,
             "Unexpected error in binary operator (only integer div and mod should have errors)")
_DIVIDE_CHECKS = {
    "FloorDiv": _zero_divisor_error("FloorDiv", errors.InvalidArgumentError,
                                    "Integer division by zero"),
    "FloorMod": _zero_divisor_error("FloorMod", errors.InvalidArgumentError,
                                    "Integer division by zero"),
    "TruncateDiv": _zero_divisor_error("TruncateDiv", *_INTERNAL),
    "TruncateMod": _zero_divisor_error("TruncateMod", *_INTERNAL),
}


def _divide(name, fn):
    """fn(x, y) of integer division op `name`; with the `checked` attribute (integers
    inside a tf.function) a zero divisor raises TF's error when the function runs."""
    def run(x, y, checked=False):
        out = fn(x, y)
        return host_callback.checked(out, _DIVIDE_CHECKS[name], y) if checked else out
    return run


_floordiv = binary("FloorDiv", _divide("FloorDiv", jnp.floor_divide), differentiable=False)
_floormod = binary("FloorMod", _divide("FloorMod", jnp.remainder))
_truncatediv = binary("TruncateDiv", _divide("TruncateDiv", lambda x, y: lax.div(x, y) if
                      jnp.issubdtype(x.dtype, jnp.integer) else jnp.trunc(x / y)),
                      differentiable=False)
# TF registers no gradient for TruncateMod; here it is None (TF raises LookupError).
_truncatemod = binary("TruncateMod", _divide("TruncateMod", lax.rem), differentiable=False)
squared_difference = binary(
    "SquaredDifference", lambda x, y: (x - y) * jnp.conj(x - y),
    allowed=FLOAT + ("int32", "int64", "complex64", "complex128"),
    summary="name={name}; signature=x:T, y:T -> z:T; attr=T:type,allowed=[{enums}]; "
            "is_commutative=true")
atan2 = binary("Atan2", jnp.arctan2, allowed=FLOAT,
               summary="name={name}; signature=y:T, x:T -> z:T; attr=T:type,allowed=[{enums}]")


@jax.custom_jvp
def _nextafter(x, y):
    return jnp.nextafter(x, y)


# TF's NextAfter gradient: 1 for x, 0 for y.
_nextafter.defjvp(lambda primals, tangents: (_nextafter(*primals), tangents[0]))
nextafter = binary(
    "NextAfter", _nextafter, allowed=("double", "float"),
    summary="name={name}; signature=x1:T, x2:T -> output:T; "
            "attr=T:type,default=DT_FLOAT,allowed=[{enums}]")


def _integer_division(public):
    """An integer division op: a zero divisor raises TF's error (eagerly at once, in a
    tf.function when it runs)."""
    def checked(x, y, name=None):
        x, y = match2(x, y, public.op.name)
        attrs = ()
        if x.dtype.is_integer:
            attrs = checked_attr(_DIVIDE_CHECKS[public.op.name], y)
        check_dtype(public.op, x)
        return execute(public.op, (x, y), attrs)
    checked.op = public.op
    return checked


floordiv = _integer_division(_floordiv)
floormod = mod = _integer_division(_floormod)
truncatediv = _integer_division(_truncatediv)
truncatemod = _integer_division(_truncatemod)


def _mul_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x * y)


@jax.custom_jvp
def _div_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x / jnp.where(y == 0, jnp.ones_like(y), y))


@_div_no_nan.defjvp
def _div_no_nan_jvp(primals, tangents):
    # TF's DivNoNanGrad: div_no_nan(g, y) and g * div_no_nan(div_no_nan(-x, y), y).
    (x, y), (tx, ty) = primals, tangents
    return _div_no_nan(x, y), _div_no_nan(tx, y) + ty * _div_no_nan(_div_no_nan(-x, y), y)


_mul_no_nan_op = Op("MulNoNan", _mul_no_nan, allowed=INEXACT, error=broadcast_error,
                    summary="name=MulNoNan; signature=x:T, y:T -> z:T; "
                            "attr=T:type,allowed=[{enums}]")
_div_no_nan_op = Op("DivNoNan", _div_no_nan, error=broadcast_error)


def multiply_no_nan(x, y, name=None):
    """tf.math.multiply_no_nan: x * y, and 0 where y is 0 (even if x is nan or inf)."""
    x, y = match2(x, y, "MulNoNan")
    check_dtype(_mul_no_nan_op, x)
    return execute(_mul_no_nan_op, (x, y))


def divide_no_nan(x, y, name=None):
    """tf.math.divide_no_nan: x / y, and 0 where y is 0; integers are divided as floats
    (as `/`). Its gradient is 0 where y is 0."""
    x, y = _cast_for_truediv(*hinted_truediv(x, y))
    return execute(_div_no_nan_op, (x, y))


def scalar_mul(scalar, x, name=None):
    """tf.math.scalar_mul: a 0-D `scalar` times `x`."""
    scalar = to_tensor(scalar) if isinstance(scalar, Tensor) else scalar
    if isinstance(scalar, Tensor) and scalar.ndim != 0:
        raise ValueError(f"The input scalar must be a 0-D value. Received shape "
                         f"{tuple(scalar.shape)}.")
    x = to_tensor(x)
    return multiply(convert_to_tensor(scalar, dtype=x.dtype), x)


def _checked_pow(x, y, checked=False):
    """_pow; with the `checked` attribute (integers inside a tf.function) a negative
    exponent raises TF's error when the function runs."""
    out = _pow(x, y)
    return host_callback.checked(out, _negative_power_error, y) if checked else out


_pow_op = Op("Pow", _checked_pow, error=broadcast_error)
_realdiv_op = Op("RealDiv", jnp.true_divide, error=broadcast_error)

negative = unary("Neg", jnp.negative, allowed=SIGNED)
_abs = unary("Abs", _abs_real, allowed=FLOAT + ("int8", "int16", "int32", "int64"))
_complex_abs_op = Op("ComplexAbs", jnp.abs)
square = unary("Square", jnp.square, allowed=None)
sqrt = unary("Sqrt", _sqrt, jvp_fn=jnp.sqrt)
rsqrt = unary("Rsqrt", _rsqrt, jvp_fn=lax.rsqrt)
exp = unary("Exp", jnp.exp)
expm1 = unary("Expm1", upcast(jnp.expm1, np.float32))
log = unary("Log", jnp.log)
log1p = unary("Log1p", jnp.log1p)
sin = unary("Sin", jnp.sin)
cos = unary("Cos", jnp.cos)
tan = unary("Tan", jnp.tan)
asin = unary("Asin", jnp.arcsin)
acos = unary("Acos", jnp.arccos)
atan = unary("Atan", jnp.arctan)
sinh = unary("Sinh", jnp.sinh)
cosh = unary("Cosh", jnp.cosh)
tanh = unary("Tanh", jnp.tanh)
asinh = unary("Asinh", jnp.arcsinh)
acosh = unary("Acosh", jnp.arccosh)
atanh = unary("Atanh", jnp.arctanh)
sigmoid = unary("Sigmoid", jax.nn.sigmoid)
sign = unary("Sign", _sign, allowed=SIGNED)
floor = unary("Floor", jnp.floor, allowed=FLOAT, differentiable=False)
ceil = unary("Ceil", jnp.ceil, allowed=FLOAT, differentiable=False)
_round = unary("Round", jnp.round, allowed=None, differentiable=False)
_TO_BOOL = dict(allowed=FLOAT, differentiable=False,
                summary="name={name}; signature=x:T -> y:bool; attr=T:type,allowed=[{enums}]")
is_nan = unary("IsNan", jnp.isnan, **_TO_BOOL)
is_inf = unary("IsInf", jnp.isinf, **_TO_BOOL)
is_finite = unary("IsFinite", jnp.isfinite, **_TO_BOOL)

_FLOAT_KERNELS = (("float", "double", "bfloat16", "half"), ("double", "float"))
rint = cpu_kernels(unary("Rint", jnp.rint, allowed=FLOAT, differentiable=False),
                   *_FLOAT_KERNELS)
reciprocal = cpu_kernels(
    unary("Reciprocal", _reciprocal, allowed=SIGNED, jvp_fn=jnp.reciprocal),
    ("float", "double", "int32", "int16", "int8", "complex64", "int64", "bfloat16",
     "complex128", "half"),
    ("complex128", "complex64", "double", "bfloat16", "half", "float"))


def abs(x, name=None):  # noqa: A001
    """tf.math.abs: the magnitude (a real tensor) for complex inputs; gradient 0 at 0."""
    x = to_tensor(x)
    if x.dtype.is_complex:
        return execute(_complex_abs_op, (x,))
    return _abs(x)


def round(x, name=None):  # noqa: A001
    """tf.math.round: half to even; integers are returned as they are."""
    x = to_tensor(x)
    return x if x.dtype.is_integer else _round(x)


def reciprocal_no_nan(x, name=None):
    """tf.math.reciprocal_no_nan: 1 / x, and 0 where x is 0."""
    x = to_tensor(x)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"x has incorrect data type: {x.dtype!r} ")
    return divide_no_nan(convert_to_tensor(1, dtype=x.dtype), x)


# -- complex parts ---------------------------------------------------------------------------

def _complex_part(name, fn, doc, of_real):
    """tf.math.real/imag/conj/angle: an Op on complex inputs, `of_real(x)` otherwise."""
    op = Op(name, fn)

    def public(input, name=None):  # noqa: A002
        x = to_tensor(input)
        if x.dtype.is_complex:
            return execute(op, (x,))
        return of_real(x)
    public.__doc__ = doc
    return public


_complex_op = Op("Complex", lambda re, im: lax.complex(*jnp.broadcast_arrays(re, im)),
                 error=broadcast_error)


def complex(real, imag, name=None):  # noqa: A001
    """tf.complex: complex64 from float32 parts, complex128 from float64 ones."""
    re, im = to_tensor(real), to_tensor(imag)
    if re.dtype is not im.dtype or re.dtype not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"The `real` and `imag` components have incorrect types: "
                        f"{re.dtype.name} {im.dtype.name}. They must be consistent, and one "
                        f"of [tf.float32, tf.float64]")
    return execute(_complex_op, (re, im))


def _real_of_real(x):
    if not (x.dtype.is_floating or x.dtype.is_integer):
        raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x.dtype}")
    return x


def _conj_of_real(x):
    if x.dtype.is_bool:
        raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}.")
    return x


def _angle_of_real(x):
    pi = convert_to_tensor(np.pi, dtype=x.dtype)  # TF's TypeError for integers
    return EagerTensor(jnp.where(x._value < 0, pi._value, jnp.zeros_like(x._value)))


real = _complex_part("Real", jnp.real, "tf.math.real: a real input is returned as it is.",
                     _real_of_real)
imag = _complex_part("Imag", jnp.imag, "tf.math.imag: zeros (not connected to a tape) for a "
                     "real input.", lambda x: EagerTensor(jnp.zeros_like(x._value)))
conj = _complex_part("Conj", jnp.conj, "tf.math.conj: a real input is returned as it is.",
                     _conj_of_real)
angle = _complex_part("Angle", jnp.angle, "tf.math.angle: for a real input pi where it is "
                      "negative, else 0 (no gradient).", _angle_of_real)


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


def _logical_inputs(x, y, op_name):
    x, y = match2(x, y, op_name)
    if not x.dtype.is_bool:
        raise mismatch_error(op_name, 0, dtypes.bool, x.dtype)
    return x, y


def logical_and(x, y, name=None):
    return execute(_logical_and, _logical_inputs(x, y, "LogicalAnd"))


def logical_or(x, y, name=None):
    return execute(_logical_or, _logical_inputs(x, y, "LogicalOr"))


def logical_xor(x, y, name="LogicalXor"):
    return execute(_logical_xor, _logical_inputs(x, y, "LogicalXor"))


def pow(x, y, name=None):  # noqa: A001
    """tf.math.pow. Integers to negative integer powers raise, as in TF."""
    x, y = match2(x, y, "Pow")
    attrs = checked_attr(_negative_power_error, y) if x.dtype.is_integer else ()
    return execute(_pow_op, (x, y), attrs)


def _negative_power_error(y):
    if np.any(y < 0):
        return errors.op_error(errors.InvalidArgumentError, "Pow",
                               "Integers to negative integer powers are not allowed",
                               kernel="Pow")
    return None


# TF's _TRUEDIV_TABLE: integer division casts to float32 or float64 first.
_TRUEDIV = {"uint8": dtypes.float32, "int8": dtypes.float32, "uint16": dtypes.float32,
            "int16": dtypes.float32, "uint32": dtypes.float64, "int32": dtypes.float64,
            "uint64": dtypes.float64, "int64": dtypes.float64}


def truediv(x, y, name=None):
    """tf.math.truediv (Python `/`): integers are divided as floats (int32 -> float64)."""
    x, y = _cast_for_truediv(*hinted_truediv(x, y))
    return execute(_realdiv_op, (x, y))


def _cast_for_truediv(x, y):
    target = _TRUEDIV.get(x.dtype.name)
    if target is not None:
        return cast(x, target), cast(y, target)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Invalid dtype {x.dtype!r} in __truediv__")
    return x, y


def hinted_truediv(x, y):
    x = to_tensor(x)
    y = to_tensor(y) if isinstance(y, Tensor) else convert_to_tensor(y, dtype_hint=x.dtype)
    if x.dtype is not y.dtype:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != "
                        f"{y.dtype!r}.")
    return x, y


def divide(x, y, name=None):
    """tf.math.divide: `x / y`, converting a Python `x` to y's dtype first."""
    if not isinstance(x, Tensor) and isinstance(y, Tensor):
        x = convert_to_tensor(x, dtype=y.dtype)
    return truediv(x, y)


realdiv = truediv


# -- comparisons ------------------------------------------------------------------------

def _compare(name, fn, strings=None):
    op = Op(name, fn, differentiable=False, error=broadcast_error, strings=strings)

    def public(x, y, name=None):
        x, y = match2(x, y, op.name)
        return execute(op, (x, y))
    public.op = op
    return public


equal = _compare("Equal", jnp.equal, string_kernels.equal)
not_equal = _compare("NotEqual", jnp.not_equal, string_kernels.not_equal)
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
    if dtypes.string in (x.dtype, dtype):   # (tf.strings.to_number / as_string do these)
        raise errors.op_error(errors.UnimplementedError, "Cast", f"Cast {x.dtype.name} to "
                              f"{dtype.name} is not supported", kernel="Cast")
    if x.dtype.is_complex and not dtype.is_complex:
        tf_logging.get_logger().warning(
            f"You are casting an input of type {x.dtype.name} to an incompatible dtype "
            f"{dtype.name}.  This will discard the imaginary part and may not be what you "
            f"intended.")
    return execute(_cast_op, (x,), (("dtype", dtype._np),))


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
        text = f"Matrix size-incompatible: In[0]: {shape_list(a.shape)}, In[1]: " \
               f"{shape_list(b.shape)}"
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


_add_n_op = Op("AddN", lambda *xs: functools.reduce(jnp.add, xs))


def add_n(inputs, name=None):
    """tf.math.add_n: the sum of tensors of one dtype and shape."""
    inputs = list(inputs) if isinstance(inputs, (list, tuple)) else None
    if not inputs:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices "
                         "with the same dtype and shape.")
    inputs = match(inputs, "AddN")
    first = inputs[0]._value.shape
    for i, t in enumerate(inputs[1:], 1):
        if t._value.shape != first:
            raise errors.op_error(
                errors.InvalidArgumentError, "AddN",
                f"Inputs to operation AddN of type AddN must have the same size and shape.  "
                f"Input 0: {shape_list(first)} != input {i}: {shape_list(t._value.shape)}",
                kernel=f"AddN_N_{len(inputs)}")
    return execute(_add_n_op, inputs)


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """tf.math.accumulate_n (deprecated in TF, which logs so; here it only adds)."""
    inputs = [to_tensor(t) for t in inputs]
    for t in inputs[1:]:
        if t._value.shape != inputs[0]._value.shape:
            raise ValueError(f"Shapes {tuple(inputs[0].shape)} and {tuple(t.shape)} are not "
                             f"compatible")
    return add_n(inputs)


def polyval(coeffs, x, name=None):
    """tf.math.polyval: Horner's scheme over the list `coeffs` (highest power first)."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type "
                         f"{type(coeffs)}.")
    x = to_tensor(x)
    if not coeffs:
        return EagerTensor(jnp.zeros_like(x._value))
    p = to_tensor(coeffs[0])
    for c in coeffs[1:]:
        p = add(to_tensor(c), multiply(p, x))
    return p


def _invert_permutation(p, checked=False):
    out = jnp.argsort(p).astype(p.dtype)
    return host_callback.checked(out, _permutation_error, p) if checked else out


def _permutation_error(values):
    """TF's InvertPermutation check: a permutation of 0 .. n-1."""
    seen = set()
    for v in values.tolist():
        if not 0 <= v < values.size:
            return kernel_error("InvertPermutation", f"{v} is not between 0 and {values.size}")
        if v in seen:
            return kernel_error("InvertPermutation", f"{v} is duplicated in the input.")
        seen.add(v)
    return None


_invert_permutation_op = Op("InvertPermutation", _invert_permutation, differentiable=False)


def invert_permutation(x, name=None):
    """tf.math.invert_permutation."""
    x = to_tensor(x)
    return execute(_invert_permutation_op, (x,), checked_attr(_permutation_error, x))


def _monotone(x, strict):
    x = jnp.reshape(x, (-1,))
    d = x[1:] - x[:-1] if x.dtype != jnp.bool_ else x[1:].astype(jnp.int8) - x[:-1]
    return jnp.all(d > 0) if strict else jnp.all(d >= 0)


def is_non_decreasing(x, name=None):
    """tf.math.is_non_decreasing: over the flattened tensor."""
    return EagerTensor(_monotone(to_tensor(x)._value, False))


def is_strictly_increasing(x, name=None):
    """tf.math.is_strictly_increasing: over the flattened tensor."""
    return EagerTensor(_monotone(to_tensor(x)._value, True))


def zero_fraction(value, name=None):
    """tf.math.zero_fraction: the float32 fraction of zeros."""
    v = to_tensor(value)._value
    return EagerTensor(jnp.mean(v == 0, dtype=jnp.float32))
