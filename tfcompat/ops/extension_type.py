"""tf.experimental.ExtensionType, ExtensionTypeSpec, BatchableExtensionType and
ExtensionTypeBatchEncoder (TF's framework/extension_type.py): user classes whose fields
are declared by type annotations, with a generated constructor, repr, elementwise __eq__,
immutability, __validate__ and a nested `Spec` TypeSpec class.

An ExtensionType is a composite tensor: its Spec has TF's component protocol
(_component_specs, _to_components, _from_components), so tf.nest's expand_composites,
tf.type_spec_from_value and tf.function outputs take it apart; control flow and
tf.function results carry it as its tensors (`_carry`); a tf.function argument is traced
per ExtensionTraceType (its Python fields by value, its tensors by shape and dtype, as
tfcompat traces every tensor argument). Differs from TF: no packed (variant) form, and no
AnonymousExtensionType or SavedModel encoding of a Spec (tf.saved_model.save leaves out
the traces of functions taking ExtensionTypes, with a warning naming them)."""
import abc
import inspect
import typing

from ..framework import nest
from ..framework.core_types import CompositeTensor
from ..framework.func_graph import GraphTensor
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import ExactTraceType, trace_type_of
from ..framework.type_spec import TypeSpec
from ..framework import type_spec_registry
from . import api_dispatch
from .manip_ops import identity
from . import extension_type_field as fields_lib
from .extension_type_field import ExtensionTypeField, ImmutableDict

_IN_CONSTRUCTOR = "_tf_extension_type_in_constructor"
_MUTABLE_KERAS_PROPERTIES = ["_keras_mask"]
_NO_DEFAULT = ExtensionTypeField.NO_DEFAULT
_MODULE = "tensorflow.python.framework.extension_type"


def _create_object_from_type_and_dict(cls, obj_dict):
    """An object of `cls` whose __dict__ is `obj_dict`, bypassing its constructor."""
    value = object.__new__(cls)
    value.__dict__.update(obj_dict)
    return value


def _is_composite(x):
    return isinstance(x, CompositeTensor) or isinstance(
        getattr(type(x), "_type_spec", None), property)


class ExtensionTypeMetaclass(abc.ABCMeta):
    """The metaclass of tf.ExtensionType classes: checks the annotations, builds the
    constructor and the nested Spec class."""

    def __init__(cls, name, bases, namespace):
        if not namespace.get("_tf_extension_type_do_not_transform_this_class", False):
            _check_field_annotations(cls)
            _add_constructor(cls)
            _add_type_spec(cls)
            api_dispatch.inherit(cls)
            identity.composite_overrides.setdefault(cls, _identity)   # (TF's tf.identity)
        super().__init__(name, bases, namespace)


class ExtensionType(metaclass=ExtensionTypeMetaclass):
    """tf.experimental.ExtensionType."""

    _tf_extension_type_do_not_transform_this_class = True

    def __init__(self, *args, **kwargs):
        if type(self) is ExtensionType:
            raise AssertionError("Cannot create an instance of ExtensionType because "
                                 "ExtensionType is an abstract base class.")

    _tf_extension_type_cached_fields = None

    @classmethod
    def _tf_extension_type_fields(cls):
        """The fields (ExtensionTypeField), forward references resolved where possible."""
        if "_tf_extension_type_cached_fields" in cls.__dict__:
            return cls._tf_extension_type_cached_fields
        try:
            type_hints = typing.get_type_hints(cls)
            ok_to_cache = True
        except (NameError, AttributeError):
            type_hints = {}
            for base in reversed(cls.__mro__):
                type_hints.update(base.__dict__.get("__annotations__", {}))
            ok_to_cache = False
        fields = tuple(ExtensionTypeField(name, value_type, getattr(cls, name, _NO_DEFAULT))
                       for name, value_type in type_hints.items())
        if ok_to_cache:
            cls._tf_extension_type_cached_fields = fields
        return fields

    @classmethod
    def _tf_extension_type_has_field(cls, name):
        return any(name == field.name for field in cls._tf_extension_type_fields())

    def _tf_extension_type_convert_fields(self):
        fields_lib.convert_fields(self._tf_extension_type_fields(), self.__dict__)

    def __repr__(self):
        fields = ", ".join(f"{field.name}={getattr(self, field.name)!r}"
                           for field in self._tf_extension_type_fields())
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name, value):
        if name in _MUTABLE_KERAS_PROPERTIES or (
                hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name)):
            self.__dict__[name] = value
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 "constructor of ExtensionType.")

    def __delattr__(self, name):
        if name in _MUTABLE_KERAS_PROPERTIES or (
                hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name)):
            del self.__dict__[name]
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 "constructor of ExtensionType.")

    def __getattr__(self, name):
        if name in _MUTABLE_KERAS_PROPERTIES:
            return object.__getattribute__(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __eq__(self, other):
        """TF's: False for another type or spec, else a scalar bool Tensor: whether every
        tensor has the same shape and elements."""
        if type(self) is not type(other):
            return False
        if self._type_spec != other._type_spec:
            return False
        from .array_ops import shape
        from .comparison_ops import equal
        from .manip_ops import stack
        from .reduction_ops import reduce_all
        from ..framework.constant_op import constant
        mine = nest.flatten(self, expand_composites=True)
        theirs = nest.flatten(other, expand_composites=True)
        if len(mine) != len(theirs):
            return False
        conditions = []
        for t1, t2 in zip(mine, theirs):
            same = t1.shape.rank == t2.shape.rank and t1.shape.is_compatible_with(t2.shape)
            conditions.append(reduce_all(equal(shape(t1), shape(t2))) if same
                              else constant(False))
            conditions.append(reduce_all(equal(t1, t2)) if same else constant(False))
        return reduce_all(stack(conditions))

    def __ne__(self, other):
        eq = self.__eq__(other)
        if isinstance(eq, Tensor):
            from .comparison_ops import logical_not
            return logical_not(eq)
        return not eq

    def __validate__(self):
        """Post-construction validation (overridden by subclasses)."""

    _tf_extension_type_cached_type_spec = None

    @property
    def _type_spec(self):
        if self._tf_extension_type_cached_type_spec is None:
            self.__dict__["_tf_extension_type_cached_type_spec"] = self.Spec.from_value(self)
        return self._tf_extension_type_cached_type_spec

    # -- how tf.function and control flow carry it: its tensors -------------------------

    def __tf_tracing_type__(self, context):
        return ExtensionTraceType(self)

    def _carry(self):
        return [t for x in self._type_spec._to_components(self) for t in _carried(x)]

    def _from_carry(self, tensors):
        it = iter(tensors)
        parts = [x._from_carry([next(it) for _ in x._carry()]) if hasattr(x, "_carry")
                 else next(it) for x in self._type_spec._to_components(self)]
        return self._type_spec._from_components(parts)

    def _carry_unknown(self):
        return False

    def _typed_like(self, other):
        return self


def _identity(input, name=None):
    return nest.map_structure(identity, input, expand_composites=True)


def _carried(x):
    return x._carry() if hasattr(type(x), "_carry_unknown") else [x]


CompositeTensor.register(ExtensionType)


def as_dict(value):
    """tf.experimental.extension_type.as_dict: the fields of `value` (not recursive)."""
    return {field.name: getattr(value, field.name)
            for field in value._tf_extension_type_fields()}


class ExtensionTraceType(ExactTraceType):
    """The TraceType of an ExtensionType argument: its type, Python fields by value, its
    tensors by shape and dtype (passed in), nested composites by their own TraceTypes."""

    def __init__(self, value):
        self._value = value
        self._parts = []   # per component: None (a tensor) or the composite's TraceType
        key = []
        for x in value._type_spec._to_components(value):
            if isinstance(x, Tensor):
                self._parts.append(None)
                key.append((x._value.shape, x.dtype))
            else:
                tt = trace_type_of(x)
                if tt is None:
                    raise NotImplementedError(f"tfcompat: a tf.function argument "
                                              f"{type(value).__name__} holding a "
                                              f"{type(x).__name__}")
                self._parts.append(tt)
                key.append(tt)
        self._key = (type(value), value._type_spec, tuple(key))

    def to_tensors(self, value):
        out = []
        for x, tt in zip(value._type_spec._to_components(value), self._parts):
            out.extend([x] if tt is None else tt.to_tensors(x))
        return out

    def from_tensors(self, tensors):
        from ..framework.strings import StringIds
        from ..framework.tensor import EagerTensor
        from ..framework import dtypes
        parts = []
        for x, tt in zip(self._value._type_spec._to_components(self._value), self._parts):
            if tt is None:
                v = next(tensors)
                parts.append(EagerTensor(StringIds(v) if x.dtype == dtypes.string and
                                         not isinstance(v, StringIds) else v))
            elif tt.to_tensors(x):
                parts.append(tt.from_tensors(tensors))
            else:
                parts.append(tt.placeholder_value(None))
        return self._value._type_spec._from_components(parts)

    def placeholder_value(self, placeholder_context):
        return self._value

    def __eq__(self, other):
        return type(other) is ExtensionTraceType and self._key == other._key

    def __hash__(self):
        return hash(self._key)


# -- the Spec ---------------------------------------------------------------------------

def _hashable(x):
    if isinstance(x, (dict, ImmutableDict)):
        return tuple(sorted((k, _hashable(v)) for k, v in x.items()))
    if isinstance(x, tuple):
        return tuple(_hashable(v) for v in x)
    return x


def _relate(a, b, how):
    """Compare two parts of specs' serializations: ``how`` is "compatible", "subtype"
    (a a subtype of b) or "super" (their most specific common supertype, or _NONE)."""
    if isinstance(a, (dict, ImmutableDict)):
        if not isinstance(b, (dict, ImmutableDict)) or set(a) != set(b):
            return _NONE if how == "super" else False
        parts = {k: _relate(a[k], b[k], how) for k in a}
        if how == "super":
            return _NONE if any(v is _NONE for v in parts.values()) else type(a)(
                (k, parts[k]) for k in a)
        return all(parts.values())
    if isinstance(a, tuple) and not isinstance(a, TensorShape):
        if not isinstance(b, tuple) or len(a) != len(b):
            return _NONE if how == "super" else False
        parts = [_relate(x, y, how) for x, y in zip(a, b)]
        if how == "super":
            return _NONE if any(v is _NONE for v in parts) else tuple(parts)
        return all(parts)
    if isinstance(a, TensorShape) and isinstance(b, TensorShape):
        if how == "compatible":
            return a.is_compatible_with(b)
        if how == "subtype":
            return a.is_subtype_of(b)
        return _common_shape(a, b)
    if isinstance(a, TensorSpec) and isinstance(b, TensorSpec):
        if a.dtype != b.dtype or (how != "compatible" and a.name != b.name):
            return _NONE if how == "super" else False
        if how == "super":
            return TensorSpec(_common_shape(a.shape, b.shape), a.dtype, a.name)
        return _relate(a.shape, b.shape, how)
    if isinstance(a, TypeSpec) and isinstance(b, TypeSpec) and not isinstance(a, TensorSpec):
        if how == "compatible":
            return a.is_compatible_with(b)
        if how == "subtype":
            return a.is_subtype_of(b)
        result = a.most_specific_common_supertype([b])
        return _NONE if result is None else result
    if how == "super":
        return a if type(a) is type(b) and a == b else _NONE
    return type(a) is type(b) and a == b


_NONE = object()


def _common_shape(a, b):
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


class ExtensionTypeSpec(TypeSpec):
    """tf.experimental.ExtensionTypeSpec: the base of every ExtensionType's Spec."""

    def _serialize(self):
        return tuple((f.name, _change_nested_mappings_to(self.__dict__[f.name], dict))
                     for f in self._tf_extension_type_fields())

    @classmethod
    def _deserialize(cls, state):
        state = _change_nested_mappings_to(state, ImmutableDict)
        return _create_object_from_type_and_dict(cls, state)

    def __reduce__(self):
        return _deserialize_for_reduce, (self.value_type, self._serialize())

    def _to_components(self, value):
        value_tuple = tuple(value.__dict__[key] for key in self.__dict__)
        return tuple(x for x in nest.flatten(value_tuple)
                     if isinstance(x, Tensor) or _is_composite(x))

    def _from_components(self, components):
        spec_tuple = tuple(self.__dict__.values())
        it = iter(components)
        flat = [next(it) if isinstance(x, TypeSpec) else x for x in nest.flatten(spec_tuple)]
        if list(it):
            raise ValueError("Cannot build an ExtensionType instance from components because "
                             "more components are provided than the number expected by the "
                             "type spec.")
        value_tuple = nest.pack_sequence_as(spec_tuple, flat)
        return _create_object_from_type_and_dict(
            self.value_type, dict(zip(self.__dict__.keys(), value_tuple)))

    @property
    def _component_specs(self):
        return tuple(x for x in nest.flatten(tuple(self.__dict__.values()))
                     if isinstance(x, TypeSpec))

    @classmethod
    def from_value(cls, value):
        cached = value.__dict__.get("_tf_extension_type_cached_type_spec")
        if cached is not None:
            return cached
        spec_fields = {k: nest.map_structure(_replace_tensor_with_spec, v)
                       for k, v in value.__dict__.items()
                       if k != "_tf_extension_type_cached_type_spec" and
                       k not in _MUTABLE_KERAS_PROPERTIES}
        return _create_object_from_type_and_dict(cls, spec_fields)

    def __setattr__(self, name, value):
        if hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name):
            self.__dict__[name] = value
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 "constructor of ExtensionTypeSpec.")

    def __delattr__(self, name):
        if hasattr(self, _IN_CONSTRUCTOR) and self._tf_extension_type_has_field(name):
            del self.__dict__[name]
        else:
            raise AttributeError(f"Cannot mutate attribute `{name}` outside the custom "
                                 "constructor of ExtensionTypeSpec.")

    def __validate__(self):
        """Post-construction validation (overridden by a user Spec)."""

    @classmethod
    def _tf_extension_type_fields(cls):
        return cls.value_type._tf_extension_type_fields()

    @classmethod
    def _tf_extension_type_has_field(cls, name):
        return any(name == field.name for field in cls._tf_extension_type_fields())

    def _tf_extension_type_convert_fields(self):
        fields_lib.convert_fields(self._tf_extension_type_fields(), self.__dict__,
                                  for_spec=True)

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in self._serialize())
        return f"{type(self).__qualname__}({fields})"

    # -- TF's TypeSpec base: equality and relations by the serialization ----------------

    def __eq__(self, other):
        return type(self) is type(other) and self._serialize() == other._serialize()

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((type(self), _hashable(self._serialize())))

    def is_compatible_with(self, spec_or_value):
        if not isinstance(spec_or_value, TypeSpec):
            from ..framework.type_spec_of_value import type_spec_from_value
            spec_or_value = type_spec_from_value(spec_or_value)
        return type(self) is type(spec_or_value) and _relate(
            self._serialize(), spec_or_value._serialize(), "compatible")

    def is_subtype_of(self, other):
        return type(self) is type(other) and _relate(
            self._serialize(), other._serialize(), "subtype")

    def most_specific_common_supertype(self, others):
        state = self._serialize()
        for other in others:
            if type(other) is not type(self):
                return None
            state = _relate(state, other._serialize(), "super")
            if state is _NONE:
                return None
        return self._deserialize(state)

    def most_specific_compatible_type(self, other):
        result = self.most_specific_common_supertype([other])
        if result is None:
            raise ValueError(f"No TypeSpec is compatible with both {self} and {other}")
        return result

    def _probe_value(self, size, filled):
        """A value of this spec, `size` for unknown dimensions (get_concrete_function)."""
        from ..framework.constant_op import convert_to_tensor
        import numpy as np

        def probe(spec):
            if isinstance(spec, TensorSpec):
                dims = [size] if spec.shape.rank is None else \
                    [size if d is None else d for d in spec.shape.as_list()]
                fill = b"" if spec.dtype.name == "string" else 0
                return convert_to_tensor(np.full(dims, fill, spec.dtype.as_numpy_dtype),
                                         spec.dtype)
            if hasattr(spec, "_probe_value"):
                return spec._probe_value(size, filled)
            raise NotImplementedError(f"tfcompat: tracing a function for a {spec!r}")
        return self._from_components([probe(s) for s in self._component_specs])

    def _to_legacy_output_shapes(self):
        try:
            return self.shape
        except AttributeError as e:
            raise NotImplementedError(
                "It appears that the Spec of the ExtensionType is missing a shape property. "
                "In order to support tf.Data, it is recommended that you implement a shape "
                "property on the Spec.") from e


def _deserialize_for_reduce(value_type, serialization):
    return value_type.Spec._deserialize(serialization)


def _replace_tensor_with_spec(value):
    if isinstance(value, (Tensor, GraphTensor)):   # (a ConcreteFunction's output)
        return TensorSpec(value.shape, value.dtype)
    if hasattr(value, "_type_spec"):
        return value._type_spec
    return value


def _change_nested_mappings_to(value, new_type):
    if isinstance(value, (dict, ImmutableDict)):
        return new_type([(k, _change_nested_mappings_to(v, new_type))
                         for k, v in value.items()])
    if isinstance(value, tuple) and not isinstance(value, TensorShape):
        return tuple(_change_nested_mappings_to(v, new_type) for v in value)
    return value


# -- batching ---------------------------------------------------------------------------

class ExtensionTypeBatchEncoder:
    """tf.experimental.ExtensionTypeBatchEncoder: how a BatchableExtensionType is batched
    and unbatched (by default: every nested tensor, composite and TensorShape field gains
    or loses an outer dimension)."""

    def batch(self, spec, batch_size):
        def batch_field(f):
            if isinstance(f, BatchableExtensionTypeSpec):
                return f.__batch_encoder__.batch(f, batch_size)
            if isinstance(f, TensorSpec):
                return TensorSpec(TensorShape([batch_size]).concatenate(f.shape), f.dtype)
            if isinstance(f, TypeSpec) and hasattr(f, "_batch"):
                return f._batch(batch_size)
            if isinstance(f, TensorShape):
                return TensorShape([batch_size]).concatenate(f)
            return f
        fields = tuple(spec.__dict__.items())
        return _create_object_from_type_and_dict(type(spec),
                                                 nest.map_structure(batch_field, fields))

    def unbatch(self, spec):
        def unbatch_field(f):
            if isinstance(f, BatchableExtensionTypeSpec):
                return f.__batch_encoder__.unbatch(f)
            if isinstance(f, TensorSpec):
                return TensorSpec(f.shape[1:], f.dtype)
            if isinstance(f, TypeSpec) and hasattr(f, "_unbatch"):
                return f._unbatch()
            if isinstance(f, TensorShape):
                return f[1:]
            return f
        fields = tuple(spec.__dict__.items())
        return _create_object_from_type_and_dict(type(spec),
                                                 nest.map_structure(unbatch_field, fields))

    def encode(self, spec, value, minimum_rank=0):
        return spec._to_components(value)

    def decode(self, spec, encoded_value):
        return spec._from_components(encoded_value)

    def encoding_specs(self, spec):
        return spec._component_specs


class BatchableExtensionTypeSpec(ExtensionTypeSpec):
    """The base of a BatchableExtensionType's Spec."""

    __batch_encoder__ = ExtensionTypeBatchEncoder()

    def _batch(self, batch_size):
        return self.__batch_encoder__.batch(self, batch_size)

    def _unbatch(self):
        return self.__batch_encoder__.unbatch(self)


class BatchableExtensionType(ExtensionType):
    """tf.experimental.BatchableExtensionType: an ExtensionType that tf.data and
    tf.map_fn can batch and unbatch."""

    _tf_extension_type_do_not_transform_this_class = True


for _cls in (ExtensionTypeMetaclass, ExtensionType, ExtensionTypeSpec,
             ExtensionTypeBatchEncoder, BatchableExtensionTypeSpec, BatchableExtensionType):
    _cls.__module__ = _MODULE


# -- building a class -------------------------------------------------------------------

def _check_field_annotations(cls):
    annotations = getattr(cls, "__annotations__", {})
    for name, value in cls.__dict__.items():
        if name == "Spec":
            if not isinstance(value, type):
                raise ValueError(f"{cls.__qualname__}.Spec must be a nested class; "
                                 f"got {value}.")
            if value.__bases__ not in ((TypeSpec,), (object,)):
                raise ValueError(f"{cls.__qualname__}.Spec must be directly subclassed "
                                 "from tf.TypeSpec.")
        elif ExtensionTypeField.is_reserved_name(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. "
                             f"Field '{name}' is reserved.")
    for name in annotations:
        if ExtensionTypeField.is_reserved_name(name):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. "
                             f"Field '{name}' is reserved.")
    for key, value in cls.__dict__.items():
        if not (key in annotations or callable(value) or key.startswith("_abc_") or
                key == "_tf_extension_type_fields" or
                key.startswith("__") and key.endswith("__") or
                isinstance(value, (property, classmethod, staticmethod))):
            raise ValueError(f"The field annotations for {cls.__name__} are invalid. "
                             f"Field {key} is missing a type annotation.")


def _add_constructor(cls):
    if "__init__" in cls.__dict__:
        _wrap_user_constructor(cls)
    else:
        _build_constructor(cls, spec=False)


def _wrap_user_constructor(cls):
    user_constructor = cls.__init__

    def wrapped_init(self, *args, **kwargs):
        self.__dict__[_IN_CONSTRUCTOR] = True
        user_constructor(self, *args, **kwargs)
        del self.__dict__[_IN_CONSTRUCTOR]
        self._tf_extension_type_convert_fields()
        self.__validate__()

    for attr in ("__name__", "__qualname__", "__doc__", "__module__"):
        setattr(wrapped_init, attr, getattr(user_constructor, attr))
    wrapped_init.__wrapped__ = user_constructor
    cls.__init__ = wrapped_init


def _build_constructor(cls, spec):
    """The generated __init__ of an ExtensionType (`spec` False: fields after the first
    with a default and without one are keyword-only) or of its Spec (all positional)."""
    fields = cls._tf_extension_type_fields()
    P = inspect.Parameter
    keyword_only_start, got_default = len(fields), False
    for i, field in enumerate(fields):
        if got_default and field.default is _NO_DEFAULT:
            keyword_only_start = i
            break
        got_default = got_default or field.default is not _NO_DEFAULT
    kinds = [P.POSITIONAL_OR_KEYWORD if spec or i < keyword_only_start else P.KEYWORD_ONLY
             for i in range(len(fields))]
    params = [P(f.name, kind) if spec else P(
        f.name, kind, default=P.empty if f.default is _NO_DEFAULT else f.default,
        annotation=f.value_type) for f, kind in zip(fields, kinds)]
    signature = inspect.Signature(params, return_annotation=cls.__name__)

    def __init__(self, *args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        self.__dict__.update(bound.arguments)
        self._tf_extension_type_convert_fields()
        self.__validate__()

    __init__.__signature__ = inspect.Signature(
        [P("self", P.POSITIONAL_OR_KEYWORD)] + params, return_annotation=cls)
    cls.__init__ = __init__


def _add_type_spec(cls):
    spec_name = cls.__name__ + ".Spec"
    spec_qualname = cls.__qualname__ + ".Spec"
    spec_dict = {"value_type": cls, "__module__": cls.__module__}
    user_spec = cls.__dict__.get("Spec", None)
    if user_spec is not None:
        for name, value in user_spec.__dict__.items():
            if ExtensionTypeField.is_reserved_name(name):
                raise ValueError(f"TypeSpec {spec_qualname} uses reserved name '{name}'.")
            if cls._tf_extension_type_has_field(name):
                raise ValueError(f"TypeSpec {spec_qualname} defines a variable '{name}' which "
                                 f"shadows a field in {cls.__qualname__}")
            if name in ("__module__", "__dict__", "__weakref__"):
                continue
            spec_dict[name] = value
    if issubclass(cls, BatchableExtensionType):
        base = BatchableExtensionTypeSpec
        if hasattr(cls, "__batch_encoder__") and "__batch_encoder__" not in spec_dict:
            spec_dict["__batch_encoder__"] = cls.__batch_encoder__
    else:
        base = ExtensionTypeSpec
        if hasattr(cls, "__batch_encoder__") or "__batch_encoder__" in spec_dict:
            raise ValueError("__batch_encoder__ should only be defined for "
                             "BatchableExtensionType classes.")
    spec = type(spec_name, (base,), spec_dict)
    spec.__qualname__ = spec_qualname
    cls.Spec = spec
    if "__init__" in spec.__dict__:
        _wrap_user_constructor(spec)
    else:
        _build_constructor(spec, spec=True)
    if "__name__" in cls.__dict__:
        type_spec_registry.register(cls.__dict__["__name__"] + ".Spec")(spec)
