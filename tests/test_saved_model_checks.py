"""tf.saved_model.save / load of tf.functions whose ops check their values when they run
(tfcompat/saved_model/saved_checks.py).

The expected values are TF 2.21's: each program of
tests/golden/files/programs_saved_model_checks.py was run under real TensorFlow by
tools/record_file_goldens.py (``/tmp/tfref/bin/python tools/record_file_goldens.py -s
saved_model_checks``), which wrote what it returned to
tests/golden/files/saved_model_checks.json; here the same program runs under tfcompat
and must return the same. Tests marked "tfcompat only" check where tfcompat deliberately
differs.
"""
import json
import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "golden" / "files"))
import file_goldens
import programs_saved_model_checks

import tfcompat as tf


@pytest.mark.parametrize("name", list(programs_saved_model_checks.PROGRAMS))
def test_same_as_tf(name, tmp_path):
    mine = file_goldens.run("saved_model_checks", name, tf, tmp_path)
    assert mine == file_goldens.golden("saved_model_checks", name)


def _module(body):
    m = tf.Module()
    m.v = tf.Variable([1.0, 2.0, 3.0])
    m.f = tf.function(lambda i: body(m.v, i), input_signature=[tf.TensorSpec([2], tf.int32)])
    return m


@pytest.mark.parametrize("body", [
    lambda v, i: tf.foldr(lambda a, j: a + tf.gather(v, j), i, initializer=0.0),
    lambda v, i: tf.while_loop(lambda k, s: k < 2, lambda k, s: (k + 1, s + tf.gather(v, i[k])),
                               (0, 0.0))[1],
])
def test_checks_in_loops_are_refused(tmp_path, body):
    # tfcompat only: there a check is a host callback, which jax.export cannot serialize
    # (TF saves the function, whose loaded copy raises InvalidArgumentError).
    with pytest.raises(ValueError, match=r"cannot save the tf.function '<lambda>': its run-time "
                                         r"check of tfcompat.ops.indexing_ops._(gather|"
                                         r"dynamic_slice) is inside a loop"):
        tf.saved_model.save(_module(body), str(tmp_path / "a"))
    assert not os.path.exists(tmp_path / "a")


def test_the_check_is_saved_as_json(tmp_path):
    # tfcompat only (its format): the error function is a recipe of tfcompat's code.
    tf.saved_model.save(_module(lambda v, i: tf.gather(v, i)), str(tmp_path / "a"))
    meta = json.loads((tmp_path / "a" / "saved_model.tfcompat.json").read_text())
    [record] = meta["concrete_functions"]
    [check] = record["op_checks"]
    assert (check["arrays"], check["dims"]) == (1, 0)
    assert check["error"]["function"] == "tfcompat.ops.indexing_ops"
    assert check["error"]["qualname"] == "_gather.<locals>.<lambda>"
    assert check["error"]["closure"] == [3]   # the bound of the indices


def test_changed_check_code_is_refused_at_load(tmp_path):
    # tfcompat only: a check whose code is not this tfcompat's is not rebuilt.
    tf.saved_model.save(_module(lambda v, i: tf.gather(v, i)), str(tmp_path / "a"))
    path = tmp_path / "a" / "saved_model.tfcompat.json"
    meta = json.loads(path.read_text())
    meta["concrete_functions"][0]["op_checks"][0]["error"]["code"] = "0" * 16
    path.write_text(json.dumps(meta))
    with pytest.raises(ValueError, match="_gather.<locals>.<lambda> of this SavedModel is not "
                                         "in this version of tfcompat"):
        tf.saved_model.load(str(tmp_path / "a"))


def test_check_code_is_found_by_its_source_not_its_bytecode(tmp_path):
    # tfcompat only: bytecode differs between Python versions and compile options; a
    # SavedModel's check finds its function by the function's source text.
    from tfcompat.saved_model import saved_checks
    path = tmp_path / "module.py"
    path.write_text("def error(i):\n    assert i >= 0\n    return None\n")
    a, b = (compile(path.read_text(), str(path), "exec", optimize=o).co_consts[0]
            for o in (0, 2))   # (optimize=2 drops the assert)
    assert a.co_code != b.co_code
    assert saved_checks._digest(a) == saved_checks._digest(b)


def test_files_saved_before_checks_load(tmp_path):
    # tfcompat only: a function record without "op_checks" (saved before them) loads.
    m = tf.Module()
    m.v = tf.Variable(2.0)
    m.f = tf.function(lambda x: x * m.v, input_signature=[tf.TensorSpec([None], tf.float32)])
    tf.saved_model.save(m, str(tmp_path / "a"))
    path = tmp_path / "a" / "saved_model.tfcompat.json"
    meta = json.loads(path.read_text())
    for record in meta["concrete_functions"]:
        assert record.pop("op_checks") == []
    path.write_text(json.dumps(meta))
    loaded = tf.saved_model.load(str(tmp_path / "a"))
    assert loaded.f(tf.constant([1.0, 3.0])).numpy().tolist() == [2.0, 6.0]


@pytest.mark.parametrize("shape", [[None], [2]])
def test_functions_still_check_after_a_save(tmp_path, shape):
    # A tf.function traced by a save checks as before, and so does the tf.function it
    # calls, traced then too (with unknown dimensions: saved when it has no checks).
    inner = tf.function(lambda v, i: tf.gather(v, i))
    m = tf.Module()
    m.v = tf.Variable([1.0, 2.0, 3.0])
    m.f = tf.function(lambda i: tf.gather(m.v, i), input_signature=[tf.TensorSpec(shape, tf.int32)])
    m.g = tf.function(lambda i: inner(m.v, i), input_signature=[tf.TensorSpec([2], tf.int32)])
    tf.saved_model.save(m, str(tmp_path / "a"))
    for fn in (m.f, m.g, lambda i: inner(m.v, i)):
        with tf.GradientTape(), pytest.raises(tf.errors.InvalidArgumentError,
                                              match=r"indices\[1\] = 3 is not"):
            fn(tf.constant([0, 3]))
        assert fn(tf.constant([2, 0])).numpy().tolist() == [3.0, 1.0]
    loaded = tf.saved_model.load(str(tmp_path / "a"))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[1\] = 3 is not"):
        loaded.g(tf.constant([0, 3]))



def test_a_signature_traced_per_shape_is_listed():
    # Keras's export prints each endpoint's signature from _list_all_concrete_functions()
    # (an int4-quantized Dense has no shape-polymorphic trace: it is traced per shape, as
    # an unknown-rank signature is). The printed signature is TF 2.21's.
    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def g(x):
        return x * 2.0
    [listed] = g._list_all_concrete_functions()
    assert listed.pretty_printed_signature().splitlines() == [
        "Input Parameters:",
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)",
        "Output Type:", "  TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)",
        "Captures:", "  None"]
    assert g(tf.ones([2, 3])).numpy().tolist() == [[2.0] * 3] * 2
