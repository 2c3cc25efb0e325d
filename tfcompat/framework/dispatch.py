"""The one path every op takes: convert inputs, check dtypes, run a cached jitted kernel,
wrap outputs, record on active tapes.

An `Op` is a pure JAX function of arrays plus static (hashable) attributes. Kernels are
``jax.jit`` of the function with its attributes bound, memoised per (op, attributes); jax.jit
compiles one per input signature. The kernels that compiled least recently are dropped when
all together hold more signatures than config.cache_limits["kernels"] (their executables go
with them). With no active tape, recording costs one truth test of an empty list.
"""
import collections
import functools
import threading

import jax
import jax.numpy as jnp

from . import (config, dtypes, errors, func_graph, host_callback, op_def, relaxed_shapes,
               shape_taint, strings)
from .constant_op import convert_to_tensor
from .forwardprop import propagate
from .tape import Record, record
from .tensor import EagerTensor, Tensor
from .variables import Variable
from .context import ctx, x64
from .debug_settings import op_hooks

_compiled = collections.OrderedDict()   # (op, attrs) -> its signatures, least recent first
_compiled_total = [0]
_compiled_lock = threading.Lock()
OPDEF = "opdef"   # Op's default `allowed`: the dtypes its OpDef allows for T


class Op:
    """A registered op.

    name: TF's op name, used in error messages ([Op:AddV2]); its OpDef (`spec`,
      framework/op_def.py) gives the input names, the default of `allowed` and the
      ``Op<...>`` text of the "not in the list of allowed values" message.
    fn: the pure JAX function ``fn(*arrays, **attrs)``.
    differentiable: False for ops TF registers as non-differentiable (their outputs
      are never connected on a tape: gradients through them are None).
    allowed: TF's names of the dtypes its kernel accepts ('float', 'double', 'qint8'
      ...), in TF's order, or None for any; by default those its OpDef allows for T.
    error: ``error(op, arrays, attrs, exc) -> Exception`` turning a JAX failure into TF's
      error; the default reports it as InvalidArgumentError.
    dependencies: for ops whose outputs depend on only some inputs (VJPs),
      ``dependencies(arrays, attrs) -> mask``, the inputs each output depends on; a tape
      then connects only those (the default: every output on every input).
    jvp_fn: what forward mode runs jax.jvp on instead of `fn`: the plain computation of
      an op whose `fn` holds a jax.custom_vjp (without one, such an op's JVP is its VJP
      transposed), or a rule rounding as TF's JVP does (Mul, RealDiv).
    grad_fn: for tf.custom_gradient, the Python function of the output cotangents
      (Tensors) giving the input cotangents (Tensors or None) that backpropagates the op
      instead of the VJP of `fn` (see tape.Record for what a tape reads of an Op).
    stateful: whether each run differs (random numbers, host callbacks): such an op is
      never evaluated while a tf.function is traced, even on constant inputs (integer
      results of other ops are: see _static_integers).
    strings: how the op runs on tf.string inputs (framework/strings.py): ``strings.MOVE``
      for ops that only move elements, or a host ``strings.Kernel``; None: it takes none.
    traced_attrs: attrs it takes where XLA compiles it with the ops around it (inside a
      tf.function trace, and in a gradient's replay): AddV2 and Sub keep their operands
      from fusing into them, as TF's separate kernels do (not under jit_compile=True,
      where TF's XLA fuses them too).
    linearized: for ops whose forward is costly to run twice (a scanned loop): inside a
      tf.function trace with a tape recording, it runs as ``jax.vjp``, and the trace's
      gradient backpropagates through that pullback instead of replaying the op, so the
      program runs the loop forward once (TF's while_v2 keeps its intermediates alike).
    static_shapes: for ops whose outputs' static shapes inside a trace of unknown
      dimensions are not (always) what jax infers from `fn` (control flow, Reshape:
      relaxed_shapes), ``static_shapes(attrs)`` giving each output's TF dims (ints and
      None; relaxed_shapes.UNKNOWN_RANK for an unknown rank; None for the traced shape),
      in order (outputs past its list have the traced shapes), or None where jax's
      inference stands.
    """

    __slots__ = ("name", "spec", "fn", "differentiable", "allowed", "_allowed_np", "error",
                 "dependencies", "jvp_fn", "grad_fn", "stateful", "strings", "traced_attrs",
                 "linearized", "static_shapes", "kernels", "vjps", "jvps", "__weakref__")

    def __init__(self, name, fn, differentiable=True, allowed=OPDEF,
                 error=None, dependencies=None, jvp_fn=None, grad_fn=None, stateful=False,
                 strings=None, traced_attrs=(), linearized=False, static_shapes=None):
        self.name = name
        self.spec = spec = op_def.get(name)
        if allowed is OPDEF:
            allowed = spec.allowed() if spec is not None and "T" in spec.attrs else None
        self.fn = fn
        self.differentiable = differentiable
        self.allowed = allowed
        self._allowed_np = None if allowed is None else frozenset(
            d._np for d in dtypes._ALL if d._tf_name in allowed and d._np is not None)
        self.error = error or default_error
        self.dependencies = dependencies
        self.jvp_fn = jvp_fn
        self.grad_fn = grad_fn
        self.stateful = stateful
        self.strings = strings
        self.traced_attrs = traced_attrs
        self.linearized = linearized
        self.static_shapes = static_shapes
        self.kernels = {}   # attrs -> jitted kernel
        self.vjps = {}      # (attrs, float inputs, float outputs) -> its VJP as an Op
        self.jvps = {}      # (attrs, inputs with tangents, float outputs) -> its JVP as an Op

    def __repr__(self):
        return f"<Op {self.name}>"


def default_error(op, arrays, attrs, exc):
    """InvalidArgumentError; UnavailableError where a collective lost a worker."""
    return errors.lost_worker_error(op.name, str(exc)) or \
        errors.op_error(errors.InvalidArgumentError, op.name, str(exc), kernel=op.name)


_PY_NAMES = {"half": "float16", "float": "float32", "double": "float64"}


def check_dtype(op, t, node_name=""):
    """Raise TF's InvalidArgumentError if `t`'s dtype is not one `op` accepts (`node_name`:
    the `` name: ...`` after TF's "[Op:...]", None for none, as its Python wrapper names the op);
    inside a tf.function, the TypeError of TF's graph-building op wrapper."""
    if op._allowed_np is not None and t._value.dtype not in op._allowed_np:
        if ctx.traces:   # TF's graph-building wrapper: the op's first input, Python names
            param = op.spec.inputs[0][0] if op.spec is not None else "x"
            names = ", ".join(_PY_NAMES.get(n, n) for n in op.allowed)
            raise TypeError(f"Value passed to parameter '{param}' has DataType "
                            f"{t.dtype.name} not in list of allowed values: {names}")
        raise op_def.attr_rejected(
            op.name, f"Value for attr 'T' of {t.dtype._tf_name} is not in the list of allowed "
                     f"values: {', '.join(op.allowed)}", node_name)


def _static_integers(kernel, arrays):
    """Whether an op in a tf.function being traced computes integers from constants
    only: those are evaluated now, so that shapes, sizes and axes computed from static
    shapes are known to the trace (as TF's shape inference knows them). Other results
    stay symbolic, as in TF's graph: AutoGraph stages control flow on them."""
    if any(isinstance(a, jax.core.Tracer) for a in arrays):
        return False
    out = jax.eval_shape(kernel, *arrays)
    return all(jnp.issubdtype(o.dtype, jnp.integer) for o in jax.tree_util.tree_leaves(out))


def _count_compile(op, attrs):
    """One more signature for op's kernel with `attrs` (a new kernel counts as one): drop
    the kernels compiled least recently while all hold more than the limit."""
    key = (op, attrs)
    with _compiled_lock:
        _compiled[key] = _compiled.pop(key, 0) + 1
        _compiled_total[0] += 1
        while _compiled_total[0] > config.cache_limits["kernels"]:
            (old, old_attrs), n = _compiled.popitem(last=False)
            _compiled_total[0] -= n
            old.kernels.pop(old_attrs, None)


def clear_kernels():
    """Drop every compiled eager kernel (TF's context().clear_kernel_cache())."""
    with _compiled_lock:
        for op, attrs in list(_compiled):
            op.kernels.pop(attrs, None)
        _compiled.clear()
        _compiled_total[0] = 0


def _new_kernel(op, attrs, key):
    """jax.jit of op.fn with `attrs` bound, counted by _count_compile under `key` (its key
    in op.kernels)."""
    fn = functools.partial(op.fn, **dict(attrs))
    traces = [0]

    def kernel(*arrays):   # traced once per new input signature
        traces[0] += 1
        if traces[0] > 1:   # (the first is the kernel's own)
            _count_compile(op, key)
        return fn(*arrays)
    kernel.__name__ = kernel.__qualname__ = getattr(op.fn, "__name__", op.name)
    _count_compile(op, key)
    return jax.jit(kernel)


# A kernel traced at the top level of a tf.saved_model.save trace holds its run-time checks
# in the form that save serializes (host_callback.exporting), not as callbacks: its own key.
_EXPORTING = (("(exporting)", True),)


@x64
def execute(op, inputs, attrs=()):
    """Run `op` on Tensors `inputs` with static `attrs` (a tuple of (name, value) pairs)."""
    given = key = attrs
    if ctx.traces:
        if op.traced_attrs and not ctx.traces[-1].jit_compile:
            attrs = key = attrs + op.traced_attrs
        if ctx.exporting and len(ctx.traces) == 1:
            key = attrs + _EXPORTING
    kernel = op.kernels.get(key)
    if kernel is None:
        kernel = op.kernels[key] = _new_kernel(op, attrs, key)
    arrays = [t._value for t in inputs]
    derived = None   # (the element its outputs are computed from the shape of)
    if ctx.traces and ctx.traces[-1].shape_sources:
        arrays, derived = shape_taint.op_inputs(arrays)
    pullback = None
    try:
        if ctx.traces and not op.stateful and _static_integers(kernel, arrays):
            with jax.ensure_compile_time_eval():
                out = kernel(*arrays)
        elif op.linearized and ctx.traces and ctx.tapes and not op.stateful and \
                _watched(inputs):
            out, vjp = jax.vjp(kernel, *arrays)
            pullback = (out, vjp)
        else:
            out = kernel(*arrays)
    except Exception as exc:
        if op.fn is strings.host_only or any(strings.is_string(a) for a in arrays):
            return _run_strings(op, kernel, inputs, given)   # (no jax kernel takes strings)
        cause = host_callback.raised()   # raised by a host callback (a run-time check)
        if cause is not None:
            raise cause from None
        if isinstance(exc, jax.errors.UnexpectedTracerError):
            leaked = _out_of_scope(arrays)
            if leaked is not None:
                raise leaked from None
        if isinstance(exc, (TypeError, ValueError, IndexError)):
            raise op.error(op, arrays, dict(attrs), exc) from None
        raise
    if derived is not None:
        out = shape_taint.outputs(out, derived)
    result = relaxed_shapes.result(op, attrs, inputs, out) if ctx.traces else None
    if result is not None:
        outputs = result if type(result) is list else (result,)
    elif type(out) is tuple or type(out) is list:
        result = [EagerTensor(o) for o in out]
        outputs = result
    else:
        result = EagerTensor(out)
        outputs = (result,)
    if ctx.traces:   # a tf.function being traced: its graph records the op
        trace = ctx.traces[-1]
        trace.graph.record(op, attrs, inputs, outputs)
        trace.capture(inputs)
        trace.fold(op, attrs, kernel, inputs, arrays, outputs)
        if op.differentiable:   # (for tf.gradients)
            trace.recorded.records.append(Record(op, attrs, tuple(inputs), tuple(outputs), None))
    if ctx.tapes and op.differentiable:
        record(op, attrs, tuple(inputs), tuple(outputs),
               None if op.dependencies is None else op.dependencies(arrays, attrs), pullback)
    if ctx.accumulators and op.differentiable:
        propagate(op, attrs, inputs, outputs)
    if op_hooks:   # tf.debugging's placement logging, check numerics (debug_settings)
        for hook in tuple(op_hooks):
            hook(op, inputs, outputs)
    return result


def _out_of_scope(arrays):
    """TF's error for the first of `arrays` leaked out of a finished tf.function trace."""
    for a in arrays:
        error = func_graph.out_of_scope_error(a) if isinstance(a, jax.core.Tracer) else None
        if error is not None:
            return error
    return None


def _watched(inputs):
    """Whether an active tape watches one of `inputs` (would record an op on them)."""
    return any(id(t) in state.ids for state in ctx.tapes for t in inputs)


def execute_rewritten(op, inputs, rewritten, rewritten_inputs, rewritten_attrs=()):
    """`op` on `inputs` (no attrs) inside a tf.function trace as TF's graph optimizer
    rewrites it: the trace's graph shows `op` on `inputs` (TF's function graph; grappler
    rewrites a copy of it), while `rewritten` on `rewritten_inputs` (`inputs` first)
    computes the outputs and is what tapes record."""
    graph = ctx.traces[-1].graph
    with graph.no_recording():
        result = execute(rewritten, rewritten_inputs, rewritten_attrs)
    graph.record(op, (), inputs, result if type(result) is list else (result,))
    return result


def _run_strings(op, kernel, inputs, attrs):
    """An op on tf.string inputs: never on a tape (strings have no gradient)."""
    if op.strings is None:
        for t in inputs:
            if strings.is_string(t._value):
                check_dtype(op, t)
        raise errors.op_error(errors.InvalidArgumentError, op.name,
                              f"tfcompat: {op.name} does not support string tensors",
                              kernel=op.name)
    arrays = [t._value for t in inputs]
    try:
        out = strings.run(op, kernel, arrays, dict(attrs))
    except (TypeError, ValueError, IndexError) as exc:
        raise op.error(op, arrays, dict(attrs), exc) from None
    result = relaxed_shapes.shifted_result(
        lambda shapes: strings.output_shapes(op, kernel, arrays, dict(attrs), shapes),
        inputs, out) if ctx.traces else None
    if result is None:
        result = [EagerTensor(o) for o in out] if type(out) is list else EagerTensor(out)
    if ctx.traces:
        string_op = op.strings.name if isinstance(op.strings, strings.Kernel) else None
        ctx.traces[-1].graph.record(op, attrs, inputs,
                                   result if type(result) is list else (result,), string_op)
    return result


def _converted(value, tensor):
    """Tell the graph of a trace in progress that an op wrapper converted a Python
    value (TF names its Const ``<op>/<arg>``)."""
    if ctx.traces and not isinstance(value, (Tensor, Variable)):
        ctx.traces[-1].graph.converted(tensor)
    return tensor


def to_tensor(value):
    """An op input as a Tensor (Variables are read)."""
    if type(value) is EagerTensor:
        return value
    return _converted(value, convert_to_tensor(value))


def mismatch_error(op_name, index, expected, got, kernel_name=None, op_suffix="",
                   value=None):
    """TF's error for input `index` of op `op_name` having dtype `got`, not `expected`:
    eagerly the kernel's InvalidArgumentError, inside a tf.function the error of TF's
    graph-building op wrapper (named by the op-def's inputs; `value`: the input, where
    known)."""
    if ctx.traces:
        return _graph_mismatch(op_name, index, expected, got, value)
    return errors.InvalidArgumentError(
        None, None,
        f"cannot compute {kernel_name or op_name} as input #{index}(zero-based) was expected "
        f"to be a {expected._tf_name} tensor but is a {got._tf_name} tensor [Op:{op_name}] "
        f"name: {op_suffix}")


def _graph_mismatch(op_name, index, expected, got, value=None):
    """TF's op_def_library errors: an input of a type attr (T) inferred from an earlier
    one raises TypeError; so does a tensor of the graph (`value` traced) given for an
    input of a fixed dtype, which TF's conversion refuses; any other (a captured eager
    tensor, which its conversion takes as it is) trips TF's ``assert False,
    "Unreachable"``."""
    spec = op_def.get(op_name)
    args = () if spec is None else spec.inputs
    if index >= len(args) or "*" in args[index][1]:
        return TypeError(f"Input #{index} of '{op_name}' Op has type {got.name} that does "
                         f"not match type {expected.name}.")
    name, kind = args[index]
    if kind in dtypes._TF_NAMES:
        if isinstance(getattr(value, "_value", None), jax.core.Tracer):
            return TypeError(f"Input '{name}' of '{op_name}' Op has type {got.name} that "
                             f"does not match expected type of {expected.name}.")
        return AssertionError("Unreachable")
    first = next(n for n, k in args if k == kind)
    return TypeError(f"Input '{name}' of '{op_name}' Op has type {got.name} that does not "
                     f"match type {expected.name} of argument '{first}'.")


def _check_first(op, t):
    """TF's check of the type attr inferred from an op's first input `t` (unless `op` is
    only a name, or runs a host kernel on tf.string `t`)."""
    if type(op) is Op and not (op.strings is not None and t.dtype is dtypes.string):
        check_dtype(op, t)


def match(values, op, kernel_name=None, op_suffix="", index_offset=0):
    """TF's args_to_matching_eager: inputs converted to the dtype of the first Tensor
    among them (or of the first value); Python values that do not fit raise TypeError,
    Tensors of another dtype raise InvalidArgumentError. In a tf.function's trace, as
    TF's graph-building _apply_op_helper: each value converted to the dtype of the
    inputs before it (the first one inferred), so a Python value before a Tensor of
    another dtype is a mismatch (TypeError); the values of one list argument (``N*T``)
    take the dtype of the first Tensor among them, as eagerly. `op` is the Op (whose allowed
    dtypes are checked on the first input first, as TF does) or its name; `index_offset`
    is the position of values[0] among the op's inputs, `op_suffix` the op name TF's
    message ends with."""
    op_name = op if type(op) is str else op.name
    graph = bool(ctx.traces) and not _list_argument(op_name, index_offset)
    dtype = None
    for v in () if graph else values:
        if isinstance(v, (Tensor, Variable)):
            dtype = v.dtype
            break
    out = []
    for i, v in enumerate(values):
        if type(v) is EagerTensor:
            t = v
        elif isinstance(v, Variable):
            t = v._read()
        elif graph and not isinstance(v, Tensor):
            t = _graph_converted(v, dtype, op_name, i + index_offset)
        else:
            t = _converted(v, convert_to_tensor(v, dtype=dtype))
        if dtype is None:
            dtype = t.dtype
        out.append(t)
    _check_first(op, out[0])
    first = out[0]._value.dtype
    for i, t in enumerate(out):
        if t._value.dtype != first:
            if ctx.traces:
                _check_list_argument(op_name, index_offset, out)
            raise mismatch_error(op_name, i + index_offset, out[0].dtype, t.dtype,
                                 kernel_name, op_suffix)
    return out


def _graph_converted(value, dtype, op_name, index):
    """A Python `value` converted to `dtype` for input `index` of op `op_name` in a
    tf.function's trace, failing as TF's graph-building conversion (_apply_op_helper)
    fails: its message names the op-def's parameter and the first element that does not
    fit, where the eager conversion says ``Cannot convert ...``."""
    try:
        return _converted(value, convert_to_tensor(value, dtype=dtype))
    except (TypeError, ValueError):
        spec = op_def.get(op_name)
        if dtype is None or spec is None or index >= len(spec.inputs):
            raise
        param = spec.inputs[index][0]
        if value is None:
            raise ValueError(f"Tried to convert '{param}' to a tensor and failed. Error: None "
                             f"values not supported.") from None
        leaf = dtypes.python_misfit(value, dtype)
        if leaf is None:
            raise
        raise TypeError(f"Expected {dtype.name} passed to parameter '{param}' of op "
                        f"'{op_name}', got {value!r} of type '{type(value).__name__}' "
                        f"instead. Error: Expected {dtype.name}, but got {leaf} of type "
                        f"'{type(leaf).__name__}'.") from None


def _list_argument(op_name, index):
    """Whether input `index` of op `op_name`'s OpDef is a list (``N*T``)."""
    spec = op_def.get(op_name)
    return spec is not None and index < len(spec.inputs) and "*" in spec.inputs[index][1]


def _check_list_argument(op_name, index, tensors):
    """TF's graph-building error for `tensors` of mixed dtypes passed as the list input
    (``N*T``) at position `index` of op `op_name`'s OpDef."""
    spec = op_def.get(op_name)
    if _list_argument(op_name, index):
        types = ", ".join(t.dtype.name for t in tensors)
        raise TypeError(f"Tensors in list passed to '{spec.inputs[index][0]}' of '{op_name}' "
                        f"Op have types [{types}] that don't all match.")


def match2(x, y, op, kernel_name=None):
    """`match` for two inputs, with a fast path for two Tensors of one dtype."""
    if type(x) is EagerTensor and type(y) is EagerTensor and x._value.dtype == y._value.dtype:
        _check_first(op, x)
        return x, y
    return match((x, y), op, kernel_name)


def hinted(x, y, op, kernel_name=None):
    """TF's Python wrappers that do ``convert_to_tensor(y, dtype_hint=x.dtype)`` (tf.add,
    `+`, tf.matmul, `/`): a Python `y` that does not fit x's dtype keeps its own dtype,
    and the op then reports the mismatch as InvalidArgumentError. `op` is as in `match`."""
    if type(x) is EagerTensor and type(y) is EagerTensor and x._value.dtype == y._value.dtype:
        _check_first(op, x)
        return x, y
    x = to_tensor(x)
    y = y._read() if isinstance(y, Variable) else \
        _converted(y, convert_to_tensor(y, dtype_hint=x.dtype))
    _check_first(op, x)
    if x._value.dtype != y._value.dtype:
        raise mismatch_error(op if type(op) is str else op.name, 1, x.dtype, y.dtype,
                             kernel_name)
    return x, y
