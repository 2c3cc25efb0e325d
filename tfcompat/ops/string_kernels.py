"""Host kernels of the numeric ops that also take tf.string inputs (`+`, `==`, `!=`):
NumPy functions on object arrays of bytes (see framework/strings.py)."""
import operator

import numpy as np

from ..framework.strings import Kernel

_concat = np.frompyfunc(operator.add, 2, 1)
_eq = np.frompyfunc(operator.eq, 2, 1)


def _equal(x, y):
    return np.asarray(_eq(x, y), bool)


def _not_equal(x, y):
    return ~_equal(x, y)


# tf.add / `+` on strings: TF's Add kernel concatenates elementwise (broadcasting).
add = Kernel(lambda x, y: np.asarray(_concat(x, y), object), name="Add")
equal = Kernel(_equal, outputs=(np.bool_,))
not_equal = Kernel(_not_equal, outputs=(np.bool_,))
