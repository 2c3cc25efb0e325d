"""Golden values of the file tests (tests/test_summary.py, tests/test_saved_model.py):
programs that write or read files (event files, profiles, SavedModels) and return what
they observe, run under real TensorFlow 2.21 by tools/record_file_goldens.py and under
tfcompat by the tests.

A suite is ``programs_SUITE.py`` in this folder; its ``PROGRAMS`` maps a name to a
function ``program(tf, workdir)`` (``tf``: the module under test; ``workdir``: an empty
directory of its own) that returns a JSON-able value. ``SUITE.json`` holds TF's values,
with the provenance of the recording: TensorFlow's version, the pinned packages, and the
sha256 of the program file and of file_readers.py (a program or the decoder edited
without re-recording fails the tests).

This module must never import tensorflow.
"""
import hashlib
import importlib
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import file_readers
import harness

SUITES = ("saved_model", "saved_model_checks", "summary")
TF_VERSION = "2.21.0"


def programs(suite):
    """{name: program} of a suite, in order."""
    return importlib.import_module(f"programs_{suite}").PROGRAMS


def sources(suite):
    """{file name: sha256} of the files a suite's values depend on."""
    return {name: hashlib.sha256((HERE / name).read_bytes()).hexdigest()
            for name in (f"programs_{suite}.py", "file_readers.py")}


def run(suite, name, tf, workdir):
    """What program `name` of `suite` returns under `tf`, as JSON holds it."""
    return file_readers.jsonable(programs(suite)[name](tf, str(workdir)))


def path(suite):
    return HERE / f"{suite}.json"


def dumps(recorded):
    """The text of a golden file (the recorder writes exactly this)."""
    return json.dumps(recorded, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


_loaded = {}


def golden(suite, name):
    """TF's value for program `name`, after checking that the golden file was recorded
    from the current programs with TF 2.21 and the pinned packages."""
    if suite not in _loaded:
        recorded = json.loads(path(suite).read_text(encoding="utf-8"))
        assert recorded["provenance"]["tensorflow"] == TF_VERSION, recorded["provenance"]
        assert recorded["sources"] == sources(suite), (
            f"{path(suite).name} was recorded from other sources than the current ones: "
            f"re-record with /tmp/tfref/bin/python tools/record_file_goldens.py -s {suite}")
        packages = recorded["provenance"]["packages"]
        assert packages == harness.pinned_versions(packages) and "numpy" in packages, (
            f"{path(suite).name} was recorded with other versions than constraints.txt "
            f"pins; re-record it in the reference environment (tests/golden/reference.txt)")
        _loaded[suite] = recorded["results"]
    return _loaded[suite][name]
