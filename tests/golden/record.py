"""Record TensorFlow's answers for the core golden snippets.

Regenerate ``tests/golden/core.json`` (from the repository root) with a Python
that has real TensorFlow 2.21 installed -- NOT the project's .venv, which must never
contain tensorflow:

    /tmp/tfref/bin/python tests/golden/record.py            # writes tests/golden/core.json
    /tmp/tfref/bin/python tests/golden/record.py -o OUT.json
    /tmp/tfref/bin/python tests/golden/record.py -k NAME    # print some results, write nothing

Every snippet of ``snippets_core.SNIPPETS`` runs in order in this one process, each in
a fresh namespace {tf, np}, through ``harness.run_snippet`` (the same capture the tests
use under tfcompat). The recording was made with TF 2.21.0 (CPU, oneDNN on, the
default on x86), NumPy 2.4.6, Python 3.11.
"""
import argparse
import json
import os
import pathlib
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tensorflow as tf  # noqa: E402

from harness import format_result, run_snippet  # noqa: E402
from snippets_core import SNIPPETS  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default=str(HERE / "core.json"))
    ap.add_argument("-k", "--only", action="append",
                    help="print the results of snippets whose name contains this; write nothing")
    a = ap.parse_args()
    tf.get_logger()  # make sure TF's logger is set up before the first snippet
    results = {}
    for name, source in SNIPPETS.items():
        if a.only and not any(k in name for k in a.only):
            continue
        results[name] = run_snippet(tf, source, name)
        if a.only:
            print(f"=== {name}\n{source}{format_result(results[name])}\n")
    if a.only:
        return
    text = json.dumps(results, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    pathlib.Path(a.output).write_text(text, encoding="utf-8")
    n_exc = sum(1 for r in results.values() if r["exc_type"])
    n_warn = sum(1 for r in results.values() if r["warnings"])
    print(f"recorded {len(results)} snippets ({n_exc} raise, {n_warn} warn) "
          f"with TensorFlow {tf.__version__} -> {a.output}")


if __name__ == "__main__":
    main()
