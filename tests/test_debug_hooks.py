"""tf.debugging's op hooks (framework/debug_settings.py): dispatch.execute pays one truth
test of an empty list unless check numerics or placement logging is on, and the hook list
empties again when they are turned off (TF's behaviour itself: tests/golden/train_misc)."""
import threading

import numpy as np
import pytest

import tfcompat as tf
from tfcompat.framework import debug_settings


def test_hooks_are_installed_only_while_check_numerics_is_on():
    assert debug_settings.op_hooks == []
    tf.debugging.enable_check_numerics()
    tf.debugging.enable_check_numerics()
    try:
        assert len(debug_settings.op_hooks) == 1
        with pytest.raises(tf.errors.InvalidArgumentError, match="Tensor had -Inf values"):
            tf.math.log(tf.constant([0.0, 1.0]))
    finally:
        tf.debugging.disable_check_numerics()
    assert debug_settings.op_hooks == []
    tf.debugging.disable_check_numerics()   # (off already: nothing)
    assert np.isneginf(tf.math.log(tf.constant(0.0)).numpy())


def test_check_numerics_is_per_thread():
    tf.debugging.enable_check_numerics()
    try:
        seen = []
        thread = threading.Thread(target=lambda: seen.append(tf.math.log(tf.constant(0.0)).numpy()))
        thread.start()
        thread.join()
        assert np.isneginf(seen[0])
    finally:
        tf.debugging.disable_check_numerics()
    assert debug_settings.op_hooks == []


def test_placement_logging_set_after_the_runtime_started_only_reports():
    tf.constant(1.0) + 1.0   # the runtime has started
    tf.debugging.set_log_device_placement(True)
    try:
        assert tf.debugging.get_log_device_placement()
        assert debug_settings.op_hooks == []
    finally:
        tf.debugging.set_log_device_placement(False)
