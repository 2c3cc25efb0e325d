"""Control flow: tf.cond, tf.case, tf.switch_case, tf.while_loop, tf.scan, tf.map_fn,
tf.vectorized_map, tf.foldl/foldr.

Eagerly they run as Python control flow over recorded ops, as TF's eager mode does, so
gradients come from the tape. Inside tf.function, where a predicate or loop bound is a
traced value, cond/case/switch_case/while_loop become lax.switch / lax.while_loop /
lax.scan; scan, map_fn and the folds loop over the static first dimension (unrolled
when traced). Each branch or body is
traced once to a jaxpr, which also tells which Variables it assigns: those are threaded
through the lax construct as extra outputs or loop carries. A while_loop with
maximum_iterations runs as a masked lax.scan, so it is reverse-differentiable.
"""
import jax
import jax.numpy as jnp
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun

from ..framework import nest, tape
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from ..framework.function import used_vars
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import _creating, live_variables

__all__ = ["case", "cond", "foldl", "foldr", "map_fn", "scan", "switch_case",
           "vectorized_map", "while_loop"]


def _traced(x):
    return isinstance(x, Tensor) and isinstance(x._value, jax.core.Tracer)


def _arrays(structure):
    from ..framework.autograph import UNDEFINED
    return [convert_to_tensor(0 if x is UNDEFINED else x)._value
            for x in nest.flatten(structure)]


def _tensors(template, arrays):
    return nest.pack_sequence_as(template, [EagerTensor(a) for a in arrays])


class _Traced:
    """A Python function of Tensors traced once: its jaxpr, output structure and the
    Variables it assigns. The Variables' values are inputs of the jaxpr (not captured),
    so that a loop body sees the values of the current iteration; what it captures
    (`consts`) becomes explicit inputs of the op that runs it."""

    def __init__(self, fn, args_template, arg_specs):
        self.variables = live_variables()
        before = [v._value for v in self.variables]
        box = {}

        def run(var_values, *arrays):
            for v, value in zip(self.variables, var_values):
                v._value = value
            try:
                out = fn(*_tensors(args_template, list(arrays))) if args_template is not None \
                    else fn()
                box["out"] = out
                box["assigned"] = [i for i, v in enumerate(self.variables)
                                   if v._value is not var_values[i]]
                return _arrays(out), [self.variables[i]._value for i in box["assigned"]]
            finally:
                for v, value in zip(self.variables, before):
                    v._value = value
        closed = jax.make_jaxpr(run)([_spec(b) for b in before], *arg_specs)
        self.jaxpr, self.consts = closed.jaxpr, list(closed.consts)
        used = used_vars(self.jaxpr)
        self.reads = {i for i in range(len(self.variables)) if self.jaxpr.invars[i] in used}
        self.out = box["out"]
        self.assigned = [self.variables[i] for i in box["assigned"]]

    def call(self, consts, var_values, arrays, assigned):
        """Evaluate with explicit captured values and Variable values (aligned with
        `variables`); returns (outputs, values of the `assigned` Variables)."""
        results = jaxpr_as_fun(ClosedJaxpr(self.jaxpr, list(consts)))(*var_values, *arrays)
        n_out = len(results) - len(self.assigned)
        mine = dict(zip(map(id, self.assigned), results[n_out:]))
        index = {id(v): i for i, v in enumerate(self.variables)}
        return list(results[:n_out]), [mine.get(id(v), var_values[index[id(v)]])
                                        for v in assigned]


def _union(*traced):
    seen, out = set(), []
    for t in traced:
        for v in t.assigned:
            if id(v) not in seen:
                seen.add(id(v))
                out.append(v)
    return out


def _spec(a):
    return jax.ShapeDtypeStruct(a.shape, a.dtype)


def _as_op(name, compute, traced, tensors):
    """Run `compute(consts_per_traced, var_values, *arrays)` as one op whose inputs are
    what the traced functions capture, the Variables they read and `tensors`: tapes
    recording inside the tf.function connect it like any op, so gradients flow through
    cond and while_loop."""
    variables = traced[0].variables
    assigned = {id(v) for t in traced for v in t.assigned}
    reads = sorted(set().union(*(t.reads for t in traced)) |
                   {i for i, v in enumerate(variables) if id(v) in assigned})
    sizes = [len(t.consts) for t in traced]
    shapes = [_spec(v._value) for v in variables]

    def fn(*args):
        it = iter(args)
        consts = [[next(it) for _ in range(n)] for n in sizes]
        values = [jnp.zeros(s.shape, s.dtype) for s in shapes]
        for i in reads:
            values[i] = next(it)
        return compute(consts, values, *it)
    inputs = [_captured(c) for t in traced for c in t.consts] + \
        [variables[i]._read() for i in reads] + list(tensors)
    out = execute(Op(name, fn), tuple(inputs))
    return out if isinstance(out, list) else [out]


def _captured(array):
    """The Tensor a tape knows for a captured array (else a fresh one)."""
    for state in tape._active:
        for rec in state.records:
            for t in rec[3]:
                if t._value is array:
                    return t
        for t in state.keep:
            if t._value is array:
                return t
        for reads in state.reads.values():
            for t in reads:
                if t._value is array:
                    return t
    return EagerTensor(array)


# -- cond ---------------------------------------------------------------------------------

def cond(pred, true_fn=None, false_fn=None, name=None):
    """tf.cond: eagerly, the selected branch runs; traced, both become a lax.cond."""
    if true_fn is None or false_fn is None:
        raise TypeError("true_fn and false_fn must be provided.")
    if not callable(true_fn):
        raise TypeError("true_fn must be callable.")
    if not callable(false_fn):
        raise TypeError("false_fn must be callable.")
    if isinstance(pred, bool) and _creating:
        raise TypeError("pred must not be a Python bool")
    p = convert_to_tensor(pred)
    if not _traced(p):
        return true_fn() if bool(p) else false_fn()
    return _switch(jnp.logical_not(p._value).astype(jnp.int32), [true_fn, false_fn])


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """tf.switch_case: branch_fns is a list or a dict of int -> callable; an index out of
    range runs `default` (or the last branch)."""
    if isinstance(branch_fns, dict):
        keys = sorted(branch_fns)
        fns = [branch_fns[k] for k in keys]
    else:
        keys = list(range(len(branch_fns)))
        fns = list(branch_fns)
    fallback = default if default is not None else fns[-1]
    index = convert_to_tensor(branch_index)
    if not _traced(index):
        i = int(index)
        return (fns[keys.index(i)] if i in keys else fallback)()
    position = jnp.full((), len(fns), jnp.int32)
    for j, k in enumerate(keys):
        position = jnp.where(index._value == k, j, position)
    return _switch(position, fns + [fallback])


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """tf.case: the first pair whose predicate holds (`default` otherwise)."""
    pairs = list(pred_fn_pairs.items()) if isinstance(pred_fn_pairs, dict) else \
        list(pred_fn_pairs)
    if default is None:
        pairs, default = pairs[:-1], pairs[-1][1]
    preds = [convert_to_tensor(p) for p, _ in pairs]
    if not any(_traced(p) for p in preds):
        for p, (_, fn) in zip(preds, pairs):
            if bool(p):
                return fn()
        return default()
    position = jnp.full((), len(pairs), jnp.int32)
    for j in reversed(range(len(pairs))):
        position = jnp.where(preds[j]._value, j, position)
    return _switch(position, [fn for _, fn in pairs] + [default])


def _switch(index, fns):
    traced = [_Traced(fn, None, ()) for fn in fns]
    first = traced[0].out
    for t in traced[1:]:
        try:
            nest.assert_same_structure(first, t.out)
        except (TypeError, ValueError) as e:
            raise ValueError(f"true_fn and false_fn arguments to tf.cond must have the same "
                             f"number, type, and overall structure of return values.\n\n"
                             f"{e}") from None
    return switch_traced(index, traced, None)


def switch_traced(index, traced, keep):
    """lax.switch over branches traced once (`keep`: the output positions to return;
    None for all), threading the Variables any branch assigns."""
    assigned = _union(*traced)

    def compute(consts, var_values, idx):
        def branch(k):
            def run():
                out, new = traced[k].call(consts[k], var_values, [], assigned)
                return tuple((out if keep is None else [out[i] for i in keep]) + new)
            return run
        return list(jax.lax.switch(jnp.clip(idx, 0, len(traced) - 1),
                                   [branch(k) for k in range(len(traced))]))
    results = _as_op("Case", compute, traced, [EagerTensor(jnp.asarray(index, jnp.int32))])
    n_out = len(results) - len(assigned)
    for v, value in zip(assigned, results[n_out:]):
        v._value = value._value
    template = traced[0].out if keep is None else [None] * len(keep)
    return nest.pack_sequence_as(template, results[:n_out])


# -- while_loop -----------------------------------------------------------------------------

def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None):
    """tf.while_loop. Traced with `maximum_iterations`, a masked lax.scan (differentiable);
    without, a lax.while_loop (forward only: its gradient raises)."""
    single = not isinstance(loop_vars, (list, tuple))
    state = [loop_vars] if single else list(loop_vars)
    state = [nest.map_structure(convert_to_tensor, s) for s in state]
    going = convert_to_tensor(cond(*state))
    traced = _traced(going) or any(_traced(convert_to_tensor(x)) for x in nest.flatten(state))
    if maximum_iterations is not None:
        traced = traced or _traced(convert_to_tensor(maximum_iterations))
    if not traced:
        i = 0
        while (maximum_iterations is None or i < int(maximum_iterations)) and bool(going):
            out = body(*state)
            state = [out] if single else list(out) if isinstance(out, (list, tuple)) else [out]
            i += 1
            going = cond(*state)
        return state[0] if single else type(loop_vars)(state)
    arrays = _arrays(state)
    specs = [_spec(a) for a in arrays]
    body_t = _Traced(lambda *s: body(*s), state, specs)
    cond_t = _Traced(lambda *s: cond(*s), state, specs)
    assigned = body_t.assigned
    where = [i for i, v in enumerate(body_t.variables) if any(v is a for a in assigned)]
    limit = None if maximum_iterations is None else convert_to_tensor(maximum_iterations)

    def compute(consts, var_values, *init):
        n_loop = len(arrays)
        values0 = list(init[:n_loop])

        def full(var_carry):
            values = list(var_values)
            for i, v in zip(where, var_carry):
                values[i] = v
            return values

        def step(carry):
            values, var_carry = carry
            out, new_vars = body_t.call(consts[0], full(var_carry), list(values), assigned)
            for o, a in zip(out, values):
                if o.shape != a.shape:
                    raise ValueError(f"tfcompat's tf.while_loop keeps each loop variable's "
                                     f"shape (XLA needs static shapes): a variable of shape "
                                     f"{a.shape} became {o.shape} (shape_invariants cannot "
                                     f"relax this).")
            return tuple(o.astype(a.dtype) for o, a in zip(out, values)), tuple(new_vars)

        def keep_going(carry):
            values, var_carry = carry
            (c,), _ = cond_t.call(consts[1], full(var_carry), list(values), [])
            return c

        carry0 = (tuple(values0), tuple(var_values[i] for i in where))
        if limit is None:
            values, var_carry = jax.lax.while_loop(keep_going, step, carry0)
        elif len(init) > n_loop:
            # A traced bound: a counted lax.while_loop (forward only).
            bound = init[n_loop]
            _, (values, var_carry) = jax.lax.while_loop(
                lambda c: (c[0] < bound) & keep_going(c[1]), lambda c: (c[0] + 1, step(c[1])),
                (jnp.zeros((), bound.dtype), carry0))
        else:
            def masked(carry, _):
                going = keep_going(carry)
                new = step(carry)
                return jax.tree_util.tree_map(lambda a, b: jnp.where(going, a, b), new,
                                              carry), None
            (values, var_carry), _ = jax.lax.scan(masked, carry0, None,
                                                  length=int(limit))
        return list(values) + list(var_carry)
    extra = [limit] if limit is not None and _traced(limit) else []
    results = _as_op("While", compute, [body_t, cond_t],
                     [convert_to_tensor(x) for x in nest.flatten(state)] + extra)
    n_loop = len(arrays)
    for v, value in zip(assigned, results[n_loop:]):
        v._value = value._value
    result = nest.pack_sequence_as(state, results[:n_loop])
    return result[0] if single else result


# -- scan / map ---------------------------------------------------------------------------------

def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
         swap_memory=False, infer_shape=True, reverse=False, name=None):
    """tf.scan: accumulates fn(acc, elem) over the first dimension of `elems`."""
    from . import array_ops
    elems_flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    n = elems_flat[0].shape[0]
    order = range(n - 1, -1, -1) if reverse else range(n)
    if initializer is None:
        first = order[0]
        acc = nest.pack_sequence_as(elems, [e[first] for e in elems_flat])
        order = order[1:]
        outs = [acc]
    else:
        acc = initializer
        outs = []
    for i in order:
        acc = fn(acc, nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
        outs.append(acc)
    if reverse:
        outs.reverse()
    return nest.map_structure(lambda *xs: array_ops.stack(list(xs)), *outs)


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True,
           swap_memory=False, infer_shape=True, name=None, fn_output_signature=None):
    """tf.map_fn: fn over the first dimension of `elems`, results stacked."""
    from . import array_ops
    elems_flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    n = elems_flat[0].shape[0]
    outs = [fn(nest.pack_sequence_as(elems, [e[i] for e in elems_flat])) for i in range(n)]
    if not outs:
        raise ValueError("tfcompat's tf.map_fn needs a non-empty first dimension.")
    return nest.map_structure(lambda *xs: array_ops.stack(list(xs)), *outs)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """tf.vectorized_map: the same results as map_fn (XLA vectorizes the traced loop)."""
    return map_fn(fn, elems)


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """tf.foldl."""
    elems_flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    n = elems_flat[0].shape[0]
    start = 0
    if initializer is None:
        acc, start = nest.pack_sequence_as(elems, [e[0] for e in elems_flat]), 1
    else:
        acc = initializer
    for i in range(start, n):
        acc = fn(acc, nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
    return acc


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """tf.foldr."""
    elems_flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    n = elems_flat[0].shape[0]
    end = n
    if initializer is None:
        acc, end = nest.pack_sequence_as(elems, [e[n - 1] for e in elems_flat]), n - 1
    else:
        acc = initializer
    for i in range(end - 1, -1, -1):
        acc = fn(acc, nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
    return acc

