"""tf.linalg's structure ops: matrix_transpose, adjoint, the diagonal ops (diag,
diag_part, set_diag, tensor_diag, tensor_diag_part; TF's bands of diagonals k=(lower,
upper) and alignments), band_part, trace, and tf.eye."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, func_graph, host_callback, op_def
from ..framework.relaxed_shapes import with_dims
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, match, mismatch_error, to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from . import array_ops
from .op_args import check_alloc, dims, kernel_error, static_int, static_ints, traced
from . import reduction_ops
from .linalg_solve_ops import _fail
from .op_scope import op_scope

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["eye"]


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """tf.linalg.matrix_transpose: swaps the last two dimensions (conjugating if asked)."""
    x = to_tensor(a)
    if x.ndim < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received "
                         f"`a` = {x.numpy()} with shape: {x._value.shape}")
    perm = tuple(range(x.ndim - 2)) + (x.ndim - 1, x.ndim - 2)
    return array_ops.transpose(x, perm, conjugate=conjugate)


def adjoint(matrix, name=None):
    """tf.linalg.adjoint: conjugate transpose of the last two dimensions."""
    return matrix_transpose(matrix, conjugate=True)


# -- diagonals: tf.linalg.diag / diag_part / set_diag (TF's MatrixDiagV3 family) ----------
# A band k = (lower, upper) of diagonals d = col - row is stored in a [..., upper-lower+1,
# max_len] tensor, row upper - d holding diagonal d; a diagonal shorter than max_len is
# left- or right-aligned in its row as `align` says (superdiagonals, then subdiagonals).
# A single k (lower == upper) drops the num_diags dimension.



def _diag_args(op_name, k, align, name):
    """(lower, upper, suffix) of TF's `k` (an int or a pair), after TF's checks; `suffix`
    is the name TF's kernel errors end with (none when k is a pair, as TF)."""
    spec = op_def.spec(op_name)
    if align not in spec.attrs["align"]["allowed"]:
        raise op_def.attr_value_error(op_name, "align", align, name)
    scalar = not isinstance(k, (tuple, list)) and not (isinstance(k, Tensor) and k.ndim)
    ks = ([static_int(k, f"tf.linalg ({op_name})", "k")] if scalar
          else list(static_ints(k, f"tf.linalg ({op_name})", "k")))
    suffix = name if scalar else None
    if not 1 <= len(ks) <= 2:
        raise kernel_error(op_name, f"diag_index must have only one or two elements, received "
                                    f"{len(ks)} elements.", suffix)
    lower, upper = ks[0], ks[-1]
    if lower > upper:
        raise kernel_error(op_name, f"lower_diag_index must not be larger than "
                                    f"upper_diag_index: {lower} > {upper}", suffix)
    return lower, upper, suffix


def _check_bounds(op_name, lower, upper, rows, cols, suffix):
    if not (-rows < lower < cols or lower == 0):
        # MatrixDiagPartOp's message has a period after the index; MatrixSetDiagOp's has not.
        dot = "." if op_name == "MatrixDiagPartV3" else ""
        raise kernel_error(op_name, f"lower_diag_index is out of bound: {lower}{dot} It must be "
                                    f"between {-rows} and {cols}", suffix)
    if not (-rows < upper < cols or upper == 0):
        raise kernel_error(op_name, f"upper_diag_index is out of bound: {upper} It must be "
                                    f"between {-rows} and {cols}", suffix)


def _padding(op_name, index, value, dtype, name):
    """TF's conversion of padding_value to the op's dtype T (input #index)."""
    if isinstance(value, Tensor) and value.dtype is not dtype:
        raise mismatch_error(op_name, index, dtype, value.dtype, op_suffix=name)
    if dtype is dtypes.bool and isinstance(value, (int, float)):
        value = bool(value)  # TF's fast path takes a number for a bool padding
    return convert_to_tensor(value, dtype=dtype)


def _diag_len(d, rows, cols):
    return min(rows + min(d, 0), cols - max(d, 0))


def _offset(d, max_len, rows, cols, align):
    """Where diagonal d starts in its row of the packed tensor (TF's content offset)."""
    left = (d >= 0 and align.startswith("LEFT")) or (d <= 0 and align.endswith("LEFT"))
    return 0 if left else max_len - _diag_len(d, rows, cols)


def _packed_positions(lower, upper, max_len, rows, cols, align):
    """For each (row, col) of a rows x cols matrix: the flat position in the packed
    [num_diags * max_len] diagonals holding it, and whether it is in the band."""
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    d = c - r
    offsets = np.array([_offset(int(x), max_len, rows, cols, align)
                        for x in range(lower, upper + 1)] or [0])
    in_band = (d >= lower) & (d <= upper)
    which = np.clip(upper - d, 0, upper - lower)
    pos = np.minimum(r, c) + offsets[np.clip(d - lower, 0, upper - lower)]
    valid = in_band & (pos < max_len)
    return np.where(valid, which * max_len + np.clip(pos, 0, max(max_len - 1, 0)), 0), valid


def _scatter_diagonals(diags, other, lower, upper, rows, cols, align):
    """`other` (broadcast to [..., rows, cols]) with the band's diagonals set from the
    packed `diags` [..., num_diags, max_len]."""
    max_len = diags.shape[-1]
    flat, valid = _packed_positions(lower, upper, max_len, rows, cols, align)
    if not diags.size:
        return jnp.broadcast_to(other, diags.shape[:-2] + (rows, cols))
    packed = diags.reshape(diags.shape[:-2] + (-1,))
    vals = jnp.take(packed, jnp.asarray(flat.reshape(-1)), axis=-1)
    vals = vals.reshape(diags.shape[:-2] + (rows, cols))
    return jnp.where(valid, vals, other)


def _pack(diags, lower, upper):
    return diags if lower < upper else diags[..., None, :]


def _unpack(diags, lower, upper):
    return diags if lower < upper else diags[..., 0, :]


def _matrix_diag(d, pad, lower, upper, rows, cols, align):
    pad = lax.stop_gradient(pad)  # TF: no gradient for padding_value
    return _scatter_diagonals(_pack(d, lower, upper), pad, lower, upper, rows, cols, align)


def _matrix_diag_part(x, pad, lower, upper, align):
    rows, cols = x.shape[-2:]
    max_len = min(rows + min(upper, 0), cols - max(lower, 0))
    diagonals = range(upper, lower - 1, -1)  # row i of the packed result: diagonal upper - i
    d = np.array(diagonals)[:, None]
    p = np.arange(max_len)[None, :] - np.array(
        [_offset(k, max_len, rows, cols, align) for k in diagonals])[:, None]
    lengths = np.array([_diag_len(k, rows, cols) for k in diagonals])[:, None]
    valid = (p >= 0) & (p < lengths)
    m = p - np.minimum(d, 0)
    n = p + np.maximum(d, 0)
    flat = np.where(valid, m * cols + n, 0)
    if not x.size or not max_len:
        out = jnp.broadcast_to(lax.stop_gradient(pad), x.shape[:-2] + valid.shape)
    else:
        vals = jnp.take(x.reshape(x.shape[:-2] + (-1,)), jnp.asarray(flat.reshape(-1)), axis=-1)
        out = jnp.where(valid, vals.reshape(x.shape[:-2] + valid.shape), lax.stop_gradient(pad))
    return _unpack(out, lower, upper)


def _set_diag(x, d, lower, upper, align):
    rows, cols = x.shape[-2:]
    return _scatter_diagonals(_pack(d, lower, upper), x, lower, upper, rows, cols, align)


_matrix_diag_op = Op("MatrixDiagV3", _matrix_diag)
_diag_part_op = Op("MatrixDiagPartV3", _matrix_diag_part)
_set_diag_op = Op("MatrixSetDiagV3", _set_diag)


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
         align="RIGHT_LEFT"):
    """tf.linalg.diag: a batch of matrices with the diagonals `k` (an offset, or a band
    (lower, upper) of them, stored as `align` says) set from `diagonal`, the rest
    `padding_value`."""
    d = to_tensor(diagonal)
    if d.ndim < 1:
        raise kernel_error("MatrixDiagV3", f"diagonal must be at least 1-dim, received shape: "
                                           f"{dims(d._value.shape)}", name)
    lower, upper, suffix = _diag_args("MatrixDiagV3", k, align, name)
    shape = d._value.shape
    if lower < upper and (d.ndim < 2 or shape[-2] != upper - lower + 1):
        raise kernel_error("MatrixDiagV3", "The number of diagonals provided in the input does "
                                           "not match the lower_diag_index and upper_diag_index "
                                           "range.", suffix)
    n = shape[-1]
    rows, cols = (static_int(v, "tf.linalg.diag", "num_rows/num_cols")
                  for v in (num_rows, num_cols))
    min_rows, min_cols = n - min(upper, 0), n + max(lower, 0)
    for got, least, what in ((rows, min_rows, "rows"), (cols, min_cols, "columns")):
        if got != -1 and got < least:
            raise kernel_error("MatrixDiagV3", f"The number of {what} is too small.", suffix)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if rows != min_rows and cols != min_cols:
        raise kernel_error("MatrixDiagV3", "The number of rows or columns is not consistent "
                                           "with the specified d_lower, d_upper, and diagonal.",
                           suffix)
    pad = _padding("MatrixDiagV3", 4, padding_value, d.dtype, name)
    batch = shape[:-1] if lower == upper else shape[:-2]
    check_alloc(batch + (rows, cols), d.dtype, "MatrixDiagV3", suffix)
    return execute(_matrix_diag_op, (d, pad), (("lower", lower), ("upper", upper),
                                               ("rows", rows), ("cols", cols),
                                               ("align", align)))


def _at_least_matrix(op_name, x, suffix):
    if x.ndim < 2:
        raise kernel_error(op_name, f"input must be at least 2-dim, received shape: "
                                    f"{dims(x._value.shape)}", suffix)


def diag_part(input, name="diag_part", k=0, padding_value=0,
              align="RIGHT_LEFT"):
    """tf.linalg.diag_part: the diagonal `k` of each innermost matrix, or the band
    (lower, upper) of them packed as `align` says, short ones padded with
    `padding_value`."""
    x = to_tensor(input)
    _at_least_matrix("MatrixDiagPartV3", x, name)
    lower, upper, suffix = _diag_args("MatrixDiagPartV3", k, align, name)
    rows, cols = x._value.shape[-2:]
    _check_bounds("MatrixDiagPartV3", lower, upper, rows, cols, suffix)
    pad = _padding("MatrixDiagPartV3", 2, padding_value, x.dtype, name)
    return execute(_diag_part_op, (x, pad), (("lower", lower), ("upper", upper),
                                             ("align", align)))


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):
    """tf.linalg.set_diag: `input` with its diagonal `k` (or band of diagonals, packed as
    `align` says) replaced by `diagonal`."""
    x, d = match((input, diagonal), "MatrixSetDiagV3", op_suffix=name)
    shape, dshape = x._value.shape, d._value.shape
    _at_least_matrix("MatrixSetDiagV3", x, name)
    lower, upper, suffix = _diag_args("MatrixSetDiagV3", k, align, name)
    rows, cols = shape[-2:]
    _check_bounds("MatrixSetDiagV3", lower, upper, rows, cols, suffix)
    num_diags = upper - lower + 1
    if lower < upper and (len(dshape) < 2 or dshape[-2] != num_diags):
        raise kernel_error("MatrixSetDiagV3", "The number of diagonals provided in `diag` is not "
                                              "consistent with `lower_diag_index` and "
                                              "`upper_diag_index`", suffix)
    length = max(0, min(rows + min(upper, 0), cols - max(lower, 0)))
    want = shape[:-2] + ((num_diags,) if lower < upper else ()) + (length,)
    if dshape != want:
        raise kernel_error(
            "MatrixSetDiagV3",
            "Either first dimensions of diagonal don't match input.shape[:-2], or "
            "diagonal.shape[:-1] is not equal to the longests diagonal in range "
            f"[lower_diag_index:upper_diag_index].\nInput shape: {dims(shape)}\nDiagonal "
            f"shape: {dims(dshape)}\nExpected diagonal shape: {dims(want)}", suffix)
    return execute(_set_diag_op, (x, d), (("lower", lower), ("upper", upper),
                                          ("align", align)))


def tensor_diag(diagonal, name=None):
    """tf.linalg.tensor_diag: output[i..., i...] = diagonal[i...]."""
    d = to_tensor(diagonal)
    return execute(_tensor_diag_op, (d,))


_tensor_diag_op = Op("Diag", lambda d: jnp.diag(d.reshape(-1)).reshape(d.shape + d.shape))


def _tensor_diag_part(x):
    k = x.ndim // 2
    size = int(np.prod(x.shape[:k], dtype=np.int64))
    return jnp.diagonal(x.reshape(size, size)).reshape(x.shape[:k])


_tensor_diag_part_op = Op("DiagPart", _tensor_diag_part)


def tensor_diag_part(input, name=None):
    """tf.linalg.tensor_diag_part: output[i...] = input[i..., i...] of a rank-2k input."""
    x = to_tensor(input)
    check_dtype(_tensor_diag_part_op, x)
    shape = x.shape.as_list()
    if len(shape) % 2:
        raise _fail("DiagPart", "The rank of the tensor should be                         "
                                f"                 even and positive, got shape {dims(shape)}")
    k = len(shape) // 2
    for i in range(k):
        if shape[i] != shape[i + k]:
            raise _fail("DiagPart", f"Invalid shape {dims(shape)}: dimensions {i} and "
                                    f"{i + k} do not match.")
    return execute(_tensor_diag_part_op, (x,))


def _band_part(x, lower, upper, checked=False):
    rows, cols = x.shape[-2:]
    r = jnp.arange(rows)[:, None]
    c = jnp.arange(cols)[None, :]
    keep = ((lower < 0) | (r - c <= lower)) & ((upper < 0) | (c - r <= upper))
    out = jnp.where(keep, x, jnp.zeros((), x.dtype))
    if checked:   # traced counts: TF's kernel checks them when it runs
        out = host_callback.checked(out, lambda lo, up: _band_part_error(lo, up, rows, cols),
                                    lower, upper)
    return out


def _band_part_error(lower, upper, rows, cols):
    if lower > rows:
        return _fail("MatrixBandPart", f"num_lower must be negative or less or equal to "
                                       f"number of rows ({rows}) got: {lower}")
    if upper > cols:
        return _fail("MatrixBandPart", f"num_upper must be negative or less or equal to "
                                       f"number of columns ({cols}) got: {upper}")
    return None


_band_part_op = Op("MatrixBandPart", _band_part)


def band_part(input, num_lower, num_upper, name=None):
    """tf.linalg.band_part (negative counts keep the whole triangle); counts computed
    inside a tf.function are checked when it runs, as TF's kernel does."""
    x = to_tensor(input)
    _at_least_matrix("MatrixBandPart", x, "")
    for v in (num_lower, num_upper):
        if isinstance(v, float):   # (converted with dtype int64)
            raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype int64")
    rows, cols = x._value.shape[-2:]
    if traced(num_lower, num_upper):
        lower, upper = match((num_lower, num_upper), "MatrixBandPart", index_offset=1)
        known = all(isinstance(d, int) for d in (rows, cols))
        return execute(_band_part_op, (x, lower, upper), (("checked", known),))
    lower, upper = (static_int(v, "tf.linalg.band_part", "num_lower/num_upper")
                    for v in (num_lower, num_upper))
    exc = _band_part_error(lower, upper, rows, cols)
    if exc is not None:
        raise exc
    bounds = (convert_to_tensor(v, dtypes.int64) for v in (lower, upper))
    return execute(_band_part_op, (x, *bounds))


def trace(x, name=None):
    """tf.linalg.trace: the sum of the main diagonal of each innermost matrix."""
    return reduction_ops.reduce_sum(diag_part(x), axis=-1)


# -- creation, contractions -------------------------------------------------------------------

@op_scope("eye")
def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None):
    """tf.eye."""
    dtype = dtypes.as_dtype(dtype)
    given = (num_rows, num_rows if num_columns is None else num_columns)
    if not any(isinstance(v, (Tensor, Variable)) for v in given) and not all(
            isinstance(v, (int, np.integer)) for v in given):
        raise TypeError(f"Arguments `num_rows` and `num_columns` must be positive integer "
                        f"values. Received: num_rows={given[0]}, num_columns={given[1]}")
    if isinstance(num_rows, (bool, np.bool_)) and num_columns is None:
        raise TypeError(f"Cannot convert [{np.bool_(num_rows)!r}] to EagerTensor of dtype "
                        f"int32")
    if dtype is dtypes.string:
        raise TypeError("Cannot convert 1 to EagerTensor of dtype string")
    rows = static_int(num_rows, "tf.eye", "num_rows")
    cols = rows if num_columns is None else static_int(num_columns, "tf.eye", "num_columns")
    for dim in (rows, cols):
        if dim < 0:
            raise _fail("Fill", f"Dimension {dim} must be >= 0")
    if isinstance(batch_shape, (list, tuple)) and any(isinstance(d, float) for d in batch_shape):
        raise TypeError(f"Cannot convert {list(batch_shape) + [np.int64(min(rows, cols))]} to "
                        f"EagerTensor of dtype int32")
    batch = () if batch_shape is None else static_ints(batch_shape, "tf.eye", "batch_shape")
    # TF's ops: ones(batch + [min(rows, cols)]), then matrix_diag (square) or zeros(batch +
    # [rows, cols]) with matrix_set_diag.
    check_alloc(batch + (min(rows, cols),), dtype, "Fill")
    if num_columns is None:
        check_alloc(batch + (rows, cols), dtype, "MatrixDiagV3", "diag")
    else:
        check_alloc(batch + (rows, cols), dtype, "Fill")
    out = with_dims(EagerTensor(jnp.broadcast_to(jnp.eye(rows, cols, dtype=dtype._np),
                                                 batch + (rows, cols))), batch + (rows, cols))
    if num_columns is None:
        func_graph.fold("MatrixDiagV3", "diag", (), [out])
    else:
        func_graph.fold("MatrixSetDiagV3", "set_diag", (), [out])
    return out
