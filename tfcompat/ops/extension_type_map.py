"""tf.map_fn over tf.experimental.BatchableExtensionType elems or results (TF's batch
encoding): each ExtensionType is encoded by its Spec's __batch_encoder__ as tensors (nested
ExtensionTypes recursively), the tensors are mapped as tf.map_fn maps dense elems, and the
results are decoded with the batched (or, for fn's argument, unbatched) Spec. By default fn
must return values of the elements' specs, as TF's default fn_output_signature."""
from ..framework import nest
from ..framework.tensor_spec import TensorSpec
from ..framework.type_spec_of_value import type_spec_from_value
from .extension_type import ExtensionType, ExtensionTypeSpec


def involves(elems, signature):
    """Whether tf.map_fn's `elems` or `signature` hold ExtensionTypes."""
    return any(isinstance(x, ExtensionType) for x in nest.flatten(elems)) or any(
        isinstance(s, ExtensionTypeSpec) for s in nest.flatten(signature))


def flat_encode(value, minimum_rank):
    """The batchable ExtensionType `value` as the flat list of tensors its batch encoder
    encodes it to (nested ExtensionTypes encoded in turn)."""
    spec = value._type_spec
    encoded = spec.__batch_encoder__.encode(spec, value, minimum_rank)
    return [t for part in nest.flatten(encoded) for t in (
        flat_encode(part, minimum_rank) if isinstance(part, ExtensionType) else [part])]


def flat_decode(spec, tensors):
    """The value of `spec` decoded from the iterator `tensors` (flat_encode's inverse)."""
    specs = spec.__batch_encoder__.encoding_specs(spec)
    parts = [flat_decode(s, tensors) if isinstance(s, ExtensionTypeSpec) else next(tensors)
             for s in nest.flatten(specs)]
    return spec.__batch_encoder__.decode(spec, nest.pack_sequence_as(specs, parts))


def _element_spec(x):
    if isinstance(x, ExtensionType):
        return x._type_spec._unbatch()   # (TF's AttributeError for a non-batchable one)
    return TensorSpec(x.shape[1:], x.dtype) if hasattr(x, "dtype") else x


def _check(signature, elems, out):
    """TF's checks of fn's output: its structure (as the signature's, or the elems'), then
    each leaf whose signature is a composite's spec."""
    nest.assert_same_structure(elems if signature is None else signature, out)
    if signature is None:
        signature = nest.pack_sequence_as(elems, [_element_spec(x) for x in nest.flatten(elems)])
    for spec, value in zip(nest.flatten(signature), nest.flatten(out)):
        if isinstance(spec, ExtensionTypeSpec) and not spec.is_compatible_with(value):
            raise ValueError(f"Error in map_fn:\n  Expected `fn` to return a:\n    {spec}\n"
                             f"  But it returned a:\n    {type_spec_from_value(value)}\n"
                             f"    (value={value!s})\n  To fix, update the "
                             "`fn_output_signature` (or `dtype`) argument to `map_fn`.")


def map_fn(fn, elems, signature, dense_map_fn):
    """tf.map_fn with ExtensionTypes in `elems` or `signature`; `dense_map_fn(fn, flat)`
    maps a list of Tensors."""
    leaves = nest.flatten(elems)
    in_specs = [_element_spec(x) if isinstance(x, ExtensionType) else None for x in leaves]
    flat_in = [t for x in leaves
               for t in (flat_encode(x, 1) if isinstance(x, ExtensionType) else [x])]
    out_specs = []

    def inner(flat):
        it = iter(flat)
        element = nest.pack_sequence_as(elems, [
            flat_decode(s, it) if s is not None else next(it) for s in in_specs])
        out = fn(element)
        _check(signature, elems, out)
        out_leaves = nest.flatten(out)
        out_specs[:] = [out, [o._type_spec if isinstance(o, ExtensionType) else None
                              for o in out_leaves]]
        return [t for o in out_leaves
                for t in (flat_encode(o, 0) if isinstance(o, ExtensionType) else [o])]
    stacked = iter(dense_map_fn(inner, flat_in))
    template, specs = out_specs
    n = flat_in[0].shape[0]
    return nest.pack_sequence_as(template, [
        flat_decode(s._batch(n), stacked) if s is not None else next(stacked)
        for s in specs])
