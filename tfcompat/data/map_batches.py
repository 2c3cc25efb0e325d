"""``map(f).batch(n)`` as one call of ``f`` per batch: TF's map-and-batch fusion with
the map vectorized (``jax.vmap`` of the function's trace), where that gives the
element-wise pipeline's results bit for bit.

A map is vectorized when its function traced (not run eagerly) for fully defined input
shapes without strings, reads no iterator, draws no stateful random numbers, assigns no
Variable (those it reads are passed whole), calls the host for nothing (tf.print,
py_function), returns only dense tensors, and its trace holds only operations whose
batched form computes each element as the element-wise program does: element-wise
arithmetic, comparisons and casts, shape operations, gathers, and the order-free
reductions (max, min, and/or, argmax/argmin), and float sums short enough that TF's
order is written out as adds (ops/eigen_reduce.py). Longer sums, products, matrix
products, convolutions, scans and sorting are left element-wise (XLA may order their
arithmetic differently once batched). Small values the elements share (constants, Variables) are
copied per element, since XLA rewrites a division of a batch by one shared value as a
multiplication by its reciprocal (one ulp off); division, remainder and pow by a large
shared value stay element-wise. So is a batch on which one of the function's checks
(tf.debugging asserts, an op's run-time checks such as gather's indices) fails, so that
the failing element raises TF's error in its place.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import ClosedJaxpr, Jaxpr, Var

from ..framework import nest
from ..framework.tensor import Tensor
from ..framework.tensor_spec import TensorSpec
from ..polymorphic_function import deferred_checks
from ..polymorphic_function.concrete_function import ConcreteFunction

_EXACT = frozenset((
    "abs", "acos", "acosh", "add", "and", "asin", "asinh", "atan", "atan2", "atanh", "cbrt",
    "ceil", "clamp", "conj", "convert_element_type", "copy", "copy_p", "cos", "cosh", "eq",
    "erf", "erf_inv", "erfc", "exp", "exp2", "expm1", "floor", "ge", "gt", "imag",
    "integer_pow", "is_finite", "le", "log", "log1p", "logistic", "lt", "max", "min", "mul",
    "ne", "neg", "nextafter", "not", "or", "real", "round", "rsqrt", "select_n", "shift_left",
    "shift_right_arithmetic", "shift_right_logical", "sign", "sin", "sinh", "sqrt", "square",
    "stop_gradient", "sub", "tan", "tanh", "xor", "population_count", "clz",
    "broadcast_in_dim", "tfcompat_broadcast", "bitcast_convert_type", "concatenate",
    "dynamic_slice", "dynamic_update_slice", "expand_dims",
    "gather", "iota", "pad", "reshape", "rev", "slice", "squeeze", "transpose",
    "reduce_max", "reduce_min", "reduce_and", "reduce_or", "argmax", "argmin",
    "optimization_barrier", "pjit", "jit", "closed_call", "custom_jvp_call", "custom_vjp_call",
    "remat", "checkpoint"))
_COPIED = 4096   # (elements: shared values up to this size are copied per element)
# Exact batched unless their second operand is the same for the whole batch and the first
# is not (XLA then divides by multiplying with the reciprocal).
_BY_ELEMENT = frozenset(("div", "rem", "pow"))


def _exact(jaxpr, batched):
    """Whether every operation of `jaxpr` (and of the jaxprs it calls) computes each element
    as the element-wise program does, its inputs batched where `batched` says (None:
    unknown, so no division whose divisor may be shared)."""
    if jaxpr.effects:
        return False
    flags = {} if batched is None else dict(zip(jaxpr.invars, batched))

    def of(v):
        if batched is None:
            return True
        return isinstance(v, Var) and flags.get(v, False)   # (a literal is shared)
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        ins = [of(v) for v in eqn.invars]
        if name in _BY_ELEMENT:
            if batched is None or (ins[0] and not ins[1]):
                return False
        elif name not in _EXACT:
            return False
        for param in eqn.params.values():
            for sub in param if isinstance(param, (list, tuple)) else (param,):
                inner = sub.jaxpr if isinstance(sub, ClosedJaxpr) else sub
                if isinstance(inner, Jaxpr) and not _exact(
                        inner, ins if len(inner.invars) == len(ins) and batched is not None
                        else None):
                    return False
        for v in eqn.outvars:
            flags[v] = any(ins)
    return True


def _vectorized(fn):
    """The batched program of StructuredFunction `fn` (flat batch arrays -> flat batched
    outputs, or None when one of the function's checks fails on the batch), or None where
    the map runs element by element."""
    if fn._call is not fn._fn:   # (run eagerly)
        return None
    specs = nest.flatten(fn._input_spec)
    if not all(type(s) is TensorSpec and s.shape.is_fully_defined() and
               s.dtype.name != "string" for s in specs):
        return None
    concrete = fn._fn.get_concrete_function(*fn._args(fn._input_spec))
    if not isinstance(concrete, ConcreteFunction):   # (traced per shape)
        return None
    whole = list(concrete._const_values) + [v._value for v in concrete._variables]
    # The small values the elements share are given to each element (their copies hidden
    # from XLA's simplifier), so that a division by one divides element by element.
    copied = [np.size(w) <= _COPIED for w in whole]
    if concrete._polymorphic or concrete._strings or concrete._reads or \
            concrete._random_states or concrete._random_finals or concrete._assigned or \
            not all(isinstance(x, Tensor) for x in nest.flatten(concrete._result)) or \
            not _exact(concrete._run_jaxpr, copied + [True] * len(specs)):
        return None
    mapped = jax.vmap(concrete._run_fn, in_axes=tuple(0 if c else None for c in copied) +
                      (0,) * len(specs))

    @jax.jit
    def batched(whole, flat_batch):
        n = flat_batch[0].shape[0]
        per_element = jax.lax.optimization_barrier(
            [jnp.broadcast_to(w, (n,) + w.shape) for w, c in zip(whole, copied) if c])
        it = iter(per_element)
        return mapped(*[next(it) if c else w for w, c in zip(whole, copied)], *flat_batch)
    n_out, n_deferred = concrete._n_out, concrete._n_deferred
    oks = concrete.check_flags()

    def run(flat_batch):
        outs = batched(list(concrete._const_values) + [v._value for v in concrete._variables],
                       list(flat_batch))
        if not all(np.all(np.asarray(outs[i])) for i in oks) or (n_deferred and (
                deferred_checks.run_checks(concrete._deferred, outs[-n_deferred:])
                is not None)):
            return None   # (element by element: the failing element raises)
        return [np.asarray(o) for o in outs[:n_out]]
    return run


def vectorized_batches(map_dataset, size, drop_remainder, skip=0):
    """The flat batches of `size` mapped elements of `map_dataset` (a map's dataset, the
    input of a batch) after its first `skip` elements, one vectorized call per batch; None
    where the map is not vectorized."""
    from .row_batches import dense_batches   # (they import this module's importer)
    from .transformations import _batches
    fn = map_dataset._fn
    if not hasattr(fn, "_batched_run"):   # (decided once per map)
        fn._batched_run = _vectorized(fn)
    run = fn._batched_run
    if run is None:
        return None
    source = map_dataset._input
    inputs = dense_batches(source, size, drop_remainder, skip)
    if inputs is None:
        inputs = ([np.stack([np.asarray(e[i]) for e in batch]) for i in range(len(batch[0]))]
                  for batch in _batches(source._iter_flat_from(skip), size, drop_remainder))
    return (_run_or_element_wise(run, fn, batch) for batch in inputs)


def _run_or_element_wise(run, fn, batch):
    out = run(batch)
    if out is not None:
        return out
    rows = [fn([c[k] for c in batch]) for k in range(len(batch[0]))]
    return [np.stack([np.asarray(r[i]) for r in rows]) for i in range(len(rows[0]))]
