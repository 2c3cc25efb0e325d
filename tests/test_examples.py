"""Run every script in examples/ with tfcompat and compare its output with what
real TensorFlow 2.21 printed (examples/expected/NAME.txt, written by
examples/record_expected.py).

Lines are compared token by token; numeric tokens may differ by
rtol=1e-4 / atol=1e-5 (float32 arithmetic need not be bit-identical to TF's), and
durations (Keras's progress bar: `38s`, `3ms/step`) may differ at will.  Of each Keras
progress bar only its last line is compared: how many updates it prints in between
depends on how fast the steps run.
"""
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EXPECTED = EXAMPLES / "expected"

NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")
SPLIT = re.compile(r"([\s\[\](),=:<>'\"{}])")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROGRESS = re.compile(r"^\s*\d+/\d+ \u2501")   # "15/15 ━━━━..." (ANSI removed)
DURATION = re.compile(r"^\d+(s|ms|us)(/step)?$")
RTOL, ATOL = 1e-4, 1e-5


def tokens(line):
    return [t for t in SPLIT.split(line) if t and not t.isspace()]


def same_token(got, want):
    if got == want:
        return True
    if NUM.match(got) and NUM.match(want):
        return abs(float(got) - float(want)) <= ATOL + RTOL * abs(float(want))
    if DURATION.match(got) and DURATION.match(want):
        return True
    return got in ("nan", "-nan") and want in ("nan", "-nan")


def same_line(got, want):
    tg, tw = tokens(got), tokens(want)
    return len(tg) == len(tw) and all(same_token(a, b) for a, b in zip(tg, tw))


def output_lines(text):
    """The lines of `text`, ANSI colours removed, each progress bar reduced to its last
    line (its updates are separated by \\r, which splitlines() splits on)."""
    lines = [ANSI.sub("", line) for line in text.splitlines()]
    return [line for k, line in enumerate(lines)
            if not (PROGRESS.match(line) and k + 1 < len(lines) and PROGRESS.match(lines[k + 1]))]


def compare(got, want):
    """Return None when the outputs match, else a message naming the first difference."""
    gl, wl = output_lines(got), output_lines(want)
    for i, (g, w) in enumerate(zip(gl, wl), 1):
        if not same_line(g, w):
            return f"line {i} differs:\n  got:      {g!r}\n  expected: {w!r}"
    if len(gl) != len(wl):
        return f"got {len(gl)} lines, expected {len(wl)}"
    return None


def example_names():
    return sorted(p.stem for p in EXPECTED.glob("*.txt"))


def test_every_example_has_expected_output():
    scripts = {p.stem for p in EXAMPLES.glob("*.py")} - {"record_expected"}
    assert scripts == set(example_names())


@pytest.mark.parametrize("name", example_names())
def test_example(name):
    env = dict(os.environ, PYTHONHASHSEED="0")
    p = subprocess.run([sys.executable, str(EXAMPLES / f"{name}.py")],
                       capture_output=True, text=True, cwd=str(ROOT), env=env,
                       timeout=300)
    assert p.returncode == 0, f"{name}.py exited with {p.returncode}:\n{p.stderr[-3000:]}"
    problem = compare(p.stdout, (EXPECTED / f"{name}.txt").read_text())
    assert problem is None, f"{name}.py: {problem}\n--- stdout:\n{p.stdout}"


def test_comparer():
    assert same_line("tf.Tensor([ 14.778111 109.1963], shape=(2,)",
                     "tf.Tensor([14.77811 109.196304], shape=(2,)")
    assert not same_line("tf.Tensor(6.0, shape=()", "tf.Tensor(6.1, shape=()")
    assert not same_line("dtype=float32", "dtype=float64")
    assert not same_line("[1. 2.]", "[1. 2. 3.]")
    assert same_line("15/15 38s 3s/step - loss: 0.7739", "15/15 0s 7ms/step - loss: 0.7739")
    assert not same_line("15/15 0s 7ms/step - loss: 0.7739", "15/15 0s 7ms/step - loss: 0.8")
    assert not same_line("3s", "3 s")
    bar = "\x1b[1m{}/3\x1b[0m \u2501\u2501 {}s 5ms/step - loss: {}"
    want = "\n".join([bar.format(1, 9, 2.0), bar.format(3, 0, 1.5), "done"])
    got = "\r".join([bar.format(1, 1, 2.0), bar.format(2, 1, 1.7), bar.format(3, 1, 1.5)])
    assert compare(got + "\ndone", want) is None
    assert compare(got.replace("1.5", "1.6") + "\ndone", want) is not None
    assert compare("a\nb\n", "a\nb") is None
    assert compare("a\n", "a\nb\n") is not None
