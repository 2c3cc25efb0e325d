"""Source datasets: from_tensor_slices, from_tensors, range, random, from_generator, and
the datasets of given elements a DatasetSpec component holds (a window, a group)."""
import numpy as np

from ..framework import dtypes, errors, nest, strings
from ..framework.deprecation import warn_deprecated
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from . import random_seed_ops, structure
from .structure import scalar_int as _int
from .ragged_structure import RaggedTensor, RaggedTensorSpec, generated, sliced_spec
from . import extension_structure as ext, sparse_structure as sparse
from .dataset_ops import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, Dataset
from .iterator_ops import ElementError
from .none_structure import check_outputs, is_none


def _host(array):
    """A component as a numpy array (slicing on the host is cheap per element); a ragged
    one stays a RaggedTensor, a sparse one a SparseTensor."""
    return array if isinstance(array, (np.ndarray, RaggedTensor, sparse.SparseTensor)) or \
        ext.is_ext(array) or is_none(array) else np.asarray(array)


class _TensorSliceDataset(Dataset):
    """Dataset.from_tensor_slices: the slices along the first dimension."""

    def __init__(self, tensors):
        structure_, flat = ((), []) if tensors is None else structure.normalize(tensors)
        if all(is_none(a) for a in flat):
            raise ValueError("Invalid `element`. `element` should not be empty.")
        self._arrays = [_host(a) for a in flat]
        n = None
        for a in self._arrays:
            if is_none(a):   # (no rows: each slice has it)
                continue
            if not ext.is_ext(a) and len(a.shape) == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            rows = ext.nrows(a) if ext.is_ext(a) else a.shape[0]
            if n is not None and rows != n:
                raise ValueError(f"Dimensions {n} and {rows} are not compatible")
            n = rows
        self._n = n
        self._spec = nest.pack_sequence_as(structure_, [
            sliced_spec(a) if isinstance(a, RaggedTensor) else
            sparse.sliced_spec(a) if sparse.is_sparse(a) else
            ext.sliced_spec(a._type_spec) if ext.is_ext(a) else
            structure.spec_of(a) if is_none(a) else
            TensorSpec(a.shape[1:], dtypes.from_numpy(a.dtype)) for a in self._arrays])

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        arrays = self._arrays
        for i in range(n, self._n):
            yield [structure.row(a, i) for a in arrays]

    def _cardinality(self):
        return self._n


class _TensorDataset(Dataset):
    """Dataset.from_tensors: one element."""

    def __init__(self, tensors):
        structure_, flat = structure.normalize(tensors)
        check_outputs(flat, "TensorDataset", "output_shapes")
        # On the device once: the element is the same each time it is produced (a
        # `from_tensors(big).repeat()` is not copied per element).
        self._flat = [a if isinstance(a, (RaggedTensor, sparse.SparseTensor)) or
                      ext.is_ext(a) or is_none(a) else structure.to_tensor(a)._value
                      for a in flat]
        self._spec = structure.specs(structure_, flat)

    def _iter_flat(self):
        yield list(self._flat)

    def _cardinality(self):
        return 1


class _VariantDataset(Dataset):
    """A dataset of the given flat elements, of element_spec `spec`: TF's _VariantDataset,
    what a DatasetSpec component is (Dataset.window's windows, group_by_window's groups)."""

    def __init__(self, spec, elements):
        self._spec = spec
        self._elements = elements

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        for flat in self._elements[n:]:
            yield list(flat)

    def _cardinality(self):
        return len(self._elements)


class _RangeDataset(Dataset):
    """Dataset.range(stop) / range(start, stop[, step], output_type=tf.int64); TF ignores
    other keyword arguments. stop None (internal) means unbounded (enumerate)."""

    def __init__(self, *args, output_type=dtypes.int64, **kwargs):
        if len(args) == 1:
            start, stop, step = 0, args[0], 1
        elif len(args) == 2:
            (start, stop), step = args, 1
        elif len(args) == 3:
            start, stop, step = args
        else:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and "
                             f"3 but was {len(args)}.")
        self._start, self._step = _int(start), _int(step)
        self._stop = None if stop is None else _int(stop)
        if self._step == 0:
            raise errors.op_error(errors.InvalidArgumentError, "RangeDataset",
                                  "step must be a non-zero integer.", kernel="RangeDataset")
        self._dtype = dtypes.as_dtype(output_type)
        self._spec = TensorSpec([], self._dtype)

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        np_dtype = self._dtype._np
        start = self._start + n * self._step
        if self._stop is None:
            i = start
            while True:
                yield [np.asarray(i, np_dtype)]
                i += self._step
        for i in range(start, self._stop, self._step):
            yield [np.asarray(i, np_dtype)]

    def _cardinality(self):
        if self._stop is None:
            return -1
        return len(range(self._start, self._stop, self._step))


class _RandomDataset(Dataset):
    """Dataset.random (RandomDataset / RandomDatasetV2): the uint32 samples of
    ``PhiloxRandom(seed, seed2)`` as int64 scalars, endless; each iteration starts again
    unless rerandomize_each_iteration, which draws new seeds per iteration."""

    _spec = TensorSpec([], dtypes.int64)

    def __init__(self, seed=None, rerandomize_each_iteration=None):
        seed, seed2 = random_seed_ops.dataset_seeds(None if seed is None else _int(seed))
        self._seed_generator = random_seed_ops.SeedGenerator(
            seed, seed2, bool(rerandomize_each_iteration))

    def _initialize(self):
        self._seed_generator.initialize()

    def _iter_flat(self):
        for x in random_seed_ops.samples(*self._seed_generator.iterator_seeds()):
            yield [np.int64(x)]

    def _cardinality(self):
        return INFINITE_CARDINALITY


def RandomDataset(seed=None, rerandomize_each_iteration=None):  # noqa: N802 - TF's name
    """tf.data.experimental.RandomDataset (deprecated in TF, as its warning says):
    Dataset.random."""
    warn_deprecated("_RandomDataset.__init__",
                    "tensorflow.python.data.experimental.ops.random_ops",
                    "Use `tf.data.Dataset.random(...)`.")
    return _RandomDataset(seed, rerandomize_each_iteration)


def _leaf_spec(dtype, shape):
    return TensorSpec(TensorShape(shape), dtypes.as_dtype(dtype))


def _flatten_up_to(spec, value):
    """The components of a generated `value` following the structure of `spec`."""
    if isinstance(spec, (TensorSpec, RaggedTensorSpec, sparse.SparseTensorSpec)) or \
            ext.is_ext_spec(spec):
        return [value]
    if isinstance(spec, dict):
        return [x for k in sorted(spec) for x in _flatten_up_to(spec[k], value[k])]
    if not isinstance(value, (list, tuple)) or len(value) != len(spec):
        raise ElementError(errors.InvalidArgumentError,
                           "TypeError: `generator` yielded an element that did not match "
                           f"the expected structure. The expected structure was {spec!r}, "
                           f"but the yielded element was {value!r}.")
    return [x for s, v in zip(spec, value) for x in _flatten_up_to(s, v)]


class _GeneratorDataset(Dataset):
    """Dataset.from_generator: each iteration calls generator(*args) (TF builds it as a
    flat_map, whence the printed class name)."""

    _repr_name = "_FlatMapDataset"
    _stateful_op = "PyFunc"   # (what TF's checkpoint of its iterator refuses)

    def __init__(self, generator, output_types, output_shapes, args, output_signature):
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is not None:
            if output_types is not None or output_shapes is not None:
                raise TypeError("The `output_types` and `output_shapes` arguments should not "
                                "be set when `output_signature` is set.")
            spec = output_signature
        else:
            if output_types is None:
                raise TypeError("To specify the output signature you need to provide either "
                                "the `output_signature` argument or the `output_types` "
                                "argument.")
            if output_shapes is None:
                spec = nest.map_structure(lambda t: _leaf_spec(t, None), output_types)
            else:
                spec = _map_up_to(output_types, output_shapes)
        for s in nest.flatten(spec):
            if ext.is_ext_spec(s):
                continue
            if not isinstance(s, (TensorSpec, RaggedTensorSpec, sparse.SparseTensorSpec)):
                raise TypeError(f"tfcompat's from_generator supports TensorSpec, "
                                f"RaggedTensorSpec, SparseTensorSpec and ExtensionType "
                                f"Spec signatures only, got {s!r}.")
            if s.dtype._np is None:
                raise TypeError(f"tfcompat does not support {s.dtype.name} tensors: "
                                "tf.data.Dataset.from_generator with this output_signature "
                                "is not supported.")
        self._generator = generator
        # The generator gets its args as Tensor.numpy() gives them (0-d: NumPy scalars,
        # strings: bytes).
        self._args = tuple(_numpy(structure.to_array(a)) for a in (args or ()))
        self._spec = spec

    def _iter_flat(self):
        specs = nest.flatten(self._spec)
        for value in self._generator(*self._args):
            if isinstance(self._spec, tuple) and isinstance(value, list):
                value = tuple(value)
            flat = []
            for s, v in zip(specs, _flatten_up_to(self._spec, value)):
                if isinstance(s, RaggedTensorSpec):
                    flat.append(generated(v, s))
                    continue
                if sparse.is_sparse_spec(s):
                    flat.append(sparse.generated(v, s))
                    continue
                if ext.is_ext_spec(s):
                    flat.append(_generated_ext(v, s))
                    continue
                a = _converted(v, s.dtype)
                if not s.shape.is_compatible_with(a.shape):
                    raise ElementError(
                        errors.InvalidArgumentError,
                        f"TypeError: `generator` yielded an element of shape "
                        f"{TensorShape(a.shape)} where an element of shape {s.shape} was "
                        "expected.")
                flat.append(a)
            yield flat

    def _cardinality(self):
        return UNKNOWN_CARDINALITY


def _generated_ext(value, spec):
    """A yielded ExtensionType component, checked against its Spec (TF's error)."""
    got = getattr(value, "_type_spec", None)
    if got is None or not spec.is_compatible_with(got):
        raise ElementError(
            errors.InvalidArgumentError,
            f"TypeError: `generator` yielded an element of {got!r} where an element of "
            f"{spec!r} was expected.")
    return value


def _numpy(array):
    array = np.asarray(array)
    return array[()] if array.ndim == 0 else array


def _converted(value, dtype):
    """A yielded component as an array of `dtype`, or TF's error: numbers are cast, a
    tf.string component must hold str/bytes (TF's py_func conversion fails otherwise)."""
    if dtype == dtypes.string:
        arr = np.asarray(value._value if isinstance(value, Tensor) else value, object)
        for x in arr.ravel():
            if not isinstance(x, (str, bytes)):
                x = x.item() if isinstance(x, np.generic) else x
                raise ElementError(errors.InternalError,
                                   f"Unsupported object type {type(x).__name__}\n\t "
                                   "[[{{node PyFunc}}]]")
        return strings.from_python(arr)
    try:
        if isinstance(value, (RaggedTensor, sparse.SparseTensor)):
            raise TypeError("a composite tensor")   # (for a TensorSpec: TF's error)
        if isinstance(value, Tensor):
            arr = np.asarray(value._value)
            if arr.dtype == strings.OBJECT:
                raise TypeError("a string tensor")
            return arr.astype(dtype._np)
        return structure.to_array(value, dtype)
    except (TypeError, ValueError):
        raise ElementError(
            errors.InvalidArgumentError,
            "TypeError: `generator` yielded an element that could not be converted to the "
            f"expected type. The expected type was {dtype.name}, but the yielded element was "
            f"{value!r}.") from None


def _map_up_to(types, shapes):
    """TensorSpecs from the old output_types/output_shapes pair (shapes may be a list)."""
    if not nest.is_nested(types):
        return _leaf_spec(types, shapes)
    if isinstance(types, dict):
        return type(types)((k, _map_up_to(types[k], shapes[k])) for k in types)
    return type(types)(_map_up_to(t, s) for t, s in zip(types, shapes))
