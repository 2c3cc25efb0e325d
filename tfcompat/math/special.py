"""tf.math.special."""
from ..ops.special_math_ops import (
    bessel_i0, bessel_i0e, bessel_i1, bessel_i1e, bessel_j0, bessel_j1, bessel_k0, bessel_k0e,
    bessel_k1, bessel_k1e, bessel_y0, bessel_y1, dawsn, expint, fresnel_cos, fresnel_sin,
    spence,
)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
