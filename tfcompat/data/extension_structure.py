"""tf.experimental.ExtensionType components of tf.data elements.

An ExtensionType component travels through a pipeline as the eager value itself (where a
dense one is an array), and its element_spec leaf is its Spec. As TF, slicing, batching and
unbatching go through its Spec's batch encoder (BatchableExtensionType): the encoded
tensors are sliced or stacked and decoded with the unbatched or batched Spec; a
non-batchable one raises TF's AttributeError. Functions taking ExtensionTypes run eagerly
(as those taking SparseTensors: data/functions.py). Differs from TF: as with ragged and
sparse components, a dataset of ExtensionTypes cannot be iterated inside a tf.function
(structure.check_static raises a TypeError naming it)."""
from ..framework.tensor import EagerTensor
from ..ops.array_ops import stack as _stack
from ..ops.extension_type import ExtensionType, ExtensionTypeSpec
from ..ops.extension_type_map import flat_decode, flat_encode


def is_ext(value):
    return isinstance(value, ExtensionType)


def is_ext_spec(spec):
    return isinstance(spec, ExtensionTypeSpec)


def eager(value):
    """Whether every tensor of `value` is eager (not traced in a tf.function)."""
    from ..framework.nest import flatten
    from ..framework.tensor import symbolic
    return all(not symbolic(t._value) for t in flatten(value, expand_composites=True))


def _batchable(spec, attr="_to_batched_tensor_list"):
    """`spec`, or TF's AttributeError for a spec with no batched form (naming the method
    TF's code calls there)."""
    if not hasattr(spec, "_unbatch"):
        raise AttributeError(f"'{type(spec).__qualname__}' object has no attribute '{attr}'")
    return spec


def sliced_spec(spec, attr="_to_batched_tensor_list"):
    """The Spec of the rows of values of `spec`."""
    return _batchable(spec, attr)._unbatch()


def batched_spec(spec, lead):
    """The Spec of a batch (of static size `lead` or None) of values of `spec`."""
    return _batchable(spec, "_batch")._batch(lead)


def _encoded(value):
    return flat_encode(value, 1)


def nrows(value):
    """The number of rows of a batched value (its encoded tensors' first dimension)."""
    _batchable(value._type_spec)
    parts = _encoded(value)
    if not parts or parts[0].shape.rank == 0:
        raise ValueError("Unbatching a tensor is only supported for rank >= 1")
    return parts[0].shape[0]


def row(value, i):
    """Row `i` of a batched value."""
    spec = sliced_spec(value._type_spec)
    return flat_decode(spec, iter([EagerTensor(t._value[i]) for t in _encoded(value)]))


def stack(values, spec):
    """The values (of Spec `spec`) as one batch."""
    batched = batched_spec(spec, len(values))
    columns = zip(*[_encoded(v) for v in values])
    return flat_decode(batched, iter([_stack(list(c)) for c in columns]))


def probe(spec, size):
    """A value of `spec`, `size` for its unknown dimensions (a probe element)."""
    return spec._probe_value(size, True)
