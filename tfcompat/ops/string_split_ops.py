"""tf.strings' splitting and unicode ops: unsorted_segment_join, unicode_encode, and the
dense cases of split, bytes_split, unicode_decode, unicode_split (scalars) and ngrams
(dense data), with the kernels ragged_string_ops shares for the ragged results."""
import builtins
import codecs
import re

import numpy as np

from ..framework import dtypes, op_def
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import execute, to_tensor
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable
from .op_args import dims, dynamic_shape_error, kernel_error, traced
from .string_text_ops import _bytes, _name, _op, _string_input


# -- unsorted_segment_join --------------------------------------------------------------

def _segment_join(x, ids, separator, num_segments, name):
    ids = ids.astype(np.int64)
    if ids.size and (ids.min() < 0 or ids.max() >= num_segments):
        raise kernel_error("UnsortedSegmentJoin", "segment_ids are not allowed to exceed "
                           "num_segments or to have negative values.", name)
    inner = x.shape[ids.ndim:]
    rows = x.reshape((ids.size,) + (-1,))
    groups = [[[] for _ in range(rows.shape[1])] for _ in range(num_segments)]
    for row, seg in zip(rows.tolist(), ids.ravel().tolist()):
        for k, b in enumerate(row):
            groups[seg][k].append(b)
    out = np.empty((num_segments, rows.shape[1]), object)
    for s in range(num_segments):
        out[s, :] = [separator.join(g) for g in groups[s]]
    return out.reshape((num_segments,) + inner)


_segment_join_op = _op(
    "UnsortedSegmentJoin", _segment_join,
    shape=lambda x, ids, separator, num_segments, name: (num_segments,) + x[len(ids):])


def unsorted_segment_join(inputs, segment_ids, num_segments, separator="", name=None):
    """tf.strings.unsorted_segment_join: the elements of each segment joined in order
    (`num_segments` must be known when a tf.function is traced)."""
    nm = _name(inputs, segment_ids, num_segments)
    x = _string_input(inputs, "UnsortedSegmentJoin")
    ids = to_tensor(segment_ids)
    if tuple(x.shape[:ids.shape.rank]) != tuple(ids.shape):
        raise kernel_error("UnsortedSegmentJoin", f"data.shape = {dims(x.shape)} does not "
                           f"start with segment_ids.shape = {dims(ids.shape)}", nm)
    if traced(num_segments):
        raise TypeError("tfcompat: the num_segments argument of "
                        "tf.strings.unsorted_segment_join must be known when the tf.function "
                        "is traced (XLA compiles static shapes)")
    n = int(np.asarray(getattr(num_segments, "_value", num_segments)))
    return execute(_segment_join_op, (x, ids),
                   (("separator", _bytes(separator)), ("num_segments", n), ("name", nm)))


# -- splitting of scalars (ragged_string_ops splits the rest) ---------------------------

_NON_WHITESPACE = re.compile(rb"[^ \t\n\v\f\r]+")


def split_bytes(b, sep, maxsplit):
    """TF's SplitV2 of one string: maxsplit 0 keeps it whole; with `sep`, Python's
    bytes.split; without (None), the runs of non-whitespace, leading whitespace dropped,
    and once `maxsplit` parts are taken the rest (its leading whitespace dropped, maybe
    empty) is one more part, where Python's keeps trailing whitespace and adds no empty
    part."""
    if maxsplit == 0 or sep is not None:
        return [b] if maxsplit == 0 else b.split(sep, maxsplit)
    parts = []
    for run in _NON_WHITESPACE.finditer(b):
        parts.append(run.group())
        if len(parts) == maxsplit:
            rest = _NON_WHITESPACE.search(b, run.end())
            return parts + [b[rest.start():] if rest else b""]
    return parts


def _split_scalar(x, sep, maxsplit):
    return _split_list(split_bytes(x[()], sep, maxsplit))


_split_op = _op("StringSplitV2", _split_scalar)
_bytes_split_op = _op("BytesSplit", lambda x: _split_list([x[()][i:i + 1]
                                                             for i in range(len(x[()]))]))


def _split_list(parts):
    out = np.empty(len(parts), object)
    out[:] = parts
    return out


def _dense_scalar(x, api):
    """The scalar input of a splitting op (whose output length depends on its value)."""
    t = _string_input(x, api)
    if symbolic(t._value):
        raise dynamic_shape_error(f"tf.strings.{api}", "input")
    return t


def split(input, sep=None, maxsplit=-1, name=None):
    """tf.strings.split of a scalar: a 1-D Tensor (on whitespace runs when `sep` is
    None or empty)."""
    t = _dense_scalar(input, "split")
    if isinstance(sep, (Tensor, Variable)):
        sep = np.asarray(sep._value)[()]
    sep = _bytes(sep) if sep else None
    return execute(_split_op, (t,), (("sep", sep), ("maxsplit", int(maxsplit))))


def bytes_split(input, name=None):
    """tf.strings.bytes_split of a scalar: its bytes as a 1-D Tensor."""
    return execute(_bytes_split_op, (_dense_scalar(input, "bytes_split"),))


def _utf8_runs(b):
    """ICU's UTF-8 reading of bytes `b`: (code point, byte offset, byte length, format
    error) for each character, each maximal ill-formed subpart one U+FFFD."""
    i = 0
    while i < len(b):
        try:
            text, bad = b[i:].decode("utf-8"), None
        except UnicodeDecodeError as e:
            text, bad = b[i:i + e.start].decode("utf-8"), (i + e.start, i + e.end)
        for ch in text:
            size = len(ch.encode("utf-8"))
            yield ord(ch), i, size, False
            i += size
        if bad is None:
            return
        yield 0xFFFD, bad[0], bad[1] - bad[0], True
        i = bad[1]


def decode_bytes(b, errors_mode, replacement_char, op="UnicodeDecode",
                 replace_control=False, name=""):
    """The UTF-8 decoding of bytes `b` as TF's unicode kernels do it: (code points,
    characters, their byte offsets). Ill-formed bytes (and, with `replace_control`, code
    points <= 0x1F) are replaced by `replacement_char`, dropped ('ignore') or, for
    ill-formed bytes, TF's error ('strict')."""
    codes, chars, offsets = [], [], []
    for code, offset, size, bad in _utf8_runs(b):
        if bad and errors_mode == "strict":
            raise kernel_error(op, "Invalid formatting on input string", name)
        if bad or (replace_control and code <= 0x1F):
            if errors_mode == "ignore":
                continue
            code = replacement_char
            char = chr(code).encode("utf-8")
        else:
            char = b[offset:offset + size]
        codes.append(code)
        chars.append(char)
        offsets.append(offset)
    return codes, chars, offsets


def _decode(x, errors_mode, replacement_char, as_chars):
    codes, chars, _ = decode_bytes(x[()], errors_mode, replacement_char)
    return _split_list(chars) if as_chars else np.asarray(codes, np.int32)


_decode_op = _op("UnicodeDecode", _decode, outputs=(np.int32,))
_unicode_split_op = _op("UnicodeDecode", _decode)


def check_encoding(encoding, errors_mode, op="UnicodeDecode"):
    """TF's checks of `errors` and of the encoding (ICU's; Python's codec names stand
    for them here); tfcompat decodes UTF-8 only."""
    if errors_mode not in ("strict", "replace", "ignore"):
        raise op_def.attr_value_error(op, "errors", errors_mode, "")
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise kernel_error(op, f"Could not create converter for input encoding: {encoding}",
                           "") from None
    if encoding.upper() not in ("UTF-8", "UTF8"):
        raise ValueError(f"tfcompat: tf.strings.unicode_decode/unicode_split support the "
                         f"UTF-8 encoding only; got {encoding!r}")


def unicode_decode(input, input_encoding, errors="replace", replacement_char=65533,
                   replace_control_characters=False, name=None):
    """tf.strings.unicode_decode of a scalar (UTF-8): its code points, int32 1-D."""
    check_encoding(input_encoding, errors)
    check_control_characters(replace_control_characters, "unicode_decode")
    return execute(_decode_op, (_dense_scalar(input, "unicode_decode"),),
                   (("errors_mode", errors), ("replacement_char", int(replacement_char)),
                    ("as_chars", False)))


def check_control_characters(replace_control_characters, api):
    if replace_control_characters:
        raise ValueError(f"tfcompat: tf.strings.{api} does not support "
                         f"replace_control_characters=True")


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533,
                  name=None):
    """tf.strings.unicode_split of a scalar (UTF-8): its characters, a 1-D Tensor."""
    check_encoding(input_encoding, errors)
    return execute(_unicode_split_op, (_dense_scalar(input, "unicode_split"),),
                   (("errors_mode", errors), ("replacement_char", int(replacement_char)),
                    ("as_chars", True)))


def _encode(codes, errors_mode, replacement_char):
    flat = codes.reshape(-1, codes.shape[-1]) if codes.ndim else codes.reshape(1, 1)
    out = []
    for row in flat.tolist():
        chars = []
        for c in row:
            if not 0 <= c <= 0x10FFFF or 0xD800 <= c <= 0xDFFF:
                if errors_mode == "strict":
                    raise kernel_error("UnicodeEncode", f"Invalid Unicode code point: {c}", "")
                if errors_mode == "ignore":
                    continue
                c = replacement_char
            chars.append(chr(c))
        out.append("".join(chars).encode("utf-8"))
    return _split_list(out).reshape(codes.shape[:-1])


_encode_op = _op("UnicodeEncode", _encode, shape=lambda s, **attrs: s[:-1])


def unicode_encode(input, output_encoding, errors="replace", replacement_char=65533,
                   name=None):
    """tf.strings.unicode_encode of a dense int32 tensor (rank >= 1) to UTF-8: one string
    per innermost row."""
    if output_encoding.upper() not in ("UTF-8", "UTF8"):
        raise ValueError(f"tfcompat: tf.strings.unicode_encode supports the UTF-8 encoding "
                         f"only; got {output_encoding!r}")
    x = to_tensor(input)
    if x.shape.rank == 0:
        raise ValueError("Rank of input_tensor must be statically known.")
    return execute(_encode_op, (x,), (("errors_mode", errors),
                                   ("replacement_char", int(replacement_char))))


# -- unicode_transcode (TF's UnicodeTranscodeOp) -------------------------------------------

_OUTPUT_ENCODINGS = ("UTF-8", "UTF-16-BE", "UTF-32-BE")


def _encode_code(code, encoding):
    """One code point as TF's Encode writes it (a lone surrogate: U+FFFD in UTF-8, its
    code unit in UTF-16 and UTF-32)."""
    if encoding == "UTF-32-BE":
        return code.to_bytes(4, "big")
    if encoding == "UTF-16-BE":
        return chr(code).encode("utf-16-be", "surrogatepass")
    return "\ufffd".encode() if 0xD800 <= code <= 0xDFFF else chr(code).encode("utf-8")


def _transcode(x, output_encoding, errors_mode, replacement_char, replace_control, name):
    """The UnicodeTranscode kernel on UTF-8 strings: a control character replaced under
    `replace_control` counts as a format error ('strict' then fails)."""
    if not 0 <= replacement_char <= 0x10FFFF:
        raise kernel_error("UnicodeTranscode", "replacement_char out of unicode codepoint "
                           "range", name)
    failed = False
    out = np.empty(x.shape, object)
    flat = out.reshape(-1)
    for k, b in enumerate(x.reshape(-1).tolist()):
        parts = []
        for code, _, _, bad in _utf8_runs(b):
            if bad or (replace_control and code <= 0x1F):
                failed = True
                if errors_mode == "ignore":
                    continue
                code = replacement_char
            parts.append(_encode_code(code, output_encoding))
        flat[k] = b"".join(parts)
    if failed and errors_mode == "strict":
        raise kernel_error("UnicodeTranscode", "Invalid formatting on input string", name)
    return out


_transcode_op = _op("UnicodeTranscode", _transcode)


def unicode_transcode(input, input_encoding, output_encoding, errors="replace",
                      replacement_char=65533, replace_control_characters=False, name=None):
    """tf.strings.unicode_transcode: each string re-encoded from `input_encoding` (UTF-8
    only in tfcompat; TF takes any ICU converter) to UTF-8, UTF-16-BE or UTF-32-BE, with
    TF's handling of ill-formed bytes and control characters."""
    nm = _name(input)
    x = _string_input(input, "UnicodeTranscode")
    if output_encoding not in _OUTPUT_ENCODINGS:
        raise op_def.attr_value_error("UnicodeTranscode", "output_encoding", output_encoding, nm)
    if errors not in ("strict", "replace", "ignore"):
        raise op_def.attr_value_error("UnicodeTranscode", "errors", errors, nm)
    try:
        codecs.lookup(input_encoding)
    except LookupError:
        raise kernel_error("UnicodeTranscode", f"Could not create converter for input "
                           f"encoding: {input_encoding}", nm) from None
    if input_encoding.upper() not in ("UTF-8", "UTF8"):
        raise ValueError(f"tfcompat: tf.strings.unicode_transcode supports the UTF-8 input "
                         f"encoding only; got {input_encoding!r}")
    if not isinstance(replace_control_characters, (bool, np.bool_)):
        raise TypeError(f"Expected bool for argument 'replace_control_characters' not "
                        f"{replace_control_characters!r}.")
    return execute(_transcode_op, (x,), (
        ("output_encoding", output_encoding), ("errors_mode", errors),
        ("replacement_char", int(replacement_char)),
        ("replace_control", bool(replace_control_characters)), ("name", nm)))


# -- ngrams (dense input; TF's StringNGrams kernel) ------------------------------------

def _ngram_pad(width, pad_width):
    return min(width - 1 if pad_width < 0 else pad_width, width - 1)


def _ngram_count(length, width, pad_width):
    return builtins.max(0, length + 2 * _ngram_pad(width, pad_width) - width + 1)


def ngrams_per_row(length, widths, pad_width, preserve):
    """The number of ngrams StringNGrams makes of a row of `length` tokens."""
    n = sum(_ngram_count(length, w, pad_width) for w in widths)
    return 1 if preserve and length > 0 and n == 0 else n


def _ngrams_of(row, width, count, pad_width, separator, left, right):
    """StringNGrams' CreateNgrams: `count` ngrams of `width` tokens of `row`, padded."""
    out = []
    pad = _ngram_pad(width, pad_width)
    for k in range(count):
        left_n = builtins.max(0, pad - k)
        right_n = builtins.max(0, pad - (count - (k + 1)))
        n_tokens = width - (left_n + right_n)
        start = 0 if left_n > 0 else k - pad
        parts = [left] * left_n + row[start:start + builtins.max(n_tokens, 0)]
        parts += [right] * right_n
        out.append(separator.join(parts))
    return out


def row_ngrams(row, widths, separator, left, right, pad_width, preserve):
    """StringNGrams of one row (a list of bytes): its ngrams of each width in turn."""
    length, grams = len(row), []
    for w in widths:
        grams += _ngrams_of(row, w, _ngram_count(length, w, pad_width), pad_width,
                            separator, left, right)
    if preserve and not grams and length:
        grams = _ngrams_of(row, length + 2 * pad_width, 1, pad_width, separator, left, right)
    return grams


def _ngrams(data, widths, separator, left, right, pad_width, preserve):
    length = data.shape[-1]
    if data.size == 0:
        return np.empty(_ngrams_shape(data.shape, widths, separator, left, right, pad_width,
                                      preserve), object)
    rows = data.reshape(-1, length).tolist()
    out = [row_ngrams(row, widths, separator, left, right, pad_width, preserve)
           for row in rows]
    res = np.empty((len(rows), ngrams_per_row(length, widths, pad_width, preserve)), object)
    for i, grams in enumerate(out):
        res[i, :] = grams
    return res.reshape(_ngrams_shape(data.shape, widths, separator, left, right, pad_width,
                                     preserve))


def _ngrams_shape(shape, widths, separator, left, right, pad_width, preserve):
    length = shape[-1]
    n = None if length is None else ngrams_per_row(length, widths, pad_width, preserve)
    if length == 0:
        n = 0   # StringNGrams of no data at all is empty (padding or not)
    if len(shape) > 1 and 0 in shape[:-1]:
        n = 1   # TF reshapes the ngrams to [..., -1]: -1 of no elements is 1
    return tuple(shape[:-1]) + (n,)


_ngrams_op = _op("StringNGrams", _ngrams, shape=_ngrams_shape)


def ngrams(data, ngram_width, separator=" ", pad_values=None, padding_width=None,
           preserve_short_sequences=False, name=None):
    """tf.strings.ngrams of a dense tf.string tensor: the ngrams of each row (the last
    axis), a dense tensor as TF returns for dense input (TF's checks, in its order)."""
    _check_padding(pad_values, padding_width)
    if isinstance(data, Variable):
        data = data._read()
    data = convert_to_tensor(data, dtype=dtypes.string, name="data")
    if data.shape.rank == 0:
        raise ValueError("Data must have rank>0")
    attrs = ngram_attrs(ngram_width, separator, pad_values, padding_width,
                        preserve_short_sequences)
    return execute(_ngrams_op, (data,), tuple(attrs.items()))


def _check_padding(pad_values, padding_width):
    """tf.strings.ngrams' checks of `pad_values` and `padding_width`."""
    if pad_values is None:
        left_pad = right_pad = ""
    elif isinstance(pad_values, (list, tuple)):
        if not (isinstance(pad_values[0], (bytes, str))
                and isinstance(pad_values[1], (bytes, str))):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad, right_pad = pad_values[0], pad_values[1]
    else:
        if not isinstance(pad_values, (bytes, str)):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad = right_pad = pad_values
    if padding_width is not None and padding_width < 1:
        raise ValueError("padding_width must be greater than 0.")
    if padding_width is not None and pad_values is None:
        raise ValueError("pad_values must be provided if padding_width is set.")
    return left_pad, right_pad


def ngram_attrs(ngram_width, separator, pad_values, padding_width,
                preserve_short_sequences):
    """The StringNGrams attributes of tf.strings.ngrams' arguments (after its checks)."""
    left_pad, right_pad = _check_padding(pad_values, padding_width)
    if pad_values is None:
        padding_width = 0
    elif padding_width is None:
        padding_width = -1
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for width in widths:
        if width < 1:
            raise ValueError("All ngram_widths must be greater than 0. Got %s" % ngram_width)
    return {"widths": tuple(int(w) for w in widths), "separator": _bytes(separator),
            "left": _bytes(left_pad), "right": _bytes(right_pad),
            "pad_width": int(padding_width), "preserve": bool(preserve_short_sequences)}
