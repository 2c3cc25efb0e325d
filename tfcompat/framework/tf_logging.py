"""TF's logging channel: the Python logger named 'tensorflow' (tf.get_logger()).

TF emits its tape warnings with ``log_first_n``: only the first n per call site per
process, the call site being the user's line that called into the library.
"""
import logging
import os
import sys

_logger = logging.getLogger("tensorflow")
_counts = {}
_configured = []


def get_logger():
    """tf.get_logger: like TF, adds a stderr handler unless the root logger has one."""
    if not _configured:
        _configured.append(True)
        if not logging.getLogger().handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
            _logger.addHandler(handler)
    return _logger


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _caller():
    f = sys._getframe(2)
    while f is not None and f.f_code.co_filename.startswith(_PACKAGE):
        f = f.f_back
    return (f.f_code.co_filename, f.f_lineno) if f is not None else ("<unknown>", 0)


def log_first_n(level, msg, n, key, per_call_site=True):
    """Log `msg` unless `key` was already logged n times from the same user call site (in
    the process where not `per_call_site`: TF's call site is its own)."""
    key = (key,) + _caller() if per_call_site else (key,)
    count = _counts.get(key, 0)
    if count < n:
        _counts[key] = count + 1
        get_logger().log(level, msg)


def warning_first_n(msg, n, key):
    log_first_n(logging.WARNING, msg, n, key)


def reset_counts():
    """Forget how often each first-n message was logged (tests use this between cases)."""
    _counts.clear()
