"""tf.strings."""
from .ops.string_conversion_ops import (
    as_string, format, to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong,
    to_number,
)
from .ops.string_split_ops import (
    bytes_split, ngrams, split, unicode_decode, unicode_encode, unicode_split,
    unsorted_segment_join,
)
from .ops.string_text_ops import (
    join, length, lower, reduce_join, regex_full_match, regex_replace, strip, substr, upper,
)
