"""TF's tensor_util: tf.get_static_value."""
from .tensor import Tensor, symbolic
from .variables import Variable


def is_tf_type(x):
    """TF's tensor_util.is_tf_type (tf.is_tensor): a Tensor, a Variable or a composite
    tensor (IndexedSlices, SparseTensor, RaggedTensor), or an instance of TF's core Tensor
    type (Keras's Variable)."""
    from .core_types import CompositeTensor, TensorBase
    from .indexed_slices import IndexedSlices
    from .sparse_tensor import SparseTensor
    return isinstance(x, (Tensor, Variable, IndexedSlices, SparseTensor, TensorBase,
                          CompositeTensor))


is_tensor = is_tf_type


def get_static_value(tensor, partial=False):
    """tf.get_static_value: a Tensor's value as NumPy when known (eagerly, or a value the
    trace holds), None for a traced value or a Variable; other values as they are."""
    if isinstance(tensor, Variable):
        return None
    if not isinstance(tensor, Tensor):
        return tensor
    if symbolic(tensor._value):
        return None
    return tensor.numpy()
