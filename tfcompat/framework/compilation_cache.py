"""JAX's persistent compilation cache, on by default, so a new process does not compile
again what an earlier one compiled (TF has no such cache; its first call traces and
optimizes graphs anew in every process).

The folder is ``$XDG_CACHE_HOME/tfcompat/xla`` (``~/.cache/tfcompat/xla``).
``TFCOMPAT_COMPILATION_CACHE`` names another folder, or turns the cache off with ``0``,
``off`` or ``false``. A cache the user configured in JAX (``JAX_COMPILATION_CACHE_DIR``,
``jax.config``) is left as it is, and ``JAX_ENABLE_COMPILATION_CACHE=false`` turns it off.

JAX keys each entry by the whole optimized-program input (the StableHLO module, the
compile options, the devices, the jax/jaxlib versions and XLA flags), so an upgrade of
tfcompat or jax never serves a program compiled for other code; programs with host
callbacks are never written. tfcompat writes every compile (JAX's default threshold of
one second of compile time is lowered to 0 unless
``JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS`` is set): its eager kernels and
tf.functions compile in well under a second each, and together they are most of a
process's start. The folder is not pruned: delete it to clear it.

On some CPUs XLA:CPU refuses every program it loads back from the cache, with an error
line each time (jax-ml/jax#38445: LLVM tuning flags taken for CPU features). When the CPU
backend starts, a tiny program is compiled, serialized and loaded back once per machine
(remembered in the folder); where that fails the cache is turned off for the process.
"""
import hashlib
import os
import platform

import jax
import jaxlib
from jax._src import xla_bridge
from jax._src.lib import xla_client

_PROBE = """module @tfcompat_cache_probe {
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"""

ENV = "TFCOMPAT_COMPILATION_CACHE"
_OFF = ("0", "off", "false", "no")


def default_dir():
    """The per-user cache folder."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                            ".cache")
    return os.path.join(base, "tfcompat", "xla")


def configure():
    """Points JAX's persistent cache at tfcompat's folder; the folder used, or None."""
    if jax.config.jax_compilation_cache_dir is not None:
        return jax.config.jax_compilation_cache_dir
    value = os.environ.get(ENV, "").strip()
    if value.lower() in _OFF:
        return None
    path = os.path.abspath(os.path.expanduser(value)) if value else default_dir()
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:   # an unwritable home: run without the cache
        return None
    jax.config.update("jax_compilation_cache_dir", path)
    if "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS" not in os.environ:
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
    xla_bridge.register_backend_initialization_hook(lambda backend: _check_cpu(backend, path))
    return path


def _machine():
    """What a cached CPU program depends on besides its key: jaxlib and the CPU."""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line for line in f if line.startswith(("flags", "Features"))), "")
    except OSError:
        cpu = platform.processor()
    text = f"{jaxlib.__version__} {platform.machine()} {cpu}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _loads_back(backend):
    """Whether `backend` runs a program it serialized (what a cache hit does)."""
    devices = xla_client.DeviceList(tuple(backend.local_devices()[:1]))
    options = xla_client.CompileOptions()
    try:
        data = backend.serialize_executable(backend.compile_and_load(_PROBE, devices, options))
        backend.deserialize_executable(data, devices, options)
    except jax.errors.JaxRuntimeError:   # the compile machine's features are not the host's
        return False
    return True


def _check_cpu(backend, path):
    """Turns the cache off when the CPU backend cannot load its own programs."""
    if backend.platform != "cpu":
        return
    marker = os.path.join(path, f"tfcompat-cpu-probe-{_machine()}")
    try:
        with open(marker) as f:
            ok = f.read() == "ok"
    except OSError:
        ok = _loads_back(backend)
        try:
            with open(f"{marker}.{os.getpid()}", "w") as f:
                f.write("ok" if ok else "rejected")
            os.replace(f"{marker}.{os.getpid()}", marker)
        except OSError:
            pass
    if not ok:
        jax.config.update("jax_enable_compilation_cache", False)
