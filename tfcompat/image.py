"""tf.image."""
from .ops.image_ops import (
    ResizeMethod, adjust_brightness, adjust_contrast, central_crop, convert_image_dtype,
    crop_to_bounding_box, flip_left_right, flip_up_down, grayscale_to_rgb,
    pad_to_bounding_box, per_image_standardization, resize, resize_with_crop_or_pad,
    resize_with_pad,
    rgb_to_grayscale, rot90, transpose,
)
from .ops.image_patches import extract_patches
