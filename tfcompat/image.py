"""tf.image."""
from .ops.image_ops import (
    ResizeMethod, adjust_brightness, adjust_contrast, central_crop, convert_image_dtype,
    crop_to_bounding_box, flip_left_right, flip_up_down, grayscale_to_rgb,
    pad_to_bounding_box, per_image_standardization, resize, resize_with_crop_or_pad,
    resize_with_pad,
    rgb_to_grayscale, rot90, sobel_edges, transpose,
)
from .ops.image_codec_ops import (
    adjust_jpeg_quality, decode_and_crop_jpeg, decode_bmp, decode_gif, decode_image, decode_jpeg, decode_png,
    encode_jpeg, encode_png, extract_jpeg_shape, is_jpeg,
)
from .ops.image_patches import extract_patches
from .ops.image_glimpse_ops import extract_glimpse
from .ops.image_color_ops import hsv_to_rgb, rgb_to_hsv
from .ops.image_quality_ops import ssim, ssim_multiscale
from .ops.image_adjust_ops import adjust_gamma, adjust_hue, adjust_saturation
from .ops.image_random_ops import (
    random_brightness, random_contrast, random_crop, random_flip_left_right,
    random_flip_up_down, random_hue, random_jpeg_quality, random_saturation,
    stateless_random_brightness,
    stateless_random_contrast, stateless_random_crop, stateless_random_flip_left_right,
    stateless_random_flip_up_down, stateless_random_hue, stateless_random_jpeg_quality,
    stateless_random_saturation,
)
from .ops.image_color_space_ops import rgb_to_yiq, rgb_to_yuv, yiq_to_rgb, yuv_to_rgb
from .ops.image_metrics_ops import image_gradients, psnr, total_variation
from .ops.image_bbox_sampling_ops import (
    sample_distorted_bounding_box, stateless_sample_distorted_bounding_box,
)
from .ops.image_nms_ops import (
    non_max_suppression, non_max_suppression_overlaps, non_max_suppression_with_scores,
)
from .ops.image_crop_resize_ops import crop_and_resize
from .ops.image_draw_boxes_ops import draw_bounding_boxes
from .ops.image_combined_nms_ops import combined_non_max_suppression
from .ops.image_nms_padded_ops import non_max_suppression_padded
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
