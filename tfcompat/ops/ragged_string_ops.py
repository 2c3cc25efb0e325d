"""tf.strings' ops whose results are tf.RaggedTensors: split, bytes_split, unicode_split,
unicode_decode, unicode_decode_with_offsets (of inputs of rank >= 1 or ragged), and ngrams
of ragged data; and the tf.strings ops of one tensor (length, upper, ...) and reduce_join
applied to RaggedTensors.

The splits' row lengths depend on the strings' values, so the strings are read on the
host: eagerly, or inside a tf.function when they are known at trace time (constants); a
string computed inside the function raises a TypeError naming the op (XLA compiles static
shapes). ngrams' row lengths depend on the row splits only, so it also runs on traced
strings. Scalars and dense ngrams go to string_split_ops' dense ops."""
import functools

import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.dispatch import execute, mismatch_error
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from . import indexing_ops, manip_ops, string_conversion_ops as conversion, string_split_ops as dense, \
    string_text_ops as text, unicode_script_ops
from .op_args import concrete
from .ragged_tensor import RaggedTensor
from .string_text_ops import _bytes, _string_input


def _input(x, op=None, prefix=""):
    """The input: a RaggedTensor, or a tf.string Tensor. Another dtype raises TF's error:
    raw op `op`'s dtype mismatch, else the conversion's ValueError (after `prefix`)."""
    if isinstance(x, RaggedTensor):
        if x.dtype is not dtypes.string:
            if op:
                raise mismatch_error(op, 0, dtypes.string, x.dtype)
            raise ValueError(f"Tensor conversion requested dtype string for RaggedTensor "
                             f"with dtype {x.dtype.name}: {x!r}.")
        return x
    if op:
        return _string_input(x, op)
    if isinstance(x, Variable):
        x = x._read()
    try:
        return convert_to_tensor(x, dtype=dtypes.string)
    except ValueError as e:
        raise ValueError(prefix + str(e)) from None


def _ragged_map(x, api, rows_of, dtype):
    """A RaggedTensor with, for each string of `x` (rank >= 1 or ragged), the row
    `rows_of(bytes)` (a list of values of `dtype`); x's own dimensions are kept (a dense
    x's inner dimensions as uniform_row_length partitions, as TF does)."""
    if isinstance(x, RaggedTensor):
        return x.with_flat_values(_ragged_map(x.flat_values, api, rows_of, dtype))
    if x.shape.rank > 1:
        return _ragged_map(RaggedTensor.from_tensor(x), api, rows_of, dtype)
    rows = [rows_of(b) for b in concrete(x, f"tf.strings.{api}", "input").tolist()]
    lengths = np.asarray([len(r) for r in rows], np.int64)
    flat = [v for r in rows for v in r]
    if dtype == dtypes.string:
        values = np.empty(len(flat), object)
        values[:] = flat
    else:
        values = np.asarray(flat, dtype._np).reshape(len(flat))
    splits = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    return RaggedTensor(constant(values, dtype), constant(splits), internal=True)


def split(input, sep=None, maxsplit=-1, name=None):
    """tf.strings.split: a scalar's parts as a 1-D Tensor; for rank >= 1 (or ragged) input
    a RaggedTensor with one more (ragged) dimension."""
    x = _input(input, prefix="input: ")
    if not isinstance(x, RaggedTensor) and x.shape.rank == 0:
        return dense.split(x, sep, maxsplit, name)
    if isinstance(sep, (Tensor, Variable)):
        sep = np.asarray(sep._value)[()]
    sep = _bytes(sep) if sep else None
    return _ragged_map(x, "split", lambda b: dense.split_bytes(b, sep, int(maxsplit)),
                       dtypes.string)


def bytes_split(input, name=None):
    """tf.strings.bytes_split: each string's bytes (a RaggedTensor for rank >= 1)."""
    x = _input(input)
    if not isinstance(x, RaggedTensor) and x.shape.rank == 0:
        return dense.bytes_split(x, name)
    return _ragged_map(x, "bytes_split", lambda b: [b[i:i + 1] for i in range(len(b))],
                       dtypes.string)


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533,
                  name=None):
    """tf.strings.unicode_split (UTF-8): each string's characters."""
    x = _input(input, "UnicodeDecode")
    if not isinstance(x, RaggedTensor) and x.shape.rank == 0:
        return dense.unicode_split(x, input_encoding, errors, replacement_char, name)
    dense.check_encoding(input_encoding, errors)
    return _ragged_map(x, "unicode_split", lambda b: dense.decode_bytes(
        b, errors, int(replacement_char))[1], dtypes.string)


def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533,
                   replace_control_characters=False, name=None):
    """tf.strings.unicode_decode (UTF-8): each string's code points (int32)."""
    x = _input(input, "UnicodeDecode")
    if not isinstance(x, RaggedTensor) and x.shape.rank == 0:
        return dense.unicode_decode(x, input_encoding, errors, replacement_char,
                                    replace_control_characters, name)
    dense.check_encoding(input_encoding, errors)
    dense.check_control_characters(replace_control_characters, "unicode_decode")
    return _ragged_map(x, "unicode_decode", lambda b: dense.decode_bytes(
        b, errors, int(replacement_char))[0], dtypes.int32)


def _with_offsets(input, input_encoding, errors, replacement_char,
                  replace_control_characters, api, k):
    """The values `k` of decode_bytes (0: code points, 1: characters) and the byte
    offsets of each string (UnicodeDecodeWithOffsets)."""
    x = _input(input, "UnicodeDecodeWithOffsets")
    dense.check_encoding(input_encoding, errors, "UnicodeDecodeWithOffsets")
    dense.check_control_characters(replace_control_characters, api)
    decode = functools.partial(dense.decode_bytes, errors_mode=errors,
                               replacement_char=int(replacement_char),
                               op="UnicodeDecodeWithOffsets")
    dtype = dtypes.int32 if k == 0 else dtypes.string
    if not isinstance(x, RaggedTensor) and x.shape.rank == 0:
        b = concrete(x, f"tf.strings.{api}", "input")[()]
        values, offsets = (decode(b)[i] for i in (k, 2))
        return constant(values, dtype, shape=[len(values)]), constant(
            offsets, dtypes.int64, shape=[len(offsets)])
    return tuple(_ragged_map(x, api, lambda b, i=i: decode(b)[i], dt)
                 for i, dt in ((k, dtype), (2, dtypes.int64)))


def unicode_decode_with_offsets(input, input_encoding, errors="replace",
                                replacement_char=65533, replace_control_characters=False,
                                name=None):
    """tf.strings.unicode_decode_with_offsets (UTF-8): each string's code points (int32)
    and the byte offset where each starts (int64)."""
    return _with_offsets(input, input_encoding, errors, replacement_char,
                         replace_control_characters, "unicode_decode_with_offsets", 0)


def unicode_split_with_offsets(input, input_encoding, errors="replace",
                               replacement_char=65533, name=None):
    """tf.strings.unicode_split_with_offsets (UTF-8): each string's characters and the
    byte offset where each starts (int64)."""
    return _with_offsets(input, input_encoding, errors, replacement_char, False,
                         "unicode_split_with_offsets", 1)


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None,
           preserve_short_sequences=False, name=None):
    """tf.strings.ngrams: the ngrams of each row (the last axis) of dense data (a dense
    result), or of each innermost row of a RaggedTensor (a RaggedTensor)."""
    if not isinstance(data, RaggedTensor):
        return dense.ngrams(data, ngram_width, separator, pad_values, padding_width,
                            preserve_short_sequences, name)
    _input(data)
    if data.ragged_rank > 1:
        return data.with_values(ngrams(data.values, ngram_width, separator, pad_values,
                                       padding_width, preserve_short_sequences, name))
    attrs = dense.ngram_attrs(ngram_width, separator, pad_values, padding_width,
                              preserve_short_sequences)
    if data.values.shape.rank != 1:
        raise ValueError("tfcompat: tf.strings.ngrams of a RaggedTensor whose flat_values "
                         "have rank > 1")
    splits = tuple(concrete(data.row_splits, "tf.strings.ngrams", "data").tolist())
    counts = [dense.ngrams_per_row(b - a, attrs["widths"], attrs["pad_width"],
                                   attrs["preserve"]) for a, b in zip(splits, splits[1:])]
    out_splits = np.concatenate([[0], np.cumsum(counts)]).astype(data.row_splits_dtype._np)
    values = execute(_ngrams_op, (data.values,), (("splits", splits),) + tuple(attrs.items()))
    return RaggedTensor(values, constant(out_splits), internal=True)


def _ngrams(values, splits, **attrs):
    """StringNGrams with data_splits: the ngrams of each row of `values`, concatenated
    (the number of each row's ngrams depends on its length only, so this runs on strings
    traced in a tf.function too)."""
    values = values.tolist()
    flat = [g for a, b in zip(splits, splits[1:]) for g in dense.row_ngrams(values[a:b],
                                                                             **attrs)]
    out = np.empty(len(flat), object)
    out[:] = flat
    return out


def _ngrams_shape(shape, splits, widths, pad_width, preserve, **attrs):
    return (sum(dense.ngrams_per_row(b - a, widths, pad_width, preserve)
                for a, b in zip(splits, splits[1:])),)


_ngrams_op = text._op("StringNGrams", _ngrams, shape=_ngrams_shape)


# -- elementwise string ops and reduce_join of RaggedTensors ------------------------------

def _on_flat_values(fn):
    """`fn` (a tf.strings elementwise op of one tensor), applied to the flat values of a
    RaggedTensor first argument (TF's dispatch for ragged elementwise APIs)."""
    @functools.wraps(fn)
    def wrapped(input, *args, **kwargs):
        if isinstance(input, RaggedTensor):
            return input.with_flat_values(fn(input.flat_values, *args, **kwargs))
        return fn(input, *args, **kwargs)
    return wrapped


length, lower, upper, strip, substr, regex_full_match, regex_replace = (
    _on_flat_values(f) for f in (text.length, text.lower, text.upper, text.strip, text.substr,
                                 text.regex_full_match, text.regex_replace))
unicode_script = _on_flat_values(unicode_script_ops.unicode_script)
as_string, to_number, to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong = (
    _on_flat_values(f) for f in (conversion.as_string, conversion.to_number,
                                 conversion.to_hash_bucket, conversion.to_hash_bucket_fast,
                                 conversion.to_hash_bucket_strong))


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """tf.strings.reduce_join; of a RaggedTensor along its innermost ragged axis (or all
    axes) as TF's ragged reduce (other ragged axes raise)."""
    if not isinstance(inputs, RaggedTensor):
        return text.reduce_join(inputs, axis, keepdims, separator, name)
    if keepdims:
        raise NotImplementedError("tfcompat: tf.strings.reduce_join of a tf.RaggedTensor "
                                  "with keepdims=True")
    if axis is None:
        return text.reduce_join(inputs.flat_values, None, False, separator)
    rank = inputs.shape.rank
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-rank}<=axis<{rank}")
    axis %= rank
    if axis > 1:
        return inputs.with_values(reduce_join(inputs.values, axis - 1, False, separator))
    if axis == 1 and not isinstance(inputs.values, RaggedTensor):
        return dense.unsorted_segment_join(inputs.values, inputs.value_rowids(),
                                           inputs.nrows(), separator)
    raise NotImplementedError(f"tfcompat: tf.strings.reduce_join of a tf.RaggedTensor along "
                              f"axis {axis} (only the innermost ragged axis)")


# -- tf.strings.format of RaggedTensors -----------------------------------------------------

def string_format(template, inputs, placeholder="{}", summarize=3, name=None):
    """tf.strings.format with RaggedTensor inputs (TF's ragged string_format): a ragged
    input is written as TF's ragged_tensor_to_string writes it, a dense one as
    tf.strings.format does."""
    if isinstance(inputs, (Tensor, Variable, RaggedTensor)):
        inputs = [inputs]
    pieces = template.split(placeholder)
    if len(inputs) != len(pieces) - 1:
        raise ValueError("num placeholders in template and num inputs must match: {} vs {}"
                         .format(len(pieces) - 1, len(inputs)))
    out = [constant(pieces[0])]
    for x, piece in zip(inputs, pieces[1:]):
        out.append(_to_string(x, summarize) if isinstance(x, RaggedTensor) else
                   conversion.format("{}", [x], summarize=summarize))
        out.append(constant(piece))
    return out[0] if len(out) == 1 else text.reduce_join(out)


def _to_string(rt, summarize):
    """TF's ragged_tensor_to_string: the values (strings quoted) in nested brackets, only
    the first and last `summarize` of each row when it has more than twice that."""
    if summarize not in (None, -1) and not (isinstance(summarize, int) and summarize > 0):
        raise ValueError("Expected summarize to be -1 or a positive int, got %r" % summarize)
    flat = rt.flat_values
    if rt.dtype == dtypes.string:
        flat = "'" + text.regex_replace(flat, r"(['\\])", r"\\\1") + "'"
    else:
        flat = conversion.as_string(flat)
    levels = [concrete(s, "tf.strings.format", "inputs").astype(np.int64)
              for s in rt.nested_row_splits]
    n = int(levels[-1][-1])
    for d in flat.shape.as_list()[1:]:   # (the inner dimensions, as uniform rows)
        levels.append(np.arange(n + 1, dtype=np.int64) * d)
        n *= d
    pieces = manip_ops.reshape(flat, [-1])
    for splits in reversed([np.asarray([0, len(levels[0]) - 1])] + levels):
        pieces = _joined_rows(pieces, splits, summarize)
    return pieces[0]


def _joined_rows(pieces, splits, summarize):
    """Each row of `pieces` (1-D strings) under `splits`, as "[a, b, ..., y, z]"."""
    index, rows = [], []
    ellipsis = pieces.shape[0]
    for row, (start, end) in enumerate(zip(splits[:-1].tolist(), splits[1:].tolist())):
        kept = list(range(start, end))
        if summarize not in (None, -1) and end - start > 2 * summarize:
            kept = kept[:summarize] + [ellipsis] + kept[-summarize:]
        index += kept
        rows += [row] * len(kept)
    values = indexing_ops.gather(manip_ops.concat([pieces, constant(["..."])], 0),
                                 constant(index, dtypes.int64))
    joined = dense.unsorted_segment_join(values, constant(rows, dtypes.int64),
                                         len(splits) - 1, ", ")
    return "[" + joined + "]"
