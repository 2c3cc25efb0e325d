"""tf.random.stateless_*: TF's StatelessRandom*V2 kernels, pure functions of the Philox
state that StatelessRandomGetKeyCounter derives from a shape-[2] seed. tf.random.Generator
runs the same V2 kernels on its state variable.
"""
import enum
import functools
import math

import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from . import op_args, philox, random_distributions as D, random_samplers
from .math_common import raise_on_gradient
from .random_ops import (
    check_attr, check_categorical, check_float, check_range,
    full_int_fn, gamma_fn, gamma_params, gamma_scale, gamma_tiny, kernel, normal_fn, run_filled,
    scale, shape_arg, shift, truncated_normal_fn, uniform_fn, uniform_int_fn,
)

__all__ = []



class Algorithm(enum.Enum):
    """tf.random.Algorithm."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


PHILOX, THREEFRY, AUTO_SELECT = 1, 2, 3

_key_counter = kernel("StatelessRandomGetKeyCounter", philox.scramble)
uniform_v2 = kernel("StatelessRandomUniformV2", uniform_fn)
normal_v2 = kernel("StatelessRandomNormalV2", normal_fn)
truncated_normal_v2 = kernel("StatelessTruncatedNormalV2", truncated_normal_fn)
uniform_int_v2 = kernel("StatelessRandomUniformIntV2", uniform_int_fn)
full_int_v2 = kernel("StatelessRandomUniformFullIntV2", full_int_fn)
_multinomial = kernel("StatelessMultinomial", D.multinomial)
_shuffle = Op("StatelessShuffle", raise_on_gradient(
    D.shuffle, LookupError("gradient registry has no entry for: StatelessShuffle")),
    allowed=None, stateful=True)
gamma_v3 = Op("StatelessRandomGammaV3", functools.partial(gamma_fn, stateless=True))
_poisson = kernel("StatelessRandomPoisson", random_samplers.poisson)
binomial_op = kernel("StatelessRandomBinomial", random_samplers.binomial)


def convert_alg(alg):
    """TF's random_ops_util.convert_alg_to_int."""
    if isinstance(alg, int):
        return alg
    if hasattr(alg, "value") and isinstance(alg.value, int):
        return alg.value
    if isinstance(alg, str):
        canon = alg.strip().lower().replace("-", "").replace("_", "")
        names = {"philox": PHILOX, "threefry": THREEFRY, "autoselect": AUTO_SELECT}
        if canon in names:
            return names[canon]
        raise ValueError(unsupported_alg(alg))
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) "
                    "to int.")


def unsupported_alg(alg):
    if isinstance(alg, int):
        names = PHILOX, THREEFRY, AUTO_SELECT
    else:
        names = "philox", "threefry", "auto_select"
    return (f"Argument `alg` got unsupported value {alg}. Supported values are {names[0]} for "
            f"the Philox algorithm, {names[1]} for the ThreeFry algorithm, and {names[2]} "
            "for auto-selection.")


def check_alg(alg, op_name):
    """The algorithm of a V2 kernel: Philox (also for auto-select); TF's CPU kernels
    reject ThreeFry's one-word counter."""
    if alg == THREEFRY:
        raise op_args.kernel_error(
            op_name, "counter must be a vector with length at least 2; got shape: [1]. "
                     "(Note that batched counters are not supported yet.)", name="")
    if alg not in (PHILOX, AUTO_SELECT):
        raise ValueError(unsupported_alg(alg))


def seed_state(seed, alg, op_name):
    """The Philox state of a stateless op's seed (StatelessRandomGetKeyCounter)."""
    alg = convert_alg(AUTO_SELECT if alg is None else alg)
    if alg not in (PHILOX, THREEFRY, AUTO_SELECT):
        raise ValueError(unsupported_alg(alg))
    seed = to_tensor(seed)
    if seed.dtype not in (dtypes.int32, dtypes.int64):
        raise op_args.attr_error(_key_counter.name, "Tseed", seed.dtype)
    if seed._value.shape != (2,):
        raise op_args.kernel_error(_key_counter.name, f"seed must have shape [2], not "
                                                      f"{op_args.dims(seed._value.shape)}")
    check_alg(alg, op_name)
    return execute(_key_counter, (seed,))


def unit(op, state, shape, dtype):
    """Run a float V2 kernel (uniform, normal, truncated normal) on a Philox state."""
    check_float(op, dtype)
    return run_filled(op, (state,), (("shape", shape), ("dtype", dtype._np)))


def uniform_int(state, shape, minval, maxval):
    check_range(uniform_int_v2.name, minval, maxval)
    return run_filled(uniform_int_v2, (state, minval, maxval), (("shape", shape),))


def full_int(state, shape, dtype):
    return run_filled(full_int_v2, (state,), (("shape", shape), ("dtype", dtype._np)))


_UNIFORM_DTYPES = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
                   dtypes.int32, dtypes.int64, dtypes.uint32, dtypes.uint64)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None,
                      alg="auto_select"):
    """tf.random.stateless_uniform."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_DTYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are "
                         f"({', '.join(repr(d) for d in _UNIFORM_DTYPES)}).")
    if dtype.is_integer:
        if (minval is None) != (maxval is None):
            raise ValueError(f"For integer `dtype` argument {dtype}, argument `minval` and "
                             f"`maxval` must be both None or not None. Got `minval`={minval} "
                             f"and `maxval`={maxval}.")
        if minval is not None and dtype.is_unsigned:
            raise ValueError(f"Argument `dtype` got invalid value {dtype} when argument "
                             "`minval` is not None. Please don't use unsigned integers in "
                             "this case.")
    elif maxval is None:
        maxval = 1
    if dtype.is_integer and minval is None:
        shape = shape_arg(shape, full_int_v2.name, dtype)
        return full_int(seed_state(seed, alg, full_int_v2.name), shape, dtype)
    minval = convert_to_tensor(minval, dtype=dtype)
    maxval = convert_to_tensor(maxval, dtype=dtype)
    if dtype.is_integer:
        shape = shape_arg(shape, uniform_int_v2.name, dtype)
        return uniform_int(seed_state(seed, alg, uniform_int_v2.name), shape, minval, maxval)
    shape = shape_arg(shape, uniform_v2.name, dtype)
    rnd = unit(uniform_v2, seed_state(seed, alg, uniform_v2.name), shape, dtype)
    return scale(rnd, minval, maxval)


def _stateless_unit(op, shape, seed, mean, stddev, dtype, alg):
    dtype = dtypes.as_dtype(dtype)
    shape = shape_arg(shape, op.name, dtype)
    mean = convert_to_tensor(mean, dtype=dtype)
    stddev = convert_to_tensor(stddev, dtype=dtype)
    return shift(unit(op, seed_state(seed, alg, op.name), shape, dtype), mean, stddev)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                     alg="auto_select"):
    """tf.random.stateless_normal."""
    return _stateless_unit(normal_v2, shape, seed, mean, stddev, dtype, alg)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32,
                               name=None, alg="auto_select"):
    """tf.random.stateless_truncated_normal."""
    return _stateless_unit(truncated_normal_v2, shape, seed, mean, stddev, dtype, alg)


def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None):
    """tf.random.stateless_categorical."""
    logits = to_tensor(logits)
    num_samples, dtype = check_categorical(_multinomial.name, logits, num_samples, dtype)
    if not logits.dtype.is_floating:
        raise errors.NotFoundError(
            None, None, "Could not find device for node: {{node StatelessMultinomial}} = "
                        f"StatelessMultinomial[T=DT_{logits.dtype.name.upper()}, ...]: its "
                        "kernels take floating logits [Op:StatelessMultinomial]")
    state = seed_state(seed, AUTO_SELECT, _multinomial.name)
    return execute(_multinomial, (state, logits),
                   (("num_samples", num_samples), ("dtype", dtype._np)))


def stateless_shuffle(value, seed, alg="auto_select", name=None):
    """tf.random.experimental.stateless_shuffle."""
    value = to_tensor(value)
    state = seed_state(seed, alg, _shuffle.name)
    return value if value._value.ndim == 0 else execute(_shuffle, (state, value))


def index_shuffle(index, seed, max_index):
    """tf.random.experimental.index_shuffle: `seed` of shape [2] (or [n, 2]) padded at the
    front of its first dimension with TF's 498247692, then RandomIndexShuffle's 4 rounds."""
    from .array_ops import pad
    from .index_shuffle_ops import random_index_shuffle
    seed = convert_to_tensor(seed)
    paddings = [[1, 0]] + ([] if seed.shape.rank is None else [[0, 0]] * (seed.shape.rank - 1))
    return random_index_shuffle(index, pad(seed, paddings, constant_values=498247692),
                                max_index, rounds=4)


def split(seed, num=2, alg="auto_select"):
    """tf.random.split (tf.random.experimental.stateless_split)."""
    seed = to_tensor(seed)
    return stateless_uniform([num, 2], seed, dtype=seed.dtype, minval=None, maxval=None,
                             alg=alg)


def fold_in(seed, data, alg="auto_select"):
    """tf.random.fold_in (tf.random.experimental.stateless_fold_in)."""
    from .array_ops import stack
    data = to_tensor(data)
    seed1 = stateless_uniform([], seed, dtype=data.dtype, minval=None, maxval=None, alg=alg)
    return stack([seed1, data])



# -- gamma, Poisson, binomial -------------------------------------------------------------



def _v1_seed_state(seed, op_name):
    """The Philox state of a V1 stateless op's seed (its GenerateKey), with the errors
    TF reports under that op's name."""
    seed = to_tensor(seed)
    if seed.dtype not in (dtypes.int32, dtypes.int64):
        raise op_args.attr_error(op_name, "Tseed", seed.dtype)
    if seed._value.shape != (2,):
        raise op_args.kernel_error(op_name, f"seed must have shape [2], not "
                                            f"{op_args.dims(seed._value.shape)}")
    return execute(_key_counter, (seed,))


def check_ends_with(op_name, shape, batch, name=None):
    """A sampler's check that the output shape ends with its parameters' shape."""
    if math.prod(shape) and tuple(shape[len(shape) - len(batch):]) != tuple(batch) \
            or len(batch) > len(shape):
        raise op_args.kernel_error(op_name, "Shape passed in must end with broadcasted shape.",
                                   name=name)


def stateless_gamma(shape, seed, alpha, beta=None, dtype=dtypes.float32, name=None):
    """tf.random.stateless_gamma: TF's StatelessRandomGammaV3 kernel (Marsaglia-Tsang in
    double, 256 engine calls per output), output shape `shape`; its gradient w.r.t.
    alpha is TF's implicit reparameterization."""
    alpha, beta, alpha_b = gamma_params(alpha, beta, dtype)
    shape = shape_arg(shape, gamma_v3.name, dtype)
    state = seed_state(seed, AUTO_SELECT, gamma_v3.name)
    check_attr(gamma_v3.name, "dtype", alpha.dtype)
    check_ends_with(gamma_v3.name, shape, alpha_b._value.shape, name="")
    rnd = execute(gamma_v3, (state, alpha_b), (("shape", shape),))
    return gamma_scale(rnd, beta, gamma_tiny(alpha.dtype))


def stateless_poisson(shape, seed, lam, dtype=dtypes.int32, name=None):
    """tf.random.stateless_poisson: TF's StatelessRandomPoisson kernel (Knuth below rate
    10, Hormann's transformed rejection above, in double); not differentiable."""
    dtype = dtypes.as_dtype(dtype)
    lam = to_tensor(lam)
    check_attr(_poisson.name, "Rtype", lam.dtype, name=None)
    check_attr(_poisson.name, "dtype", dtype, name=None)
    shape = shape_arg(shape, _poisson.name, dtype)
    state = _v1_seed_state(seed, _poisson.name)
    check_ends_with(_poisson.name, shape, lam._value.shape)
    return execute(_poisson, (state, lam), (("shape", shape), ("dtype", dtype._np)))


BINOMIAL_KERNELS = "".join(f"  device='CPU'; dtype in [DT_{o}]; T in [DT_{t}]\n"
                           for o in ("INT64", "INT32", "DOUBLE", "FLOAT", "HALF")
                           for t in ("DOUBLE", "FLOAT", "HALF"))


def check_binomial(op_name, shape, counts, probs, dtype, no_kernel):
    """StatelessRandomBinomial/StatefulRandomBinomial's checks; `no_kernel()` is the
    error for counts of a dtype without a CPU kernel. Returns the parameters' shape."""
    stateful = op_name.startswith("Stateful")
    check_attr(op_name, "dtype", dtype, name=None)
    if counts.dtype._tf_name not in ("half", "float", "double"):
        raise no_kernel()
    if counts.dtype != probs.dtype:
        raise errors.InvalidArgumentError(
            None, None, f"cannot compute {op_name} as input #{4 if stateful else 3}(zero-based) "
                        f"was expected to be "
                        f"a {counts.dtype._tf_name} tensor but is a {probs.dtype._tf_name} "
                        f"tensor [Op:{op_name}] name: ")
    try:
        batch = np.broadcast_shapes(counts._value.shape, probs._value.shape)
    except ValueError:
        raise op_args.kernel_error(
            op_name, f"counts and probs must have compatible batch dimensions: "
                     f"{op_args.dims(counts._value.shape)} vs. "
                     f"{op_args.dims(probs._value.shape)}") from None
    check_ends_with(op_name, shape, batch, name="" if stateful else None)
    return batch


def stateless_binomial(shape, seed, counts, probs, output_dtype=dtypes.int32, name=None):
    """tf.random.stateless_binomial: TF's StatelessRandomBinomial kernel (inversion below
    count * p = 10, Hormann's BTRS above, in double); not differentiable."""
    output_dtype = dtypes.as_dtype(output_dtype)
    probs = convert_to_tensor(probs, dtype_hint=dtypes.float32)
    counts = convert_to_tensor(counts, dtype_hint=probs.dtype)
    shape = shape_arg(shape, binomial_op.name, output_dtype)
    state = _v1_seed_state(seed, binomial_op.name)

    def no_kernel():
        attrs = ", ".join(f"{k}=DT_{t.name.upper()}" for k, t in (
            ("S", dtypes.int32), ("T", counts.dtype), ("Tseed", to_tensor(seed).dtype),
            ("dtype", output_dtype)))
        return errors.NotFoundError(
            None, None, f"Could not find device for node: {{{{node {binomial_op.name}}}}} = "
                        f"{binomial_op.name}[{attrs}]\nAll kernels registered for op "
                        f"{binomial_op.name}:\n{BINOMIAL_KERNELS} [Op:{binomial_op.name}]")
    check_binomial(binomial_op.name, shape, counts, probs, output_dtype, no_kernel)
    return execute(binomial_op, (state, counts, probs),
                   (("shape", shape), ("dtype", output_dtype._np)))
