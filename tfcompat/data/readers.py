"""tf.data's file readers. Their elements are tf.string records, which tfcompat does not
have: constructing one raises TypeError naming the reader."""


def _unsupported(api):
    raise TypeError(f"tfcompat does not support string tensors (tf.string): {api} (which "
                    "yields tf.string elements) is not supported.")


class TextLineDataset:
    """tf.data.TextLineDataset: unsupported (string elements)."""

    def __init__(self, *args, **kwargs):
        _unsupported("tf.data.TextLineDataset")


class TFRecordDataset:
    """tf.data.TFRecordDataset: unsupported (string elements)."""

    def __init__(self, *args, **kwargs):
        _unsupported("tf.data.TFRecordDataset")


class FixedLengthRecordDataset:
    """tf.data.FixedLengthRecordDataset: unsupported (string elements)."""

    def __init__(self, *args, **kwargs):
        _unsupported("tf.data.FixedLengthRecordDataset")
