"""tfcompat: TensorFlow 2's API on JAX. Use it as ``import tfcompat as tf``.

This module only re-exports; the machinery is in ``tfcompat.framework`` and the ops in
``tfcompat.ops``. The namespaces that import more than the core (tf.data, tf.io, tf.sparse,
tf.saved_model, tf.summary ...) load on first access, as TF loads tf.keras.
"""
from . import autodiff, autograph, bitwise, config, debugging, dtypes, errors, linalg, nest, ragged
from .ragged import RaggedTensor, RaggedTensorSpec
from .framework.sparse_tensor import SparseTensor
from .framework.sparse_tensor_spec import SparseTensorSpec
from .framework.heap import freeze_loaded as _freeze_loaded
from .framework.lazy_exports import lazy_exports as _lazy_exports
from .framework.backprop import (
    AggregationMethod, GradientTape, UnconnectedGradients, gradients, hessians,
)
from .framework.config import device
from .framework.device_spec import DeviceSpecV2 as DeviceSpec
from .framework.gradient_registry import RegisterGradient, no_gradient
from .framework.constant_op import constant
from .framework.constant_op import convert_to_tensor_v2 as convert_to_tensor
from .framework.custom_gradient import (
    custom_gradient, grad_pass_through, recompute_grad,
)
from .framework.dtypes import (
    DType, as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32,
    float64, half, int8, int16, int32, int64, resource, string, uint8, uint16, uint32,
    uint64, variant,
)
from .framework.context import executing_eagerly, inside_function
from .framework.func_graph import Graph
from .framework.tensor_spec import TensorSpec
from .framework.trace_state import init_scope
from .polymorphic_function.polymorphic_function import function
from .framework.indexed_slices import IndexedSlices
from .framework.indexed_slices_spec import IndexedSlicesSpec
from .framework.none_tensor import NoneTensorSpec
from .framework.module import Module, get_current_name_scope, name_scope
from .framework.tensor import Tensor
from .framework.tensor_shape import TensorShape
from .framework.type_spec import TypeSpec
from .framework.type_spec_of_value import type_spec_from_value
from .framework.tensor_util import get_static_value, is_symbolic_tensor, is_tensor
from .framework.tensor_conversion_registry import register_tensor_conversion_function
from .framework.retracing import reset_counts as _reset_log_counts
from .framework.tf_logging import get_logger
from .framework.variables import (
    Variable, VariableAggregation, VariableSynchronization, variable_creator_scope,
)
from .ops import overloads as _overloads
from .ops.numpy_ops import np_config as _np_config  # installs Tensor.__round__, as TF's import does
from .tensorflow_alias import keras_lazy_loaders as _keras_lazy_loaders
from .tensorflow_alias import register_as_tensorflow
# Each op family lists in its __all__ the names TF exports at the top level.
from .ops.arithmetic_ops import *
from .ops.assert_ops import *
from .ops.batch_paddings import *
from .ops.array_ops import *
from .ops.bitcast_ops import *
from .ops.cast_ops import *
from .ops.clip_ops import *
from .ops.comparison_ops import *
from .ops.conv_backprop_ops import *
from .ops.control_flow_ops import *
from .ops.functional_ops import *
from .ops.edit_distance_ops import *
from .ops.fft_ops import raw_fftnd as fftnd, raw_ifftnd as ifftnd
from .ops.fft_ops import raw_irfftnd as irfftnd, raw_rfftnd as rfftnd
from .ops.fingerprint_ops import *
from .ops.index_shuffle_ops import *
from .ops.decomposition_ops import *
from .ops.histogram_ops import *
from .ops.image_patches import *
from .ops.init_ops import Constant as constant_initializer
from .ops.init_ops import Ones as ones_initializer
from .ops.init_ops import RandomNormal as random_normal_initializer
from .ops.init_ops import RandomUniform as random_uniform_initializer
from .ops.init_ops import Zeros as zeros_initializer
from .ops.logging_ops import *
from .ops.matrix_diag_ops import *
from .ops.norm_ops import *
from .ops.product_ops import *
from .ops.reduction_ops import *
from .ops.script_ops import *
from .ops.sequence_ops import *
from .ops.check_ops import assert_equal, assert_greater, assert_less, assert_rank
from .ops.shape_checks import ensure_shape
from .ops.sort_ops import *
from .ops.space_batch_ops import *
from .ops.string_conversion_ops import *
from .ops.tensor_array_ops import *
from .ops.unary_ops import *
from .ops.utility_ops import *

from .framework.versions import (
    COMPILER_VERSION as __compiler_version__, CXX11_ABI_FLAG as __cxx11_abi_flag__,
    GIT_VERSION as __git_version__, MONOLITHIC_BUILD as __monolithic_build__,
    VERSION as __version__,
)

newaxis = None
# tf.keras is Keras 3.15.1 on its TensorFlow backend, loaded on first use (TF's KerasLazyLoader).
keras, optimizers, losses, metrics, initializers = _keras_lazy_loaders(globals())
__getattr__, __dir__ = _lazy_exports(globals(), {
    ".framework.tensor_proto": ("make_ndarray", "make_tensor_proto"),
    ".data.optional_ops": ("OptionalSpec",),
}, submodules=(
    "audio", "compat", "data", "distribute", "dtensor", "experimental", "image", "io", "lookup",
    "math", "nn", "profiler", "quantization", "random", "raw_ops", "saved_model", "sets",
    "signal", "sparse", "strings", "summary", "sysconfig", "test", "train", "types", "version",
    "tf_internal as __internal__",
), unsupported={
    "feature_column": "TF1-style feature columns; use Keras preprocessing layers",
    "graph_util": "TF1 GraphDef utilities",
    "lite": "TensorFlow Lite conversion and its interpreter",
    "mlir": "TF's MLIR experimental API",
    "queue": "TF1 input queues; use tf.data",
    "security": "TF's security fuzzing API",
    "tools": "TF's tools package (saved_model_cli, graph transforms)",
    "tpu": "TF's TPU embedding and topology APIs; tf.distribute.TPUStrategy is supported",
    "xla": "TF's tf.xla API; tf.function(jit_compile=...) runs on XLA",
})

# What import loaded lives as long as the process: full collections skip it.
_freeze_loaded()
