"""tf.nn losses: cross entropies with logits, l2_loss, log_poisson_loss,
compute_average_loss and scale_regularization_loss.

Each loss is TF's formula as one JAX function (so its gradient is that of TF's
composition); the fused softmax cross entropy carries TF's kernel gradient
(softmax - labels, whatever the labels sum to); the sparse one computes as TF's kernel
does, to the last bit in float32 (small losses steer a training run that fits its data).
"""
import math

import jax
import jax.numpy as jnp
import numpy as np

from ..framework.composite_dispatch import BINARY_ELEMENTWISE, dispatchable
from ..framework import errors, func_graph, host_callback
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, mismatch_error, to_tensor
from .array_ops import expand_dims, squeeze
from .eigen_reduce import eigen_sum, in_tf_order
from .math_common import (eigen_exp, eigen_exp_rows, exact_divide, rounded,
                          unbroadcast)
from . import glibc_float
from .arithmetic_ops import divide_no_nan, truediv
from .cast_ops import cast
from .reduction_ops import reduce_sum
from .unary_ops import _exp, _log1p, exp
from . import shape_inference
from .op_args import attr_error, checked_attr, dims, static_int
from .op_scope import op_scope


def _same_shape(a, b, a_name, b_name):
    if a._value.shape != b._value.shape:
        raise ValueError(f"`{a_name}` and `{b_name}` must have the same shape, received "
                         f"({a.shape} vs {b.shape}).")


def _same_dtype(op_name, x, y):
    if x._value.dtype != y._value.dtype:
        raise mismatch_error(op_name, 1, x.dtype, y.dtype)


# -- sigmoid / weighted cross entropy ---------------------------------------------------------

def _sigmoid_xent(logits, labels):
    zeros = jnp.zeros_like(logits)
    cond = logits >= zeros
    relu_logits = jnp.where(cond, logits, zeros)
    neg_abs_logits = jnp.where(cond, -logits, logits)
    # (TF's composition of ops: its Exp and Log1p kernels, each product rounded alone)
    return relu_logits - rounded(logits * labels) + _log1p(_exp(neg_abs_logits))


_sigmoid_xent_op = Op("SigmoidCrossEntropyWithLogits", _sigmoid_xent)


@dispatchable("labels", "logits", group=BINARY_ELEMENTWISE)
@op_scope("logistic_loss", names_last=True)
def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """tf.nn.sigmoid_cross_entropy_with_logits:
    max(x, 0) - x * z + log(1 + exp(-abs(x)))."""
    if labels is None or logits is None:
        raise ValueError("Both `labels` and `logits` must be provided for "
                         f"sigmoid_cross_entropy_with_logitsReceived: labels={labels} and "
                         f"logits={logits}")
    logits, labels = to_tensor(logits), to_tensor(labels)
    _same_shape(logits, labels, "logits", "labels")
    _same_dtype("Mul", logits, labels)
    check_dtype(exp.op, logits)
    return execute(_sigmoid_xent_op, (logits, labels))


def _weighted_xent(logits, labels, pos_weight):
    # TF's composition; every product rounded on its own, as TF's ops compute them.
    log_weight = 1 + rounded((pos_weight - 1) * labels)
    return rounded((1 - labels) * logits) + rounded(log_weight * (
        _log1p(_exp(-jnp.abs(logits))) + jax.nn.relu(-logits)))


_weighted_xent_vjp = jax.custom_vjp(_weighted_xent)


def _weighted_xent_fwd(logits, labels, pos_weight):
    return _weighted_xent(logits, labels, pos_weight), (logits, labels, pos_weight)


def _weighted_xent_bwd(res, g):
    """TF's gradient of its composition, op by op, summing the logits' three gradients in
    the order TF's tape aggregates them: ((1 - z) * g + relu path) + abs path."""
    x, z, q = res
    e = jnp.exp(-jnp.abs(x))
    log_weight = 1 + rounded((q - 1) * z)
    softplus = jnp.log1p(e) + jax.nn.relu(-x)
    g_lw = g * softplus
    g_sp = unbroadcast(g * log_weight, x.shape)
    g_relu = -jnp.where(x < 0, g_sp, jnp.zeros_like(g_sp))
    g_abs = rounded(-(g_sp * (1 / (1 + e)) * e) * jnp.sign(x))
    gx = (rounded(unbroadcast(g, x.shape) * (1 - z)) + g_relu) + g_abs
    gz = -rounded(unbroadcast(g, x.shape) * x) + rounded(unbroadcast(g_lw * (q - 1), z.shape))
    gq = unbroadcast(g_lw * z, q.shape)
    return gx, gz, gq


_weighted_xent_vjp.defvjp(_weighted_xent_fwd, _weighted_xent_bwd)
_weighted_xent_op = Op("WeightedCrossEntropyWithLogits", _weighted_xent_vjp,
                       jvp_fn=_weighted_xent)


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """tf.nn.weighted_cross_entropy_with_logits:
    (1 - z) * x + (1 + (q - 1) * z) * (log(1 + exp(-abs(x))) + max(-x, 0)), with abs
    written x * sign(x) for TF's gradient 0 at 0."""
    logits, labels = to_tensor(logits), to_tensor(labels)
    _same_shape(logits, labels, "logits", "labels")
    pos_weight = convert_to_tensor(pos_weight, dtype_hint=labels.dtype)
    _same_dtype("Mul", pos_weight, labels)
    _same_dtype("Mul", labels, logits)
    check_dtype(exp.op, logits)
    return execute(_weighted_xent_op, (logits, labels, pos_weight))


# -- softmax cross entropies --------------------------------------------------------------------

@jax.custom_vjp
def _softmax_xent(logits, labels):
    return -jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1)


def _softmax_xent_fwd(logits, labels):
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.sum(labels * log_probs, axis=-1), (log_probs, labels)


def _softmax_xent_bwd(res, g):
    log_probs, labels = res
    g = g[..., None]
    grad_labels = g * -log_probs
    # Labels broadcast against the logits: reduce their gradient back to their shape.
    extra = tuple(i for i, (a, b) in enumerate(zip(labels.shape, grad_labels.shape)) if a != b)
    return g * (jnp.exp(log_probs) - labels), jnp.sum(grad_labels, extra, keepdims=True)


_softmax_xent.defvjp(_softmax_xent_fwd, _softmax_xent_bwd)


def _softmax_xent_axis(logits, labels, axis, precise):
    dtype = logits.dtype
    if precise is not None:
        logits, labels = logits.astype(precise), labels.astype(precise)
    logits, labels = jnp.moveaxis(logits, axis, -1), jnp.moveaxis(labels, axis, -1)
    return _softmax_xent(logits, labels).astype(dtype)


_softmax_xent_op = Op("SoftmaxCrossEntropyWithLogits", _softmax_xent_axis)


def _precise(dtype):
    """TF computes float16 (and, for softmax, bfloat16) losses in float32."""
    return np.dtype("float32") if dtype.name in ("float16", "bfloat16") else None


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """tf.nn.softmax_cross_entropy_with_logits (v2): gradients flow into the labels too;
    labels are cast to the logits' dtype and broadcast against them."""
    logits, labels = to_tensor(logits), to_tensor(labels)
    labels = cast(labels, logits.dtype)
    check_dtype(_softmax_xent_op, logits)
    shape = logits._value.shape
    if not shape:
        raise errors.InvalidArgumentError(
            None, None, "{{function_node __wrapped__Slice_device_/job:localhost/replica:0/"
                        "task:0/device:CPU:0}} Expected begin[0] == 0 (got -1) and size[0] == 0 "
                        "(got 1) when input.dim_size(0) == 0 [Op:Slice]")
    axis = static_int(axis, "tf.nn.softmax_cross_entropy_with_logits", "axis") % len(shape)
    moved = [d for i, d in enumerate(shape) if i != axis] + [shape[axis]]
    lshape = labels._value.shape
    lmoved = [d for i, d in enumerate(lshape) if i != axis] + [lshape[axis]] \
        if len(lshape) == len(shape) else list(lshape)
    try:
        ok = jnp.broadcast_shapes(tuple(lmoved), tuple(moved)) == tuple(moved)
    except ValueError:
        ok = False
    if not ok:
        def flat(s):
            return (int(np.prod(s[:-1])), s[-1])
        a, b = flat(moved), flat(lmoved)
        raise shape_inference.trace_checked(
            errors.op_error(
                errors.InvalidArgumentError, "SoftmaxCrossEntropyWithLogits",
                f"logits and labels must be broadcastable: logits_size={dims(a)} "
                f"labels_size={dims(b)}", kernel="SoftmaxCrossEntropyWithLogits"),
            "Dimensions must be equal, but are {} and {}".format(
                *next((p, q) for p, q in zip(a, b) if p != q)),
            "SoftmaxCrossEntropyWithLogits", (np.zeros(a), np.zeros(b)),
            (("T", shape_inference.dtype_enum(logits)),),
            scope="softmax_cross_entropy_with_logits")
    return execute(_softmax_xent_op, (logits, labels),
                   (("axis", axis), ("precise", _precise(logits.dtype))))


def _sparse_xent_kernel(logits, labels):
    """TF's SparseXentEigenImpl: d = logits - max; s = sum(exp(d)) along the classes;
    loss = log(s) - d[label]; backprop = exp(d) / s - onehot. For float32 the exps are
    Eigen's: whole packets of each row's sum and of the flat exp(d) vectorised, the rest
    std::exp; the sum in Eigen's order (XLA's where the classes are a symbolic dimension:
    tf.saved_model.save of unknown shapes) and the log glibc's logf."""
    d = logits - jnp.max(logits, axis=-1, keepdims=True)
    ordered = in_tf_order(d, (-1,))
    row_sum = (lambda v: eigen_sum(v, (-1,), False)) if ordered else (lambda v: jnp.sum(v, -1))
    classes = d.shape[-1]
    onehot = jnp.arange(classes) == labels[..., None]
    if d.dtype == np.float32:
        s = row_sum(eigen_exp_rows(d))
        log_s = glibc_float.logf(s)
        e = eigen_exp(d)
    else:
        e = jnp.exp(d)
        s = row_sum(e)
        log_s = jnp.log(s)
    loss = log_s - jnp.sum(jnp.where(onehot, d, 0), axis=-1)
    return loss, exact_divide(e, s[..., None]) - onehot.astype(d.dtype)


@jax.custom_vjp
def _sparse_xent_fused(logits, labels):
    return _sparse_xent_kernel(logits, labels)[0]


def _sparse_xent_bwd(backprop, g):
    """TF's gradient: the kernel's backprop times the loss gradient (_BroadcastMul)."""
    return g[..., None] * backprop, None


_sparse_xent_fused.defvjp(_sparse_xent_kernel, _sparse_xent_bwd)   # (residual: backprop)


def _sparse_xent_formula(logits, labels, precise, checked=False):
    """The loss as forward mode differentiates it: log(sum(exp(d))) - d[label]."""
    dtype = logits.dtype
    if precise is not None:
        logits = logits.astype(precise)
    d = logits - jnp.max(logits, axis=-1, keepdims=True)
    picked = jnp.take_along_axis(d, labels[..., None].astype(jnp.int32), axis=-1)[..., 0]
    return (jnp.log(jnp.sum(jnp.exp(d), axis=-1)) - picked).astype(dtype)


def _sparse_xent(logits, labels, precise, checked=False):
    dtype = logits.dtype
    classes = logits.shape[-1]
    if precise is not None:
        logits = logits.astype(precise)
    out = _sparse_xent_fused(logits, labels).astype(dtype)
    if checked:   # inside a tf.function: TF's kernel checks the labels when it runs
        out = host_callback.checked(out, lambda v: _label_error(v, classes), labels,
                                    failing=lambda v: jnp.any((v < 0) | (v >= classes)))
    return out


def _label_error(labels, classes):
    values = labels.reshape(-1)
    bad = np.flatnonzero((values < 0) | (values >= classes))
    if bad.size:
        return errors.op_error(
            errors.InvalidArgumentError, "SparseSoftmaxCrossEntropyWithLogits",
            f"Received a label value of {values[bad[0]]} which is outside the valid range of "
            f"[0, {classes}).  Label values: {' '.join(map(str, values))}",
            kernel="SparseSoftmaxCrossEntropyWithLogits")
    return None


_sparse_xent_op = Op("SparseSoftmaxCrossEntropyWithLogits", _sparse_xent,
                     jvp_fn=_sparse_xent_formula)


@op_scope("SparseSoftmaxCrossEntropyWithLogits")
def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    """tf.nn.sparse_softmax_cross_entropy_with_logits: integer class labels; labels
    outside [0, num_classes) raise InvalidArgumentError, as TF on CPU."""
    if labels is None or logits is None:
        raise ValueError("Both `labels` and `logits` must be provided for "
                         f"sparse_softmax_cross_entropy_with_logitsReceived: labels={labels} "
                         f"and logits={logits}")
    labels, logits = to_tensor(labels), to_tensor(logits)
    lshape, shape = labels._value.shape, logits._value.shape
    if not shape:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits}`")
    if len(lshape) != len(shape) - 1:
        raise ValueError(
            "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
            f"labels.shape={labels.shape} of rank {len(lshape)} and "
            f"logits.shape={logits.shape} of rank {len(shape)}")
    if lshape != shape[:-1] and all(isinstance(d, int) for d in lshape + shape):
        raise ValueError(
            "`labels.shape` must equal `logits.shape` except for the last dimension. "
            f"Received: labels.shape={labels.shape} and logits.shape={logits.shape}")
    check_dtype(_sparse_xent_op, logits)
    if labels.dtype.name not in _sparse_xent_op.spec.allowed("Tlabels"):
        raise attr_error(_sparse_xent_op.name, "Tlabels", labels.dtype, name="")
    attrs = (("precise", _precise(logits.dtype)),) + checked_attr(
        lambda v: _label_error(v, shape[-1]), labels)
    # (TF's node: the op in the wrapper's name scope, both named `name` or the op's type)
    with func_graph.named(name or _sparse_xent_op.name):
        return execute(_sparse_xent_op, (logits, labels), attrs)


# -- other losses -----------------------------------------------------------------------------

_l2_loss_op = Op("L2Loss", lambda t: jnp.sum(jnp.square(t)) / 2)


def l2_loss(t, name=None):
    """tf.nn.l2_loss: sum(t ** 2) / 2."""
    t = to_tensor(t)
    try:
        check_dtype(_l2_loss_op, t)
    except errors.InvalidArgumentError as e:  # TF's L2Loss message has no `name:` suffix
        raise errors.InvalidArgumentError(None, None, str(e)[:-len(" name: ")]) from None
    return execute(_l2_loss_op, (t,))


def _log_poisson(log_input, targets, full):
    result = jnp.exp(log_input) - log_input * targets
    if full:
        stirling = targets * jnp.log(targets) - targets + 0.5 * jnp.log(2 * math.pi * targets)
        zeros = jnp.zeros_like(targets)
        result = result + jnp.where((targets >= 0) & (targets <= 1), zeros, stirling)
    return result


_log_poisson_op = Op("LogPoissonLoss", _log_poisson)


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """tf.nn.log_poisson_loss: exp(c) - z * c, plus Stirling's approximation of log(z!)
    (for z > 1) with compute_full_loss."""
    log_input, targets = to_tensor(log_input), to_tensor(targets)
    _same_shape(log_input, targets, "log_input", "targets")
    check_dtype(exp.op, log_input)
    _same_dtype("Mul", log_input, targets)
    return execute(_log_poisson_op, (log_input, targets),
                   (("full", bool(compute_full_loss)),))


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """tf.nn.compute_average_loss: sum(per_example_loss * sample_weight) /
    global_batch_size (default: the first dimension; there is one replica)."""
    loss = to_tensor(per_example_loss)
    dtype = loss.dtype
    if not loss.ndim:
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor with "
                         f"at least rank 1. Received per_example_loss={loss} with rank 0")
    if sample_weight is not None:
        weight = cast(to_tensor(sample_weight), "float32")
        loss = cast(loss, "float32")
        if weight.ndim - loss.ndim == 1:
            weight = squeeze(weight, [-1])
        elif loss.ndim - weight.ndim == 1 and weight.ndim:
            weight = expand_dims(weight, -1)
        loss = cast(loss * weight, dtype)
    if global_batch_size is None:
        global_batch_size = loss._value.shape[0]
    size = to_tensor(global_batch_size)
    if size.ndim:
        raise errors.InvalidArgumentError(None, None, "global_batch_size must be scalar.")
    if not size.dtype.is_integer:
        raise TypeError("global_batch_size must be an integer.")
    if int(size) < 0:
        raise errors.InvalidArgumentError(None, None, "global_batch_size must be non-negative.")
    return divide_no_nan(reduce_sum(loss), cast(size, dtype))


def scale_regularization_loss(regularization_loss, name=None):
    """tf.nn.scale_regularization_loss: the summed loss divided by the number of
    replicas (one)."""
    return truediv(reduce_sum(regularization_loss), 1)
