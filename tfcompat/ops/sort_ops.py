"""tf.sort, tf.argsort, tf.math.top_k and tf.math.in_top_k.

TF sorts with TopKV2: descending order, ties by index (-0.0 equal to 0.0); ascending
order sorts the negated values. Here nan is the largest value, first either way: TF's
std::sort leaves an input with nan partly unsorted, in an order this does not reproduce.
"""
import collections

import jax.numpy as jnp

from ..framework import dtypes, errors, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx
from ..framework.dispatch import Op, check_dtype, execute, mismatch_error, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from .op_args import attr_error, int32_scalar, static_int
from .op_scope import name_result, op_scope

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["approx_top_k", "argsort", "sort"]


TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"],
                                module="tensorflow.python.ops.gen_nn_ops")


def _order(x, axis, descending):
    """Indices that sort `x` along `axis` as TF does (stable)."""
    if jnp.issubdtype(x.dtype, jnp.floating):
        nan = jnp.isnan(x)
        x = jnp.where(nan, jnp.asarray(jnp.inf if descending else -jnp.inf, x.dtype), x)
    return jnp.argsort(x, axis=axis, stable=True, descending=descending)


def _sort(x, axis, descending):
    return jnp.take_along_axis(x, _order(x, axis, descending), axis=axis)


def _top_k(x, k, index_dtype):
    idx = jnp.take(_order(x, -1, True), jnp.arange(k), axis=-1)
    return jnp.take_along_axis(x, idx, axis=-1), idx.astype(index_dtype)


_sort_op = Op("Sort", _sort)
_argsort_op = Op("ArgSort", lambda x, axis, descending: _order(x, axis, descending)
                 .astype(jnp.int32), differentiable=False)
# Carries TopKV2's dtype check (`check_dtype`) for tf.sort, tf.argsort and tf.math.top_k
# (the dtypes TF sorts: tf.sort and tf.argsort run on TopKV2 too).
_top_k_op = Op("TopKV2", _top_k)
_TK_TYPES = _top_k_op.spec.allowed("Tk")


def _sort_args(values, axis, direction):
    from .unary_ops import negative
    x = to_tensor(values)
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. "
                         f"Received: direction={direction}")
    axis = static_int(axis, "tf.sort", "axis")
    a = axis + x.ndim if axis < 0 else axis
    if not 0 <= a < x.ndim:
        raise errors.InvalidArgumentError(
            None, None,
            f"{{{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/"
            f"device:CPU:0}}}} slice index {a} of dimension 0 out of bounds. "
            f"[Op:StridedSlice] name: strided_slice/")
    if direction == "ASCENDING" and not x.dtype.is_unsigned:   # TF negates signed values
        check_dtype(negative.op, x)
    check_dtype(_top_k_op, x)
    return x, (("axis", a), ("descending", direction == "DESCENDING"))


@op_scope("sort")
def sort(values, axis=-1, direction="ASCENDING", name=None):
    """tf.sort."""
    x, attrs = _sort_args(values, axis, direction)
    out = execute(_sort_op, (x,), attrs)
    # (TF's last op: its TopKV2, or, ascending, the negation back of what it sorted)
    name_result(out, "TopKV2" if direction == "DESCENDING" else
                "Neg_1" if x.dtype.is_floating else
                "sub_1" if x.dtype.is_integer and not x.dtype.is_unsigned else None)
    return out


@op_scope("argsort")
def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    """tf.argsort: int32 indices; always stable (ties keep their order), as TF's CPU
    kernel is. No gradient (TF's is zeros through its negation)."""
    x, attrs = _sort_args(values, axis, direction)
    return execute(_argsort_op, (x,), attrs)


def _k_arg(k):
    """top_k's `k` converted as TF converts it (int32 by default; an int16/int64 tensor
    kept), with TF's errors for other dtypes and non-scalars."""
    if isinstance(k, (Tensor, Variable, str)):
        dt = dtypes.string if isinstance(k, str) else k.dtype
        if dt.name not in _TK_TYPES:
            if ctx.traces:
                raise TypeError(f"Value passed to parameter 'k' has DataType {dt.name} not in "
                                f"list of allowed values: {', '.join(_TK_TYPES)}")
            raise attr_error("TopKV2", "Tk", dt, name=None if isinstance(k, str) else "")
    elif isinstance(k, float) and ctx.traces:
        raise TypeError("Value passed to parameter 'k' has DataType float32 not in list of "
                        "allowed values: int16, int32, int64")
    return int32_scalar(k, "TopKV2", "k must be scalar, got shape {}", "tf.math.top_k", "k")


def top_k(input, k=1, sorted=True, index_type=dtypes.int32, name=None):
    """tf.math.top_k: (values, indices) of the k largest entries of the last axis,
    ties by index; always sorted."""
    x = to_tensor(input)
    check_dtype(_top_k_op, x)
    k = _k_arg(k)
    text = None
    if x.ndim < 1:
        text = f"input must be >= 1-D, got shape [{','.join(map(str, x._value.shape))}]"
    elif k < 0:
        text = f"Need k >= 0, got {k}"
    elif x._value.shape[-1] < k:
        text = f"input must have at least k columns. Had {x._value.shape[-1]}, needed {k}"
    if text:
        raise errors.op_error(errors.InvalidArgumentError, "TopKV2", text, kernel="TopKV2")
    values, indices = execute(_top_k_op, (x,), (
        ("k", k), ("index_dtype", dtypes.as_dtype(index_type)._np)))
    return TopKV2(values, indices)


def in_top_k(targets, predictions, k, name=None):
    """tf.math.in_top_k: whether predictions[i, targets[i]] is among the k largest of row
    i (ties count in); False for out-of-range targets and non-finite predictions."""
    p = to_tensor(predictions if isinstance(predictions, (Tensor, Variable)) else
                  convert_to_tensor(predictions, dtypes.float32))   # the op's fixed float32
    t = to_tensor(targets)
    if t.dtype not in (dtypes.int32, dtypes.int64):
        if ctx.traces:
            raise TypeError(f"Value passed to parameter 'targets' has DataType {t.dtype.name} "
                            f"not in list of allowed values: int32, int64")
        raise attr_error("InTopKV2", "T", t.dtype, name="")
    if p.dtype is not dtypes.float32:
        raise mismatch_error("InTopKV2", 0, dtypes.float32, p.dtype)
    if p._value.shape[0] != t._value.shape[0]:
        raise errors.op_error(
            errors.InvalidArgumentError, "InTopKV2",
            f"First dimension of predictions {p._value.shape[0]} must match length of "
            f"targets {t._value.shape[0]}", kernel="InTopKV2")
    pv, tv = p._value, t._value
    n = pv.shape[1]
    valid = (tv >= 0) & (tv < n)
    target = jnp.take_along_axis(pv, jnp.clip(tv, 0, n - 1)[:, None], axis=1)
    better = jnp.sum(pv > target, axis=1)
    ok = valid & jnp.isfinite(target[:, 0]) & jnp.all(jnp.isfinite(pv), axis=1)
    if isinstance(k, float):
        raise TypeError(f"Cannot convert {k!r} to EagerTensor of dtype {t.dtype.name}")
    if isinstance(k, (Tensor, Variable)) and k.dtype is not t.dtype:
        raise mismatch_error("InTopKV2", 2, t.dtype, k.dtype)
    k = to_tensor(k)._value   # a tensor computed inside a tf.function is an operand
    return EagerTensor(ok & (better < k))



ApproxTopK = collections.namedtuple("ApproxTopK", ["values", "indices"])
ApproxTopK.__module__ = "tensorflow.python.ops.gen_nn_ops"
_approx_top_k_op = Op("ApproxTopK", lambda x, k: _top_k(x, k, jnp.int32))
_APPROX_CPU = ("double", "float", "bfloat16", "half", "int32", "int8", "uint8", "int16",
               "uint16", "uint32", "int64", "uint64")


def approx_top_k(input, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """tf.approx_top_k (TF's ApproxTopK) as TF's CPU kernel runs it: the exact top k of
    the last dimension (TopKV2's order); TF's CPU has no kernel for min-k or for a
    `reduction_dimension` other than -1, and neither does this."""
    x = to_tensor(input)
    check_dtype(_approx_top_k_op, x)
    k = static_int(k, "tf.approx_top_k", "k")
    if k < 0:
        raise op_def.attr_value_error("ApproxTopK", "k", k, "")
    if reduction_dimension != -1 or not is_max_k:
        cpu = "".join(f"\n  device='CPU'; T in [DT_{t.upper()}]; reduction_dimension in [-1]; "
                      f"is_max_k in [true]" for t in _APPROX_CPU)
        flag = "true" if is_max_k else "false"
        raise errors.NotFoundError(
            None, None,
            f"Could not find device for node: {{{{node ApproxTopK}}}} = ApproxTopK[T=DT_"
            f"{x.dtype._tf_name.upper()}, aggregate_to_topk={str(bool(aggregate_to_topk)).lower()}, "
            f"is_max_k={flag}, k={k}, recall_target={float(recall_target):g}, "
            f"reduction_dimension={reduction_dimension}, reduction_input_size_override="
            f"{reduction_input_size_override}]\nAll kernels registered for op ApproxTopK:\n  "
            f"device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_BFLOAT16, DT_HALF]{cpu}\n "
            f"[Op:ApproxTopK] name: ")
    text = None
    if x.ndim < 1:
        text = f"input must be >= 1-D, got shape [{','.join(map(str, x._value.shape))}]"
    elif x._value.shape[-1] < k:
        text = f"input must have at least k columns. Had {x._value.shape[-1]}, needed {k}"
    if text:
        raise errors.op_error(errors.InvalidArgumentError, "ApproxTopK", text,
                              kernel="ApproxTopK")
    return ApproxTopK(*execute(_approx_top_k_op, (x,), (("k", k),)))


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """tf.math.approx_max_k / tf.nn.approx_max_k: approx_top_k with is_max_k."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, True,
                        reduction_input_size_override, aggregate_to_topk)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,
                 reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """tf.math.approx_min_k / tf.nn.approx_min_k: approx_top_k without is_max_k (TF's CPU
    has no kernel for it: NotFoundError)."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, False,
                        reduction_input_size_override, aggregate_to_topk)


def raw_approx_top_k(*, input, k, reduction_dimension=-1, recall_target=0.95, is_max_k=True,
                     reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
    """tf.raw_ops.ApproxTopK."""
    return approx_top_k(input, k, reduction_dimension, recall_target, is_max_k,
                        reduction_input_size_override, aggregate_to_topk)
