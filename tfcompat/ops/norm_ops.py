"""tf.norm (tf.linalg.norm), tf.linalg.global_norm, tf.linalg.normalize and
tf.math.l2_normalize."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework.dispatch import Op, check_dtype, execute, match, to_tensor
from ..framework.tensor import EagerTensor
from . import loss_ops
from .math_common import reduction_axes
from .op_args import kernel_error, static_error, traced
from . import unary_ops
from .arithmetic_ops import _abs_real, _maximum, _pow, _rsqrt, _sqrt, truediv
from .cast_ops import cast
from .op_scope import name_result, op_scope

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["norm"]


# -- norms -------------------------------------------------------------------------------------

def _norm(x, ord, axis, matrix, keepdims):
    if matrix and ord == 2:
        moved = jnp.moveaxis(x, axis, (-2, -1))
        s = jnp.linalg.svd(moved, compute_uv=False)
        result = jnp.max(s, axis=-1)
        result = jnp.expand_dims(result, (-2, -1))
        result = jnp.moveaxis(result, (-2, -1), axis)
    elif ord in ("euclidean", "fro") or ord == 2:
        result = _sqrt(jnp.sum(x * jnp.conj(x), axis, keepdims=True))
    else:
        a = jnp.abs(x) if jnp.issubdtype(x.dtype, jnp.complexfloating) else _abs_real(x)
        if ord == 1 and matrix:
            result = jnp.max(jnp.sum(a, axis[0], keepdims=True), axis[1], keepdims=True)
        elif ord == np.inf and matrix:
            result = jnp.max(jnp.sum(a, axis[1], keepdims=True), axis[0], keepdims=True)
        elif ord == 1:
            result = jnp.sum(a, axis, keepdims=True)
        elif ord == np.inf:
            result = jnp.max(a, axis, keepdims=True)
        else:
            result = _pow(jnp.sum(_pow(a, jnp.asarray(ord, a.dtype)), axis, keepdims=True),
                          jnp.asarray(1.0 / ord, a.dtype))
    return result if keepdims else jnp.squeeze(result, axis)


_norm_op = Op("Norm", _norm)
_MATRIX_ORDS = ("euclidean", "fro", 1, 2, np.inf)


@op_scope("norm")
def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    """tf.norm / tf.linalg.norm: vector p-norms (p > 0, inf) and matrix norms
    ('fro', 'euclidean', 1, 2, inf) over one axis, two axes or all of them."""
    x = to_tensor(tensor)
    bad_axis = "'axis' must be None, an integer, or a tuple of 2 unique integers, got {}"
    is_matrix = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix:
        axis = tuple(axis)
        if not all(isinstance(a, int) for a in axis) or axis[0] == axis[1]:
            raise ValueError(bad_axis.format(axis))
        if ord not in _MATRIX_ORDS:
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', "
                             f"1, 2, inf], got {ord}")
    else:
        if not (isinstance(axis, int) or axis is None):
            raise ValueError(bad_axis.format(axis))
        if ord not in ("euclidean", 1, 2, np.inf) and (isinstance(ord, str) or ord <= 0):
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    if not (x.dtype.is_floating or x.dtype.is_complex):
        check_dtype(unary_ops.sqrt.op, x)
    axes = tuple(range(x.ndim)) if axis is None else (
        (axis,) if isinstance(axis, int) else axis)
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            raise kernel_error("Sum", f"Invalid reduction dimension ({a} for input with "
                                      f"{x.ndim} dimension(s)")
    axes = tuple(a % x.ndim for a in axes)
    ord = ord if isinstance(ord, str) else float(ord)
    out = execute(_norm_op, (x,), (("ord", ord), ("axis", axes), ("matrix", is_matrix),
                                   ("keepdims", bool(keepdims))))
    # (TF's last op: squeeze of the kept axes, else the norm's own last reduction)
    name_result(out, "Squeeze" if not keepdims else _KEPT_LAST.get((ord, is_matrix)))
    return out


# The last op of TF's norm with keepdims=True, by (ord, matrix).
_KEPT_LAST = {("euclidean", False): "Sqrt", (2.0, False): "Sqrt", (1.0, False): "Sum",
              (np.inf, False): "Max", ("euclidean", True): "Sqrt", ("fro", True): "Sqrt"}


def _global_norm(*ts):
    total = sum(jnp.sum(t * t) / 2 for t in ts)
    return _sqrt(total * 2)


_global_norm_op = Op("GlobalNorm", _global_norm)


def global_norm(t_list, name=None):
    """tf.linalg.global_norm: sqrt(sum of squares of every tensor); None entries are
    skipped, as TF."""
    ts = [to_tensor(t) for t in t_list if t is not None]
    if not ts:
        return EagerTensor(jnp.zeros((), jnp.float32))
    for t in ts:
        check_dtype(loss_ops._l2_loss_op, t)  # TF sums l2_loss of each tensor
    ts = match(ts, "Pack", op_suffix="stack")
    return execute(_global_norm_op, tuple(ts))


def _l2_normalize(x, axis, epsilon):
    if jnp.issubdtype(x.dtype, jnp.complexfloating):
        re, im = jnp.real(x), jnp.imag(x)
        inv_norm = _rsqrt(_maximum(jnp.sum(re * re + im * im, axis, keepdims=True),
                                   jnp.asarray(epsilon, re.dtype)))
        return lax.complex(re * inv_norm, im * inv_norm)
    inv_norm = _rsqrt(_maximum(jnp.sum(x * x, axis, keepdims=True),
                               jnp.asarray(epsilon, x.dtype)))
    return x * inv_norm


_l2_normalize_op = Op("L2Normalize", _l2_normalize)


@op_scope("l2_normalize", names_last=True)
def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """tf.math.l2_normalize / tf.nn.l2_normalize / tf.linalg.l2_normalize:
    x / sqrt(max(sum(x**2, axis), epsilon))."""
    x = to_tensor(x)
    check_dtype(unary_ops.square.op, x)   # TF squares x before it converts epsilon
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError(f"Cannot convert {epsilon!r} to EagerTensor of dtype {x.dtype.name}")
    axis = dim if axis is None else axis
    axes = tuple(range(x.ndim)) if axis is None else reduction_axes(
        axis, x.ndim, "Sum", "tf.math.l2_normalize")
    if traced(epsilon):
        raise static_error("tf.math.l2_normalize", "epsilon")
    return execute(_l2_normalize_op, (x,), (("axis", axes), ("epsilon", float(epsilon))))


def normalize(tensor, ord="euclidean", axis=None, name=None):
    """tf.linalg.normalize: (tensor / norm, norm), the norm (tf.norm with keepdims) cast
    to `tensor`'s dtype."""
    x = to_tensor(tensor)
    n = cast(norm(x, ord, axis, keepdims=True), x.dtype)
    return truediv(x, n), n
