"""tf.math."""
from ..ops.arithmetic_ops import (
    accumulate_n, add, add_n, atan2, divide, divide_no_nan, floordiv, floormod,
    invert_permutation, is_non_decreasing, is_strictly_increasing, maximum, minimum, mod,
    multiply, multiply_no_nan, nextafter, polyval, pow, scalar_mul, squared_difference,
    subtract, truediv,
)
from ..ops.normalization_ops import zero_fraction
from ..ops.comparison_ops import (
    equal, greater, greater_equal, less, less_equal, logical_and, logical_not, logical_or,
    logical_xor, not_equal,
)
from ..ops.norm_ops import l2_normalize
from ..ops.unary_ops import (
    abs, acos, acosh, angle, asin, asinh, atan, atanh, ceil, conj, cos, cosh, exp, expm1,
    floor, imag, is_finite, is_inf, is_nan, log, log1p, negative, real, reciprocal,
    reciprocal_no_nan, rint, round, rsqrt, sigmoid, sign, sin, sinh, sqrt, square, tan,
    tanh,
)
from ..ops.nn_ops import log_sigmoid, log_softmax, softmax, softplus, softsign
from ..ops.reduction_ops import (
    argmax, argmin, count_nonzero, cumprod, cumsum, cumulative_logsumexp, reduce_all,
    reduce_any, reduce_euclidean_norm, reduce_logsumexp, reduce_max, reduce_mean, reduce_min,
    reduce_prod, reduce_std, reduce_sum, reduce_variance,
)
from ..ops.segment_ops import (
    bincount, confusion_matrix, segment_max, segment_mean, segment_min, segment_prod,
    segment_sum, unsorted_segment_max, unsorted_segment_mean, unsorted_segment_min,
    unsorted_segment_prod, unsorted_segment_sqrt_n, unsorted_segment_sum,
)
from ..ops.sobol_ops import sobol_sample
from ..ops.sort_ops import approx_max_k, approx_min_k, in_top_k, top_k
from ..ops.special_math_ops import (
    bessel_i0, bessel_i0e, bessel_i1, bessel_i1e, betainc, digamma, erf, erfc, erfcinv,
    erfinv, igamma, igammac, lbeta, lgamma, ndtri, polygamma, xdivy, xlog1py,
    xlogy, zeta,
)
from . import special
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
