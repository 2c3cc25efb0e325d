"""Keras models through tf.saved_model on tfcompat (issue 14): a Sequential built by `fit`
has TF's None batch size in its build shapes, inputs and serving signature (fit's traced
train step sees the element_spec's shapes); nested inputs make signatures of one keyword
per tensor (inputs, inputs_1), positional only with one input; TFSMLayer takes the
variables of the default signature.

The expected values are TF 2.21's output of tools/keras_saved_model_reference.py (run under
/tmp/tfref: ``/tmp/tfref/bin/python tools/keras_saved_model_reference.py``)."""
import importlib.util
import pathlib

import pytest

import tfcompat as tf

_TUPLE_SIGNATURE = (
    "((), [('inputs', TensorSpec(shape=(1,), dtype=tf.float32, name='inputs')), "
    "('inputs_1', TensorSpec(shape=(1, 3), dtype=tf.float32, name='inputs_1'))])")
_TUPLE_OUTPUTS = "[('output_0', TensorSpec(shape=(1,), dtype=tf.float32, name='output_0'))]"

REF = {
    "sequential_fit": [
        "{'input_shape': (None, 3)}", "[(None, 3)]",
        "((), [('inputs', TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs'))])",
        "[('output_0', TensorSpec(shape=(None, 1), dtype=tf.float32, name='output_0'))]",
        "(100, 1)", True],
    "structured_inputs": [
        [kind, _TUPLE_SIGNATURE, _TUPLE_OUTPUTS, [("output_0", [2.0])], "TypeError"]
        for kind in ("tuple", "list", "dict")],
    "multi_input_functional": [
        "((), [('inputs', TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs')), "
        "('inputs_1', TensorSpec(shape=(None, 5), dtype=tf.float32, name='inputs_1'))])",
        "[('output_0', TensorSpec(shape=(None, 1), dtype=tf.float32, name='output_0')), "
        "('output_1', TensorSpec(shape=(None, 1), dtype=tf.float32, name='output_1'))]",
        True],
    "tfsm_layer": [["output_0"], 8, 6, 2, True],
}


@pytest.fixture(scope="module")
def ref():
    path = (pathlib.Path(__file__).resolve().parent.parent / "tools" /
            "keras_saved_model_reference.py")
    spec = importlib.util.spec_from_file_location("keras_saved_model_reference", path)
    tf.register_as_tensorflow()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("case", sorted(REF))
def test_matches_tf(ref, case):
    assert getattr(ref, case)() == REF[case]
