"""Dataset.prefetch, and tf.data.experimental's copy_to_device and prefetch_to_device.

Dataset.prefetch: a background thread produces the input's elements ahead of the
consumer, up to `buffer_size` of them (AUTOTUNE: TF tunes the size; here 2), in the
input's order. Errors reach the consumer at the element where the input failed. The
thread starts with the first element asked for and stops when the iteration ends or its
consumer is gone; it runs eagerly (execution state is per thread), in the consumer's
context (contextvars: the iterator's seed log, random_seed_ops.recording). At exit the
threads still running are stopped and waited for (a daemon thread inside jax's C++ code
when the interpreter finalizes aborts the process)."""
import atexit
import contextvars
import queue
import threading

import jax
import numpy as np

from ..framework import config, errors
from ..framework.context import x64
from .dataset_ops import AUTOTUNE, UNKNOWN_CARDINALITY
from .structure import scalar_int
from .transformations import _Unary

_AUTOTUNED = 2
_POLL = 0.05   # seconds between the producer's checks that its consumer still exists
_running = {}   # {stop event: thread} of the producers running
_running_lock = threading.Lock()


@atexit.register
def _stop_all():
    with _running_lock:
        running = list(_running.items())
    for stop, _ in running:
        stop.set()
    for _, thread in running:
        thread.join(timeout=10)


class _PrefetchDataset(_Unary):
    """Dataset.prefetch(buffer_size)."""

    def __init__(self, input_dataset, buffer_size):
        super().__init__(input_dataset)
        size = scalar_int(buffer_size)
        if size < AUTOTUNE:
            raise errors.op_error(
                errors.InvalidArgumentError, "PrefetchDataset",
                "buffer_size must be >= 0 or set buffer_size to be -1 for auto-tuning",
                kernel="PrefetchDataset")
        self._size = _AUTOTUNED if size == AUTOTUNE else size

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        if self._size == 0:
            return self._input._iter_flat_from(n)
        return ahead(lambda: self._input._iter_flat_from(n), self._size)


class _CopyToDeviceDataset(_Unary):
    """The input's elements with their arrays on the JAX device of `target_device` (TF's
    _CopyToDeviceDataset); strings stay on the host, and a device JAX does not have is
    its default one, as tf.device places ops there."""

    def __init__(self, input_dataset, target_device):
        super().__init__(input_dataset)
        self._device = config.jax_device_named(target_device)

    def _cardinality(self):
        return UNKNOWN_CARDINALITY   # (as TF's)

    def _iter_flat(self):
        return self._iter_flat_from(0)

    def _iter_flat_from(self, n):
        device = self._device
        for flat in self._input._iter_flat_from(n):
            yield [jax.device_put(a, device) if isinstance(a, (np.ndarray, jax.Array)) and
                   a.dtype != object else a for a in flat]


def copy_to_device(target_device, source_device="/cpu:0"):
    """tf.data.experimental.copy_to_device: for Dataset.apply, the elements moved to
    `target_device` as they are produced."""
    return lambda dataset: _CopyToDeviceDataset(dataset, target_device)


def prefetch_to_device(device, buffer_size=None):
    """tf.data.experimental.prefetch_to_device: for Dataset.apply, the elements moved to
    `device` and prefetched there, `buffer_size` ahead (None: AUTOTUNE)."""
    return lambda dataset: _PrefetchDataset(
        _CopyToDeviceDataset(dataset, device), AUTOTUNE if buffer_size is None else buffer_size)


def ahead(make_elements, size):
    """The elements of the generator `make_elements()`, produced on a background thread
    up to `size` ahead."""
    buffer = queue.Queue(maxsize=size)
    stop = threading.Event()

    def put(item):
        while not stop.is_set():
            try:
                buffer.put(item, timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    @x64
    def produce():
        try:
            for flat in make_elements():
                if not put((True, flat)):
                    return
            put((False, None))
        except BaseException as exc:   # noqa: BLE001 - re-raised in the consumer
            put((False, exc))
        finally:
            with _running_lock:
                _running.pop(stop, None)

    thread = threading.Thread(target=contextvars.copy_context().run, args=(produce,),
                              name="tf.data prefetch", daemon=True)
    with _running_lock:
        _running[stop] = thread
    thread.start()
    try:
        while True:
            has_value, item = buffer.get()
            if has_value:
                yield item
            elif item is None:
                return
            else:
                raise item
    finally:
        stop.set()
