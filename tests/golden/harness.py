"""Capture and comparison shared by the golden recorder and the golden tests.

``run_snippet`` is the ONE implementation of output capture. ``record.py`` runs it
under real TensorFlow to produce the golden JSON; the tests run it under tfcompat and
compare the two results with ``compare``.

This module must never import tensorflow.
"""
import contextlib
import io
import linecache
import logging
import math
import re
import sys

import numpy as np

__all__ = ["run_snippet", "compare", "reset_log_counts", "format_result", "suites"]

_TF_LOGGING_MODULE = "tensorflow.python.platform.tf_logging"


def suites():
    """The golden suites: SUITE for each tests/golden/snippets_SUITE.py."""
    import pathlib
    here = pathlib.Path(__file__).resolve().parent
    return sorted(p.stem[len("snippets_"):] for p in here.glob("snippets_*.py"))


class _ListHandler(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        if record.levelno >= logging.WARNING:
            self.messages.append(record.getMessage())


def reset_log_counts(tf_module):
    """Forget the log_first_n counters, so every snippet starts from a fresh count.

    tfcompat exposes ``_reset_log_counts()``; real TF keeps its counters in
    ``tf_logging._log_counter_per_token`` (a dict keyed by (file, line)).
    """
    reset = getattr(tf_module, "_reset_log_counts", None)
    if callable(reset):
        reset()
        return
    tf_logging = sys.modules.get(_TF_LOGGING_MODULE)
    counters = getattr(tf_logging, "_log_counter_per_token", None)
    if counters is not None:
        counters.clear()


def run_snippet(tf_module, source, name="snippet"):
    """Run ``source`` in a fresh namespace {tf, np} and capture what it does.

    Returns {"stdout": str, "exc_type": str|None, "exc_msg": str|None,
    "warnings": [str]}: the printed text, the type name and str() of an exception
    that escaped the snippet (if any), and every message logged at WARNING or
    above on the ``tensorflow`` logger while it ran.
    """
    namespace = {"__name__": "__snippet__", "tf": tf_module, "np": np}
    reset_log_counts(tf_module)
    logger = logging.getLogger("tensorflow")
    handler = _ListHandler()
    old_level = logger.level
    if logger.getEffectiveLevel() > logging.WARNING:
        logger.setLevel(logging.WARNING)
    logger.addHandler(handler)
    out = io.StringIO()
    exc_type = exc_msg = None
    printoptions = np.get_printoptions()  # snippets may change them; each starts afresh
    try:
        filename = f"<snippet {name}>"
        # Registered like a notebook cell, so inspect.getsource works (AutoGraph needs it).
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        code = compile(source, filename, "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    except Exception as e:  # noqa: BLE001 - everything that escapes is recorded
        exc_type = type(e).__name__
        exc_msg = str(e)
    finally:
        np.set_printoptions(**printoptions)
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    return {
        "stdout": out.getvalue(),
        "exc_type": exc_type,
        "exc_msg": exc_msg,
        "warnings": list(handler.messages),
    }


# ---------------------------------------------------------------------------
# comparison

_SPLIT = re.compile(r"([\s\[\](),=:<>'\"{}])")
_REAL = r"[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf)"
_REAL_RE = re.compile(rf"^{_REAL}$")
_COMPLEX_RE = re.compile(rf"^(?:({_REAL})(?=[-+]))?({_REAL})j$")
RTOL = 1e-5
ATOL = 1e-6


def _tokens(line):
    return [t for t in _SPLIT.split(line) if t and not t.isspace()]


def _number(tok):
    """float or complex for a numeric token, else None."""
    if _REAL_RE.match(tok):
        return float(tok)
    m = _COMPLEX_RE.match(tok)
    if m:
        re_part = float(m.group(1)) if m.group(1) else 0.0
        return complex(re_part, float(m.group(2)))
    return None


def _close(want, got):
    want, got = complex(want), complex(got)
    for x, y in ((want.real, got.real), (want.imag, got.imag)):
        if math.isnan(x) or math.isnan(y):
            if not (math.isnan(x) and math.isnan(y)):
                return False
        elif math.isinf(x) or math.isinf(y):
            if x != y:
                return False
        elif abs(x - y) > ATOL + RTOL * abs(x):
            return False
    return True


def _same_token(want, got):
    if want == got:
        return True
    a, b = _number(want), _number(got)
    if a is None or b is None:
        return False
    return _close(a, b)


def _compare_stdout(want, got):
    wl, gl = want.splitlines(), got.splitlines()
    for i, (w, g) in enumerate(zip(wl, gl)):
        tw, tg = _tokens(w), _tokens(g)
        bad = len(tw) != len(tg) or not all(_same_token(a, b) for a, b in zip(tw, tg))
        if bad:
            return f"stdout line {i + 1} differs:\n  want: {w!r}\n  got:  {g!r}"
    if len(wl) != len(gl):
        return f"stdout has {len(gl)} lines, expected {len(wl)}"
    return None


def compare(expected, got):
    """None when ``got`` matches ``expected`` (both results of run_snippet), else why not.

    stdout: line by line, token by token (split on whitespace and ()[],=:<>'"{}),
    numeric tokens equal within rtol 1e-5 / atol 1e-6 (nan equals nan), other
    tokens exactly. Exception type name and message, and the warnings list: exactly (object
    addresses in warnings masked).
    """
    problems = []
    why = _compare_stdout(expected["stdout"], got["stdout"])
    if why:
        problems.append(why)
    if (expected["exc_type"], expected["exc_msg"]) != (got["exc_type"], got["exc_msg"]):
        problems.append(
            "exception differs:\n"
            f"  want: {expected['exc_type']}: {expected['exc_msg']!r}\n"
            f"  got:  {got['exc_type']}: {got['exc_msg']!r}")
    if _addresses(expected["warnings"]) != _addresses(got["warnings"]):
        problems.append(
            "tensorflow-logger warnings differ:\n"
            f"  want: {expected['warnings']!r}\n"
            f"  got:  {got['warnings']!r}")
    return "\n".join(problems) if problems else None


def _addresses(messages):
    """Warnings with object addresses ('<function f at 0x7f...>') masked."""
    return [re.sub(r" at 0x[0-9a-f]+>", " at 0x...>", m) for m in messages]


def format_result(result):
    """A readable rendering of one run_snippet result (for failure messages)."""
    parts = ["--- stdout ---", result["stdout"].rstrip("\n")]
    if result["exc_type"]:
        parts += ["--- exception ---", f"{result['exc_type']}: {result['exc_msg']}"]
    if result["warnings"]:
        parts += ["--- warnings ---"] + list(result["warnings"])
    return "\n".join(parts)
