"""tf.nn.embedding_lookup_sparse and tf.nn.safe_embedding_lookup_sparse (TF 2.21's v2
signatures), composed of recorded ops as TF's embedding_ops.py composes them, so the
gradient to the params (an IndexedSlices, as TF's) comes from their gather."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.sparse_tensor import SparseTensor
from .arithmetic_ops import divide_no_nan, multiply
from .array_ops import range as tf_range, shape, zeros_like
from .cast_ops import cast
from .comparison_ops import greater, greater_equal
from .indexing_ops import gather, where
from .search_ops import unique
from .manip_ops import broadcast_to, concat, reshape
from .nn_ops import embedding_lookup
from .reduction_ops import reduce_prod
from .segment_ops import segment_sum
from .sparse_ops import reshape as sparse_reshape, retain
from .sparse_segment_ops import segment_mean, segment_sqrt_n, segment_sum as sparse_sum
from .sparse_slice_ops import fill_empty_rows
from .unary_ops import sqrt, square

_SPARSE_SEGMENT = {"sum": sparse_sum, "mean": segment_mean, "sqrtn": segment_sqrt_n}


def _combiner(combiner):
    combiner = "mean" if combiner is None else combiner
    if combiner not in ("mean", "sqrtn", "sum"):
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")
    return combiner


def embedding_lookup_sparse(params, sp_ids, sp_weights, combiner=None, max_norm=None,
                            name=None, allow_fast_lookup=False):
    """tf.nn.embedding_lookup_sparse: per row of `sp_ids`, the `combiner` ("mean",
    "sqrtn", "sum") of the embeddings of its ids, weighted by `sp_weights` (or 1). The
    output has one row per row index up to the last present (TF's segment_sum)."""
    combiner = _combiner(combiner)
    if not isinstance(sp_ids, SparseTensor):
        raise TypeError(f"sp_ids must be SparseTensor, got {type(sp_ids)}")
    if sp_weights is not None and not isinstance(sp_weights, SparseTensor):
        raise TypeError(f"sp_weights must be either None or SparseTensor,got "
                        f"{type(sp_weights)}")
    if sp_weights is not None:
        sp_ids.values.shape.assert_is_compatible_with(sp_weights.values.shape)
        sp_ids.indices.shape.assert_is_compatible_with(sp_weights.indices.shape)
    segment_ids = sp_ids.indices[:, 0]
    if sp_weights is None:   # (TF's fast path: the rows of params, a sparse gradient)
        rows = embedding_lookup(params, sp_ids.values, max_norm)
        positions = tf_range(sp_ids.values.shape[0], dtype=dtypes.int32)
        return _SPARSE_SEGMENT[combiner](rows, positions, cast(segment_ids, dtypes.int32))
    ids, idx = unique(sp_ids.values)
    embeddings = gather(embedding_lookup(params, ids, max_norm), idx)
    original = embeddings.dtype
    if original in (dtypes.float16, dtypes.bfloat16):
        embeddings = cast(embeddings, dtypes.float32)
    weights = sp_weights.values
    if weights.dtype != embeddings.dtype:
        weights = cast(weights, embeddings.dtype)
    weights = reshape(weights, [-1] + [1] * (embeddings.shape.rank - 1))
    segment_ids = cast(segment_ids, dtypes.int32)
    embeddings = segment_sum(multiply(embeddings, weights), segment_ids)
    # (the divisor broadcast first: a divide that broadcasts is compiled as a product by
    # the reciprocal, which rounds differently from TF's division)
    if combiner == "mean":
        embeddings = divide_no_nan(embeddings, broadcast_to(
            segment_sum(weights, segment_ids), shape(embeddings)))
    elif combiner == "sqrtn":
        embeddings = divide_no_nan(embeddings, broadcast_to(
            sqrt(segment_sum(square(weights), segment_ids)), shape(embeddings)))
    return embeddings if embeddings.dtype == original else cast(embeddings, original)


def safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights=None,
                                 combiner="mean", default_id=None, max_norm=None, name=None,
                                 allow_fast_lookup=False):
    """tf.nn.safe_embedding_lookup_sparse: embedding_lookup_sparse over the last dimension
    of `sparse_ids` (of any rank >= 2) with invalid ids (< 0) and, unless combiner is
    "sum", non-positive weights dropped; rows left empty give `default_id`'s embedding, or
    zeros."""
    if embedding_weights is None:
        raise ValueError(f"Missing embedding_weights {embedding_weights}.")
    shards = embedding_weights if isinstance(embedding_weights, list) else [embedding_weights]
    if not shards:
        raise ValueError(f"Missing embedding_weights {embedding_weights}.")
    dtype = None if sparse_weights is None else sparse_weights.dtype
    shards = [w if dtype in (None, w.dtype) else convert_to_tensor(w, dtype=dtype)
              for w in shards]
    original_shape = sparse_ids.dense_shape
    rank = int(original_shape.shape[0])
    flat_shape = concat([reshape(reduce_prod(original_shape[:rank - 1]), [1]),
                         original_shape[rank - 1:]], 0)
    sparse_ids = sparse_reshape(sparse_ids, flat_shape)
    if sparse_weights is not None:
        sparse_weights = SparseTensor(sparse_ids.indices, sparse_weights.values,
                                      sparse_ids.dense_shape)
    valid = greater_equal(sparse_ids.values, 0)
    sparse_ids = retain(sparse_ids, valid)
    if sparse_weights is not None:
        sparse_weights = retain(sparse_weights, valid)
        if combiner != "sum":
            positive = greater(sparse_weights.values, 0)
            sparse_ids = retain(sparse_ids, positive)
            sparse_weights = retain(sparse_weights, positive)
    sparse_ids, is_row_empty = fill_empty_rows(sparse_ids, default_id or 0)
    if sparse_weights is not None:
        sparse_weights, _ = fill_empty_rows(sparse_weights, 1.0)
    result = embedding_lookup_sparse(shards, sparse_ids, sparse_weights, combiner=combiner,
                                     max_norm=max_norm, allow_fast_lookup=allow_fast_lookup)
    if default_id is None:
        empty = reshape(is_row_empty, [-1] + [1] * (result.shape.rank - 1))
        result = where(empty, zeros_like(result), result)
    out_shape = concat([cast(original_shape[:rank - 1], dtypes.int32),
                        convert_to_tensor(result.shape.as_list()[1:], dtypes.int32)], 0)
    return reshape(result, out_shape)

