"""tf.random's candidate samplers (uniform, log_uniform, learned_unigram, fixed_unigram,
all) and tf.nn.compute_accidental_hits, with TF's kernels' streams
(core/kernels/candidate_sampler_ops.cc, range_sampler.cc).

Each call of a sampler kernel reserves 2048 * num_sampled uint32 samples of its Philox
stream (GuardedPhiloxRandom, seeded as a stateful random op is) and draws from them
through SimplePhilox: Uniform64 / Uniform (exact rejection sampling), RandDouble,
RandFloat. With `unique` the values already picked are drawn again until num_sampled
distinct ones are found, and the expected counts are then 1 - (1 - p)^tries. The
learned unigram sampler runs eagerly only; inside a tf.function compute_accidental_hits
makes the calls run eagerly (see each).
"""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx
from ..framework.dispatch import execute
from ..framework.tensor import EagerTensor
from . import op_args, philox, random_seed
from .random_distributions import unit_double, unit_float
from .random_ops import kernel

__all__ = ["all_candidate_sampler", "compute_accidental_hits",
           "fixed_unigram_candidate_sampler", "learned_unigram_candidate_sampler",
           "log_uniform_candidate_sampler", "uniform_candidate_sampler"]

_U32, _U64 = jnp.uint32, jnp.uint64
_FIELDS = ["sampled_candidates", "true_expected_count", "sampled_expected_count"]
_GEN = "tensorflow.python.ops.gen_candidate_sampling_ops"
_OUTPUTS = {name: collections.namedtuple(name, _FIELDS, module=_GEN) for name in (
    "UniformCandidateSampler", "LogUniformCandidateSampler", "AllCandidateSampler",
    "LearnedUnigramCandidateSampler", "FixedUnigramCandidateSampler")}
_AccidentalHits = collections.namedtuple("ComputeAccidentalHits", ["indices", "ids", "weights"],
                                         module=_GEN)
_INT32_MAX = 2 ** 31 - 1


# -- SimplePhilox on a reserved stream --------------------------------------------------

def _rand32(state, k):
    """Sample `k` (uint64) of the uint32 stream from `state` (SingleSampleAdapter)."""
    return philox.bits_at(state, (k >> _U64(2))[None])[0][(k & _U64(3)).astype(jnp.int32)]


def _rand64(state, k):
    """SimplePhilox::Rand64: lo | hi << 32."""
    return _rand32(state, k).astype(_U64) | (_rand32(state, k + _U64(1)).astype(_U64)
                                            << _U64(32))


def _exact_uniform(state, k, n, wide):
    """ExactUniformInt over Rand64 (`wide`) or Rand32: an integer in [0, n) by rejection;
    returns (value, next sample index)."""
    rand, step, dtype = (_rand64, 2, _U64) if wide else (_rand32, 1, _U32)
    n = jnp.asarray(n, dtype)
    power_of_two = (n & (n - dtype(1))) == 0
    rem = jnp.where(power_of_two, dtype(0), (~dtype(0)) % n + dtype(1))
    k, r = lax.while_loop(lambda c: c[1] < rem,
                          lambda c: (c[0] + _U64(step), rand(state, c[0])),
                          (k + _U64(step), rand(state, k)))
    return jnp.where(power_of_two, r & (n - dtype(1)), r % n).astype(jnp.int64), k


def _uniform_draw(range_max):
    return lambda state, k, table: _exact_uniform(state, k, range_max, True)


def _uniform_prob(range_max):
    return lambda values, table: jnp.full(values.shape, np.float32(1.0 / range_max))


def _log_uniform_draw(range_max):
    log_range = np.log1p(np.float64(range_max))

    def draw(state, k, table):
        d = unit_double(_rand32(state, k), _rand32(state, k + _U64(1)))
        value = jnp.exp(d * log_range).astype(jnp.int64) - 1
        return value % range_max, k + _U64(2)
    return draw


def _log_uniform_prob(range_max):
    log_range = np.log1p(np.float64(range_max))
    return lambda values, table: (jnp.log((values + 2.0) / (values + 1.0)) /
                                  log_range).astype(jnp.float32)


def _unigram_draw(range_max):
    """WeightedPicker::Pick over the learned counts `table` (int32 [range_max])."""
    def draw(state, k, table):
        at, k = _exact_uniform(state, k, jnp.sum(table).astype(_U32), False)
        return jnp.searchsorted(jnp.cumsum(table), at, side="right").astype(jnp.int64), k
    return draw


def _unigram_prob(range_max):
    return lambda values, table: (table[values].astype(jnp.float32) /
                                  jnp.sum(table).astype(jnp.float32))


def _fixed_draw(range_max):
    """DistributionSampler::Sample (Walker's alias table `table`: weights, prob, alt)."""
    def draw(state, k, table):
        _, prob, alt, _ = table
        r = unit_float(_rand32(state, k), jnp.float32)
        idx, k = _exact_uniform(state, k + _U64(1), prob.shape[0], False)
        return jnp.where(r < prob[idx], idx, alt[idx].astype(jnp.int64)), k
    return draw


def _fixed_prob(range_max):
    return lambda values, table: table[0][values] / table[3]


_SAMPLERS = {"UniformCandidateSampler": (_uniform_draw, _uniform_prob),
             "LogUniformCandidateSampler": (_log_uniform_draw, _log_uniform_prob),
             "LearnedUnigramCandidateSampler": (_unigram_draw, _unigram_prob),
             "FixedUnigramCandidateSampler": (_fixed_draw, _fixed_prob)}


def _expected(p, batch_size, tries):
    """ExpectedCountHelper: with unique sampling and repeated draws, 1 - (1 - p)^tries
    in TF's float math (log1p, the product and expm1 each rounded to float32). log1p and
    expm1 are computed in double and rounded, as glibc's correctly rounded float
    functions (2.41 on) give them; an older glibc's can differ in the last bit."""
    log_q = jnp.log1p(-p.astype(jnp.float64)).astype(jnp.float32)
    x = (tries.astype(jnp.float32) * log_q).astype(jnp.float64)
    return jnp.where(tries == batch_size, p * np.float32(batch_size),
                     -jnp.expm1(x).astype(jnp.float32))


def _sample_fn(name):
    def fn(state, true_classes, *table, num_sampled, unique, range_max):
        table = table[0] if len(table) == 1 else table
        if name == "AllCandidateSampler":
            return (jnp.arange(num_sampled, dtype=jnp.int64),
                    jnp.ones(true_classes.shape, jnp.float32),
                    jnp.ones((num_sampled,), jnp.float32))
        make_draw, make_prob = _SAMPLERS[name]
        draw, prob = make_draw(range_max), make_prob(range_max)
        batch = jnp.zeros((num_sampled,), jnp.int64)
        positions = jnp.arange(num_sampled)
        if unique:
            def body(c):
                k, picked, tries, batch = c
                value, k = draw(state, k, table)
                new = ~jnp.any((batch == value) & (positions < picked))
                batch = jnp.where(new & (positions == picked), value, batch)
                return k, picked + new.astype(jnp.int32), tries + 1, batch
            _, _, tries, batch = lax.while_loop(
                lambda c: c[1] < num_sampled, body,
                (_U64(0), jnp.int32(0), jnp.int32(0), batch))
        else:
            def step(k, _):
                value, k = draw(state, k, table)
                return k, value
            _, batch = lax.scan(step, _U64(0), None, length=num_sampled)
            tries = jnp.int32(num_sampled)
        return (batch, _expected(prob(true_classes, table), num_sampled, tries),
                _expected(prob(batch, table), num_sampled, tries))
    return fn


_OPS = {name: kernel(name, _sample_fn(name)) for name in _OUTPUTS}


def _check_true_classes(op_name, true_classes, num_true, range_max):
    if true_classes.shape.rank != 2:
        raise op_args.kernel_error(op_name, "true_classes must be a matrix", name="")
    if true_classes.shape[1] != num_true:
        raise op_args.kernel_error(op_name, f"true_classes must have num_true columns, "
                                            f"expected: {true_classes.shape[1]} was: "
                                            f"{num_true}", name="")
    if isinstance(true_classes._value, jax.core.Tracer):
        return
    for c in np.asarray(true_classes._value).reshape(-1):
        if not 0 <= c < range_max:
            raise op_args.kernel_error(op_name, f"`true_candidate` out of range [0, "
                                                f"{range_max}), received {c}", name="")


def _run(op_name, true_classes, num_true, num_sampled, unique, range_max, seeds,
         table=(), kernel_attrs=()):
    """Run sampler kernel `op_name`: TF caches one per attributes (seeds included)."""
    true_classes = convert_to_tensor(true_classes, dtypes.int64)
    num_true, num_sampled, unique = int(num_true), int(num_sampled), bool(unique)
    _check_true_classes(op_name, true_classes, num_true, range_max)
    if unique and num_sampled > range_max:
        raise op_args.kernel_error(op_name, "Sampler's range is too small.", name="")
    attrs = (("num_sampled", num_sampled), ("unique", unique), ("range_max", range_max))
    state = random_seed.reserve((op_name, num_true) + attrs + kernel_attrs, *seeds,
                                (2048 * num_sampled + 3) // 4)
    tables = [EagerTensor(jnp.asarray(t)) for t in
              (table if isinstance(table, tuple) else (table,))]
    out = execute(_OPS[op_name], (EagerTensor(jnp.asarray(state)), true_classes, *tables),
                  attrs)
    return _OUTPUTS[op_name](*out)


def _check_range(op_name, range_max):
    """range_max, with TF's error for its attribute minimum."""
    range_max = int(range_max)
    if range_max < 1:
        raise op_def.attr_value_error(op_name, "range_max", range_max, "")
    return range_max


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                              seed=None, name=None):
    """tf.random.uniform_candidate_sampler."""
    return _run("UniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                _check_range("UniformCandidateSampler", range_max), random_seed.get_seed(seed))


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                  seed=None, name=None):
    """tf.random.log_uniform_candidate_sampler (Zipfian)."""
    return _run("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                _check_range("LogUniformCandidateSampler", range_max),
                random_seed.get_seed(seed))


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """tf.random.all_candidate_sampler: all classes 0..num_sampled-1."""
    return _run("AllCandidateSampler", true_classes, num_true, num_sampled, unique,
                int(num_sampled), random_seed.get_seed(seed))


_learned = {}   # kernel key -> learned counts (int64 [range_max]) of eager kernels


def learned_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique,
                                      range_max, seed=None, name=None):
    """tf.random.learned_unigram_candidate_sampler: draws from the counts of the true
    classes its kernel has seen (each starting at 1), which each call then updates. The
    counts are state of the eager kernel (restarted by tf.random.set_seed, as TF's
    kernel cache is); tfcompat does not carry them through a tf.function."""
    op_name = "LearnedUnigramCandidateSampler"
    range_max = _check_range(op_name, range_max)
    if range_max >= _INT32_MAX:
        raise op_args.kernel_error(op_name, f"range_max must be less than {_INT32_MAX} "
                                            f"for unigram samplers, got {range_max}", name="")
    if ctx.traces:
        raise NotImplementedError(
            "tfcompat's tf.random.learned_unigram_candidate_sampler runs eagerly only: the "
            "counts its kernel learns are state that tfcompat's tf.function does not "
            "carry.")
    seeds = random_seed.get_seed(seed)
    key = (int(num_true), int(num_sampled), bool(unique), range_max, seeds,
           random_seed.generation())
    counts = _learned.setdefault(key, np.ones(range_max, np.int64))
    out = _run(op_name, true_classes, num_true, num_sampled, unique, range_max, seeds,
               counts.astype(np.int32))
    for value in np.asarray(convert_to_tensor(true_classes, dtypes.int64)).reshape(-1):
        if counts.sum() >= _INT32_MAX:
            break
        counts[value] += 1
    return out


def _unigram_weights(op_name, range_max, vocab_file, distortion, num_reserved_ids,
                     num_shards, shard, unigrams):
    """FixedUnigramSampler's weights (float32; the reserved ids 0) of this shard."""
    if not vocab_file and not len(unigrams):
        raise op_args.kernel_error(op_name, "Must provide either vocab_file or unigrams.",
                                   name="")
    if vocab_file and len(unigrams):
        raise op_args.kernel_error(op_name, "Must only provide one of vocab_file and "
                                            "unigrams.", name="")
    weights = [np.float32(0)] * sum(1 for i in range(num_reserved_ids)
                                    if i % num_shards == shard)
    if vocab_file:
        with open(vocab_file, encoding="utf-8") as f:
            lines = [line.rstrip("\n") for line in f]
        values = []
        for line in lines:
            try:
                values.append(float(line.split(",")[-1]))
            except ValueError:
                raise op_args.kernel_error(op_name, f"Wrong vocabulary format at line: "
                                                    f"{line}", name="") from None
    else:
        values = list(unigrams)
    word_id = len(weights)   # (as TF counts: this shard's reserved ids only)
    for w in values:
        if word_id % num_shards == shard:
            weights.append(np.float32(float(np.float32(w)) ** float(np.float32(distortion))))
        word_id += 1
    if len(weights) != range_max:
        raise op_args.kernel_error(op_name, f"range is {range_max} must be equal to weights "
                                            f"size  {len(weights)}")
    return np.array(weights, np.float32)


def _alias_table(weights):
    """DistributionSampler's Walker alias table (prob float32, alt int32), built in
    double as TF builds it."""
    n = len(weights)
    total = 0.0
    for w in weights:
        total += float(w)
    pr = [float(np.float32(w) * np.float32(n)) / total for w in weights]
    alt = [-1] * n
    low = [i for i in range(n) if pr[i] < 1.0]
    high = [i for i in range(n) if pr[i] >= 1.0]
    while high and low:
        small, big = low.pop(), high.pop()
        alt[small] = big
        pr[big] = pr[big] - (1.0 - pr[small])
        (low if pr[big] < 1.0 else high).append(big)
    for i in high + low:
        pr[i], alt[i] = 1.0, i
    return np.array(pr, np.float32), np.array(alt, np.int32)


def fixed_unigram_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                    vocab_file="", distortion=1.0, num_reserved_ids=0,
                                    num_shards=1, shard=0, unigrams=(), seed=None, name=None):
    """tf.random.fixed_unigram_candidate_sampler: the unigram distribution of `unigrams`
    or of the last column of `vocab_file` (raised to `distortion`), of one shard."""
    op_name = "FixedUnigramCandidateSampler"
    range_max = _check_range(op_name, range_max)
    weights = _unigram_weights(op_name, range_max, vocab_file, float(distortion),
                               int(num_reserved_ids), int(num_shards), int(shard),
                               [float(u) for u in unigrams])
    prob, alt = _alias_table(weights)
    total = np.float32(0)
    for w in weights:   # (TF's float total)
        total = np.float32(total + w)
    return _run(op_name, true_classes, num_true, num_sampled, unique, range_max,
                random_seed.get_seed(seed), (weights, prob, alt, total),
                (vocab_file, float(distortion), int(num_reserved_ids), int(num_shards),
                 int(shard), tuple(float(u) for u in unigrams)))


def compute_accidental_hits(true_classes, sampled_candidates, num_true, seed=None,
                            name=None):
    """tf.nn.compute_accidental_hits: (row, position in `sampled_candidates` (the last
    one of a repeated value), -FLT_MAX) for each true class that was sampled. Its output
    size depends on the values: inside a tf.function its calls run eagerly (XLA has static
    shapes)."""
    true_classes = convert_to_tensor(true_classes, dtypes.int64)
    sampled = convert_to_tensor(sampled_candidates, dtypes.int64)
    num_true = int(num_true)
    if true_classes.shape.rank != 2 or true_classes.shape[1] != num_true:
        raise op_args.kernel_error("ComputeAccidentalHits", "true_candidates must be a "
                                   "batch_size * num_true matrix", name="")
    if sampled.shape.rank != 1:
        raise op_args.kernel_error("ComputeAccidentalHits", "sampled_candidates must be a "
                                   "vector, which is typically an output from "
                                   "CandidateSampler", name="")
    random_seed.get_seed(seed)   # (TF's op has seed attributes, unused: drawn all the same)
    if ctx.traces:   # (its output size depends on the values: the calls run eagerly)
        raise op_args.dynamic_shape_error("tf.nn.compute_accidental_hits",
                                          "true_classes and sampled_candidates")
    pos = {int(v): i for i, v in enumerate(np.asarray(sampled._value))}
    hits = [(i, pos[int(c)]) for i, row in enumerate(np.asarray(true_classes._value))
            for c in row if int(c) in pos]
    return _AccidentalHits(
        EagerTensor(jnp.asarray(np.array([h[0] for h in hits], np.int32))),
        EagerTensor(jnp.asarray(np.array([h[1] for h in hits], np.int64))),
        EagerTensor(jnp.asarray(np.full(len(hits), -np.finfo(np.float32).max, np.float32))))
