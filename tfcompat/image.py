"""tf.image."""
from .ops.image_ops import (
    ResizeMethod, adjust_brightness, adjust_contrast, central_crop, convert_image_dtype,
    crop_to_bounding_box, flip_left_right, flip_up_down, grayscale_to_rgb,
    pad_to_bounding_box, per_image_standardization, resize, resize_with_crop_or_pad,
    resize_with_pad,
    rgb_to_grayscale, rot90, sobel_edges, transpose,
)
from .ops.image_codec_ops import (
    decode_bmp, decode_gif, decode_image, decode_png, encode_png, extract_jpeg_shape,
    is_jpeg,
)
from .ops.image_patches import extract_patches
from .ops.image_color_ops import hsv_to_rgb, rgb_to_hsv
from .ops.image_quality_ops import ssim
