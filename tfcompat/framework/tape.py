"""Recording ops on active tapes, and tf.GradientTape.

Every op that runs while a tape is active and has a watched input is appended to that
tape as ``(op, attrs, inputs, outputs, mask)``: `op.fn` is the op's pure JAX function,
so the tape holds a closure of the computation. ``gradient()`` extracts the ops between
sources and targets, turns them into a program with a hashable structural key, and
runs a cached ``jax.jit`` of ``jax.vjp`` over the program's replay, with sources and
the other leaves passed as arguments. The gradient computation is itself recorded as
one op on every enclosing tape, which gives higher-order gradients.

TF's choices that differ from JAX's and are kept here: gradients of complex values are
the conjugate of JAX's (conj(vjp(conj(ct)))); sources that are not connected through
float ops give None (or zeros); each read of a Variable is its own node, and the
Variable's gradient is the sum over its reads.
"""
import collections
import enum

import jax
import jax.numpy as jnp
from jax.extend.core import Literal
import numpy as np

from . import dtypes, nest, tf_logging
from .tensor import EagerTensor, Tensor

# The active tapes, innermost last. Module-level (not thread-local) for speed.
_active = []

_TRAINABLE_NP = frozenset(np.dtype(d.as_numpy_dtype) for d in dtypes.TRAINABLE)
_COMPLEX_NP = frozenset((np.dtype(np.complex64), np.dtype(np.complex128)))


def is_trainable(value):
    return value.dtype in _TRAINABLE_NP


class UnconnectedGradients(enum.Enum):
    """tf.UnconnectedGradients."""

    NONE = "none"
    ZERO = "zero"


class _State:
    """What one tape has recorded. Holding the tensors keeps their ids unique."""

    __slots__ = ("ids", "records", "reads", "variables", "watch_accessed", "keep")

    def __init__(self, watch_accessed):
        self.ids = set()          # ids of watched tensors and of outputs of recorded ops
        self.records = []         # (op, attrs, inputs, outputs, mask)
        self.reads = {}           # id(variable handle) -> [read tensors]
        self.variables = {}       # id(variable handle) -> variable, for watched_variables()
        self.watch_accessed = watch_accessed
        self.keep = []            # watched tensors, kept alive


def record(op, attrs, inputs, outputs, mask=None):
    """Append an op to every active tape that watches one of its inputs."""
    for state in _active:
        ids = state.ids
        for t in inputs:
            if id(t) in ids:
                break
        else:
            continue
        state.records.append((op, attrs, inputs, outputs, mask))
        for o in outputs:
            if o._value.dtype in _TRAINABLE_NP:
                ids.add(id(o))


def record_read(variable, read):
    """A read of `variable` produced tensor `read`: make it a node of each tape that
    watches the variable (trainable ones are watched on access)."""
    handle = variable._handle
    key = id(handle)
    for state in _active:
        if key not in state.variables:
            if not (state.watch_accessed and handle._trainable):
                continue
            state.variables[key] = handle
        if read._value.dtype in _TRAINABLE_NP:
            state.reads.setdefault(key, []).append(read)
            state.ids.add(id(read))


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
        _active.append(self._tape)
        self._recording = True

    def _pop(self):
        _active.remove(self._tape)
        self._recording = False

    def watch(self, tensor):
        """Ensures that `tensor` (a Tensor, Variable or nest of them) is traced."""
        from .variables import Variable
        if self._tape is None:
            raise AttributeError("'NoneType' object has no attribute '_tape'")
        state = self._tape
        for t in nest.flatten(tensor):
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

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """The gradient of `target` (summed over a nest of targets) w.r.t. `sources`."""
        if self._tape is None:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute "
                               "one set of gradients (or jacobians)")
        if self._recording:
            if not self._persistent:
                self._pop()
            else:
                tf_logging.warning_first_n(_PERSISTENT_IN_CONTEXT, 1, "persistent_in_context")
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                            "Variables or CompositeTensors to be differentiated, but received "
                            "None.")
        flat_targets = [_check_node(t) for t in nest.flatten(target)]
        flat_sources = [_check_node(s) for s in nest.flatten(sources)]
        try:
            mode = UnconnectedGradients(unconnected_gradients)
        except ValueError:
            raise ValueError(f"Unknown value for unconnected_gradients: "
                             f"{unconnected_gradients!r}") from None
        if output_gradients is not None:
            from .constant_op import convert_to_tensor
            output_gradients = [None if g is None else convert_to_tensor(g)
                                for g in nest.flatten(output_gradients)]
            for g in output_gradients:
                if g is None:
                    raise ValueError("Attempt to convert a value (None) with an unsupported "
                                     "type (<class 'NoneType'>) to a Tensor.")
        grads = _gradient(self._tape, flat_targets, flat_sources, output_gradients, mode)
        if not self._persistent:
            self.watched_variables()
            self._tape = None
        return nest.pack_sequence_as(sources, grads)


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


def _check_node(x):
    from .variables import Variable
    if isinstance(x, (Tensor, Variable)):
        return x
    if x is None:
        raise TypeError("Cannot convert the argument `type_value`: None to a TensorFlow DType.")
    cls = type(x)
    name = cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"
    raise AttributeError(f"'{name}' object has no attribute '{'_id' if hasattr(x, 'dtype') else 'dtype'}'")


# -- gradient --------------------------------------------------------------------------

def _gradient(state, targets, sources, output_gradients, mode):
    """Flat gradients of sum(targets) w.r.t. each source, as a list (None if unconnected)."""
    from .variables import Variable

    # Source nodes: a tensor is its own node; a variable is each of its reads.
    source_nodes = []
    for s in sources:
        if isinstance(s, Variable):
            source_nodes.append(list(state.reads.get(id(s._handle), ())))
        elif is_trainable(s._value):
            source_nodes.append([s])
        else:
            source_nodes.append([])
    node_ids = {id(n) for nodes in source_nodes for n in nodes}

    cts = []
    target_tensors = []
    for i, t in enumerate(targets):
        if isinstance(t, Variable):
            t = EagerTensor(t._handle._value)  # an unread value: connected only to itself
            for j, s in enumerate(sources):
                if isinstance(s, Variable) and s._handle is targets[i]._handle:
                    source_nodes[j] = source_nodes[j] + [t]
                    node_ids.add(id(t))
        if not is_trainable(t._value):
            continue
        ct = output_gradients[i] if output_gradients and i < len(output_gradients) else None
        target_tensors.append(t)
        cts.append(_seed(t, ct))

    program, src_nodes, leaves, targets_used = _extract(state, source_nodes, node_ids,
                                                        target_tensors)
    results = [None] * len(sources)
    if program is not None:
        ct_used = [cts[k] for k in targets_used]
        args = [n._value for n in src_nodes] + [l._value for l in leaves] + \
               [c._value for c in ct_used]
        outs = program.jitted(*args)
        out_tensors = [EagerTensor(o) for o in outs]
        for k, j in enumerate(program.connected):
            results[j] = out_tensors[k]
        if _active:
            inputs = tuple(src_nodes) + tuple(leaves) + tuple(ct_used)
            record(program.op, (), inputs, tuple(out_tensors), program.mask(args))
    if mode is UnconnectedGradients.ZERO:
        for j, s in enumerate(sources):
            if results[j] is None:
                value = s._handle._value if isinstance(s, Variable) else s._value
                results[j] = EagerTensor(jnp.zeros(value.shape, value.dtype))
    return results


_ONES = {}


def _ones(shape, dtype):
    """Cached device arrays of ones: the default output gradient of every gradient()."""
    key = (shape, dtype)
    arr = _ONES.get(key)
    if arr is None:
        if len(_ONES) > 256:
            _ONES.clear()
        arr = _ONES[key] = jnp.ones(shape, dtype)
    return arr


def _seed(target, ct):
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
            from . import errors
            a = ",".join(map(str, value.shape))
            b = ",".join(map(str, ct._value.shape))
            raise errors.op_error(errors.InvalidArgumentError, "Mul",
                                  f"Incompatible shapes: [{b}] vs. [{a}]", kernel="Mul") from None
    return ct


def _extract(state, source_nodes, node_ids, targets):
    """The part of the tape between sources and targets, as a (cached) _Program."""
    records = state.records
    # Forward: which tensors depend on a source.
    reached = set(node_ids)
    forward = []
    for rec in records:
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
        return None, None, None, None
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
        return None, None, None, None
    produced = {}
    leaves = []
    leaf_slot = {}
    steps = []
    for rec in relevant:
        op, attrs, ins, outs, mask = rec
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
        steps.append((op, attrs, tuple(refs), len(outs), overrides))
        for k, o in enumerate(outs):
            produced[id(o)] = ("v", n, k)
    target_refs = []
    for k in targets_used:
        key = id(targets[k])
        target_refs.append(produced[key] if key in produced else slot[key])
    key = (tuple(steps), len(src_nodes), len(leaves), tuple(target_refs), tuple(groups),
           tuple(connected))
    program = _program(key)
    return program, src_nodes, leaves, targets_used


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


class _GradientOp:
    """The op a gradient() call is recorded as on enclosing tapes."""

    __slots__ = ("name", "fn", "differentiable")

    def __init__(self, fn):
        self.name = "Gradient"
        self.fn = fn
        self.differentiable = True


class _Program:
    """A replayable, differentiable slice of a tape, compiled once per structure."""

    def __init__(self, key):
        steps, n_src, n_leaf, target_refs, groups, connected = key
        self.connected = connected

        def replay(src, leaves):
            values = []
            for op, attrs, refs, n_out, overrides in steps:
                args = [src[r[1]] if r[0] == "s" else leaves[r[1]] if r[0] == "l"
                        else values[r[1]][r[2]] for r in refs]
                out = op.fn(*args, **dict(attrs))
                outs = list(out) if n_out != 1 or isinstance(out, (tuple, list)) else [out]
                for k, s in overrides:
                    outs[k] = outs[k] + (src[s] - jax.lax.stop_gradient(src[s]))
                values.append(outs)
            return [src[r[1]] if r[0] == "s" else values[r[1]][r[2]] for r in target_refs]

        def grad_fn(*args):
            src = list(args[:n_src])
            leaves = args[n_src:n_src + n_leaf]
            cts = [jnp.conj(c) if c.dtype in _COMPLEX_NP else c for c in args[n_src + n_leaf:]]
            _, pullback = jax.vjp(lambda s: replay(s, leaves), src)
            (g,) = pullback(cts)
            g = [jnp.conj(x) if x.dtype in _COMPLEX_NP else x for x in g]
            out = []
            for group in groups:
                acc = g[group[0]]
                for i in group[1:]:
                    acc = acc + g[i]
                out.append(acc)
            return tuple(out)

        self.fn = grad_fn
        self.jitted = jax.jit(grad_fn)
        self.op = _GradientOp(grad_fn)
        self._masks = {}

    def mask(self, args):
        """Which inputs each output structurally depends on (from the jaxpr), so that an
        outer tape sees None, as TF does, where the gradient does not depend on a source."""
        sig = tuple((a.shape, a.dtype) for a in args)
        m = self._masks.get(sig)
        if m is None:
            closed = jax.make_jaxpr(self.fn)(*args)
            m = self._masks[sig] = _dependencies(closed.jaxpr)
        return m


def _dependencies(jaxpr):
    deps = {}
    for i, v in enumerate(jaxpr.invars):
        deps[v] = frozenset((i,))
    _propagate(jaxpr, deps)
    return tuple(tuple(sorted(deps.get(v, ()))) if not isinstance(v, Literal) else ()
                 for v in jaxpr.outvars)


def _propagate(jaxpr, deps):
    empty = frozenset()
    for eqn in jaxpr.eqns:
        ins = [empty if isinstance(v, Literal) else deps.get(v, empty)
               for v in eqn.invars]
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
