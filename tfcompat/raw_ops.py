"""tf.raw_ops: TF's ops by their op names, called with keyword arguments."""
from .ops.image_transform_ops import ImageProjectiveTransformV3
from .ops.histogram_ops import bucketize as Bucketize
from .ops.audio_ops import decode_wav as DecodeWav
from .ops.audio_ops import encode_wav as EncodeWav
from .ops.search_ops import unique_v2 as UniqueV2
from .ops.search_ops import unique_with_counts_v2 as UniqueWithCountsV2
from .ops.conv_backprop_ops import raw_conv as Conv
from .ops.conv_backprop_ops import raw_conv2d_backprop_filter_v2 as Conv2DBackpropFilterV2
from .ops.conv_backprop_ops import raw_conv2d_backprop_input_v2 as Conv2DBackpropInputV2
from .ops.conv_backprop_ops import (
    raw_depthwise_backprop_filter as DepthwiseConv2dNativeBackpropFilter,
)
from .ops.conv_backprop_ops import (
    raw_depthwise_backprop_input as DepthwiseConv2dNativeBackpropInput,
)
from .ops.fft_ops import raw_fftnd as FFTND, raw_ifftnd as IFFTND
from .ops.fft_ops import raw_irfftnd as IRFFTND, raw_rfftnd as RFFTND
from .ops.fingerprint_ops import fingerprint as Fingerprint
from .ops.index_shuffle_ops import random_index_shuffle as RandomIndexShuffle
from .ops.sobol_ops import sobol_sample as SobolSample
from .ops.fractional_pool_ops import raw_fractional_avg_pool as FractionalAvgPool
from .ops.fractional_pool_ops import raw_fractional_max_pool as FractionalMaxPool
from .ops.image_patches import raw_extract_volume_patches as ExtractVolumePatches
from .ops.morphology_ops import raw_dilation2d as Dilation2D
from .ops.pool_argmax_ops import raw_max_pool_with_argmax as MaxPoolWithArgmax
from .ops.sort_ops import raw_approx_top_k as ApproxTopK
from .ops.utility_ops import prevent_gradient as PreventGradient
from .ops.nn_ops import raw_bias_add_grad as BiasAddGrad
from .ops.space_batch_ops import raw_batch_to_space_nd as BatchToSpaceND
from .ops.space_batch_ops import raw_space_to_batch_nd as SpaceToBatchND
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
