"""Record what real TensorFlow prints for every example into expected/NAME.txt.

Run with a Python that has TensorFlow (a development oracle, never a dependency):

    /tmp/tfref/bin/python examples/record_expected.py            # all examples
    /tmp/tfref/bin/python examples/record_expected.py basic_tape  # some of them

Each example is run in a fresh subprocess with `sys.modules['tfcompat'] = tensorflow`,
so `import tfcompat as tf` picks up real TensorFlow; its stdout becomes the
expected file that tests/test_examples.py compares tfcompat's output against.
"""
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "expected"

PRELUDE = (
    "import os, sys\n"
    "os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')\n"
    "import tensorflow\n"
    "sys.modules['tfcompat'] = tensorflow\n"
    "__file__ = {path!r}\n"
    "sys.argv = [__file__]\n"
    "exec(compile(open(__file__).read(), __file__, 'exec'))\n"
)


def examples(names=()):
    for p in sorted(HERE.glob("*.py")):
        if p.name == "record_expected.py" or p.name.startswith("_"):
            continue
        if names and p.stem not in names:
            continue
        yield p


def main(argv):
    OUT.mkdir(exist_ok=True)
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0")
    failed = 0
    for path in examples(set(argv)):
        code = PRELUDE.format(path=str(path))
        p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                           text=True, cwd=str(ROOT), env=env, timeout=300)
        if p.returncode != 0:
            failed += 1
            print(f"FAILED {path.name}\n{p.stderr[-3000:]}")
            continue
        (OUT / (path.stem + ".txt")).write_text(p.stdout)
        print(f"wrote expected/{path.stem}.txt ({len(p.stdout.splitlines())} lines)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
