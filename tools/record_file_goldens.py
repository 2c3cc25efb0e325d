"""Record TensorFlow's answers for the file tests (tests/test_summary.py,
tests/test_saved_model.py).

Each suite is ``tests/golden/files/programs_SUITE.py``: programs that write and read
event files, profiles and SavedModels and return what they observe (see
tests/golden/files/file_goldens.py). This script runs every program of a suite under
real TensorFlow 2.21, each in an empty temporary directory, in order, in this one
process, and writes their values to ``tests/golden/files/SUITE.json`` with the
provenance (TF's version, the pinned packages, the sha256 of the program file and of
file_readers.py). Run it from the repository root in the reference environment (see
tests/golden/record.py; NOT the project's .venv):

    /tmp/tfref/bin/python tools/record_file_goldens.py              # every suite
    /tmp/tfref/bin/python tools/record_file_goldens.py -s summary   # one suite
    /tmp/tfref/bin/python tools/record_file_goldens.py --check      # compare, write nothing

With --check it records into memory and exits with status 1 unless each golden file is
reproduced byte for byte.
"""
import argparse
import os
import pathlib
import shutil
import sys
import tempfile

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "golden"))
sys.path.insert(0, str(ROOT / "tests" / "golden" / "files"))
import pins

_MISMATCH = pins.check(reference=True)
if _MISMATCH:
    sys.exit("record_file_goldens.py: this environment differs from the pins in "
             "tests/golden/reference.txt:\n  " + "\n  ".join(_MISMATCH) +
             "\nCreate the reference venv as the docstring of tests/golden/record.py says.")

import tensorflow as tf

import file_goldens
from harness import environment


def record(suite):
    """The text of SUITE.json, recorded now."""
    results = {}
    for name in file_goldens.programs(suite):
        workdir = tempfile.mkdtemp(prefix=f"tfcompat_{suite}_{name}_")
        try:
            results[name] = file_goldens.run(suite, name, tf, workdir)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    return file_goldens.dumps({"provenance": environment(tf.__version__),
                               "sources": file_goldens.sources(suite), "results": results})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--suite", action="append", choices=file_goldens.SUITES,
                    help="the suites to record (default: all)")
    ap.add_argument("--check", action="store_true",
                    help="compare with the golden files instead of writing them")
    a = ap.parse_args()
    tf.get_logger()
    differ = []
    for suite in a.suite or file_goldens.SUITES:
        text = record(suite)
        path = file_goldens.path(suite)
        if a.check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{path}: {'reproduced byte for byte' if same else 'DIFFERS'}")
            if not same:
                differ.append(suite)
        else:
            path.write_text(text, encoding="utf-8")
            n = text.count("\n")
            print(f"recorded {len(file_goldens.programs(suite))} programs with TensorFlow "
                  f"{tf.__version__} -> {path} ({n} lines)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
