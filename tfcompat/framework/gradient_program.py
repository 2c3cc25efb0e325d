"""The part of a tape between sources and targets, as a cached, replayable program (the
compiled path of tf.GradientTape.gradient and jacobian).

`extract` cuts it out of a tape in three steps: `reach` (the records a source reaches),
`prune` (those a target needs) and `wire` (the program's inputs, steps and outputs, with
a hashable structural key: ops, attributes and wiring, no values). A `Program` is shared
by every slice of the same structure; it replays the steps' JAX functions and
backpropagates through each step's ``jax.vjp`` in TF's order, summing as TF does
(gradient_order), for gradients, and vmaps that over cotangents for jacobians.
"""
import collections
import functools
import threading

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Literal

from .dispatch import Op
from .gradient_order import add_n, schedule, sum_terms
from .tape import _TRAINABLE_NP

_COMPLEX_NP = frozenset((np.dtype(np.complex64), np.dtype(np.complex128)))


def conj(x):
    """The complex conjugate of a complex array; any other array unchanged."""
    return jnp.conj(x) if x.dtype in _COMPLEX_NP else x


def _in_tf_convention(fn):
    """`fn` whose VJP takes and returns TF's complex gradients: conj(vjp(conj(ct)))."""
    f = jax.custom_vjp(fn)

    def fwd(*args):
        return jax.vjp(fn, *args)

    def bwd(pullback, cotangent):
        return _conjugated(pullback)(cotangent)

    f.defvjp(fwd, bwd)
    return f


def _conjugated(pullback):
    """A pullback taking and returning TF's complex gradients (as _in_tf_convention's)."""
    def tf_pullback(cotangent):
        return tuple(conj(g) for g in pullback(jax.tree_util.tree_map(conj, cotangent)))
    return tf_pullback


class Slice:
    """The part of a tape that connects some sources to some targets."""

    __slots__ = ("program", "source_nodes", "leaves", "target_indices", "targets", "records")

    def __init__(self, program, source_nodes, leaves, target_indices, targets, records):
        self.program = program
        self.source_nodes = source_nodes      # the connected source nodes (tensors)
        self.leaves = leaves                  # other inputs of the slice (constants)
        self.target_indices = target_indices  # indices of the connected targets
        self.targets = targets                # the connected targets
        self.records = records                # the tape Records, in order

    def args(self):
        return [n._value for n in self.source_nodes] + [leaf._value for leaf in self.leaves]


def extract(records, source_nodes, targets):
    """The Slice of tape `records` between `source_nodes` (one list of nodes per user
    source) and `targets`, or None when no target depends on a source."""
    forward, reached = reach(records, {id(n) for nodes in source_nodes for n in nodes})
    target_indices = [k for k, t in enumerate(targets) if id(t) in reached]
    if not target_indices:
        return None
    relevant, needed = prune(forward, reached, [targets[k] for k in target_indices])
    return wire(relevant, needed, source_nodes, targets, target_indices)


def reach(records, source_ids):
    """Forward from the sources: the records with an input that depends on a source
    (through the inputs each output depends on, for records with `dependencies`), and
    the ids of the tensors that depend on a source (float ones only: other dtypes carry
    no gradient). Non-differentiable ops (tf.stop_gradient's) are never recorded, so
    nothing is reached through them."""
    reached = set(source_ids)
    forward = []
    for rec in records:
        ins, deps = rec.inputs, rec.dependencies
        if deps is None:
            if any(id(t) in reached for t in ins):
                forward.append(rec)
                reached.update(id(o) for o in rec.outputs if o._value.dtype in _TRAINABLE_NP)
        else:
            hit = False
            for o, inputs_used in zip(rec.outputs, deps):
                if any(id(ins[d]) in reached for d in inputs_used):
                    reached.add(id(o))
                    hit = True
            if hit:
                forward.append(rec)
    return forward, reached


def prune(forward, reached, targets):
    """Backward from the targets: drop the records of `forward` none of whose outputs a
    target needs. The kept records, in order, and the ids of the tensors the targets
    need (among those `reached`)."""
    needed = {id(t) for t in targets}
    relevant = []
    for rec in reversed(forward):
        ins, deps = rec.inputs, rec.dependencies
        hits = [k for k, o in enumerate(rec.outputs) if id(o) in needed]
        if not hits:
            continue
        relevant.append(rec)
        if deps is None:
            needed.update(id(t) for t in ins if id(t) in reached)
        else:
            for k in hits:
                needed.update(id(ins[d]) for d in deps[k] if id(ins[d]) in reached)
    relevant.reverse()
    return relevant, needed


def wire(relevant, needed, source_nodes, targets, target_indices):
    """The Slice of the `relevant` records: number the needed source nodes (per user
    source, the group whose gradients are summed) and the leaves (inputs no record
    produces), and refer each step's inputs and each target to them: ("s", i) a source
    node, ("l", i) a leaf, ("v", step, k) output k of a step. None if no source is needed."""
    source_refs = {}
    connected_nodes = []
    groups = []        # per connected user source: the source-node slots to sum
    connected = []     # index of each connected user source
    for j, nodes in enumerate(source_nodes):
        group = []
        for n in nodes:
            if id(n) not in needed:
                continue
            if id(n) not in source_refs:
                source_refs[id(n)] = ("s", len(connected_nodes))
                connected_nodes.append(n)
            group.append(source_refs[id(n)][1])
        if group:
            groups.append(tuple(group))
            connected.append(j)
    if not groups:
        return None
    produced = {}
    leaves = []
    leaf_refs = {}
    steps = []
    for rec in relevant:
        refs = []
        for t in rec.inputs:
            key = id(t)
            if key in produced:
                refs.append(produced[key])
            elif key in source_refs:
                refs.append(source_refs[key])
            else:
                if key not in leaf_refs:
                    leaf_refs[key] = ("l", len(leaves))
                    leaves.append(t)
                refs.append(leaf_refs[key])
        n = len(steps)
        # An output that is also a source (an intermediate source downstream of another
        # source) keeps its computed value but takes the source's cotangent too.
        overrides = tuple((k, source_refs[id(o)][1]) for k, o in enumerate(rec.outputs)
                          if id(o) in source_refs)
        complex_ = any(t._value.dtype in _COMPLEX_NP for t in (*rec.inputs, *rec.outputs))
        steps.append((rec.op, rec.attrs, tuple(refs), len(rec.outputs), overrides, complex_))
        for k, o in enumerate(rec.outputs):
            produced[id(o)] = ("v", n, k)
    target_refs = tuple(produced.get(id(targets[k])) or source_refs[id(targets[k])]
                        for k in target_indices)
    key = (tuple(steps), len(connected_nodes), len(leaves), target_refs, tuple(groups),
           tuple(connected))
    return Slice(_program(key), connected_nodes, leaves, target_indices,
                 [targets[k] for k in target_indices], relevant)


_PROGRAMS = collections.OrderedDict()
_MAX_PROGRAMS = 256


_PROGRAMS_LOCK = threading.Lock()   # tapes of several threads compute gradients at once


def _program(key):
    with _PROGRAMS_LOCK:
        program = _PROGRAMS.get(key)
        if program is None:
            program = _PROGRAMS[key] = Program(key)
            if len(_PROGRAMS) > _MAX_PROGRAMS:
                _PROGRAMS.popitem(last=False)
        else:
            _PROGRAMS.move_to_end(key)
    return program


class Program:
    """A replayable, differentiable slice of a tape, identified by its structure."""

    def __init__(self, key):
        steps, n_src, n_leaf, target_refs, groups, connected = key
        self.connected = connected    # the index of each connected user source
        self.runs = 0
        # Ops with a Python gradient function (tf.custom_gradient) are backpropagated
        # eagerly: their gradient may be None, which a compiled replay cannot express.
        self.eager_only = any(step[0].grad_fn is not None for step in steps)

        # TF's order of backpropagation (gradient_order): the steps' and the reads'.
        self.order, self.read_orders = schedule([step[2] for step in steps], target_refs,
                                                groups)

        def grad_fn(*args, linearized=None):
            """Gradients of the targets (weighted by the cotangents after the sources and
            leaves) w.r.t. each connected user source, backpropagated in TF's order.
            `linearized` (in the trace the slice was recorded in): per step, None or its
            Record's `pullback` (a linearized op's), used instead of a replay."""
            src = args[:n_src]
            leaves = args[n_src:n_src + n_leaf]
            values, pullbacks = [], []
            for n, (op, attrs, refs, _n_out, _overrides, complex_) in enumerate(steps):
                if linearized is not None and linearized[n] is not None:
                    out, pullback = linearized[n]
                    if complex_:
                        pullback = _conjugated(pullback)
                else:
                    fn = functools.partial(op.fn, **dict(attrs + op.traced_attrs))
                    if complex_:
                        fn = _in_tf_convention(fn)
                    ins = [src[r[1]] if r[0] == "s" else leaves[r[1]] if r[0] == "l"
                           else values[r[1]][r[2]] for r in refs]
                    out, pullback = jax.vjp(fn, *ins)
                sequence = isinstance(out, (tuple, list))
                values.append(list(out) if sequence else [out])
                pullbacks.append((pullback, type(out) if sequence else None))
            terms = {}    # node ref -> its gradients so far, in TF's order
            for r, c in zip(target_refs, args[n_src + n_leaf:]):
                terms.setdefault(r, []).append(c)
            grads = [None] * n_src
            for n in self.order:
                _op, _attrs, refs, n_out, overrides, _complex = steps[n]
                cts = [sum_terms(terms, ("v", n, k), add_n) for k in range(n_out)]
                for k, s in overrides:
                    grads[s] = cts[k]
                if all(c is None for c in cts):
                    continue
                pullback, kind = pullbacks[n]
                cts = [_zero_cotangent(o) if c is None else c for o, c in zip(values[n], cts)]
                for r, g in zip(refs, pullback(kind(cts) if kind else cts[0])):
                    if r[0] != "l" and g.dtype != jax.dtypes.float0:
                        terms.setdefault(r, []).append(g)
            for i in range(n_src):
                if grads[i] is None:
                    grads[i] = sum_terms(terms, ("s", i), add_n)
            return self.sum_groups(grads, add_n)

        self.grad_fn = grad_fn
        self._jitted = None
        self._jacobians = {}
        self._dependencies = {}

    def sum_groups(self, grads, add):
        """Per connected user source, the sum by `add` (a function of a list) of its
        nodes' gradients (arrays or Tensors; None if none), in the order TF sums a
        Variable's reads."""
        out = []
        for group in self.read_orders:
            terms = [grads[i] for i in group if grads[i] is not None]
            out.append(add(terms) if terms else None)
        return tuple(out)

    @property
    def jitted(self):
        if self._jitted is None:
            self._jitted = jax.jit(self.grad_fn)
        return self._jitted

    def jacobian_op(self, target, batch):
        """The op computing the jacobian of the (single) target w.r.t. the sources, by
        vmap over the vjp: full (target.shape + source.shape) or, with `batch`, per
        example ([b] + target.shape[1:] + source.shape[1:]); and its jitted fn."""
        key = (target.shape, target.dtype, batch)
        entry = self._jacobians.get(key)
        if entry is None:
            op = Op("BatchJacobian" if batch else "Jacobian",
                    _jacobian_fn(self.grad_fn, target.shape, target.dtype, batch),
                    allowed=None)
            entry = self._jacobians[key] = (op, jax.jit(op.fn))
        return entry

    def dependencies(self, fn, args):
        """Which inputs each output of `fn` structurally depends on (from its jaxpr), so
        that an outer tape sees None, as TF does, where a gradient does not depend on a
        source."""
        sig = (fn, tuple((a.shape, a.dtype) for a in args))
        deps = self._dependencies.get(sig)
        if deps is None:
            deps = self._dependencies[sig] = input_dependencies(jax.make_jaxpr(fn)(*args).jaxpr)
        return deps


def _zero_cotangent(out):
    """The cotangent of an output no gradient reached: zeros (float0 for integers)."""
    if jnp.issubdtype(out.dtype, jnp.inexact):
        return jnp.zeros(out.shape, out.dtype)
    return np.zeros(out.shape, jax.dtypes.float0)


def _jacobian_fn(grad_fn, target_shape, dtype, batch):
    """vmap of `grad_fn` over one-hot cotangents: each row of the jacobian is a vjp."""
    if batch:
        b, rest = target_shape[0], int(np.prod(target_shape[1:]))
        basis = np.broadcast_to(np.eye(rest, dtype=dtype)[:, None, :], (rest, b, rest))
    else:
        basis = np.eye(int(np.prod(target_shape)), dtype=dtype)

    def jacobian(*args):
        outs = jax.vmap(lambda ct: grad_fn(*args, ct.reshape(target_shape)))(jnp.asarray(basis))
        if not batch:
            return tuple(o.reshape(target_shape + o.shape[1:]) for o in outs)
        return tuple(jnp.moveaxis(o, 0, 1).reshape(target_shape + o.shape[2:]) for o in outs)
    return jacobian


def input_dependencies(jaxpr):
    """Per output of `jaxpr`, the sorted indices of the inputs it depends on."""
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
