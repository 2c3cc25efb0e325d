"""tf.types.experimental: the types of tf.function objects, TraceType, TensorLike, and
(tf.types.experimental.distributed) of distributed values."""
from ...framework.lazy_exports import lazy_exports as _lazy_exports
from ...framework.trace_type import SupportsTracingProtocol, TraceType
from ...polymorphic_function.concrete_function import ConcreteFunction
from ...polymorphic_function.polymorphic_function import Function
from ...polymorphic_function.types import Callable, TensorLike

GenericFunction = PolymorphicFunction = Function

__getattr__, __dir__ = _lazy_exports(globals(), submodules=("distributed",))
