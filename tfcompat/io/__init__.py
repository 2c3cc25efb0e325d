"""tf.io: files, bytes, TFRecord files and tf.io.gfile (local files only). The Example
parsers load on first access."""
from ..framework.lazy_exports import lazy_exports as _lazy_exports
from ..ops.io_ops import (
    decode_base64, decode_compressed, decode_csv, decode_raw, encode_base64, matching_files,
    parse_tensor, read_file, serialize_tensor, write_file,
)
from ..ops.image_codec_ops import (
    decode_and_crop_jpeg, decode_bmp, decode_gif, decode_image, decode_jpeg, decode_png,
    encode_jpeg, encode_png, extract_jpeg_shape, is_jpeg,
)
from ..ops.sparse_serialize_ops import (
    deserialize_many_sparse, serialize_many_sparse, serialize_sparse,
)
from . import gfile
from .tf_record import TFRecordOptions, TFRecordWriter
from ..ops.parsing_config import (
    FixedLenFeature, FixedLenSequenceFeature, RaggedFeature, SparseFeature, VarLenFeature,
)

__getattr__, __dir__ = _lazy_exports(globals(), {
    "..ops.parsing_ops": ("parse_example", "parse_single_example"),
    "..ops.parsing_sequence_ops": ("parse_sequence_example", "parse_single_sequence_example"),
})
