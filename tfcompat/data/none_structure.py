"""None components of tf.data elements (tf.NoneTensorSpec).

As in TF, an element may hold None beside tensors: ``from_tensor_slices((x, None))``, a
map function returning ``(x, None)``, Keras's data adapters for an input passed as None.
A None component travels through a pipeline as `NONE` (a NoneTensor: no data, no
components), its element_spec leaf is ``NoneTensorSpec()``; slicing, batching, unbatching
and every other transformation keep it, and the user (and a dataset function) sees None.
An element of None components only is TF's error (a dataset op with no outputs)."""
from ..framework import errors
from ..framework.none_tensor import NoneTensor, NoneTensorSpec

NONE = NoneTensor()


def is_none(value):
    return isinstance(value, NoneTensor)


def is_none_spec(spec):
    return isinstance(spec, NoneTensorSpec)


# TF's OpDefs as its error prints them
_SIGNATURES = {
    "TensorDataset": "signature=components: -> handle:variant; attr=Toutput_types:list(type),"
                     "min=1; attr=output_shapes:list(shape),min=1; attr=metadata:string,"
                     'default=""; is_stateful=true',
    "MapDataset": "signature=input_dataset:variant, other_arguments: -> handle:variant; "
                  "attr=f:func; attr=Targuments:list(type),min=0; attr=output_types:list(type),"
                  "min=1; attr=output_shapes:list(shape),min=1; attr=use_inter_op_parallelism:"
                  "bool,default=true; attr=preserve_cardinality:bool,default=false; "
                  "attr=force_synchronous:bool,default=false; attr=metadata:string,"
                  'default=""',
}


def check_outputs(flat, op, attr):
    """TF's error for the dataset op `op` (TensorDataset, MapDataset) whose element has
    only None components (`flat`: its flat components or specs): no outputs."""
    if flat and all(is_none(x) or is_none_spec(x) for x in flat):
        raise errors.InvalidArgumentError(
            None, None, f"Length for attr '{attr}' of 0 must be at least minimum 1\n\t; "
                        f"NodeDef: {{{{node {op}}}}}; Op<name={op}; {_SIGNATURES[op]}> "
                        f"[Op:{op}] name: ")
