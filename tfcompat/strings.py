"""tf.strings."""
from .ops.ragged_string_ops import (   # (ragged-aware wrappers of the tf.strings ops)
    as_string, bytes_split, length, lower, ngrams, reduce_join, regex_full_match,
    regex_replace, split, strip, substr, to_hash_bucket, to_hash_bucket_fast,
    to_hash_bucket_strong, to_number, unicode_decode, unicode_decode_with_offsets,
    unicode_script, unicode_split, unicode_split_with_offsets, upper,
)
from .ops.string_conversion_ops import format
from .ops.string_split_ops import unicode_encode, unicode_transcode, unsorted_segment_join
from .ops.string_text_ops import join
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
