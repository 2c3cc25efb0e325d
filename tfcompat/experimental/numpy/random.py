"""tf.experimental.numpy.random."""
from ...ops.numpy_ops.np_random import (  # noqa: F401
    poisson, rand, randint, randn, random, seed, standard_normal, uniform)
from ...framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
