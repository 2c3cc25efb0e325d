"""tf.types.experimental: the types of tf.function objects, TraceType, TensorLike."""
from ..framework.function import ConcreteFunction, Function  # noqa: F401
from ..framework.trace_type import SupportsTracingProtocol, TraceType  # noqa: F401
from ..framework.types import Callable, TensorLike  # noqa: F401

GenericFunction = PolymorphicFunction = Function
