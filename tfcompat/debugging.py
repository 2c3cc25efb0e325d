"""tf.debugging."""
from .ops.check_ops import (
    assert_equal, assert_greater, assert_greater_equal, assert_less, assert_less_equal,
    assert_negative, assert_non_negative, assert_non_positive, assert_none_equal,
    assert_positive,
)
