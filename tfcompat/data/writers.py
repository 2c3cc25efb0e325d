"""tf.data.experimental.TFRecordWriter: a dataset of scalar strings written as a TFRecord
file (tf.io.TFRecordWriter's bytes: plain, ZLIB or GZIP).

Differs from TF: `write` runs eagerly only; inside tf.function it raises a TypeError (TF
stages a DatasetToTFRecord op)."""
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.context import executing_eagerly
from ..framework.deprecation import warn_deprecated
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..io.tf_record import TFRecordOptions
from ..io.tf_record import TFRecordWriter as _RecordWriter
from .dataset_ops import Dataset
from .iterator_ops import next_flat


class TFRecordWriter:
    """tf.data.experimental.TFRecordWriter(filename, compression_type=None)."""

    def __init__(self, filename, compression_type=None):
        warn_deprecated("TFRecordWriter.__init__", type(self).__module__,
                        "To write TFRecords to disk, use `tf.io.TFRecordWriter`. To save and "
                        "load the contents of a dataset, use `tf.data.experimental.save` and "
                        "`tf.data.experimental.load`")
        self._filename = convert_to_tensor(filename, dtypes.string)
        self._compression_type = "" if compression_type is None else \
            convert_to_tensor(compression_type, dtypes.string).numpy().decode()

    def write(self, dataset):
        """Write the dataset's elements (scalar tf.string) to the file, replacing it."""
        if not isinstance(dataset, Dataset):
            raise TypeError(f"Invalid `dataset.` Expected a `tf.data.Dataset` object but got "
                            f"{type(dataset)}.")
        spec = dataset.element_spec
        if not hasattr(spec, "is_compatible_with"):   # (TF's error for a structure)
            raise AttributeError(f"'{type(spec).__name__}' object has no attribute "
                                 f"'is_compatible_with'")
        if not (isinstance(spec, TensorSpec) and spec.dtype == dtypes.string and
                spec.shape.is_compatible_with(TensorShape([]))):
            raise TypeError(f"Invalid `dataset`. Expected a`dataset` that produces scalar "
                            f"`tf.string` elements, but got a dataset which produces elements "
                            f"with shapes {spec.shape} and types {spec.dtype}.")
        if not executing_eagerly():
            raise TypeError("tfcompat's tf.data.experimental.TFRecordWriter.write runs "
                            "eagerly only: call it outside tf.function.")
        it = dataset._iter_flat()
        options = TFRecordOptions(compression_type=self._compression_type)
        with _RecordWriter(self._filename.numpy().decode(), options) as writer:
            while True:
                try:
                    flat = next_flat(it, spec)
                except StopIteration:
                    break
                writer.write(bytes(flat[0][()]))


TFRecordWriter.__module__ = "tensorflow.python.data.experimental.ops.writers"
