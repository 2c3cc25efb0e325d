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
from jax.extend.core import jaxpr_as_fun

from ..framework import nest
from ..framework.constant_op import convert_to_tensor
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
    so that a loop body sees the values of the current iteration."""

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
        self.closed = jax.make_jaxpr(run)([_spec(b) for b in before], *arg_specs)
        self.out = box["out"]
        self.assigned = [self.variables[i] for i in box["assigned"]]

    def call(self, arrays, assigned):
        """Evaluate with `arrays` and the Variables' current values; returns (outputs,
        values of the `assigned` Variables)."""
        results = jaxpr_as_fun(self.closed)(*[v._value for v in self.variables], *arrays)
        n_out = len(results) - len(self.assigned)
        mine = dict(zip(map(id, self.assigned), results[n_out:]))
        return list(results[:n_out]), [mine.get(id(v), v._value) for v in assigned]


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

    def branch(t):
        def run():
            out, variables = t.call([], assigned)
            return tuple((out if keep is None else [out[i] for i in keep]) + variables)
        return run
    results = jax.lax.switch(jnp.clip(index, 0, len(traced) - 1), [branch(t) for t in traced])
    n_out = len(results) - len(assigned)
    for v, value in zip(assigned, results[n_out:]):
        v._value = value
    template = traced[0].out if keep is None else [None] * len(keep)
    return _tensors(template, list(results[:n_out]))


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
    carry0 = (tuple(arrays), tuple(v._value for v in assigned))

    def step(carry):
        values, var_values = carry
        for v, value in zip(assigned, var_values):
            v._value = value
        out, new_vars = body_t.call(list(values), assigned)
        for o, a in zip(out, values):
            if o.shape != a.shape:
                raise ValueError(f"tfcompat's tf.while_loop keeps each loop variable's shape "
                                 f"(XLA needs static shapes): a variable of shape {a.shape} "
                                 f"became {o.shape} (shape_invariants cannot relax this).")
        out = [o.astype(a.dtype) for o, a in zip(out, values)]
        return tuple(out), tuple(new_vars)

    def keep_going(carry):
        values, var_values = carry
        for v, value in zip(assigned, var_values):
            v._value = value
        (c,), _ = cond_t.call(list(values), [])
        return c

    saved = [v._value for v in assigned]
    try:
        if maximum_iterations is None:
            values, var_values = jax.lax.while_loop(keep_going, step, carry0)
        elif _traced(convert_to_tensor(maximum_iterations)):
            # A traced bound: a counted lax.while_loop (forward only).
            limit = convert_to_tensor(maximum_iterations)._value

            def counted_step(carry):
                i, inner = carry
                return i + 1, step(inner)
            _, (values, var_values) = jax.lax.while_loop(
                lambda c: (c[0] < limit) & keep_going(c[1]), counted_step,
                (jnp.zeros((), limit.dtype), carry0))
        else:
            n = int(maximum_iterations)

            def masked(carry, _):
                going = keep_going(carry)
                new = step(carry)
                return jax.tree_util.tree_map(lambda a, b: jnp.where(going, a, b), new,
                                              carry), None
            (values, var_values), _ = jax.lax.scan(masked, carry0, None, length=n)
    finally:
        for v, value in zip(assigned, saved):
            v._value = value
    for v, value in zip(assigned, var_values):
        v._value = value
    result = _tensors(state, list(values))
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

