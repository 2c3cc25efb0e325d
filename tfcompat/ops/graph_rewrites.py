"""TF's graph optimizer (grappler's arithmetic optimizer) inside a tf.function, emulated
so that values are those TF's rewritten graph computes (its eager values differ in the
last bits):

- Log(Add(x, c)) -> Log1p(x) (ConvertLog1pStage) and Sub(Exp(x), c) -> Expm1(x)
  (ConvertExpm1Stage), for c a constant of ones that does not broadcast x;
- Pow(x, c) for c a constant of equal elements 2, 3, 1, 0.5, -0.5, -1 -> Square(x),
  x * Square(x), x, Sqrt(x), Rsqrt(x), Reciprocal(x) (ConvertPowStage; x^3 as on CPU),
  with pow(x, c - 1) in its gradient rewritten alike;
- x / Sqrt(y) -> x * Rsqrt(y) (SqrtDivToRsqrtMulStage) and Log(Softmax(x)) ->
  LogSoftmax(x) (LogSoftmaxStage), for real floats, where the Sqrt (Softmax) has no other
  consumer: decided when the trace's graph is complete (framework/graph_consumers.py; a
  gradient taken in the function consumes it too). Deliberately only for float64
  divisions: TF's float32 Rsqrt is the CPU's approximate rsqrt refined by a Newton step
  (tfcompat's agrees on about 85% of values), so a float32 x / Sqrt(y) stays a division.

A gradient is TF's gradient of the ops as written (TF builds it before grappler runs).
What a constant is: `Trace.constants`. tf.data functions are rewritten too (unlike a
division by a constant: constant folding's). Add chains -> AddN and constants pushed
down through chains are not emulated."""
import functools

import jax
import numpy as np
from jax.interpreters import ad, batching, mlir

from ..framework import dtypes
from ..framework.context import current_trace
from ..framework.dispatch import Op, execute, execute_rewritten
from ..framework.graph_consumers import Deferred
from .arithmetic_ops import (
    _CONVERTED_POWERS, _multiply, _pow_op, _realdiv_op, _rsqrt_value, subtract,
)
from .math_common import GRAPH_REWRITES
from .nn_ops import log_softmax
from .unary_ops import expm1, log, log1p


def _valued_as(value, original, n, original_jvp=None, differentiated=None):
    """An Op's (fn, jvp_fn): f(*originals, *others) is value(*others) (which may read the
    originals), differentiated as original(*originals) (the op's own inputs: its tape
    connects those only); `original_jvp`: what forward mode differentiates instead;
    `differentiated()` is called when a derivative is traced."""
    fn = jax.custom_vjp(value)

    def forward(*args):
        _, pullback = jax.vjp(original, *args[:n])
        return value(*args), (pullback, args[n:])

    def backward(res, g):
        pullback, others = res
        if differentiated is not None:
            differentiated()
        return tuple(pullback(g)) + tuple(jax.numpy.zeros_like(a) for a in others)
    fn.defvjp(forward, backward)

    tangent_fn = jax.custom_jvp(value)

    @tangent_fn.defjvp
    def tangent(primals, tangents):
        if differentiated is not None:
            differentiated()
        return value(*primals), jax.jvp(original_jvp or original, primals[:n],
                                        tangents[:n])[1]
    return fn, tangent_fn


def _only(*inputs):
    return lambda arrays, attrs: (inputs,)


def _op(name, value, original, n, original_jvp=None):
    fn, jvp_fn = _valued_as(value, original, n, original_jvp)
    return Op(name, fn, jvp_fn=jvp_fn, dependencies=_only(*range(n)))


def _deferred_op(name, value, original, n, original_jvp=None):
    """_op whose `value` takes the attr `deferred` (a Deferred): the original op's
    gradient in the graph consumes its inputs, which vetoes the rewrite."""
    def fn(*args, deferred):
        return _valued_as(functools.partial(value, deferred=deferred), original, n,
                          differentiated=deferred.veto)[0](*args)

    def jvp_fn(*args, deferred):
        return _valued_as(functools.partial(value, deferred=deferred), original, n,
                          original_jvp, deferred.veto)[1](*args)
    return Op(name, fn, jvp_fn=jvp_fn, dependencies=_only(*range(n)))


_log_of_sum_op = _op("Log", lambda y, x: log1p.op.fn(x), log.op.fn, 1)
_exp_minus_one_op = _op("Sub", lambda e, c, x: expm1.op.fn(x), subtract.op.fn, 2)


# -- rewrites decided when the trace's graph is complete ------------------------------------

_choice_p = jax.extend.core.Primitive("grappler_rewrite")


def _chosen(original, rewritten, *, deferred):
    return rewritten if deferred.applies else original


_choice_p.def_impl(_chosen)
_choice_p.def_abstract_eval(lambda original, rewritten, *, deferred: original)
mlir.register_lowering(_choice_p, mlir.lower_fun(_chosen, multiple_results=False))


def _choice_batched(args, dims, *, deferred):
    size = next(a.shape[d] for a, d in zip(args, dims) if d is not None)
    return _choice_p.bind(*(batching.bdim_at_front(a, d, size) for a, d in zip(args, dims)),
                          deferred=deferred), 0


batching.primitive_batchers[_choice_p] = _choice_batched
# Differentiated as its original operand (as TF differentiates the ops as written).
ad.primitive_jvps[_choice_p] = lambda primals, tangents, *, deferred: (
    _choice_p.bind(*primals, deferred=deferred), tangents[0])


def _divided(x, s, y, deferred):
    return _choice_p.bind(_realdiv_op.fn(x, s), _multiply(x, _rsqrt_value(y)),
                          deferred=deferred)


def _logged(s, x, deferred):
    return _choice_p.bind(log.op.fn(s), log_softmax.op.fn(x, axis=-1), deferred=deferred)


_sqrt_div_op = _deferred_op("RealDiv", _divided, _realdiv_op.fn, 2, _realdiv_op.jvp_fn)
_log_softmax_op = _deferred_op("Log", _logged, log.op.fn, 1)


def _deferred(trace, tensor):
    """A Deferred on `tensor`'s node where the graph being recorded made it (one from
    an enclosing graph reaches a branch through a Switch or Enter node), else None."""
    graph = trace.graph
    ref = graph.lookup(tensor) if graph is not None else None
    if ref is None or ref[1] or not ref[0].startswith(graph.prefix):
        return None
    return Deferred(graph, ref[0])


def _sqrt_div(op, x, s):
    trace = current_trace()
    made = trace.producer(s)
    if not made or made[0].name != "Sqrt" or x.dtype is not dtypes.float64:
        return None
    deferred = _deferred(trace, s)
    return deferred and execute_rewritten(op, (x, s), _sqrt_div_op, (x, s, made[2][0]),
                                          (("deferred", deferred),))


# -- rewrites decided when the op is traced -----------------------------------------------

def _keeps_shape(shape, other):
    """Whether broadcasting `shape` with the (defined) `other` gives `shape` (grappler's
    ShapesSymbolicallyEqual of the broadcast shape)."""
    if shape.rank is None or other.rank > shape.rank:
        return False
    return all(k == 1 or k == d for k, d in zip(reversed(other.as_list()),
                                                 reversed(shape.as_list())))


def _ones(trace, c, x):
    """Whether `c` is a float or complex constant of ones that does not broadcast `x`."""
    value = trace.constant_value(c._value) if c.dtype.is_floating or c.dtype.is_complex \
        else None
    return value is not None and bool(np.all(value == 1)) and _keeps_shape(x.shape, c.shape)


def _log(op, y):
    trace = current_trace()
    made = trace.producer(y)
    if not made:
        return None
    if made[0].name in ("AddV2", "Add"):
        a, b = made[2]
        for x, c in ((a, b), (b, a)):
            if _ones(trace, c, x):
                return execute_rewritten(op, (y,), _log_of_sum_op, (y, x))
    elif made[0].name == "Softmax" and made[1] == (("axis", -1),) and y.dtype.is_floating:
        deferred = _deferred(trace, y)
        return deferred and execute_rewritten(op, (y,), _log_softmax_op, (y, made[2][0]),
                                              (("deferred", deferred),))
    return None


def _expm1(op, e, c):
    trace = current_trace()
    made = trace.producer(e)
    if not made or made[0].name != "Exp" or not _ones(trace, c, e):
        return None
    return execute_rewritten(op, (e, c), _exp_minus_one_op, (e, c, made[2][0]))


def _pow(op, x, y):
    trace = current_trace()
    values = trace.constant_value(y._value)
    if values is None or trace.is_constant(x._value) or \
            not (x.dtype.is_floating or x.dtype.is_complex) or \
            not _keeps_shape(x.shape, y.shape):
        return None
    values = values.ravel()
    if not values.size or not np.all(values == values[0]) or np.imag(values[0]) or \
            float(np.real(values[0])) not in _CONVERTED_POWERS:
        return None
    return execute(op, (x, y), (("converted", float(np.real(values[0]))),))


GRAPH_REWRITES.update({log.op: _log, subtract.op: _expm1, _pow_op: _pow,
                       _realdiv_op: _sqrt_div})
