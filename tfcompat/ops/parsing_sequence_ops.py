"""tf.io.parse_sequence_example and tf.io.parse_single_sequence_example: serialized
tf.train.SequenceExamples to their context features (FixedLenFeature, VarLenFeature,
RaggedFeature) and feature lists (FixedLenSequenceFeature, VarLenFeature, RaggedFeature),
TF's ParseSequenceExampleV2 kernel on NumPy.

Deliberate difference (XLA compiles static shapes): a sequence's length decides its
output shapes, so a tensor computed inside a tf.function raises a TypeError naming the
API (constants parse as eagerly); a tf.data function that parses one runs eagerly, its
element_spec from probe outputs (see parsing_ops).
"""
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.sparse_tensor import SparseTensor
from ..framework.strings import StringIds
from ..framework.tensor import Tensor, symbolic
from .example_proto import DecodeError, SequenceExample
from .op_args import dynamic_shape_error, kernel_error
from .parsing_config import FixedLenFeature, FixedLenSequenceFeature, RaggedFeature, VarLenFeature
from .parsing_ops import (
    _KINDS, _TYPE_NAMES, _composites, _np_dtype, _probe_features, _raw_params, probe_feature,
    probe_serialized,
)
from .ragged_tensor import RaggedTensor
from .spec_probes import probe_size

__all__ = ["parse_sequence_example", "parse_single_sequence_example"]

_OP = "ParseSequenceExampleV2"
_CONTEXT = (_OP, "context_sparse_types", "Tcontext_dense")
_LISTS = (_OP, "feature_list_sparse_types", "feature_list_dense_types")


class _Error(Exception):
    """A kernel failure: its message, raised as the op's InvalidArgumentError."""


def _kernel_name(c, f):
    cs, cd, cr = (len(x) for x in c)
    fs, fd, fr = (len(x) for x in f)
    return (f"{_OP}_Ncontext_sparse_{cs}_Nfeature_list_dense_{fd}_Nfeature_list_sparse_{fs}_"
            f"Tcontext_dense_{cd}_context_ragged_split_types_{cr}_context_ragged_value_types_"
            f"{cr}_context_sparse_types_{cs}_feature_list_dense_types_{fd}_feature_list_ragged_"
            f"split_types_{fr}_feature_list_ragged_value_types_{fr}_feature_list_sparse_types_"
            f"{fs}")


def _typed(feature, dtype, where):
    """The values of a Feature (empty when it has no kind), checked against `dtype`."""
    kind = feature.WhichOneof("kind")
    if kind is None:
        return np.zeros(0, _np_dtype(dtype))
    if kind != _KINDS[dtype]:
        raise _Error(f"{where}.  Data types don't match. Expected type: "
                     f"{_TYPE_NAMES[_KINDS[dtype]]}")
    return np.asarray(list(getattr(feature, kind).value), _np_dtype(dtype))


def _sparse_parts(rows, dtype, outer, rank):
    """indices, values, dense_shape of rows of values (`outer`: the leading index
    columns of each row, `rank` - 1 of them)."""
    counts = [len(r) for r in rows]
    indices = [list(o) + [j] for o, c in zip(outer, counts) for j in range(c)]
    values = np.concatenate(rows).astype(_np_dtype(dtype)) if rows else np.zeros(
        0, _np_dtype(dtype))
    return np.asarray(indices, np.int64).reshape(-1, rank), values, max(counts, default=0)


def _context(examples, names, params, single):
    sparse, dense, ragged = params
    out = {}
    feats = [e.context.feature for e in examples]
    for key, dtype in sparse:
        rows = [_typed(f[key], dtype, f"{n}Context feature: {key}") if key in f else
                np.zeros(0, _np_dtype(dtype)) for f, n in zip(feats, names)]
        outer = [[] if single else [b] for b in range(len(rows))]
        indices, values, width = _sparse_parts(rows, dtype, outer, 1 if single else 2)
        shape = [width] if single else [len(rows), width]
        out[key] = (indices, values, np.asarray(shape, np.int64))
    for key, dtype, shape, default, _ in dense:
        size = int(np.prod(shape, dtype=np.int64))
        rows = []
        for f, n in zip(feats, names):
            v = _typed(f[key], dtype, f"{n}Context feature: {key}") if key in f else None
            if v is None and default is not None:
                v = np.asarray(default, _np_dtype(dtype))
            found = 0 if v is None else len(v)
            if found != size:
                raise _Error(f"Inconsistent max number of elements for feature {key}: "
                             f"expected {size}, but found {found}")
            rows.append(v.reshape(shape))
        out[key] = rows[0] if single else np.stack(rows).reshape((len(rows),) + shape)
    for key, dtype, splits in ragged:
        rows = [_typed(f[key], dtype, f"{n}Context feature: {key}") if key in f else
                np.zeros(0, _np_dtype(dtype)) for f, n in zip(feats, names)]
        out[key] = (np.concatenate(rows).astype(_np_dtype(dtype)),
                    np.cumsum([0] + [len(r) for r in rows]).astype(splits.as_numpy_dtype))
    return out


def _lists(examples, names, params, single):
    sparse, dense, ragged = params
    out, lengths = {}, {}
    lists = [e.feature_lists.feature_list for e in examples]

    def steps(fl, key, dtype, n):
        if key not in fl:
            return None
        return [_typed(f, dtype, f"{n}Feature list: {key}, Index: {t}")
                for t, f in enumerate(fl[key].feature)]

    for key, dtype in sparse:
        per = [steps(fl, key, dtype, n) or [] for fl, n in zip(lists, names)]
        rows = [r for p in per for r in p]
        outer = [([] if single else [b]) + [t] for b, p in enumerate(per) for t in range(len(p))]
        indices, values, width = _sparse_parts(rows, dtype, outer, 2 if single else 3)
        most = max((len(p) for p in per), default=0)
        shape = [most, width] if single else [len(per), most, width]
        out[key] = (indices, values, np.asarray(shape, np.int64))
    for key, dtype, shape, _, allow_missing in dense:
        size = int(np.prod(shape, dtype=np.int64))
        seqs = []
        for fl, n in zip(lists, names):
            s = steps(fl, key, dtype, n)
            if s is None and not allow_missing:
                raise _Error(f"{n}Feature list '{key}' is required but could not be found.  Did "
                             f"you mean to include it in feature_list_dense_missing_assumed_"
                             f"empty or feature_list_dense_defaults?")
            s = s or []
            dims = ",".join(map(str, shape))
            total = sum(len(v) for v in s)
            if size and total % size:
                raise _Error(f"Feature list '{key}' has an unexpected number of values.  Total "
                             f"values size: {total} is not consistent with output shape: "
                             f"[?,{dims}]")
            for t, v in enumerate(s):
                if len(v) != size:
                    raise _Error(f"{n}Key: {key}, Index: {t}.  Number of values != expected.  "
                                 f"values size: {len(v)} but output shape: [{dims}]")
            seqs.append(np.asarray(s, _np_dtype(dtype)).reshape((len(s),) + shape))
        most = max((len(s) for s in seqs), default=0)
        padded = np.zeros((len(seqs), most) + shape, _np_dtype(dtype))
        if dtype == dtypes.string:
            padded[...] = b""
        for b, s in enumerate(seqs):
            padded[b, :len(s)] = s
        out[key] = seqs[0] if single else padded
        lengths[key] = np.asarray([len(s) for s in seqs], np.int64)
    for key, dtype, splits in ragged:
        per = [steps(fl, key, dtype, n) or [] for fl, n in zip(lists, names)]
        rows = [r for p in per for r in p]
        values = np.concatenate(rows).astype(_np_dtype(dtype)) if rows else np.zeros(
            0, _np_dtype(dtype))
        inner = np.cumsum([0] + [len(r) for r in rows]).astype(splits.as_numpy_dtype)
        outer = np.cumsum([0] + [len(p) for p in per]).astype(splits.as_numpy_dtype)
        out[key] = (values, inner, outer)
    return out, lengths


def _tensors(raw, params, single, lists):
    """The parsed NumPy parts as Tensors, SparseTensors and RaggedTensors."""
    sparse, dense, ragged = params
    out = {}
    for key, _ in sparse:
        out[key] = SparseTensor(*raw[key])
    for key, dtype, *_ in dense:
        out[key] = convert_to_tensor(raw[key], dtype=dtype)
    for key, dtype, _ in ragged:
        parts = raw[key]
        values = convert_to_tensor(parts[0], dtype=dtype)
        if lists:
            rt = RaggedTensor.from_row_splits(values, parts[1], validate=False)
            out[key] = rt if single else RaggedTensor.from_row_splits(rt, parts[2],
                                                                      validate=False)
        else:
            out[key] = values if single else RaggedTensor.from_row_splits(values, parts[1],
                                                                          validate=False)
    return out


def _probe_lists(params, size):
    """The feature lists of a probe SequenceExample: `size` steps of each, of `size`
    values for sparse and ragged keys."""
    sparse, dense, ragged = params
    steps = {key: [probe_feature(dtype, size)] * size for key, dtype, *_ in sparse + ragged}
    for key, dtype, shape, *_ in dense:
        steps[key] = [probe_feature(dtype, int(np.prod(shape, dtype=np.int64)))] * size
    return {key: {"feature": s} for key, s in steps.items()}


def _run(serialized, context_features, sequence_features, names, single, name, api):
    context = _raw_params(context_features, (VarLenFeature, FixedLenFeature, RaggedFeature),
                          attrs=_CONTEXT)
    lists = _raw_params(sequence_features, (VarLenFeature, FixedLenSequenceFeature,
                                            RaggedFeature), feature_lists=True, attrs=_LISTS)
    t = serialized if isinstance(serialized, Tensor) else convert_to_tensor(
        serialized, dtype=dtypes.string)
    size = probe_size()
    if size is not None:   # (tf.data's spec probe: TF's static output shapes)
        t = probe_serialized(t, SequenceExample(
            context={"feature": _probe_features(*context, size)},
            feature_lists={"feature_list": _probe_lists(lists, size)}))
    if symbolic(t._value) or type(t._value) is StringIds:
        raise dynamic_shape_error(api, "serialized")
    flat = np.asarray(t._value).reshape(-1)
    if names is None:
        labels = ["<unknown>"] * len(flat)
    else:
        labels = [n.decode("utf-8", "replace") if isinstance(n, bytes) else str(n)
                  for n in np.asarray(getattr(names, "_value", names), object).reshape(-1)]
    try:
        examples = []
        for data, label in zip(flat, labels):
            try:
                examples.append(SequenceExample.FromString(data))
            except DecodeError:
                raise _Error(f"Invalid protocol message input, example id: {label}") from None
        where = [f"Name: {label}, " for label in labels]
        c = _context(examples, where, context, single)
        f, lengths = _lists(examples, where, lists, single)
    except _Error as e:
        raise kernel_error(_OP, str(e), name, kernel=_kernel_name(context, lists)) from None
    c = _composites(_tensors(c, context, single, False), context_features or {}, single)
    f = _composites(_tensors(f, lists, single, True), sequence_features or {}, single)
    return c, f, {k: convert_to_tensor(v) for k, v in lengths.items()}


def parse_sequence_example(serialized, context_features=None, sequence_features=None,
                           example_names=None, name=None):
    """tf.io.parse_sequence_example: (context, feature_lists, feature_list_lengths) dicts
    of a batch (a 1-D tf.string) of serialized SequenceExamples."""
    if not (context_features or sequence_features):
        raise ValueError("Both `context_features` and `sequence_features` argument are None, "
                         "but at least one should have values.")
    return _run(serialized, context_features, sequence_features, example_names, False, name,
                "tf.io.parse_sequence_example")


def parse_single_sequence_example(serialized, context_features=None, sequence_features=None,
                                  example_name=None, name=None):
    """tf.io.parse_single_sequence_example: (context, feature_lists) dicts of one
    serialized SequenceExample (a scalar tf.string)."""
    if not (context_features or sequence_features):
        raise ValueError("Both context_features and sequence_features are None, but at least "
                         "one should have values.")
    c, f, _ = _run(serialized, context_features, sequence_features, example_name, True, name,
                   "tf.io.parse_single_sequence_example")
    return c, f
