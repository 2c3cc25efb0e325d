"""Record TensorFlow's answers for the golden snippets.

A suite is a module ``tests/golden/snippets_SUITE.py`` defining ``SNIPPETS``; its answers
go to ``tests/golden/SUITE.json``. Regenerate (from the repository root) with a Python
that has real TensorFlow 2.21 installed -- NOT the project's .venv, which must never
contain tensorflow:

    /tmp/tfref/bin/python tests/golden/record.py             # every suite
    /tmp/tfref/bin/python tests/golden/record.py -s core     # one suite
    /tmp/tfref/bin/python tests/golden/record.py -s core -k NAME   # print, write nothing

Every snippet of a suite runs in order in this one process, each in a fresh namespace
{tf, np}, through ``harness.run_snippet`` (the same capture the tests use under
tfcompat). The recording was made with TF 2.21.0 (CPU, oneDNN on, the
default on x86), NumPy 2.4.6, Python 3.11.
"""
import argparse
import importlib
import json
import os
import pathlib
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import tensorflow as tf  # noqa: E402

from harness import format_result, run_snippet, suites  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--suite", action="append",
                    help="the suites to record (default: all)")
    ap.add_argument("-k", "--only", action="append",
                    help="print the results of snippets whose name contains this; write nothing")
    a = ap.parse_args()
    tf.get_logger()  # make sure TF's logger is set up before the first snippet
    for suite in a.suite or suites():
        record(suite, a.only)


def record(suite, only):
    snippets = importlib.import_module(f"snippets_{suite}").SNIPPETS
    output = HERE / f"{suite}.json"
    results = {}
    for name, source in snippets.items():
        if only and not any(k in name for k in only):
            continue
        results[name] = run_snippet(tf, source, name)
        if only:
            print(f"=== {name}\n{source}{format_result(results[name])}\n")
    if only:
        return
    text = json.dumps(results, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    output.write_text(text, encoding="utf-8")
    n_exc = sum(1 for r in results.values() if r["exc_type"])
    n_warn = sum(1 for r in results.values() if r["warnings"])
    print(f"recorded {len(results)} snippets ({n_exc} raise, {n_warn} warn) "
          f"with TensorFlow {tf.__version__} -> {output}")


if __name__ == "__main__":
    main()
