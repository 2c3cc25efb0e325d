"""tensorflow.python.platform.test: tf.test.main and what TF's module holds besides."""
import sys
from unittest import mock

from absl import app
from absl.testing import absltest

from ...framework.test_util import (
    disable_with_predicate, get_temp_dir, gpu_device_name, is_built_with_cuda,
    is_built_with_gpu_support, is_built_with_rocm, is_built_with_xla, is_cpu_target_available,
    is_gpu_available,
)
from ...ops.gradient_checker import compute_gradient
from ..framework.test_util import TensorFlowTestCase as TestCase
from .benchmark import TensorFlowBenchmark as Benchmark
from .benchmark import benchmarks_main

__all__ = ["Benchmark", "TestCase", "compute_gradient", "disable_with_predicate",
           "get_temp_dir", "gpu_device_name", "is_built_with_cuda", "is_built_with_gpu_support",
           "is_built_with_rocm", "is_built_with_xla", "is_cpu_target_available",
           "is_gpu_available", "main", "mock"]


def main(argv=None):
    """tf.test.main: absltest.main under absl's app.run (TF's googletest.main), or the
    benchmarks --benchmark_filter=REGEX selects."""
    def main_wrapper():
        return app.run(main=lambda args: absltest.main(argv=args),
                       argv=argv if argv is not None else sys.argv)
    return benchmarks_main(true_main=main_wrapper, argv=argv)
