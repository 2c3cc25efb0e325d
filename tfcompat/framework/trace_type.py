"""tf.types.experimental.TraceType and the __tf_tracing_type__ protocol: how an object
passed to a tf.function chooses its trace. tf.function keys such an argument by its
TraceType (equality and hash). When its ``to_tensors(value)`` is empty (the default) the
trace sees ``placeholder_value`` as a Python value; otherwise those tensors are passed into
the trace at each call and the trace rebuilds the object with ``from_tensors`` (an
iterator of the traced tensors), as a tf.data iterator passes its handle."""
import abc
import typing


class TraceType(metaclass=abc.ABCMeta):
    """tf.types.experimental.TraceType."""

    @abc.abstractmethod
    def is_subtype_of(self, other):
        """Whether self is a subtype of `other`."""

    @abc.abstractmethod
    def most_specific_common_supertype(self, others):
        """The most specific supertype of self and `others`, or None."""

    @abc.abstractmethod
    def placeholder_value(self, placeholder_context):
        """The value the function is traced with."""

    def to_tensors(self, value):
        return []

    def from_tensors(self, tensors):
        return self.placeholder_value(None)

    def flatten(self):
        return []

    def cast(self, value, cast_context):
        return value

    @abc.abstractmethod
    def __eq__(self, other):
        """Traces are shared between equal trace types."""

    @abc.abstractmethod
    def __hash__(self):
        """Equal trace types hash alike."""


class ExactTraceType(TraceType):
    """A TraceType whose only subtype and common supertype is an equal one (a trace per
    distinct value: the composites whose static parts tfcompat traces as constants)."""

    def is_subtype_of(self, other):
        return self == other

    def most_specific_common_supertype(self, others):
        return self if all(self == o for o in others) else None


@typing.runtime_checkable
class SupportsTracingProtocol(typing.Protocol):
    """tf.types.experimental.SupportsTracingProtocol: objects defining their TraceType."""

    def __tf_tracing_type__(self, context):
        ...


def trace_type_of(value):
    """The TraceType an argument defines for itself, or None."""
    method = getattr(type(value), "__tf_tracing_type__", None)
    return None if method is None else method(value, None)
