"""tf.strings' conversions: to_number, as_string (tf.as_string), format and the
to_hash_bucket family."""

import numpy as np

from ..framework import dtypes, op_def, strings
from ..framework.composite_dispatch import dispatchable
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.strings import Kernel
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from . import string_hash
from .logging_ops import format_tensor
from .op_args import attr_error, kernel_error
from .string_text_ops import _WHITESPACE, _elementwise, _name, _op, _string_input

# The names TF exports at the top level, re-exported by tfcompat/__init__.
__all__ = ["as_string"]


# -- to_number, as_string ---------------------------------------------------------------



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
    if out_type._tf_name not in op_def.spec("StringToNumber").allowed("out_type"):
        raise attr_error("StringToNumber", "out_type", out_type, name=nm)
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


@dispatchable("inputs", "inputs[]")
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
        raise op_def.attr_value_error(op_name, "num_buckets", num_buckets, name)
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
