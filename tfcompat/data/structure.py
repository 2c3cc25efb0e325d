"""Element structures of tf.data: nested tuples/dicts/namedtuples of TensorSpecs.

Inside a pipeline an element travels as a flat list of arrays (numpy arrays on the host,
or jax arrays computed by a map function; a tf.string component is a NumPy object array
of ``bytes``, as an eager string Tensor holds it); a dataset's ``element_spec`` gives the
nesting.
Python lists are tensors here, as in tf.data (``from_tensor_slices([1, 2])`` is one
component), and a list returned by a user function is read as a tuple, as TF does.
"""
import jax
import numpy as np

from ..framework import dtypes, nest, strings
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.variables import Variable
from . import extension_structure as ext, ragged_structure as ragged, sparse_structure as sparse
from .dataset_spec import DatasetSpec
from .none_structure import NONE, NoneTensorSpec, is_none, is_none_spec

_TRACED_SOURCE = (
    "tfcompat cannot build a tf.data.Dataset from a Tensor traced inside tf.function: "
    "build the dataset outside the function and pass it (or its iterator) in.")


def to_array(value, dtype=None):
    """One component as an array: Tensors keep their (jax) value, everything else becomes a
    numpy array by TF's conversion rules (Python floats float32, str/bytes an object array
    of bytes)."""
    if isinstance(value, Variable):
        value = value._read()
    if value is None or is_none(value):   # (a None component: none_structure.py)
        return NONE
    if ext.is_ext(value):   # (and so does an ExtensionType)
        if not ext.eager(value):
            raise TypeError(_TRACED_SOURCE)
        return value
    if is_dataset(value):   # (a dataset component: a window's, a function's result)
        return value
    if ragged.is_ragged(value):   # (a ragged component travels as the RaggedTensor)
        if not value._is_eager():
            raise TypeError(_TRACED_SOURCE)
        return value
    if sparse.is_sparse(value):   # (and so does a sparse one)
        if not all(isinstance(t, EagerTensor) for t in (value.indices, value.values)):
            raise TypeError(_TRACED_SOURCE)
        return value
    if isinstance(value, (list, tuple)) and dtypes.sequence_holds(value, (Tensor, Variable)):
        value = convert_to_tensor(value, dtype)   # (packed as TF packs it: their dtype)
    if isinstance(value, Tensor):
        if isinstance(value._value, (jax.core.Tracer, strings.StringIds)):
            raise TypeError(_TRACED_SOURCE)
        arr = value._value
    elif dtype is not None:
        arr = dtypes.cast_python(value, dtype)
    else:
        arr = dtypes.infer_numpy(value)
    if dtype is not None and arr.dtype != dtype._np:
        raise TypeError(f"Expected {dtype.name} but got {dtypes.from_numpy(arr.dtype).name}")
    return arr


def is_dataset(value):
    """Whether `value` is a tf.data.Dataset (a component of DatasetSpec)."""
    return hasattr(value, "_iter_flat")


def normalize(value):
    """A user's element: (structure with None leaves, flat list of arrays). Lists inside
    are tensors; tuples, namedtuples and dicts are structure."""
    if isinstance(value, dict):   # (flat in sorted key order; the dict keeps its order)
        parts = {k: normalize(value[k]) for k in value}
        structure = type(value)((k, parts[k][0]) for k in value)
        return structure, [a for k in sorted(value) for a in parts[k][1]]
    if isinstance(value, tuple):
        parts = [normalize(v) for v in value]
        items = [s for s, _ in parts]
        structure = type(value)(*items) if hasattr(type(value), "_fields") else tuple(items)
        return structure, [a for _, flat in parts for a in flat]
    return None, [to_array(value)]


def zero(dtype):
    """A scalar zero of `dtype` (b'' for tf.string): padding's default."""
    if dtype == dtypes.string:
        return strings.from_python(b"")
    return np.zeros((), dtype._np)


def function_output(value, transformation, stack=None):
    """A dataset function's return value as TF's StructuredFunctionWrapper reads it: a
    list returned is a tuple, and each list inside it one tensor, its items stacked as
    tf.convert_to_tensor packs them (`stack(items)`, by default convert_to_tensor); TF's
    TypeError where their dtypes differ (its ValueError where their shapes do)."""
    if type(value) is list:
        value = tuple(value)
    try:
        return _stack_lists(value, stack or convert_to_tensor)
    except TypeError:
        raise TypeError(f"Unsupported return value from function passed to "
                        f"{transformation}: {value}.") from None


def has_lists(value):
    """Whether a function's return value holds lists below its top level."""
    items = list(value.values()) if isinstance(value, dict) else value
    return isinstance(items, (list, tuple)) and any(
        isinstance(v, list) or isinstance(v, (dict, tuple)) and has_lists(v) for v in items)


def _stack_lists(value, stack):
    if isinstance(value, list):
        return stack(value)
    if isinstance(value, dict):
        return type(value)((k, _stack_lists(v, stack)) for k, v in value.items())
    if isinstance(value, tuple) and not hasattr(type(value), "_fields"):
        return tuple(_stack_lists(v, stack) for v in value)
    if isinstance(value, tuple):
        return type(value)(*[_stack_lists(v, stack) for v in value])
    return value


def spec_of(array):
    if is_none(array):
        return NoneTensorSpec()
    if ragged.is_ragged(array) or ext.is_ext(array):
        return array._type_spec
    if sparse.is_sparse(array):
        return sparse.spec_of(array)
    if is_dataset(array):
        return DatasetSpec(array.element_spec)
    return TensorSpec(array.shape, dtypes.from_numpy(array.dtype))


def specs(structure, flat_arrays):
    return nest.pack_sequence_as(structure, [spec_of(a) for a in flat_arrays])


def flat_specs(element_spec):
    return nest.flatten(element_spec)


def map_specs(fn, element_spec):
    return nest.map_structure(fn, element_spec)


def to_tensor(array):
    """An EagerTensor of one component (host arrays are put on the default device; string
    components stay object arrays of bytes; a None component is None)."""
    if is_none(array):
        return None
    if ragged.is_ragged(array) or sparse.is_sparse(array) or ext.is_ext(array):
        return array
    if isinstance(array, jax.Array) or getattr(array, "dtype", None) == strings.OBJECT:
        return EagerTensor(array)
    if is_dataset(array):
        return array
    return EagerTensor(device_array(array))


def row(array, i):
    """Component `array`'s slice `i` along its first dimension, as an array (a 0-d one for
    a vector: ``a[i]`` of an object array would be the bare bytes)."""
    if is_none(array):
        return array
    if ragged.is_ragged(array):
        return ragged.row(array, i)
    if sparse.is_sparse(array):
        return sparse.row(array, i)
    if ext.is_ext(array):
        return ext.row(array, i)
    return array[i, ...]


def to_tensors(element_spec, flat_arrays):
    """The element the user sees: the nested structure of EagerTensors."""
    return nest.pack_sequence_as(element_spec, [to_tensor(a) for a in flat_arrays])


def to_numpy(element_spec, flat_arrays):
    return nest.pack_sequence_as(element_spec, [
        None if is_none(x) else x.numpy() if ragged.is_ragged(x) else sparse.to_numpy(x) if sparse.is_sparse(x) else
        x if ext.is_ext(x) else x[()] if x.ndim == 0 else x
        for x in (x if ragged.is_ragged(x) or sparse.is_sparse(x) or ext.is_ext(x) or is_none(x)
                  else np.asarray(x)
                  for x in flat_arrays)])


def most_specific_compatible(a, b):
    """The TensorShape both shapes satisfy: differing dimensions become None."""
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a, b)])


def relax(spec_a, spec_b):
    """The common element_spec of two structures (same nesting and dtypes), else None."""
    try:
        nest.assert_same_structure(spec_a, spec_b)
    except (TypeError, ValueError):
        return None
    out = [_relax_one(x, y) for x, y in zip(nest.flatten(spec_a), nest.flatten(spec_b))]
    return None if any(x is None for x in out) else nest.pack_sequence_as(spec_a, out)


def _relax_one(x, y):
    if type(x) is not type(y):
        return None
    if isinstance(x, DatasetSpec):   # (datasets of datasets: their elements relaxed)
        inner = relax(x.element_spec, y.element_spec)
        return None if inner is None or x._dataset_shape != y._dataset_shape else \
            DatasetSpec(inner, x._dataset_shape)
    if ext.is_ext_spec(x):
        return x.most_specific_common_supertype([y])
    if is_none_spec(x):
        return x
    if x.dtype != y.dtype:
        return None
    return ragged.relax(x, y) if ragged.is_ragged_spec(x) else \
        sparse.relax(x, y) if sparse.is_sparse_spec(x) else \
        TensorSpec(most_specific_compatible(x.shape, y.shape), x.dtype)


def check_static(element_spec, what):
    """Raise unless every component of `element_spec` has a fully defined shape."""
    for s in nest.flatten(element_spec):
        if isinstance(s, DatasetSpec) or is_none_spec(s):   # (DatasetSlot; no components)
            continue
        if ext.is_ext_spec(s):
            raise TypeError(f"tfcompat cannot read tf.experimental.ExtensionType elements "
                            f"inside tf.function: {what} has element_spec {element_spec!r} "
                            "(iterate the dataset outside tf.function).")
        if ragged.is_ragged_spec(s) or sparse.is_sparse_spec(s):
            raise TypeError(
                f"tfcompat cannot read tf.{type(s).__name__[:-4]} elements inside "
                f"tf.function: {what} "
                f"has element_spec {element_spec!r} (iterate the dataset outside "
                "tf.function).")
        if not s.shape.is_fully_defined():
            raise TypeError(
                f"tfcompat needs static element shapes inside tf.function: {what} has "
                f"element_spec {element_spec!r}, whose shapes are not fully defined (use "
                "drop_remainder=True in batch, or iterate the dataset outside tf.function).")


def scalar_int(x):
    """A scalar int argument of a transformation: a Tensor's value, or a Python value
    converted as TF converts it (to an int64 tensor: 'a' and 2.5 are TF's TypeErrors)."""
    if isinstance(x, Tensor):
        return int(x.numpy())
    if type(x) is int and -2**63 <= x < 2**63:   # (what the conversion gives: no tensor)
        return x
    return int(convert_to_tensor(x, dtype=dtypes.int64).numpy())
