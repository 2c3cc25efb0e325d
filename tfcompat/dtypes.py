"""tf.dtypes."""
from .framework.dtypes import (
    DType, as_dtype, bfloat16, bool, complex64, complex128, double, float16, float32,
    float64, half, int8, int16, int32, int64, resource, string, uint8, uint16, uint32,
    uint64, variant,
)
from .ops.cast_ops import cast
from .ops.clip_ops import saturate_cast
from .ops.unary_ops import complex
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
