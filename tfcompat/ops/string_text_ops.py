"""tf.strings' length, upper, lower, strip, join, reduce_join, substr and regular
expressions, and the helpers the other tf.strings modules share.

Each op is an `Op` with a host `strings.Kernel` (NumPy on object arrays of bytes; a host
callback inside a tf.function). TF's messages end in `` name: `` unless an input of the raw
op was a Python list or string (TF's eager fast path then falls back to a slower one that
omits it): `_name` reproduces that.
"""
import builtins

import numpy as np

from ..framework import dtypes, errors, op_def, strings
from ..framework.composite_dispatch import dispatchable
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, check_dtype, execute, match, \
    mismatch_error, to_tensor
from ..framework.strings import OBJECT, Kernel
from ..framework.tensor import symbolic
from ..framework.variables import Variable
from . import re2_syntax
from .op_args import dims, kernel_error


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


def _is_lead(b):
    return (b & 0xC0) != 0x80


# -- length, upper, lower, strip --------------------------------------------------------

def _length(b, unit):
    return len(b) if unit == "BYTE" else sum(1 for c in b if _is_lead(c))


_length_op = _op("StringLength", _elementwise(_length, np.int32), outputs=(np.int32,))


def length(input, unit="BYTE", name=None):
    """tf.strings.length: bytes or UTF-8 characters (bytes that do not continue a
    character, as TF counts them) of each element."""
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise op_def.attr_value_error("StringLength", "unit", unit, _name(input))
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


@dispatchable("inputs[]")
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


_substr_op = Op("Substr", strings.host_only, differentiable=False, strings=Kernel(_substr))


def substr(input, pos, len, unit="BYTE", name=None):
    """tf.strings.substr: `len` bytes or UTF-8 characters from `pos` (negative: from the
    end; a negative `len` in bytes: to the end). `pos` and `len` have one shape, which
    broadcasts with the input's."""
    nm = _name(input, pos, len)
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise op_def.attr_value_error("Substr", "unit", unit, nm)
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
