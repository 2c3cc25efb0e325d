"""tf.types.experimental: the types of tf.function objects, TraceType, TensorLike."""
from ..framework.function import ConcreteFunction, Function
from ..framework.trace_type import SupportsTracingProtocol, TraceType
from ..framework.types import Callable, TensorLike

GenericFunction = PolymorphicFunction = Function
