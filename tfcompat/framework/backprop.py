"""Reverse mode over a tape: tf.GradientTape (gradient(), jacobian(), batch_jacobian()),
tf.UnconnectedGradients, tf.AggregationMethod, tf.gradients and tf.hessians (inside
tf.function, over the ops the trace recorded).

`gradient_program.extract` cuts the part of a tape between sources and targets and
describes it as a program with a hashable structural key (ops, attributes, wiring). From
its second sighting on, a structure runs as a cached ``jax.jit(jax.vjp(replay))`` with
the sources and the other leaves as arguments: one XLA computation per training step. A
structure seen for the first time, or differentiated while other tapes record, is
backpropagated op by op instead, each op's VJP being itself an op (compiled once per op,
attributes and shapes) that the enclosing tapes record like any other: so a one-off tape
pays no whole-program compile, and nested tapes give higher orders, as TF's tape does.

TF's conventions kept here: complex gradients are TF's, each op's being conj(vjp(conj(ct)))
of JAX's, taken op by op (so that the sums of gradients, at a fan-out or a broadcast, add
TF's values, not their conjugates: the signs of zero parts differ); a source that is not
connected through float ops gets None (or zeros); a Variable is each of its reads on the
tape, and its gradient is the sum over them; an op recorded with dependencies (an
enclosed gradient) only connects the inputs its outputs structurally depend on; both
paths backpropagate in the order of TF's eager tape and sum a tensor's gradients as its
AddN does (gradient_order), so float32 gradients round as TF's eager ones.
"""
import enum

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes, errors, nest, tf_logging
from .constant_op import convert_to_tensor
from .dispatch import Op, execute, mismatch_error
from .gather_gradients import indexed_slices, row_gathers, warn_densified
from .gradient_order import add_n, sum_terms
from .gradient_program import conj, extract, input_dependencies, reach
from .tape import _TRAINABLE_NP, _State, record
from .tensor import EagerTensor, Tensor
from .variables import Variable
from .context import ctx, x64, x64_methods


# -- running a slice -----------------------------------------------------------------------

def run_gradient(tape_slice, target_cotangents, op_by_op=False):
    """The gradients of a Slice for `target_cotangents` (one per connected target), as
    Tensors (or None) per connected user source; `op_by_op`: always as ops (tf.gradients,
    whose results are differentiated again)."""
    program = tape_slice.program
    program.runs += 1
    # Eagerly, a tape seen once backpropagates op by op (compiling a whole-tape program
    # would not pay off); inside a tf.function trace the program is traced once anyway.
    if (program.runs == 1 and not ctx.traces) or program.eager_only or ctx.tapes or \
            ctx.accumulators or op_by_op:
        return _backward_eagerly(tape_slice, target_cotangents)
    args = tape_slice.args() + [c._value for c in target_cotangents]
    if ctx.traces and any(rec.pullback is not None for rec in tape_slice.records):
        # (in the trace that recorded them: linearized ops backpropagate through their
        # runs' pullbacks, not replayed)
        linearized = [rec.pullback for rec in tape_slice.records]
        return [EagerTensor(o) for o in program.grad_fn(*args, linearized=linearized)]
    return [EagerTensor(o) for o in program.jitted(*args)]


def run_jacobian(tape_slice, target, batch):
    """The jacobian of a Slice's single target, as Tensors per connected user source;
    recorded on enclosing tapes as one op (hessians by nested tapes)."""
    program = tape_slice.program
    op, jitted = program.jacobian_op(target._value, batch)
    args = tape_slice.args()
    with _not_recording() as outer:
        results = [EagerTensor(o) for o in jitted(*args)]
    if outer:
        record(op, (), tuple(tape_slice.source_nodes) + tuple(tape_slice.leaves),
               tuple(results), program.dependencies(op.fn, args))
    return results


class _not_recording:
    """Suspends all tapes while a jacobian is computed: enclosing tapes record it as
    one op afterwards."""

    def __enter__(self):
        self.saved = ctx.tapes[:]
        ctx.tapes.clear()
        return self.saved

    def __exit__(self, *exc):
        ctx.tapes[:] = self.saved


def _backward_eagerly(tape_slice, target_cotangents):
    """Backpropagate op by op, in TF's order (gradient_order); each VJP runs as an op,
    recorded on the active tapes (an op with a `grad_fn`, tf.custom_gradient's, runs
    that instead)."""
    terms = {}   # id(tensor) -> its gradients so far, in TF's order
    for t, c in zip(tape_slice.targets, target_cotangents):
        terms.setdefault(id(t), []).append(c)
    program = tape_slice.program
    for n in program.order:
        rec = tape_slice.records[n]
        out_cts = [sum_terms(terms, id(o), _add_n) for o in rec.outputs]
        if all(c is None for c in out_cts):
            continue
        if rec.op.grad_fn is not None:
            in_cts = rec.op.grad_fn([_zeros(o) if c is None else c
                                     for o, c in zip(rec.outputs, out_cts)])
        else:
            in_cts = _vjp(rec, out_cts)
        for t, c in zip(rec.inputs, in_cts):
            if c is not None and t._value.dtype in _TRAINABLE_NP:
                terms.setdefault(id(t), []).append(c)
    # A node no cotangent reached had only None gradients (custom_gradient): None.
    grads = [sum_terms(terms, id(n), _add_n) for n in tape_slice.source_nodes]
    return program.sum_groups(grads, _add_n)


_ADD_N = Op("AddN", lambda *xs: add_n(xs), allowed=None)


def _add_n(terms):
    """TF's AddN of gradient Tensors (as its eager tape aggregates them)."""
    if len(terms) == 1:
        return terms[0]
    if all(isinstance(t, Tensor) for t in terms):
        return execute(_ADD_N, tuple(terms))
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    return total


def _zeros(t):
    return EagerTensor(jnp.zeros(t._value.shape, t._value.dtype))


def _vjp(rec, out_cts):
    """The cotangents of a Record's inputs (None for non-float ones), by its op's VJP op."""
    in_float = tuple(t._value.dtype in _TRAINABLE_NP for t in rec.inputs)
    out_float = tuple(o._value.dtype in _TRAINABLE_NP for o in rec.outputs)
    vjp_op = _vjp_op(rec.op, rec.attrs, in_float, out_float)
    float_cts = tuple(_zeros(o) if c is None else c
                      for o, c, f in zip(rec.outputs, out_cts, out_float) if f)
    grads = iter(execute(vjp_op, tuple(rec.inputs) + float_cts))
    return [next(grads) if f else None for f in in_float]


def _vjp_op(op, attrs, in_float, out_float):
    """`op`'s VJP as an Op of (inputs, float output cotangents) -> float input
    cotangents, cached per (attributes, which inputs and outputs are float)."""
    key = (attrs, in_float, out_float)
    vjp_op = op.vjps.get(key)
    if vjp_op is None:
        fn, kw, n_in = op.fn, dict(attrs + op.traced_attrs), len(in_float)

        def vjp(*args):
            # TF's complex gradients: conj(vjp(conj(ct))).
            out, pullback = jax.vjp(lambda *a: fn(*a, **kw), *args[:n_in])
            multi = isinstance(out, (tuple, list))
            it = iter(args[n_in:])
            cts = [conj(next(it)) if f else np.zeros(o.shape, jax.dtypes.float0)
                   for o, f in zip(out if multi else [out], out_float)]
            grads = pullback(type(out)(cts) if multi else cts[0])
            return tuple(conj(g) for g, f in zip(grads, in_float) if f)
        vjp_op = op.vjps[key] = Op(f"{op.name}Grad", vjp, allowed=None,
                                   dependencies=_dependency_cache(vjp), error=_reraise)
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
            mask = cache[sig] = input_dependencies(jax.make_jaxpr(fn)(*arrays).jaxpr)
        return mask
    return dependencies


def _source_gradients(records, source_nodes, sources, targets, initial_cotangents,
                      op_by_op=False, sparse=True):
    """The gradients of `targets` (weighted by `initial_cotangents`) w.r.t. each of
    `sources` (its nodes in `source_nodes`) through `records`: Tensors, IndexedSlices
    (with `sparse`, for sources only gathered) or None."""
    tape_slice = extract(records, source_nodes, targets)
    sparse = row_gathers(tape_slice, source_nodes) if sparse and tape_slice is not None \
        else {}
    if sparse:
        # Differentiate w.r.t. each gather's output instead: TF's IndexedSlices.
        for j, gathers in sparse.items():
            source_nodes[j] = []
            source_nodes.extend([g] for g, _ in gathers)
        tape_slice = extract(records, source_nodes, targets)
    grads = [None] * len(source_nodes)
    if tape_slice is not None:
        cotangents = [initial_cotangents[k] for k in tape_slice.target_indices]
        for j, g in zip(tape_slice.program.connected,
                        run_gradient(tape_slice, cotangents, op_by_op)):
            grads[j] = g
    extra = iter(grads[len(sources):])
    for j, gathers in sparse.items():
        grads[j] = indexed_slices(sources[j], gathers, [next(extra) for _ in gathers])
    return grads[:len(sources)]


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


def initial_cotangent(target, output_gradient):
    """The cotangent backpropagation starts from at `target`: ones, or the user's
    `output_gradient` checked (and broadcast) as TF's Mul would."""
    value = target._value
    if output_gradient is None:
        return EagerTensor(_ones(value.shape, value.dtype))
    if output_gradient._value.dtype != value.dtype:
        raise mismatch_error("Mul", 1, output_gradient.dtype, target.dtype)
    if output_gradient._value.shape != value.shape:
        try:
            return EagerTensor(jnp.broadcast_to(output_gradient._value, value.shape))
        except ValueError:
            a = ",".join(map(str, value.shape))
            b = ",".join(map(str, output_gradient._value.shape))
            raise errors.op_error(errors.InvalidArgumentError, "Mul",
                                  f"Incompatible shapes: [{b}] vs. [{a}]", kernel="Mul") from None
    return output_gradient


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


@x64_methods
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

    @x64
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
        targets, initial_cotangents = [], []
        for i, t in enumerate(_unwatched_targets(state, flat_sources, source_nodes,
                                                 flat_targets)):
            if isinstance(t, Variable):
                t = _variable_target(t, flat_sources, source_nodes)
            if t._value.dtype not in _TRAINABLE_NP:
                continue
            targets.append(t)
            given = output_gradients[i] if output_gradients and i < len(output_gradients) \
                else None
            initial_cotangents.append(initial_cotangent(t, given))
        # (Inside tf.function a gathered source's gradient stays dense: the sparse paths of
        # Keras's optimizers need data-dependent shapes, which XLA cannot trace.)
        grads = _source_gradients(state.records, source_nodes, flat_sources, targets,
                                  initial_cotangents, sparse=True)
        _fill_unconnected(grads, flat_sources, mode)
        self._release()
        return nest.pack_sequence_as(sources, grads)

    @x64
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
            tape_slice = extract(state.records, source_nodes, [target])
            if tape_slice is not None and experimental_use_pfor:
                warn_densified(tape_slice, source_nodes, flat_sources)
            if tape_slice is not None:
                for j, g in zip(tape_slice.program.connected,
                                run_jacobian(tape_slice, target, batch=False)):
                    out[j] = g
        if mode is UnconnectedGradients.ZERO:
            for j, s in enumerate(flat_sources):
                if out[j] is None:
                    value = _value_of(s)
                    out[j] = EagerTensor(jnp.zeros(target._value.shape + value.shape,
                                                   value.dtype))
        self._release()
        return nest.pack_sequence_as(sources, out)

    @x64
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
            tape_slice = extract(state.records, source_nodes, [target])
            if tape_slice is not None:
                out = run_jacobian(tape_slice, target, batch=True)[0]
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


# -- tf.gradients: graph mode -----------------------------------------------------------

class AggregationMethod:
    """tf.AggregationMethod: how tf.gradients sums the gradient terms of a tensor (every
    method gives the same sums here)."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False,
              aggregation_method=None, stop_gradients=None,
              unconnected_gradients=UnconnectedGradients.NONE):
    """tf.gradients: inside tf.function, the symbolic gradients of `ys` w.r.t. `xs` through
    the ops the trace ran so far, each VJP itself an op of the trace (so gradients of
    gradients work); eagerly TF raises."""
    if not ctx.traces:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. "
                           "Use tf.GradientTape instead.")
    mode = _unconnected_mode(unconnected_gradients)
    ys, xs = _as_list(ys), _as_list(xs)
    if any(x is None for x in xs):
        raise AttributeError("'NoneType' object has no attribute 'op'")
    if aggregation_method not in (None, 0, 1, 2):
        raise ValueError(f"Invalid `aggregation_method` specified {aggregation_method}. "
                         f"Accepted values are [0, 1, 2].")
    xs = [as_resource_variable(x) for x in xs]
    xs = [x if isinstance(x, Variable) else convert_to_tensor(x) for x in xs]
    ys = [convert_to_tensor(y) for y in ys]
    grad_ys = [None] * len(ys) if grad_ys is None else _as_list(grad_ys)
    if len(grad_ys) != len(ys):
        raise ValueError(f"Passed {len(grad_ys)} grad_ys for {len(ys)} ys")
    stop = {id(convert_to_tensor(s)._value) for s in _as_list(stop_gradients or [])}
    recorded = ctx.traces[-1].recorded
    records, node = _trace_records(recorded, stop, xs)
    targets, cotangents = [], []
    for y, g in zip(ys, grad_ys):
        if y._value.dtype in _TRAINABLE_NP:
            targets.append(node(y))
            cotangents.append(initial_cotangent(y, None if g is None else convert_to_tensor(g)))
    grads = _source_gradients(records, _trace_sources(recorded, node, xs), xs, targets,
                              cotangents, op_by_op=True)
    _fill_unconnected(grads, xs, mode)
    return grads


def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians"):
    """tf.hessians: per x of `xs`, the jacobian of tf.gradients(ys, x) w.r.t. x, of shape
    x.shape + x.shape (one op: a vmap over the VJP of the gradient's ops)."""
    xs = _as_list(xs)
    out = []
    for x, g in zip(xs, gradients(ys, xs, aggregation_method=aggregation_method)):
        if g is None:
            raise ValueError("Tried to convert 'tensor' to a tensor and failed. Error: None "
                             "values not supported.")
        x = as_resource_variable(x)
        x = x if isinstance(x, Variable) else convert_to_tensor(x)
        recorded = ctx.traces[-1].recorded
        records, node = _trace_records(recorded, set(), [x])
        target = node(convert_to_tensor(g))
        tape_slice = extract(records, _trace_sources(recorded, node, [x]), [target])
        if tape_slice is None:   # TF's TensorArray write of a None second derivative
            raise ValueError("None values not supported.")
        op, _ = tape_slice.program.jacobian_op(target._value, batch=False)
        result = execute(op, tuple(tape_slice.source_nodes) + tuple(tape_slice.leaves))
        out.append(result[0] if isinstance(result, list) else result)
    return out


def _as_list(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


def _trace_records(recorded, stop, xs):
    """The trace's records as a tape. A tensor re-wrapping a value (a captured tensor
    made anew for a control-flow op) stands for the tensor that first held that value:
    `xs`, an op's output, a variable's read. The outputs in `stop` (tf.gradients's
    stop_gradients) are cut from the ops that made them. Returns the records and the map
    of a Tensor to its node."""
    tensors = [x for x in xs if isinstance(x, Tensor)]
    for rec in recorded.records:
        tensors.extend(rec.outputs)
    tensors.extend(read for _, read in recorded.reads)
    known = {id(t) for t in tensors}
    by_value = {}
    for t in tensors:
        by_value.setdefault(id(t._value), t)

    def node(t):
        return t if id(t) in known else by_value.get(id(t._value), t)
    records = []
    for rec in recorded.records:
        outputs = tuple(EagerTensor(o._value) if id(o._value) in stop else o
                        for o in rec.outputs)
        inputs = tuple(node(t) for t in rec.inputs)
        deps = rec.op.dependencies
        if deps is not None:
            deps = deps([t._value for t in inputs], rec.attrs)
        records.append(type(rec)(rec.op, rec.attrs, inputs, outputs, deps))
    return records, node


def _trace_sources(recorded, node, xs):
    """The nodes of each of `xs` in a trace's records: a Variable's are its reads."""
    nodes = []
    for x in xs:
        if isinstance(x, Variable):
            reads = []
            for handle, read in recorded.reads:
                n = node(read)
                if handle is x._handle and n._value.dtype in _TRAINABLE_NP and \
                        all(n is not r for r in reads):
                    reads.append(n)
            nodes.append(reads)
        else:
            nodes.append([node(x)] if x._value.dtype in _TRAINABLE_NP else [])
    return nodes


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
    """Per source, its nodes on the tape: a Variable is each of its reads; a tensor is its
    own node if the tape knows it (watched, or an output of a recorded op). A tensor the
    tape does not know, even an input of a recorded op, gets None, as in TF (but see
    `_unwatched_targets`)."""
    nodes = []
    for s in sources:
        if isinstance(s, Variable):
            nodes.append(list(state.reads.get(id(s._handle), ())))
        elif s._value.dtype in _TRAINABLE_NP and id(s) in state.ids:
            nodes.append([s])
        else:
            nodes.append([])
    return nodes


def _unwatched_targets(state, sources, source_nodes, targets):
    """`targets` with each unwatched tensor that is also a source replaced by a copy, the
    node of that source: TF's gradient of a target w.r.t. itself is its output gradient
    (1) whether the tape knows it or not, and flows into it by no recorded op. Eagerly, TF
    gives None instead when another target depends on it through the tape."""
    targets = list(targets)
    copies = {}
    for j, s in enumerate(sources):
        if source_nodes[j] or isinstance(s, Variable) or \
                s._value.dtype not in _TRAINABLE_NP or not any(s is t for t in targets):
            continue
        if id(s) not in copies:
            if not ctx.traces:
                reached = reach(state.records, {id(s)})[1]
                if any(id(t) in reached for t in targets if t is not s):
                    continue
            copies[id(s)] = EagerTensor(s._value)
            targets = [copies[id(s)] if t is s else t for t in targets]
        source_nodes[j] = [copies[id(s)]]
    return targets


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
