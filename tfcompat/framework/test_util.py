"""tf.test's module-level functions (TF's platform/test.py, googletest.py and the
test_util.py functions that need no TestCase): device and build queries,
disable_with_predicate, with_eager_op_as_function, experimental.sync_devices and
googletest's temporary directory."""
import atexit
import functools
import inspect
import os
import pkgutil
import shutil
import tempfile

import jax

from . import config
from .context import executing_eagerly
from .deprecation import warn_deprecated

_temp_dir = [""]
# The CPU targets TF's pip wheel answers True for (its XLA links every LLVM backend);
# any other name is TF's AssertionError.
_CPU_TARGETS = ("arm", "aarch64", "ppc", "powerpc", "x86", "s390x")


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """tf.test.is_gpu_available (deprecated in TF for tf.config.list_physical_devices,
    which it logs): whether JAX has a GPU device."""
    warn_deprecated("is_gpu_available", "tensorflow.python.framework.test_util",
                    "Use `tf.config.list_physical_devices('GPU')` instead.")
    if min_cuda_compute_capability is not None:
        raise NotImplementedError("tfcompat: the min_cuda_compute_capability argument of "
                                  "tf.test.is_gpu_available is not supported")
    return bool(config.list_physical_devices("GPU"))


def gpu_device_name():
    """tf.test.gpu_device_name: the name of the first GPU device, or '' without one."""
    return "/device:GPU:0" if config.list_physical_devices("GPU") else ""


def _jax_plugin(prefix):
    return any(m.name.startswith(prefix) for m in pkgutil.iter_modules())


def is_built_with_cuda():
    """tf.test.is_built_with_cuda: whether JAX's CUDA plugin (jax_cuda*_plugin) is
    installed, tfcompat's counterpart of a CUDA build (TF's CPU wheel: False)."""
    return _jax_plugin("jax_cuda")


def is_built_with_rocm():
    """tf.test.is_built_with_rocm: whether JAX's ROCm plugin (jax_rocm*_plugin) is
    installed."""
    return _jax_plugin("jax_rocm")


def is_built_with_gpu_support():
    """tf.test.is_built_with_gpu_support: CUDA or ROCm."""
    return is_built_with_cuda() or is_built_with_rocm()


def is_built_with_xla():
    """tf.test.is_built_with_xla: True (tfcompat runs every op through XLA, as TF's
    wheel is built with XLA)."""
    return True


def is_cpu_target_available(target):
    """tf.test.is_cpu_target_available: TF's answers (True for the arm, aarch64,
    ppc/powerpc, x86 and s390x prefixes, TF's AssertionError for any other name). These
    say which targets TF's build links, not what JAX's XLA can compile for."""
    if target.startswith(_CPU_TARGETS):
        return True
    raise AssertionError("Unknown CPU target: " + target)


def disable_with_predicate(pred, skip_message):
    """tf.test.disable_with_predicate: skips the decorated test method when pred()."""
    def decorator(func):
        @functools.wraps(func)
        def wrapper(self, *args, **kwargs):
            if pred():
                self.skipTest(skip_message)
            else:
                return func(self, *args, **kwargs)
        return wrapper
    return decorator


def with_eager_op_as_function(cls=None, only_as_function=False):
    """tf.test.with_eager_op_as_function: returns the class unchanged (as TF 2.21)."""
    if cls is not None:
        return cls
    return lambda c: c


def sync_devices():
    """tf.test.experimental.sync_devices: waits for the computations JAX dispatched."""
    if not executing_eagerly():
        raise RuntimeError(
            "sync_devices() must only be called in Eager mode, outside tf.functions")
    for array in jax.live_arrays():
        array.block_until_ready()
    jax.effects_barrier()


def get_temp_dir():
    """TF's googletest.GetTempDir: one directory per process (under $TEST_TMPDIR when
    set, else named after the main script), removed at exit."""
    if not _temp_dir[0]:
        if os.environ.get("TEST_TMPDIR"):
            temp_dir = tempfile.mkdtemp(prefix=os.environ["TEST_TMPDIR"])
        else:
            first = inspect.stack()[-1][0]
            temp_dir = os.path.join(tempfile.gettempdir(),
                                    os.path.basename(inspect.getfile(first)))
            temp_dir = tempfile.mkdtemp(prefix=temp_dir.rstrip(".py"))
        atexit.register(shutil.rmtree, temp_dir, ignore_errors=True)
        _temp_dir[0] = temp_dir
    return _temp_dir[0]

