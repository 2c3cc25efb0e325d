"""tf.sparse's ops that select, add or re-index entries of a SparseTensor: slice, split,
fill_empty_rows, reset_shape, eye, to_indicator.

As in sparse_ops.py, the output indices are computed on the host from concrete tensors
(their number depends on the indices' values); the values are gathered with recorded ops,
so gradients reach the input values (and fill_empty_rows' default value)."""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import to_tensor
from ..framework.sparse_tensor import SparseTensor
from .array_ops import fill
from .cast_ops import cast
from .indexing_ops import gather_nd
from .manip_ops import concat, reshape
from .op_args import concrete, kernel_error
from .sparse_ops import _int64, _sparse, to_dense


def _host(t, api, arg):
    return concrete(t, api, arg)


def _vector(value, api, arg):
    return np.asarray(_host(convert_to_tensor(value, dtype_hint=dtypes.int64), api, arg),
                      np.int64).reshape(-1)


def _parts(sp, api):
    return (_host(sp.indices, api, "indices").reshape(-1, sp.indices.shape[1] or 0),
            _host(sp.dense_shape, api, "dense_shape"))


def _take(values, rows):
    """values[rows] (host ints), with a dense gradient (as TF's SparseSlice and
    SparseFillEmptyRows gradients are)."""
    return gather_nd(values, _int64(np.asarray(rows, np.int64).reshape(-1, 1)))


def _select(sp, rows, indices, shape):
    """The SparseTensor of `sp`'s entries `rows` (host ints) at `indices`."""
    return SparseTensor(_int64(indices.reshape(len(rows), len(shape))),
                        _take(sp.values, rows), _int64(shape))


def slice(sp_input, start, size, name=None):   # noqa: A001 (TF's name)
    """tf.sparse.slice: the entries with start <= index < start + size, re-indexed from
    `start`; the output dense_shape is clipped to the input's."""
    api = "tf.sparse.slice"
    sp = _sparse(sp_input, api)
    indices, shape = _parts(sp, api)
    start, size = _vector(start, api, "start"), _vector(size, api, "size")
    if start.size != shape.size or size.size != shape.size:
        raise kernel_error("SparseSlice", f"Expected start to be a vector of length "
                           f"{shape.size} but got length {start.size}" if start.size !=
                           shape.size else f"Expected size to be a vector of length "
                           f"{shape.size} but got length {size.size}", name="")
    end = np.minimum(start + size, shape)
    keep = np.flatnonzero(np.all((indices >= start) & (indices < end), axis=1)) \
        if indices.size else np.zeros(0, np.int64)
    return _select(sp, keep, indices[keep] - start, np.maximum(end - start, 0))


def split(sp_input=None, num_split=None, axis=None, name=None, keyword_required=None):
    """tf.sparse.split: `num_split` SparseTensors along `axis` (the first
    dim % num_split of them one larger)."""
    api = "tf.sparse.split"
    sp = _sparse(sp_input, api)
    shape = _parts(sp, api)[1]
    axis = int(_vector(axis, api, "axis")[0])
    rank = shape.size
    n = int(num_split)
    kernel = f"SparseSplit_num_split_{n}"
    if not -rank <= axis < rank:
        raise kernel_error("SparseSplit", f"Input axis should be in range [{-rank}, {rank}), "
                           f"got {axis}", name="", kernel=kernel)
    axis %= rank
    if not 1 <= n <= shape[axis]:
        raise kernel_error("SparseSplit", f"Input num_split should be between 1 and the "
                           f"splitting dimension size ({shape[axis]}), got {n}", name="",
                           kernel=kernel)
    base, extra = divmod(int(shape[axis]), n)
    out, begin = [], 0
    for i in range(n):
        width = base + (i < extra)
        start, size = np.zeros(rank, np.int64), shape.copy()
        start[axis], size[axis] = begin, width
        out.append(slice(sp, start, size))
        begin += width
    return out


def fill_empty_rows(sp_input, default_value, name=None):
    """tf.sparse.fill_empty_rows: (the SparseTensor with `default_value` at [row, 0, ...]
    of every row without entries, its entries grouped by row in their order; the bool
    indicator of the empty rows)."""
    api = "tf.sparse.fill_empty_rows"
    sp = _sparse(sp_input, api)
    indices, shape = _parts(sp, api)
    default = convert_to_tensor(default_value, dtype=sp.dtype)
    n_rows = int(shape[0])
    rows = indices[:, 0] if indices.size else np.zeros(0, np.int64)
    if rows.size and (rows.min() < 0 or rows.max() >= n_rows):
        bad = int(np.flatnonzero((rows < 0) | (rows >= n_rows))[0])
        raise kernel_error("SparseFillEmptyRows", f"indices({bad}, 0) is invalid: "
                           f"{rows[bad]} >= {n_rows}", name="")
    empty = np.ones(n_rows, bool)
    empty[rows] = False
    # (position len(values): the default value, appended)
    source = np.concatenate([np.arange(rows.size), np.full(int(empty.sum()), rows.size)])
    new_rows = np.concatenate([rows, np.flatnonzero(empty)])
    new_indices = np.zeros((source.size, shape.size), np.int64)
    new_indices[:rows.size] = indices
    new_indices[rows.size:, 0] = np.flatnonzero(empty)
    order = np.argsort(new_rows, kind="stable")
    values = concat([to_tensor(sp.values), reshape(default, [1])], 0)
    out = SparseTensor(_int64(new_indices[order]), _take(values, source[order]),
                       sp.dense_shape)
    return out, convert_to_tensor(empty)


def reset_shape(sp_input, new_shape=None):
    """tf.sparse.reset_shape: the same entries with dense_shape `new_shape` (no smaller
    than the input's, same rank), or (None) the tightest shape holding the indices."""
    api = "tf.sparse.reset_shape"
    sp = _sparse(sp_input, api)
    indices, shape = _parts(sp, api)
    if new_shape is None:
        tight = indices.max(axis=0) + 1 if indices.size else np.zeros(shape.size, np.int64)
        return SparseTensor(sp.indices, sp.values, _int64(tight))
    new = _vector(new_shape, api, "new_shape")
    if new.size != shape.size:
        raise ValueError(f"Dimensions {new.size} and {shape.size} are not compatible")
    if np.any(new < shape):
        raise ValueError(f"Requested new_shape should have dimension sizes >= "
                         f"sp_input.shape.  Found new_shape ({shape}), sp_input.shape "
                         f"({new}).")   # (sic: TF's message swaps the two)
    return SparseTensor(sp.indices, sp.values, _int64(new))


def eye(num_rows, num_columns=None, dtype=dtypes.float32, name=None):
    """tf.sparse.eye: the num_rows x num_columns SparseTensor with ones on the diagonal."""
    rows = int(_vector(num_rows, "tf.sparse.eye", "num_rows")[0])
    cols = rows if num_columns is None else int(
        _vector(num_columns, "tf.sparse.eye", "num_columns")[0])
    n = min(rows, cols)
    diag = np.arange(n, dtype=np.int64)
    return SparseTensor(_int64(np.stack([diag, diag], axis=1).reshape(n, 2)),
                        fill([n], convert_to_tensor(1, dtype=dtypes.as_dtype(dtype))),
                        _int64([rows, cols]))


def to_indicator(sp_input, vocab_size, name=None):
    """tf.sparse.to_indicator: the bool tensor of shape dense_shape[:-1] + [vocab_size],
    True at [index[:-1], value] for each entry (values cast to int64, as TF casts them)."""
    api = "tf.sparse.to_indicator"
    sp = _sparse(sp_input, api)
    indices, shape = _parts(sp, api)
    ids = _host(cast(sp.values, dtypes.int64), api, "values")
    out_shape = list(shape[:-1]) + [int(_vector(vocab_size, api, "vocab_size")[0])]
    out = np.concatenate([indices[:, :-1], ids.reshape(-1, 1)], axis=1)
    if np.any((out < 0) | (out >= np.asarray(out_shape, np.int64))):
        raise kernel_error("SparseToDense", f"Indices are not valid (out of bounds).  Shape: "
                           f"[{','.join(map(str, out_shape))}]", name="")
    out = np.unique(out, axis=0) if out.size else out
    dense = SparseTensor(_int64(out), fill([out.shape[0]], True), _int64(out_shape))
    return to_dense(dense, default_value=False)
