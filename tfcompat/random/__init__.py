"""tf.random."""
from ..ops.candidate_sampling_ops import (
    all_candidate_sampler, fixed_unigram_candidate_sampler, learned_unigram_candidate_sampler,
    log_uniform_candidate_sampler, uniform_candidate_sampler,
)
from ..ops.random_generator import (
    Generator, create_rng_state, get_global_generator, set_global_generator,
)
from ..ops.random_ops import (
    categorical, gamma, normal, poisson, set_seed, shuffle, truncated_normal, uniform,
)
from ..ops.stateless_random_ops import (
    Algorithm, fold_in, split, stateless_binomial, stateless_categorical, stateless_gamma,
    stateless_normal, stateless_poisson, stateless_truncated_normal, stateless_uniform,
)
from . import experimental
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
