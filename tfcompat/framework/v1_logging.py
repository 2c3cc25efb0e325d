"""tf.compat.v1.logging: TF's tf_logging module (platform/tf_logging.py), over the
'tensorflow' logger of tf.get_logger()."""
import logging as _logging
import sys as _sys

from .context import is_x64_frame
from .tf_logging import get_logger

DEBUG, INFO, WARN, ERROR, FATAL = (_logging.DEBUG, _logging.INFO, _logging.WARN,
                                   _logging.ERROR, _logging.FATAL)
_counts = {}


def log(level, msg, *args, **kwargs):
    get_logger().log(level, msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    get_logger().debug(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    get_logger().info(msg, *args, **kwargs)


def warning(msg, *args, **kwargs):
    get_logger().warning(msg, *args, **kwargs)


warn = warning


def error(msg, *args, **kwargs):
    get_logger().error(msg, *args, **kwargs)


def fatal(msg, *args, **kwargs):
    get_logger().fatal(msg, *args, **kwargs)


def TaskLevelStatusMessage(msg):   # noqa: N802 (TF's name)
    error(msg)


def flush():
    raise NotImplementedError()


vlog = log


def _next_count():
    """How often log_every_n/log_first_n were called with this one's token before. TF's
    token is the first frame outside the caller's file, so every call from a script's
    own file shares ('<unknown>', 0)."""
    f = _sys._getframe(2)
    while is_x64_frame(f):   # (the public function's wrapper)
        f = f.f_back
    here = f.f_code.co_filename
    while f is not None and f.f_code.co_filename == here:
        f = f.f_back
    key = ("<unknown>", 0) if f is None else (f.f_code.co_filename, f.f_lineno)
    _counts[key] = _counts.get(key, -1) + 1
    return _counts[key]


def log_every_n(level, msg, n, *args):
    """Logs the 1st, (n+1)th, (2n+1)th ... call from a line."""
    log_if(level, msg, not _next_count() % n, *args)


def log_first_n(level, msg, n, *args):
    """Logs only the first n calls from a line."""
    log_if(level, msg, _next_count() < n, *args)


def log_if(level, msg, condition, *args):
    if condition:
        log(level, msg, *args)


def get_verbosity():
    return get_logger().getEffectiveLevel()


def set_verbosity(v):
    get_logger().setLevel(v)
