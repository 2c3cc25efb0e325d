"""Capture and comparison shared by the golden recorder and the golden tests.

``run_snippet`` is the ONE implementation of output capture. ``record.py`` runs it
under real TensorFlow to produce the golden JSON; the tests run it under tfcompat and
compare the two results with ``compare``.

This module must never import tensorflow.
"""
import contextlib
import hashlib
import io
import linecache
import logging
import math
import pathlib
import re
import sys
import tempfile

import numpy as np

__all__ = ["run_snippet", "compare", "Tolerance", "reset_log_counts", "format_result", "suites",
           "snippet_sha256", "environment", "pinned_versions", "as_this_python"]

_ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(_ROOT / "tools"))
import pins

_TF_LOGGING_MODULE = "tensorflow.python.platform.tf_logging"


def suites():
    """The golden suites: SUITE for each tests/golden/snippets_SUITE.py."""
    here = pathlib.Path(__file__).resolve().parent
    return sorted(p.stem[len("snippets_"):] for p in here.glob("snippets_*.py"))


def cpu_kind():
    """The kind of x86 CPU a snippet's TF output may depend on: "avx512" where the CPU has
    AVX-512F (TF 2.21's float64 log and log1p give other bits there), else "base" (the
    AVX2 machine the suites' own files were recorded on)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            flags = next((line.split(":", 1)[1].split() for line in f
                          if line.startswith("flags")), [])
    except OSError:
        return "base"
    return "avx512" if "avx512f" in flags else "base"


def snippet_sha256(source):
    """The hash a golden record keeps of the snippet it was recorded from."""
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def pinned_versions(names=None):
    """{package: version} pinned in constraints.txt (only ``names`` when given)."""
    pinned = pins.read(pins.CONSTRAINTS)
    return {n: v for n, v in pinned.items() if names is None or n in names}


def environment(tf_version):
    """The provenance a golden file records: TensorFlow's version and the installed
    version of each package that both the tests and the reference environment pin
    (numpy, ml_dtypes, keras, ...)."""
    have = pins.installed()
    shared = set(pins.read(pins.REFERENCE, follow=False)) & set(pinned_versions())
    return {"tensorflow": tf_version, "packages": {n: have[n] for n in sorted(shared)}}


class _ListHandler(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        if record.levelno >= logging.WARNING:
            self.messages.append(record.getMessage())


_TF_TRACING_MODULE = "tensorflow.python.eager.polymorphic_function.polymorphic_function"


def reset_log_counts(tf_module):
    """Forget the log_first_n counters and the frequent-retracing statistics, so every
    snippet starts from fresh counts (both are keyed by code objects, which compare equal
    across snippets, so what earlier snippets left would depend on garbage collection).

    tfcompat exposes ``_reset_log_counts()``; real TF keeps its counters in
    ``tf_logging._log_counter_per_token`` (a dict keyed by (file, line)) and its
    retracing statistics in ``polymorphic_function._frequent_tracing_detector_manager``.
    """
    reset = getattr(tf_module, "_reset_log_counts", None)
    if callable(reset):
        reset()
        return
    tf_logging = sys.modules.get(_TF_LOGGING_MODULE)
    counters = getattr(tf_logging, "_log_counter_per_token", None)
    if counters is not None:
        counters.clear()
    tracing = sys.modules.get(_TF_TRACING_MODULE)
    manager = getattr(tracing, "_frequent_tracing_detector_manager", None)
    if manager is not None:
        with manager._lock:
            manager._detectors.clear()


def run_snippet(tf_module, source, name="snippet"):
    """Run ``source`` in a fresh namespace {tf, np} and capture what it does.

    Returns {"stdout": str, "exc_type": str|None, "exc_msg": str|None,
    "warnings": [str]}: the printed text, the type name and str() of an exception
    that escaped the snippet (if any), and every message logged at WARNING or
    above on the ``tensorflow`` logger while it ran; ``_address`` masks all three.
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
    # The snippet's temporary files (mkdtemp, checkpoints) go in a folder removed after it.
    scratch = tempfile.TemporaryDirectory(prefix="snippet-", ignore_cleanup_errors=True)
    tempdir, tempfile.tempdir = tempfile.tempdir, scratch.name
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
        tempfile.tempdir = tempdir
        scratch.cleanup()
        np.set_printoptions(**printoptions)
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    return {
        "stdout": _address(out.getvalue()),
        "exc_type": exc_type,
        "exc_msg": None if exc_msg is None else _address(exc_msg),
        "warnings": _addresses(handler.messages),
    }


# ---------------------------------------------------------------------------
# comparison

class Tolerance:
    """A snippet's opt-in to comparing float values within a tolerance, with its reason.

    Only for outputs that are not exact across implementations: TF's own float32 kernels
    (Eigen's and oneDNN's vectorised math, reduction and matmul order depend on the CPU),
    or float64 results whose last bits depend on an algorithm's summation order or on a
    libm's rounding (XLA's float64 exp is not glibc's). ``reason`` says which.
    float32 values compare within ``rtol``/``atol``; float64 values printed at full
    precision compare exactly unless ``float64_ulps`` allows that many units in the last
    place. Everything else still compares exactly: integers, strings, the sign of zero,
    int-vs-float literals.
    """

    def __init__(self, reason, rtol=1e-6, atol=0.0, float64_ulps=0):
        assert reason, "a float tolerance needs its reason"
        self.reason, self.rtol, self.atol = reason, rtol, atol
        self.float64_ulps = float64_ulps

    def __repr__(self):
        return (f"Tolerance({self.reason!r}, rtol={self.rtol}, atol={self.atol}, "
                f"float64_ulps={self.float64_ulps})")


# A token: a quoted (byte) string as one token, else a run of non-separators, else one
# separator character. Whitespace between tokens is dropped.
_TOKEN = re.compile(r"""b?'(?:[^'\\\n]|\\.)*'|b?"(?:[^"\\\n]|\\.)*"|[^\s\[\](),=:<>'"{}]+|\S""")
_INT_RE = re.compile(r"^[-+]?\d+$")
_REAL = r"[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf)"
_REAL_RE = re.compile(rf"^{_REAL}$")
_COMPLEX_RE = re.compile(rf"^(?:({_REAL})(?=[-+]))?({_REAL})j$")
_F32_DIGITS = 9  # float32's shortest round-trip repr never needs more significant digits


def _tokens(line):
    return _TOKEN.findall(line)


def _significant_digits(tok):
    mantissa = re.split(r"[eE]", tok.lstrip("+-"))[0].replace(".", "").lstrip("0")
    return len(mantissa)


def _float_close(want_tok, want, got_tok, got, tol):
    if math.isnan(want) or math.isnan(got):
        return math.isnan(want) and math.isnan(got)
    if math.copysign(1.0, want) != math.copysign(1.0, got) and (want == 0 or got == 0):
        return False  # the sign of zero counts
    if want == got:
        return True
    if math.isinf(want) or math.isinf(got):
        return False
    short = (_significant_digits(want_tok) <= _F32_DIGITS
             and _significant_digits(got_tok) <= _F32_DIGITS)
    widened = float(np.float32(want)) == want and float(np.float32(got)) == got
    if not (short or widened):  # a float64 printed at full precision
        return abs(want - got) <= tol.float64_ulps * np.spacing(abs(want))
    return abs(want - got) <= tol.atol + tol.rtol * abs(want)


def _parts(tok):
    """(real, imag) float tokens of a numeric token, or None; ints are not parts."""
    if _REAL_RE.match(tok):
        return (tok,)
    m = _COMPLEX_RE.match(tok)
    if m:
        return (m.group(1) or "0.", m.group(2))
    return None


def _same_token(want, got, tol):
    if want == got:
        return True
    if tol is None or _INT_RE.match(want) or _INT_RE.match(got):
        return False  # integers (and everything without a tolerance) compare exactly
    a, b = _parts(want), _parts(got)
    if a is None or b is None or len(a) != len(b):
        return False
    return all(_float_close(x, float(x), y, float(y), tol) for x, y in zip(a, b))


def _compare_stdout(want, got, tol):
    if tol is not None:
        return _compare_tolerated(want, got, tol)
    wl, gl = want.splitlines(), got.splitlines()
    for i, (w, g) in enumerate(zip(wl, gl)):
        if w != g:
            return f"stdout line {i + 1} differs:\n  want: {w!r}\n  got:  {g!r}"
    if len(wl) != len(gl):
        return f"stdout has {len(gl)} lines, expected {len(wl)}"
    return None


def _compare_tolerated(want, got, tol):
    """Token by token across lines: NumPy wraps a printed array by the width of its
    values, which the tolerated last digits change."""
    tw, tg = list(_TOKEN.finditer(want)), _tokens(got)
    for i, (a, b) in enumerate(zip(tw, tg)):
        if not _same_token(a.group(), b, tol):
            line = want.count("\n", 0, a.start())
            return (f"stdout token {i + 1} differs:\n  want: {a.group()!r} in line "
                    f"{want.splitlines()[line]!r}\n  got:  {b!r}")
    if len(tw) != len(tg):
        return f"stdout has {len(tg)} tokens, expected {len(tw)}"
    return None


_OPEN, _CLOSE = "([{", ")]}"


def _skip_string(text, i):
    """The index after the quoted string literal that starts at ``text[i]``."""
    quote, i = text[i], i + 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _balanced_end(text, i, stops):
    """The index of the first character of ``stops`` at bracket depth 0 from ``i``."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "'\"":
            i = _skip_string(text, i)
            continue
        if depth == 0 and c in stops:
            return i
        depth += (c in _OPEN) - (c in _CLOSE)
        if depth < 0:
            return None
        i += 1
    return None


def _ordered_dict_items(text, i):
    """[(key, value)] of a Python 3.11 ``OrderedDict([(k, v), ...])`` whose list opens at
    ``text[i]``, and the index after its closing ``)``; None when it is not one."""
    items, i = [], i + 1
    while text.startswith("(", i):
        comma = _balanced_end(text, i + 1, ",")
        end = None if comma is None else _balanced_end(text, comma + 2, ")")
        if end is None:
            return None
        items.append((text[i + 1:comma], text[comma + 2:end]))
        i = end + 1
        if text.startswith(", (", i):
            i += 2
    return (items, i + 2) if text.startswith("])", i) else None


def as_this_python(text):
    """``text``, printed under the Python 3.11 the goldens were recorded with, as this
    Python prints it. From 3.12 on, ``repr(OrderedDict)`` is ``OrderedDict({k: v})``, not
    ``OrderedDict([(k, v)])`` (TF prints the element_spec of make_csv_dataset with it)."""
    if text is None or sys.version_info < (3, 12):
        return text
    return ordered_dicts_as_312(text)


def ordered_dicts_as_312(text):
    """``text`` with each 3.11 ``OrderedDict([(k, v), ...])`` in 3.12's form."""
    out, i = [], 0
    while (j := text.find("OrderedDict([", i)) >= 0:
        parsed = _ordered_dict_items(text, j + len("OrderedDict("))
        if parsed is None:
            out.append(text[i:j + 1])
            i = j + 1
            continue
        items, end = parsed
        body = ", ".join(f"{k}: {ordered_dicts_as_312(v)}" for k, v in items)
        out.append(f"{text[i:j]}OrderedDict({{{body}}})")
        i = end
    return "".join(out) + text[i:]


def without_313_hints(text):
    """``text`` without the hints Python 3.13 adds to its own messages, on both sides of a
    comparison: a setattr on a ``__slots__`` object adds " and no __dict__ for setting new
    attributes" (3.11's message, which the goldens carry, cannot tell a setattr from a
    getattr), and an unexpected keyword adds ". Did you mean 'k'?"."""
    if text is None:
        return text
    text = text.replace(" and no __dict__ for setting new attributes", "")
    return re.sub(r"(unexpected keyword argument '[^']*')\. Did you mean '[^']*'\?",
                  r"\1", text)


def _texts_mapped(result, f):
    return dict(result, stdout=f(result["stdout"]), exc_msg=f(result["exc_msg"]),
                warnings=[f(m) for m in result["warnings"]])


def compare(expected, got, tolerance=None):
    """None when ``got`` matches ``expected`` (both results of run_snippet), else why not.

    stdout: exactly, line by line. With a ``Tolerance`` (a snippet's opt-in), it may
    differ in its float tokens and in where its lines break: it is split into tokens (a
    quoted string is one token, whitespace between tokens is dropped), non-numeric tokens, integers and the sign of zero
    compare exactly, an int literal never matches a float literal, float64 values printed at
    full precision compare exactly, and float32 values within the tolerance (nan equals nan).
    Exception type name and message, and the warnings list: exactly.
    """
    expected = _texts_mapped(expected, as_this_python)
    if sys.version_info >= (3, 13):
        expected = _texts_mapped(expected, without_313_hints)
        got = _texts_mapped(got, without_313_hints)
    problems = []
    why = _compare_stdout(expected["stdout"], got["stdout"], tolerance)
    if why:
        problems.append(why)
    if (expected["exc_type"], expected["exc_msg"]) != (got["exc_type"], got["exc_msg"]):
        problems.append(
            "exception differs:\n"
            f"  want: {expected['exc_type']}: {expected['exc_msg']!r}\n"
            f"  got:  {got['exc_type']}: {got['exc_msg']!r}")
    if expected["warnings"] != got["warnings"]:
        problems.append(
            "tensorflow-logger warnings differ:\n"
            f"  want: {expected['warnings']!r}\n"
            f"  got:  {got['warnings']!r}")
    return "\n".join(problems) if problems else None


def _address(text):
    """`text` with what depends on the process's history masked: object addresses
    ('<function f at 0x7f...>'), the counters in the names of traced functions and
    py_functions ('__inference_f_123', 'pyfunc_4'), and protobuf's per-process
    debug-string marker."""
    text = re.sub(r" at 0x[0-9a-f]+>", " at 0x...>", text)
    text = re.sub(r"(__inference_\S*?_|\bpyfunc_)\d+\b", r"\1N", text)
    return re.sub(r"goo\.gle/debug(?:only|str) +", "goo.gle/debug... ", text)


def _addresses(messages):
    return [_address(m) for m in messages]


def format_result(result):
    """A readable rendering of one run_snippet result (for failure messages)."""
    parts = ["--- stdout ---", result["stdout"].rstrip("\n")]
    if result["exc_type"]:
        parts += ["--- exception ---", f"{result['exc_type']}: {result['exc_msg']}"]
    if result["warnings"]:
        parts += ["--- warnings ---"] + list(result["warnings"])
    return "\n".join(parts)
