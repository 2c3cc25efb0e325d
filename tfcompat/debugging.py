"""tf.debugging."""
from .ops.assert_ops import Assert
from .ops.check_ops import (
    assert_all_finite, assert_equal, assert_greater, assert_greater_equal, assert_integer,
    assert_less, assert_less_equal, assert_near, assert_negative, assert_non_negative, assert_non_positive,
    assert_none_equal, assert_positive, assert_proper_iterable, assert_rank,
    assert_rank_at_least, assert_rank_in, assert_same_float_dtype, assert_scalar,
    assert_shapes, assert_type, check_numerics,
)
from .framework.debug_settings import (
    disable_traceback_filtering, enable_traceback_filtering, get_log_device_placement,
    is_traceback_filtering_enabled, set_log_device_placement,
)
from .ops.debugging_extras import (
    disable_check_numerics, enable_check_numerics, is_numeric_tensor,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
