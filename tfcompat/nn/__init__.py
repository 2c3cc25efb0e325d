"""tf.nn. The candidate samplers, sampled losses, sparse embedding lookups and CTC load on
first access."""
from . import experimental
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..ops.conv_ops import (
    conv1d, conv1d_transpose, conv2d, conv2d_transpose, conv3d, conv3d_transpose, conv_transpose,
    convolution, depthwise_conv2d, separable_conv2d,
)
from ..ops.depth_space_ops import depth_to_space, space_to_depth
from ..ops.loss_ops import (
    compute_average_loss, l2_loss, log_poisson_loss, scale_regularization_loss,
    sigmoid_cross_entropy_with_logits, softmax_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits, weighted_cross_entropy_with_logits,
)
from ..ops.norm_ops import l2_normalize
from ..ops.unary_ops import sigmoid, tanh
from ..ops.nn_ops import (
    bias_add, crelu, dropout, elu, embedding_lookup, gelu, leaky_relu, log_softmax, relu, relu6, selu,
    silu, softmax, softplus, softsign, swish,
)
from ..ops.normalization_ops import (
    batch_normalization, local_response_normalization, lrn, moments, normalize_moments,
    sufficient_statistics, weighted_moments, zero_fraction,
)
from ..ops.pooling_ops import (
    avg_pool, avg_pool1d, avg_pool2d, avg_pool3d, max_pool, max_pool1d, max_pool2d, max_pool3d,
    pool,
)
from ..ops.sort_ops import in_top_k, top_k

__getattr__, __dir__ = _lazy_exports(globals(), {
    "..ops.candidate_sampling_ops": (
        "all_candidate_sampler", "compute_accidental_hits", "fixed_unigram_candidate_sampler",
        "learned_unigram_candidate_sampler",
    ),
    "..ops.sampled_loss_ops": ("nce_loss_v2 as nce_loss",
                               "sampled_softmax_loss_v2 as sampled_softmax_loss"),
    "..ops.embedding_sparse_ops": ("embedding_lookup_sparse", "safe_embedding_lookup_sparse"),
    "..ops.ctc_ops": ("ctc_beam_search_decoder", "ctc_greedy_decoder", "ctc_loss"),
})
