"""tf.strings and tf.as_string: ops on tf.string tensors, each an `Op` with a host
`strings.Kernel` (NumPy on object arrays of bytes; a host callback inside a tf.function).

TF's messages end in `` name: `` unless an input of the raw op was a Python list or
string (TF's
eager fast path then falls back to a slower one that omits it): `_name` reproduces that.
What returns a tf.RaggedTensor in TF (split, bytes_split, unicode_split, unicode_decode
on non-scalars) raises a TypeError naming tf.RaggedTensor, which tfcompat lacks; ngrams
takes dense input (and returns a dense tensor, as TF does for it).
"""
import builtins
import codecs

import numpy as np

from ..framework import dtypes, errors, strings
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, match, \
    mismatch_error, to_tensor
from ..framework.strings import OBJECT, Kernel
from ..framework.tensor import Tensor, symbolic
from ..framework.variables import Variable
from . import re2_syntax, string_hash
from .logging_ops import format_tensor
from .op_args import attr_error, dims, dynamic_shape_error, kernel_error, traced

__all__ = ["as_string"]

_WHITESPACE = b" \t\n\v\f\r"


def _op(name, fn, outputs=(OBJECT,), shape=None, **kw):
    return Op(name, strings.host_only, differentiable=False,
              strings=Kernel(fn, outputs=outputs, shape=shape), **kw)


def _name(*raw):
    """TF's ``name`` for kernel messages: None (no `` name: ``) when a raw input was a
    Python list, tuple or string, else ''."""
    return None if any(isinstance(r, (list, tuple, str, bytes)) for r in raw) else ""


def _string_input(x, op_name, index=0):
    """An input that must be a tf.string tensor."""
    t = x._read() if isinstance(x, Variable) else to_tensor(x)
    if t.dtype is not dtypes.string:
        raise mismatch_error(op_name, index, dtypes.string, t.dtype)
    return t


def _elementwise(fn, out=object):
    """A Kernel function applying ``fn(bytes, **attrs)`` to each element."""
    def kernel(x, **attrs):
        flat = [fn(b, **attrs) for b in x.ravel().tolist()]
        res = np.empty(len(flat), object) if out is object else np.asarray(flat, out)
        if out is object:
            res[:] = flat
        return res.reshape(x.shape)
    return kernel


def _unit_error(op_name, unit, summary, name):
    return errors.InvalidArgumentError(
        None, None,
        f"Value for attr 'unit' of \"{unit}\" is not in the list of allowed values: \"BYTE\", "
        f"\"UTF8_CHAR\"\n\t; NodeDef: {{{{node {op_name}}}}}; Op<{summary}> [Op:{op_name}]"
        + ("" if name is None else f" name: {name}"))


def _is_lead(b):
    return (b & 0xC0) != 0x80


# -- length, upper, lower, strip --------------------------------------------------------

def _length(b, unit):
    return len(b) if unit == "BYTE" else sum(1 for c in b if _is_lead(c))


_length_op = _op("StringLength", _elementwise(_length, np.int32), outputs=(np.int32,))
_LENGTH_SUMMARY = ('name=StringLength; signature=input:string -> output:int32; '
                   'attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]')


def length(input, unit="BYTE", name=None):
    """tf.strings.length: bytes or UTF-8 characters (bytes that do not continue a
    character, as TF counts them) of each element."""
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise _unit_error("StringLength", unit, _LENGTH_SUMMARY, _name(input))
    return execute(_length_op, (_string_input(input, "StringLength"),), (("unit", unit),))


def _case(b, upper, encoding):
    if encoding:
        s = b.decode("utf-8", "surrogateescape")
        return (s.upper() if upper else s.lower()).encode("utf-8", "surrogateescape")
    return b.upper() if upper else b.lower()   # ASCII only


_upper_op = _op("StringUpper", _elementwise(lambda b, encoding: _case(b, True, encoding)))
_lower_op = _op("StringLower", _elementwise(lambda b, encoding: _case(b, False, encoding)))


def _case_op(op, input, encoding):
    if encoding not in ("", "utf-8"):
        raise kernel_error(op.name, f"only utf-8 or '' (no encoding) is supported, received "
                           f"{encoding}", _name(input))
    return execute(op, (_string_input(input, op.name),), (("encoding", encoding),))


def upper(input, encoding="", name=None):
    """tf.strings.upper: ASCII letters, or with encoding='utf-8' Unicode case mapping
    (Python's, where TF uses ICU's)."""
    return _case_op(_upper_op, input, encoding)


def lower(input, encoding="", name=None):
    """tf.strings.lower (see `upper`)."""
    return _case_op(_lower_op, input, encoding)


_strip_op = _op("StringStrip", _elementwise(lambda b: b.strip(_WHITESPACE)))


def strip(input, name=None):
    """tf.strings.strip: leading and trailing ASCII whitespace removed."""
    return execute(_strip_op, (_string_input(input, "StringStrip"),))


# -- join, reduce_join ------------------------------------------------------------------

def _join(*arrays, separator):
    out = np.empty(np.broadcast_shapes(*(a.shape for a in arrays)), object)
    parts = [np.broadcast_to(a, out.shape).ravel().tolist() for a in arrays]
    out.reshape(-1)[:] = [separator.join(p) for p in zip(*parts)] if parts else []
    return out


def _join_shape(*shapes, separator):
    return max(shapes, key=len) if shapes else ()


_join_op = _op("StringJoin", _join, shape=_join_shape)


def join(inputs, separator="", name=None):
    """tf.strings.join: elementwise concatenation; inputs are scalars or of one shape."""
    raw = list(inputs)
    tensors = [_string_input(x, "StringJoin", i) for i, x in enumerate(raw)]
    if not tensors:
        return convert_to_tensor(b"")
    shapes = [tuple(t.shape) for t in tensors if t.shape.rank != 0]
    for s in shapes[1:]:
        if s != shapes[0]:
            raise kernel_error("StringJoin", f"Input shapes do not match: {dims(shapes[0])} vs. "
                               f"{dims(s)}", _name(*raw), kernel=f"StringJoin_N_{len(raw)}")
    separator = "" if separator is None else separator   # None: the attr's default
    return execute(_join_op, tuple(tensors), (("separator", _bytes(separator)),))


def _bytes(s):
    return s if isinstance(s, bytes) else str(s).encode("utf-8")


def _reduce_join(x, axes, keepdims, separator):
    # The first axis listed varies fastest in each joined group.
    kept = [i for i in range(x.ndim) if i not in axes]
    moved = np.transpose(x, kept + list(reversed(axes)))
    res = np.empty(moved.shape[:len(kept)], object)
    rows = moved.reshape(res.size, -1) if res.size else []
    res.reshape(-1)[:] = [separator.join(row) for row in rows.tolist()] if res.size else []
    return res.reshape(_reduce_join_shape(x.shape, axes, keepdims, separator))


def _reduce_join_shape(shape, axes, keepdims, separator):
    return tuple(1 if i in axes else d for i, d in enumerate(shape) if keepdims or i not in axes)


_reduce_join_op = _op("ReduceJoin", _reduce_join, shape=_reduce_join_shape)


def reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    """tf.strings.reduce_join: joins along `axis` (all axes by default), in order."""
    x = _string_input(inputs, "ReduceJoin")
    rank = x.shape.rank
    if axis is None:
        axes = list(range(rank - 1, -1, -1))
    else:
        axes = np.asarray(getattr(axis, "_value", axis)).reshape(-1).tolist()
    norm = []
    for a in axes:
        if not -rank <= a < rank:
            raise kernel_error("ReduceJoin", f"Invalid reduction dimension {a} for input with "
                               f"{rank} dimension(s)", "", cls=errors.OutOfRangeError)
        if a % rank not in norm:
            norm.append(a % rank)
    attrs = (("axes", tuple(norm)), ("keepdims", bool(keepdims)),
             ("separator", _bytes(separator)))
    return execute(_reduce_join_op, (x,), attrs)


# -- substr -----------------------------------------------------------------------------

def _forward(b, n, pos):
    counted = 0
    while counted < n and pos < len(b):
        pos += 1
        while pos < len(b) and not _is_lead(b[pos]):
            pos += 1
        counted += 1
    return counted == n, pos


def _back(b, n, pos):
    counted = 0
    while counted < n and pos > 0:
        pos -= 1
        while pos > 0 and not _is_lead(b[pos]):
            pos -= 1
        counted += 1
    return counted == n, pos


def _substr_one(b, pos, ln, unit, index, name):
    if unit == "UTF8_CHAR":
        ok, start = _forward(b, pos, 0) if pos >= 0 else _back(b, -pos, len(b))
        if not ok:
            raise kernel_error("Substr", f"pos {pos} out of range for string at index {index}",
                               name)
        _, end = _forward(b, ln, start)
        return b[start:end]
    start = pos + len(b) if pos < 0 else pos
    if not 0 <= start <= len(b):
        raise kernel_error("Substr", f"pos {pos} out of range for string "
                           f"b'{b.decode('utf-8', 'replace')}' at index {index}", name)
    return b[start:] if ln < 0 else b[start:start + ln]


def _substr(x, pos, ln, unit, name):
    shape = np.broadcast_shapes(x.shape, pos.shape)
    xs = np.broadcast_to(x, shape).ravel().tolist()
    ps = np.broadcast_to(pos, shape).ravel().tolist()
    ls = np.broadcast_to(ln, shape).ravel().tolist()
    out = np.empty(builtins.len(xs), object)
    out[:] = [_substr_one(b, p, n, unit, i, name) for i, (b, p, n) in enumerate(zip(xs, ps, ls))]
    return out.reshape(shape)


_substr_op = Op("Substr", strings.host_only, differentiable=False, allowed=("int32", "int64"),
                summary='name=Substr; signature=input:string, pos:T, len:T -> output:string; '
                        'attr=T:type,allowed=[DT_INT32, DT_INT64]; attr=unit:string,'
                        'default="BYTE",allowed=["BYTE", "UTF8_CHAR"]',
                strings=Kernel(_substr))


def substr(input, pos, len, unit="BYTE", name=None):
    """tf.strings.substr: `len` bytes or UTF-8 characters from `pos` (negative: from the
    end; a negative `len` in bytes: to the end). `pos` and `len` have one shape, which
    broadcasts with the input's."""
    nm = _name(input, pos, len)
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise _unit_error("Substr", unit, _substr_op.summary, nm)
    x = _string_input(input, "Substr")
    p, n = match((pos, len), "Substr", index_offset=1)
    check_dtype(_substr_op, p)
    if p.shape != n.shape:
        raise kernel_error("Substr", f"pos and len should have the same shape, got: "
                           f"{dims(p.shape)} vs. {dims(n.shape)}", nm)
    if p.shape.rank and tuple(p.shape) != tuple(x.shape):
        try:
            out = np.broadcast_shapes(tuple(x.shape), tuple(p.shape))
        except ValueError:
            raise kernel_error("Substr", f"Incompatible shapes: {dims(x.shape)} vs. "
                               f"{dims(p.shape)}", nm) from None
        if np.size(out) and builtins.len(out) > 2:
            raise kernel_error("Substr", "Substr broadcast not implemented for "
                               f"{builtins.len(out)} dimensions", nm,
                               cls=errors.UnimplementedError)
    return execute(_substr_op, (x, p, n), (("unit", unit), ("name", nm)))


# -- regular expressions ----------------------------------------------------------------

def _compiled(pattern, op_name, name):
    try:
        return re2_syntax.compile_re2(pattern)
    except re2_syntax.PatternError as e:
        if e.unsupported:
            raise ValueError(str(e)) from None
        raise kernel_error(op_name, f"Invalid pattern: {pattern}, error: {e}", name) from None


def _pattern(pattern, op_name, *raw):
    """A pattern argument: a Python string (TF's Static* op), or a scalar string tensor
    (its value must be known when a tf.function is traced); `raw`: the op's inputs."""
    if isinstance(pattern, (str, bytes)):
        return "Static" + op_name, _text(pattern)
    t = _string_input(pattern, op_name, 1)
    if t.shape.rank != 0:
        raise kernel_error(op_name, f"Pattern must be scalar, but received {dims(t.shape)}",
                           _name(pattern, *raw))
    if symbolic(t._value):
        raise TypeError(f"tfcompat: the pattern of tf.strings.{_API[op_name]} must be known "
                        f"when the tf.function is traced (it is compiled on the host); got a "
                        f"tensor computed inside the function")
    return op_name, re2_syntax.to_text(t._value[()])


_API = {"RegexFullMatch": "regex_full_match", "RegexReplace": "regex_replace"}


def _text(s):
    return re2_syntax.to_text(s) if isinstance(s, bytes) else s


def _full_match(x, pattern):
    regex = re2_syntax.compile_re2(pattern)
    return _elementwise(lambda b: regex.fullmatch(re2_syntax.to_text(b)) is not None,
                        np.bool_)(x)


_full_match_op = _op("RegexFullMatch", _full_match, outputs=(np.bool_,))


def regex_full_match(input, pattern, name=None):
    """tf.strings.regex_full_match (RE2 syntax: see ops/re2_syntax.py)."""
    op_name, text = _pattern(pattern, "RegexFullMatch", input)
    _compiled(text, op_name, _name(input))
    return execute(_full_match_op, (_string_input(input, op_name),), (("pattern", text),))


def _replace(x, pattern, rewrite, replace_global):
    regex = re2_syntax.compile_re2(pattern)
    return _elementwise(lambda b: re2_syntax.to_bytes(re2_syntax.replace(
        regex, rewrite, re2_syntax.to_text(b), replace_global)))(x)


_replace_op = _op("RegexReplace", _replace)


def regex_replace(input, pattern, rewrite, replace_global=True, name=None):
    """tf.strings.regex_replace: RE2 semantics (``\\1`` groups in `rewrite`, ``\\\\`` a
    backslash; an invalid rewrite leaves the input unchanged, as RE2 does)."""
    op_name, text = _pattern(pattern, "RegexReplace", input, rewrite)
    _compiled(text, op_name, _name(input))
    if isinstance(rewrite, (str, bytes)):
        rewrite = _text(rewrite)
    else:
        r = _string_input(rewrite, op_name, 2)
        if r.shape.rank != 0:
            raise kernel_error(op_name, f"Rewrite must be scalar, but received "
                               f"{dims(r.shape)}", _name(rewrite))
        if symbolic(r._value):
            raise TypeError("tfcompat: the rewrite of tf.strings.regex_replace must be known "
                            "when the tf.function is traced")
        rewrite = re2_syntax.to_text(r._value[()])
    return execute(_replace_op, (_string_input(input, op_name),),
                   (("pattern", text), ("rewrite", rewrite),
                    ("replace_global", bool(replace_global))))


# -- to_number, as_string ---------------------------------------------------------------

_NUMBER_TYPES = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.uint32,
                 dtypes.uint64)
_NUMBER_SUMMARY = ("name=StringToNumber; signature=string_tensor:string -> output:out_type; "
                   "attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, "
                   "DT_INT64, DT_UINT32, DT_UINT64]")


def _parse_float(s):
    low = s.lower()
    sign = -1.0 if low[:1] == "-" else 1.0
    body = low[1:] if low[:1] in "+-" else low
    if body in ("inf", "infinity"):
        return sign * np.inf
    if body == "nan" or body.startswith("nan(") and body.endswith(")"):
        return np.nan
    if body.startswith("0x"):
        return float.fromhex(s)
    if "_" in s or not body[:1].isdigit() and body[:1] != ".":
        raise ValueError(s)
    return float(s)


def _to_number_one(b, out_type, name):
    s = b.strip(_WHITESPACE).decode("ascii", "replace")
    try:
        if out_type.kind == "f":
            with np.errstate(over="ignore"):
                return out_type.type(_parse_float(s))
        digits = s[1:] if s[:1] in "+-" else s
        if not digits.isdigit() or not digits.isascii() or out_type.kind == "u" and s[:1] == "-":
            raise ValueError(s)
        value = int(s)
        info = np.iinfo(out_type)
        if not info.min <= value <= info.max:
            raise ValueError(s)
        return value
    except ValueError:
        raise kernel_error("StringToNumber", "StringToNumberOp could not correctly convert "
                           f"string: {b.decode('utf-8', 'replace')}", name) from None


def _to_number(x, out_type, name):
    return np.asarray([_to_number_one(b, out_type, name) for b in x.ravel().tolist()],
                      out_type).reshape(x.shape)


_to_number_ops = {}


def to_number(string_tensor, out_type=dtypes.float32, name=None):
    """tf.strings.to_number: strtod's syntax for floats (hex, inf, nan), decimal integers
    with range checks; leading and trailing whitespace allowed."""
    nm = _name(string_tensor)
    out_type = dtypes.as_dtype(out_type)
    if out_type not in _NUMBER_TYPES:
        raise attr_error("StringToNumber", "out_type", out_type,
                         ("float", "double", "int32", "int64", "uint32", "uint64"),
                         _NUMBER_SUMMARY, nm)
    op = _to_number_ops.get(out_type)
    if op is None:
        op = _to_number_ops[out_type] = Op(
            "StringToNumber", strings.host_only, differentiable=False,
            strings=Kernel(_to_number, outputs=(out_type._np,)))
    x = _string_input(string_tensor, "StringToNumber")
    return execute(op, (x,), (("out_type", np.dtype(out_type._np)), ("name", nm)))


def _format_number(v, fmt, kind):
    if kind == "b":
        return b"true" if v else b"false"
    if kind == "c":
        return b"(" + _format_number(v.real, fmt, "f") + b"," + \
            _format_number(v.imag, fmt, "f") + b")"
    if kind == "f":
        v = float(v)
        if not np.isfinite(v):   # (C's printf: no zero padding; nan keeps its sign)
            return _pad(fmt, ("-" if np.signbit(v) else "") + ("nan" if np.isnan(v) else "inf"))
        return (fmt % v).encode()
    return (fmt % int(v)).encode()


def _pad(fmt, text):
    """A non-finite float under a printf format: width and '-', '+', ' ' flags only."""
    flags = fmt[1:len(fmt) - len(fmt[1:].lstrip("-+ 0#"))]
    rest = fmt[1 + len(flags):-1].split(".")[0]
    sign = "" if text.startswith("-") else "+" if "+" in flags else " " if " " in flags else ""
    text = sign + text
    width = int(rest) if rest else 0
    return (text.ljust(width) if "-" in flags else text.rjust(width)).encode()


def _as_string(x, fmt):
    kind = "b" if x.dtype == np.bool_ else "c" if x.dtype.kind == "c" else \
        "f" if x.dtype.kind == "f" or x.dtype.name == "bfloat16" else "i"
    return _elementwise(lambda v: _format_number(v, fmt, kind))(
        x.astype(np.float32) if x.dtype.name == "bfloat16" else x)


_as_string_op = _op("AsString", _as_string)
_AS_STRING_TYPES = ("float", "double", "int32", "uint8", "int16", "int8", "complex64", "int64",
                    "bool", "variant", "string", "complex128", "half", "bfloat16", "uint32",
                    "uint16", "uint64")


def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="",
              name=None):
    """tf.as_string / tf.strings.as_string: printf formatting of numbers and bools
    (``%<fill><width>.<precision>f|e|g``, ints ``%d``, complex ``(re,im)``)."""
    nm = _name(input)
    x = input._read() if isinstance(input, Variable) else to_tensor(input)
    if x.dtype is dtypes.string:
        return x
    fill = fill.decode() if isinstance(fill, bytes) else fill
    if len(fill) > 1:
        raise kernel_error("AsString", "Fill string must be one or fewer characters", nm)
    if scientific and shortest:
        raise kernel_error("AsString", "Cannot select both scientific and shortest notation",
                           nm)
    if fill and fill not in " +-0#":
        raise kernel_error("AsString", f'Fill argument not supported: "{fill}"', nm)
    fmt = "%" + fill + (str(width) if width > -1 else "")
    if x.dtype.is_integer:
        if scientific or shortest:
            raise kernel_error("AsString", "scientific and shortest format not supported for "
                               f"datatype {x.dtype.name}", nm)
        if precision > -1:
            raise kernel_error("AsString", "precision not supported for datatype "
                               f"{x.dtype.name}", nm)
        fmt += "d"
    elif x.dtype.is_floating or x.dtype.is_complex:
        fmt += (f".{precision}" if precision > -1 else "") + \
            ("g" if shortest else "e" if scientific else "f")
    elif x.dtype is dtypes.bool:
        fmt += "s"
    else:
        raise kernel_error("AsString", f"Type not supported: {x.dtype.name}", nm)
    return execute(_as_string_op, (x,), (("fmt", fmt),))


# -- format -----------------------------------------------------------------------------

def _summarize(a, summarize):
    """TF's Tensor::SummarizeValue(summarize, print_v2=True) of one input."""
    if a.dtype.kind == "c":   # (TF has no text for complex elements)
        n = a.size if summarize < 0 else min(summarize, a.size)
        text = " ".join(["?"] * n) + ("..." if n < a.size else "")
        return f"[{text}]" if a.ndim else text
    if summarize == 0 and a.size:
        if a.ndim == 0:
            return "..."
        return "[" + (" " if a.ndim == 1 else "\n" * (a.ndim - 1) + " ") + "...]"
    return format_tensor(a, summarize)


def _format(*arrays, template, placeholder, summarize):
    parts = template.split(placeholder)
    text = parts[0]
    for a, part in zip(arrays, parts[1:]):
        text += _summarize(a, summarize) + part
    out = np.empty((), object)
    out[()] = text.encode("utf-8", "surrogateescape")
    return out


_format_op = _op("StringFormat", _format, shape=lambda *shapes, **attrs: ())


def format(template, inputs, placeholder="{}", summarize=3, name=None):
    """tf.strings.format: `placeholder`s replaced by the tensors' text as tf.print writes
    it (`summarize` elements at each end of each dimension; -1: all)."""
    if isinstance(inputs, (Tensor, Variable)):
        inputs = [inputs]
    if template.count(placeholder) != len(inputs):
        raise ValueError(f"The template expects {template.count(placeholder)} tensors, but the "
                         f"inputs only has {len(inputs)}. Please ensure the number of "
                         f"placeholders in template matches inputs length.")
    tensors = tuple(x._read() if isinstance(x, Variable) else to_tensor(x) for x in inputs)
    attrs = (("template", template), ("placeholder", placeholder),
             ("summarize", int(summarize)))
    return execute(_format_op, tensors, attrs)


# -- hashing ----------------------------------------------------------------------------

def _bucket(x, num_buckets, hash_fn):
    return _elementwise(lambda b: hash_fn(b) % num_buckets, np.int64)(x)


def _hash_op(name, hash_fn):
    return _op(name, lambda x, num_buckets, **k: _bucket(
        x, num_buckets, lambda b: hash_fn(b, **k)), outputs=(np.int64,))


_fast_op = _hash_op("StringToHashBucketFast", lambda b: string_hash.fingerprint64(b))
_strong_op = _hash_op("StringToHashBucketStrong", lambda b, key: string_hash.siphash(key, b))
_legacy_op = _hash_op("StringToHashBucket", lambda b: string_hash.legacy_hash64(b))


def _buckets(op_name, num_buckets, name):
    if num_buckets < 1:
        raise errors.InvalidArgumentError(
            None, None,
            f"Value for attr 'num_buckets' of {num_buckets} must be at least minimum 1\n\t; "
            f"NodeDef: {{{{node {op_name}}}}}; Op<name={op_name}; signature="
            f"{'input' if op_name != 'StringToHashBucket' else 'string_tensor'}:string -> "
            f"output:int64; attr=num_buckets:int,min=1"
            f"{'; attr=key:list(int)' if op_name == 'StringToHashBucketStrong' else ''}> "
            f"[Op:{op_name}]" + ("" if name is None else f" name: {name}"))
    return int(num_buckets)


def to_hash_bucket_fast(input, num_buckets, name=None):
    """tf.strings.to_hash_bucket_fast: FarmHash Fingerprint64 modulo `num_buckets`."""
    n = _buckets("StringToHashBucketFast", num_buckets, _name(input))
    return execute(_fast_op, (_string_input(input, "StringToHashBucketFast"),),
                   (("num_buckets", n),))


def to_hash_bucket_strong(input, num_buckets, key, name=None):
    """tf.strings.to_hash_bucket_strong: SipHash-2-4 keyed by `key` (two ints)."""
    nm = _name(input)
    n = _buckets("StringToHashBucketStrong", num_buckets, nm)
    if len(key) != 2:
        raise kernel_error("StringToHashBucketStrong", "Key must have 2 elements", nm)
    return execute(_strong_op, (_string_input(input, "StringToHashBucketStrong"),),
                   (("num_buckets", n), ("key", tuple(int(k) for k in key))))


def to_hash_bucket(string_tensor, num_buckets, name=None):
    """tf.strings.to_hash_bucket: TF's legacy Hash64 modulo `num_buckets`."""
    n = _buckets("StringToHashBucket", num_buckets, _name(string_tensor))
    return execute(_legacy_op, (_string_input(string_tensor, "StringToHashBucket"),),
                   (("num_buckets", n),))


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


# -- splitting (dense results only: TF returns tf.RaggedTensor otherwise) ---------------

def _ragged(api):
    return TypeError(f"tfcompat: {api} on a non-scalar input returns a tf.RaggedTensor in "
                     f"TensorFlow, and tfcompat has no tf.RaggedTensor")


def _split_scalar(x, sep, maxsplit):
    b = x[()]
    return _split_list(b.split(sep, maxsplit))


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
    if t.shape.rank != 0:
        raise _ragged(f"tf.strings.{api}")
    if symbolic(t._value):
        raise dynamic_shape_error(f"tf.strings.{api}", "input")
    return t


def split(input, sep=None, maxsplit=-1, name=None):
    """tf.strings.split of a scalar: a 1-D Tensor (on whitespace runs when `sep` is
    None or empty); other ranks raise (TF returns a tf.RaggedTensor)."""
    t = _dense_scalar(input, "split")
    if isinstance(sep, (Tensor, Variable)):
        sep = np.asarray(sep._value)[()]
    sep = _bytes(sep) if sep else None
    return execute(_split_op, (t,), (("sep", sep), ("maxsplit", int(maxsplit))))


def bytes_split(input, name=None):
    """tf.strings.bytes_split of a scalar: its bytes as a 1-D Tensor."""
    return execute(_bytes_split_op, (_dense_scalar(input, "bytes_split"),))


def _decode(x, errors_mode, replacement_char, as_chars):
    b = x[()]
    codes, chars, i = [], [], 0
    while i < len(b):
        j = i + 1
        while j < len(b) and not _is_lead(b[j]) and j - i < 4:
            j += 1
        try:
            text = b[i:j].decode("utf-8")
            codes.append(ord(text))
            chars.append(b[i:j])
            i = j
        except UnicodeDecodeError:
            if errors_mode == "strict":
                raise kernel_error("UnicodeDecode", "Invalid formatting on input string",
                                   "") from None
            if errors_mode == "replace":
                codes.append(replacement_char)
                chars.append(b[i:i + 1])
            i += 1
    return _split_list(chars) if as_chars else np.asarray(codes, np.int32)


_decode_op = _op("UnicodeDecode", _decode, outputs=(np.int32,))
_unicode_split_op = _op("UnicodeDecode", _decode)


def _check_encoding(encoding, errors_mode, op="UnicodeDecode"):
    """TF's checks of `errors` and of the encoding (ICU's; Python's codec names stand
    for them here); tfcompat decodes UTF-8 only."""
    if errors_mode not in ("strict", "replace", "ignore"):
        raise errors.InvalidArgumentError(
            None, None, f"Value for attr 'errors' of \"{errors_mode}\" is not in the list of "
                        f"allowed values: \"strict\", \"replace\", \"ignore\" [Op:{op}]")
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
    _check_encoding(input_encoding, errors)
    if replace_control_characters:
        raise ValueError("tfcompat: tf.strings.unicode_decode does not support "
                         "replace_control_characters=True")
    return execute(_decode_op, (_dense_scalar(input, "unicode_decode"),),
                   (("errors_mode", errors), ("replacement_char", int(replacement_char)),
                    ("as_chars", False)))


def unicode_split(input, input_encoding, errors="replace", replacement_char=65533,
                  name=None):
    """tf.strings.unicode_split of a scalar (UTF-8): its characters, a 1-D Tensor."""
    _check_encoding(input_encoding, errors)
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


# -- ngrams (dense input; TF's StringNGrams kernel) ------------------------------------

def _ngram_pad(width, pad_width):
    return min(width - 1 if pad_width < 0 else pad_width, width - 1)


def _ngram_count(length, width, pad_width):
    return builtins.max(0, length + 2 * _ngram_pad(width, pad_width) - width + 1)


def _ngrams_per_row(length, widths, pad_width, preserve):
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


def _ngrams(data, widths, separator, left, right, pad_width, preserve):
    length = data.shape[-1]
    if data.size == 0:
        return np.empty(_ngrams_shape(data.shape, widths, separator, left, right, pad_width,
                                      preserve), object)
    rows = data.reshape(-1, length).tolist()
    out = []
    for row in rows:
        grams = []
        for w in widths:
            grams += _ngrams_of(row, w, _ngram_count(length, w, pad_width), pad_width,
                                separator, left, right)
        if preserve and not grams and length:
            grams = _ngrams_of(row, length + 2 * pad_width, 1, pad_width, separator, left,
                               right)
        out.append(grams)
    res = np.empty((len(rows), _ngrams_per_row(length, widths, pad_width, preserve)), object)
    for i, grams in enumerate(out):
        res[i, :] = grams
    return res.reshape(_ngrams_shape(data.shape, widths, separator, left, right, pad_width,
                                     preserve))


def _ngrams_shape(shape, widths, separator, left, right, pad_width, preserve):
    length = shape[-1]
    n = None if length is None else _ngrams_per_row(length, widths, pad_width, preserve)
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
    if isinstance(data, Variable):
        data = data._read()
    try:
        data = convert_to_tensor(data, dtype=dtypes.string, name="data")
    except ValueError as e:
        raise ValueError(f"data: {e}") from None
    if data.shape.rank == 0:
        raise ValueError("Data must have rank>0")
    if pad_values is None:
        padding_width = 0
    elif padding_width is None:
        padding_width = -1
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for width in widths:
        if width < 1:
            raise ValueError("All ngram_widths must be greater than 0. Got %s" % ngram_width)
    attrs = (("widths", tuple(int(w) for w in widths)), ("separator", _bytes(separator)),
             ("left", _bytes(left_pad)), ("right", _bytes(right_pad)),
             ("pad_width", int(padding_width)), ("preserve", bool(preserve_short_sequences)))
    return execute(_ngrams_op, (data,), attrs)
