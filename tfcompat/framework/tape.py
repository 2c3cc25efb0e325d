"""Recording ops on the active tapes (the recording half of tf.GradientTape).

Every op that runs while a tape is active and has a watched input is appended to that
tape as a `Record`: its `op.fn` is the op's pure JAX function, so the tape holds a
closure of the computation (backprop.py differentiates it). A read of a Variable is a
node of its own on each tape that watches the variable.
"""
import numpy as np

from . import dtypes
from .context import ctx


_TRAINABLE_NP = frozenset(np.dtype(d.as_numpy_dtype) for d in dtypes.TRAINABLE)


class Record:
    """One op run on a tape: ``op(*inputs, **dict(attrs)) -> outputs``.

    `op` meets the tape's protocol, which `dispatch.Op` defines and every recorded op is
    an instance of (the ops of `dispatch.execute`, the jacobian ops of backprop.py and the
    ops of tf.custom_gradient alike):

    - ``name``: TF's op name (the VJP op is named ``name + "Grad"``, the JVP op
      ``name + "Jvp"``);
    - ``fn(*arrays, **attrs)``: the pure JAX function, which a gradient replays and
      differentiates (``jax.vjp``);
    - ``jvp_fn``: what forward mode differentiates instead of `fn` (None: `fn`);
    - ``grad_fn``: None, or a Python function of the output cotangents (Tensors, one per
      output) returning the input cotangents (Tensors or None): the op is then
      backpropagated eagerly through it (tf.custom_gradient), never replayed compiled;
    - ``vjps``, ``jvps``: the caches of its VJP and JVP ops.

    `dependencies` is None when every output depends on every input, else per output the
    indices of the inputs it depends on (an enclosed gradient): a tape connects only those.
    `pullback`: for a linearized op run in a tf.function trace (dispatch.Op), its
    kernel's outputs and the ``jax.vjp`` pullback its run made at the recorded inputs,
    else None.
    """

    __slots__ = ("op", "attrs", "inputs", "outputs", "dependencies", "pullback")

    def __init__(self, op, attrs, inputs, outputs, dependencies, pullback=None):
        self.op = op
        self.attrs = attrs                  # the static attributes: ((name, value), ...)
        self.inputs = inputs                # tuple of Tensors
        self.outputs = outputs              # tuple of Tensors
        self.dependencies = dependencies
        self.pullback = pullback


class _State:
    """What one tape has recorded. Holding the tensors keeps their ids unique."""

    __slots__ = ("ids", "records", "reads", "variables", "watch_accessed", "keep")

    def __init__(self, watch_accessed):
        self.ids = set()          # ids of watched tensors and of outputs of recorded ops
        self.records = []         # the Records, in order
        self.reads = {}           # id(variable handle) -> [read tensors]
        self.variables = {}       # id(variable handle) -> variable, for watched_variables()
        self.watch_accessed = watch_accessed
        self.keep = []            # watched tensors, kept alive


class TraceRecords:
    """What a tf.function trace ran, for tf.gradients (TF's graph-mode gradients): every
    differentiable op, as a `Record` whose dependencies are filled in when differentiated,
    and every read of a Variable, in order."""

    __slots__ = ("records", "reads")

    def __init__(self):
        self.records = []
        self.reads = []    # (variable handle, read tensor)


def record(op, attrs, inputs, outputs, dependencies=None, pullback=None):
    """Append an op to every active tape that watches one of its inputs."""
    for state in ctx.tapes:
        ids = state.ids
        for t in inputs:
            if id(t) in ids:
                break
        else:
            continue
        state.records.append(Record(op, attrs, inputs, outputs, dependencies, pullback))
        for o in outputs:
            if o._value.dtype in _TRAINABLE_NP:
                ids.add(id(o))


def record_in_trace(op, attrs, inputs, outputs):
    """Append an op to the records of the tf.function being traced, if any."""
    if ctx.traces:
        ctx.traces[-1].recorded.records.append(Record(op, attrs, inputs, outputs, None))


def recorded(array):
    """The Tensor of value `array` an active tape knows (an op's output, a watched tensor,
    a variable read), else None: what a traced function captured, as a tape input."""
    for state in ctx.tapes:
        for rec in state.records:
            for t in rec.outputs:
                if t._value is array:
                    return t
        for t in state.keep:
            if t._value is array:
                return t
        for reads in state.reads.values():
            for t in reads:
                if t._value is array:
                    return t
    return None


class VariableWatcher:
    """Collects the trainable variables read while it is active, in order of first read."""

    def __enter__(self):
        self.variables = []
        ctx.watchers.append(self)
        return self

    def __exit__(self, *exc):
        ctx.watchers.remove(self)

    def on_read(self, handle, read):
        if handle._trainable and all(v is not handle for v in self.variables):
            self.variables.append(handle)


def record_read(variable, read):
    """A read of `variable` produced tensor `read`: make it a node of each tape that
    watches the variable (trainable ones are watched on access), and of the trace's
    records."""
    handle = variable._handle
    key = id(handle)
    if ctx.traces:
        ctx.traces[-1].recorded.reads.append((handle, read))
    for watcher in ctx.watchers:
        watcher.on_read(handle, read)
    for state in ctx.tapes:
        if key not in state.variables:
            if not (state.watch_accessed and handle._trainable):
                continue
            state.variables[key] = handle
        if read._value.dtype in _TRAINABLE_NP:
            state.reads.setdefault(key, []).append(read)
            state.ids.add(id(read))
