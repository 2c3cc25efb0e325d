"""Golden tests: each snippet's output under tfcompat must match what TensorFlow 2.21
printed (tests/golden/SUITE.json for each tests/golden/snippets_SUITE.py, made by
tests/golden/record.py).

What is compared (see golden/harness.py): stdout line by line and token by token
(numbers within rtol 1e-5 / atol 1e-6), the escaping exception's type name and
message exactly, and the WARNING records on the ``tensorflow`` logger exactly.
"""
import importlib
import json
import pathlib
import sys

import pytest

GOLDEN_DIR = pathlib.Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN_DIR))

from harness import compare, format_result, run_snippet, suites  # noqa: E402

SUITES = {s: importlib.import_module(f"snippets_{s}").SNIPPETS for s in suites()}
GOLDEN = {s: json.loads((GOLDEN_DIR / f"{s}.json").read_text(encoding="utf-8"))
          for s in SUITES}
CASES = [(s, n) for s, snippets in SUITES.items() for n in snippets]

# Known differences from TF, each with the reason; strict, so a fix is noticed.
KNOWN = {
    "function:function_dynamic_shape_ops":
        "a reshape to a shape computed from tf.shape of a None dimension needs static shapes: "
        "such a function is traced per concrete shape",
    "function:while_loop_shape_invariants_in_function":
        "a loop variable whose shape changes across iterations cannot be an XLA loop carry: "
        "the traced tf.while_loop raises a ValueError naming it (shape_invariants accepted, "
        "but cannot relax shapes)",
    "control_flow:while_loop_gradient_without_maximum_iterations":
        "a traced tf.while_loop is an XLA loop: its reverse-mode gradient needs "
        "maximum_iterations, and raises TF's XLA InvalidArgumentError without it",
    "tape:jacobian_gather_variable_dense_warning":
        "TF's densifying warning names its graph's tensors",
    "ops_in_function:value_dependent_shapes":
        "XLA compiles static shapes: ops whose output shape depends on values computed inside "
        "a tf.function (unique, where(cond), boolean_mask, range, segment_sum, bincount, "
        "confusion_matrix) raise a TypeError naming the op, where TF gives unknown shapes",
    "ops_in_function:traced_shape_arguments":
        "XLA compiles static shapes: a shape/axis/size argument computed inside a tf.function "
        "(reduce axis, reshape shape, tile multiples, one_hot depth, top_k k, slice bounds) "
        "raises a TypeError naming the op and argument",
}


@pytest.fixture(scope="module")
def tf():
    import tfcompat
    return tfcompat


@pytest.mark.parametrize("suite", list(SUITES))
def test_golden_file_matches_snippets(suite):
    missing = [n for n in SUITES[suite] if n not in GOLDEN[suite]]
    stale = [n for n in GOLDEN[suite] if n not in SUITES[suite]]
    assert not missing and not stale, (
        f"{suite}.json is out of date (missing {missing}, stale {stale}); regenerate it "
        f"with /tmp/tfref/bin/python tests/golden/record.py -s {suite}")


@pytest.mark.parametrize("suite,name", [
    pytest.param(s, n, marks=pytest.mark.xfail(reason=KNOWN[f"{s}:{n}"], strict=True))
    if f"{s}:{n}" in KNOWN else (s, n) for s, n in CASES], ids=[f"{s}:{n}" for s, n in CASES])
def test_golden(tf, suite, name):
    source = SUITES[suite][name]
    expected = GOLDEN[suite][name]
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
