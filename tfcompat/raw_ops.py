"""tf.raw_ops: TF's ops by their op names, called with keyword arguments."""
from .ops.image_transform_ops import ImageProjectiveTransformV3
from .ops.histogram_ops import bucketize as Bucketize
from .ops.indexing_ops import unique_v2 as UniqueV2
from .ops.indexing_ops import unique_with_counts_v2 as UniqueWithCountsV2
