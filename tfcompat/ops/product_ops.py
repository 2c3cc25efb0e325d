"""Matrix and tensor products: tf.matmul, tf.linalg.matvec, tf.linalg.cross, tf.einsum
and tf.tensordot."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.composite_dispatch import dispatchable
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, hinted, match, match2, to_tensor
from ..framework.tensor import Tensor
from .math_common import kernel_not_found, plus_zero, shape_list, tf_gradient
from . import array_ops, shape_inference
from .shape_inference import dtype_enum, trace_checked
from .op_args import dims, static_value
from .linalg_solve_ops import _fail, _matmul_error
from .op_scope import name_result, op_scope

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["einsum", "matmul", "tensordot"]


# -- matmul ---------------------------------------------------------------------------------

def _matmul_plain(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b):
    if transpose_a or adjoint_a:
        a = jnp.swapaxes(a, -1, -2)
        a = jnp.conj(a) if adjoint_a else a
    if transpose_b or adjoint_b:
        b = jnp.swapaxes(b, -1, -2)
        b = jnp.conj(b) if adjoint_b else b
    return jnp.matmul(a, b)


@functools.lru_cache(maxsize=None)
def _matmul_tf(flags, fix_out, fix_a, fix_b):
    """matmul with TF's gradients (MatMulGrad: g @ b^H and a^H @ g, complex ones not
    conjugated afterwards), and TF's +0.0 where a dot of one term is zero, as its kernel
    gives it (XLA makes such a dot a product, -0.0 at times): in the product if
    `fix_out`, in the gradients of a and b if `fix_a`, `fix_b`."""
    plain = functools.partial(_matmul_plain, **dict(flags))

    def fn(a, b):
        out = plain(a, b)
        return plus_zero(out) if fix_out else out

    def grad(g, a, b, out):
        _, pullback = jax.vjp(plain, jnp.conj(a), jnp.conj(b))
        ga, gb = pullback(g)
        return plus_zero(ga) if fix_a else ga, plus_zero(gb) if fix_b else gb
    return tf_gradient(fn, grad)


def _matmul(a, b, transpose_a, transpose_b, adjoint_a, adjoint_b):
    flags = (("transpose_a", transpose_a), ("transpose_b", transpose_b),
             ("adjoint_a", adjoint_a), ("adjoint_b", adjoint_b))
    if jnp.issubdtype(a.dtype, jnp.inexact):
        a_t, b_t = transpose_a or adjoint_a, transpose_b or adjoint_b
        m, k = (a.shape[-1], a.shape[-2]) if a_t else (a.shape[-2], a.shape[-1])
        n = b.shape[-2] if b_t else b.shape[-1]
        complex_ = jnp.issubdtype(a.dtype, jnp.complexfloating)
        if complex_ or 1 in (m, k, n):
            # A dot of one term is +0.0 where zero in TF's oneDNN kernels (float32,
            # bfloat16), and in its Eigen ones when neither operand is transposed (else
            # the product's own sign). TF's gradients are the products g @ b^T (b
            # transposed unless b_t) and a^T @ g (a transposed unless a_t).
            onednn = a.dtype in (np.float32, jnp.bfloat16)
            return _matmul_tf(flags, k == 1 and (onednn or not (a_t or b_t)),
                              n == 1 and (onednn or (b_t and not a_t)),
                              m == 1 and (onednn or (a_t and not b_t)))(a, b)
    return _matmul_plain(a, b, **dict(flags))


def _matmul_op_error(op, arrays, attrs, exc):
    a, b = arrays
    onednn = a.dtype in (np.float32, jnp.bfloat16)
    if a.ndim < 2 or b.ndim < 2:
        text = f"In[{0 if a.ndim < 2 else 1}] ndims must be >= 2"
    elif a.ndim > 2 or b.ndim > 2:   # (TF's BatchMatMulV2)
        try:
            np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
            text = f"Matrix size-incompatible: In[0]: {shape_list(a.shape)}, In[1]: " \
                   f"{shape_list(b.shape)}"
            if onednn:   # (oneDNN's kernel adds its adjoint flags)
                text += "".join(f" {int(attrs[f'transpose_{s}'] or attrs[f'adjoint_{s}'])}"
                                for s in "ab")
        except ValueError:
            text = f"In[0] and In[1] must have compatible batch dimensions: " \
                   f"{shape_list(a.shape)} vs. {shape_list(b.shape)}"
        return errors.op_error(errors.InvalidArgumentError, "BatchMatMulV2", text,
                               kernel="__MklBatchMatMulV2" if onednn else "BatchMatMulV2")
    elif a.ndim == 2 and b.ndim == 2:
        text = f"Matrix size-incompatible: In[0]: {shape_list(a.shape)}, In[1]: " \
               f"{shape_list(b.shape)}"
    else:
        text = str(exc)
    kernel = "__MklMatMul" if onednn else "MatMul"  # oneDNN's
    return errors.op_error(errors.InvalidArgumentError, "MatMul", text, kernel=kernel)


_matmul_op = Op(
    "MatMul", _matmul, error=_matmul_op_error, jvp_fn=_matmul_plain)
_MATMUL_KERNELS = (("float", "double", "int32", "complex64", "int64", "bfloat16", "complex128",
                    "half"),
                   ("int64", "int32", "int16", "double", "float", "bfloat16", "half",
                    "complex128", "complex64"))


def _matmul_v3(a, b, adj_x, adj_y, Tout):
    """BatchMatMulV3: the product of a and b accumulated in Tout (int8 x int8 -> int32
    does not overflow)."""
    return _matmul_plain(a.astype(Tout), b.astype(Tout), adj_x, adj_y, adj_x, adj_y)


_matmul_v3_op = Op("BatchMatMulV3", _matmul_v3, allowed=None, jvp_fn=_matmul_v3)
# TF's CPU kernels of BatchMatMulV3 (Ta, Tb, Tout) where the types differ.
_V3_KERNELS = frozenset(
    [(x, y, "int32") for x in ("int8", "uint8") for y in ("int8", "uint8")]
    + [(x, "bfloat16", "bfloat16") for x in ("int8", "uint8")]
    + [("bfloat16", x, "bfloat16") for x in ("int8", "uint8")]
    + [(x, x, x) for x in ("int64", "int32", "int16", "double", "float", "bfloat16",
                           "complex128", "complex64")])


def _batch_matmul_v3(a, b, adj_x, adj_y, output_type, grad_a, grad_b):
    """tf.matmul's path when `output_type` differs from an input's dtype."""
    b = to_tensor(b)
    key = (a.dtype._tf_name, b.dtype._tf_name, output_type._tf_name)
    if key not in _V3_KERNELS:
        raise errors.NotFoundError(
            None, None,
            f"Could not find device for node: {{{{node BatchMatMulV3}}}} = BatchMatMulV3"
            f"[Ta=DT_{key[0].upper()}, Tb=DT_{key[1].upper()}, Tout=DT_{key[2].upper()}, "
            f"adj_x={str(adj_x).lower()}, adj_y={str(adj_y).lower()}, "
            f"grad_x={str(bool(grad_a)).lower()}, grad_y={str(bool(grad_b)).lower()}]")
    if a.ndim < 2 or b.ndim < 2:
        raise _matmul_op_error(None, (a._value, b._value), None, None)
    return execute(_matmul_v3_op, (a, b), (("adj_x", adj_x), ("adj_y", adj_y),
                                           ("Tout", output_type._np)))


@dispatchable("a", "b")
def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False,
           grad_b=False, name=None):
    """tf.linalg.matmul for rank >= 2 (batch dimensions broadcast); with `output_type`
    other than the inputs' dtype, TF's BatchMatMulV3 (int8 x int8 -> int32)."""
    a = to_tensor(a)   # (oneDNN's kernel for float32 and bfloat16, Eigen's for the rest)
    if output_type is not None:
        output_type = dtypes.as_dtype(output_type)
        if not isinstance(b, Tensor):
            b = convert_to_tensor(b, dtype_hint=a.dtype)
        if output_type != a.dtype or output_type != b.dtype:
            return _batch_matmul_v3(a, b, bool(transpose_a or adjoint_a),
                                    bool(transpose_b or adjoint_b), output_type, grad_a,
                                    grad_b)
    a, b = hinted(a, b, _matmul_op,
                  "_MklMatMul" if a.dtype in (dtypes.float32, dtypes.bfloat16) else None)
    if a.ndim < 2 or b.ndim < 2:
        raise _matmul_op_error(None, (a._value, b._value), None, None)
    if a.dtype.is_unsigned and a.ndim == b.ndim == 2:   # (no CPU kernel)
        flags = ", ".join(f"{k}={str(bool(v)).lower()}" for k, v in (
            ("grad_a", grad_a), ("grad_b", grad_b), ("transpose_a", transpose_a or adjoint_a),
            ("transpose_b", transpose_b or adjoint_b)))
        raise kernel_not_found("MatMul", a.dtype, *_MATMUL_KERNELS, attrs=", " + flags)
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    k_a, k_b = a.shape[-2 if ta else -1], b.shape[-1 if tb else -2]
    if a.ndim == b.ndim == 2 and k_a != k_b and None not in (k_a, k_b) and \
            shape_inference.tracing():
        raise shape_inference.node_error(
            f"Dimensions must be equal, but are {k_a} and {k_b}", "MatMul", (a, b),
            (("T", shape_inference.dtype_enum(a)), ("grad_a", bool(grad_a)),
             ("grad_b", bool(grad_b)), ("transpose_a", ta), ("transpose_b", tb)))
    return execute(_matmul_op, (a, b), (("transpose_a", bool(transpose_a)),
                                        ("transpose_b", bool(transpose_b)),
                                        ("adjoint_a", bool(adjoint_a)),
                                        ("adjoint_b", bool(adjoint_b))))


# -- matrix-vector products and structure ----------------------------------------------------

def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    """tf.linalg.matvec: a @ b[..., None], squeezed."""
    a, b = match2(a, b, "MatMul", "_MklMatMul")
    out = matmul(a, array_ops.expand_dims(b, -1), transpose_a=transpose_a,
                 adjoint_a=adjoint_a)
    return array_ops.squeeze(out, -1)


_cross_op = Op("Cross", jnp.cross)


def cross(a, b, name=None):
    """tf.linalg.cross of 3-element vectors (innermost dimension)."""
    a, b = match2(a, b, "Cross")
    if a._value.shape[-1:] != (3,) or b._value.shape[-1:] != (3,):
        raise _fail("Cross", "Cross-products are only defined for 3-element vectors.",
                    cls=errors.FailedPreconditionError)
    return execute(_cross_op, (a, b))


def _einsum_error(op, arrays, attrs, exc):
    return _fail("Einsum", str(exc), kernel=f"__MklEinsum_N_{len(arrays)}")


_einsum_op = Op("Einsum", lambda *xs, equation: jnp.einsum(equation, *xs,
                                                          preferred_element_type=xs[0].dtype),
                error=_einsum_error)


@op_scope("einsum")
def einsum(equation, *inputs, **kwargs):
    """tf.einsum (with `...` broadcasting)."""
    inputs = match(list(inputs), "Einsum", "_MklEinsum")
    n_operands = equation.split("->")[0].count(",") + 1
    if n_operands != len(inputs):
        raise ValueError(f'Got {len(inputs)} inputs for equation "{equation}", expecting '
                         f"{n_operands}")
    sizes = {}
    terms = equation.replace(" ", "").split("->")
    for label in (terms[1] if len(terms) > 1 else ""):
        if label.isalpha() and label not in terms[0]:
            raise ValueError(f"Output subscripts contain the label {label} not present in the "
                             f"input subscripts.")
    for i, (term, t) in enumerate(zip(terms[0].split(","), inputs)):
        if "." in term:
            continue
        if len(term) != t.ndim:
            raise _einsum_error(None, inputs, None, f"Expected input {i} to have rank "
                                                    f"{len(term)} but got: {t.ndim}")
        for axis, (label, dim) in enumerate(zip(term, t._value.shape)):
            want = sizes.setdefault(label, dim)
            if want != dim:
                raise trace_checked(
                    _einsum_error(None, inputs, None,
                                  f"Expected dimension {want} at axis {axis} of the input "
                                  f"shaped {dims(t._value.shape)} but got dimension {dim}"),
                    f"Dimensions must be equal, but are {want} and {dim}", "Einsum", inputs,
                    (("N", len(inputs)), ("T", dtype_enum(inputs[0])), ("equation", equation)),
                    scope="Einsum")
    return execute(_einsum_op, tuple(inputs), (("equation", equation),))


_tensordot_op = Op("Tensordot", lambda a, b, axes: jnp.tensordot(a, b, axes))


@op_scope("Tensordot")
def tensordot(a, b, axes, name=None):
    """tf.tensordot: `axes` an int (the last n of a with the first n of b) or a pair of
    axis lists."""
    a, b = match2(a, b, "MatMul", "_MklMatMul")
    sa, sb = a._value.shape, b._value.shape
    if isinstance(axes, Tensor):
        axes = static_value(axes, "tf.tensordot", "axes").tolist()
    if isinstance(axes, (int, np.integer)):
        if axes > a.ndim:
            raise ValueError(f"`axes` must not be larger than the number of dimensions of "
                             f"tensor {a.numpy()}.  Received {axes}, vs tensor dimensions "
                             f"{a.ndim}.")
        a_axes = list(range(a.ndim - axes, a.ndim))
        b_axes = list(range(axes))
    else:
        a_axes, b_axes = axes
        a_axes = [a_axes] if isinstance(a_axes, (int, np.integer)) else list(a_axes)
        b_axes = [b_axes] if isinstance(b_axes, (int, np.integer)) else list(b_axes)
        if len(a_axes) != len(b_axes):
            raise ValueError(f"Different number of contraction axes `a` and `b`, "
                             f"{len(a_axes)} != {len(b_axes)}.")
    a_axes = tuple(int(i) % max(a.ndim, 1) for i in a_axes)
    b_axes = tuple(int(i) % max(b.ndim, 1) for i in b_axes)
    check_dtype(_matmul_op, a)   # TF's tensordot runs MatMul: its dtypes and CPU kernels
    if a.dtype.is_unsigned:
        raise kernel_not_found("MatMul", a.dtype, *_MATMUL_KERNELS, attrs=", grad_a=false, "
                               "grad_b=false, transpose_a=false, transpose_b=false")
    if [sa[i] for i in a_axes] != [sb[i] for i in b_axes]:
        free_a = int(np.prod([d for i, d in enumerate(sa) if i not in a_axes]))
        free_b = int(np.prod([d for i, d in enumerate(sb) if i not in b_axes]))
        in0 = [free_a, int(np.prod([sa[i] for i in a_axes]))]
        in1 = [int(np.prod([sb[i] for i in b_axes])), free_b]
        raise _matmul_error(in0, in1, a.dtype)
    out = execute(_tensordot_op, (a, b), (("axes", (a_axes, b_axes)),))
    # (TF reshapes its MatMul's [free a, free b] result, named the scope, unless the
    # shape is already that; always where a dimension is unknown, as a symbolic one of
    # a saved function's trace is)
    free_a = [d for i, d in enumerate(sa) if i not in a_axes]
    free_b = [d for i, d in enumerate(sb) if i not in b_axes]
    known = all(isinstance(d, int) for d in free_a + free_b)
    name_result(out, "MatMul" if known and free_a + free_b ==
                [int(np.prod(free_a)), int(np.prod(free_b))] else "")
    return out
