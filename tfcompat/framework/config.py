"""tf.config's devices (those JAX sees), virtual CPU devices, placement and threading
settings, and tf.device."""
import collections
import contextlib
import functools
import os
import threading
import weakref

import jax
import jax.extend.backend as jax_backend
from jax._src import config as _jax_config   # (the default device: no public API)
from jax._src.interpreters import pxla

from .device_spec import DeviceSpecV2

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])
PhysicalDevice.__module__ = LogicalDevice.__module__ = "tensorflow.python.eager.context"


class LogicalDeviceConfiguration(collections.namedtuple(
        "LogicalDeviceConfiguration",
        ["memory_limit", "experimental_priority", "experimental_device_ordinal"])):
    """tf.config.LogicalDeviceConfiguration (tf.config.experimental.VirtualDeviceConfiguration):
    one logical device to create on a physical one."""

    def __new__(cls, memory_limit=None, experimental_priority=None,
                experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority,
                               experimental_device_ordinal)


LogicalDeviceConfiguration.__module__ = "tensorflow.python.eager.context"

_CPU = PhysicalDevice("/physical_device:CPU:0", "CPU")
_state = {"initialized": False, "soft_placement": True, "inter_op": 0, "intra_op": 0}
_virtual = {}        # PhysicalDevice -> [LogicalDeviceConfiguration]
_memory_growth = {}  # PhysicalDevice -> bool
_visible = None      # the visible PhysicalDevices set (None: all)


def _jax_devices(kind):
    try:
        return jax.devices(kind.lower())
    except RuntimeError:
        return []


def _initialize():
    """TF initializes its context on the first op or device query; after that, device
    settings are fixed. tfcompat counts the first device query, tf.device scope or live
    array as that moment."""
    if not _state["initialized"]:
        _state["initialized"] = True
        cpus = _virtual.get(_CPU)
        if cpus:
            # before JAX starts its CPU backend: one JAX CPU device per logical one; once it
            # has started, every logical CPU runs on JAX's CPU device(s)
            with contextlib.suppress(RuntimeError):
                jax.config.update("jax_num_cpu_devices", len(cpus))


def _backends_started():
    try:
        from jax._src import xla_bridge
        return xla_bridge.backends_are_initialized()
    except (ImportError, AttributeError):  # another JAX: ask for arrays (starts them)
        return True


def _is_initialized():
    if not _state["initialized"] and _backends_started() and _new_arrays():
        _state["initialized"] = True
    return _state["initialized"]


def _new_arrays():
    """Whether arrays live that were made since the last reset_context (any, before
    one). The arrays alive at the reset are held by weak reference, so a new array at
    a freed one's address still counts."""
    before = _state.get("reset_arrays")
    arrays = jax.live_arrays()
    if before is None:
        return bool(arrays)
    return any(id(a) not in before or before[id(a)]() is not a for a in arrays)


def reset_context():
    """TF's context._reset_context (for tests): device settings may change again until
    the next op; JAX's backends restart with them, so the arrays made before belong to
    the old ones."""
    _state["initialized"] = False
    _state["reset_arrays"] = {id(a): weakref.ref(a) for a in jax.live_arrays()}


def list_physical_devices(device_type=None):
    """tf.config.list_physical_devices: one CPU (as TF), then the accelerators of JAX's
    backends."""
    out = [_CPU] if device_type in (None, "CPU") else []
    for kind in ("GPU", "TPU"):
        if device_type in (None, kind):
            out.extend(PhysicalDevice(f"/physical_device:{kind}:{i}", kind)
                       for i in range(len(_jax_devices(kind))))
    return out


def _logical_count(kind):
    if kind == "CPU" and _virtual.get(_CPU):
        return len(_virtual[_CPU])
    return len(_jax_devices(kind))


def list_logical_devices(device_type=None):
    """tf.config.list_logical_devices: the virtual CPUs configured (CPU:0, CPU:1, ...) or
    JAX's devices."""
    _initialize()
    return [LogicalDevice(f"/device:{kind}:{i}", kind)
            for kind in ("CPU", "GPU", "TPU") if device_type in (None, kind)
            for i in range(_logical_count(kind))]


def _check_device(dev):
    if dev != _CPU and dev not in list_physical_devices():  # (the CPU: JAX not started)
        raise ValueError(f"Unrecognized device: {dev!r}")


def set_logical_device_configuration(device, logical_devices):
    """tf.config.set_logical_device_configuration: split a physical CPU into virtual
    devices (GPU memory limits are not supported: ValueError naming them)."""
    _check_device(device)
    if device.device_type != "CPU":
        raise ValueError(f"tfcompat does not support logical device configurations for "
                         f"{device.device_type} devices (tf.config."
                         f"set_logical_device_configuration)")
    for vdev in logical_devices:
        if vdev.memory_limit is not None:
            raise ValueError("Setting memory limit on CPU virtual devices is currently not "
                             "supported")
        if vdev.experimental_priority is not None:
            raise ValueError("Setting experimental_priority on CPU virtual  devices is "
                             "currently not supported")
        if vdev.experimental_device_ordinal is not None:
            raise ValueError("Setting experimental_device_ordinal on CPU virtual  devices is "
                             "currently not supported")
    if _virtual.get(device) == list(logical_devices):
        return
    if _is_initialized():
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    _virtual[device] = list(logical_devices)
    if logical_devices:
        if _backends_started():
            # (started by a device query, as listing GPUs: no array lives on them yet, and
            # TF's device listing leaves its devices configurable too)
            _clear_backends()
        # (JAX reads it when its CPU backend starts: the first op, as TF's context)
        jax.config.update("jax_num_cpu_devices", len(logical_devices))


def get_visible_devices(device_type=None):
    """tf.config.get_visible_devices: the physical devices set visible (all by default)."""
    visible = _visible if _visible is not None else list_physical_devices()
    return [d for d in visible if device_type is None or d.device_type == device_type]


def set_visible_devices(devices, device_type=None):
    """tf.config.set_visible_devices: hide accelerators before the first op (all of them:
    JAX then runs on its CPU backend). Hiding the CPU, or some accelerators of a kind but
    not others, raises NotImplementedError."""
    global _visible
    physical = list_physical_devices()
    if not isinstance(devices, list):
        devices = [devices]
    for d in devices:
        if d not in physical or (device_type is not None and d.device_type != device_type):
            raise ValueError(f"Unrecognized device: {d!r}")
    current = get_visible_devices()
    visible = [d for d in current if device_type is not None and d.device_type != device_type]
    visible += devices
    if visible == current:
        return
    if _is_initialized():
        raise RuntimeError("Visible devices cannot be modified after being initialized")
    accelerators = [d for d in physical if d.device_type != "CPU"]
    if _CPU not in visible:
        raise NotImplementedError("tfcompat cannot hide the CPU "
                                  "(tf.config.set_visible_devices without it)")
    shown = [d for d in accelerators if d in visible]
    if shown and shown != accelerators:
        raise NotImplementedError("tfcompat can hide all accelerators or none "
                                  "(tf.config.set_visible_devices with some of them)")
    if not shown and accelerators:
        _clear_backends()
        jax.config.update("jax_platforms", "cpu")
    _visible = visible


def get_logical_device_configuration(device):
    """tf.config.get_logical_device_configuration: the list set, or None."""
    _check_device(device)
    return _virtual.get(device)


def get_memory_growth(device):
    """tf.config.experimental.get_memory_growth."""
    _check_device(device)
    if device not in _memory_growth:
        raise KeyError(device)  # TF's message is the device itself
    return _memory_growth[device]


def set_memory_growth(device, enable):
    """tf.config.experimental.set_memory_growth: recorded only (XLA's allocator is set
    through XLA_PYTHON_CLIENT_PREALLOCATE before JAX starts)."""
    _check_device(device)
    if _virtual.get(device):
        raise ValueError("Cannot set memory growth on device when virtual devices configured")
    if device.device_type == "CPU":
        raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")
    if _memory_growth.get(device) == enable:
        return
    if _is_initialized():
        raise RuntimeError("Physical devices cannot be modified after being initialized")
    _memory_growth[device] = bool(enable)


def get_soft_device_placement():
    """tf.config.get_soft_device_placement."""
    return _state["soft_placement"]


def set_soft_device_placement(enabled):
    """tf.config.set_soft_device_placement: recorded; tf.device always falls back to the
    default device for a device JAX lacks."""
    _state["soft_placement"] = bool(enabled)


def _threads(key, what):
    def get():
        return _state[key]

    def set_(num_threads):
        if _state[key] == num_threads:
            return
        if _is_initialized():
            raise RuntimeError(f"{what} op parallelism cannot be modified after "
                               f"initialization.")
        _state[key] = int(num_threads)
    return get, set_


get_inter_op_parallelism_threads, set_inter_op_parallelism_threads = _threads("inter_op",
                                                                              "Inter")
get_intra_op_parallelism_threads, set_intra_op_parallelism_threads = _threads("intra_op",
                                                                              "Intra")


def cpu_cores():
    """The number of CPU cores this process may run on (TF's port::MaxParallelism)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # (no affinity API: macOS, Windows)
        return os.cpu_count() or 1


def intra_op_threads():
    """The size of TF's intra-op thread pool (cpu_cores unless set), which sets how some
    CPU kernels split their work, and so the order they add in."""
    n = get_intra_op_parallelism_threads()
    return n if n > 0 else cpu_cores()


def _dispatch(synchronous):
    """Runs programs on the CPU in the calling thread (`synchronous`), as TF's eager
    executor runs its kernels, or lets JAX's CPU client hand those above its cost threshold
    to a worker thread. Only before the CPU backend starts: JAX fixes it then."""
    _state["synchronous"] = synchronous
    if not _backends_started():
        jax.config.update("jax_cpu_enable_async_dispatch", not synchronous)


def get_synchronous_execution():
    """tf.config.experimental.get_synchronous_execution (True unless set otherwise)."""
    return _state["synchronous"]


def set_synchronous_execution(enable):
    """tf.config.experimental.set_synchronous_execution (None: the default, synchronous).
    It changes how programs are dispatched only before the first op (JAX's CPU client is
    made then); afterwards it is recorded, as errors are raised as they happen either way."""
    _dispatch(True if enable is None else bool(enable))


@contextlib.contextmanager
def async_scope():
    """tf.experimental.async_scope: TF's remote-streaming switch
    (TF_ENABLE_EAGER_CLIENT_STREAMING_ENQUEUE) set in the scope and, when the scope ends
    without an exception, a barrier: every pending computation (accelerators run JAX's
    programs asynchronously) finishes, raising its error."""
    key = "TF_ENABLE_EAGER_CLIENT_STREAMING_ENQUEUE"
    old = os.environ.get(key)
    try:
        os.environ[key] = "True"
        yield
        jax.block_until_ready(jax.live_arrays())
        jax.effects_barrier()
    finally:
        if old is None:
            del os.environ[key]
        else:
            os.environ[key] = old


def async_clear_error():
    """tf.experimental.async_clear_error. An op's error is raised by the op (or by the
    read that waits for an accelerator's result), so no pending error state is left."""


# Synchronous unless the environment asks JAX for its asynchronous dispatch: a thread
# handoff per call costs more than most eager ops and small programs take to run.
_dispatch(os.environ.get("JAX_CPU_ENABLE_ASYNC_DISPATCH", "").lower() not in ("1", "true"))


# (tfcompat's own: TF keeps every eager kernel and every trace)
_determinism = [False]


def enable_op_determinism():
    """tf.config.experimental.enable_op_determinism. XLA's CPU and GPU kernels that tfcompat
    runs are deterministic already; the flag is what TF code (Keras) reads back."""
    _determinism[0] = True


def disable_op_determinism():
    """tf.config.experimental.disable_op_determinism."""
    _determinism[0] = False


def is_op_determinism_enabled():
    return _determinism[0]


_tf32 = [True]


def enable_tensor_float_32_execution(enabled):
    """tf.config.experimental.enable_tensor_float_32_execution. Enabled (TF's default),
    float32 matrix products and convolutions take the accelerator's default precision
    (TensorFloat-32 on NVIDIA GPUs since Ampere, bfloat16 passes on TPUs); disabled, JAX's
    "highest" (jax_default_matmul_precision), as TF's XLA lowering asks then. A CPU computes
    in float32 either way. Programs traced before keep the precision they were traced
    with, where TF's GPU kernels change at once."""
    if enabled is not None and not hasattr(type(enabled), "__bool__"):
        raise TypeError(f"enable(): incompatible function arguments. The following argument "
                        f"types are supported:\n    1. (arg0: bool) -> None\n\nInvoked "
                        f"with: {enabled!r}")   # (TF's pybind11 bool: None is False)
    _tf32[0] = bool(enabled)
    jax.config.update("jax_default_matmul_precision", None if _tf32[0] else "highest")


def tensor_float_32_execution_enabled():
    """tf.config.experimental.tensor_float_32_execution_enabled."""
    return _tf32[0]


cache_limits = {"kernels": int(os.environ.get("TFCOMPAT_MAX_KERNELS", 512)),
                "traces": int(os.environ.get("TFCOMPAT_MAX_TRACES", 128))}


def set_cache_limits(kernels=None, traces=None):
    """tfcompat only (TF keeps all of them): how many compiled XLA programs are kept.

    kernels: eager op kernels, one per op, attributes and input shapes and dtypes, all ops
      together (default 512, or $TFCOMPAT_MAX_KERNELS); past it, the kernels compiled
      least recently are dropped (an op's kernel for every shape at once).
    traces: traces per tf.function (default 128, or $TFCOMPAT_MAX_TRACES); past it, the
      least recently called trace is dropped, and traced again if called again (as TF
      counts a trace: experimental_get_tracing_count, the retracing warning). Also the
      shapes compiled per trace with unknown dimensions (input_signature None dims,
      reduce_retracing): past it, that trace's compiled shapes are all dropped.
    A dropped program's XLA executable is freed (unless its ConcreteFunction is still
    referenced). None leaves a limit as it is; a limit applies from the next compile."""
    for name, value in (("kernels", kernels), ("traces", traces)):
        if value is not None:
            if int(value) < 1:
                raise ValueError(f"tfcompat: the {name} cache limit must be at least 1")
            cache_limits[name] = int(value)


class _DeviceScopes(threading.local):
    def __init__(self):
        super().__init__()
        self.specs = []   # the merged spec of each enclosing tf.device, innermost last
        self.base = None  # jax's default device outside them


_scopes = _DeviceScopes()
_DEFAULT_SPEC = {"job": "localhost", "replica": 0, "task": 0, "device_type": "CPU",
                 "device_index": 0}


def _device_spec(name):
    """The fields a device name sets, as TF's DeviceSpec.from_string reads them
    ('/job:localhost/replica:0/task:0/device:GPU:1', 'cpu', 'GPU:0', '/CPU:1'; parts
    TF would refuse are ignored; a tf.DeviceSpec is read from its string)."""
    spec = {}
    name = name.to_string() if isinstance(name, DeviceSpecV2) else str(name)
    for part in name.split("/"):
        y = part.split(":")
        if len(y) == 2 and y[0] in ("job", "replica", "task"):
            spec[y[0]] = y[1] if y[0] == "job" else int(y[1])
        elif len(y) in (1, 2) and y[0].upper() in ("CPU", "GPU", "TPU"):
            spec["device_type"] = y[0].upper()
            if len(y) == 2 and y[1] != "*":
                spec["device_index"] = int(y[1])
        elif len(y) == 3 and y[0] == "device":
            spec["device_type"] = y[1].upper()
            if y[2] != "*":
                spec["device_index"] = int(y[2])
    return spec


class device:
    """tf.device(name): TF's device scope. The name is merged with the enclosing scope's
    device (the fields it sets replace those; outside any scope, with CPU:0, TF's first
    device) and ``None`` clears it, as TF does; the ops run inside go to that JAX device
    when JAX has it, otherwise (and after ``None``) to the default device, as TF's soft
    placement does."""

    def __init__(self, device_name):
        self._name = device_name
        self._context = None

    def __enter__(self):
        _initialize()
        scopes = _scopes
        if not scopes.specs:
            scopes.base = jax.config.jax_default_device
        if self._name is None:
            spec = {}
        else:
            spec = dict(scopes.specs[-1] if scopes.specs and scopes.specs[-1] else
                        _DEFAULT_SPEC)
            spec.update(_device_spec(self._name))
        target = _jax_device(spec)
        self._context = jax.default_device(scopes.base if target is None else target)
        self._context.__enter__()
        scopes.specs.append(spec)
        return self

    def __exit__(self, *exc):
        if self._context is not None:
            _scopes.specs.pop()
            self._context.__exit__(*exc)
            self._context = None


def placed_on_cpu():
    """Whether the ops placed now (in tf.device's scope, else on JAX's default device) run
    on the host's CPU. Only there does tfcompat reproduce the order in which TF's CPU
    kernels add (Eigen's reducers, oneDNN's softmax): on a GPU or TPU, TF's kernels are
    others, and a sum emulated in that order is a loop of one step per addition."""
    return pxla.get_default_device().platform == "cpu"


_default_device = _jax_config.default_device   # (read per tf.data element: 0.07 us)


@functools.cache
def _process_default():
    return jax.devices()[0]


def _clear_backends():
    """JAX's backends, started by a device query, cleared to start anew with new settings
    (and the default device they gave forgotten)."""
    jax_backend.clear_backends()
    _process_default.cache_clear()


def runs_on(device):
    """Whether ops run on `device` now (tf.device's scope, else JAX's default device)."""
    current = _default_device.value
    return current is device or current is None and device is _process_default()


def on_device(device, fn, *args):
    """fn(*args) with ops placed on `device` (a switch only where they are not)."""
    if runs_on(device):
        return fn(*args)
    with jax.default_device(device):
        return fn(*args)


def input_pipeline_device():
    """The device a tf.data dataset made now runs on, as TF places one: the CPU device in
    tf.device's scope, else the host's first CPU (TF's datasets have no GPU or TPU kernels;
    their elements are on the CPU)."""
    _initialize()
    device = pxla.get_default_device()
    return device if device.platform == "cpu" else jax.devices("cpu")[0]


def jax_device_of(name):
    """The JAX device of a TF device name ('/cpu:1', '/device:GPU:0', ...; CPU:0 fills in
    what it leaves out), or None when JAX has no such device."""
    _initialize()
    return _jax_device(dict(_DEFAULT_SPEC, **_device_spec(name)))


def jax_device_named(name):
    """The JAX device of TF device name `name` (its fields over CPU:0's), or None where
    JAX has no such device."""
    return _jax_device({**_DEFAULT_SPEC, **_device_spec(name)})


def _jax_device(spec):
    """The JAX device of a merged device spec, or None: no spec, or no such device."""
    if not spec:
        return None
    found = _jax_devices(spec["device_type"])
    i = spec.get("device_index", 0)
    return found[i] if i < len(found) else None
