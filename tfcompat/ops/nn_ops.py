"""tf.nn activations, softmax/log_softmax, bias_add, dropout and embedding_lookup.

Where TF's gradient differs from JAX's (relu6 at 0 and 6, elu/selu at 0, whose rules TF
writes in terms of the activations), the JAX function carries TF's rule.
"""
import functools
import numbers

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config, errors, op_def
from ..framework.relaxed_shapes import traced_dims
from ..framework.constant_op import convert_to_tensor
from ..framework.composite_dispatch import UNARY_ELEMENTWISE, dispatchable
from ..framework.dispatch import Op, check_dtype, execute, match2, to_tensor
from ..framework.tensor import Tensor
from . import shape_inference
from .broadcast_grad import bias_p
from .eigen_log import eigen_log
from .eigen_reduce import bias_add_grad, eigen_sum, in_tf_order
from .math_common import eigen_exp, eigen_exp_rows, eigen_packets, rounded, tf_gradient, unbroadcast
from .cast_ops import cast
from .manip_ops import concat
from .unary_ops import exp, log1p, negative, sigmoid, tanh
from .special_math_ops import erfc
from .op_args import dims, kernel_error, static_int, static_ints, traced
from .op_scope import name_result, op_scope

# No tf.nn name is exported at TF's top level.
__all__ = []

def _activation(name, fn, doc):
    op = Op(name, fn)

    @dispatchable("features", group=UNARY_ELEMENTWISE)
    def public(features, name=None):
        x = to_tensor(features)
        check_dtype(op, x)
        return execute(op, (x,))
    public.__name__ = public.__qualname__ = name.lower()
    public.__doc__ = doc
    return public


# -- TF's gradient rules, written in terms of the output as TF's kernels do ---------------

def _zero_sign_of_packets(scalar_fn):
    """An activation whose float32/float64 kernel is Eigen's max(x, 0): TF's vectorised
    packets give +0.0 for -0.0, its scalar tail (x < 0 ? 0 : x) keeps -0.0; nan stays."""
    def fn(x):
        if x.dtype not in (jnp.float32, jnp.float64):
            return scalar_fn(x)
        return eigen_packets(lambda v: jnp.where(v == 0, jnp.zeros_like(v), scalar_fn(v)),
                             scalar_fn, x)
    return fn


# Relu and Relu6 keep -0.0 (outside whole packets, above) and nan, as TF's kernels do.
@jax.custom_jvp
def _relu_fn(x):
    return _zero_sign_of_packets(lambda v: jnp.where(v < 0, jnp.zeros_like(v), v))(x)


@_relu_fn.defjvp
def _relu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _relu_fn(x), jnp.where(x > 0, t, jnp.zeros_like(t))


@jax.custom_jvp
def _relu6_fn(x):
    return _zero_sign_of_packets(lambda v: jnp.where(
        v < 0, jnp.zeros_like(v), jnp.minimum(v, jnp.asarray(6, v.dtype))))(x)


@_relu6_fn.defjvp
def _relu6_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _relu6_fn(x), jnp.where((x > 0) & (x < 6), t, jnp.zeros_like(t))


@jax.custom_jvp
def _elu_fn(x):
    return jnp.where(x < 0, eigen_exp(x) - 1, x)


@_elu_fn.defjvp
def _elu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _elu_fn(x)
    return y, jnp.where(y < 0, (y + 1) * t, t)  # EluGrad


# TF's constants, each rounded once to the dtype.
_SELU_SCALE_ALPHA = 1.7580993408473768599402175208123
_SELU_SCALE = 1.0507009873554804934193349852946


@jax.custom_jvp
def _selu_fn(x):
    return jnp.where(x < 0, _SELU_SCALE_ALPHA * (eigen_exp(x) - 1), _SELU_SCALE * x)


@_selu_fn.defjvp
def _selu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _selu_fn(x)
    return y, jnp.where(y < 0, (y + _SELU_SCALE_ALPHA) * t, _SELU_SCALE * t)  # SeluGrad


relu = _activation("Relu", _relu_fn, "tf.nn.relu (gradient 0 at 0, as TF).")
relu6 = _activation("Relu6", _relu6_fn, "tf.nn.relu6 (gradient 0 at 0 and 6, as TF).")
elu = _activation("Elu", _elu_fn, "tf.nn.elu (gradient 1 at 0, as TF).")
selu = _activation("Selu", _selu_fn, "tf.nn.selu (gradient `scale` at 0, as TF).")


def crelu(features, axis=-1, name=None):
    """tf.nn.crelu: relu of `features` and of their negation, concatenated on `axis`."""
    features = convert_to_tensor(features)
    return relu(concat([features, negative(features)], axis))


def _const(value, dtype):
    return np.asarray(value, dtype)


def _cast_const(value, dtype):
    """TF's cast_ops.cast(python_float, dtype): the float becomes a float32 tensor first."""
    return np.asarray(np.float32(value), dtype)


@jax.custom_jvp
def _softplus_fn(x):
    # TF's Softplus kernel: x above -t, exp(x) below t, else log1p(exp(x)), with
    # t = log(epsilon) + 2 in x's dtype.
    t = np.log(_const(jnp.finfo(x.dtype).eps, x.dtype)) + _const(2, x.dtype)
    e = exp.op.jvp_fn(x)
    return jnp.where(x > -t, x, jnp.where(x < t, e, log1p.op.fn(e)))


@_softplus_fn.defjvp
def _softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _softplus_fn(x), t * sigmoid.op.jvp_fn(x)  # TF's _SoftplusGrad: grad * sigmoid(x)


@jax.custom_jvp
def _softsign_fn(x):
    return x / (jnp.abs(x) + 1)


@_softsign_fn.defjvp
def _softsign_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    d = jnp.abs(x) + 1
    return x / d, t / (d * d)  # SoftsignGrad: g / square(|x| + 1)


softplus = _activation("Softplus", _softplus_fn, "tf.nn.softplus / tf.math.softplus.")
softsign = _activation("Softsign", _softsign_fn, "tf.nn.softsign / tf.math.softsign.")


@dispatchable("x", group=UNARY_ELEMENTWISE)
def log_sigmoid(x, name=None):
    """tf.math.log_sigmoid: -softplus(-x), as TF composes it (its ops' values, errors and
    gradients)."""
    return negative(softplus(negative(to_tensor(x))))


_leaky_relu_op = Op("LeakyRelu", lambda x, alpha: jnp.where(x > 0, x, x * alpha))


@dispatchable("features", group=UNARY_ELEMENTWISE)
def leaky_relu(features, alpha=0.2, name=None):
    """tf.nn.leaky_relu: integer features are cast to float32 first (as TF); the gradient
    at 0 is alpha."""
    x = to_tensor(features)
    if x.dtype.is_integer:
        x = cast(x, "float32")
    check_dtype(_leaky_relu_op, x)
    if isinstance(alpha, np.ndarray):
        alpha = alpha.item()
    # TF's alpha attr is a float (float32), cast to the features' dtype by the kernel.
    return execute(_leaky_relu_op, (x,), (("alpha", float(np.float32(alpha))),))


def _cube(x):
    """TF's pow(x, 3): rounded once (its Pow kernel is accurate; x * x * x rounds twice)."""
    if x.dtype == np.float64:
        return x * x * x
    return (x.astype(np.float64) ** 3).astype(x.dtype)


def _gelu_parts(x, approximate):
    """The intermediate values of TF's gelu composition (nn_ops.gelu) and its result."""
    half = _const(0.5, x.dtype)
    if approximate:
        coeff, k = _cast_const(0.044715, x.dtype), _const(0.7978845608028654, x.dtype)
        t = tanh.op.fn(k * (x + rounded(coeff * _cube(x))))
        return t, (half * x) * (1 + t)
    e = erfc.op.fn(-x * _cast_const(0.7071067811865476, x.dtype))
    return e, (half * x) * e


def _gelu_fwd(x, approximate):
    inner, out = _gelu_parts(x, approximate)
    return out, (x, inner)


def _gelu_bwd(approximate, res, g):
    """TF's gradient of its composition, op by op, the gradients of x summed in the order
    TF's tape adds them (the 0.5 * x path first)."""
    x, inner = res
    half = _const(0.5, x.dtype)
    g_x = half * (g * (1 + inner if approximate else inner))
    g_inner = (half * x) * g
    if approximate:
        coeff, k = _cast_const(0.044715, x.dtype), _const(0.7978845608028654, x.dtype)
        g_b = rounded(k * (g_inner * (1 - rounded(inner * inner))))  # TanhGrad
        g_pow = rounded(((coeff * g_b) * _const(3, x.dtype)) * (x * x))  # PowGrad: g*3*x^2
        return ((g_x + g_b) + g_pow,)
    c = _cast_const(0.7071067811865476, x.dtype)
    m = -x * c
    g_m = (g_inner * _const(-2 / np.sqrt(np.pi), x.dtype)) * exp.op.jvp_fn(-(m * m))  # ErfcGrad
    return (g_x + -rounded(g_m * c),)


_gelu_vjp = jax.custom_vjp(lambda x, approximate: _gelu_parts(x, approximate)[1],
                           nondiff_argnums=(1,))
_gelu_vjp.defvjp(_gelu_fwd, _gelu_bwd)
_gelu_op = Op("Gelu", _gelu_vjp, jvp_fn=lambda x, approximate: _gelu_parts(x, approximate)[1])


@dispatchable("features", group=UNARY_ELEMENTWISE)
def gelu(features, approximate=False, name=None):
    """tf.nn.gelu (exact with erf, or the tanh approximation), TF's formula as one op."""
    x = to_tensor(features)
    if not x.dtype.is_floating:
        raise ValueError("`features.dtype` must be a floating point tensor."
                         f"Received:features.dtype={x.dtype}")
    return execute(_gelu_op, (x,), (("approximate", bool(approximate)),))


def _swish(x, beta):
    return x * sigmoid.op.fn(beta * x)


def _swish_fwd(x, beta):
    return _swish(x, beta), (x, beta)


def _swish_bwd(res, dy):
    """TF's custom gradient of swish (nn_impl.swish), term by term."""
    x, beta = res
    bx = beta * x
    s = sigmoid.op.fn(bx)
    dx = dy * (s * (1 + rounded(bx * (1 - s))))
    db = ((dy * (x * x)) * s) * (1 - s)
    db = jnp.sum(db) if beta.ndim == 0 else unbroadcast(db, beta.shape)
    return dx, db


_swish_vjp = jax.custom_vjp(_swish)
_swish_vjp.defvjp(_swish_fwd, _swish_bwd)
_swish_op = Op("Swish", _swish_vjp, jvp_fn=_swish)


@dispatchable("features", group=UNARY_ELEMENTWISE)
def silu(features, beta=1.0):
    """tf.nn.silu / tf.nn.swish: x * sigmoid(beta * x), differentiable in beta."""
    x = to_tensor(features)
    beta = cast(to_tensor(beta), x.dtype)
    check_dtype(sigmoid.op, x)
    return execute(_swish_op, (x, beta))


swish = silu


# -- softmax ------------------------------------------------------------------------------

def _softmax_family(name, fn, public_name, jvp_fn=None):
    op = Op(name, lambda x, axis: fn(x, axis=axis),
            jvp_fn=None if jvp_fn is None else lambda x, axis: jvp_fn(x, axis=axis))

    @dispatchable("logits")
    def public(logits, axis=None, name=None):
        x = to_tensor(logits)
        check_dtype(op, x)
        return execute(op, (x,), (("axis", _softmax_axis(axis, x.ndim)),))
    public.__name__ = public.__qualname__ = public_name
    public.op = op
    return public


def _softmax_axis(axis, ndim):
    """The axis of tf.nn.softmax as nn_ops._wrap_2d_function takes it: Python's `==` with
    -1 and ndim - 1 picks the last axis (a Tensor compares by value), then its range check
    (`-ndim <= dim < ndim`, which raises Python's TypeError for a str or list) and the
    tf.range of _swap_axis (a non-scalar Tensor fails there)."""
    if axis is None or traced(axis):
        return -1 if axis is None else static_int(axis, "tf.nn.softmax", "axis")
    value = axis.numpy() if isinstance(axis, Tensor) else axis
    if value == -1 or value == ndim - 1:
        return -1
    if not -ndim <= value < ndim:
        raise errors.InvalidArgumentError(
            None, None, f"`dim` must be in the range [{-ndim}, {ndim}) where {ndim} is the "
                        f"number of dimensions in the input. Received: dim={value}")
    if np.ndim(value):
        raise kernel_error("Range", f"limit must be a scalar, not shape "
                                    f"{dims(np.shape(value))}", name="")
    return static_int(axis, "tf.nn.softmax", "axis")


# oneDNN's float32 exp: its polynomial p1..p5, log2(e), ln(2) and ln(FLT_MIN).
_DNNL_CONSTS = np.array([0x3f7ffffb, 0x3efffee3, 0x3e2aad40, 0x3d2b9d0d, 0x3c07cfce,
                         0x3fb8aa3b, 0x3f317218, 0xc2aeac50], np.uint32).view(np.float32)


def _fma(a, b, c):
    """float32 a * b + c rounded once (as a fused multiply-add)."""
    return (a.astype(jnp.float64) * b.astype(jnp.float64) + c).astype(jnp.float32)


def _dnnl_exp(x):
    """oneDNN's jit float32 exp: 2 * 2^(n - 1) * p(r), x = n ln2 + r, 0 below ln(FLT_MIN)."""
    *poly, log2e, ln2, ln_min = (jnp.float32(c) for c in _DNNL_CONSTS)
    clamped = jnp.maximum(x, ln_min)
    n = jnp.floor((clamped.astype(jnp.float64) * log2e).astype(jnp.float32) + 0.5)
    r = _fma(-n, ln2, clamped)
    y = poly[4]
    for c in (poly[3], poly[2], poly[1], poly[0], jnp.float32(1)):
        y = _fma(y, r, c)
    scale = lax.bitcast_convert_type((n.astype(jnp.int32) + 126) << 23, jnp.float32)
    return jnp.where(x < ln_min, jnp.float32(0), y * scale * 2)


def _dnnl_sum(e):
    """oneDNN's float32 sum of the last axis: 16-lane vectors added into 4 accumulators in
    turn, added as (a0 + a1) + (a2 + a3), then its lanes pairwise (lane j with j ^ 8, ^ 4,
    ^ 2, ^ 1)."""
    n = e.shape[-1]
    if not all(isinstance(d, int) for d in e.shape):   # symbolic dimensions (shape-only)
        return jnp.sum(e, -1, keepdims=True)
    e = jnp.pad(e, [(0, 0)] * (e.ndim - 1) + [(0, (-n) % 64)])
    groups = jnp.moveaxis(e.reshape(e.shape[:-1] + (-1, 4, 16)), -3, 0)
    if groups.shape[0] <= 16:   # (unrolled: a short scan costs more to trace and compile)
        acc = jnp.zeros_like(groups[0])
        for k in range(groups.shape[0]):
            acc = acc + groups[k]
    else:
        acc = lax.scan(lambda a, v: (a + v, None), jnp.zeros_like(groups[0]), groups)[0]
    v = (acc[..., 0, :] + acc[..., 1, :]) + (acc[..., 2, :] + acc[..., 3, :])
    for k in (8, 4, 2, 1):
        v = v + v[..., np.arange(16) ^ k]
    return v[..., :1]


@jax.custom_jvp
def _dnnl_softmax(x):
    """oneDNN's float32 softmax of the last axis: exp(x - max) times 1 / its sum."""
    e = _dnnl_exp(x - jnp.max(x, -1, keepdims=True))
    return e * (jnp.float32(1) / _dnnl_sum(e))


def _softmax_grad(g, y):
    """TF's _SoftmaxGrad: (grad - reduce_sum(grad * y, -1, keepdims=True)) * y, each op
    rounded on its own, the sum in TF's order."""
    return rounded((g - eigen_sum(rounded(g * y), (-1,), True)) * y)


@_dnnl_softmax.defjvp
def _dnnl_softmax_jvp(primals, tangents):
    y, t = _dnnl_softmax(primals[0]), tangents[0]
    return y, y * (t - jnp.sum(y * t, -1, keepdims=True))


_dnnl_softmax_tf = tf_gradient(_dnnl_softmax, lambda g, x, y: (_softmax_grad(g, y),))


def _softmax_rows(x):
    """TF's float64 Softmax kernel on the CPU (SoftmaxEigenImpl; oneDNN takes float32):
    e = exp(x - max) over the whole array, then e times 1 / its sum along the rows, the
    sum in TF's order."""
    e = eigen_exp(x - jnp.max(x, axis=-1, keepdims=True))
    return e * (1 / eigen_sum(e, (-1,), True))


_softmax_rows_tf = tf_gradient(_softmax_rows, lambda g, x, y: (_softmax_grad(g, y),))


def _softmax_fn(x, axis, tf_gradients=True):
    """TF's Softmax (on the CPU, on the last axis after a transpose: for float32 its
    oneDNN kernel, for float64 its Eigen kernel, with TF's gradients unless
    `tf_gradients` is False, for forward mode): a float32 row holding nan or +inf gives
    nan there and 0 elsewhere, as oneDNN's."""
    if x.dtype == jnp.float64 and x.size and config.placed_on_cpu() and \
            in_tf_order(x, (axis,)):
        kernel = _softmax_rows_tf if tf_gradients else _softmax_rows
        return jnp.swapaxes(kernel(jnp.swapaxes(x, axis, -1)), axis, -1)
    if x.dtype != jnp.float32 or x.size == 0 or not config.placed_on_cpu():
        return jax.nn.softmax(x, axis=axis)
    kernel = _dnnl_softmax_tf if tf_gradients else _dnnl_softmax
    y = jnp.moveaxis(kernel(jnp.moveaxis(x, axis, -1)), -1, axis)
    bad = jnp.isnan(x) | (x == jnp.inf)
    return jnp.where(jnp.any(bad, axis=axis, keepdims=True),
                     jnp.where(bad, jnp.asarray(jnp.nan, x.dtype), jnp.zeros_like(x)), y)


softmax = _softmax_family("Softmax", _softmax_fn, "softmax_v2",
                          jvp_fn=functools.partial(_softmax_fn, tf_gradients=False))
softmax.__doc__ = "tf.nn.softmax over `axis` (default: the last)."


def _log_softmax_rows(x):
    """TF's LogSoftmax kernel (SoftmaxEigenImpl, log=True) on the last axis of a float32 or
    float64 array on the CPU: d = x - max, then d - log(sum(exp(d))), the exps as Eigen's
    reducer takes them, the sum in TF's order, the log vectorised over the rows' sums."""
    d = x - jnp.max(x, axis=-1, keepdims=True)
    return d - eigen_log(eigen_sum(eigen_exp_rows(d), (-1,), True))


# TF's _LogSoftmaxGrad: grad - reduce_sum(grad, -1, keepdims=True) * exp(y).
_log_softmax_rows_tf = tf_gradient(_log_softmax_rows, lambda g, x, y: (
    g - rounded(eigen_sum(g, (-1,), True) * eigen_exp(y)),))


def _log_softmax_fn(x, axis):
    """tf.nn.log_softmax's kernel: TF's arithmetic on the CPU (on the last axis, swapped
    with `axis` as TF's _swap_axis transposes), XLA's log_softmax elsewhere and for half
    and bfloat16."""
    if x.dtype not in (jnp.float32, jnp.float64) or x.size == 0 or \
            not in_tf_order(x, (axis,)) or not config.placed_on_cpu():
        return jax.nn.log_softmax(x, axis=axis)
    return jnp.swapaxes(_log_softmax_rows_tf(jnp.swapaxes(x, axis, -1)), axis, -1)


log_softmax = _softmax_family("LogSoftmax", _log_softmax_fn, "log_softmax_v2",
                              jvp_fn=jax.nn.log_softmax)
log_softmax.__doc__ = "tf.nn.log_softmax over `axis` (default: the last)."


# -- bias_add -----------------------------------------------------------------------------

def _bias_add(x, b, channels_first):
    # (the bias broadcast by bias_p: its gradient is TF's BiasAddGrad, in that kernel's order)
    return x + bias_p.bind(b, shape=x.shape, channels_first=channels_first)


def _dims(shape):
    return "[" + ",".join(map(str, shape)) + "]"


_bias_add_op = Op("BiasAdd", _bias_add)


def bias_add(value, bias, data_format=None, name=None):
    """tf.nn.bias_add: `bias` added along the channel dimension (the last, or dimension 1
    for a data_format starting with "NC")."""
    if data_format is not None and not (
            data_format.startswith("NC") or (data_format[:1] == "N" and data_format[-1:] == "C")):
        raise ValueError("`data_format` must be of the form `N...C` or `NC...`. "
                         f"Received: data_format={data_format}")
    x = to_tensor(value)
    b = bias if isinstance(bias, Tensor) else convert_to_tensor(bias, dtype=x.dtype)
    x, b = match2(x, b, "BiasAdd")
    channels_first = data_format is not None and data_format.startswith("NC")
    xs, bs = x._value.shape, b._value.shape
    if len(xs) < 2 + channels_first and shape_inference.tracing():
        raise shape_inference.node_error(
            f"Shape must be at least rank {2 + channels_first} but is rank {len(xs)}",
            "BiasAdd", (x, b), _bias_add_attrs(x, channels_first))
    text = None
    if len(xs) < 2:
        text = f"Input tensor must be at least 2D: {_dims(xs)}"
    elif len(bs) != 1:
        text = f"Biases must be 1D: {_dims(bs)}"
    elif bs[0] != xs[1 if channels_first else -1]:
        text = (f"Must provide as many biases as the last dimension of the input "
                f"tensor: {_dims(bs)} vs. {_dims(xs)}")
    if text is not None and text.startswith("Must") and shape_inference.tracing():
        raise shape_inference.node_error(
            f"Dimensions must be equal, but are {xs[1 if channels_first else -1]} and "
            f"{bs[0]}", "BiasAdd", (x, b), _bias_add_attrs(x, channels_first))
    if text is not None:
        raise errors.InvalidArgumentError(
            None, None, f"{{{{function_node __wrapped__BiasAdd_device_/job:localhost/replica:0/"
                        f"task:0/device:CPU:0}}}} {text} [Op:BiasAdd]")
    return execute(_bias_add_op, (x, b), (("channels_first", channels_first),))



def _bias_add_attrs(x, channels_first):
    """BiasAdd's attrs as its graph errors print them (data_format as TF normalizes it)."""
    return (("T", shape_inference.dtype_enum(x)),
            ("data_format", "NCHW" if channels_first else "NHWC"))


_bias_add_grad_op = Op("BiasAddGrad", bias_add_grad)


def raw_bias_add_grad(*, out_backprop, data_format="NHWC", name=None):
    """tf.raw_ops.BiasAddGrad: `out_backprop` summed over all but its channel dimension,
    in the order of TF's CPU kernel (eigen_reduce.bias_add_grad)."""
    if data_format not in ("NHWC", "NCHW"):
        raise op_def.attr_value_error("BiasAddGrad", "data_format", data_format, "")
    g = to_tensor(out_backprop)
    if g.ndim < 2:
        if shape_inference.tracing():
            raise shape_inference.node_error(
                f"Shape must be at least rank 2 but is rank {g.ndim}", "BiasAddGrad", (g,),
                (("T", shape_inference.dtype_enum(g)), ("data_format", data_format)))
        raise kernel_error("BiasAddGrad", f"Input tensor must be at least 2D: "
                                          f"{_dims(g._value.shape)}", "")
    return execute(_bias_add_grad_op, (g,), (("channels_first", data_format == "NCHW"),))

# -- dropout ------------------------------------------------------------------------------

_dropout_op = Op("Dropout", lambda x, u, rate: jnp.where(
    u >= rate, x * np.asarray(1 / (1 - rate), x.dtype), jnp.zeros_like(x)))
# A rate computed inside a tf.function: an operand (TF's composite x * (1 / (1 - rate))).
_dropout_traced_op = Op("Dropout", lambda x, u, rate: jnp.where(
    u >= rate, x * (1 / (1 - rate)), jnp.zeros_like(x)))


@dispatchable("x")
@op_scope("dropout")
def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """tf.nn.dropout: zeroes elements with probability `rate` and scales the others by
    1 / (1 - rate). The mask comes from tf.random.uniform(noise_shape, seed=seed), as in
    TF: TF's Philox stream, advancing on each call (also inside tf.function)."""
    from . import random_ops, random_seed   # (random_ops imports this module's users)
    out = _dropout(x, rate, noise_shape,
                   lambda shape, dtype: random_ops.uniform(shape, dtype=dtype, seed=seed),
                   lambda: random_seed.get_seed(seed))   # (TF's dummy RNG step)
    # (TF's last op selects the kept, scaled elements; a rate of 0 returns x itself)
    if not (isinstance(rate, numbers.Real) and rate == 0):
        name_result(out, "SelectV2")
    return out


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    """tf.nn.experimental.stateless_dropout: dropout whose mask is
    tf.random.stateless_uniform(noise_shape, seed, alg=rng_alg)."""
    from . import stateless_random_ops
    return _dropout(x, rate, noise_shape,
                    lambda shape, dtype: stateless_random_ops.stateless_uniform(
                        shape, seed, dtype=dtype, alg=rng_alg), lambda: None)


def _dropout(x, rate, noise_shape, uniform, dummy_rng_step):
    """TF's _dropout: `uniform(shape, dtype)` gives the random numbers of the mask."""
    is_number = isinstance(rate, numbers.Real)
    if is_number and (rate < 0 or rate >= 1):
        raise ValueError("`rate` must be a scalar tensor or a float in the range [0, 1). "
                         f"Received: rate={rate}")
    x = to_tensor(x)
    if not x.dtype.is_floating:
        raise ValueError("`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype={x.dtype}")
    if is_number and rate == 0:
        dummy_rng_step()
        return x
    if not is_number:
        if not isinstance(rate, Tensor):
            raise ValueError(f"`rate` must be a scalar or scalar tensor. Received: rate={rate}")
        if not traced(rate):
            rate = float(np.asarray(rate._value))
    shape = traced_dims(x)   # (TF's unknown sizes: the noise's too)
    if noise_shape is None:
        noise = shape
    else:
        if isinstance(noise_shape, Tensor):
            noise_shape = static_ints(noise_shape, "tf.nn.dropout", "noise_shape")
        noise = tuple(d if d is None or jax.export.is_symbolic_dim(d)   # (a graph's unknown)
                      else static_int(d, "tf.nn.dropout", "noise_shape") for d in noise_shape)
        if len(noise) == len(shape):
            noise = tuple(s if d is None else d if jax.export.is_symbolic_dim(d) else int(d)
                          for d, s in zip(noise, shape))
        try:
            jnp.broadcast_shapes(noise, shape)
        except ValueError:
            raise errors.op_error(
                errors.InvalidArgumentError, "SelectV2",
                f"condition {_dims(noise)}, then {_dims(shape)}, and else [] must be "
                f"broadcastable", kernel="SelectV2") from None
    u = uniform(noise, x.dtype)
    if isinstance(rate, Tensor):
        return execute(_dropout_traced_op, (x, u, convert_to_tensor(rate, x.dtype)))
    return execute(_dropout_op, (x, u), (("rate", rate),))


def embedding_lookup(params, ids, max_norm=None, name=None):
    """tf.nn.embedding_lookup: rows `ids` of `params` (a list of shards is joined in
    order, TF2's 'div' partitioning); rows whose L2 norm exceeds `max_norm` are scaled
    down to it. The gradient w.r.t. a single params tensor is TF's IndexedSlices."""
    from . import array_ops, arithmetic_ops, norm_ops
    from .ragged_tensor import RaggedTensor
    if isinstance(ids, RaggedTensor):   # TF's ragged dispatch: the flat ids looked up
        return ids.with_flat_values(embedding_lookup(params, ids.flat_values, max_norm))
    if isinstance(params, (list, tuple)):
        params = params[0] if len(params) == 1 else array_ops.concat(list(params), 0)
    rows = array_ops.gather(params, ids)
    if max_norm is None:
        return rows
    norms = norm_ops.norm(rows, axis=-1, keepdims=True)
    scale = arithmetic_ops.minimum(arithmetic_ops.divide(max_norm, arithmetic_ops.maximum(norms, 1e-12)), 1.0)
    return rows * scale

