"""Cases of keras's trainer_test.py that tfcompat failed (issue 14), with TF's values: the
literals are TF 2.21's output of tools/keras_trainer_fixes_reference.py (run under
/tmp/tfref/bin/python)."""
import numpy as np
import pytest

from reference_scripts import load

# [first kernel, last kernel, optimizer class (+ dynamic_scale, step_counter)] for
# auto_scale_loss False, True. (float16 layers trained with SGD(1e9): the values differ
# from TF's in their float16 rounding, amplified by the learning rate: rtol 5e-3.)
REF_LOSS_SCALING = [[[[1.0]], [[100830080.0]], "SGD"],
                    [[[1.1073204278945923]], [[100830080.0]], "LossScaleOptimizer",
                     32768.0, 1]]


@pytest.fixture(scope="module")
def ref():
    return load("keras_trainer_fixes_reference")


def test_loss_scaling_prevents_underflow(ref):
    """LossScaleOptimizer's tf.cond branches return None inside the train function."""
    got = ref.loss_scaling()
    for g, w in zip(got, REF_LOSS_SCALING):
        assert g[2:] == w[2:]
        np.testing.assert_allclose(g[0], w[0], rtol=5e-3)
        np.testing.assert_allclose(g[1], w[1], rtol=5e-3)
    assert got[0][0] == [[1.0]]           # without scaling: underflow, no update
    assert got[1][0] != [[1.0]]           # with scaling: updated
