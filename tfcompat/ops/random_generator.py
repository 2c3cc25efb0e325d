"""tf.random.Generator: a Philox state in an int64 tf.Variable ``[counter_lo, counter_hi,
key]``. Each draw reads the state and skips its counter by 256 per output
(RngReadAndSkip), then runs TF's stateless V2 kernel on the state it read. The global
generator (tf.random.get_global_generator) is the one module-level state here.
A generator made in a tf.distribute strategy's scope draws, in a replica of that
strategy, with its key hashed with the replica id (each replica its own stream), as TF's.
"""
import secrets

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from ..framework.dispatch import execute
from . import op_args, philox, random_samplers, stateless_random_ops as S
from .array_ops import stack, zeros_like
from .random_ops import kernel, scale, shape_arg, shift
from ..framework.context import x64_methods

_STATE_SIZE = 3
_MASK64 = (1 << 64) - 1


_binomial = kernel("StatefulRandomBinomial", random_samplers.binomial)


def _uint_to_int(n):
    return n - (1 << 64) if isinstance(n, int) and n >= 1 << 63 else n


@jax.jit
def _advanced(state, calls):
    """The int64 state [counter_lo, counter_hi, key] with its 128-bit counter advanced by
    `calls` (PhiloxRandom::Skip), as a JAX computation (so it also runs traced)."""
    words = jax.lax.bitcast_convert_type(state, jnp.uint64)
    low = words[0] + calls
    carry = (low < words[0]).astype(jnp.uint64)
    return jax.lax.bitcast_convert_type(jnp.stack([low, words[1] + carry, words[2]]),
                                        jnp.int64)


def _state_array(state):
    """A state value (list, array, Tensor) as int64, TF's _convert_to_state_tensor."""
    if isinstance(state, (Tensor, Variable)):
        return np.asarray(state._value).astype(np.int64)
    if np.asarray(state).dtype.kind in "USO":   # TF's Cast to int64 rejects strings
        from .cast_ops import cast
        return np.asarray(cast(state, dtypes.int64)._value)
    return np.asarray([_uint_to_int(int(v)) for v in np.asarray(state).reshape(-1)]
                      if np.ndim(state) else _uint_to_int(int(state)), np.int64)


def create_rng_state(seed, alg):
    """tf.random.create_rng_state: an int seed is cut into 64-bit words (lowest first);
    an array seed is left-padded with zeros to 3 words."""
    alg = S.convert_alg(alg)
    _check_alg(alg)
    if isinstance(seed, int):
        words = []
        for _ in range(_STATE_SIZE):
            words.append(seed & _MASK64)
            seed >>= 64
        seed = words
    seed = _state_array(seed).reshape(-1)[:_STATE_SIZE]
    return convert_to_tensor(np.concatenate([np.zeros(_STATE_SIZE - seed.size, np.int64),
                                             seed]))


def _check_alg(alg):
    if alg not in (S.PHILOX, S.THREEFRY, S.AUTO_SELECT):
        raise ValueError(S.unsupported_alg(alg))


class _Undistributed:
    """How a Generator sees tf.distribute, which sits above the ops and installs its own
    (distribute/stateful_random.py): the strategy in scope when a generator is made (None
    without one), and the replica id (a Tensor) of that strategy's replica context the
    draw runs in (None in cross-replica context); `check_unscoped_draw(state_var)`, before
    a generator made outside any strategy draws or skips, raises where it cannot draw as
    TF's would (or has the run's replicas draw from `state_var` in turn);
    `check_binomial(state_var)`, before binomial draws from the state of a generator made
    in a strategy's scope, raises where TF's kernel would not draw as elsewhere;
    `check_split()` raises in a replica of a run, where TF's split would share the
    first replica's new generators with the others."""
    strategy_in_scope = staticmethod(lambda: None)
    replica_id = staticmethod(lambda strategy: None)
    check_unscoped_draw = staticmethod(lambda state_var: None)
    check_binomial = staticmethod(lambda state_var: None)
    check_split = staticmethod(lambda: None)


distribution = _Undistributed


def _replica_state(state, replica_id):
    """A uint64 state with its key hashed with the replica id (TF's _preprocess_key: the
    first uint64 of the stateless V2 kernel at counter [replica_id, 0])."""
    replica = convert_to_tensor(replica_id)._value.astype(jnp.uint64)
    counter = jnp.stack([replica, jnp.zeros((), jnp.uint64), state[2]])
    key = S.full_int(EagerTensor(counter), (1,), dtypes.uint64)._value
    return state.at[2].set(key[0])


def _check_shape(state):
    if state.shape != (_STATE_SIZE,):
        raise ValueError(f"Shapes {tuple(state.shape)} and [{_STATE_SIZE}] are incompatible")


@x64_methods
class Generator:
    """tf.random.Generator (Philox; ThreeFry raises TF's CPU UnimplementedError)."""

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_seed(cls, seed, alg=None):
        alg = S.PHILOX if alg is None else S.convert_alg(alg)
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        alg = S.PHILOX if alg is None else S.convert_alg(alg)
        return cls(state=[secrets.randbits(64) for _ in range(_STATE_SIZE)], alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        state = np.concatenate([_state_array(counter).reshape(-1),
                                _state_array(key).reshape(1)])
        return cls(state=state, alg=alg)

    def __init__(self, copy_from=None, state=None, alg=None):
        self._strategy = distribution.strategy_in_scope()
        if copy_from is not None:
            state, alg = copy_from.state, copy_from.algorithm
        alg = S.convert_alg(alg)
        _check_alg(alg)
        if isinstance(state, Variable):
            _check_shape(state._value)
            self._state_var = state
        else:
            state = _state_array(state)
            _check_shape(state)
            self._state_var = Variable(EagerTensor(jnp.asarray(state)), trainable=False,
                                       name="StateVar")
        self._alg = alg

    state = property(lambda self: self._state_var)
    algorithm = property(lambda self: self._alg)

    @property
    def key(self):
        return self._state_var[-1]

    def reset(self, state):
        state = _state_array(state)
        _check_shape(state)
        self._state_var.assign(EagerTensor(jnp.asarray(state)))

    def reset_from_seed(self, seed):
        self.reset(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        self.reset(np.concatenate([_state_array(counter).reshape(-1),
                                   _state_array(key).reshape(1)]))

    def skip(self, delta):
        """Advance the counter by 256 * delta; returns the state before (RngReadAndSkip)."""
        if self._alg == S.THREEFRY:
            raise errors.op_error(errors.UnimplementedError, "RngReadAndSkip",
                                  "Non-XLA devices don't support the ThreeFry algorithm.",
                                  kernel="RngReadAndSkip")
        self._check_unscoped()
        return EagerTensor(self._read_and_skip(
            jnp.asarray(int(delta) * philox.RESERVED_PER_OUTPUT, jnp.uint64)))

    def _read_and_skip(self, calls):
        """The state's value, the state advanced by `calls` (a uint64) in one step, as
        TF's kernels update the resource under its lock: threads sharing the generator
        draw what one thread would, each number once."""
        var = self._state_var
        with var._handle._lock:
            old = var._value
            var.assign(EagerTensor(_advanced(old, calls)), read_value=False)
        return old

    def _check_unscoped(self):
        """Before a generator made outside any strategy reads its state (in a replica of a
        run, the replicas read it in turn)."""
        if self._strategy is None:
            distribution.check_unscoped_draw(self._state_var)

    def _draw(self, shape):
        """The state for a draw of `shape` (as a uint64 Tensor), the variable advanced."""
        state = self.skip(int(np.prod(shape)))._value.view(jnp.uint64)
        replica = None if self._strategy is None else distribution.replica_id(self._strategy)
        if replica is not None:
            state = _replica_state(state, replica)
        return EagerTensor(state)

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        dtype = dtypes.as_dtype(dtype)
        shape = shape_arg(shape, S.normal_v2.name, dtype)
        mean = convert_to_tensor(mean, dtype=dtype)
        stddev = convert_to_tensor(stddev, dtype=dtype)
        return shift(S.unit(S.normal_v2, self._draw(shape), shape, dtype), mean, stddev)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        dtype = dtypes.as_dtype(dtype)
        shape = shape_arg(shape, S.truncated_normal_v2.name, dtype)
        mean = convert_to_tensor(mean, dtype=dtype)
        stddev = convert_to_tensor(stddev, dtype=dtype)
        rnd = S.unit(S.truncated_normal_v2, self._draw(shape), shape, dtype)
        return shift(rnd, mean, stddev)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both "
                                 f"`None` or both non-`None`; got minval={minval} and "
                                 f"maxval={maxval}")
        elif maxval is None:
            maxval = 1
        if dtype.is_integer and minval is None:
            return self.uniform_full_int(shape, dtype)
        minval = convert_to_tensor(minval, dtype=dtype)
        maxval = convert_to_tensor(maxval, dtype=dtype)
        if dtype.is_integer:
            shape = shape_arg(shape, S.uniform_int_v2.name, dtype)
            return S.uniform_int(self._draw(shape), shape, minval, maxval)
        shape = shape_arg(shape, S.uniform_v2.name, dtype)
        return scale(S.unit(S.uniform_v2, self._draw(shape), shape, dtype), minval, maxval)

    def uniform_full_int(self, shape, dtype=dtypes.uint64, name=None):
        dtype = dtypes.as_dtype(dtype)
        shape = shape_arg(shape, S.full_int_v2.name, dtype)
        return S.full_int(self._draw(shape), shape, dtype)

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None):
        """Generator.binomial: TF's StatefulRandomBinomial kernel on the state (inversion
        below count * p = 10, BTRS above), which then skips its counter by
        256 * (num_batches * 200 * (samples_per_batch + 3) / 4)."""
        dtype = dtypes.as_dtype(dtype)
        counts = convert_to_tensor(counts)
        probs = convert_to_tensor(probs)
        op = _binomial.name
        shape = shape_arg(shape, op, dtype)
        if self._strategy is not None:   # (the state's handle, before the kernel runs)
            distribution.check_binomial(self._state_var)

        def no_kernel():
            return errors.InvalidArgumentError(
                None, None,
                f"No OpKernel was registered to support Op '{op}' used by {{{{node {op}}}}} "
                f"with these attrs: [S=DT_INT32, T=DT_{counts.dtype.name.upper()}, "
                f"dtype=DT_{dtype.name.upper()}]\nRegistered devices: [CPU]\nRegistered "
                f"kernels:\n{S.BINOMIAL_KERNELS}\n\t [[{op}]] [Op:{op}] name: ")
        batch = S.check_binomial(op, shape, counts, probs, dtype, no_kernel)
        if self._alg != S.PHILOX:
            raise op_args.kernel_error(op, f"Unsupported algorithm id: {self._alg}", name="")
        self._check_unscoped()
        old = self._read_and_skip(
            jnp.asarray(random_samplers.binomial_calls(shape, batch), jnp.uint64))
        state = EagerTensor(old.view(jnp.uint64))
        return execute(_binomial, (state, counts, probs), (("shape", shape), ("dtype", dtype._np)))

    def make_seeds(self, count=1):
        keys = self.uniform_full_int([count], dtypes.int64)
        return stack([keys, zeros_like(keys)])

    def split(self, count=1):
        distribution.check_split()
        keys = np.asarray(self.uniform_full_int([count], dtypes.int64)._value)
        return [Generator(state=[0, 0, int(k)], alg=self._alg) for k in keys]


Generator.__module__ = "tensorflow.python.ops.stateful_random_ops"

_global_generator = None


def get_global_generator():
    """tf.random.get_global_generator (made from a non-deterministic state)."""
    global _global_generator
    if _global_generator is None:
        _global_generator = Generator.from_non_deterministic_state()
    return _global_generator


def set_global_generator(generator):
    """tf.random.set_global_generator."""
    global _global_generator
    _global_generator = generator
