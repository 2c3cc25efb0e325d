"""tf.summary and tf.profiler: the files tfcompat writes (event files, profiles), decoded
without TF (tests/golden/files/file_readers.py: TFRecord framing with its CRCs, protobuf
wire format by schema, PNG) and compared with what TF 2.21 (with TensorBoard 2.21) writes
for the same program: tags, steps, plugins, dtypes, shapes, values, histogram buckets,
image pixels, WAV bytes, the graphs tf.summary.trace_export writes, the profile's layout
and events. Wall times, host names and process ids are not compared.

Each program is in tests/golden/files/programs_summary.py; tools/record_file_goldens.py
ran it under real TensorFlow (``/tmp/tfref/bin/python tools/record_file_goldens.py -s
summary``) and wrote what it returned to tests/golden/files/summary.json. Nothing here
imports TensorFlow.
"""
import pathlib
import re
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "golden" / "files"))
import file_goldens
import file_readers
import programs_summary

import tfcompat as tf
from tfcompat.summary import _event_file


def run(name, tmp_path):
    """(tfcompat's value, TF's value) of program `name`."""
    return file_goldens.run("summary", name, tf, tmp_path), file_goldens.golden("summary", name)


EXACT = ["reference_events", "event_file_name", "function_writes_on_every_call",
         "variable_step_and_traced_record_if", "audio_wav", "flush_waits_for_function_writes",
         "trace_export_graph"]


@pytest.mark.parametrize("name", EXACT)
def test_same_as_tf(name, tmp_path):
    mine, tf_value = run(name, tmp_path)
    assert mine == tf_value


def test_every_program_is_tested():
    assert set(EXACT) | {"trace_export_with_profiler", "profiler"} == set(
        programs_summary.PROGRAMS)


def test_crc32c_known_values():
    assert _event_file.crc32c(b"123456789") == 0xE3069283   # the standard check value
    assert _event_file.crc32c(b"") == 0
    assert _event_file.crc32c(b"123456789") == file_readers.crc32c(b"123456789")


def test_trace_export_graph_is_the_concrete_functions_graph(tmp_path):
    # What trace_export wrote (program trace_export_graph, equal to TF's) is the
    # ConcreteFunction.graph of each traced function, as TF instantiates a function:
    # its Placeholders as _Arg nodes, its other nodes, a _Retval per output.
    w = tf.summary.create_file_writer(str(tmp_path))
    my_func, step_fn, x, y, _ = programs_summary._traced_functions(tf)
    tf.summary.trace_on(graph=True)
    my_func(x)
    step_fn(x, y)
    with w.as_default():
        tf.summary.trace_export("t", step=0)
    w.close()
    written = programs_summary._trace_summary(str(tmp_path))["function_graphs"]
    for graph, f in zip(written, [my_func.get_concrete_function(x),
                                  step_fn.get_concrete_function(x, y)], strict=True):
        body = [n for n in graph["nodes"] if n[1] not in ("_Arg", "_Retval")]
        nodes = f.graph.as_graph_def().node
        args = [n.name for n in nodes if n.op == "Placeholder"]
        assert len(args) == len(f.graph.inputs) == sum(n[1] == "_Arg" for n in graph["nodes"])
        assert sorted((n[0], n[1]) for n in body) == sorted(
            (n.name, n.op) for n in nodes if n.op != "Placeholder")
        retvals = [n[2] for n in graph["nodes"] if n[1] == "_Retval"]
        assert retvals == [[t.op.name] for t in f.graph.outputs]


def test_trace_export_with_profiler(tmp_path):
    mine, tf_value = run("trace_export_with_profiler", tmp_path)
    # jax writes its Chrome trace beside the XSpace TF writes
    assert mine.pop("profile_files") == sorted(tf_value.pop("profile_files") +
                                               [["<run>", "<host>.trace.json.gz"]])
    assert mine == tf_value


def test_profiler(tmp_path):
    # The profile is where TF writes it (plugins/profile/<%Y_%m_%d_%H_%M_%S>/<host>.xplane.pb),
    # its XSpace holds TF's "train" event (plane /host:CPU, line python) with the Trace's
    # metadata as stats, and an event of the tf.function run; errors, Profile and
    # stop(save=False) as TF.
    mine, tf_value = run("profiler", tmp_path)
    extra = [["<run>", "<host>.trace.json.gz"]]
    assert mine.pop("files") == sorted(tf_value.pop("files") + extra)
    assert mine.pop("profile_files") == sorted(tf_value.pop("profile_files") + extra)
    # tfcompat only (TF writes no Chrome trace): jax's trace has the same events.
    trace, tf_trace = mine.pop("trace_json"), tf_value.pop("trace_json")
    assert tf_trace is None
    assert trace[0] == ["train", {"extra": "2", "step_num": "1"}]
    assert trace[1:] and all(re.fullmatch(r"PjitFunction\(__inference_my_step_\d+\)", name)
                             for name, _ in trace[1:])
    assert mine == tf_value
