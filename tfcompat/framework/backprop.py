"""Reverse mode over a tape: gradient(), jacobian() and batch_jacobian().

``extract`` cuts the part of a tape between sources and targets and describes it as a
program with a hashable structural key (ops, attributes, wiring). From its second
sighting on, a structure runs as a cached ``jax.jit(jax.vjp(replay))`` with the sources
and the other leaves as arguments: one XLA computation per training step. A structure
seen for the first time, or differentiated while other tapes record, is backpropagated
op by op instead, each op's VJP being itself an op (compiled once per op, attributes and
shapes) that the enclosing tapes record like any other: so a one-off tape pays no
whole-program compile, and nested tapes give higher orders, as TF's tape does.

TF's conventions kept here: complex gradients are TF's, each op's being conj(vjp(conj(ct)))
of JAX's, taken op by op (so that the sums of gradients, at a fan-out or a broadcast, add
TF's values, not their conjugates: the signs of zero parts differ); a source that is not
connected through float ops gets None (or zeros); a Variable is each of its reads on the
tape, and its gradient is the sum over them; an op recorded with a dependency mask (an
enclosed gradient) only connects the inputs its outputs structurally depend on.
"""
import collections
import enum
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Literal

from . import dtypes, errors, nest, tf_logging
from .constant_op import convert_to_tensor
from .dispatch import Op, execute, match, to_tensor
from .tape import _TRAINABLE_NP, _State, record
from .tensor import EagerTensor, Tensor
from .variables import Variable
from .context import ctx

_COMPLEX_NP = frozenset((np.dtype(np.complex64), np.dtype(np.complex128)))


def _conj(x):
    return jnp.conj(x) if x.dtype in _COMPLEX_NP else x


def _in_tf_convention(fn):
    """`fn` whose VJP takes and returns TF's complex gradients: conj(vjp(conj(ct)))."""
    f = jax.custom_vjp(fn)

    def fwd(*args):
        return jax.vjp(fn, *args)

    def bwd(pullback, ct):
        return tuple(_conj(g) for g in pullback(jax.tree_util.tree_map(_conj, ct)))

    f.defvjp(fwd, bwd)
    return f


class Slice:
    """The part of a tape that connects some sources to some targets."""

    __slots__ = ("program", "src_nodes", "leaves", "targets_used", "targets", "records")

    def __init__(self, program, src_nodes, leaves, targets_used, targets, records):
        self.program = program
        self.src_nodes = src_nodes        # the connected source nodes (tensors)
        self.leaves = leaves              # other inputs of the slice (constants)
        self.targets_used = targets_used  # indices of the connected targets
        self.targets = targets            # the connected targets
        self.records = records            # the tape records, in order

    def args(self):
        return [n._value for n in self.src_nodes] + [leaf._value for leaf in self.leaves]


def extract(state, source_nodes, targets):
    """The Slice between `source_nodes` (one list of nodes per user source) and `targets`,
    or None when no target depends on a source."""
    node_ids = {id(n) for nodes in source_nodes for n in nodes}
    # Forward: which tensors depend on a source.
    reached = set(node_ids)
    forward = []
    for rec in state.records:
        ins, outs, mask = rec[2], rec[3], rec[4]
        if mask is None:
            if any(id(t) in reached for t in ins):
                forward.append(rec)
                reached.update(id(o) for o in outs if o._value.dtype in _TRAINABLE_NP)
        else:
            hit = False
            for o, deps in zip(outs, mask):
                if any(id(ins[d]) in reached for d in deps):
                    reached.add(id(o))
                    hit = True
            if hit:
                forward.append(rec)
    # Backward: which of those the targets need.
    targets_used = [k for k, t in enumerate(targets) if id(t) in reached]
    if not targets_used:
        return None
    needed = {id(targets[k]) for k in targets_used}
    relevant = []
    for rec in reversed(forward):
        ins, outs, mask = rec[2], rec[3], rec[4]
        hits = [k for k, o in enumerate(outs) if id(o) in needed]
        if not hits:
            continue
        relevant.append(rec)
        if mask is None:
            needed.update(id(t) for t in ins if id(t) in reached)
        else:
            for k in hits:
                needed.update(id(ins[d]) for d in mask[k] if id(ins[d]) in reached)
    relevant.reverse()

    # Number the connected source nodes, then wire the program.
    slot = {}
    src_nodes = []
    groups = []        # per connected user source: the source-node slots to sum
    connected = []     # index of each connected user source
    for j, nodes in enumerate(source_nodes):
        g = []
        for n in nodes:
            if id(n) not in needed:
                continue
            if id(n) not in slot:
                slot[id(n)] = ("s", len(src_nodes))
                src_nodes.append(n)
            g.append(slot[id(n)][1])
        if g:
            groups.append(tuple(g))
            connected.append(j)
    if not groups:
        return None
    produced = {}
    leaves = []
    leaf_slot = {}
    steps = []
    for op, attrs, ins, outs, _mask in relevant:
        refs = []
        for t in ins:
            key = id(t)
            if key in produced:
                refs.append(produced[key])
            elif key in slot:
                refs.append(slot[key])
            else:
                if key not in leaf_slot:
                    leaf_slot[key] = ("l", len(leaves))
                    leaves.append(t)
                refs.append(leaf_slot[key])
        n = len(steps)
        # An output that is also a source (an intermediate source downstream of another
        # source) keeps its computed value but takes the source's cotangent too.
        overrides = tuple((k, slot[id(o)][1]) for k, o in enumerate(outs) if id(o) in slot)
        complex_ = any(t._value.dtype in _COMPLEX_NP for t in (*ins, *outs))
        steps.append((op, attrs, tuple(refs), len(outs), overrides, complex_))
        for k, o in enumerate(outs):
            produced[id(o)] = ("v", n, k)
    target_refs = tuple(produced.get(id(targets[k])) or slot[id(targets[k])]
                        for k in targets_used)
    key = (tuple(steps), len(src_nodes), len(leaves), target_refs, tuple(groups),
           tuple(connected))
    return Slice(_program(key), src_nodes, leaves, targets_used,
                 [targets[k] for k in targets_used], relevant)


_PROGRAMS = collections.OrderedDict()
_MAX_PROGRAMS = 256


def _program(key):
    program = _PROGRAMS.get(key)
    if program is None:
        program = _PROGRAMS[key] = _Program(key)
        if len(_PROGRAMS) > _MAX_PROGRAMS:
            _PROGRAMS.popitem(last=False)
    else:
        _PROGRAMS.move_to_end(key)
    return program


class DerivedOp:
    """An op made by differentiation (a gradient or jacobian program), recorded on
    enclosing tapes like any other op."""

    __slots__ = ("name", "fn", "differentiable", "vjps", "jvps")

    def __init__(self, name, fn):
        self.name = name
        self.fn = fn
        self.differentiable = True
        self.vjps = {}
        self.jvps = {}


class _Program:
    """A replayable, differentiable slice of a tape, identified by its structure."""

    def __init__(self, key):
        steps, n_src, n_leaf, target_refs, groups, connected = key
        self.connected = connected
        self.groups = groups
        self.seen = 0
        # Ops with a Python gradient function (tf.custom_gradient) are backpropagated
        # eagerly: their gradient may be None, which a compiled replay cannot express.
        self.eager_only = any(getattr(step[0], "vjp_tensors", None) is not None
                              for step in steps)

        def replay(src, leaves):
            values = []
            for op, attrs, refs, _n_out, overrides, complex_ in steps:
                args = [src[r[1]] if r[0] == "s" else leaves[r[1]] if r[0] == "l"
                        else values[r[1]][r[2]] for r in refs]
                if complex_:
                    fn = functools.partial(op.fn, **dict(attrs))
                    out = _in_tf_convention(fn)(*args)
                else:
                    out = op.fn(*args, **dict(attrs))
                outs = list(out) if isinstance(out, (tuple, list)) else [out]
                for k, s in overrides:
                    outs[k] = outs[k] + (src[s] - jax.lax.stop_gradient(src[s]))
                values.append(outs)
            return [src[r[1]] if r[0] == "s" else values[r[1]][r[2]] for r in target_refs]

        def grad_fn(*args):
            """Gradients of the targets (weighted by the cotangents after the sources and
            leaves) w.r.t. each connected user source."""
            src = list(args[:n_src])
            leaves = args[n_src:n_src + n_leaf]
            cts = list(args[n_src + n_leaf:])
            _, pullback = jax.vjp(lambda s: replay(s, leaves), src)
            (g,) = pullback(cts)
            return self.sum_groups(g)

        self.fn = grad_fn
        self._jitted = None
        self._jacobians = {}
        self._masks = {}

    def sum_groups(self, grads):
        """Per connected user source, the sum of its nodes' gradients (arrays or
        Tensors; None if none)."""
        out = []
        for group in self.groups:
            acc = None
            for i in group:
                if grads[i] is not None:
                    acc = grads[i] if acc is None else acc + grads[i]
            out.append(acc)
        return tuple(out)

    @property
    def jitted(self):
        if self._jitted is None:
            self._jitted = jax.jit(self.fn)
        return self._jitted

    def jacobian_op(self, target, batch):
        """The op computing the jacobian of the (single) target w.r.t. the sources, by
        vmap over the vjp: full (target.shape + source.shape) or, with `batch`, per
        example ([b] + target.shape[1:] + source.shape[1:])."""
        key = (target.shape, target.dtype, batch)
        entry = self._jacobians.get(key)
        if entry is None:
            op = DerivedOp("BatchJacobian" if batch else "Jacobian",
                           _jacobian_fn(self.fn, target.shape, target.dtype, batch))
            entry = self._jacobians[key] = (op, jax.jit(op.fn))
        return entry

    def mask(self, fn, args):
        """Which inputs each output of `fn` structurally depends on (from its jaxpr), so
        that an outer tape sees None, as TF does, where a gradient does not depend on a
        source."""
        sig = (fn, tuple((a.shape, a.dtype) for a in args))
        m = self._masks.get(sig)
        if m is None:
            m = self._masks[sig] = _dependencies(jax.make_jaxpr(fn)(*args).jaxpr)
        return m


def _jacobian_fn(grad_fn, target_shape, dtype, batch):
    """vmap of `grad_fn` over one-hot cotangents: each row of the jacobian is a vjp."""
    if batch:
        b, rest = target_shape[0], int(np.prod(target_shape[1:]))
        basis = np.broadcast_to(np.eye(rest, dtype=dtype)[:, None, :], (rest, b, rest))
    else:
        basis = np.eye(int(np.prod(target_shape)), dtype=dtype)

    def jacobian(*args):
        outs = jax.vmap(lambda ct: grad_fn(*args, ct.reshape(target_shape)))(basis)
        if not batch:
            return tuple(o.reshape(target_shape + o.shape[1:]) for o in outs)
        return tuple(jnp.moveaxis(o, 0, 1).reshape(target_shape + o.shape[2:]) for o in outs)
    return jacobian


def _dependencies(jaxpr):
    deps = {v: frozenset((i,)) for i, v in enumerate(jaxpr.invars)}
    _propagate(jaxpr, deps)
    return tuple(() if isinstance(v, Literal) else tuple(sorted(deps.get(v, ())))
                 for v in jaxpr.outvars)


def _propagate(jaxpr, deps):
    empty = frozenset()
    for eqn in jaxpr.eqns:
        ins = [empty if isinstance(v, Literal) else deps.get(v, empty) for v in eqn.invars]
        inner = eqn.params.get("jaxpr", eqn.params.get("call_jaxpr"))
        inner = getattr(inner, "jaxpr", inner)
        if inner is not None and hasattr(inner, "eqns") and len(inner.invars) == len(ins):
            sub = dict(zip(inner.invars, ins))
            _propagate(inner, sub)
            for v, w in zip(eqn.outvars, inner.outvars):
                deps[v] = empty if isinstance(w, Literal) else sub.get(w, empty)
        else:
            union = empty.union(*ins) if ins else empty
            for v in eqn.outvars:
                deps[v] = union


# -- running a slice -----------------------------------------------------------------------

def run_gradient(sl, cts):
    """The gradients of a Slice for cotangents `cts` (one per used target), as Tensors
    (or None) per connected user source."""
    program = sl.program
    program.seen += 1
    # Eagerly, a tape seen once backpropagates op by op (compiling a whole-tape program
    # would not pay off); inside a tf.function trace the program is traced once anyway.
    if (program.seen == 1 and not ctx.traces) or program.eager_only or ctx.tapes or \
            ctx.accumulators:
        return _backward_eagerly(sl, cts)
    args = sl.args() + [c._value for c in cts]
    return [EagerTensor(o) for o in program.jitted(*args)]


def run_jacobian(sl, target, batch):
    """The jacobian of a Slice's single target, as Tensors per connected user source;
    recorded on enclosing tapes as one op (hessians by nested tapes)."""
    program = sl.program
    op, jitted = program.jacobian_op(target._value, batch)
    args = sl.args()
    with _not_recording() as outer:
        results = [EagerTensor(o) for o in jitted(*args)]
    if outer:
        record(op, (), tuple(sl.src_nodes) + tuple(sl.leaves), tuple(results),
               program.mask(op.fn, args))
    return results


class _not_recording:
    """Suspends all tapes while a jacobian is computed: enclosing tapes record it as
    one derived op afterwards."""

    def __enter__(self):
        self.saved = ctx.tapes[:]
        ctx.tapes.clear()
        return self.saved

    def __exit__(self, *exc):
        ctx.tapes[:] = self.saved


def _backward_eagerly(sl, cts):
    """Backpropagate op by op; each VJP runs as an op, recorded on the active tapes."""
    acc = {}
    for t, c in zip(sl.targets, cts):
        _accumulate(acc, t, c)
    for op, attrs, ins, outs, _mask in reversed(sl.records):
        out_cts = [acc.get(id(o)) for o in outs]
        if all(c is None for c in out_cts):
            continue
        custom = getattr(op, "vjp_tensors", None)
        if custom is not None:
            in_cts = custom([_zeros(o) if c is None else c for o, c in zip(outs, out_cts)])
        else:
            in_cts = _vjp(op, attrs, ins, outs, out_cts)
        for t, c in zip(ins, in_cts):
            if c is not None and t._value.dtype in _TRAINABLE_NP:
                _accumulate(acc, t, c)
    # A node no cotangent reached had only None gradients (custom_gradient): None.
    grads = [acc.get(id(n)) for n in sl.src_nodes]
    return sl.program.sum_groups(grads)


def _accumulate(acc, t, c):
    key = id(t)
    prev = acc.get(key)
    acc[key] = c if prev is None else prev + c


def _zeros(t):
    return EagerTensor(jnp.zeros(t._value.shape, t._value.dtype))


def _vjp(op, attrs, ins, outs, out_cts):
    """The cotangents of `op`'s inputs (None for non-float ones), by its VJP op."""
    in_float = tuple(t._value.dtype in _TRAINABLE_NP for t in ins)
    out_float = tuple(o._value.dtype in _TRAINABLE_NP for o in outs)
    vjp_op = _vjp_op(op, attrs, in_float, out_float)
    cts = tuple(_zeros(o) if c is None else c
                for o, c, f in zip(outs, out_cts, out_float) if f)
    grads = iter(execute(vjp_op, tuple(ins) + cts))
    return [next(grads) if f else None for f in in_float]


def _vjp_op(op, attrs, in_float, out_float):
    """`op`'s VJP as an Op of (inputs, float output cotangents) -> float input
    cotangents, cached per (attributes, which inputs and outputs are float)."""
    key = (attrs, in_float, out_float)
    vjp_op = op.vjps.get(key)
    if vjp_op is None:
        fn, kw, n_in = op.fn, dict(attrs), len(in_float)

        def vjp(*args):
            # TF's complex gradients: conj(vjp(conj(ct))).
            out, pullback = jax.vjp(lambda *a: fn(*a, **kw), *args[:n_in])
            multi = isinstance(out, (tuple, list))
            it = iter(args[n_in:])
            cts = [_conj(next(it)) if f else np.zeros(o.shape, jax.dtypes.float0)
                   for o, f in zip(out if multi else [out], out_float)]
            grads = pullback(type(out)(cts) if multi else cts[0])
            return tuple(_conj(g) for g, f in zip(grads, in_float) if f)
        vjp_op = op.vjps[key] = Op(f"{op.name}Grad", vjp, dependencies=_dependency_cache(vjp),
                                   error=_reraise)
    return vjp_op


def _reraise(op, arrays, attrs, exc):
    """A VJP's failure is the gradient's own error (TF's 'Gradient not defined ...')."""
    return exc


def _dependency_cache(fn):
    """`dependencies` for an Op: the jaxpr's input dependencies, once per signature."""
    cache = {}

    def dependencies(arrays, attrs):
        sig = tuple((a.shape, a.dtype) for a in arrays)
        mask = cache.get(sig)
        if mask is None:
            mask = cache[sig] = _dependencies(jax.make_jaxpr(fn)(*arrays).jaxpr)
        return mask
    return dependencies


# -- output gradients ------------------------------------------------------------------------

_ONES = {}


def _ones(shape, dtype):
    """Cached device arrays of ones: the default output gradient of every gradient()."""
    key = (shape, dtype)
    arr = _ONES.get(key)
    if arr is None:
        if len(_ONES) > 256:
            _ONES.clear()
        with jax.ensure_compile_time_eval():  # cached: never a tracer; no XLA compile
            arr = _ONES[key] = jax.device_put(np.ones(shape, dtype))
    return arr


def seed(target, ct):
    """The output gradient for `target`: ones, or `ct` checked as TF's Mul would."""
    value = target._value
    if ct is None:
        return EagerTensor(_ones(value.shape, value.dtype))
    if ct._value.dtype != value.dtype:
        from .dispatch import mismatch_error
        raise mismatch_error("Mul", 1, ct.dtype, target.dtype)
    if ct._value.shape != value.shape:
        try:
            ct = EagerTensor(jnp.broadcast_to(ct._value, value.shape))
        except ValueError:
            a = ",".join(map(str, value.shape))
            b = ",".join(map(str, ct._value.shape))
            raise errors.op_error(errors.InvalidArgumentError, "Mul",
                                  f"Incompatible shapes: [{b}] vs. [{a}]", kernel="Mul") from None
    return ct


# -- tf.GradientTape --------------------------------------------------------------------

class UnconnectedGradients(enum.Enum):
    """tf.UnconnectedGradients."""

    NONE = "none"
    ZERO = "zero"


class _StopRecording:
    def __init__(self, tape):
        self._tape = tape
        self._popped = False

    def __enter__(self):
        if self._tape._tape is None:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        if not self._tape._recording:
            raise ValueError("Tape is not recording.")
        self._tape._pop()
        self._popped = True

    def __exit__(self, *exc):
        if self._popped:
            self._tape._push()


class GradientTape:
    """tf.GradientTape(persistent=False, watch_accessed_variables=True)."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._tape = None
        self._recording = False
        self._watched_variables = ()

    def __enter__(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to "
                             "re-enter an already-active tape.")
        if self._tape is None:
            self._tape = _State(self._watch_accessed_variables)
        self._push()
        return self

    def __exit__(self, typ, value, traceback):
        if self._recording:
            self._pop()

    def _push(self):
        ctx.tapes.append(self._tape)
        self._recording = True

    def _pop(self):
        ctx.tapes.remove(self._tape)
        self._recording = False

    def watch(self, tensor):
        """Ensures that `tensor` (a Tensor, Variable or nest of them) is traced."""
        if self._tape is None:
            raise AttributeError("'NoneType' object has no attribute '_tape'")
        state = self._tape
        for t in nest.flatten(tensor):
            t = as_resource_variable(t)
            if isinstance(t, Variable):
                handle = t._handle
                _check_watch_dtype(handle.dtype)
                state.variables[id(handle)] = handle
            elif isinstance(t, Tensor):
                if not _check_watch_dtype(t.dtype):
                    continue
                state.ids.add(id(t))
                state.keep.append(t)
            else:
                raise ValueError(f"Passed in object {t} of type '{type(t).__name__}', not "
                                 f"tf.Tensor or tf.Variable or ExtensionType.")

    def stop_recording(self):
        """A context in which ops are not recorded on this tape."""
        return _StopRecording(self)

    def reset(self):
        """Forget everything recorded so far (as exiting and re-entering a fresh tape)."""
        if not self._recording:
            raise ValueError("Tape is not recording.")
        self._pop()
        self._tape = _State(self._watch_accessed_variables)
        self._push()

    def watched_variables(self):
        if self._tape is not None:
            self._watched_variables = tuple(
                sorted(self._tape.variables.values(), key=lambda v: v._uid))
        return self._watched_variables

    def _consume(self):
        if self._tape is None:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute "
                               "one set of gradients (or jacobians)")
        if self._recording:
            if not self._persistent:
                self._pop()
            else:
                tf_logging.warning_first_n(_PERSISTENT_IN_CONTEXT, 1, "persistent_in_context")
        return self._tape

    def _release(self):
        if not self._persistent:
            self.watched_variables()
            self._tape = None

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """The gradient of `target` (summed over a nest of targets) w.r.t. `sources`."""
        state = self._consume()
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                            "Variables or CompositeTensors to be differentiated, but received "
                            "None.")
        flat_targets = [_check_node(t) for t in nest.flatten(target)]
        flat_sources = [_check_node(s) for s in nest.flatten(sources)]
        mode = _unconnected_mode(unconnected_gradients)
        if output_gradients is not None:
            output_gradients = [_output_gradient(g) for g in nest.flatten(output_gradients)]
        source_nodes = _source_nodes(state, flat_sources)
        targets, cts = [], []
        for i, t in enumerate(flat_targets):
            if isinstance(t, Variable):
                t = _variable_target(t, flat_sources, source_nodes)
            if t._value.dtype not in _TRAINABLE_NP:
                continue
            targets.append(t)
            ct = output_gradients[i] if output_gradients and i < len(output_gradients) else None
            cts.append(seed(t, ct))
        sl = extract(state, source_nodes, targets)
        sparse = _row_gathers(sl, source_nodes) if sl is not None else {}
        if sparse:
            # Differentiate w.r.t. each gather's output instead: TF's IndexedSlices.
            for j, gathers in sparse.items():
                source_nodes[j] = []
                source_nodes.extend([g] for g, _ in gathers)
            sl = extract(state, source_nodes, targets)
        grads = [None] * len(source_nodes)
        if sl is not None:
            for j, g in zip(sl.program.connected,
                            run_gradient(sl, [cts[k] for k in sl.targets_used])):
                grads[j] = g
        extra = iter(grads[len(flat_sources):])
        for j, gathers in sparse.items():
            grads[j] = _indexed_slices(flat_sources[j], gathers, [next(extra) for _ in gathers])
        grads = grads[:len(flat_sources)]
        _fill_unconnected(grads, flat_sources, mode)
        self._release()
        return nest.pack_sequence_as(sources, grads)

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """tf.GradientTape.jacobian: shape target.shape + source.shape per source, by vmap
        over the vjp (`parallel_iterations` and pfor do not apply)."""
        if self._tape is None:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute "
                               "one set of gradients (or jacobians)")
        target.shape  # noqa: B018 (TF's AttributeError for a list target)
        flat_sources = [_check_node(s) for s in nest.flatten(sources)]
        mode = _unconnected_mode(unconnected_gradients)
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError("GradientTape must be created with persistent=True to compute "
                               "the jacobian with eager execution enabled and with  "
                               "experimental_use_pfor set to False.")
        state = self._consume()
        target = _check_node(target)
        source_nodes = _source_nodes(state, flat_sources)
        if isinstance(target, Variable):
            target = _variable_target(target, flat_sources, source_nodes)
        out = [None] * len(flat_sources)
        if target._value.dtype in _TRAINABLE_NP:
            sl = extract(state, source_nodes, [target])
            if sl is not None and experimental_use_pfor:
                _warn_densified(sl, source_nodes, flat_sources)
            if sl is not None:
                for j, g in zip(sl.program.connected, run_jacobian(sl, target, batch=False)):
                    out[j] = g
        if mode is UnconnectedGradients.ZERO:
            for j, s in enumerate(flat_sources):
                if out[j] is None:
                    value = _value_of(s)
                    out[j] = EagerTensor(jnp.zeros(target._value.shape + value.shape,
                                                   value.dtype))
        self._release()
        return nest.pack_sequence_as(sources, out)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """tf.GradientTape.batch_jacobian: [b] + target.shape[1:] + source.shape[1:], rows
        of independent examples. Unconnected sources give zeros, as in TF."""
        if self._tape is None:
            raise RuntimeError("A non-persistent GradientTape can only be used to"
                               "compute one set of gradients (or jacobians)")
        t_shape, s_shape = target.shape, source.shape
        if t_shape.rank == 0:   # TF reads target.shape.dims[0] first
            raise IndexError("list index out of range")
        t_shape.with_rank_at_least(2)
        s_shape.with_rank_at_least(2)
        if t_shape[0] != s_shape[0]:
            raise ValueError(f"Need first dimension of target shape ({t_shape}) and source "
                             f"shape ({s_shape}) to match.")
        if not experimental_use_pfor and not self._persistent:
            raise RuntimeError("GradientTape must be created with persistent=True to compute "
                               "the batch_jacobian with eager execution enabled and  with "
                               "experimental_use_pfor set to False.")
        state = self._consume()
        source_nodes = _source_nodes(state, [source])
        if isinstance(target, Variable):
            target = _variable_target(target, [source], source_nodes)
        out = None
        if target._value.dtype in _TRAINABLE_NP:
            sl = extract(state, source_nodes, [target])
            if sl is not None:
                out = run_jacobian(sl, target, batch=True)[0]
        if out is None:
            out = EagerTensor(jnp.zeros(tuple(t_shape) + tuple(s_shape)[1:],
                                        target._value.dtype))
        self._release()
        return out


_PERSISTENT_IN_CONTEXT = (
    "Calling GradientTape.gradient on a persistent tape inside its context is significantly "
    "less efficient than calling it outside the context (it causes the gradient ops to be "
    "recorded on the tape, leading to increased CPU and memory usage). Only call "
    "GradientTape.gradient inside the context if you actually want to trace the gradient in "
    "order to compute higher order derivatives.")


def _check_watch_dtype(dtype):
    if dtype in dtypes.TRAINABLE:
        return True
    tf_logging.warning_first_n(
        f"The dtype of the watched tensor must be floating (e.g. tf.float32), got {dtype!r}",
        5, "watch_dtype")
    return False


def as_resource_variable(x):
    """An object that acts as a resource variable (``_should_act_as_resource_variable``,
    as keras.Variable) is its ``handle``'s Variable for a tape, as in TF."""
    if getattr(x, "_should_act_as_resource_variable", False) and \
            not isinstance(x, (Tensor, Variable)):
        handle = x.handle
        if isinstance(handle, Variable):
            return handle
    return x


def _check_node(x):
    x = as_resource_variable(x)
    if isinstance(x, (Tensor, Variable)):
        return x
    if x is None:
        raise TypeError("Cannot convert the argument `type_value`: None to a TensorFlow DType.")
    if isinstance(x, str):   # TF reads its dtype: as_dtype of a name that is not one raises
        dtypes.as_dtype(x)
    cls = type(x)
    name = cls.__qualname__ if cls.__module__ == "builtins" else \
        f"{cls.__module__}.{cls.__qualname__}"
    missing = "_id" if hasattr(x, "dtype") else "dtype"
    raise AttributeError(f"'{name}' object has no attribute '{missing}'")


def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False,
              aggregation_method=None, stop_gradients=None,
              unconnected_gradients=UnconnectedGradients.NONE):
    """tf.gradients: a graph-mode API; in eager mode TF raises, as here."""
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use "
                       "tf.GradientTape instead.")


def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians"):
    """tf.hessians: built on tf.gradients, so eager mode raises as TF does."""
    return gradients(ys, xs)


def _unconnected_mode(value):
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}") from None


def _output_gradient(g):
    if g is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    return convert_to_tensor(g)


def _value_of(x):
    return x._handle._value if isinstance(x, Variable) else x._value


def _source_nodes(state, sources):
    """Per source, its nodes on the tape: a tensor is its own node; a Variable is each
    of its reads."""
    nodes = []
    for s in sources:
        if isinstance(s, Variable):
            nodes.append(list(state.reads.get(id(s._handle), ())))
        elif s._value.dtype in _TRAINABLE_NP:
            nodes.append([s])
        else:
            nodes.append([])
    return nodes


def _row_gathers(sl, source_nodes):
    """The sources whose every use between them and the targets is an axis-0 tf.gather
    of them: for each, the (output, indices) of those gathers. Their gradient is an
    IndexedSlices."""
    if not any(rec[0].name == "GatherV2" for rec in sl.records):
        return {}
    connected = {id(n) for n in sl.src_nodes}
    uses = {}
    for rec in sl.records:
        for pos, t in enumerate(rec[2]):
            if id(t) in connected:
                uses.setdefault(id(t), []).append((rec, pos))
    sparse = {}
    for j, ns in enumerate(source_nodes):
        gathers = []
        for n in ns:
            if id(n) not in connected:
                continue
            found = uses.get(id(n))
            if not found or not all(pos == 0 and rec[0].name == "GatherV2" and
                                    rec[1] == (("axis", 0), ("batch_dims", 0))
                                    for rec, pos in found):
                break
            gathers.extend((rec[3][0], rec[2][1]) for rec, _ in found)
        else:
            if gathers:
                sparse[j] = gathers
    return sparse


def _graph_tensor(name, shape, dtype):
    return f'Tensor("{name}:0", shape={tuple(shape)}, dtype={dtype})'


def _warn_densified(sl, source_nodes, sources):
    """TF's jacobian (pfor) computes a gathered source's gradient as an IndexedSlices, which
    it densifies with this warning, naming tensors of its loop graph. The names are TF's
    where only element-wise ops lie between the gathers and the target: each gather's
    gradient makes two Reshapes and a Const, the last gather recorded first, and several
    gathers of one source are concatenated (a reduction or reshape in between would shift
    TF's counters)."""
    sparse = _row_gathers(sl, source_nodes)
    if not sparse:
        return
    position = {id(rec[3][0]): i for i, rec in enumerate(sl.records)}
    order = sorted((g for gathers in sparse.values() for g, _ in gathers),
                   key=lambda g: -position[id(g)])
    built = {id(g): k for k, g in enumerate(order)}
    concats = 0
    for j in sorted(sparse):
        gathers = sparse[j]
        shape = _value_of(sources[j]).shape
        n = sum(int(np.prod(idx.shape)) for _, idx in gathers)
        index_dtype = gathers[0][1].dtype.name
        first = min(built[id(g)] for g, _ in gathers)
        if len(gathers) == 1:
            values, indices = f"gradient_tape/Reshape_{2 * first + 1}", \
                f"gradient_tape/Reshape_{2 * first + 2}"
        else:
            values = "loop_body/concat" + (f"_{concats}" if concats else "")
            indices = f"loop_body/concat_{concats + 1}"
            concats += 2
        dense = "gradient_tape/Const" + (f"_{first}" if first else "")
        slices = (f"IndexedSlices(indices={_graph_tensor(indices, (n,), index_dtype)}, "
                  f"values={_graph_tensor(values, (n,) + shape[1:], sources[j].dtype.name)}, "
                  f"dense_shape={_graph_tensor(dense, (len(shape),), 'int32')})")
        tf_logging.get_logger().warning(
            f"Converting {slices} to a dense representation may make it slow. Alternatively, "
            f"output the indices and values of the IndexedSlices separately, and handle the "
            f"vectorized outputs directly.")


# The ops that assemble a gather's IndexedSlices gradient: TF's Reshape and ConcatV2, run
# through execute so that enclosing tapes and a tf.function's graph record them.
_RESHAPE = Op("Reshape", lambda x, shape: jnp.reshape(x, shape))
_CONCAT = Op("ConcatV2", lambda *xs, axis: jnp.concatenate(xs, axis))


def _reshaped(x, shape):
    """tf.reshape of `x` to `shape` (one -1; for an empty tensor, the -1 is what its
    nonzero sizes leave, as tf.reshape computes it)."""
    x = to_tensor(x)
    if 0 in shape:
        have = int(np.prod([d for d in x._value.shape if d]))
        shape = tuple(have // int(np.prod([d for d in shape if d > 0])) if d == -1 else d
                      for d in shape)
    return execute(_RESHAPE, (x,), (("shape", shape),))


def _concatenated(values):
    """tf.concat of `values` (two or more) on axis 0 (TF's error for mixed dtypes)."""
    return execute(_CONCAT, match(values, _CONCAT, op_suffix="concat"), (("axis", 0),))


def _indexed_slices(source, gathers, grads):
    """TF's GatherV2 gradient, aggregated over gathers: rows `indices` get `values`."""
    from .indexed_slices import IndexedSlices
    shape = tuple(int(d) for d in _value_of(source).shape)
    values, indices = [], []
    for (_, idx), g in zip(gathers, grads):
        if g is not None:
            values.append(_reshaped(g, (-1,) + shape[1:]))
            indices.append(_reshaped(idx, (-1,)))
    if not values:
        return None
    if len(values) > 1:
        values, indices = [_concatenated(values)], [_concatenated(indices)]
    return IndexedSlices(values[0], indices[0],
                         EagerTensor(jnp.asarray(np.asarray(shape, np.int32))))


def _variable_target(variable, sources, source_nodes):
    """A Variable target is its current value, connected only to itself as a source."""
    t = EagerTensor(variable._handle._value)
    for j, s in enumerate(sources):
        if isinstance(s, Variable) and s._handle is variable._handle:
            source_nodes[j] = source_nodes[j] + [t]
    return t


def _fill_unconnected(grads, sources, mode):
    if mode is UnconnectedGradients.ZERO:
        for j, s in enumerate(sources):
            if grads[j] is None:
                value = _value_of(s)
                grads[j] = EagerTensor(jnp.zeros(value.shape, value.dtype))
