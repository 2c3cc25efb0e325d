"""tf.IndexedSlices: the sparse gradient of an axis-0 gather (rows `indices` of a tensor
of shape `dense_shape` take `values`), as GradientTape returns it for tf.gather and
tf.nn.embedding_lookup. TF ops convert it to a dense Tensor (duplicate indices summed);
Python arithmetic on it raises as in TF, except negation."""
import jax
import numpy as np

from .dispatch import Op, execute
from .tensor_shape import TensorShape
from .context import x64_methods


@x64_methods
class IndexedSlices:
    """tf.IndexedSlices(values, indices, dense_shape=None)."""

    __slots__ = ("_values", "_given_values", "_indices", "_dense_shape")

    def __init__(self, values, indices, dense_shape=None):
        from .constant_op import convert_to_tensor
        from .func_graph import GraphTensor

        def convert(x):   # a finished graph's tensors (ConcreteFunction outputs) stay
            return x if isinstance(x, GraphTensor) else convert_to_tensor(x)
        self._values = convert(values)
        self._given_values = values   # as given: TF's Variable.scatter_* convert it then
        self._indices = convert(indices)
        self._dense_shape = None if dense_shape is None else convert(dense_shape)

    values = property(lambda self: self._values)
    indices = property(lambda self: self._indices)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values.dtype)
    device = property(lambda self: self._values.device)

    @property
    def shape(self):
        if self._dense_shape is None:
            return TensorShape([None]).concatenate(self._values.shape[1:])
        return TensorShape([int(d) for d in np.asarray(self._dense_shape._value)])

    # __neg__ negates the values with an op: tfcompat/ops/variable_methods.py installs it.

    # -- how tf.cond and tf.while_loop carry it (ops/control_flow_carry.py) ---------------

    def _carry(self):
        """Its values and indices, and its dense_shape where that is computed in the trace
        (a static one, as a gathered source's gradient has, stays static)."""
        shape = self._dense_shape
        static = shape is None or not isinstance(shape._value, jax.core.Tracer)
        return [self._values, self._indices] + ([] if static else [shape])

    def _from_carry(self, tensors):
        shape = tensors[2] if len(tensors) == 3 else self._dense_shape
        return IndexedSlices(tensors[0], tensors[1], shape)

    def _carry_unknown(self):
        return False

    def _typed_like(self, other):
        return self

    def __str__(self):
        shape = "" if self._dense_shape is None else ", dense_shape=%s" % (self._dense_shape,)
        return "IndexedSlices(indices=%s, values=%s%s)" % (self._indices, self._values, shape)

    def __tf_tensor__(self, dtype=None, name=None):
        """The dense Tensor: unsorted_segment_sum of the values by index (recorded, so
        gradients flow through the conversion); what tf.convert_to_tensor returns."""
        if self._dense_shape is None:
            raise ValueError("Tensor conversion requested for IndexedSlices without "
                             "dense_shape: " + str(self))
        rows = int(np.asarray(self._dense_shape._value)[0])   # (a static shape)
        return execute(_TO_DENSE, (self._values, self._indices), (("rows", rows),))


def _to_dense(values, indices, rows):
    return jax.ops.segment_sum(values, indices, num_segments=rows)


_TO_DENSE = Op("UnsortedSegmentSum", _to_dense)


IndexedSlices.__module__ = "tensorflow.python.framework.indexed_slices"
