"""TF's tensor_util: tf.is_tensor, tf.is_symbolic_tensor, tf.get_static_value."""
from .context import ctx
from .relaxed_shapes import ShapeValue
from .tensor import Tensor, symbolic
from .variables import Variable


def is_tf_type(x):
    """TF's tensor_util.is_tf_type (tf.is_tensor): a Tensor, a Variable or a composite
    tensor (IndexedSlices, SparseTensor, RaggedTensor), or an instance of TF's core Tensor
    type (Keras's Variable)."""
    return isinstance(x, _TF_TYPES or _tf_types())


_TF_TYPES = None   # (the classes is_tf_type accepts, imported at its first call)


def _tf_types():
    global _TF_TYPES
    from .core_types import CompositeTensor, TensorBase
    from .indexed_slices import IndexedSlices
    from .sparse_tensor import SparseTensor
    _TF_TYPES = (Tensor, Variable, IndexedSlices, SparseTensor, TensorBase, CompositeTensor)
    return _TF_TYPES


is_tensor = is_tf_type


def is_symbolic_tensor(tensor):
    """tf.is_symbolic_tensor: a tensor of a graph being built (a tf.function's trace) or
    of a finished FuncGraph; False for eager tensors, Variables and other values."""
    from .func_graph import GraphTensor
    if isinstance(tensor, GraphTensor):
        return True
    if not isinstance(tensor, Tensor):
        return False   # (its constants are concrete arrays that a trace notes)
    return symbolic(tensor._value) or any(t.is_constant(tensor._value) for t in ctx.traces)


def get_static_value(tensor, partial=False):
    """tf.get_static_value: a Tensor's value as NumPy when known (eagerly, or a value the
    trace holds), None for a traced value or a Variable; other values as they are."""
    if isinstance(tensor, Variable):
        return None
    if not isinstance(tensor, Tensor):
        return tensor
    if symbolic(tensor._value):
        return None
    if type(tensor) is ShapeValue:   # (sizes of unknown dimensions; TF's too with `partial`)
        return None
    return tensor.numpy()
