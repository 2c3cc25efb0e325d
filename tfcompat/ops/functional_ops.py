"""tf.scan, tf.map_fn, tf.vectorized_map, tf.foldl and tf.foldr.

Eagerly these loop in Python over recorded ops, as TF's eager mode runs them op by op.
Inside tf.function each is one lax.scan (reverse=True for foldr and scan(reverse=True)),
its step function traced once (control_flow_traced), the Variables it assigns and the
run-time checks it registers threaded as carries (control_flow_checks); vectorized_map is
a jax.vmap.
"""
import jax
import jax.numpy as jnp

from ..framework import dtypes, errors, func_graph, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx
from ..framework.relaxed_shapes import merged_dims, stacked_dims
from ..framework.tensor_shape import TensorShape
from .control_flow_carry import _arrays, _flat, _like, _pack
from .control_flow_ops import _as_op, _no_nones, _placeholder
from .control_flow_traced import _Traced, _draw_bases, _drawn, _graph_scope, _spec, _traced

__all__ = ["foldl", "foldr", "map_fn", "scan", "vectorized_map"]

def _in_function(*structures):
    return bool(ctx.traces) or any(_traced(t) for s in structures if s is not None
                                  for t in _flat(s))


def _elems(elems):
    flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    n = flat[0].shape[0]
    for e in flat[1:]:
        if e.shape[0] != n:
            raise ValueError(f"Elements in elems must have the same first dimension: got "
                             f"{n} and {e.shape[0]}")
    return nest.pack_sequence_as(elems, flat), flat, n


def _lax_scan(step, carry, elems, reverse=False, scope="scan"):
    """One lax.scan op: `step(carry, elem) -> (carry, out)` over the first dimension of
    the Tensors of `elems`; returns (final carry, outputs stacked). `scope`: TF's name
    scope of the function's while loop (its body's nodes: ``map/while/...``)."""
    with _graph_scope(scope, "While", inner="while"):
        return _scan_traced(step, carry, elems, reverse)


def _scan_names(n_carry):
    """TF's names of the tensors a tf.scan / tf.map_fn body takes: its accumulators (loop
    variables after the counter), then the elements read from TensorArrays."""
    def name(k):
        if k < n_carry:
            return _placeholder(k, 1)
        j = k - n_carry
        return f"TensorArrayV2Read{f'_{j}' if j else ''}/TensorListGetItem"
    return name


def _scan_traced(step, carry, elems, reverse):
    xs = _flat(elems)
    carry_arrays = _arrays(carry)
    n_carry = len(carry_arrays)
    specs = [_spec(a) for a in carry_arrays] + [
        jax.ShapeDtypeStruct(x._value.shape[1:], x._value.dtype) for x in xs]
    step_t = _Traced(step, (carry, elems), specs, _scan_names(n_carry))
    assigned = step_t.assigned
    where = [i for i, v in enumerate(step_t.variables) if any(v is a for a in assigned)]
    _no_nones(step_t.out)
    carry_out, ys_template = step_t.out

    bases = _draw_bases([step_t])
    checks = step_t.checks

    def compute(consts, var_values, *arrays):
        counts = arrays[len(arrays) - len(bases):]
        arrays = arrays[:len(arrays) - len(bases)]

        def body(c, x):
            values, var_carry, drawn, held = c
            full = list(var_values)
            for i, v in zip(where, var_carry):
                full[i] = v
            out, new_vars, drawn, new_held = step_t.call(
                consts[0], full, list(values) + list(x), assigned, list(drawn))
            new = out[:n_carry]
            for o, a in zip(new, values):
                if o.shape != a.shape or o.dtype != a.dtype:
                    raise ValueError(
                        f"The accumulator of tf.scan/tf.foldl/tf.foldr must keep its shape "
                        f"and dtype: {TensorShape(a.shape)} {a.dtype} became "
                        f"{TensorShape(o.shape)} {o.dtype}.")
            return (tuple(new), tuple(new_vars), tuple(drawn),
                    tuple(checks.first_failure(held, new_held))), tuple(out[n_carry:])

        def checked(c, x):
            """After a check failed, the iterations left are not run (as TF's loop
            stops there): carries unchanged, zero outputs."""
            def skipped(c, x):
                return c, tuple(jnp.zeros(y.shape, y.dtype) for y in ys_avals)
            return jax.lax.cond(checks.all_held(c[3]), body, skipped, c, x)
        init = (tuple(arrays[:n_carry]), tuple(var_values[i] for i in where), tuple(counts),
                tuple(checks.passed()))
        if checks:
            ys_avals = jax.eval_shape(body, init, tuple(
                jax.ShapeDtypeStruct(a.shape[1:], a.dtype) for a in arrays[n_carry:]))[1]
        (final, var_final, drawn, held), ys = jax.lax.scan(
            checked if checks else body, init, tuple(arrays[n_carry:]),
            length=xs[0]._value.shape[0], reverse=reverse)
        return list(final) + list(ys) + list(var_final) + list(drawn) + list(held)
    results = _as_op("Scan", compute, [step_t], _flat(carry) + xs + bases, linearized=True,
                     static_shapes=lambda attrs: [merged_dims((t,)) for t in _flat(carry)] +
                     [stacked_dims(xs[0], t) for t in _flat(ys_template)])
    results, held = results[:len(results) - checks.size], results[len(results) - checks.size:]
    results, finals = results[:len(results) - len(bases)], results[len(results) - len(bases):]
    _drawn([step_t], finals)
    checks.register(held)
    n_ys = len(results) - n_carry - len(assigned)
    for v, value in zip(assigned, results[n_carry + n_ys:]):
        v._value = _like(v, value)._value
    return (_pack(carry, results[:n_carry]),
            _pack(ys_template, results[n_carry:n_carry + n_ys]))


def _check_structure(initializer, out):
    try:
        nest.assert_same_structure(initializer, out)
    except (TypeError, ValueError) as e:
        raise ValueError(f"The structure of the accumulator returned by fn must match that "
                         f"of the initializer.\n\n{e}") from None


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
         swap_memory=False, infer_shape=True, reverse=False, name=None):
    """tf.scan: accumulates fn(acc, elem) over the first dimension of `elems` (nested
    structures allowed), stacking every accumulator; inside tf.function one lax.scan.
    parallel_iterations, back_prop, swap_memory and infer_shape have no effect."""
    from . import array_ops
    elems, elems_flat, n = _elems(elems)
    if _in_function(elems, initializer):
        if initializer is None:
            k, rest = (n - 1, slice(0, n - 1)) if reverse else (0, slice(1, n))
            acc = nest.pack_sequence_as(elems, [e[k] for e in elems_flat])
            xs = nest.pack_sequence_as(elems, [e[rest] for e in elems_flat])
        else:
            acc, xs = nest.map_structure(convert_to_tensor, initializer), elems

        def step(a, x):
            out = fn(a, x)
            _check_structure(acc, out)
            return out, out
        _, ys = _lax_scan(step, acc, xs, reverse, name or "scan")
        if initializer is not None:
            return ys
        join = (lambda y, a: [y, a[None]]) if reverse else (lambda y, a: [a[None], y])
        return nest.map_structure(lambda y, a: array_ops.concat(join(y, a), 0), ys, acc)
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
    """tf.map_fn: fn over the first dimension of `elems`, results stacked; inside
    tf.function one lax.scan. fn_output_signature/dtype is not needed (XLA knows fn's
    output dtypes); the other options have no effect. SparseTensor or RaggedTensor elems:
    see sparse_map_fn; ExtensionTypes: extension_type_map."""
    from . import array_ops, extension_type_map, sparse_map_fn
    signature = fn_output_signature if fn_output_signature is not None else dtype
    if extension_type_map.involves(elems, signature):
        return extension_type_map.map_fn(fn, elems, signature, lambda f, flat: map_fn(
            f, flat, parallel_iterations=parallel_iterations, name=name))
    if sparse_map_fn.has_composite(elems):
        return sparse_map_fn.map_fn(fn, elems, signature)
    elems, elems_flat, n = _elems(elems)

    def checked(x):
        out = fn(x)
        if signature is not None:
            _check_signature(signature, out)
        return out
    if _in_function(elems):
        return _lax_scan(lambda _, x: ((), checked(x)), (), elems, scope=name or "map")[1]
    outs = [checked(nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
            for i in range(n)]
    if not outs:
        raise ValueError("tfcompat's tf.map_fn needs a non-empty first dimension outside "
                         "tf.function (the output structure comes from calling fn).")
    return nest.map_structure(lambda *xs: array_ops.stack(list(xs)), *outs)


def _check_signature(signature, out):
    """TF's check of map_fn's outputs against fn_output_signature (dtypes or
    TensorSpecs, nested as the outputs)."""
    wanted, got = nest.flatten(signature), nest.flatten(out)
    if len(wanted) != len(got):
        raise ValueError(f"The two structures don't have the same nested structure: "
                         f"fn_output_signature {signature!r} and fn's output {out!r}.")
    for w, g in zip(wanted, got):
        want = w.dtype if hasattr(w, "shape") else dtypes.as_dtype(w)
        have = convert_to_tensor(g).dtype
        if have != want:
            raise errors.InvalidArgumentError(
                None, None, f"TensorArray dtype is {want.name} but Op is trying to write "
                            f"dtype {have.name} ")


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """tf.vectorized_map: fn traced once on one element and batched with jax.vmap, as one
    op (a function that assigns Variables runs as tf.map_fn instead)."""
    elems, elems_flat, _ = _elems(elems)
    specs = [jax.ShapeDtypeStruct(e._value.shape[1:], e._value.dtype) for e in elems_flat]
    with _graph_scope("loop_body", "pfor"):   # (TF's pfor scope)
        fn_t = _Traced(fn, (elems,), specs)
    if fn_t.assigned or fn_t.sites:   # (stateful random ops draw per element)
        return map_fn(fn, elems)
    checks = fn_t.checks.vectorized(func_graph.definition_frames())

    def compute(consts, var_values, *xs):
        def one(*x):
            out, _, _, held = fn_t.call(consts[0], var_values, list(x), [])
            return tuple(out), tuple(held)
        out, held = jax.vmap(one)(*xs)
        return list(out) + fn_t.checks.vectorized_outputs(list(held))
    results = _as_op("VectorizedMap", compute, [fn_t], elems_flat,
                     static_shapes=lambda attrs: [stacked_dims(elems_flat[0], t)
                                            for t in _flat(fn_t.out)])
    checks.register(results[len(results) - checks.size:])
    return _pack(fn_t.out, results[:len(results) - checks.size])


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """tf.foldl: fn(acc, elem) from the first element on; inside tf.function one
    lax.scan."""
    return _fold(fn, elems, initializer, False, name or "foldl")


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """tf.foldr: fn(acc, elem) from the last element back; inside tf.function one
    reverse lax.scan."""
    return _fold(fn, elems, initializer, True, name or "foldr")


def _fold(fn, elems, initializer, reverse, scope):
    elems, elems_flat, n = _elems(elems)
    if initializer is None:
        k, rest = (n - 1, slice(0, n - 1)) if reverse else (0, slice(1, n))
        acc = nest.pack_sequence_as(elems, [e[k] for e in elems_flat])
        order = range(n - 2, -1, -1) if reverse else range(1, n)
    else:
        acc, rest = initializer, slice(0, n)
        order = range(n - 1, -1, -1) if reverse else range(n)
    if _in_function(elems, acc):
        acc = nest.map_structure(convert_to_tensor, acc)

        def step(a, x):
            out = fn(a, x)
            _check_structure(acc, out)
            return out, ()
        xs = nest.pack_sequence_as(elems, [e[rest] for e in elems_flat])
        return _lax_scan(step, acc, xs, reverse, scope)[0]
    for i in order:
        acc = fn(acc, nest.pack_sequence_as(elems, [e[i] for e in elems_flat]))
    return acc
