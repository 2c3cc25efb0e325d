"""tfcompat: TensorFlow 2's API on JAX. Use it as ``import tfcompat as tf``.

This module only re-exports; the machinery is in ``tfcompat.framework`` and the ops in
``tfcompat.ops``.
"""
from . import (  # noqa: F401
    autodiff, autograph, bitwise, config, data, debugging, dtypes, errors, experimental, image,
    io, keras, linalg, math, nest, nn, profiler, random, saved_model, strings, summary, train,
    types,
)
from .framework.backprop import (  # noqa: F401
    GradientTape, UnconnectedGradients, gradients, hessians,
)
from .framework.config import device  # noqa: F401
from .framework.constant_op import constant, convert_to_tensor  # noqa: F401
from .framework.custom_gradient import (  # noqa: F401
    custom_gradient, grad_pass_through, recompute_grad,
)
from .framework.dtypes import (  # noqa: F401
    DType, as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32,
    float64, half, int8, int16, int32, int64, resource, string, uint8, uint16, uint32,
    uint64, variant,
)
from .framework.function import (  # noqa: F401
    TensorSpec, executing_eagerly, function, init_scope,
)
from .framework.indexed_slices import IndexedSlices  # noqa: F401
from .framework.module import Module, name_scope  # noqa: F401
from .framework.tensor import Tensor  # noqa: F401
from .framework.tensor_shape import TensorShape  # noqa: F401
from .framework.tf_logging import get_logger  # noqa: F401
from .framework.tf_logging import reset_counts as _reset_log_counts  # noqa: F401
from .framework.variables import (  # noqa: F401
    Variable, VariableAggregation, VariableSynchronization,
)
from .ops import overloads as _overloads  # noqa: F401
# Each op family lists in its __all__ the names TF exports at the top level.
from .ops.array_ops import *  # noqa: F401,F403,E402
from .ops.clip_ops import *  # noqa: F401,F403,E402
from .ops.control_flow_ops import *  # noqa: F401,F403,E402
from .ops.linalg_ops import *  # noqa: F401,F403,E402
from .ops.logging_ops import *  # noqa: F401,F403,E402
from .ops.math_ops import *  # noqa: F401,F403,E402
from .ops.script_ops import *  # noqa: F401,F403,E402
from .ops.string_ops import *  # noqa: F401,F403,E402
from .ops.tensor_array_ops import *  # noqa: F401,F403,E402

newaxis = None
__version__ = "2.21.0"
