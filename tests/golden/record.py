"""Record TensorFlow's answers for the golden snippets.

A suite is a module ``tests/golden/snippets_SUITE.py`` defining ``SNIPPETS``; its answers
go to ``tests/golden/SUITE.json``. Regenerate (from the repository root) with the reference
environment: real TensorFlow 2.21 and the pinned versions of everything else, outside the
repository (NOT the project's .venv, which must never contain tensorflow):

    python3 -m venv /tmp/tfref && /tmp/tfref/bin/pip install -r tests/golden/reference.txt

    /tmp/tfref/bin/python tests/golden/record.py             # every suite
    /tmp/tfref/bin/python tests/golden/record.py -s dtypes   # one suite
    /tmp/tfref/bin/python tests/golden/record.py -s dtypes -k NAME   # print, write nothing
    /tmp/tfref/bin/python tests/golden/record.py --check   # reproduces every file byte for byte?
    /tmp/tfref/bin/python tests/golden/record.py --cpu-variants   # on an AVX-512 machine

A suite's ``CPU_DEPENDENT`` snippets give other TF output on another kind of CPU
(harness.cpu_kind): ``--cpu-variants``, run on such a machine, records them into
cpu_variants.json under that kind, which the tests compare with there. The suites' own
files hold the "base" kind's output.

Every snippet of a suite runs in order in this one process, each in a fresh namespace
{tf, np}, through ``harness.run_snippet`` (the same capture the tests use under
tfcompat), on the CPU with oneDNN on (TF's default on recent x86 CPUs; set here). Each
suite's file records its provenance: TensorFlow's version, the pinned package versions,
and each snippet's sha256, so that a snippet edited without re-recording fails its test.
record.py refuses to run when the environment differs from the pins (tools/pins.py
--reference).
"""
import argparse
import importlib
import json
import os
import pathlib
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
# TF turns oneDNN on by itself only on CPUs with AVX-512 VNNI/BF16 or AMX; elsewhere (an
# AMD AVX2 machine) its convolutions and their errors are Eigen's, not the _MklNative ops
# the goldens record.
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1"

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

sys.path.insert(0, str(HERE.parent.parent / "tools"))
import pins

_MISMATCH = pins.check(reference=True)
if _MISMATCH:
    sys.exit("record.py: this environment differs from the pins in "
             "tests/golden/reference.txt, so what it records would not match the tests' "
             "environment:\n  " + "\n  ".join(_MISMATCH) + "\nCreate the reference venv as "
             "the docstring of record.py says.")

import tensorflow as tf

from harness import (cpu_kind, environment, format_result, run_snippet, snippet_sha256,
                     suites)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-s", "--suite", action="append",
                    help="the suites to record (default: all)")
    ap.add_argument("-k", "--only", action="append",
                    help="print the results of snippets whose name contains this; write nothing")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 unless each golden file is reproduced byte "
                         "for byte")
    ap.add_argument("--cpu-variants", action="store_true",
                    help="record the CPU_DEPENDENT snippets for this kind of CPU")
    a = ap.parse_args()
    tf.get_logger()  # make sure TF's logger is set up before the first snippet
    if a.cpu_variants:
        record_cpu_variants()
        return
    same = [record(suite, a.only, a.check) for suite in a.suite or suites()]
    if a.check and not all(same):
        sys.exit(1)


def record(suite, only, check=False):
    """Record `suite` (its snippets whose names contain one of `only`, printed, when
    given); with `check`, compare with the golden file instead of writing it."""
    snippets = importlib.import_module(f"snippets_{suite}").SNIPPETS
    output = HERE / f"{suite}.json"
    results = {}
    for name, source in snippets.items():
        if only and not any(k in name for k in only):
            continue
        results[name] = run_snippet(tf, source, name) | {"sha256": snippet_sha256(source)}
        if only:
            print(f"=== {name}\n{source}{format_result(results[name])}\n")
    if only:
        return
    recorded = {"provenance": environment(tf.__version__), "snippets": results}
    text = json.dumps(recorded, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    if check:
        same = output.read_text(encoding="utf-8") == text
        print(f"{output}: {'reproduced byte for byte' if same else 'DIFFERS'}")
        return same
    output.write_text(text, encoding="utf-8")
    n_exc = sum(1 for r in results.values() if r["exc_type"])
    n_warn = sum(1 for r in results.values() if r["warnings"])
    print(f"recorded {len(results)} snippets ({n_exc} raise, {n_warn} warn) "
          f"with TensorFlow {tf.__version__} -> {output}")
    return True


def record_cpu_variants():
    """Record every suite's CPU_DEPENDENT snippets into cpu_variants.json under this
    CPU's kind (not the "base" kind, which the suites' own files hold)."""
    kind = cpu_kind()
    if kind == "base":
        sys.exit("record.py --cpu-variants: this CPU is of the base kind, which the suites' "
                 "own files hold")
    output = HERE / "cpu_variants.json"
    variants = json.loads(output.read_text(encoding="utf-8")) if output.exists() else {}
    results = {}
    for suite in suites():
        module = importlib.import_module(f"snippets_{suite}")
        for name in getattr(module, "CPU_DEPENDENT", {}):
            source = module.SNIPPETS[name]
            results[f"{suite}:{name}"] = run_snippet(tf, source, name) | {
                "sha256": snippet_sha256(source)}
    variants[kind] = {"provenance": environment(tf.__version__), "snippets": results}
    output.write_text(json.dumps(variants, sort_keys=True, indent=1, ensure_ascii=False)
                      + "\n", encoding="utf-8")
    print(f"recorded {len(results)} snippets for CPU kind {kind} -> {output}")


if __name__ == "__main__":
    main()
