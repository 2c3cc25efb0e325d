"""tf.io: files, bytes, TFRecord files and tf.io.gfile (local files only)."""
from ..ops.io_ops import (
    decode_base64, decode_compressed, decode_csv, decode_raw, encode_base64, matching_files,
    parse_tensor, read_file, serialize_tensor, write_file,
)
from . import gfile
from .tf_record import TFRecordOptions, TFRecordWriter
from ..ops.parsing_config import (
    FixedLenFeature, FixedLenSequenceFeature, RaggedFeature, SparseFeature, VarLenFeature,
)
from ..ops.parsing_ops import parse_example, parse_single_example
from ..ops.parsing_sequence_ops import parse_sequence_example, parse_single_sequence_example
