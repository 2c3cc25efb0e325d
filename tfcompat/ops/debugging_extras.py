"""tf.debugging.is_numeric_tensor and enable_check_numerics/disable_check_numerics
(TF's python/debug/lib/check_numerics_callback.py).

While check numerics is on in a thread, every floating output of an op tfcompat runs
(except those TF skips: its safe ops and callback-skip ops, FusedBatchNorm's statistics)
is checked: eagerly an Inf or NaN raises TF's InvalidArgumentError from CheckNumericsV2
with TF's message (op type, dtype, shape, counts, the op's inputs as tfcompat passes
them); inside a tf.function traced while it is on, the check runs when the function
does, also for ops in tf.cond branches and loop bodies (control_flow_checks), with TF's
graph message naming the op, its inputs and its graph (TF's also lists the op's creation
stack; tfcompat's does not). A tf.function traced before check numerics was enabled stays
unchecked, one traced while it was on stays checked (as TF's cached graphs).
"""
import threading

import jax
import numpy as np

from ..framework import dtypes, func_graph, tf_logging
from ..framework.debug_settings import op_hooks
from ..framework.tensor import Tensor
from ..framework.trace_state import symbolic_name
from .check_ops import _check_numerics
from .op_args import kernel_error

_NUMERIC = frozenset((
    dtypes.float16, dtypes.float32, dtypes.float64, dtypes.int8, dtypes.int16, dtypes.int32,
    dtypes.int64, dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64,
    dtypes.complex64, dtypes.complex128, dtypes.bfloat16))

# TF's op_callbacks_common.OP_CALLBACK_SKIP_OPS and check_numerics_callback.SAFE_OPS.
_SKIPPED = frozenset((
    "Enter", "Exit", "Identity", "If", "LoopCond", "Merge", "NextIteration", "StatelessIf",
    "StatefulPartitionedCall", "Switch", "While", "RemoteCall", "CheckNumericsV2",
    "Concat", "ConcatV2", "ExpandDims", "Fill", "Gather", "Maximum", "Minimum", "Reshape",
    "Slice", "Squeeze", "Stack", "StridedSlice", "StridedSliceGrad", "TensorListConcatV2",
    "TensorListGather", "TensorListGetItem", "TensorListPopBack", "TensorListStack",
    "Transpose", "Unpack",
    # tfcompat's ops that run a tf.cond, tf.scan / tf.map_fn, tf.vectorized_map (TF's If,
    # While, pfor: their ops are checked, not the construct's outputs)
    "Case", "Scan", "VectorizedMap"))
_IGNORED_OUTPUTS = frozenset(
    [("FusedBatchNorm", i) for i in range(1, 5)] + [("FusedBatchNormV2", i) for i in range(1, 5)]
    + [("FusedBatchNormV3", i) for i in range(1, 6)])
_CHECKED = (dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64)

_state = threading.local()
_threads = [0]   # threads with check numerics on (the hook is installed while any is)
_threads_lock = threading.Lock()


def is_numeric_tensor(tensor):
    """tf.debugging.is_numeric_tensor: a tf.Tensor (not a Variable or composite) of a
    numeric dtype."""
    return isinstance(tensor, Tensor) and tensor.dtype in _NUMERIC


def _header(slot, n, op_type, tensor, qualifier):
    """The first lines of TF's get_check_numerics_error_message."""
    return (f"\n\n!!! Detected Infinity or NaN in output {slot} of {qualifier} op "
            f"\"{op_type}\" (# of outputs: {n}) !!!\n  dtype: {tensor.dtype}\n"
            f"  shape: {tensor.shape}\n")


def _describe_inputs(inputs):
    if len(inputs) > 1:
        return f"\n  Input tensors ({len(inputs)}):\n" + "".join(
            f"         {i}: {t!s}\n" for i, t in enumerate(inputs))
    if len(inputs) == 1:
        return f"\n  Input tensor: {inputs[0]!s}\n"
    return ""


def _eager_error(slot, n, op_type, tensor, inputs, values):
    """TF's eager CheckNumericsV2 failure for an output holding an Inf or a NaN."""
    inf = np.isinf(values)
    counts = (("-Inf", int(np.sum(inf & (values < 0)))), ("+Inf", int(np.sum(inf & (values > 0)))),
              ("NaN", int(np.sum(np.isnan(values)))))
    message = _header(slot, n, op_type, tensor, "eagerly-executing")
    for kind, count in counts:
        if count:
            message += f"  # of {'+NaN' if kind == 'NaN' else kind} elements: {count}\n"
    message += _describe_inputs(inputs) + "\n"
    kinds = [kind for kind, count in counts if count]
    had = kinds[0] if len(kinds) == 1 else " and ".join(kinds) if len(kinds) == 2 else \
        "-Inf, +Inf, and NaN"
    return kernel_error("CheckNumericsV2", f"{message} : Tensor had {had} values", name="")


def _check_outputs(op, inputs, outputs):
    if not getattr(_state, "enabled", False) or op.name in _SKIPPED:
        return
    for slot, out in enumerate(outputs):
        if out.dtype not in _CHECKED or (op.name, slot) in _IGNORED_OUTPUTS:
            continue
        value = out._value
        if isinstance(value, jax.core.Tracer):
            builder = func_graph.current()
            if builder is not None:
                name = symbolic_name(out)
                node = name.split(":")[0] if name else builder.scope() + op.name
                graph = "" if builder.function_name is None else \
                    f'  Graph name: "{builder.function_name}"\n'
                # (TF's graph message: no blank lines before it)
                message = _header(slot, len(outputs), op.name, out, "graph").lstrip("\n") + \
                    _describe_inputs(inputs) + graph + "\n"
                _check_numerics(out, message, "", f"{node}/CheckNumericsV2", absolute=True)
            continue
        values = np.asarray(value).astype(np.float64)
        if not np.isfinite(values).all():
            raise _eager_error(slot, len(outputs), op.name, out, inputs, values)


def enable_check_numerics(stack_height_limit=30, path_length_limit=50):
    """tf.debugging.enable_check_numerics (in this thread). The limits concern TF's
    stack traces of graph ops, which tfcompat's messages do not show."""
    del stack_height_limit, path_length_limit
    if not getattr(_state, "enabled", False):
        _state.enabled = True
        with _threads_lock:
            _threads[0] += 1
            if _check_outputs not in op_hooks:
                op_hooks.append(_check_outputs)
    tf_logging.get_logger().info("Enabled check-numerics callback in thread %s",
                                 threading.current_thread().name)


def disable_check_numerics():
    """tf.debugging.disable_check_numerics (in this thread; nothing if it is off)."""
    if not getattr(_state, "enabled", False):
        return
    _state.enabled = False
    with _threads_lock:
        _threads[0] -= 1
        if not _threads[0]:
            op_hooks.remove(_check_outputs)
    tf_logging.get_logger().info("Disabled check-numerics callback in thread %s",
                                 threading.current_thread().name)
