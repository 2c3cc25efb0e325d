"""The fields of a tf.experimental.ExtensionType (TF's extension_type_field.py): which type
annotations a field may have, and how a value (or, for a Spec, a TypeSpec) is checked and
converted to its annotation, with TF's errors. Also TF's ImmutableDict (what Mapping
fields hold) and the typing helpers of TF's util/type_annotations.py."""
import collections
import collections.abc
import enum
import typing

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.core_types import CompositeTensor
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape, as_shape
from ..framework.type_spec import TypeSpec

RESERVED_FIELD_NAMES = [
    "self", "Spec", "_type_spec", "_shape_invariant_to_type_spec", "_consumers",
    "value_type", "is_compatible_with", "most_specific_compatible_type",
    "_with_tensor_ranks_only", "_to_components", "_from_components", "_component_specs",
    "_to_tensor_list", "_from_tensor_list", "_from_compatible_tensor_list",
    "_flat_tensor_specs", "_serialize", "_deserialize", "_to_legacy_output_types",
    "_to_legacy_output_shapes", "_to_legacy_output_classes", "_keras_mask"]

_NoneType = type(None)


class ImmutableDict(collections.abc.Mapping):
    """TF's immutable_dict.ImmutableDict: the value of a Mapping field."""

    def __init__(self, *args, **kwargs):
        self._dict = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._dict[key]

    def __contains__(self, key):
        return key in self._dict

    def __iter__(self):
        return iter(self._dict)

    def __len__(self):
        return len(self._dict)

    def __repr__(self):
        return f"ImmutableDict({self._dict})"

    __supported_by_tf_nest__ = True


ImmutableDict.__module__ = "tensorflow.python.framework.immutable_dict"


# -- typing helpers (TF's util/type_annotations.py) --------------------------------------

def is_generic_union(tp):
    return tp is not typing.Union and getattr(tp, "__origin__", None) is typing.Union


def is_generic_tuple(tp):
    return tp not in (tuple, typing.Tuple) and \
        getattr(tp, "__origin__", None) in (tuple, typing.Tuple)


def is_generic_list(tp):
    return tp not in (list, typing.List) and \
        getattr(tp, "__origin__", None) in (list, typing.List)


def is_generic_mapping(tp):
    return tp not in (collections.abc.Mapping, typing.Mapping) and \
        getattr(tp, "__origin__", None) in (collections.abc.Mapping, typing.Mapping)


def is_forward_ref(tp):
    return isinstance(tp, typing.ForwardRef)


get_generic_type_args = typing.get_args


def _issubclass(cls, clsinfo):
    try:
        return issubclass(cls, clsinfo)
    except TypeError:   # (a GenericAlias)
        return False


def is_composite_type(value_type):
    """Whether annotation `value_type` is a composite tensor class (an ExtensionType,
    tf.RaggedTensor, tf.SparseTensor ...)."""
    return isinstance(value_type, type) and (
        _issubclass(value_type, CompositeTensor) or
        isinstance(getattr(value_type, "_type_spec", None), property))


class _Sentinel:
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return self._name


class ExtensionTypeField(collections.namedtuple("ExtensionTypeField",
                                                ["name", "value_type", "default"])):
    """One field of an ExtensionType: its name, annotation and default."""

    NO_DEFAULT = _Sentinel("ExtensionTypeField.NO_DEFAULT")

    def __new__(cls, name, value_type, default=NO_DEFAULT):
        try:
            validate_field_value_type(value_type, allow_forward_references=True)
        except TypeError as e:
            raise TypeError(f"In field {name!r}: {e}") from e
        if default is not cls.NO_DEFAULT:
            default = _convert_value(default, value_type, (f"default value for {name}",),
                                     _Context.DEFAULT)
        return super().__new__(cls, name, value_type, default)

    @staticmethod
    def is_reserved_name(name):
        return name in RESERVED_FIELD_NAMES or name.lower().startswith("_tf_extension_type")


ExtensionTypeField.__module__ = "tensorflow.python.framework.extension_type_field"


def validate_field_value_type(value_type, in_mapping_key=False,
                              allow_forward_references=False):
    """TypeError unless `value_type` is an annotation ExtensionType supports."""
    if isinstance(value_type, str) or is_forward_ref(value_type):
        if allow_forward_references:
            return
        raise TypeError(f"Unresolved forward reference {value_type!r}")
    if value_type in (int, float, str, bytes, bool, None, _NoneType, dtypes.DType):
        return
    if value_type in (Tensor, TensorShape) or is_composite_type(value_type):
        if in_mapping_key:
            raise TypeError(f"Mapping had a key {value_type.__name__!r} with type "
                            f"{type(value_type).__name__!r}")
    elif is_generic_tuple(value_type) or is_generic_union(value_type):
        args = get_generic_type_args(value_type)
        if len(args) == 2 and args[1] is Ellipsis and is_generic_tuple(value_type):
            validate_field_value_type(args[0], in_mapping_key, allow_forward_references)
        else:
            for arg in args:
                validate_field_value_type(arg, in_mapping_key, allow_forward_references)
    elif is_generic_mapping(value_type):
        key_type, item_type = get_generic_type_args(value_type)
        validate_field_value_type(key_type, True, allow_forward_references)
        validate_field_value_type(item_type, in_mapping_key, allow_forward_references)
    elif isinstance(value_type, type):
        raise TypeError(f"Unsupported type annotation {value_type.__name__!r}")
    else:
        raise TypeError(f"Unsupported type annotation {value_type!r}")


class _Context(enum.Enum):
    VALUE = 1     # an ExtensionType's field
    SPEC = 2      # an ExtensionType.Spec's field (TypeSpecs for tensors)
    DEFAULT = 3   # a default value of __init__


def convert_fields(fields, field_values, for_spec=False):
    """Check and convert `field_values` (a dict: field name -> value) in place."""
    context = _Context.SPEC if for_spec else _Context.VALUE
    if len(fields) != len(field_values):
        _report_field_mismatches(fields, field_values)
    converted = {}
    for field in fields:
        if field.name not in field_values:
            _report_field_mismatches(fields, field_values)
        converted[field.name] = _convert_value(field_values[field.name], field.value_type,
                                               (field.name,), context)
    field_values.update(converted)


def _convert_value(value, expected_type, path, context=_Context.VALUE):
    where = "".join(path)
    if expected_type is None:
        expected_type = _NoneType
    if expected_type is Tensor:
        return _convert_tensor(value, where, context)
    if is_composite_type(expected_type):
        return _convert_composite(value, expected_type, where, context)
    if expected_type is TensorShape:
        try:
            return as_shape(value)
        except TypeError as e:
            raise TypeError(f"{where}: expected 'tf.TensorShape', got "
                            f"{type(value).__name__!r}") from e
    if expected_type is dtypes.DType:
        try:
            return dtypes.as_dtype(value)
        except TypeError as e:
            raise TypeError(f"{where}: expected 'tf.DType', got "
                            f"{type(value).__name__!r}") from e
    if expected_type in (int, float, bool, str, bytes, _NoneType):
        if not isinstance(value, expected_type):
            raise TypeError(f"{where}: expected {expected_type.__name__!r}, "
                            f"got {type(value).__name__!r}")
        return value
    if is_generic_tuple(expected_type):
        return _convert_tuple(value, expected_type, path, context)
    if is_generic_mapping(expected_type):
        if not isinstance(value, typing.Mapping):
            raise TypeError(f"{where}: expected mapping, got {type(value).__name__!r}")
        key_type, item_type = get_generic_type_args(expected_type)
        return ImmutableDict([
            (_convert_value(k, key_type, path + ("[<key>]",), context),
             _convert_value(v, item_type, path + (f"[{k!r}]",), context))
            for k, v in value.items()])
    if is_generic_union(expected_type):
        for option in get_generic_type_args(expected_type):
            try:
                return _convert_value(value, option, path, context)
            except TypeError:
                pass
        raise TypeError(f"{where}: expected {expected_type!r}, got {type(value).__name__!r}")
    raise TypeError(f"{where}: Unsupported type annotation {expected_type!r}")


def _convert_tensor(value, where, context):
    if context == _Context.SPEC:
        if not (isinstance(value, TypeSpec) and getattr(value, "value_type", Tensor) is Tensor
                and hasattr(value, "dtype")):
            raise TypeError(f"{where}: expected a TensorSpec, got {type(value).__name__!r}")
        return value
    if not isinstance(value, Tensor):
        if context == _Context.DEFAULT:   # (converted when __init__ takes it)
            return value
        try:
            value = convert_to_tensor(value)
        except (ValueError, TypeError) as e:
            raise TypeError(f"{where}: expected a Tensor, got {type(value).__name__!r}") from e
    return value


def _convert_composite(value, expected_type, where, context):
    if context == _Context.SPEC:
        if not (isinstance(value, TypeSpec) and
                _issubclass(getattr(value, "value_type", None), expected_type)):
            raise TypeError(f"{where}: expected a TypeSpec for {expected_type.__name__!r}, "
                            f"got {type(value).__name__!r}")
        return value
    if not isinstance(value, expected_type):
        raise TypeError(f"{where}: expected {expected_type.__name__!r}, "
                        f"got {type(value).__name__!r}")
    return value


def _convert_tuple(value, expected_type, path, context):
    where = "".join(path)
    if not isinstance(value, typing.Sequence):
        raise TypeError(f"{where}: expected tuple, got {type(value).__name__!r}")
    types = get_generic_type_args(expected_type)
    if len(types) == 2 and types[1] is Ellipsis:
        return tuple(_convert_value(v, types[0], path + (f"[{i}]",), context)
                     for i, v in enumerate(value))
    if len(value) != len(types):
        raise TypeError(f"{where}: expected tuple with length {len(types)}, got "
                        f"{type(value).__name__!r})")
    return tuple(_convert_value(v, t, path + (f"[{i}]",), context)
                 for i, (v, t) in enumerate(zip(value, types)))


def _report_field_mismatches(fields, field_values):
    expected = {f.name for f in fields}
    actual = set(field_values)
    extra = actual - expected
    if extra:
        raise ValueError(f"Got unexpected fields: {extra}")
    missing = expected - actual
    if missing:
        raise ValueError(f"Missing required fields: {missing}")
