"""tf.profiler.experimental on jax.profiler (XLA's profiler): start/stop, Profile and
Trace.

The profile is written as TF writes it, to ``<logdir>/plugins/profile/<run>/`` (an
``<host>.xplane.pb``, which TensorBoard's profile plugin reads; jax also writes a
``<host>.trace.json.gz``). It is collected in a temporary directory and moved to
`logdir` by stop(), so that ``stop(save=False)`` discards it as TF does. What the
profile holds is XLA's view: jax's events and the tf.function (jit) executions, not TF's
op kernels. Neither tensorboard nor tensorboard-plugin-profile is needed to write it.
"""
import atexit
import collections
import os
import shutil
import tempfile
import threading

import jax

from ..framework import errors

_lock = threading.Lock()
_session = []   # [(temporary directory, logdir)] while a profile runs


class ProfilerOptions(collections.namedtuple(
        "ProfilerOptions",
        ["host_tracer_level", "python_tracer_level", "device_tracer_level", "delay_ms"])):
    """tf.profiler.experimental.ProfilerOptions. jax's profiler has host and Python
    tracer levels; a device_tracer_level other than 1 or a delay_ms is refused."""

    def __new__(cls, host_tracer_level=2, python_tracer_level=0, device_tracer_level=1,
                delay_ms=None):
        return super().__new__(cls, host_tracer_level, python_tracer_level,
                               device_tracer_level, delay_ms)


def _jax_options(options):
    jax_options = jax.profiler.ProfileOptions()
    if options is None:
        options = ProfilerOptions()
    if options.device_tracer_level != 1 or options.delay_ms is not None:
        raise ValueError("tfcompat's profiler (jax.profiler) supports "
                         "ProfilerOptions.device_tracer_level=1 and delay_ms=None only.")
    jax_options.host_tracer_level = options.host_tracer_level
    jax_options.python_tracer_level = options.python_tracer_level
    return jax_options


def start(logdir, options=None):
    """tf.profiler.experimental.start: start profiling into `logdir`.

    Raises AlreadyExistsError if a profile (this one or jax.profiler's) is running."""
    with _lock:
        if _session:
            raise errors.AlreadyExistsError(None, None, "Another profiler is running.")
        jax_options = _jax_options(options)
        tmp = tempfile.mkdtemp(prefix="tfcompat_profile_")
        try:
            jax.profiler.start_trace(tmp, profiler_options=jax_options)
        except RuntimeError as exc:
            shutil.rmtree(tmp, ignore_errors=True)
            if "already been started" in str(exc):
                raise errors.AlreadyExistsError(
                    None, None, "Another profiler is running.") from None
            raise
        _session.append((tmp, os.fspath(logdir)))


def stop(save=True):
    """tf.profiler.experimental.stop: stop profiling; with `save`, write the profile to
    the logdir given to start(). Raises UnavailableError if no profile is running."""
    with _lock:
        if not _session:
            raise errors.UnavailableError(
                None, None, "Cannot export profiling results. No profiler is running.")
        tmp, logdir = _session.pop()
        try:
            jax.profiler.stop_trace()
            if save:
                runs = os.path.join(tmp, "plugins", "profile")
                target = os.path.join(logdir, "plugins", "profile")
                os.makedirs(target, exist_ok=True)
                for run in os.listdir(runs):
                    shutil.copytree(os.path.join(runs, run), os.path.join(target, run),
                                    dirs_exist_ok=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


@atexit.register
def _discard_unstopped():
    """A profile never stopped is not saved (as in TF); its temporary files go."""
    if _session:
        stop(save=False)


class Profile:
    """tf.profiler.experimental.Profile: profile the `with` block into `logdir`."""

    def __init__(self, logdir, options=None):
        self._logdir = logdir
        self._options = options

    def __enter__(self):
        start(self._logdir, self._options)

    def __exit__(self, typ, value, tb):
        stop()


class Trace:
    """tf.profiler.experimental.Trace: a named event (with `kwargs` as its metadata) in
    the profile, if one is being collected (jax.profiler.TraceAnnotation)."""

    def __init__(self, name, **kwargs):
        self._annotation = jax.profiler.TraceAnnotation(name, **kwargs)

    def __enter__(self):
        self._annotation.__enter__()
        return self

    def set_metadata(self, **kwargs):
        """Add metadata to the event after it was created."""
        if kwargs:
            self._annotation.set_metadata(**kwargs)

    def __exit__(self, exc_type, exc_val, exc_tb):
        self._annotation.__exit__(exc_type, exc_val, exc_tb)
