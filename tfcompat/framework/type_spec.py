"""tf.TypeSpec: the abstract type of value specifications (TensorSpec is one)."""
import abc


class TypeSpec(metaclass=abc.ABCMeta):  # noqa: B024 (TF's abstract base, registered into)
    """tf.TypeSpec: the base of TensorSpec and the other specs of values."""


TypeSpec.__module__ = "tensorflow.python.framework.type_spec"


def _cmp_key(x):
    """A hashable key of a spec's serialization (dicts as sorted item tuples)."""
    if isinstance(x, dict):
        return tuple((k, _cmp_key(x[k])) for k in sorted(x))
    if isinstance(x, (list, tuple)):
        return tuple(_cmp_key(v) for v in x)
    return x


def _related(a, b, method):
    """Whether serializations ``a`` and ``b`` match leaf by leaf, shapes and specs by their
    ``method`` (is_compatible_with, is_subtype_of), other values by equality (TF's
    TypeSpec.__is_compatible and is_subtype_of)."""
    if hasattr(a, method) and not isinstance(a, type):
        return type(a) is type(b) and getattr(a, method)(b)
    if isinstance(a, (list, tuple, dict)):
        if type(a) is not type(b) or len(a) != len(b):
            return False
        if isinstance(a, dict):
            return a.keys() == b.keys() and all(_related(a[k], b[k], method) for k in a)
        return all(_related(x, y, method) for x, y in zip(a, b))
    return a == b


class SerializedTypeSpec(TypeSpec):
    """A TypeSpec compared, hashed, printed and checked for compatibility through its
    ``_serialize()``, as TF's TypeSpec base class does by default."""

    __slots__ = ()

    @classmethod
    def _deserialize(cls, serialization):
        return cls(*serialization)

    def is_compatible_with(self, spec_or_value):
        if not isinstance(spec_or_value, TypeSpec):
            from .type_spec_of_value import type_spec_from_value
            spec_or_value = type_spec_from_value(spec_or_value)
        return type(self) is type(spec_or_value) and _related(
            self._serialize(), spec_or_value._serialize(), "is_compatible_with")

    def is_subtype_of(self, other):
        return type(self) is type(other) and _related(
            self._serialize(), other._serialize(), "is_subtype_of")

    def __eq__(self, other):
        return type(other) is type(self) and _cmp_key(self._serialize()) == _cmp_key(
            other._serialize())

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(_cmp_key(self._serialize()))

    def __repr__(self):
        return f"{type(self).__name__}{self._serialize()!r}"
