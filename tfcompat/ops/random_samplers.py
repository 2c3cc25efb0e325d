"""TF's rejection samplers (gamma, Poisson, binomial) over Philox streams, as pure JAX
functions of a Philox state.

TF's CPU kernels (random_op.cc RandomGamma, stateless_random_gamma_op.cc,
random_poisson_op.cc, random_binomial_op.cc) compute output `i` (in parameter-major
order: i = param_index * samples_per_param + sample_index) from the engine skipped by
`skip * i` calls, drawing doubles two per engine call (UniformDistribution and
NormalDistribution<double>) until a draw is accepted; output i lands at
``sample_index * num_params + param_index``. Here each output is one element of a
vmapped `lax.while_loop` that reads its own stream exactly as TF's loop does, so the
values (and the number of draws) match TF's for any parameters. Like TF's UNIFORM macro
and RandomSampleBuffer, a buffered pair is handed out last element first.
"""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from . import philox, random_distributions as D

_F64 = jnp.float64
_RESERVED = philox.RESERVED_PER_OUTPUT
# A guard against a parameter no draw can satisfy (TF would loop forever; here the
# output is NaN): far beyond the expected number of attempts of every sampler (a few for
# gamma, Hormann's and BTRS, ~rate for Knuth's and the binomial inversion).
_MAX_ATTEMPTS = 1 << 16


# -- a per-output stream of doubles ------------------------------------------------------

def _buffer(pos):
    """An empty pair buffer: (next engine call, pair, values left)."""
    return pos, jnp.zeros(2, _F64), jnp.int32(0)


def _window(state, pos, size, dist):
    """`dist` (D.uniform or D.normal) on the `size` engine calls from `pos`: [size, 2].
    A loop step reads its draws from one window, so XLA compiles Philox once per step."""
    return dist(philox.bits_at(state, pos + jnp.arange(size, dtype=pos.dtype)), np.float64)


def _draw(window, base, pos, buf, left, take):
    """One double from a pair buffer when `take` (else nothing changes), refilled when
    empty from engine call `pos`, found in `window` (the pairs of the calls from
    `base`)."""
    refill = take & (left == 0)
    fresh = window[jnp.clip(pos - base, 0, window.shape[0] - 1).astype(jnp.int32)]
    buf = jnp.where(refill, fresh, buf)
    pos = pos + refill.astype(pos.dtype)
    left = jnp.where(refill, 2, left)
    return buf[left - 1], pos, buf, jnp.where(take, left - 1, left)


def _offsets(num_params, per_param, skip):
    """Engine-call offsets [num_params, per_param] of each output's stream."""
    idx = jnp.arange(num_params * per_param, dtype=jnp.uint64)
    return (idx * jnp.uint64(skip)).reshape(num_params, per_param)


def _layout(values, shape):
    """Outputs [num_params, per_param] in TF's order: the parameters vary fastest."""
    return values.T.reshape(shape)


def cast_out(x, dtype):
    """static_cast<T>(double): Eigen's 16-bit floats convert through float."""
    dtype = np.dtype(dtype)
    if dtype in (np.float16, jnp.bfloat16):
        x = x.astype(jnp.float32)
    return x.astype(dtype)


def _proposal(state, pos, buf, left):
    """The draws of one transformed-rejection step (Hormann's PTRS for Poisson, BTRS for
    binomial): uniforms u - 0.5 and v from one engine call, and us = 0.5 - |u - 0.5|."""
    window, base = _window(state, pos, 1, D.uniform), pos  # one engine call a step
    u, pos, buf, left = _draw(window, base, pos, buf, left, True)
    v, pos, buf, left = _draw(window, base, pos, buf, left, True)
    u = u - 0.5
    return u, 0.5 - jnp.abs(u), v, pos, buf, left


def _loop(step, init, result):
    """Run `step(carry) -> carry` while the carry's `done` flag (its last item) is False;
    the carry's item `result` then, NaN if the attempts ran out."""
    def cond(c):
        return ~c[-1] & (c[0] < _MAX_ATTEMPTS)

    def body(c):
        return (c[0] + 1,) + step(c[1:])
    out = lax.while_loop(cond, body, (jnp.int32(0),) + init)[1:]
    return jnp.where(out[-1], out[result], jnp.nan)


# -- gamma: Marsaglia-Tsang ----------------------------------------------------------------

def _gamma_one(state, offset, alpha, stateless):
    """One Gamma(alpha, 1) draw (double) from the stream at `offset`."""
    if_one = D.uniform(philox.bits_at(state, offset), np.float64)[1]
    exponential = -jnp.log1p(-if_one) if stateless else -jnp.log(1.0 - if_one)
    below_one = alpha < 1
    d = alpha + jnp.where(below_one, 2.0 / 3, -1.0 / 3)
    c = 1.0 / 3 / jnp.sqrt(d)
    npos, nbuf, nleft = _buffer(offset)
    _, ubuf, uleft = _buffer(offset)

    def step(carry):
        pos, nbuf, nleft, ubuf, uleft, _, _ = carry
        base = pos  # a step reads at most three new engine calls
        bits = philox.bits_at(state, pos + jnp.arange(3, dtype=pos.dtype))
        normals, uniforms = D.normal(bits, np.float64), D.uniform(bits, np.float64)
        x, pos, nbuf, nleft = _draw(normals, base, pos, nbuf, nleft, True)
        v = 1 + c * x
        positive = ~(v <= 0)
        v = v * v * v
        u, pos, ubuf, uleft = _draw(uniforms, base, pos, ubuf, uleft, positive)
        accept = positive & ((u < 1 - 0.0331 * (x * x) * (x * x))
                             | (jnp.log(u) < 0.5 * x * x + d * (1 - v + jnp.log(v))))
        b, pos, ubuf, uleft = _draw(uniforms, base, pos, ubuf, uleft, accept & below_one)
        res = d * v * jnp.where(below_one, jnp.power(b, 1 / alpha), 1.0)
        return pos, nbuf, nleft, ubuf, uleft, res, accept

    init = (npos, nbuf, nleft, ubuf, uleft, jnp.zeros((), _F64), alpha == 1)
    res = _loop(step, init, 5)
    return jnp.where(alpha == 1, exponential, res)


def gamma(state, alpha, shape, stateless=False):
    """Gamma(alpha, 1) samples of `shape` (its trailing dimensions those of alpha) in
    alpha's dtype: RandomGamma (stateless=False) or StatelessRandomGammaV3. Computed in
    double, as TF does for every dtype."""
    num = alpha.size
    per = math.prod(shape) // num if num else 0
    a = jnp.broadcast_to(alpha.reshape(-1, 1).astype(_F64), (num, per))
    offsets = _offsets(num, per, _RESERVED)
    one = jax.vmap(jax.vmap(lambda o, x: _gamma_one(state, o, x, stateless)))
    return _layout(cast_out(one(offsets, a), alpha.dtype), shape)


@jax.custom_jvp
def _gamma_sampled(sample, alpha):
    return sample


@_gamma_sampled.defjvp
def _gamma_sampled_jvp(primals, tangents):
    sample, alpha = primals
    _, t_alpha = tangents
    lead = sample.ndim - alpha.ndim
    partial = lax.random_gamma_grad(alpha.reshape((1,) * lead + alpha.shape), sample)
    return sample, partial * t_alpha


def with_alpha_gradient(sample, alpha):
    """`sample` carrying TF's RandomGamma gradient w.r.t. alpha (implicit
    reparameterization, RandomGammaGrad summed over the sample dimensions)."""
    return _gamma_sampled(lax.stop_gradient(sample), alpha)


# -- Poisson: Knuth below rate 10, Hormann's transformed rejection above -------------------

def _highest(dtype):
    dtype = np.dtype(dtype)
    return float(np.finfo(dtype).max if dtype.kind == "f" else np.iinfo(dtype).max)


def _poisson_one(state, offset, rate, highest):
    """One Poisson(rate) draw (double) from the stream at `offset` (PoissonFunctor)."""
    exp_neg_rate = jnp.exp(-rate)
    small = rate < 10

    def knuth(carry):
        pos, buf, left, prod, x, _ = carry
        u, pos, buf, left = _draw(_window(state, pos, 1, D.uniform), pos, pos, buf, left, True)
        prod = prod * u
        done = (prod <= exp_neg_rate) & (x <= highest)
        return pos, buf, left, prod, jnp.where(done, x, x + 1), done

    pos, buf, left = _buffer(offset)
    x = _loop(knuth, (pos, buf, left, jnp.ones((), _F64), jnp.zeros((), _F64), ~small), 4)

    log_rate = jnp.log(rate)
    b = 0.931 + 2.53 * jnp.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2)

    def hormann(carry):
        pos, buf, left, _, _ = carry
        u, us, v, pos, buf, left = _proposal(state, pos, buf, left)
        k = jnp.floor((2 * a / us + b) * u + rate + 0.43)
        fits = ~(k > highest)
        box = fits & (us >= 0.07) & (v <= v_r)
        tested = fits & ~box & ~((k < 0) | ((us < 0.013) & (v > us)))
        s = jnp.log(v * inv_alpha / (a / (us * us) + b))
        t = -rate + k * log_rate - lax.lgamma(k + 1)
        return pos, buf, left, k, box | (tested & (s <= t))

    pos, buf, left = _buffer(offset)
    k = _loop(hormann, (pos, buf, left, jnp.zeros((), _F64), small), 3)
    return jnp.where(small, x, k)


def poisson(state, rate, shape, dtype):
    """Poisson(rate) samples of `shape` (its trailing dimensions those of rate) in
    `dtype`: RandomPoissonV2 and StatelessRandomPoisson (computed in double)."""
    num = rate.size
    per = math.prod(shape) // num if num else 0
    r = jnp.broadcast_to(rate.reshape(-1, 1).astype(_F64), (num, per))
    offsets = _offsets(num, per, _RESERVED)
    highest = _highest(dtype)
    one = jax.vmap(jax.vmap(lambda o, x: _poisson_one(state, o, x, highest)))
    return _layout(cast_out(one(offsets, r), dtype), shape)


# -- binomial: inversion below count * p = 10, BTRS above ------------------------------------

_TAIL = np.array([0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                  0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                  0.00833056343336287])
_INVERSION_SKIP = 42  # TF reserves 42 engine calls per output for the inversion


def _stirling_tail(k):
    kp1sq = (k + 1) * (k + 1)
    formula = (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)
    table = jnp.asarray(_TAIL)[jnp.clip(k, 0, 9).astype(jnp.int32)]
    return jnp.where(k <= 9, table, formula)


def _inversion(state, offset, count, prob, active):
    """binomial_inversion: geometric draws summed until they pass `count`."""
    log_q = jnp.log1p(-prob)

    def step(carry):
        pos, buf, left, total, n, _ = carry
        u, pos, buf, left = _draw(_window(state, pos, 1, D.uniform), pos, pos, buf, left, True)
        total = total + jnp.ceil(jnp.log(u) / log_q)
        done = total > count
        return pos, buf, left, total, jnp.where(done, n, n + 1), done

    pos, buf, left = _buffer(offset)
    zero = jnp.zeros((), _F64)
    return _loop(step, (pos, buf, left, zero, zero, ~active), 4)


def _btrs(state, offset, count, prob, active):
    """Hormann's BTRS, as random_binomial_op.cc writes it."""
    stddev = jnp.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = jnp.floor((count + 1) * prob)

    def step(carry):
        pos, buf, left, _, _ = carry
        u, us, v, pos, buf, left = _proposal(state, pos, buf, left)
        k = jnp.floor((2 * a / us + b) * u + c)
        box = (us >= 0.07) & (v <= v_r)
        tested = ~box & ~((k < 0) | (k > count))
        v = jnp.log(v * alpha / (a / (us * us) + b))
        bound = ((m + 0.5) * jnp.log((m + 1) / (r * (count - m + 1)))
                 + (count + 1) * jnp.log((count - m + 1) / (count - k + 1))
                 + (k + 0.5) * jnp.log(r * (count - k + 1) / (k + 1))
                 + _stirling_tail(m) + _stirling_tail(count - m)
                 - _stirling_tail(k) - _stirling_tail(count - k))
        return pos, buf, left, k, box | (tested & (v <= bound))

    pos, buf, left = _buffer(offset)
    return _loop(step, (pos, buf, left, jnp.zeros((), _F64), ~active), 3)


def _binomial_one(state, index, count, prob):
    """One draw for output `index` (RandomBinomialFunctor): count and prob in their
    dtype T, the method chosen in T as TF does."""
    one, ten = jnp.ones((), prob.dtype), jnp.asarray(10, prob.dtype)
    q = one - prob
    flip = prob > 0.5
    p_or_q = jnp.where(flip, q, prob)
    dcount, dp = count.astype(_F64), p_or_q.astype(_F64)
    trivial = (dcount <= 0) | (prob <= 0) | (prob >= one) | jnp.isnan(prob)
    use_btrs = ~trivial & (count * p_or_q >= ten)
    use_inv = ~trivial & ~use_btrs
    index = index.astype(jnp.uint64)
    k = jnp.where(use_btrs,
                  _btrs(state, index * jnp.uint64(_RESERVED), dcount, dp, use_btrs),
                  _inversion(state, index * jnp.uint64(_INVERSION_SKIP), dcount, dp, use_inv))
    k = jnp.where(flip, dcount - k, k)
    fixed = jnp.where(jnp.isnan(prob), jnp.nan,
                      jnp.where((dcount <= 0) | (prob <= 0), 0.0, dcount))
    return jnp.where(trivial, fixed, k)


def binomial(state, counts, probs, shape, dtype):
    """Binomial(counts, probs) samples of `shape` (ending with the broadcast shape of
    counts and probs) in `dtype`: StatelessRandomBinomial / StatefulRandomBinomial."""
    batch = jnp.broadcast_shapes(counts.shape, probs.shape)
    num = math.prod(batch)
    per = math.prod(shape) // num if num else 0
    c = jnp.broadcast_to(counts, batch).reshape(-1, 1)
    p = jnp.broadcast_to(probs, batch).reshape(-1, 1)
    idx = jnp.arange(num * per, dtype=jnp.int64).reshape(num, per)
    one = jax.vmap(jax.vmap(lambda i, n, q: _binomial_one(state, i, n, q),
                            in_axes=(0, None, None)))
    return _layout(cast_out(one(idx, c[:, 0], p[:, 0]), dtype), shape)


def binomial_calls(shape, batch_shape):
    """The engine calls StatefulRandomBinomial skips its state by (its "outputs"
    num_batches * 200 * (samples_per_batch + 3) / 4, 256 calls each)."""
    num = math.prod(batch_shape)
    per = math.prod(shape[:len(shape) - len(batch_shape)])
    return num * 2 * 100 * (per + 3) // 4 * _RESERVED
