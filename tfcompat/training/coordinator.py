"""tf.train.Coordinator (TF's python/training/coordinator.py): threads that stop together
and report the first exception one of them raised."""
import contextlib
import sys
import threading
import time

from ..framework import errors, tf_logging


class Coordinator:
    """tf.train.Coordinator: request_stop/should_stop/join for a group of threads; an
    exception of a type in `clean_stop_exception_types` (default OutOfRangeError) is a
    clean stop, any other is re-raised by join()."""

    def __init__(self, clean_stop_exception_types=None):
        if clean_stop_exception_types is None:
            clean_stop_exception_types = (errors.OutOfRangeError,)
        self._clean_stop_exception_types = tuple(clean_stop_exception_types)
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._exc_info_to_raise = None
        self._joined = False
        self._registered_threads = set()

    def _filter_exception(self, ex):
        exception = ex[1] if isinstance(ex, tuple) else ex
        return None if isinstance(exception, self._clean_stop_exception_types) else ex

    def request_stop(self, ex=None):
        """Ask the threads to stop; `ex` (an exception, or a sys.exc_info() tuple) is the
        one join() raises, unless one was reported before. After join(), re-raises it."""
        with self._lock:
            ex = self._filter_exception(ex)
            if self._joined:
                if isinstance(ex, tuple):
                    _, ex_instance, _ = ex
                    raise ex_instance
                if ex is not None:   # (TF re-raises the exception being handled)
                    _, ex_instance, _ = sys.exc_info()
                    raise ex_instance
            if self._stop_event.is_set():
                return
            if ex and self._exc_info_to_raise is None:
                logger = tf_logging.get_logger()
                if isinstance(ex, tuple):
                    logger.info("Error reported to Coordinator: %s", str(ex[1]), exc_info=ex)
                    self._exc_info_to_raise = ex
                else:
                    logger.info("Error reported to Coordinator: %s, %s", type(ex), str(ex))
                    self._exc_info_to_raise = sys.exc_info()
                info = self._exc_info_to_raise
                if len(info) != 3 or not info[0] or not info[1]:
                    try:
                        raise ValueError("ex must be a tuple or sys.exc_info must return the "
                                         f"current exception: {info}")
                    except ValueError:
                        self._exc_info_to_raise = sys.exc_info()
            self._stop_event.set()

    def clear_stop(self):
        """Forget a stop request and its exception (the coordinator can be reused)."""
        with self._lock:
            self._joined = False
            self._exc_info_to_raise = None
            self._stop_event.clear()

    def should_stop(self):
        """Whether a stop was requested."""
        return self._stop_event.is_set()

    @contextlib.contextmanager
    def stop_on_exception(self):
        """Any exception raised inside requests a stop with it (and is swallowed)."""
        try:
            yield
        except:  # noqa: E722 - TF's: every exception stops the coordinator
            self.request_stop(ex=sys.exc_info())

    def wait_for_stop(self, timeout=None):
        """Wait until a stop is requested, at most `timeout` seconds; whether it was."""
        return self._stop_event.wait(timeout)

    def register_thread(self, thread):
        """Join `thread` too in join()."""
        with self._lock:
            self._registered_threads.add(thread)

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        """Wait for a stop request, then up to `stop_grace_period_secs` for `threads` (and
        the registered ones) to end; raise the reported exception, else RuntimeError for
        threads still running (logged instead with `ignore_live_threads`)."""
        with self._lock:
            threads = list(self._registered_threads if threads is None
                           else self._registered_threads.union(set(threads)))
        while any(t.is_alive() for t in threads) and not self.wait_for_stop(1.0):
            pass
        stop_wait_secs = 0.001
        while any(t.is_alive() for t in threads) and stop_grace_period_secs >= 0.0:
            time.sleep(stop_wait_secs)
            stop_grace_period_secs -= stop_wait_secs
            stop_wait_secs = max(min(2 * stop_wait_secs, stop_grace_period_secs), 0.001)
        stragglers = [t.name for t in threads if t.is_alive()]
        with self._lock:
            self._joined = True
            self._registered_threads = set()
            if self._exc_info_to_raise:
                raise self._exc_info_to_raise[1]
            if stragglers:
                message = f"Coordinator stopped with threads still running: {' '.join(stragglers)}"
                if not ignore_live_threads:
                    raise RuntimeError(message)
                tf_logging.get_logger().info(message)

    @property
    def joined(self):
        """Whether join() has run."""
        return self._joined

    def raise_requested_exception(self):
        """Raise the exception reported with a stop request, if any."""
        with self._lock:
            if self._exc_info_to_raise:
                raise self._exc_info_to_raise[1]
