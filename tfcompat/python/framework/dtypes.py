"""tensorflow.python.framework.dtypes (where TF 2.21 keeps its float8 dtypes)."""
from ...framework.dtypes import (
    DType, as_dtype, bfloat16, complex64, complex128, double, float8_e4m3b11fnuz,
    float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz, float16, float32, float64,
    half, int8, int16, int32, int64, resource, string, uint8, uint16, uint32, uint64, variant,
)
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["DType", "as_dtype", "bfloat16", "complex64", "complex128", "double",
           "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
           "float8_e5m2fnuz", "float16", "float32", "float64", "half", "int8", "int16",
           "int32", "int64", "resource", "string", "uint8", "uint16", "uint32", "uint64",
           "variant"]

_scope_namespace(globals())
