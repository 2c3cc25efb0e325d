"""tf.summary's writers and recording state (TF's summary_ops_v2): SummaryWriter,
create_file_writer, create_noop_writer, record_if, should_record_summaries, the default
step, flush, write and summary_scope.

A summary op called eagerly writes at once. Traced inside a tf.function it stages an
ordered host callback, so that it writes when the function runs, on every call, with
that call's values (TF's WriteSummary op); the writer is the one that was the default
when the function was traced, as in TF.
"""
import abc
import atexit
import contextlib
import re
import threading
import weakref

import jax
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.context import ctx, executing_eagerly
from ..framework.host_callback import debug_callback
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from ..ops.proto_wire import tensor_proto
from . import _event_file


class _SummaryState(threading.local):
    def __init__(self):
        super().__init__()
        self.is_recording = None
        self.writer = None
        self.step = None


_state = _SummaryState()


class SummaryWriter(metaclass=abc.ABCMeta):
    """tf.summary.SummaryWriter: the interface of summary writers."""

    def set_as_default(self, step=None):
        """Make this the default writer of this thread (and set the default step)."""
        self.as_default(step).__enter__()

    def as_default(self, step=None):
        """A context manager making this the default writer (and `step` the default
        step); on exit the writer is flushed and the previous ones restored."""
        return _WriterContext(self, step)

    @abc.abstractmethod
    def init(self):
        """Initializes the summary writer."""

    @abc.abstractmethod
    def flush(self):
        """Flushes any buffered data."""

    @abc.abstractmethod
    def close(self):
        """Flushes and closes the summary writer."""


class _WriterContext:
    def __init__(self, writer, step):
        self._writer = writer
        self._step = step
        self._old_writer = self._old_step = None

    def __enter__(self):
        self._old_writer = _state.writer
        _state.writer = self._writer
        if self._step is not None:
            self._old_step = _state.step
            _state.step = self._step
        return self._writer

    def __exit__(self, *exc):
        _state.writer.flush()
        _state.writer = self._old_writer
        if self._step is not None:
            _state.step = self._old_step
        return False


_open_writers = weakref.WeakSet()


class _FileWriter(SummaryWriter):
    """The writer tf.summary.create_file_writer returns: one event file."""

    def __init__(self, logdir, max_queue, flush_millis, filename_suffix):
        self._file = _event_file.EventFile(logdir, max_queue, flush_millis, filename_suffix)
        _open_writers.add(self)

    def __repr__(self):
        return f"<tfcompat.summary._ResourceSummaryWriter object at {id(self):#x}>"

    def _check_open(self):
        if self._file.closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")

    def set_as_default(self, step=None):
        self._check_open()
        super().set_as_default(step)

    def as_default(self, step=None):
        self._check_open()
        return super().as_default(step)

    def init(self):
        self._check_open()

    def flush(self):
        """Write the queued events (those of staged tf.function writes included)."""
        if not self._file.closed:
            jax.effects_barrier()
            self._file.flush()

    def close(self):
        if not self._file.closed:
            jax.effects_barrier()
            self._file.close()

    def _write(self, step, summary):
        self._file.add_summary(step, summary)

    def __del__(self):
        file = getattr(self, "_file", None)
        if file is not None:
            file.close()


@atexit.register
def _close_all():
    for writer in list(_open_writers):
        writer.close()


class _NoopSummaryWriter(SummaryWriter):
    """A summary writer that does nothing, for create_noop_writer()."""

    def set_as_default(self, step=None):
        pass

    @contextlib.contextmanager
    def as_default(self, step=None):
        yield

    def init(self):
        pass

    def flush(self):
        pass

    def close(self):
        pass


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None,
                       name=None, experimental_trackable=False, experimental_mesh=None):
    """tf.summary.create_file_writer: a writer to a new event file in `logdir` (created
    if missing). `name`, `experimental_trackable` and `experimental_mesh` have no effect."""
    if logdir is None:
        raise ValueError("Argument `logdir` cannot be None")
    if experimental_mesh is not None:
        raise ValueError("tfcompat has no DTensor: tf.summary.create_file_writer's "
                         "`experimental_mesh` is not supported.")
    return _FileWriter(
        _host_value(logdir, "logdir"),
        10 if max_queue is None else int(_host_value(max_queue, "max_queue")),
        120000 if flush_millis is None else int(_host_value(flush_millis, "flush_millis")),
        ".v2" if filename_suffix is None else _host_value(filename_suffix, "filename_suffix"))


def _host_value(value, arg_name):
    if isinstance(value, Tensor):
        if not executing_eagerly():
            raise ValueError(
                f"Invalid graph Tensor argument '{arg_name}={value}' to create_file_writer() "
                "inside an @tf.function. The create call will be lifted into the outer "
                "eager execution context, so it cannot consume graph tensors defined "
                "inside the function body.")
        return value.numpy().item()
    return str(value) if arg_name in ("logdir", "filename_suffix") else value


def create_noop_writer():
    """tf.summary.create_noop_writer: a summary writer that does nothing."""
    return _NoopSummaryWriter()


@contextlib.contextmanager
def record_if(condition):
    """tf.summary.record_if: record summaries only while `condition` (a bool, a bool
    Tensor or a callable returning one, called at each summary op) is true."""
    old = _state.is_recording
    try:
        _state.is_recording = condition
        yield
    finally:
        _state.is_recording = old


def _recording_condition():
    """Whether summary ops record: False, True or a traced bool array."""
    if _state.writer is None:
        return False
    cond = _state.is_recording
    if callable(cond):
        cond = cond()
    if cond is None:
        return True
    if isinstance(cond, Variable):
        cond = cond._read()
    if isinstance(cond, Tensor):
        cond = cond._value
    if isinstance(cond, jax.core.Tracer):
        return cond
    return bool(np.asarray(cond))


def should_record_summaries():
    """tf.summary.should_record_summaries: a bool Tensor, True when summary ops record
    (a default writer is set and the record_if condition, if any, holds)."""
    cond = _recording_condition()
    return EagerTensor(cond) if isinstance(cond, jax.core.Tracer) else constant(cond)


def get_step():
    """tf.summary.experimental.get_step: the default step of this thread, or None."""
    return _state.step


def set_step(step):
    """tf.summary.experimental.set_step: set (None: unset) the default step."""
    _state.step = step


def flush(writer=None, name=None):
    """tf.summary.flush: flush `writer` (by default the default writer, if any)."""
    del name
    if writer is None:
        writer = _state.writer
        if writer is None:
            return None
    if isinstance(writer, SummaryWriter):
        return writer.flush()
    raise ValueError("Invalid argument to flush(): %r" % (writer,))


_INVALID_SCOPE_CHARACTERS = re.compile(r"[^-_/.A-Za-z0-9]")


@contextlib.contextmanager
def summary_scope(name, default_name="summary", values=None):
    """tf.summary.experimental.summary_scope: yields (tag, scope); the tag is `name` under
    the enclosing tf.name_scopes, unsanitized and not uniquified."""
    del values
    name = name or default_name
    current = ctx.name_scopes[-1]
    tag = current + name
    scope_name = _INVALID_SCOPE_CHARACTERS.sub("", name) or default_name
    yield tag, current + scope_name + "/"


def _step_tensor(step):
    """TF's check of an explicit step: an int64-convertible scalar."""
    if isinstance(step, Variable):
        step = step._read()
    step = convert_to_tensor(step, dtypes.int64)
    if step.shape.num_elements() != 1:
        raise ValueError("Argument `step` must be a scalar. "
                         f"Received step with shape {step.shape}.")
    return step


def _run_on_host(fn, *arrays):
    """Run fn(*numpy arrays) now, or, while a tf.function is traced, each time it runs."""
    if executing_eagerly() and not any(isinstance(a, jax.core.Tracer) for a in arrays):
        fn(*[np.asarray(a) for a in arrays])
        return

    def host(*values):
        fn(*[np.asarray(v) for v in values])
    debug_callback(host, *arrays)


def write_summary(tag, tensor, step, metadata, to_proto):
    """The path of every summary op (TF's tf.summary.write).

    `tensor`: a Tensor, or a callable returning one, called only when recording; None
    when `to_proto` makes the whole tensor on the host.
    `to_proto(array) -> serialized TensorProto` runs on the host with the tensor's value
    (to_proto() without one).
    Returns TF's answer: a bool Tensor, True when the summary was written.
    """
    if step is not None:
        _step_tensor(step)
    writer = _state.writer
    if writer is None:
        return constant(False)
    if step is None:
        step = get_step()
    cond = _recording_condition()
    if cond is False:
        return constant(False)
    if step is None:
        raise ValueError("No step set. Please specify one either through the `step` "
                         "argument or through tf.summary.experimental.set_step()")
    value = tensor() if callable(tensor) else tensor
    values = () if value is None else (convert_to_tensor(value)._value,)

    def emit(record, step_array, *arrays):
        if record:
            summary = _event_file.summary_value(tag, to_proto(*arrays), metadata)
            writer._write(int(step_array.reshape(-1)[0]), summary)

    _run_on_host(emit, cond, _step_tensor(step)._value, *values)
    return constant(True) if cond is True else EagerTensor(cond)


def _serialized_metadata(metadata):
    if metadata is None:
        return b""
    if hasattr(metadata, "SerializeToString"):
        return metadata.SerializeToString()
    return bytes(metadata)


def write(tag, tensor, step=None, metadata=None, name=None):
    """tf.summary.write: write `tensor` (or what a callable `tensor` returns) under `tag`
    to the default writer. `metadata`: a serialized SummaryMetadata (or an object with
    SerializeToString). Returns a bool Tensor: whether it was written."""
    del name
    return write_summary(tag, tensor, step, _serialized_metadata(metadata),
                         tensor_proto)
