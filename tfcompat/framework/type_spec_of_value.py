"""tf.type_spec_from_value: the TypeSpec of a tensor, a composite tensor or a value that
converts to a tensor.

Differs from TF where tfcompat has no spec class for the value: a tf.Variable
(VariableSpec), a dataset or iterator and a list of composite tensors raise
NotImplementedError naming the case."""
from .constant_op import convert_to_tensor
from .indexed_slices import IndexedSlices
from .indexed_slices_spec import indexed_slices_spec
from .none_tensor import NoneTensorSpec
from .tensor import Tensor
from .tensor_shape import TensorShape
from .tensor_spec import TensorSpec
from .variables import Variable


_SPEC_FUNCTIONS = {}   # class -> its values' spec function (registered by higher layers)


def register_spec_function(cls, spec_function):
    """Makes tf.type_spec_from_value of a ``cls`` instance ``spec_function(value)`` (the
    layers above framework/ register their values' specs: Optional, TensorArray)."""
    _SPEC_FUNCTIONS[cls] = spec_function


def _unsupported(what):
    return NotImplementedError(f"tf.type_spec_from_value of {what} is not supported by "
                               "tfcompat")


def _merged_batch(tensors):
    """TF's batching of a list of tensors' specs: their common shape (a dimension that
    differs unknown, unknown rank when ranks differ) under a dimension of the list's
    length; None when their dtypes differ."""
    dtype = tensors[0].dtype
    if any(t.dtype != dtype for t in tensors):
        return None
    shapes = [t.shape.as_list() for t in tensors]
    if any(len(s) != len(shapes[0]) for s in shapes):
        return TensorSpec(TensorShape(None), dtype)
    dims = [d if all(s[i] == d for s in shapes) else None for i, d in enumerate(shapes[0])]
    return TensorSpec([len(tensors)] + dims, dtype)


def _spec(value):
    """The spec of `value` without converting it; None when it needs converting."""
    if isinstance(value, Tensor):
        return TensorSpec(value.shape, value.dtype)
    if isinstance(value, Variable):
        raise _unsupported("a tf.Variable (tf.VariableSpec)")
    if isinstance(value, IndexedSlices):
        return indexed_slices_spec(value)
    if value is None:
        return NoneTensorSpec()
    if type(value) in _SPEC_FUNCTIONS:
        return _SPEC_FUNCTIONS[type(value)](value)
    if hasattr(value, "_type_spec"):
        return value._type_spec
    if hasattr(value, "element_spec"):
        raise _unsupported(f"a {type(value).__name__} (its DatasetSpec or IteratorSpec)")
    if isinstance(value, list) and value:
        if all(isinstance(v, Tensor) for v in value):
            return _merged_batch(value)
        if hasattr(value[0], "_type_spec"):
            raise _unsupported("a list of composite tensors (a batched spec)")
    return None


def type_spec_from_value(value):
    """tf.type_spec_from_value (see the module docstring)."""
    spec = _spec(value)
    if spec is not None:
        return spec
    try:
        tensor = convert_to_tensor(value)
    except (ValueError, TypeError):
        tensor = None
    if tensor is not None:
        return TensorSpec(tensor.shape, tensor.dtype)
    raise TypeError(f"Could not build a TypeSpec for {value} of unsupported type "
                    f"{type(value)}.")
