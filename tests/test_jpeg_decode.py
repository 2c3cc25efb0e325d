"""tf.io.decode_jpeg / encode_jpeg: what tfcompat does not decode or write raises
NotImplementedError naming it (TF's pixels and bytes themselves are checked bit for bit
by the golden suite `jpeg`)."""
import pathlib

import numpy as np
import pytest

import tfcompat as tf

FILES = pathlib.Path(__file__).resolve().parent / "golden" / "files" / "jpeg"


def _data(name):
    return (FILES / name).read_bytes()


def _sof(data):
    """The offset of the SOF0 / SOF2 marker's code byte."""
    for marker in (b"\xff\xc0", b"\xff\xc2"):
        at = data.find(marker)
        if at >= 0:
            return at + 1
    raise AssertionError("no SOF")


def test_arithmetic_coding_not_supported():
    data = bytearray(_data("tf_420_33x47.jpg"))
    data[_sof(data)] = 0xC9
    with pytest.raises(NotImplementedError, match="arithmetic coding"):
        tf.io.decode_jpeg(bytes(data))


def test_lossless_and_12_bit_not_supported():
    data = bytearray(_data("tf_gray_17x23.jpg"))
    at = _sof(data)
    data[at] = 0xC3
    with pytest.raises(NotImplementedError, match="lossless"):
        tf.io.decode_jpeg(bytes(data))
    data[at] = 0xC1
    data[at + 3] = 12   # (the frame's sample precision)
    with pytest.raises(NotImplementedError, match="12-bit"):
        tf.io.decode_jpeg(bytes(data))


def test_truncated_recovery_not_supported():
    data = _data("tf_420_prog_40x31.jpg")
    with pytest.raises(NotImplementedError, match="try_recover_truncated"):
        tf.io.decode_jpeg(data[:-300], try_recover_truncated=True)
    with pytest.raises(NotImplementedError, match="acceptable_fraction"):
        tf.io.decode_jpeg(_data("tf_420_33x47.jpg")[:-300], acceptable_fraction=0.5)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid JPEG data"):
        tf.io.decode_jpeg(data[:-300], acceptable_fraction=0.5)


def test_missing_eoi_recovered():
    data = _data("pil_420_rst_37x26.jpg")
    full = tf.io.decode_jpeg(data).numpy()
    got = tf.io.decode_jpeg(data[:-2], try_recover_truncated=True).numpy()
    np.testing.assert_array_equal(got, full)


def test_decode_jpeg_in_dataset_map_from_files(tmp_path):
    paths = []
    for name in ("tf_420_33x47.jpg", "pil_422_29x21.jpg"):
        (tmp_path / name).write_bytes(_data(name))
        paths.append(str(tmp_path / name))

    def load(path):
        return tf.io.decode_jpeg(tf.io.read_file(path), channels=3)

    ds = tf.data.Dataset.from_tensor_slices(paths).map(load)
    assert ds.element_spec == tf.TensorSpec([None, None, 3], tf.uint8)
    shapes = [tuple(t.shape) for t in ds]
    assert shapes == [(33, 47, 3), (29, 21, 3)]


def test_encode_jpeg_progressive_and_optimize_not_supported():
    img = np.zeros((4, 4, 3), np.uint8)
    with pytest.raises(NotImplementedError, match="progressive"):
        tf.io.encode_jpeg(img, progressive=True)
    with pytest.raises(NotImplementedError, match="optimize_size"):
        tf.io.encode_jpeg(img, optimize_size=True)
