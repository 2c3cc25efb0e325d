"""tf.types.experimental: the types of tf.function objects, TraceType, TensorLike."""
from ..framework.trace_type import SupportsTracingProtocol, TraceType
from ..polymorphic_function.concrete_function import ConcreteFunction
from ..polymorphic_function.polymorphic_function import Function
from ..polymorphic_function.types import Callable, TensorLike

GenericFunction = PolymorphicFunction = Function
