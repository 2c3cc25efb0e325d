"""BMP bytes -> numpy image, as TF's DecodeImageV2Op::DecodeBmpV2 reads them
(tensorflow/core/kernels/image/decode_image_op.cc): uncompressed 8-, 24- and 32-bit rows
only (no palette: 8-bit values are gray levels), bottom-up unless the height is negative,
BGR(A) -> RGB(A), a missing alpha 255. The checks and their messages are TF's.
"""
import numpy as np

__all__ = []


class BmpError(Exception):
    """A message of TF's BMP checks (InvalidArgumentError)."""


def _int(data, offset, size):
    return int.from_bytes(data[offset:offset + size], "little", signed=True)


def decode(data, channels):
    """`data` as [height, width, C] uint8, C = `channels` (0, 3 or 4) or the image's own."""
    if len(data) < 32:
        raise BmpError(f"Incomplete bmp content, requires at least 32 bytes to find the "
                       f"header size, width, height, and bpp, got {len(data)} bytes")
    header, width, height = _int(data, 10, 4), _int(data, 18, 4), _int(data, 22, 4)
    image_channels = int(_int(data, 28, 2) / 8)
    if image_channels not in (1, 3, 4):
        raise BmpError(f"Number of channels inherent in the image must be 1, 3 or 4, was "
                       f"{image_channels}")
    channels = channels or image_channels
    if width <= 0:
        raise BmpError("Width must be positive")
    if height == 0:
        raise BmpError("Height must be nonzero")
    if header < 0:
        raise BmpError("header size must be nonnegative")
    rows = abs(height)
    if width * rows >= (2 ** 31 - 1) // 8:
        raise BmpError("Total possible pixel bytes must be less than 2^30")
    row_size = (image_channels * width + 3) // 4 * 4
    diff = len(data) - header - row_size * rows
    if diff:
        raise BmpError(f"Input size should match (header_size + row_size * abs_height) but "
                       f"they differ by {diff}")
    pixels = np.frombuffer(data, np.uint8, row_size * rows, header).reshape(rows, row_size)
    pixels = pixels[:, :width * image_channels].reshape(rows, width, image_channels)
    if height > 0:
        pixels = pixels[::-1]
    if image_channels == 1:
        color = pixels if channels == 1 else np.repeat(pixels, 3, axis=2)
    else:
        color = pixels[:, :, 2::-1]
    if channels != 4:
        return np.ascontiguousarray(color)
    alpha = pixels[:, :, 3:] if image_channels == 4 else np.full((rows, width, 1), 255, np.uint8)
    return np.concatenate([color, alpha], axis=2)
