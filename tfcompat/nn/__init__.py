"""tf.nn. The candidate samplers, sampled losses, sparse embedding lookups and CTC load on
first access."""
from . import experimental
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..ops.conv_ops import (
    conv1d, conv1d_transpose, conv2d, conv2d_transpose, conv3d, conv3d_transpose, conv_transpose,
    convolution, depthwise_conv2d, separable_conv2d,
)
from ..ops.conv_backprop_ops import (
    depthwise_conv2d_backprop_filter, depthwise_conv2d_backprop_input,
)
from ..ops.ctc_label_ops import collapse_repeated, ctc_unique_labels
from ..ops.depth_space_ops import depth_to_space, space_to_depth
from ..ops.fractional_pool_ops import fractional_avg_pool, fractional_max_pool
from ..ops.loss_ops import (
    compute_average_loss, l2_loss, log_poisson_loss, scale_regularization_loss,
    sigmoid_cross_entropy_with_logits, softmax_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits, weighted_cross_entropy_with_logits,
)
from ..ops.morphology_ops import dilation2d, erosion2d
from ..ops.norm_ops import l2_normalize
from ..ops.unary_ops import sigmoid, tanh
from ..ops.nn_ops import (
    bias_add, crelu, dropout, elu, embedding_lookup, gelu, leaky_relu, log_softmax, relu, relu6, selu,
    silu, softmax, softplus, softsign, swish,
)
from ..ops.normalization_ops import (
    batch_norm_with_global_normalization, batch_normalization, local_response_normalization, lrn,
    moments, normalize_moments, sufficient_statistics, weighted_moments, zero_fraction,
)
from ..ops.pool_argmax_ops import max_pool_with_argmax
from ..ops.pooling_ops import (
    avg_pool, avg_pool1d, avg_pool2d, avg_pool3d, max_pool, max_pool1d, max_pool2d, max_pool3d,
    pool,
)
from ..ops.sort_ops import approx_max_k, approx_min_k, in_top_k, top_k
from ..ops.space_batch_ops import (
    atrous_conv2d, atrous_conv2d_transpose, space_to_batch, with_space_to_batch,
)

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
