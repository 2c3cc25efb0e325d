"""Control flow: tf.cond, tf.case, tf.switch_case and tf.while_loop (tf.scan, tf.map_fn,
tf.vectorized_map and the folds: functional_ops.py).

Eagerly they run as Python control flow over recorded ops, as TF's eager mode does, so
gradients come from the tape. Inside tf.function, where a predicate or loop bound is a
traced value, cond/case/switch_case/while_loop become lax.switch / lax.while_loop /
lax.scan; scan, map_fn and the folds become one lax.scan; vectorized_map is a jax.vmap.
Loop variables may be tf.TensorArrays (carried as their stacked buffers). Each branch or
body is traced once to a jaxpr, which also tells which Variables it assigns: those are
threaded through the lax construct as extra outputs or loop carries, and so are the
run-time checks it registers (control_flow_checks: a loop stops at the iteration where one
fails). A while_loop with a static maximum_iterations runs as a masked lax.scan, so it is
reverse-differentiable (unmasked, of exactly its iterations, where its condition reads a
counter known when it is traced: loop_trip_count.py); without, it is a lax.while_loop.
The reverse-mode gradient of that, and a loop variable whose shape changes as
shape_invariants allow, make the tf.function's calls run eagerly (CallsRunEagerly); a
branch that XLA cannot compile is left out of its switch, behind a run-time check that
runs the call eagerly where it is taken (_speculation).
"""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir

from ..framework import dtypes, errors, func_graph, host_callback, nest, op_def, tape
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from ..framework.relaxed_shapes import merged_dims
from ..framework.trace_state import CallsRunEagerly, RandomRepeat, body_checks, random_draws
from ..framework.strings import is_string
from ..framework.strings import traced as handles
from ..framework.tensor import EagerTensor
from ..framework.tensor_shape import TensorShape
from ..framework.context import ctx
from ..framework.graph_scope import building_here
from ..framework.indexed_slices import IndexedSlices
from .control_flow_traced import (
    _Traced, _draw_bases, _drawn, _graph_scope, _spec, _split_counts, _traced,
)
from .control_flow_carry import (
    _arrays, _carrier, _composite, _flat, _like, _pack, _tensor_array,
)
from .control_flow_checks import BodyChecks
from .loop_trip_count import static_trip_count

__all__ = ["case", "cond", "switch_case", "while_loop"]


def _record(traced, results, identities, leading=()):
    """Record the node of the open construct (a `cond` when none is open)."""
    builder = func_graph.current()
    if builder is None:
        return
    if ctx.constructs and ctx.constructs[-1][3] is builder:
        scope, op_type, pred, _ = ctx.constructs[-1]
    else:
        scope, op_type, pred = builder.unique_name("cond"), "StatelessIf", None
    if any(t.assigned or t.reads for t in traced):
        op_type = op_type.replace("Stateless", "")
    captured = [EagerTensor(c) for t in traced for c in t.consts   # (not constants)
                if isinstance(c, jax.core.Tracer)]
    func_graph.control_flow(builder, scope, op_type, captured, results, identities,
                            leading, pred)


def _union(*traced):
    seen, out = set(), []
    for t in traced:
        for v in t.assigned:
            if id(v) not in seen:
                seen.add(id(v))
                out.append(v)
    return out


def _as_op(name, compute, traced, tensors, linearized=False,
           static_shapes=lambda attrs: ()):
    """Run `compute(consts_per_traced, var_values, *arrays)` as one op whose inputs are
    what the traced functions capture, the Variables they read and `tensors`: tapes
    recording inside the tf.function connect it like any op, so gradients flow through
    cond and while_loop (`linearized`: a scanned loop, `static_shapes`: TF's static shapes
    of its leading outputs, dispatch.Op's; by default the traced ones)."""
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
    inputs = [EagerTensor(handles(t._value)) if is_string(t._value) else t for t in inputs]
    builder = func_graph.current()
    # (a construct whose functions print or call the host runs each call, even on
    # constant inputs)
    stateful = any(t.jaxpr.effects for t in traced)
    with builder.no_recording() if builder is not None else contextlib.nullcontext():
        out = execute(Op(name, fn, stateful=stateful, linearized=linearized,
                         static_shapes=static_shapes),
                      tuple(inputs))   # (recorded as
        # TF's node: _record)
    return out if isinstance(out, list) else [out]


def _captured(array):
    """The Tensor a tape knows for a captured array (else a fresh one)."""
    t = tape.recorded(array)
    return EagerTensor(array) if t is None else t


# -- cond ---------------------------------------------------------------------------------

def cond(pred, true_fn=None, false_fn=None, name=None):
    """tf.cond: eagerly, the selected branch runs; traced, both become a lax.cond."""
    if true_fn is None or false_fn is None:
        raise TypeError("true_fn and false_fn must be provided.")
    if not callable(true_fn):
        raise TypeError("true_fn must be callable.")
    if not callable(false_fn):
        raise TypeError("false_fn must be callable.")
    if isinstance(pred, bool) and ctx.traces:
        raise TypeError("pred must not be a Python bool", pred)
    p = convert_to_tensor(pred)
    if ctx.traces and p.dtype is not dtypes.bool:
        # TF fails building the function's graph when it runs ([Op:__inference_...]).
        raise errors.InvalidArgumentError(
            None, None, f"Input 'pred' passed {p.dtype._tf_name} expected bool while building "
                        f"NodeDef 'cond/switch_pred/_2' using Op<{op_def.summary('Switch')}> "
                        f"[Op:__inference_function]")
    if not _traced(p):
        return true_fn() if bool(p) else false_fn()
    known = _known(p)
    with _graph_scope("cond", "StatelessIf", p):
        return _switch(jnp.logical_not(p._value).astype(jnp.int32), [true_fn, false_fn],
                       None if known is None else 0 if known else 1)


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
    if not index.dtype.is_integer:
        raise TypeError(f"'branch_index' must be an integer Tensor, got {index.dtype}")
    if not _traced(index):
        i = int(index)
        return (fns[keys.index(i)] if i in keys else fallback)()
    position = jnp.full((), len(fns), jnp.int32)
    for j, k in enumerate(keys):
        position = jnp.where(index._value == k, j, position)
    with _graph_scope("switch_case", "StatelessCase", index, inner="indexed_case"):
        return _switch(position, fns + [fallback], op="switch_case")


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


def _known(t):
    """The value of the traced predicate `t` where it is a constant of the trace (folded
    from constants, as grappler folds it; integers are never traced), else None."""
    value = ctx.traces[-1].constant_value(t._value) if ctx.traces else None
    return None if value is None else value.item()


def _trace_branch(fn, k, taken, kind):
    """`fn` traced (`kind`: TF's name of a branch function, see branch_kinds); None where
    it fails to trace and is not `taken`; inside a tf.function whose predicate is not
    known while tracing, the CallsRunEagerly of a branch XLA cannot compile (an op of
    value-dependent output shape: _speculation)."""
    try:
        return _Traced(fn, None, (), kind=kind)
    except (CallsRunEagerly, errors.OpError, ValueError) as exc:
        if isinstance(exc, CallsRunEagerly) and taken is None and not building_here():
            return exc
        if taken is None or k == taken:
            raise
        return None


def branch_kinds(n):
    """What TF names the functions of `n` branches after ("true", "false"; "branch0" ...)."""
    return ["true", "false"] if n == 2 else [f"branch{k}" for k in range(n)]


def _switch(index, fns, taken=None, op="cond"):
    """lax.switch over the branches `fns`. `taken`: the branch that a predicate known
    while tracing selects, the one TF runs: a branch it never takes may fail to
    trace (in TF's graph, whose shapes it cannot infer where tfcompat's are static, it is
    built and never run) or return other shapes; then only `taken` runs. `op`: the TF
    op its errors name (tf.cond, tf.switch_case)."""
    kinds = branch_kinds(len(fns))
    traced = [_trace_branch(fn, k, taken, kinds[k]) for k, fn in enumerate(fns)]
    live = [k for k, t in enumerate(traced) if isinstance(t, _Traced)]
    if any(len(traced[k].variables) != len(traced[live[-1]].variables) for k in live):
        # A branch created Variables (a nested tf.function's first trace): all again.
        traced = [_trace_branch(fn, k, taken, kinds[k]) for k, fn in enumerate(fns)]
        live = [k for k, t in enumerate(traced) if isinstance(t, _Traced)]
    guard = _speculation(traced, live)
    everyone = len(live) == len(fns)
    fns = [fns[k] for k in live]
    traced = _typed_branches(fns, [traced[k] for k in live])
    first = traced[0].out
    _check_indexed_slices([t.out for t in traced], op)
    for t in traced[1:]:
        try:
            nest.assert_same_structure(first, t.out)
        except (TypeError, ValueError) as e:
            raise TypeError(f"true_fn and false_fn arguments to tf.cond must have the same "
                            f"number, type, and overall structure of return values.\n\n"
                            f"true_fn output: {first}\nfalse_fn output: {t.out}\n\n"
                            f"Error details:\n{e}") from None
        flat_first, flat_out = _flat(first), _flat(t.out)
        if len(flat_first) != len(flat_out):   # (a None where the other has a value)
            raise ValueError(f"Lengths of branch outputs of cond must match.\n"
                             f"len(graphs[0].outputs): {len(flat_first)}\n"
                             f"len(graphs[1].outputs): {len(flat_out)}")
        for a, b in zip(flat_first, flat_out):
            if a.dtype != b.dtype:
                raise TypeError(
                    f"true_fn and false_fn arguments to tf.cond must have the same number, "
                    f"type, and overall structure of return values.\n\ntrue_fn output: {a}"
                    f"\nfalse_fn output: {b}\n\nError details:\n{a} and {b} have different "
                    f"types")
    if taken is not None and not (everyone and all(
            a.shape == b.shape for t in traced[1:]
            for a, b in zip(_flat(traced[0].out), _flat(t.out)))):
        return switch_traced(0, [traced[live.index(taken)]], None)
    return switch_traced(index, traced, None, guard)


def _check_indexed_slices(outs, op):
    """TF's cond_v2._make_indexed_slices_indices_types_match: an output that is an
    IndexedSlices in one branch and not in another is a TypeError (TF converts a
    Tensor to IndexedSlices only in the branches of a gradient's cond)."""
    flats = [nest.flatten(out) for out in outs]
    if len({len(flat) for flat in flats}) != 1:
        return
    for i, branch_outs in enumerate(zip(*flats)):
        if len({isinstance(x, IndexedSlices) for x in branch_outs}) != 1:
            raise TypeError(f"Cannot reconcile tf.{op} {i}-th outputs:\n"
                            f"  branches returned: {branch_outs}")


def _speculation(traced, live):
    """For the branches XLA cannot compile (their CallsRunEagerly in `traced`), where the
    others (`live`: their indices) hold no host effects: the guard of a switch over those
    (switch_traced's), whose run-time check raises host_callback.Rerun where the index
    selects a branch left out; then the tf.function's call runs eagerly, as TF's graph
    runs the branch with an unknown shape. None where every branch traced."""
    unknown = [k for k, t in enumerate(traced) if isinstance(t, CallsRunEagerly)]
    if not unknown:
        return None
    if not live or any(traced[k].jaxpr.effects for k in live):
        raise traced[unknown[0]]
    reason = traced[unknown[0]]
    table = np.asarray([live.index(k) if k in live else 0 for k in range(len(traced))],
                       np.int32)

    def error(index):
        if int(index) not in unknown:
            return None
        return host_callback.Rerun(f"tfcompat: a tf.cond (or tf.case, tf.switch_case) took "
                                   f"a branch XLA cannot compile ({reason}): the call of "
                                   f"its tf.function runs eagerly.")
    error.reruns = True

    def guard(index):
        index = jnp.clip(index, 0, len(table) - 1)
        ok = host_callback.check(error, index,
                                 failing=lambda i: jnp.isin(i, np.asarray(unknown)))
        return ok, jnp.asarray(table)[index]
    return guard


def _typed_branches(fns, traced):
    """Branches that return an empty Optional with no value structure where another
    branch returns one with: traced again, returning it carried as the other's is (zero
    values; TF carries either as one variant tensor)."""
    flats = [nest.flatten(t.out) for t in traced]
    known = {}
    for flat in flats:
        for i, x in enumerate(flat):
            if _composite(x) and not x._carry_unknown():
                known.setdefault(i, x)

    def typed(fn):
        def run():
            out = fn()
            return nest.pack_sequence_as(out, [
                x._typed_like(known[i]) if i in known and _composite(x) and
                x._carry_unknown() else x for i, x in enumerate(nest.flatten(out))])
        return run
    return [_Traced(typed(fn), None, (), kind=t._kind) if any(
        i in known and _composite(x) and x._carry_unknown() for i, x in enumerate(flat))
        else t for fn, t, flat in zip(fns, traced, flats)]


def switch_traced(index, traced, keep, guard=None):
    """lax.switch over branches traced once (`keep`: the output positions to return;
    None for all), threading the Variables any branch assigns. `guard`: a function of
    the index giving the flag of a run-time check and the index among `traced`
    (_speculation's), to which the outputs and assigned values are held."""
    assigned = _union(*traced)
    _check_layouts([t.out if keep is None else [t.out[i] for i in keep] for t in traced])
    # The flat positions of the kept outputs in each branch (a TensorArray is 0-2 arrays).
    kept = [None if keep is None else _flat_positions(t.out, keep) for t in traced]

    bases = _draw_bases(traced)
    checks = BodyChecks.joined([t.checks for t in traced])

    def compute(consts, var_values, idx, *counts):
        per = _split_counts(traced, counts)
        ok = None
        if guard is not None:
            ok, idx = guard(idx)

        def branch(k):
            def run():
                out, new, finals, held = traced[k].call(consts[k], var_values, [], assigned,
                                                        per[k])
                drawn = [n for j, c in enumerate(per) for n in (finals if j == k else c)]
                # (the checks of the branches not taken hold)
                held = [a for j, t in enumerate(traced)
                        for a in (held if j == k else t.checks.passed())]
                return tuple((out if keep is None else [out[i] for i in kept[k]]) + new +
                             drawn + held)
            return run
        outs = list(jax.lax.switch(jnp.clip(idx, 0, len(traced) - 1),
                                   [branch(k) for k in range(len(traced))]))
        if ok is not None:   # (a call whose check fails is abandoned)
            n = len(outs) - len(counts) - checks.size
            outs[:n] = [jnp.where(ok, o, jnp.zeros_like(o)) for o in outs[:n]]
        return outs
    flats = [_flat(t.out) if kept[k] is None else [_flat(t.out)[j] for j in kept[k]]
             for k, t in enumerate(traced)]
    results = _as_op("Case", compute, traced,
                     [EagerTensor(jnp.asarray(index, jnp.int32))] + bases,
                     static_shapes=lambda attrs: [merged_dims(out) for out in zip(*flats)])
    results, held = results[:len(results) - checks.size], results[len(results) - checks.size:]
    results, finals = results[:len(results) - len(bases)], results[len(results) - len(bases):]
    _drawn(traced, finals)
    checks.register(held)
    n_out = len(results) - len(assigned)
    _record(traced, results[:n_out], True)
    for v, value in zip(assigned, results[n_out:]):
        v._value = _like(v, value)._value
    template = traced[0].out if keep is None else [traced[0].out[i] for i in keep]
    return _pack(template, results[:n_out])


def _check_layouts(outs):
    """The TensorArrays the branches return must be passed on alike: written at the same
    static indices (or all in buffer mode)."""
    for leaves in zip(*(nest.flatten(o) for o in outs)):
        arrays = [_tensor_array(x) for x in leaves]
        if arrays[0] is not None and any(
                a is None or a._layout() != arrays[0]._layout() for a in arrays[1:]):
            raise ValueError("tfcompat's tf.cond (or a Python if on a traced condition) "
                             "needs a tf.TensorArray its branches return to be written at "
                             "the same static indices in every branch: write it with a "
                             "traced index, or give it the same writes in each branch.")


def _flat_positions(values, keep):
    sizes = [len(_flat(v)) for v in values]
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    return [j for i in keep for j in range(starts[i], starts[i] + sizes[i])]


# -- while_loop -----------------------------------------------------------------------------

def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None):
    """tf.while_loop. Eagerly (and when nothing in it is traced) a Python loop. Traced: with
    a static `maximum_iterations`, a masked lax.scan (reverse-differentiable); otherwise a
    lax.while_loop, whose reverse-mode gradient makes the tf.function's calls run eagerly
    (under jit_compile=True it raises TF's XLA error asking for maximum_iterations). Loop
    variables may be nested structures and tf.TensorArrays; an XLA loop keeps their
    shapes, so one whose shape changes as `shape_invariants` allow makes the calls run
    eagerly too. parallel_iterations, back_prop and swap_memory have no effect."""
    single = not isinstance(loop_vars, (list, tuple))
    state = [loop_vars] if single else list(loop_vars)
    if not ctx.traces:   # TF's eager loop: the values as the body gives them, converted at the end
        return _eager_while(cond, body, loop_vars, single, state, maximum_iterations)
    state, limit, static_limit = _traced_loop_args(state, maximum_iterations)
    # Python iterations while nothing is traced; the rest (from the first iteration that
    # makes a loop variable traced) runs as one lax loop. (In a tf.function's graph
    # those Python iterations are not recorded: TF's graph has the loop as one node.)
    # (Their random ops are the first iteration's: one TF kernel, drawn from each time.)
    i = 0
    builder = func_graph.current()
    with random_draws(RandomRepeat()) as repeat:
        while limit is None or static_limit is not None:
            repeat.next_iteration()
            with builder.no_recording() if builder is not None else contextlib.nullcontext():
                with body_checks() as checks:
                    going = convert_to_tensor(cond(*state))
                if _traced(going) or any(_traced(x) for x in _flat(state)):
                    break   # (its checks: the staged loop's cond's)
                for check in checks:   # (an iteration run while tracing: the trace's)
                    ctx.traces[-1].add_check(*check)
                if (static_limit is not None and i >= static_limit) or not bool(going):
                    return state[0] if single else type(loop_vars)(state)
                out = body(*state)
            state = [out] if single else list(out) if isinstance(out, (list, tuple)) \
                else [out]
            state = [nest.map_structure(_loop_value, s) for s in state]
            i += 1
    if static_limit is not None:
        static_limit -= i
        limit = convert_to_tensor(static_limit)
    with _graph_scope("while", "StatelessWhile"):
        return _staged_while(cond, body, loop_vars, single, state, limit, static_limit,
                             shape_invariants)


def staged_while_loop(cond, body, loop_vars, maximum_iterations=None):
    """AutoGraph's loop on a Tensor condition or over a tf.range or Tensor, inside
    tf.function: one staged loop from its first iteration, even when its values are known
    while tracing (TF: one While op; its body is traced once)."""
    single = not isinstance(loop_vars, (list, tuple))
    state, limit, static_limit = _traced_loop_args([loop_vars] if single else list(loop_vars),
                                                   maximum_iterations)
    with _graph_scope("while", "StatelessWhile"):
        return _staged_while(cond, body, loop_vars, single, state, limit, static_limit)


def _traced_loop_args(state, maximum_iterations):
    state = [nest.map_structure(_loop_value, s) for s in state]
    limit = None if maximum_iterations is None else convert_to_tensor(maximum_iterations)
    return state, limit, None if limit is None or _traced(limit) else int(limit)


def _eager_while(cond, body, loop_vars, single, state, maximum_iterations):
    """while_loop eagerly, as TF's: a Python loop (cond is evaluated before the
    maximum_iterations check, as TF's logical_and does)."""
    limit = None if maximum_iterations is None else int(convert_to_tensor(maximum_iterations))
    i = 0
    while cond(*state) and (limit is None or i < limit):
        out = body(*state)
        state = [out] if single else list(out) if isinstance(out, (list, tuple)) else [out]
        i += 1
    state = [nest.map_structure(_loop_value, s) for s in state]
    return state[0] if single else type(loop_vars)(state)


def _staged_while(cond, body, loop_vars, single, state, limit, static_limit,
                  shape_invariants=None):
    """while_loop's lax loop (from the first iteration that makes it traced)."""
    state = _carried_arrays(body, state, static_limit)
    arrays = _arrays(state)
    specs = [_spec(a) for a in arrays]
    body_t = _Traced(lambda *s: body(*s), state, specs, _placeholder)
    _no_nones(body_t.out)
    cond_t = _Traced(lambda *s: cond(*s), state, specs, _placeholder, "cond")
    assigned = body_t.assigned
    where = [i for i, v in enumerate(body_t.variables) if any(v is a for a in assigned)]
    _check_loop_shapes(specs, state, _flat(body_t.out), shape_invariants)
    for x, o, name in zip(_flat(state), _flat(body_t.out), _leaf_names(state)):
        if (x.dtype is dtypes.string) != (o.dtype is dtypes.string):
            raise TypeError(f"Loop var {name} enters the loop with type {x.dtype} but has "
                            f"type {o.dtype} after 1 iteration. {name} type should remain "
                            f"constant.")

    bases = _draw_bases([body_t, cond_t])
    n_body = len(body_t.sites)
    # The checks of `cond` (run before each iteration and after the last), then the body's.
    checks = BodyChecks.joined([cond_t.checks, body_t.checks])
    # (a loop whose cond checks evaluates it at the end of each iteration, carrying
    # whether to go on: those checks are carried as the body's)
    rotated = bool(cond_t.checks)
    # (a body with checks, ops that check their inputs or one that prints runs no
    # iteration past the last: masked iterations are skipped, not computed and dropped)
    skip = bool(checks) or bool(body_t.jaxpr.effects) or host_callback.holds_check(
        body_t.jaxpr)
    # (a condition known at each iteration: a scan of exactly the iterations it allows)
    trips = None if static_limit is None or checks or rotated else \
        static_trip_count(cond_t, body_t, arrays, static_limit)

    def compute(consts, var_values, *init):
        n_loop = len(arrays)
        values0 = list(init[:n_loop])
        counts = list(init[len(init) - len(bases):])
        # (a random op of `cond` draws as if once: only the body's draws are carried)
        cond_counts = counts[n_body:]

        def full(var_carry):
            values = list(var_values)
            for i, v in zip(where, var_carry):
                values[i] = v
            return values

        def test(carry):
            (c,), _, _, held = cond_t.call(consts[1], full(carry[1]), list(carry[0]), [],
                                           cond_counts)
            return c, held

        def tested(carry):
            """`carry` with the cond evaluated on its values (rotated)."""
            c, held = test(carry)
            return carry[:3] + (tuple(checks.first_failure(
                carry[3], held + body_t.checks.passed())), c)

        def step(carry):
            values, var_carry, drawn, held = carry[:4]
            out, new_vars, drawn, new_held = body_t.call(
                consts[0], full(var_carry), list(values), assigned, list(drawn))
            new = (tuple(o.astype(a.dtype) for o, a in zip(out, values)), tuple(new_vars),
                   tuple(drawn), tuple(checks.first_failure(
                       held, cond_t.checks.passed() + new_held)))
            return tested(new) if rotated else new

        def keep_going(carry):
            c = carry[4] if rotated else test(carry)[0]
            # (the loop stops at the iteration where a check fails, as TF's raises there)
            return c & checks.all_held(carry[3]) if checks else c

        carry0 = (tuple(values0), tuple(var_values[i] for i in where),
                  tuple(counts[:n_body]), tuple(checks.passed()))
        if rotated:
            carry0 = tested(carry0)
        if limit is None:
            values, var_carry, drawn, held = jax.lax.while_loop(keep_going, step, carry0)[:4]
            values, var_carry = _no_reverse(values), _no_reverse(var_carry)
        elif static_limit is None:
            # A traced bound: a counted lax.while_loop (forward only).
            bound = init[n_loop]
            _, carry = jax.lax.while_loop(
                lambda c: (c[0] < bound) & keep_going(c[1]), lambda c: (c[0] + 1, step(c[1])),
                (jnp.zeros((), bound.dtype), carry0))
            values, var_carry, drawn, held = carry[:4]
            values, var_carry = _no_reverse(values), _no_reverse(var_carry)
        elif trips is not None:
            carry = jax.lax.scan(lambda c, _: (step(c), None), carry0, None,
                                 length=trips)[0] if trips else carry0
            values, var_carry, drawn, held = carry[:4]
        else:
            def masked(carry, _):
                going = keep_going(carry)
                if skip:
                    return jax.lax.cond(going, step, lambda c: c, carry), None
                new = step(carry)
                return jax.tree_util.tree_map(lambda a, b: jnp.where(going, a, b), new,
                                              carry), None
            carry, _ = jax.lax.scan(masked, carry0, None, length=static_limit)
            values, var_carry, drawn, held = carry[:4]
        return list(values) + list(var_carry) + list(drawn) + cond_counts + list(held)
    extra = [limit] if limit is not None and static_limit is None else []
    results = _as_op("While", compute, [body_t, cond_t], _flat(state) + extra + bases,
                     linearized=static_limit is not None,
                     static_shapes=lambda attrs: [merged_dims((t,)) for t in _flat(state)])
    results, held = results[:len(results) - checks.size], results[len(results) - checks.size:]
    results, finals = results[:len(results) - len(bases)], results[len(results) - len(bases):]
    _drawn([body_t, cond_t], finals)
    checks.register(held)
    n_loop = len(arrays)
    _record_while([body_t, cond_t], _flat(state) + extra, results[:n_loop], static_limit)
    for v, value in zip(assigned, results[n_loop:]):
        v._value = _like(v, value)._value
    result = _pack(state, results[:n_loop])
    return result[0] if single else type(loop_vars)(result)


def _placeholder(k, first=0):
    """TF's name of the placeholder of loop variable `k` in a while loop's body (`first`:
    the position of the first, after those of tf.scan's counter)."""
    k += first
    return "Placeholder" if k == 0 else f"Placeholder_{k}"


def _record_while(traced, inputs, results, static_limit):
    """TF's while node: inputs loop_counter, maximum_iterations, the loop variables and
    what the body captures; outputs the counters, then the loop variables."""
    builder = func_graph.current()
    if builder is None:
        return
    scope = ctx.constructs[-1][0]
    for t in inputs:   # (constants among the loop variables come first, as in TF)
        builder.input_name(t)
    counters = []
    for name, value in (("maximum_iterations", -1 if static_limit is None else static_limit),
                        ("loop_counter", 0)):
        const = EagerTensor(np.asarray(value, np.int32))
        counters.append((builder.const(const, f"{scope}/{name}", absolute=True), (),
                         dtypes.int32))
    counters.reverse()   # (loop_counter is input 0, maximum_iterations 1)
    # The enclosing graph's tensors the cond, then the body, used (TF's captures), and
    # the tracers they closed over (not constants).
    captured = [c for t in reversed(traced) for c in t.captures + [
        EagerTensor(v) for v in t.consts if isinstance(v, jax.core.Tracer)]]
    op_type = "While" if any(t.assigned or t.reads for t in traced) else "StatelessWhile"
    func_graph.control_flow(builder, ctx.constructs[-1][0], op_type, list(inputs) + captured,
                            results, False, counters)


def _no_nones(out):
    """TF's error for a None a loop body returns (only tf.cond's branches may)."""
    if any(x is None for x in nest.flatten(out)):
        raise ValueError("None values not supported.")


def _loop_value(x):
    ta = _carrier(x)
    return ta if ta is not None else convert_to_tensor(x)


def _leaf_names(state):
    """A name for each carried array in error messages (its loop variable's position)."""
    names = []
    for k, s in enumerate(state):
        names.extend(f"#{k}" for _ in _flat(s))
    return names


def _check_loop_shapes(specs, state, out, shape_invariants):
    """TF's check that each loop variable keeps its shape, or one its `shape_invariants`
    allows. An XLA loop keeps its shapes: where the invariants relax one, the
    tf.function's calls run eagerly (CallsRunEagerly), as TF runs the loop."""
    if len(out) != len(specs):
        raise ValueError(f"tf.while_loop: the body returned {len(out)} tensors for "
                         f"{len(specs)} loop variables.")
    flat = _flat(state)
    invariants = [None] * len(flat) if shape_invariants is None else \
        nest.flatten(shape_invariants)
    for k, (spec, o) in enumerate(zip(specs, out)):
        if tuple(o.shape.as_list()) == tuple(spec.shape) or \
                len(flat) == len(specs) and _fits(o.shape, flat[k].shape):
            continue
        if len(invariants) != len(flat):   # (TensorArrays among the loop variables)
            raise CallsRunEagerly("a tf.while_loop relaxes a loop variable's shape with "
                                  "shape_invariants")
        if invariants[k] is not None and \
                TensorShape(invariants[k]).is_compatible_with(o.shape):
            raise CallsRunEagerly(f"tf.while_loop's loop variable {flat[k]!r} changes its "
                                  f"shape, as its shape_invariants allow")
        builder = func_graph.current()
        name = builder.display_name(flat[k]) if builder is not None else None
        raise ValueError(
            f"Input tensor `{name or f'#{k}'}` enters the loop with shape "
            f"{TensorShape(spec.shape)}, but has shape {o.shape} after one iteration. To "
            f"allow the shape to vary across iterations, use the `shape_invariants` argument "
            f"of tf.while_loop to specify a less-specific shape.")


def _fits(shape, entering):
    """TF's _ShapeLessThanOrEqual: `shape` is `entering` or more specific (a static shape
    leaves unknown what the traced one knows: RelaxedTensors)."""
    if entering.rank is None:
        return True
    return shape.rank == entering.rank and all(
        e is None or d == e for d, e in zip(shape.as_list(), entering.as_list()))


def _carried_arrays(body, state, maximum_iterations):
    """`state` with its TensorArrays as loop carries (stacked buffers). An array whose
    element shape is not known yet gets it from a first trace of the body (its writes)."""
    state = [nest.map_structure(
        lambda x: x._loop_carry(maximum_iterations) if _tensor_array(x) is not None else x,
        s) for s in state]
    pending = [x for x in nest.flatten(state) if _tensor_array(x) is not None
               and x._buffer is None]
    unknown = [x for x in nest.flatten(state) if _composite(x) and x._carry_unknown()]
    if not pending and not unknown:
        return state
    probe = _Traced(lambda *s: body(*s), state, [_spec(a) for a in _arrays(state)])
    out = nest.flatten(probe.out)
    if unknown:   # (an empty Optional: carried as the body's Optional is)
        typed = {id(x): x._typed_like(o) for x, o in zip(nest.flatten(state), out)
                 if _composite(x) and _composite(o) and x._carry_unknown()}
        state = [nest.map_structure(lambda x: typed.get(id(x), x), s) for s in state]
        if not pending:
            return state
    shapes = {}   # (the traced and static element shapes the body's writes give)
    for k, x in enumerate(nest.flatten(state)):
        ta = _tensor_array(out[k]) if k < len(out) else None
        shape = None if ta is None else ta._known_shape()
        if _tensor_array(x) is not None and x._buffer is None and shape is not None:
            shapes[id(x)] = (shape, ta.element_shape)
    for x in pending:
        if id(x) not in shapes:
            raise ValueError("tfcompat's tf.while_loop cannot carry a tf.TensorArray whose "
                             "element shape is unknown and that the loop body does not "
                             "write: give it an element_shape.")

    def fill(x):
        if _tensor_array(x) is None or x._buffer is not None:
            return x
        return x._copy(list(x._elements))._buffered(*shapes[id(x)])
    return [nest.map_structure(fill, s) for s in state]


def _guard_transpose(cotangent, x):
    if ctx.traces and not ctx.traces[-1].jit_compile:   # (TF's graph differentiates it)
        raise CallsRunEagerly("the reverse-mode gradient of a tf.while_loop without "
                              "maximum_iterations")
    raise errors.InvalidArgumentError(
        None, None, "XLA compilation requires a fixed tensor list size. Set the max number of "
        "elements. This could also happen if you're using a TensorArray in a while loop that "
        "does not have its maximum_iteration set, you can fix this by setting "
        "maximum_iteration to a suitable value. (tfcompat compiles every traced "
        "tf.while_loop with XLA: its reverse-mode gradient needs a static "
        "maximum_iterations.)")


# The identity on a while_loop's outputs, linear (forward mode passes through) but whose
# transpose raises TF's error: a lax.while_loop with a run-time trip count has no
# reverse-mode gradient, and this reports it as TF's XLA bridge does.
_reverse_guard_p = Primitive("tfcompat_while_reverse_guard")
_reverse_guard_p.def_impl(lambda x: x)
_reverse_guard_p.def_abstract_eval(lambda x: x)
ad.deflinear2(_reverse_guard_p, _guard_transpose)
batching.primitive_batchers[_reverse_guard_p] = \
    lambda args, dims: (_reverse_guard_p.bind(args[0]), dims[0])
mlir.register_lowering(_reverse_guard_p, mlir.lower_fun(lambda x: x, multiple_results=False))


def _no_reverse(arrays):
    return [_reverse_guard_p.bind(a) for a in arrays]
