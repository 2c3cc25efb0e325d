"""tf.test: TestCase, main, Benchmark, compute_gradient and the build and device queries."""
from ..framework.test_util import (
    disable_with_predicate, gpu_device_name, is_built_with_cuda, is_built_with_gpu_support,
    is_built_with_rocm, is_built_with_xla, is_cpu_target_available, is_gpu_available,
    with_eager_op_as_function,
)
from ..ops.gradient_checker import compute_gradient
from ..python.framework.test_util import TensorFlowTestCase as TestCase
from ..python.platform.benchmark import TensorFlowBenchmark as Benchmark
from ..python.platform.test import main
from . import experimental
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["Benchmark", "TestCase", "compute_gradient", "disable_with_predicate",
           "experimental", "gpu_device_name", "is_built_with_cuda", "is_built_with_gpu_support",
           "is_built_with_rocm", "is_built_with_xla", "is_cpu_target_available",
           "is_gpu_available", "main", "with_eager_op_as_function"]

_scope_namespace(globals())
