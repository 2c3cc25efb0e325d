"""None components of tf.data elements (tf.NoneTensorSpec).

As in TF, an element may hold None beside tensors: ``from_tensor_slices((x, None))``, a
map function returning ``(x, None)``, Keras's data adapters for an input passed as None.
A None component travels through a pipeline as `NONE` (a NoneTensor: no data, no
components), its element_spec leaf is ``NoneTensorSpec()``; slicing, batching, unbatching
and every other transformation keep it, and the user (and a dataset function) sees None.
An element of None components only is TF's error (a dataset op with no outputs)."""
from ..framework import op_def
from ..framework.none_tensor import NoneTensor, NoneTensorSpec

NONE = NoneTensor()


def is_none(value):
    return isinstance(value, NoneTensor)


def is_none_spec(spec):
    return isinstance(spec, NoneTensorSpec)


def check_outputs(flat, op, attr):
    """TF's error for the dataset op `op` (TensorDataset, MapDataset) whose element has
    only None components (`flat`: its flat components or specs): no outputs, under the
    minimum length of its list attr `attr`."""
    if flat and all(is_none(x) or is_none_spec(x) for x in flat):
        raise op_def.attr_value_error(op, attr, [], node_name="")
