"""The methods of tf.Variable (and tf.IndexedSlices) that compute with ops, installed on
the framework classes here, as overloads.py installs the Tensor operators: the scatters
(their checked new value comes from scatter_ops, stored by ``Variable._write``
atomically), the sparse reads, and the negation of an IndexedSlices.

``framework/`` cannot import ``ops/`` (docs/architecture.md), so these methods do not
exist on the classes until this module is imported; ``tfcompat.ops`` imports it.
"""
from ..framework.constant_op import convert_to_tensor
from ..framework.indexed_slices import IndexedSlices
from ..framework.variables import Variable
from . import array_ops, manip_ops
from .indexing_ops import gather, gather_nd
from .unary_ops import negative
from .scatter_ops import variable_scatter, variable_scatter_nd
from ..framework.context import x64_installed


# -- sliced and scattered writes (the checked new value comes from tfcompat.ops) ---------
def scatter_nd_update(self, indices, updates, name=None):
    """tf.Variable.scatter_nd_update."""
    return self._write(variable_scatter_nd, self, indices, updates, "update")


def scatter_nd_add(self, indices, updates, name=None):
    """tf.Variable.scatter_nd_add."""
    return self._write(variable_scatter_nd, self, indices, updates, "add")


def scatter_nd_sub(self, indices, updates, name=None):
    """tf.Variable.scatter_nd_sub."""
    return self._write(variable_scatter_nd, self, indices, updates, "sub")


def scatter_update(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_update: rows `sparse_delta.indices` set to its `values`."""
    return self._write(variable_scatter, self, sparse_delta, "update")


def scatter_add(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_add."""
    return self._write(variable_scatter, self, sparse_delta, "add")


def scatter_sub(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_sub."""
    return self._write(variable_scatter, self, sparse_delta, "sub")


def scatter_mul(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_mul."""
    return self._write(variable_scatter, self, sparse_delta, "mul")


def scatter_div(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_div (integers divide truncating, as TF; a zero update raises)."""
    return self._write(variable_scatter, self, sparse_delta, "div")


def scatter_min(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_min."""
    return self._write(variable_scatter, self, sparse_delta, "min")


def scatter_max(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.scatter_max."""
    return self._write(variable_scatter, self, sparse_delta, "max")


def batch_scatter_update(self, sparse_delta, use_locking=False, name=None):
    """tf.Variable.batch_scatter_update: scatter_nd_update at the indices of each batch
    (the leading dimensions of `sparse_delta.indices`)."""
    indices = convert_to_tensor(sparse_delta.indices)
    dims = [array_ops.range(d, dtype=indices.dtype) for d in indices.shape.as_list()]
    grids = manip_ops.meshgrid(*dims, indexing="ij")[:-1] if len(dims) > 1 else []
    return self.scatter_nd_update(manip_ops.stack(grids + [indices], axis=-1),
                                  sparse_delta.values)


# -- reads --------------------------------------------------------------------------------
def sparse_read(self, indices, name=None):
    """tf.Variable.sparse_read: the rows `indices` (a gather on axis 0)."""
    return gather(self, indices)


def variable_gather_nd(self, indices, name=None):
    """tf.Variable.gather_nd."""
    return gather_nd(self, indices)


variable_gather_nd.__name__ = "gather_nd"

VARIABLE_METHODS = (
    scatter_nd_update, scatter_nd_add, scatter_nd_sub, scatter_update, scatter_add,
    scatter_sub, scatter_mul, scatter_div, scatter_min, scatter_max, batch_scatter_update,
    sparse_read, variable_gather_nd,
)


def indexed_slices_neg(self):   # -IndexedSlices: the only arithmetic TF allows on it
    return IndexedSlices(negative(self._values), self._indices, self._dense_shape)


indexed_slices_neg.__name__ = "__neg__"


def _install(cls, fn):
    fn.__qualname__ = f"{cls.__name__}.{fn.__name__}"
    setattr(cls, fn.__name__, fn)


for _method in VARIABLE_METHODS:
    _install(Variable, _method)
_install(IndexedSlices, indexed_slices_neg)
x64_installed(Variable)
x64_installed(IndexedSlices)
