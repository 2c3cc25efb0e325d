"""tf.io.parse_example and tf.io.parse_single_example: serialized tf.train.Examples to
Tensors (FixedLenFeature, FixedLenSequenceFeature), tf.sparse.SparseTensors
(VarLenFeature, SparseFeature) and tf.RaggedTensors (RaggedFeature), TF's ParseExampleV2
kernel as a host `strings.Kernel` on NumPy.

Deliberate differences (XLA compiles static shapes): inside a tf.function, parsing a
computed tensor supports FixedLenFeatures only (their shapes are static; a pure callback
parses them); the other features raise a TypeError naming the API. A tf.data function
(Dataset.map) that parses them runs eagerly per element instead; its element_spec comes
from TF's static output shapes, as probe outputs (ops/spec_probes.py), except that a
dimension known statically in the probe (a batch size) may stay known where TF's shape
inference loses it through a value (tf.sparse.to_dense of a batch's VarLenFeature).
RaggedFeature `partitions` raise NotImplementedError.
"""
import numpy as np

from ..framework import dtypes, strings
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute
from ..framework.sparse_tensor import SparseTensor
from ..framework.strings import OBJECT, Kernel
from ..framework.tensor import Tensor, symbolic
from .example_proto import DecodeError, Example, Feature
from .manip_ops import reshape
from .op_args import attr_error, dynamic_shape_error, kernel_error
from .parsing_config import (
    FixedLenFeature, FixedLenSequenceFeature, RaggedFeature, SparseFeature, VarLenFeature,
)
from .ragged_tensor import RaggedTensor
from .spec_probes import probe_size

__all__ = ["parse_example", "parse_single_example"]

_KINDS = {dtypes.float32: "float_list", dtypes.int64: "int64_list", dtypes.string: "bytes_list"}
_TYPE_NAMES = {"float_list": "float", "int64_list": "int64", "bytes_list": "string"}
_ALLOWED = (dtypes.float32, dtypes.int64, dtypes.string)


# -- the raw parameters of ParseExampleV2 (TF's _ParseOpParams) ----------------------------

_EXAMPLE_ATTRS = ("ParseExampleV2", "sparse_types", "Tdense")


def _raw_params(features, types=None, feature_lists=False, attrs=_EXAMPLE_ATTRS):
    """(sparse, dense, ragged) lists of the raw features: (key, dtype) for sparse,
    (key, dtype, shape, default, sequence) for dense, (key, dtype, splits dtype) for
    ragged, in TF's order (sorted feature keys). `types`: the feature classes allowed;
    `feature_lists`: a SequenceExample's feature lists (a FixedLenSequenceFeature's last
    field says whether it may be missing); `attrs`: the op and its dtype attributes that
    name a bad dtype."""
    sparse, dense, ragged = [], [], []
    for key in sorted(features or {}):
        f = features[key]
        if types is not None and not isinstance(f, types):
            raise ValueError(f"Unsupported {type(f).__name__} {f} for key '{key}'")
        if feature_lists and isinstance(f, FixedLenSequenceFeature):
            if f.default_value is not None:
                raise ValueError(f"Value feature_list.dense_defaults[{key}] must be None")
            _check_dtype(f.dtype, attrs[2], attrs[0])
            dense.append((key, dtypes.as_dtype(f.dtype), tuple(f.shape), None,
                          bool(f.allow_missing)))
            continue
        if isinstance(f, VarLenFeature):
            _add_sparse(sparse, key, f.dtype, attrs)
        elif isinstance(f, SparseFeature):
            for k in ([f.index_key] if isinstance(f.index_key, str) else f.index_key):
                _add_sparse(sparse, k, dtypes.int64, attrs)
            _add_sparse(sparse, f.value_key, f.dtype, attrs)
        elif isinstance(f, FixedLenFeature):
            shape = list(f.shape) if f.shape is not None else None
            if shape and shape[0] is None:
                raise ValueError(f"First dimension of shape for feature {key} unknown. Consider "
                                 f"using FixedLenSequenceFeature. Received feature={f}.")
            _check_dtype(f.dtype, attrs[2], attrs[0])
            dense.append((key, dtypes.as_dtype(f.dtype), tuple(shape),
                          _default(f.default_value, f.dtype, shape), False))
        elif isinstance(f, FixedLenSequenceFeature):
            if not f.allow_missing:
                raise ValueError("Unsupported: FixedLenSequenceFeature requires allow_missing "
                                 "to be True.")
            _check_dtype(f.dtype, attrs[2], attrs[0])
            dtype = dtypes.as_dtype(f.dtype)
            pad = (f.default_value if f.default_value is not None else
                   (b"" if dtype == dtypes.string else 0))
            dense.append((key, dtype, tuple(f.shape), _default(pad, dtype, []), True))
        elif isinstance(f, RaggedFeature):
            if f.partitions:
                raise NotImplementedError("tfcompat: tf.io.RaggedFeature with `partitions` is "
                                          "not supported")
            value_key = f.value_key or key
            if value_key not in [r[0] for r in ragged]:
                ragged.append((value_key, f.dtype, f.row_splits_dtype))
        else:
            raise ValueError(f"Invalid feature {key}:{f}.")
    _check_disjoint([s[0] for s in sparse], [d[0] for d in dense], [r[0] for r in ragged])
    return sparse, dense, ragged


def _add_sparse(sparse, key, dtype, attrs):
    dtype = dtypes.as_dtype(dtype)
    for k, original in sparse:
        if k == key:
            if original != dtype:
                raise ValueError(f"Conflicting type {original} vs {dtype} for feature {key}.")
            return
    _check_dtype(dtype, attrs[1], attrs[0])
    sparse.append((key, dtype))


def _check_disjoint(sparse, dense, ragged):
    """TF's _ParseOpParams._validate: a key is of one kind only."""
    if not set(dense).isdisjoint(sparse):
        raise ValueError(f"Dense and sparse keys must not intersect; dense_keys: {dense}, "
                         f"sparse_keys: {sparse}, intersection: {set(dense) & set(sparse)}")
    if not set(dense).isdisjoint(ragged):
        raise ValueError("Dense and ragged keys must not intersect; dense_keys: ",   # (TF's)
                         f"{dense}, ragged_keys: {ragged}, intersection: "
                         f"{set(dense) & set(ragged)}")
    if not set(ragged).isdisjoint(sparse):
        raise ValueError(f"Ragged and sparse keys must not intersect; ragged_keys: {ragged}, "
                         f"sparse_keys: {sparse}, intersection: {set(ragged) & set(sparse)}")


def _check_dtype(dtype, attr, op):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _ALLOWED:
        raise attr_error(op, attr, dtype)


def _default(value, dtype, shape):
    """A default value as a flat tuple (TF reshapes it to the feature's shape)."""
    if value is None:
        return None
    arr = np.asarray(convert_to_tensor(value, dtype=dtype)._value)
    if arr.size != int(np.prod(shape, dtype=np.int64)):
        reshape(arr, shape)   # (TF's error)
    return tuple(arr.ravel().tolist())


# -- probe inputs (spec_probes) ------------------------------------------------------------

def probe_feature(dtype, count, values=None):
    """A Feature of `count` values of `dtype` (0; 0.0; b"0"), or of `values`."""
    if values is None:
        values = [b"0" if dtype == dtypes.string else 0] * count
    return Feature(**{_KINDS[dtype]: {"value": values}})


def _probe_sparse_features(features, size):
    """{key: values} of the index and value keys of SparseFeatures in a probe: distinct
    index tuples in range, as many as `size` where the feature's dense size allows (else
    fewer, still different for each size)."""
    out = {}
    for f in (features or {}).values():
        if isinstance(f, SparseFeature):
            keys = [f.index_key] if isinstance(f.index_key, str) else list(f.index_key)
            sizes = [f.size] if isinstance(f.index_key, str) else list(f.size)
            total = int(np.prod(sizes, dtype=np.int64))
            n = size if size <= total else size % (total + 1)
            columns = np.unravel_index(np.arange(n), sizes) if n else [[]] * len(keys)
            out.update({k: [int(i) for i in c] for k, c in zip(keys, columns)})
            out[f.value_key] = [b"0" if f.dtype == dtypes.string else 0] * n
    return out


def _probe_features(sparse, dense, ragged, size, features=None):
    """The features of a probe Example: `size` values for each sparse and ragged key
    (see _probe_sparse_features for SparseFeatures) and `size` items for each sequence
    one."""
    given = _probe_sparse_features(features, size)
    out = {key: probe_feature(dtype, size, given.get(key)) for key, dtype, *_ in
           sparse + ragged}
    for key, dtype, shape, _, sequence in dense:
        count = int(np.prod(shape, dtype=np.int64))
        out[key] = probe_feature(dtype, count * size if sequence else count)
    return out


def probe_serialized(t, message):
    """A string tensor of `t`'s shape, every element the serialized `message`."""
    out = np.empty(t.shape.as_list(), OBJECT)
    out[...] = message.SerializeToString()
    return convert_to_tensor(out, dtype=dtypes.string)


# -- the kernel --------------------------------------------------------------------------

def _parse_one(data):
    try:
        return Example.FromString(data).features.feature
    except DecodeError:
        value = data.decode("utf-8", "replace")
        raise _Error(f"Could not parse example input, value: '{value}'") from None


class _Error(Exception):
    """A kernel failure: its message, raised as the op's InvalidArgumentError."""


def _np_dtype(dtype):
    return OBJECT if dtype == dtypes.string else dtype.as_numpy_dtype


def _values(feature, key, dtype, where, single, sparse, index):
    """The values of `feature` (None when missing or empty), checked against `dtype`."""
    if feature is None or feature.WhichOneof("kind") is None:
        return None
    kind = feature.WhichOneof("kind")
    if kind != _KINDS[dtype]:
        if sparse:
            text = (f"Data types don't match. Expected type: {_TYPE_NAMES[_KINDS[dtype]]}, "
                    f"Actual type: {_TYPE_NAMES[kind]}")
        else:
            text = (f"Data types don't match. Data type: {_TYPE_NAMES[kind]} but expected type: "
                    f"{_TYPE_NAMES[_KINDS[dtype]]}")
        raise _Error(f"Key: {key}.  {text}" if single else
                     f"{where}Key: {key}, Index: {index}.  {text}")
    return np.asarray(list(getattr(feature, kind).value), _np_dtype(dtype))


def _dense(examples, names, key, dtype, shape, default, sequence, single):
    size = int(np.prod(shape, dtype=np.int64))
    kind = _KINDS[dtype][:-5] if dtype != dtypes.string else "bytes"
    rows = []
    for i, (ex, where) in enumerate(zip(examples, names)):
        v = _values(ex.get(key), key, dtype, where, single, False, i)
        at = f"Key: {key}, Index: {i}.  "
        if sequence:
            if v is None:
                v = np.zeros((0,) + shape, _np_dtype(dtype))
            elif size and len(v) % size:
                raise _Error(
                    f"Error while parsing feature with key {key}: number of elements should be "
                    f"divisible by {size}, found {len(v)} instead" if single else
                    f"{where}{at}Number of {kind} values is not a multiple of stride length. "
                    f"Saw {len(v)} values but output shape is: [?,{','.join(map(str, shape))}]")
            rows.append(v.reshape((-1,) + shape))
            continue
        if v is None:
            if default is None:
                prefix = "" if single else where
                raise _Error(f"{prefix}Feature: {key} (data type: "
                             f"{_TYPE_NAMES[_KINDS[dtype]]}) is required but could not be found.")
            v = np.asarray(default, _np_dtype(dtype))
        elif len(v) != size:
            if single:
                how = ("Parsing bytes_list failed." if kind == "bytes" and len(v) > size else
                       f"Some {_KINDS[dtype]} slice was not parsed.")
                raise _Error(f"Key: {key}.  Can't parse serialized Example: {how}")
            if kind == "bytes" and len(v) > size:
                raise _Error(f"{where}{at}Can't parse serialized Example.")
            raise _Error(f"{where}{at}Number of {kind} values != expected.  Values size: "
                         f"{len(v)} but output shape: [{','.join(map(str, shape))}]")
        rows.append(v.reshape(shape))
    if single:
        return rows[0]
    if not sequence:
        return np.stack(rows) if rows else np.zeros((0,) + shape, _np_dtype(dtype))
    n = max([len(r) for r in rows], default=0)
    out = np.empty((len(rows), n) + shape, _np_dtype(dtype))
    out[...] = default[0]
    for i, r in enumerate(rows):
        out[i, :len(r)] = r
    return out


def _parse(serialized, names, sparse, dense, ragged, single, name):
    """ParseExampleV2 on NumPy: the sparse (indices, values, shape), dense values and
    ragged (values, row_splits) outputs."""
    flat = serialized.reshape(-1)
    where = [f"Name: {n.decode('utf-8', 'replace') if names is not None else '<unknown>'}, "
             for n in (names.reshape(-1) if names is not None else [None] * len(flat))]
    try:
        examples = [_parse_one(b) for b in flat]
        out = []
        for key, dtype in sparse:
            vals = [_values(ex.get(key), key, dtype, w, single, True, i)
                    for i, (ex, w) in enumerate(zip(examples, where))]
            vals = [np.zeros(0, _np_dtype(dtype)) if v is None else v for v in vals]
            counts = [len(v) for v in vals]
            pos = np.concatenate([np.arange(c) for c in counts] or [np.zeros(0, np.int64)])
            if single:
                indices = pos.reshape(-1, 1)
                shape = [counts[0]]
            else:
                batch = np.repeat(np.arange(len(vals)), counts)
                indices = np.stack([batch, pos], axis=1) if len(pos) else np.zeros((0, 2))
                shape = [len(vals), max(counts, default=0)]
            out += [np.asarray(indices, np.int64).reshape(-1, 1 if single else 2),
                    np.concatenate(vals or [np.zeros(0, _np_dtype(dtype))]).astype(
                        _np_dtype(dtype)), np.asarray(shape, np.int64)]
        for key, dtype, shape, default, sequence in dense:
            out.append(_dense(examples, where, key, dtype, shape, default, sequence, single))
        for key, dtype, splits_dtype in ragged:
            vals = [_values(ex.get(key), key, dtype, w, single, True, i)
                    for i, (ex, w) in enumerate(zip(examples, where))]
            vals = [np.zeros(0, _np_dtype(dtype)) if v is None else v for v in vals]
            out.append(np.concatenate(vals).astype(_np_dtype(dtype)) if vals
                       else np.zeros(0, _np_dtype(dtype)))
            out.append(np.concatenate([[0], np.cumsum([len(v) for v in vals])]).astype(
                splits_dtype.as_numpy_dtype))
    except _Error as e:
        raise kernel_error("ParseExampleV2", str(e), name, kernel=_kernel_name(
            sparse, dense, ragged)) from None
    return out


def _kernel_name(sparse, dense, ragged):
    return (f"ParseExampleV2_Tdense_{len(dense)}_num_sparse_{len(sparse)}_ragged_split_types_"
            f"{len(ragged)}_ragged_value_types_{len(ragged)}_sparse_types_{len(sparse)}")


def _dense_shapes(shape, names=None, *, sparse, dense, ragged, single, name):
    out = [tuple(shape) + d[2] for d in dense]
    return out[0] if len(out) == 1 else out


_ops = {}


def _kernel(serialized, names=None, **attrs):
    return _parse(serialized, names, **attrs)


def _op(out_dtypes):
    """The host Op of ParseExampleV2 for these output dtypes."""
    if out_dtypes not in _ops:
        _ops[out_dtypes] = Op("ParseExampleV2", strings.host_only, differentiable=False,
                              strings=Kernel(_kernel, outputs=out_dtypes, shape=_dense_shapes))
    return _ops[out_dtypes]


def _run(serialized, features, names, single, name, api):
    if not features:
        raise ValueError("Invalid argument: features cannot be empty.")
    sparse, dense, ragged = _raw_params(features)
    t = serialized if isinstance(serialized, Tensor) else convert_to_tensor(
        serialized, dtype=dtypes.string)
    if probe_size() is not None:   # (tf.data's spec probe: TF's static output shapes)
        t = probe_serialized(t, Example(features={"feature": _probe_features(
            sparse, dense, ragged, probe_size(), features)}))
    inputs = [t]
    if names is not None:
        inputs.append(names if isinstance(names, Tensor) else
                      convert_to_tensor(names, dtype=dtypes.string))
    if (sparse or ragged or any(d[4] for d in dense)) and any(
            symbolic(x._value) or type(x._value) is strings.StringIds for x in inputs):
        raise dynamic_shape_error(api, "serialized")
    out_dtypes = []
    for _, dtype in sparse:
        out_dtypes += [np.int64, _np_dtype(dtype), np.int64]
    out_dtypes += [_np_dtype(d[1]) for d in dense]
    for _, dtype, splits in ragged:
        out_dtypes += [_np_dtype(dtype), splits.as_numpy_dtype]
    attrs = (("sparse", tuple(sparse)), ("dense", tuple(dense)), ("ragged", tuple(ragged)),
             ("single", single), ("name", name))
    out = execute(_op(tuple(out_dtypes)), tuple(inputs), attrs)
    out = list(out) if isinstance(out, (list, tuple)) else [out]
    result = {}
    for key, _ in sparse:
        result[key] = SparseTensor(out.pop(0), out.pop(0), out.pop(0))
    for d in dense:
        result[d[0]] = out.pop(0)
    for key, *_ in ragged:
        values, splits = out.pop(0), out.pop(0)
        result[key] = values if single else RaggedTensor.from_row_splits(values, splits,
                                                                         validate=False)
    return _composites(result, features, single)


def _composites(raw, features, single):
    """TF's _construct_tensors_for_composite_features: SparseFeatures and RaggedFeatures
    from the raw outputs, the raw ones they used dropped."""
    updates = {}
    for key in sorted(features):
        f = features[key]
        if isinstance(f, SparseFeature):
            updates[key] = _sparse_feature(raw, f, single)
        elif isinstance(f, RaggedFeature):
            updates[key] = raw[f.value_key or key]
    raw = dict(raw)
    raw.update(updates)
    return {k: v for k, v in raw.items() if k in features}


def _sparse_feature(raw, f, single):
    """tf.sparse_merge of a SparseFeature's index and value features, reordered."""
    index_keys = [f.index_key] if isinstance(f.index_key, str) else list(f.index_key)
    sizes = [f.size] if isinstance(f.index_key, str) else list(f.size)
    ids = [raw[k] for k in index_keys]
    vals = raw[f.value_key]
    first = np.asarray(ids[0].indices._value)
    columns = [] if single else [first[:, 0]]
    columns += [np.asarray(i.values._value) for i in ids]
    indices = np.stack(columns, axis=1).astype(np.int64) if len(first) else np.zeros(
        (0, len(columns)), np.int64)
    shape = ([] if single else [int(np.asarray(ids[0].dense_shape._value)[0])]) + sizes
    values = np.asarray(vals.values._value)
    if not f.already_sorted and len(indices):
        order = np.lexsort(indices.T[::-1])
        indices, values = indices[order], values[order]
    return SparseTensor(indices, convert_to_tensor(values, dtype=vals.dtype),
                        np.asarray(shape, np.int64))


def parse_example(serialized, features, example_names=None, name=None):
    """tf.io.parse_example: a dict of the parsed features of a batch (a 1-D tf.string) of
    serialized Examples (a scalar parses as one Example)."""
    t = serialized if isinstance(serialized, Tensor) else convert_to_tensor(
        serialized, dtype=dtypes.string)
    if t.shape.rank is not None and t.shape.rank > 1:
        sparse, dense, ragged = _raw_params(features)
        raise kernel_error("ParseExampleV2", f"Expected serialized to be a scalar or vector, got "
                           f"shape: [{','.join(map(str, t.shape.as_list()))}]", name,
                           kernel=_kernel_name(sparse, dense, ragged))
    return _run(t, features, example_names, t.shape.rank == 0, name, "tf.io.parse_example")


def parse_single_example(serialized, features, example_names=None, name=None):
    """tf.io.parse_single_example: a dict of the parsed features of one serialized Example
    (a scalar tf.string)."""
    t = serialized if isinstance(serialized, Tensor) else convert_to_tensor(
        serialized, dtype=dtypes.string)
    if t.shape.rank != 0:
        raise ValueError("Input serialized must be a scalar")
    return _run(t, features, example_names, True, name, "tf.io.parse_single_example")

