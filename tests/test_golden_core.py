"""Golden tests for the tfcompat core: each snippet's output under tfcompat must match
what TensorFlow 2.21 printed (tests/golden/core.json, made by tests/golden/record.py).

What is compared (see golden/harness.py): stdout line by line and token by token
(numbers within rtol 1e-5 / atol 1e-6), the escaping exception's type name and
message exactly, and the WARNING records on the ``tensorflow`` logger exactly.
"""
import json
import pathlib
import sys

import pytest

GOLDEN_DIR = pathlib.Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN_DIR))

from harness import compare, format_result, run_snippet  # noqa: E402
from snippets_core import SNIPPETS  # noqa: E402

GOLDEN = json.loads((GOLDEN_DIR / "core.json").read_text(encoding="utf-8"))
NAMES = list(SNIPPETS)


@pytest.fixture(scope="module")
def tf():
    import tfcompat
    return tfcompat


def test_golden_file_matches_snippets():
    missing = [n for n in NAMES if n not in GOLDEN]
    stale = [n for n in GOLDEN if n not in SNIPPETS]
    assert not missing and not stale, (
        f"core.json is out of date (missing {missing}, stale {stale}); regenerate it with "
        "/tmp/tfref/bin/python tests/golden/record.py")


@pytest.mark.parametrize("name", NAMES, ids=NAMES)
def test_golden_core(tf, name):
    source = SNIPPETS[name]
    expected = GOLDEN[name]
    got = run_snippet(tf, source, name)
    why = compare(expected, got)
    if why is not None:
        pytest.fail(
            f"{why}\n\n=== snippet {name} ===\n{source.rstrip()}\n\n"
            f"=== TensorFlow 2.21 ===\n{format_result(expected)}\n\n"
            f"=== tfcompat ===\n{format_result(got)}",
            pytrace=False)


# --- the comparison itself ---------------------------------------------------

def _r(stdout="", exc=(None, None), warnings=()):
    return {"stdout": stdout, "exc_type": exc[0], "exc_msg": exc[1], "warnings": list(warnings)}


def test_compare_numbers_within_tolerance():
    want = _r("<tf.Tensor: shape=(), dtype=float32, numpy=0.10000000149011612>\n")
    assert compare(want, _r("<tf.Tensor: shape=(), dtype=float32, numpy=0.1>\n")) is None
    assert compare(_r("array([1.5, nan, -inf], dtype=float32)\n"),
                   _r("array([1.5000001, nan, -inf], dtype=float32)\n")) is None
    assert compare(_r("(2-4j)\n"), _r("(2.0000001-4j)\n")) is None
    assert compare(_r("[1.+2.j 3.-4.j]\n"), _r("[1.+2.j 3.-4.j]\n")) is None
    assert compare(_r("numpy=0.1\n"), _r("numpy=0.11\n")) is not None
    assert compare(_r("numpy=nan\n"), _r("numpy=1.0\n")) is not None
    assert compare(_r("numpy=inf\n"), _r("numpy=-inf\n")) is not None


def test_compare_tokens_lines_exceptions_warnings():
    assert compare(_r("dtype=float32\n"), _r("dtype=float64\n")) is not None
    assert compare(_r("a b\n"), _r("a  b\n")) is None
    assert compare(_r("a\nb\n"), _r("a\n")) is not None
    assert compare(_r("[1 2]\n"), _r("[1, 2]\n")) is not None
    assert compare(_r(exc=("ValueError", "x")), _r(exc=("TypeError", "x"))) is not None
    assert compare(_r(exc=("ValueError", "x")), _r(exc=("ValueError", "x "))) is not None
    assert compare(_r(warnings=["w"]), _r(warnings=["w", "w"])) is not None
    assert compare(_r("x\n", ("E", "m"), ["w"]), _r("x\n", ("E", "m"), ["w"])) is None


def test_run_snippet_captures_stdout_exception_and_logger():
    import logging

    class FakeTF:
        pass

    src = ("import logging\nprint('hi', 1 + 1)\n"
           "logging.getLogger('tensorflow').warning('careful %s', 'x')\n"
           "logging.getLogger('tensorflow').info('not this')\n"
           "raise KeyError('k')\n")
    r = run_snippet(FakeTF(), src, "fake")
    assert r == {"stdout": "hi 2\n", "exc_type": "KeyError", "exc_msg": "'k'",
                 "warnings": ["careful x"]}
    assert not any(type(h).__name__ == "_ListHandler"
                   for h in logging.getLogger("tensorflow").handlers)
