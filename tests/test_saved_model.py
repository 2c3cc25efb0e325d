"""tf.saved_model.save / load.

The expected values are TF 2.21's: each program of tests/golden/files/programs_saved_model.py
was run under real TensorFlow by tools/record_file_goldens.py
(``/tmp/tfref/bin/python tools/record_file_goldens.py -s saved_model``), which wrote what
it returned to tests/golden/files/saved_model.json; here the same program runs under
tfcompat and must return the same. Tests marked "tfcompat only" check behaviour where
tfcompat deliberately differs (its file format, an unsupported option).
"""
import os
import pathlib
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "golden" / "files"))
import file_goldens
import programs_saved_model

import tfcompat as tf


def run(name, tmp_path):
    """(tfcompat's value, TF's value) of program `name`."""
    return file_goldens.run("saved_model", name, tf, tmp_path), \
        file_goldens.golden("saved_model", name)


# Compared exactly; the other two programs have their own tests below.
EXACT = ["object_graph_and_variables", "calls_match_saved_traces",
         "assignments_and_default_signature", "unknown_dimension_and_gradients",
         "called_inside_tf_function", "nested_inputs_and_outputs", "explicit_signatures",
         "missing_directory", "resave_and_overwrite", "string_variable_saved",
         "signature_specs", "save_retraces", "functions_from_properties",
         "kernels_of_unknown_size"]


@pytest.mark.parametrize("name", EXACT)
def test_same_as_tf(name, tmp_path):
    mine, tf_value = run(name, tmp_path)
    assert mine == tf_value


def test_custom_gradient_survives(tmp_path):
    mine, tf_value = run("custom_gradient_survives", tmp_path)
    grad, tf_grad = mine.pop("grad"), tf_value.pop("grad")
    assert mine == tf_value
    np.testing.assert_allclose(grad, tf_grad, rtol=1e-6)   # float32 norm and division


def test_generator_state_advances(tmp_path):
    # Philox normals: float32 transforms (log, sqrt, sin) may differ from TF's in the last bit.
    mine, tf_value = run("generator_state_advances", tmp_path)
    for key in ("first", "after save", "loaded"):
        np.testing.assert_allclose(mine.pop(key), tf_value.pop(key), rtol=1e-6)
    assert mine == tf_value


def test_every_program_is_tested():
    assert set(EXACT) | {"custom_gradient_survives", "generator_state_advances"} == set(
        programs_saved_model.PROGRAMS)


def test_custom_gradients_false_is_refused(tmp_path):
    # tfcompat only: TF would save the forward computation's own gradient instead.
    custom = programs_saved_model._custom(tf)
    with pytest.raises(ValueError, match="experimental_custom_gradients=False"):
        tf.saved_model.save(custom(), str(tmp_path / "c"), options=tf.saved_model.SaveOptions(
            experimental_custom_gradients=False))
    assert not os.path.exists(tmp_path / "c")


def test_string_functions_are_refused(tmp_path):
    # tfcompat only: tf.string ops run as host callbacks, which jax.export cannot serialize
    # (TF saves such functions). Without the function the module saves (string variables
    # too: program string_variable_saved).
    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable("pre")

        @tf.function
        def f(self, s):
            return self.v + s

    m = M()
    m.f(tf.constant(["a"]))   # traced: a concrete function to save
    with pytest.raises(ValueError, match="cannot save the tf.function 'f'.*tf.string"):
        tf.saved_model.save(m, str(tmp_path / "a"))
    m.f = None
    tf.saved_model.save(m, str(tmp_path / "b"))
    assert tf.saved_model.contains_saved_model(str(tmp_path / "b"))


@pytest.mark.parametrize("spec", [tf.SparseTensorSpec([None, 3], tf.float32),
                                  tf.RaggedTensorSpec([None, None], tf.float32)])
def test_composite_signatures_are_refused(tmp_path, spec):
    # tfcompat only: its SavedModel saves functions of tf.TensorSpec inputs (TF saves
    # composite specs too, and the loaded function takes a SparseTensor/RaggedTensor).
    class M(tf.Module):
        @tf.function(input_signature=[spec])
        def f(self, x):
            return x.values

    with pytest.raises(ValueError, match=f"cannot save the tf.function 'f': its "
                                         f"input_signature holds {type(spec).__name__}"):
        tf.saved_model.save(M(), str(tmp_path / "a"))
    assert not os.path.exists(tmp_path / "a")


def test_composite_traces_are_not_saved(tmp_path, caplog):
    # tfcompat only: a trace of a SparseTensor argument is left out, with a warning.
    class M(tf.Module):
        @tf.function
        def f(self, x):
            return tf.sparse.reduce_sum(x, axis=1)

    m = M()
    m.f(tf.SparseTensor([[0, 0], [1, 2]], [1., 2.], [2, 3]))
    tf.saved_model.save(m, str(tmp_path / "a"))
    assert "cannot describe a composite argument (of SparseTraceType)" in caplog.text
