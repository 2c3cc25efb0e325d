"""tf.random.experimental."""
from ..ops.random_generator import (
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from ..ops.stateless_random_ops import (
    Algorithm, fold_in as stateless_fold_in, index_shuffle, split as stateless_split,
    stateless_shuffle,
)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
