"""TF's deprecation warning (python/util/deprecation.py): logged on the tensorflow logger
the first time in the process a deprecated function is called, naming the caller's line."""
import sys

from . import tf_logging
from .context import is_x64_frame

_warned = set()


def warn_deprecated(name, module, instructions, arg=None, depth=2):
    """Log that `name` (of TF's module `module`), or calling it with argument `arg`, is
    deprecated, once; `depth`: frames from this call to the user's call of `name`."""
    if (module, name, arg) in _warned:
        return
    _warned.add((module, name, arg))
    frame = sys._getframe(1)
    for _ in range(depth - 1):
        frame = frame.f_back
        while is_x64_frame(frame):
            frame = frame.f_back
    what = f"{name} (from {module})" if arg is None else \
        f"calling {name} (from {module}) with {arg}"
    tf_logging.get_logger().warning(
        f"From {frame.f_code.co_filename}:{frame.f_lineno}: {what} is deprecated and will be "
        f"removed in a future version.\nInstructions for updating:\n{instructions}")
