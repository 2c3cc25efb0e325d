"""tf.random's stateful ops (uniform, normal, truncated_normal, categorical, shuffle,
gamma, poisson) with TF's Philox streams, and what the stateless and Generator modules
share: shape arguments, kernel errors and the scale/shift of unit samples.

A seeded stateful kernel is a pure JAX function of a Philox state that
`random_seed.reserve` hands out per call (TF's kernel-cache semantics); unseeded calls
get a random state.
"""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import config, dtypes, errors, op_def
from ..framework.context import ctx
from ..framework.debug_settings import op_hooks
from ..framework.relaxed_shapes import UnknownDim
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.strings import MOVE
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from . import manip_ops, arithmetic_ops, op_args, random_distributions as D, random_samplers
from . import philox, random_seed
from .math_common import raise_on_gradient
from .philox import RESERVED_PER_OUTPUT
from .op_scope import op_scope

# tf.random exports nothing at the top level in TF 2.
__all__ = []

FLOAT_NAMES = ("half", "bfloat16", "float", "double")
_FLOATS = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


def kernel(name, fn, strings=None):
    """A random op: not differentiable, as TF registers them; never evaluated at trace
    time (a stateful op's numbers differ on each call). Their inputs are not TF's (the
    shape is an attribute, checked by `shape_arg`), so no dtype is checked on the first."""
    return Op(name, fn, differentiable=False, allowed=None, stateful=True, strings=strings)


def shape_arg(shape, op_name, dtype=dtypes.float32):
    """A shape argument as a tuple of ints, with TF's kernel errors, among them those of
    `op_args.check_alloc` for an output of this shape and `dtype`."""
    value = op_args.index_array(shape, op_name, "shape")
    exc = op_args.index_dtype_error(shape, op_name, value,
                                    dict(op_def.spec(op_name).inputs)["shape"])
    if exc is not None:
        raise exc
    if value.ndim != 1:
        raise op_args.kernel_error(op_name, f"shape must be a vector of {{int32,int64}}, got "
                                            f"shape {op_args.dims(value.shape)}", name="")
    dims = tuple(d if jax.export.is_symbolic_dim(d) or type(d) is UnknownDim else int(d)
                 for d in value.reshape(-1))   # (a graph's unknown; TF's unknown sizes)
    for d in dims:
        if not jax.export.is_symbolic_dim(d) and d < 0:
            raise op_args.kernel_error(op_name, f"Dimension {d} must be >= 0", name="")
    op_args.check_alloc(dims, dtypes.as_dtype(dtype), op_name)
    return dims


def check_float(op, dtype):
    if dtype not in _FLOATS:
        raise op_args.attr_error(op.name, "dtype", dtype, name="")


def check_range(op_name, lo, hi):
    """RandomUniformInt's checks of scalar minval < maxval."""
    for what, t in (("minval", lo), ("maxval", hi)):
        if t._value.ndim:
            raise op_args.kernel_error(op_name, f"{what} must be 0-D, got shape "
                                                f"{op_args.dims(t._value.shape)}", name="")
    lo_v, hi_v = int(lo._value), int(hi._value)
    if lo_v >= hi_v:
        raise op_args.kernel_error(op_name, f"Need minval < maxval, got {lo_v} >= {hi_v}",
                                   name="")


def scale(rnd, minval, maxval):
    """`rnd * (maxval - minval) + minval` as TF's wrappers compute it (differentiable
    w.r.t. the bounds)."""
    return arithmetic_ops.add(arithmetic_ops.multiply(rnd, arithmetic_ops.subtract(maxval, minval)), minval)


def shift(rnd, mean, stddev):
    return arithmetic_ops.add(arithmetic_ops.multiply(rnd, stddev), mean)


# -- kernels: pure functions of a Philox state ----------------------------------------------

def uniform_fn(state, shape, dtype):
    return D.fill(D.uniform, state, shape, dtype, dtype)


def normal_fn(state, shape, dtype):
    return D.fill(D.normal, state, shape, dtype, dtype)


def truncated_normal_fn(state, shape, dtype):
    return D.truncated_normal(state, shape, dtype)


def uniform_int_fn(state, lo, hi, shape):
    return D.fill(D.uniform_int, state, shape, lo.dtype, lo, hi)


def full_int_fn(state, shape, dtype):
    return D.fill(D.full_int, state, shape, dtype, dtype)


_uniform = kernel("RandomUniform", uniform_fn)
_normal = kernel("RandomStandardNormal", normal_fn)
_truncated = kernel("TruncatedNormal", truncated_normal_fn)
_uniform_int = kernel("RandomUniformInt", uniform_int_fn)
_multinomial = kernel("Multinomial", D.multinomial)
_shuffle = kernel("RandomShuffle", D.shuffle, strings=MOVE)   # (it moves elements)


def gamma_fn(state, alpha, shape, stateless):
    """Gamma samples with TF's gradient w.r.t. alpha (the stream itself is constant)."""
    rnd = random_samplers.gamma(state, lax.stop_gradient(alpha), shape, stateless)
    return random_samplers.with_alpha_gradient(rnd, alpha)


def _poisson_fn(state, rate, shape, dtype):
    sample = functools.partial(random_samplers.poisson, shape=shape, dtype=dtype)
    return raise_on_gradient(sample, _NO_POISSON_GRADIENT)(state, rate)


_NO_POISSON_GRADIENT = LookupError("gradient registry has no entry for: RandomPoissonV2")
_gamma = Op("RandomGamma", functools.partial(gamma_fn, stateless=False), stateful=True)
_poisson = Op("RandomPoissonV2", _poisson_fn, stateful=True)


_CHUNK = 1 << 16   # (elements of run_filled's one kernel per op and dtype)
_OWN_KERNEL_AFTER = 8   # (calls of one shape through chunks, then its own kernel)
_chunked = {}   # (op name, attrs) -> how many calls ran through run_filled's chunks
_TRUNCATED = ("TruncatedNormal", "StatelessTruncatedNormalV2")
_FILLED = frozenset(_TRUNCATED + (   # (the kernels run_filled chunks)
    "RandomUniform", "RandomStandardNormal", "RandomUniformInt", "StatelessRandomUniformV2",
    "StatelessRandomNormalV2", "StatelessRandomUniformIntV2",
    "StatelessRandomUniformFullIntV2"))


def _chunk_calls(op, inputs, attrs):
    """The Philox engine calls one _CHUNK of `op`'s outputs takes (random_distributions:
    one per output group, a truncated normal's truncated_stride)."""
    dtype = dict(attrs).get("dtype", inputs[-1]._value.dtype)   # (uniform_int: minval's)
    groups = _CHUNK // D.group_size(dtype)
    return groups * D.truncated_stride(dtype) if op.name in _TRUNCATED else groups


def run_filled(op, inputs, attrs):
    """execute(op, inputs, attrs); for a kernel that fills its `shape` attribute from the
    Philox stream of its state, inputs[0] (element i depends on i alone:
    random_distributions' fill and truncated_normal: _FILLED), eagerly, a shape runs the op's one
    kernel of _CHUNK outputs, from the state advanced chunk by chunk, and keeps the first
    elements: the same numbers, with one compile per op and dtype where each shape would
    compile its own (a model's initializers draw a few times per weight shape, and a
    random kernel takes ~1 s to compile on CPU). A shape drawn more often (an eager
    training loop's) gets its own kernel, so it makes no extra numbers."""
    attrs = tuple(attrs)
    key = (op.name, attrs)
    calls = _chunked.get(key, 0)
    if ctx.traces or op.name not in _FILLED or attrs in op.kernels or op_hooks or \
            calls >= _OWN_KERNEL_AFTER:   # (op_hooks: tf.debugging sees the op run once)
        return execute(op, inputs, attrs)
    if len(_chunked) > 4096:
        _chunked.clear()
    _chunked[key] = calls + 1
    shape = dict(attrs)["shape"]
    n = math.prod(shape)
    chunk_attrs = tuple((k, (_CHUNK,) if k == "shape" else v) for k, v in attrs)
    state = [int(x) for x in np.asarray(inputs[0]._value)]
    step = _chunk_calls(op, inputs, attrs)
    chunks = [execute(op, (EagerTensor(jnp.asarray(np.array(
        philox.advance(state, j * step), np.uint64))),) + tuple(inputs[1:]), chunk_attrs)._value
        for j in range(max(1, -(-n // _CHUNK)))]
    if config.placed_on_cpu():   # (NumPy on the host's arrays: no compile per shape)
        flat = np.concatenate([np.asarray(c) for c in chunks])
        return EagerTensor(jax.device_put(flat[:n].reshape(shape)))
    return EagerTensor(jnp.concatenate(chunks)[:n].reshape(shape))


def _stateful(op, seed, inputs, attrs, calls, shape=None):
    """Run stateful kernel `op`; TF caches its kernel by the dtype attributes (including
    that of the `shape` argument) and seeds, not by shape or num_samples, which are
    inputs: those share one stream."""
    seed1, seed2 = random_seed.get_seed(seed)
    dtype_attrs = (tuple(t.dtype for t in inputs) + tuple(v for k, v in attrs if k == "dtype")
                   + (getattr(shape, "dtype", None),))
    state = random_seed.reserve((op.name, dtype_attrs), seed1, seed2, calls)
    return run_filled(op, (EagerTensor(jnp.asarray(state)),) + inputs, attrs)


def _unit(op, shape, dtype, seed):
    dims = shape_arg(shape, op.name, dtype)
    check_float(op, dtype)
    return _stateful(op, seed, (), (("shape", dims), ("dtype", dtype._np)),
                     math.prod(dims) * RESERVED_PER_OUTPUT, shape)


# -- the public API -----------------------------------------------------------------------

def set_seed(seed):
    """tf.random.set_seed."""
    random_seed.set_seed(seed)


@op_scope("random_uniform")
def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    """tf.random.uniform."""
    dtype = dtypes.as_dtype(dtype)
    accepted = _FLOATS + (dtypes.int32, dtypes.int64)
    if dtype not in accepted:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         f"({', '.join(repr(d) for d in accepted)}).")
    if maxval is None:
        if dtype.is_integer:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        maxval = 1
    minval_is_zero = isinstance(minval, int) and minval == 0
    maxval_is_one = isinstance(maxval, int) and maxval == 1
    if not minval_is_zero or not maxval_is_one or dtype.is_integer:
        minval = convert_to_tensor(minval, dtype=dtype)
        maxval = convert_to_tensor(maxval, dtype=dtype)
    if dtype.is_integer:
        dims = shape_arg(shape, _uniform_int.name, dtype)
        check_range(_uniform_int.name, minval, maxval)
        return _stateful(_uniform_int, seed, (minval, maxval), (("shape", dims),),
                         math.prod(dims) * RESERVED_PER_OUTPUT, shape)
    result = _unit(_uniform, shape, dtype, seed)
    if minval_is_zero:
        return result if maxval_is_one else arithmetic_ops.multiply(result, maxval)
    return scale(result, minval, maxval)


@op_scope("random_normal", names_last=True)
def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """tf.random.normal."""
    dtype = dtypes.as_dtype(dtype)
    mean = convert_to_tensor(mean, dtype=dtype)
    stddev = convert_to_tensor(stddev, dtype=dtype)
    return shift(_unit(_normal, shape, dtype, seed), mean, stddev)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None,
                     name=None):
    """tf.random.truncated_normal."""
    dtype = dtypes.as_dtype(dtype)
    mean = convert_to_tensor(mean, dtype=dtype)
    stddev = convert_to_tensor(stddev, dtype=dtype)
    return shift(_unit(_truncated, shape, dtype, seed), mean, stddev)


def check_categorical(op_name, logits, num_samples, dtype):
    """The checks of tf.random.categorical and its stateless form: the output dtype
    and num_samples as Python values."""
    dtype = dtypes.as_dtype(dtype) if dtype else dtypes.int64
    accepted = (dtypes.int32, dtypes.int64)
    if dtype not in accepted:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         f"({', '.join(repr(d) for d in accepted)}).")
    shape = logits._value.shape
    if len(shape) != 2:
        raise op_args.kernel_error(op_name, f"logits should be a matrix, got shape "
                                            f"{op_args.dims(shape)}", name="")
    if isinstance(num_samples, (Tensor, Variable)) and num_samples.dtype is not dtypes.int32:
        raise errors.InvalidArgumentError(
            None, None, f"cannot compute {op_name} as input #1(zero-based) was expected to be "
                        f"a int32 tensor but is a {num_samples.dtype._tf_name} tensor")
    num_samples = op_args.int32_scalar(num_samples, op_name, "num_samples should be a scalar, "
                                       "got shape {}", "tf.random.categorical", "num_samples")
    if num_samples < 0:
        raise op_args.kernel_error(op_name, f"num_samples should be non-negative, got "
                                            f"{num_samples}", name="")
    if shape[0] and num_samples and not shape[1]:
        raise op_args.kernel_error(op_name, f"num_classes should be positive, got {shape[1]}",
                                   name="")
    return num_samples, dtype


_NO_KERNEL = (
    "Could not find device for node: {{{{node Multinomial}}}} = Multinomial[T=DT_{T}, "
    "output_dtype=DT_{out}, seed={seed}, seed2={seed2}]\nAll kernels registered for op "
    "Multinomial:\n  device='XLA_CPU_JIT'; output_dtype in [DT_INT32, DT_INT64]; T in "
    "[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, "
    "DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]\n" + "".join(
        f"  device='CPU'; T in [DT_{t}]; output_dtype in [DT_INT{o}]\n"
        for t in ("DOUBLE", "FLOAT", "BFLOAT16", "HALF") for o in ("64", "32"))
    + " [Op:Multinomial] name: ")


@op_scope("categorical")
def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """tf.random.categorical (TF's Multinomial kernel, one stream over the rows)."""
    logits = to_tensor(logits)
    num_samples, dtype = check_categorical(_multinomial.name, logits, num_samples, dtype)
    if logits.dtype not in _FLOATS:
        seed1, seed2 = random_seed.get_seed(seed)
        raise errors.NotFoundError(None, None, _NO_KERNEL.format(
            T=logits.dtype.name.upper(), out=dtype.name.upper(), seed=seed1, seed2=seed2))
    calls = logits._value.shape[0] * (-(-num_samples // 4) * 4) * 2 * RESERVED_PER_OUTPUT
    return _stateful(_multinomial, seed, (logits,),
                     (("num_samples", num_samples), ("dtype", dtype._np)), calls)


def shuffle(value, seed=None, name=None):
    """tf.random.shuffle: TF's Fisher-Yates over the first dimension."""
    value = to_tensor(value)
    if value._value.ndim == 0:
        return value
    n = value._value.shape[0]
    return _stateful(_shuffle, seed, (value,), (), -(-max(n - 1, 0) // 4))


# -- gamma and Poisson ------------------------------------------------------------------------

def check_attr(op_name, attr, dtype, name=""):
    """TF's check of an op's dtype attribute `attr` against its OpDef's allowed values
    (`name`: as in op_args.attr_error)."""
    if dtype._tf_name not in op_def.spec(op_name).allowed(attr):
        raise op_args.attr_error(op_name, attr, dtype, name=name)


def gamma_params(alpha, beta, dtype):
    """TF's random_gamma argument handling: alpha and beta as `dtype`, alpha broadcast
    against beta."""
    dtype = dtypes.as_dtype(dtype)
    alpha = convert_to_tensor(alpha, dtype=dtype)
    beta = convert_to_tensor(1 if beta is None else beta, dtype=dtype)
    a, b = alpha._value.shape, beta._value.shape
    try:
        shape = np.broadcast_shapes(a, b)
    except ValueError:
        raise op_args.kernel_error("BroadcastArgs", f"Incompatible shapes: {op_args.dims(a)} "
                                                    f"vs. {op_args.dims(b)}", name="") from None
    return alpha, beta, manip_ops.broadcast_to(alpha, shape)


def gamma_tiny(dtype):
    """The smallest normal number of `dtype`, as TF's wrappers take it (numpy's finfo,
    which knows no bfloat16: a ValueError, as in TF)."""
    return np.finfo(dtype.as_numpy_dtype).tiny


def gamma_scale(rnd, beta, tiny):
    """max(tiny, rnd / beta), TF's last step of every gamma sampler."""
    return arithmetic_ops.maximum(convert_to_tensor(tiny, dtype=beta.dtype),
                            arithmetic_ops.divide(rnd, beta))


def gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None):
    """tf.random.gamma: TF's RandomGamma kernel (Marsaglia-Tsang in double, 256 engine
    calls reserved per output), shape `shape + broadcast(alpha, beta).shape`; its
    gradient w.r.t. alpha is TF's implicit reparameterization."""
    alpha, beta, alpha_b = gamma_params(alpha, beta, dtype)
    tiny = gamma_tiny(alpha.dtype)  # evaluated before the kernel runs, as in TF
    dims = shape_arg(shape, _gamma.name, dtype)
    check_attr(_gamma.name, "T", alpha.dtype)
    out_shape = dims + alpha_b._value.shape
    rnd = _stateful(_gamma, seed, (alpha_b,), (("shape", out_shape),),
                    math.prod(out_shape) * RESERVED_PER_OUTPUT)
    return gamma_scale(rnd, beta, tiny)


def poisson(shape, lam, dtype=dtypes.float32, seed=None, name=None):
    """tf.random.poisson: TF's RandomPoissonV2 kernel (Knuth below rate 10, Hormann's
    transformed rejection above, in double). Like TF it has no gradient (LookupError)."""
    dtype = dtypes.as_dtype(dtype)
    lam = to_tensor(lam)
    dims = shape_arg(shape, _poisson.name, dtype)
    check_attr(_poisson.name, "R", lam.dtype)
    check_attr(_poisson.name, "dtype", dtype)
    out_shape = dims + lam._value.shape
    return _stateful(_poisson, seed, (lam,), (("shape", out_shape), ("dtype", dtype._np)),
                     math.prod(out_shape) * RESERVED_PER_OUTPUT)
