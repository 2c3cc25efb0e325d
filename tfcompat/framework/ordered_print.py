"""The host callback of a traced tf.print (and summary write): jax.debug.callback's
ordered callback, run once per call in program order, which also lowers in a program
that spans several devices (a tf.function over a MirroredStrategy's replicas), where
XLA takes no ordered debug callback: its effect is an ordered effect that jax may shard,
lowered as an ordered io_callback is (once, on the program's first device). Under
transformations: vmap calls it for each example (a tf.print: once, with the first
example's values, as TF's vectorized_map prints); differentiated, it prints nothing (a
GradientTape's gradient replays the ops it recorded, whose prints TF ran once, when they
ran), and the gradient passes through nothing."""
import functools

import jax
from jax._src import callback as jax_callback
from jax._src import core as jax_core
from jax._src import debugging, effects
from jax.extend.core import ClosedJaxpr, Primitive
from jax.interpreters import ad, batching, mlir
from jax.interpreters import partial_eval as pe

from . import context


class _PrintEffect(effects.Effect):
    __str__ = lambda self: "OrderedPrint"   # noqa: E731


_effect = _PrintEffect()
for _kind in (effects.ordered_effects, effects.shardable_ordered_effects,
              effects.lowerable_effects, effects.control_flow_allowed_effects,
              effects.remat_allowed_effects, effects.custom_derivatives_allowed_effects,
              effects.partial_eval_kept_effects):
    _kind.add_type(_PrintEffect)

print_p = Primitive("tfcompat_print")
print_p.multiple_results = True


def callback(fn, *args, first_example=False):
    """``fn(*args)`` on the host each time the traced program runs, in order (vectorized:
    for each example, or once for the first if `first_example`)."""
    flat, tree = jax.tree_util.tree_flatten(args)
    call = functools.partial(_unflattened, fn, tree)
    call.first_example = first_example
    print_p.bind(*flat, fn=call)


def _batched(args, dims, *, fn):
    if not fn.first_example:
        return debugging.debug_batching_rule(args, dims, primitive=print_p, fn=fn)
    if next(a.shape[d] for a, d in zip(args, dims) if d is not None):
        print_p.bind(*[a if d is None else jax.lax.index_in_dim(a, 0, d, keepdims=False)
                       for a, d in zip(args, dims)], fn=fn)
    return [], []


def _unflattened(fn, tree, *flat):
    fn(*jax.tree_util.tree_unflatten(tree, flat))


@context.x64   # (XLA's thread; in 32-bit mode device_put would convert int64 values)
def _impl(*flat, fn):
    cpu = jax.local_devices(backend="cpu")[0]
    with jax.default_device(cpu):
        fn(*jax.device_put(flat, cpu))
    return ()


def _lowering(ctx, *args, fn):
    if context.ctx.exporting:   # (tf.saved_model.save's trace, which nothing runs: lift)
        ctx.set_tokens_out(ctx.tokens_in)
        return []
    sharding = jax_callback._callback_op_sharding(ctx.module_context.axis_context, None,
                                                  ctx.avals_out)
    _, token, _ = jax_callback.emit_python_callback(
        ctx, lambda *flat: _impl(*flat, fn=fn), ctx.tokens_in.get(_effect), list(args),
        ctx.avals_in, ctx.avals_out, has_side_effect=True, returns_token=True,
        sharding=sharding)
    ctx.set_tokens_out(ctx.tokens_in.update_tokens(mlir.TokenSet({_effect: token})))
    return []


def lift(closed):
    """(`closed` with its top-level callbacks taken out, their arrays made its trailing
    outputs, [(the function each calls, its number of arrays)]): what
    tf.saved_model.save serializes, whose loaded function calls them after the program
    (jax.export serializes no host callback)."""
    jaxpr = closed.jaxpr
    kept, lifted, outvars = [], [], []
    for eqn in jaxpr.eqns:
        if eqn.primitive is print_p:
            lifted.append((eqn.params["fn"], len(eqn.invars)))
            outvars.extend(eqn.invars)
        else:
            kept.append(eqn)
    if not lifted:
        return closed, []
    info = jaxpr.debug_info
    if info.result_paths is not None:
        info = info._replace(result_paths=tuple(info.result_paths) + tuple(
            f"print{i}" for i in range(len(outvars))))
    jaxpr = jaxpr.replace(eqns=kept, outvars=list(jaxpr.outvars) + outvars, debug_info=info,
                          effects=jax_core.join_effects(*(e.effects for e in kept)))
    return ClosedJaxpr(jaxpr, closed.consts), lifted


print_p.def_impl(_impl)
print_p.def_effectful_abstract_eval(lambda *avals, fn: ([], {_effect}))
mlir.register_lowering(print_p, _lowering, cacheable=False)
ad.primitive_jvps[print_p] = lambda primals, tangents, fn: ([], [])
ad.primitive_transposes[print_p] = lambda _, *args, fn: [None] * len(args)
batching.primitive_batchers[print_p] = _batched
pe.partial_eval_jaxpr_custom_rules[print_p] = functools.partial(
    debugging._debug_partial_eval_custom, primitive=print_p)
