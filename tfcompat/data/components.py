"""The component tensors of a tf.data element, as TF's TypeSpecs list them: a dense
component is itself; a tf.RaggedTensor is its flat values and row splits, a
tf.SparseTensor its indices, values and dense_shape (``_component_specs``,
``_to_components``, ``_from_components``). An iterator read inside a tf.function moves
these arrays between the host and the traced program (iterator_ops.staged_pull).

The partition of a composite (ragged row splits; sparse indices and dense_shape) is
static in a trace, as tfcompat's ragged and sparse ops need it (XLA compiles static
shapes; a tf.RaggedTensor or tf.SparseTensor argument is keyed by it too): a trace
reading such elements is keyed by the partition of the element it reads first, and
those components are constants of it (`Static`), where TF's trace has them unknown.

A dataset component (DatasetSpec: a window) is one component that never enters the
traced program (`DatasetSlot`): a read hands the pulled dataset to the host, and the
trace sees a dataset reading that one when the function runs (iterator_ops)."""
import numpy as np

from ..framework import nest
from ..framework.constant_op import constant
from ..framework.context import ctx
from ..framework.sparse_tensor_spec import SparseTensorSpec
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_spec import TensorSpec
from ..ops.ragged_tensor_spec import RaggedTensorSpec
from . import structure
from .dataset_spec import DatasetSpec
from .none_structure import is_none_spec


class DatasetSlot:
    """The layout entry of a dataset component: the trace reads it on the host."""

    def __eq__(self, other):
        return isinstance(other, DatasetSlot)

    def __hash__(self):
        return hash(DatasetSlot)

    def __repr__(self):
        return "DatasetSlot()"


class Static:
    """A component whose value (not only its shape) a trace is keyed by."""

    def __init__(self, array):
        self.array = np.asarray(array)
        self._key = (self.array.dtype.str, self.array.shape, self.array.tobytes())

    def matches(self, array):
        array = np.asarray(array)
        return (array.dtype.str, array.shape, array.tobytes()) == self._key

    def __eq__(self, other):
        return isinstance(other, Static) and other._key == self._key

    def __hash__(self):
        return hash(self._key)

    def __repr__(self):
        return f"Static({self.array.tolist()})"


def _leaf_specs(spec):
    """The component TensorSpecs of one leaf of an element_spec."""
    if isinstance(spec, (TensorSpec, DatasetSpec)):
        return [spec]
    if not hasattr(spec, "_component_specs"):
        raise TypeError(f"tfcompat cannot read elements of {spec!r} from an iterator inside "
                        f"tf.function (iterate the dataset outside tf.function).")
    return list(spec._component_specs)


def is_dense(element_spec):
    """Whether every component of `element_spec` is a dense tensor (its own component)."""
    return all(isinstance(s, TensorSpec) for s in structure.flat_specs(element_spec))


def component_specs(element_spec):
    """The flat component TensorSpecs of `element_spec` (unknown dimensions stay None)."""
    return [c for s in structure.flat_specs(element_spec) for c in _leaf_specs(s)]


def _static_mask(spec):
    """Which components of one leaf are static in a trace (see the module docstring)."""
    if isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0:
        return [False] + [True] * spec.ragged_rank
    if isinstance(spec, SparseTensorSpec):
        return [True, False, True]
    return [False] * len(_leaf_specs(spec))


def _empty(spec):
    """The component arrays of an empty value of one leaf (what a trace past the end
    reads: zero sizes where the shape is unknown)."""
    if isinstance(spec, DatasetSpec):
        return [None]
    specs = _leaf_specs(spec)
    zeros = [np.zeros([0 if d is None else d for d in s.shape.as_list()], s.dtype._np or object)
             for s in specs]
    if isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0:
        zeros[1:] = [np.zeros(1, s.dtype._np) for s in specs[1:]]
    if isinstance(spec, SparseTensorSpec) and spec.shape.rank is not None:
        zeros[2] = np.asarray([d or 0 for d in spec.shape.as_list()], np.int64)
    return zeros


def layout(element_spec, flat):
    """What a trace reading the element `flat` (None: past the end) is keyed by: for each
    component, its shape, or `Static` of its value."""
    leaves = structure.flat_specs(element_spec)
    arrays = [a for s in leaves for a in _empty(s)] if flat is None else \
        split(element_spec, flat)
    mask = [m for s in leaves for m in _static_mask(s)]
    slots = [isinstance(c, DatasetSpec) for s in leaves for c in _leaf_specs(s)]
    return tuple(DatasetSlot() if d else Static(a) if m else tuple(np.shape(a))
                 for a, m, d in zip(arrays, mask, slots))


def with_statics(entries, traced):
    """The component values of a traced read: `traced` (the pulled ones) in order, with
    the `Static` entries of its layout as constants (None for a `DatasetSlot`)."""
    it = iter(traced)
    return [constant(e.array)._value if isinstance(e, Static) else
            None if isinstance(e, DatasetSlot) else next(it) for e in entries]


def split(element_spec, flat):
    """The flat arrays of a pipeline element (ragged and sparse components as eager
    composites) as the arrays of its components."""
    out = []
    for spec, x in zip(structure.flat_specs(element_spec), flat):
        if isinstance(spec, (TensorSpec, DatasetSpec)):
            out.append(x)
        else:
            out.extend(t._value if isinstance(t, Tensor) else t
                       for t in spec._to_components(x))
    return out


def join(element_spec, arrays):
    """The element a traced read gives: the nested structure of Tensors (ragged and sparse
    components rebuilt from theirs; a dataset component as it is). Dense components print
    the element_spec's shape, as TF's traced ones do (their unknown dimensions as None)."""
    it = iter(arrays)
    leaves = []
    for spec in structure.flat_specs(element_spec):
        if isinstance(spec, DatasetSpec):
            leaves.append(next(it))
            continue
        if is_none_spec(spec):   # (no components: the user sees None)
            leaves.append(None)
            continue
        tensors = [EagerTensor(next(it)) for _ in _leaf_specs(spec)]
        if isinstance(spec, TensorSpec):
            if ctx.traces and not spec.shape.is_fully_defined():
                ctx.traces[-1].shapes[id(tensors[0]._value)] = spec.shape
            leaves.append(tensors[0])
        else:
            leaves.append(spec._from_components(tensors))
    return nest.pack_sequence_as(element_spec, leaves)
