"""TF's nested_structure_coder (tensorflow.python.saved_model.nested_structure_coder):
Python structures of specs as tensorflow.StructuredValue protos (struct.proto, its
messages built here as tensor_proto.py builds TF's), as tf.data's Dataset.save writes an
element_spec to dataset_spec.pb and Dataset.load reads it back.

Encodes None, bool, int, float, str, TensorShape, DType, TensorSpec, lists, tuples,
dicts, namedtuples (decoded as a new namedtuple class of the same name and fields) and
registered TypeSpecs (_serialize / _deserialize; TF's built-in ones under their
TypeSpecProto class, the others as REGISTERED_TYPE_SPEC with TF's UserWarning). Anything
else raises NotEncodableError, as TF's."""
import collections
import warnings

from . import dtypes, nest, proto_schema, type_spec_registry
from . import tensor_proto  # noqa: F401 (puts struct.proto's dependencies in the pool)
from .proto_schema import F, field, message, proto_file
from .tensor_shape import TensorShape
from .tensor_spec import TensorSpec

_ROOT = "tensorflow/core/framework/"
# TypeSpecProto.TypeSpecClass of TF's built-in TypeSpecs, by their registered names.
_BUILT_IN = {"tf.SparseTensorSpec": 1, "tf.RaggedTensorSpec": 3, "tf.TensorArraySpec": 4,
             "tf.data.DatasetSpec": 5, "tf.data.IteratorSpec": 6}
_REGISTERED_TYPE_SPEC = 12


def _struct_file():
    """tensorflow/core/protobuf/struct.proto, as a FileDescriptorProto."""
    out = proto_file("tensorflow/core/protobuf/struct.proto",
                     [_ROOT + "tensor.proto", _ROOT + "tensor_shape.proto",
                      _ROOT + "types.proto"])
    sv = "tensorflow.StructuredValue"
    message(out, "StructuredValue", [
        field(name, number, kind, type_name, oneof=0) for name, number, kind, type_name in (
            ("none_value", 1, F.TYPE_MESSAGE, "tensorflow.NoneValue"),
            ("float64_value", 11, F.TYPE_DOUBLE, None),
            ("int64_value", 12, F.TYPE_SINT64, None),
            ("string_value", 13, F.TYPE_STRING, None),
            ("bool_value", 14, F.TYPE_BOOL, None),
            ("tensor_shape_value", 31, F.TYPE_MESSAGE, "tensorflow.TensorShapeProto"),
            ("tensor_dtype_value", 32, F.TYPE_ENUM, "tensorflow.DataType"),
            ("tensor_spec_value", 33, F.TYPE_MESSAGE, "tensorflow.TensorSpecProto"),
            ("type_spec_value", 34, F.TYPE_MESSAGE, "tensorflow.TypeSpecProto"),
            ("bounded_tensor_spec_value", 35, F.TYPE_MESSAGE,
             "tensorflow.BoundedTensorSpecProto"),
            ("list_value", 51, F.TYPE_MESSAGE, "tensorflow.ListValue"),
            ("tuple_value", 52, F.TYPE_MESSAGE, "tensorflow.TupleValue"),
            ("dict_value", 53, F.TYPE_MESSAGE, "tensorflow.DictValue"),
            ("named_tuple_value", 54, F.TYPE_MESSAGE, "tensorflow.NamedTupleValue"),
            ("tensor_value", 55, F.TYPE_MESSAGE, "tensorflow.TensorProto"),
            ("numpy_value", 56, F.TYPE_MESSAGE, "tensorflow.TensorProto"))], ["kind"])
    message(out, "NoneValue", [])
    for name in ("ListValue", "TupleValue"):
        message(out, name, [field("values", 1, F.TYPE_MESSAGE, sv, True)])
    entry = message(message(out, "DictValue", [
        field("fields", 1, F.TYPE_MESSAGE, "tensorflow.DictValue.FieldsEntry", True)]),
        "FieldsEntry", [field("key", 1, F.TYPE_STRING), field("value", 2, F.TYPE_MESSAGE, sv)])
    entry.options.map_entry = True
    message(out, "PairValue", [field("key", 1, F.TYPE_STRING),
                               field("value", 2, F.TYPE_MESSAGE, sv)])
    message(out, "NamedTupleValue", [
        field("name", 1, F.TYPE_STRING),
        field("values", 2, F.TYPE_MESSAGE, "tensorflow.PairValue", True)])
    spec = [field("name", 1, F.TYPE_STRING),
            field("shape", 2, F.TYPE_MESSAGE, "tensorflow.TensorShapeProto"),
            field("dtype", 3, F.TYPE_ENUM, "tensorflow.DataType")]
    message(out, "TensorSpecProto", spec)
    message(out, "BoundedTensorSpecProto", spec + [
        field("minimum", 4, F.TYPE_MESSAGE, "tensorflow.TensorProto"),
        field("maximum", 5, F.TYPE_MESSAGE, "tensorflow.TensorProto")])
    message(out, "TypeSpecProto", [
        field("type_spec_class", 1, F.TYPE_INT32),
        field("type_state", 2, F.TYPE_MESSAGE, sv),
        field("type_spec_class_name", 3, F.TYPE_STRING),
        field("num_flat_components", 4, F.TYPE_INT32)])
    return out


proto_schema.add(_struct_file())
StructuredValue = proto_schema.message_class("tensorflow.StructuredValue")


class NotEncodableError(Exception):
    """TF's NotEncodableError: no encoder (or decoder) for a value."""


def _shape_proto(shape, out):
    if shape.rank is None:
        out.unknown_rank = True
    for d in shape.as_list() if shape.rank is not None else ():
        out.dim.add(size=-1 if d is None else d)


def _shape_of(proto):
    return TensorShape(None if proto.unknown_rank else
                       [None if d.size == -1 else d.size for d in proto.dim])


def _is_named_tuple(x):
    return isinstance(x, tuple) and isinstance(getattr(x, "_fields", None), tuple) and \
        all(isinstance(f, str) for f in x._fields)


def encode_structure(value):
    """tf.__internal__.saved_model.encode_structure: `value` as a StructuredValue."""
    out = StructuredValue()
    if value is None:
        out.none_value.SetInParent()
    elif isinstance(value, bool):
        out.bool_value = value
    elif isinstance(value, int):
        out.int64_value = value
    elif isinstance(value, float):
        out.float64_value = value
    elif isinstance(value, str):
        out.string_value = value
    elif isinstance(value, TensorShape):
        out.tensor_shape_value.SetInParent()
        _shape_proto(value, out.tensor_shape_value)
    elif isinstance(value, dtypes.DType):
        out.tensor_dtype_value = value.as_datatype_enum
    elif type(value) is TensorSpec:
        out.tensor_spec_value.dtype = value.dtype.as_datatype_enum
        out.tensor_spec_value.shape.SetInParent()
        _shape_proto(value.shape, out.tensor_spec_value.shape)
        if value.name:
            out.tensor_spec_value.name = value.name
    elif isinstance(value, list):
        out.list_value.SetInParent()
        out.list_value.values.extend(encode_structure(v) for v in value)
    elif _is_named_tuple(value):
        out.named_tuple_value.name = type(value).__name__
        for key, v in zip(value._fields, value):
            out.named_tuple_value.values.add(key=key).value.CopyFrom(encode_structure(v))
    elif isinstance(value, tuple):
        out.tuple_value.SetInParent()
        out.tuple_value.values.extend(encode_structure(v) for v in value)
    elif isinstance(value, collections.abc.Mapping):
        out.dict_value.SetInParent()
        for key, v in value.items():
            out.dict_value.fields[key].CopyFrom(encode_structure(v))
    else:
        _encode_type_spec(value, out)
    return out


def _encode_type_spec(value, out):
    try:
        name = type_spec_registry.get_name(type(value))
    except (TypeError, ValueError):
        raise NotEncodableError(
            f"No encoder for object {value} of type {type(value)}.") from None
    proto = out.type_spec_value
    if name in _BUILT_IN:
        proto.type_spec_class, proto.type_spec_class_name = _BUILT_IN[name], type(value).__name__
    else:
        warnings.warn(f"Encoding a StructuredValue with type {name}; loading this "
                      f"StructuredValue will require that this type be imported and "
                      f"registered.", UserWarning, stacklevel=4)
        proto.type_spec_class, proto.type_spec_class_name = _REGISTERED_TYPE_SPEC, name
    proto.type_state.CopyFrom(encode_structure(value._serialize()))
    components = getattr(value, "_component_specs", None)   # (a DatasetSpec has none here)
    if components is not None:
        proto.num_flat_components = len(nest.flatten(components, expand_composites=True))


def decode_proto(proto):
    """tf.__internal__.saved_model.decode_proto: the structure a StructuredValue holds."""
    kind = proto.WhichOneof("kind")
    if kind == "none_value":
        return None
    if kind in ("bool_value", "int64_value", "float64_value", "string_value"):
        return getattr(proto, kind)
    if kind == "tensor_shape_value":
        return _shape_of(proto.tensor_shape_value)
    if kind == "tensor_dtype_value":
        return dtypes.as_dtype(proto.tensor_dtype_value)
    if kind == "tensor_spec_value":
        spec = proto.tensor_spec_value
        return TensorSpec(_shape_of(spec.shape), dtypes.as_dtype(spec.dtype),
                          spec.name or None)
    if kind == "list_value":
        return [decode_proto(v) for v in proto.list_value.values]
    if kind == "tuple_value":
        return tuple(decode_proto(v) for v in proto.tuple_value.values)
    if kind == "dict_value":
        return {key: decode_proto(v) for key, v in proto.dict_value.fields.items()}
    if kind == "named_tuple_value":
        pairs = proto.named_tuple_value.values
        cls = collections.namedtuple(proto.named_tuple_value.name, [p.key for p in pairs])
        return cls(*(decode_proto(p.value) for p in pairs))
    if kind == "type_spec_value":
        return _decode_type_spec(proto.type_spec_value)
    raise NotEncodableError(f"No decoder for proto {proto}")


def _decode_type_spec(proto):
    name = proto.type_spec_class_name
    if proto.type_spec_class == _REGISTERED_TYPE_SPEC:
        try:
            cls = type_spec_registry.lookup(name)
        except ValueError as e:
            raise ValueError(f"The type '{name}' has not been registered.  It must be "
                             f"registered before you load this object (typically by "
                             f"importing its module).") from e
    else:
        names = {number: key for key, number in _BUILT_IN.items()}
        if proto.type_spec_class not in names:
            raise ValueError(f"The type '{name}' is not supported by this version of "
                             f"TensorFlow. (The object you are loading must have been "
                             f"created with a newer version of TensorFlow.)")
        cls = type_spec_registry.lookup(names[proto.type_spec_class])
    return cls._deserialize(decode_proto(proto.type_state))
