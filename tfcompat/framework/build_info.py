"""tf.sysconfig: what TF says of its build. tfcompat is TF 2.21.0's Python API on JAX,
not a build of TF's C++ runtime: get_build_info reports a build without CUDA, ROCm or
TensorRT (as a CPU build of TF does, whatever accelerator JAX uses); the ABI constants
(framework/versions.py) are TF 2.21.0's; there are no TF headers or libraries to compile
custom ops against, so the functions that would locate them raise NotImplementedError
naming themselves."""
import collections

from .unsupported import unsupported_function

CXX_VERSION = 201703   # TF 2.21 is C++17
_NO_CPP = "tfcompat has no TensorFlow C++ headers or libraries to build custom ops with"
get_include = unsupported_function("tf.sysconfig.get_include", _NO_CPP)
get_lib = unsupported_function("tf.sysconfig.get_lib", _NO_CPP)
get_compile_flags = unsupported_function("tf.sysconfig.get_compile_flags", _NO_CPP)
get_link_flags = unsupported_function("tf.sysconfig.get_link_flags", _NO_CPP)


def get_build_info():
    """tf.sysconfig.get_build_info: TF's answer for a build without GPU support."""
    return collections.OrderedDict(
        [("is_cuda_build", False), ("is_rocm_build", False), ("is_tensorrt_build", False)])
