"""``tensorflow.python.lib.io.tf_record``: TFRecord files (io/tf_record.py) and
tf_record_iterator (data/record_io.py)."""
from ....data.record_io import tf_record_iterator
from ....io.tf_record import TFRecordCompressionType, TFRecordOptions, TFRecordWriter

__all__ = ["TFRecordCompressionType", "TFRecordOptions", "TFRecordWriter", "tf_record_iterator"]
