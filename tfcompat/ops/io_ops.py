"""tf.io's ops: files (read_file, write_file, matching_files), bytes (decode_raw,
decode_base64 / encode_base64, decode_compressed), TensorProto bytes (serialize_tensor /
parse_tensor) and decode_csv.

Ops that only compute on bytes, and ReadFile (not stateful in TF either), are `Op`s with
a host `strings.Kernel` (a pure callback inside a tf.function). WriteFile runs on the host
each time a tf.function runs, in program order (an ordered io_callback), never while it
is traced.

Deliberate differences (XLA compiles static shapes): inside a tf.function, decode_raw of a
computed tensor needs `fixed_length`, parse_tensor needs a constant input, and
matching_files is not available (their output shapes depend on values); these raise a
TypeError naming the op. Only local files exist (ops/file_io.py). decode_compressed's
ZSTD raises UnimplementedError.
"""
import base64
import zlib

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, host_callback, op_def, strings
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, mismatch_error
from ..framework.context import executing_eagerly
from ..framework.proto_decode import MalformedProto
from ..framework.relaxed_shapes import relaxed
from ..framework.strings import OBJECT, Kernel, StringIds
from ..framework.tensor import EagerTensor, Tensor, symbolic
from ..framework.tensor_shape import TensorShape
from ..framework.variables import Variable
from . import file_io
from .op_args import attr_error, dims, dynamic_shape_error, kernel_error, static_int
from .proto_wire import InvalidTensorProto, string_tensor_proto, tensor_from_proto, tensor_proto
from .record_format import inflate_message
from .spec_probes import probe_size
from .string_conversion_ops import _parse_float
from .string_split_ops import _split_list
from .string_text_ops import _elementwise, _name

__all__ = []


def _string_arg(x, op_name, index=0):
    """A tf.string input: Python values converted as tf.string (TF's TypeError when they
    are not strings), Tensors of another dtype rejected with TF's mismatch error."""
    if isinstance(x, Variable):
        x = x._read()
    t = x if isinstance(x, Tensor) else convert_to_tensor(x, dtype=dtypes.string)
    if t.dtype is not dtypes.string:
        raise mismatch_error(op_name, index, dtypes.string, t.dtype)
    return t


def _check_bool(value, arg):
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"Expected bool for argument '{arg}' not {value!r}.")
    return bool(value)


def _check_str(value, arg):
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument '{arg}' not {value!r}.")
    return value


def _scalar(t, op_name, what, name):
    if t.shape.rank != 0:
        raise kernel_error(op_name, f"{what} must be scalar, but had shape: {dims(t.shape)}",
                           name)


def _host_op(name, fn, outputs=(OBJECT,), shape=None):
    return Op(name, strings.host_only, differentiable=False,
              strings=Kernel(fn, outputs=outputs, shape=shape))


# -- file ops: run on the host each time, in order ---------------------------------------

def _file_op(name, fn):
    """Run `fn(*numpy values) -> list of numpy outputs` on `inputs`: now, or inside a
    tf.function each time it runs (ordered with the other file ops), never at trace."""
    def run(inputs, outputs, attrs):
        if executing_eagerly() and not any(symbolic(t._value) for t in inputs):
            out = fn(*[np.asarray(t._value) for t in inputs], **dict(attrs))
            return [EagerTensor(o if o.dtype == OBJECT else jnp.asarray(o)) for o in out]
        return _staged(name, fn, inputs, outputs, attrs)
    return run


class _Staged:
    """The io_callback of a file op: handles in and out for tf.string values."""

    __slots__ = ("fn", "in_strings", "outputs", "attrs")

    def __init__(self, fn, in_strings, outputs, attrs):
        self.fn, self.in_strings, self.outputs, self.attrs = fn, in_strings, outputs, attrs

    def __call__(self, *values):
        arrays = [strings.from_ids(v) if s else np.asarray(v)
                  for v, s in zip(values, self.in_strings)]
        out = self.fn(*arrays, **dict(self.attrs))
        return [strings.to_ids(o) if d == OBJECT else np.asarray(o, d)
                for o, (_, d) in zip(out, self.outputs)]

    def __hash__(self):
        return hash((self.fn, self.in_strings, self.outputs, self.attrs))

    def __eq__(self, other):
        return type(other) is _Staged and (self.fn, self.in_strings, self.outputs,
                                           self.attrs) == (other.fn, other.in_strings,
                                                           other.outputs, other.attrs)


def _run_staged(*arrays, staged):
    specs = [jax.ShapeDtypeStruct(s, np.int32 if d == OBJECT else d) for s, d in staged.outputs]
    return host_callback.io_callback(staged, specs, *arrays)


_staged_ops = {}


def _staged(name, fn, inputs, outputs, attrs):
    in_strings = tuple(strings.is_string(t._value) for t in inputs)
    args = tuple(EagerTensor(strings.traced_ids(t._value)) if s else t
                 for t, s in zip(inputs, in_strings))
    if any(d == OBJECT for _, d in outputs):
        strings.host_calls[0] += 1   # (the function then runs in a strings.scope)
    op = _staged_ops.get(name)
    if op is None:
        op = _staged_ops[name] = Op(name, _run_staged, differentiable=False, stateful=True)
    out = execute(op, args, (("staged", _Staged(fn, in_strings, tuple(outputs), attrs)),))
    out = out if isinstance(out, list) else [out]
    return [EagerTensor(StringIds(o._value)) if d == OBJECT else o
            for o, (_, d) in zip(out, outputs)]


def _file_call(op_name, name, fn, *args, **kw):
    """`fn(*args, **kw)` turning file system failures into op `op_name`'s errors."""
    try:
        return fn(*args, **kw)
    except file_io.FileError as e:
        raise kernel_error(op_name, e.text, name, cls=e.cls) from None


def _read_file(filename, name):
    data = _file_call("ReadFile", name, file_io.read_bytes, filename[()])
    out = np.empty((), object)
    out[()] = data
    return out


def _write_file(filename, contents, name):
    _file_call("WriteFile", name, file_io.write_bytes, filename[()], contents[()])
    return []


_read_op = _host_op("ReadFile", _read_file, shape=lambda s, name: ())
_write = _file_op("WriteFile", _write_file)


def read_file(filename, name=None):
    """tf.io.read_file: the contents of a file, a scalar tf.string. As in TF, ReadFile is
    not stateful: inside a tf.function a constant file name is read when the function is
    traced (TF's Grappler folds it), and reads are not ordered after write_file."""
    nm = _name(filename)
    t = _string_arg(filename, "ReadFile")
    _scalar(t, "ReadFile", "Input filename tensor", nm)
    if probe_size() is not None:   # (tf.data's spec probe: TF's static shape is [])
        return convert_to_tensor(b"")
    return execute(_read_op, (t,), (("name", nm),))


def write_file(filename, contents, name=None):
    """tf.io.write_file: writes a scalar tf.string to a file (creating its missing
    directories, as TF does); returns None."""
    nm = _name(filename, contents)
    f = _string_arg(filename, "WriteFile")
    c = _string_arg(contents, "WriteFile", 1)
    _scalar(f, "WriteFile", "Input filename tensor", nm)
    _scalar(c, "WriteFile", "Contents tensor", nm)
    _write((f, c), [], (("name", nm),))


def matching_files(pattern, name=None):
    """tf.io.matching_files: the sorted names matching glob patterns (a scalar or 1-D
    tf.string), a 1-D tf.string. Not available inside a tf.function (see module)."""
    nm = _name(pattern)
    t = _string_arg(pattern, "MatchingFiles")
    if t.shape.rank > 1:
        raise kernel_error("MatchingFiles", f"Input patterns tensor must be scalar or vector, "
                           f"but had shape: {dims(t.shape)}", nm)
    if not executing_eagerly() or symbolic(t._value):
        raise TypeError("tfcompat: tf.io.matching_files is not supported inside a "
                        "tf.function: its output shape depends on the files found when it "
                        "runs (TF gives an unknown shape; XLA compiles static shapes)")
    found = []
    for p in np.asarray(t._value).reshape(-1).tolist():
        found += _file_call("MatchingFiles", nm, file_io.glob, p)
    return EagerTensor(_split_list(sorted(f.encode() if isinstance(f, str) else f
                                          for f in found)))


# -- decode_raw --------------------------------------------------------------------------



def _from_bytes(data, dtype, little_endian):
    """The elements of dtype `dtype` in `data` (complex: each part swapped alone)."""
    if dtype == np.bool_:
        return np.frombuffer(data, np.uint8) != 0
    if not little_endian:
        part = dtype.itemsize // 2 if dtype.kind == "c" else dtype.itemsize
        data = np.frombuffer(data, np.uint8).reshape(-1, part)[:, ::-1].tobytes()
    return np.frombuffer(data, dtype)


def _decode_raw(x, out_type, little_endian, name):
    flat = x.ravel().tolist()
    size = len(flat[0]) if flat else -1
    for i, b in enumerate(flat):
        if len(b) != size:
            raise kernel_error("DecodeRaw", f"DecodeRaw requires input strings to all be the "
                               f"same size, but element {i} has size {size} != {len(b)}", name)
    if size <= 0:
        return np.zeros(x.shape + (0,), out_type)
    if size % out_type.itemsize:
        raise kernel_error("DecodeRaw", f"Input to DecodeRaw has length {size} that is not a "
                           f"multiple of {out_type.itemsize}, the size of "
                           f"{dtypes.as_dtype(out_type)._tf_name}", name)
    return _from_bytes(b"".join(flat), out_type, little_endian).reshape(
        x.shape + (size // out_type.itemsize,))


def _decode_padded(x, out_type, little_endian, fixed_length, name):
    flat = [b[:fixed_length].ljust(fixed_length, b"\0") for b in x.ravel().tolist()]
    return _from_bytes(b"".join(flat), out_type, little_endian).reshape(
        x.shape + (fixed_length // out_type.itemsize,))


_raw_ops = {}


def _raw_op(padded, out_type):
    key = (padded, out_type)
    op = _raw_ops.get(key)
    if op is None:
        if padded:
            op = _host_op("DecodePaddedRaw", _decode_padded, outputs=(out_type._np,),
                          shape=lambda s, out_type, little_endian, fixed_length, name:
                          s + (fixed_length // out_type.itemsize,))
        else:
            op = _host_op("DecodeRaw", _decode_raw, outputs=(out_type._np,))
        _raw_ops[key] = op
    return op


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    """tf.io.decode_raw: the bytes of each string as elements of `out_type` (rows of
    `fixed_length` bytes, truncated or zero-padded, when it is given)."""
    nm = _name(input_bytes)
    out_type = dtypes.as_dtype(out_type)
    padded = fixed_length is not None
    op_name = "DecodePaddedRaw" if padded else "DecodeRaw"
    little_endian = _check_bool(little_endian, "little_endian")
    if out_type._tf_name not in op_def.spec(op_name).allowed("out_type"):
        raise attr_error(op_name, "out_type", out_type, name=nm)
    x = _string_arg(input_bytes, op_name)
    attrs = (("out_type", np.dtype(out_type._np)), ("little_endian", little_endian))
    if padded:
        if not isinstance(fixed_length, (Tensor, Variable)):
            fixed_length = convert_to_tensor(fixed_length, dtype=dtypes.int32)
        n = static_int(fixed_length, "tf.io.decode_raw", "fixed_length")
        size = np.dtype(out_type._np).itemsize
        if n % size:
            raise kernel_error(op_name, f"fixed_length ({n}) must be a multiple of the size "
                               f"of out_type ({size})", nm)
        if n <= 0:
            raise kernel_error(op_name, f"fixed_length ({n}) must be greater than zero.", nm)
        attrs += (("fixed_length", n),)
    elif symbolic(x._value):
        raise dynamic_shape_error("tf.io.decode_raw without fixed_length", "input_bytes")
    return execute(_raw_op(padded, out_type), (x,), attrs + (("name", nm),))


# -- base64 ------------------------------------------------------------------------------

_B64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {c: i for i, c in enumerate(_B64)}


def _decode_quad(chunk, name):
    packed = 0
    for c in chunk:
        v = _B64_INDEX.get(c)
        if v is None:
            raise kernel_error("DecodeBase64", "Invalid character found in base64.", name)
        packed = packed << 6 | v
    return packed.to_bytes(3, "big")


def _b64decode(b, name):
    """TF's Base64Decode (web-safe alphabet; padding optional; spare bits ignored)."""
    if not b:
        return b""
    out, i, end = [], 0, len(b)
    while end - i > 4:
        out.append(_decode_quad(b[i:i + 4], name))
        i += 4
    if end - i == 4:
        if b[i + 2:i + 4] == b"==":
            end -= 2
        elif b[i + 3:i + 4] == b"=":
            end -= 1
    remain = end - i
    if remain == 1:
        raise kernel_error("DecodeBase64", "Base64 string length cannot be 1 modulo 4.", name)
    tail = _decode_quad(b[i:end] + b"A" * (4 - remain), name)
    out.append(tail[:max(remain - 1, 0)])
    return b"".join(out)


def _b64encode(b, pad):
    out = base64.urlsafe_b64encode(b)
    return out if pad else out.rstrip(b"=")


_decode64_op = _host_op("DecodeBase64", lambda x, name: _elementwise(
    lambda b: _b64decode(b, name))(x))
_encode64_op = _host_op("EncodeBase64", lambda x, pad: _elementwise(
    lambda b: _b64encode(b, pad))(x))


def decode_base64(input, name=None):
    """tf.io.decode_base64: web-safe base64 (``-`` and ``_``), padding optional."""
    nm = _name(input)
    return execute(_decode64_op, (_string_arg(input, "DecodeBase64"),), (("name", nm),))


def encode_base64(input, pad=False, name=None):
    """tf.io.encode_base64: web-safe base64, ``=`` padded only with pad=True."""
    pad = _check_bool(pad, "pad")
    return execute(_encode64_op, (_string_arg(input, "EncodeBase64"),), (("pad", pad),))


# -- decode_compressed -------------------------------------------------------------------

_WBITS = {"ZLIB": zlib.MAX_WBITS, "GZIP": zlib.MAX_WBITS + 16}


def _inflate(b, wbits, name):
    """As TF's ZlibInputStream: a truncated stream ends the data; data after a ZLIB
    stream is ignored, after a GZIP member it is read as the next member."""
    out = []
    while True:
        d = zlib.decompressobj(wbits)
        try:
            out.append(d.decompress(b))
        except zlib.error as e:
            raise kernel_error("DecodeCompressed", inflate_message(e), name,
                               cls=errors.DataLossError) from None
        if not (d.eof and d.unused_data and wbits == _WBITS["GZIP"]):
            return b"".join(out)
        b = d.unused_data


_decompress_op = _host_op("DecodeCompressed", lambda x, wbits, name: _elementwise(
    lambda b: _inflate(b, wbits, name))(x))


def decode_compressed(bytes, compression_type="", name=None):
    """tf.io.decode_compressed: ZLIB or GZIP data decompressed ('' : unchanged)."""
    nm = _name(bytes)
    kind = _check_str(compression_type, "compression_type")
    if kind == "ZSTD":
        raise kernel_error("DecodeCompressed", "tfcompat: ZSTD decompression is not supported "
                           "(ZLIB, GZIP or '' are)", nm, cls=errors.UnimplementedError)
    if kind not in ("", "ZLIB", "GZIP"):
        raise kernel_error("DecodeCompressed", "Only ZLIB, ZSTD, GZIP or NONE are supported "
                           "compressions", nm)
    x = _string_arg(bytes, "DecodeCompressed")
    if not kind:
        return x
    return execute(_decompress_op, (x,), (("wbits", _WBITS[kind]), ("name", nm)))


# -- serialize_tensor / parse_tensor -----------------------------------------------------

def _serialize(x):
    if x.dtype == OBJECT:
        data = string_tensor_proto(x.ravel().tolist(), x.shape)
    else:
        data = tensor_proto(x)
    out = np.empty((), object)
    out[()] = data
    return out


_serialize_op = _host_op("SerializeTensor", _serialize, shape=lambda s: ())


def serialize_tensor(tensor, name=None):
    """tf.io.serialize_tensor: TF's TensorProto bytes (tensor_content for numbers,
    string_val for strings), byte for byte."""
    t = tensor._read() if isinstance(tensor, Variable) else (
        tensor if isinstance(tensor, Tensor) else convert_to_tensor(tensor))
    return execute(_serialize_op, (t,))


def _parse(buf, out_type, name):
    """The ParseTensor kernel: the tensor of TensorProto bytes `buf`, of dtype `out_type`."""
    try:
        dtype, array = tensor_from_proto(buf)
    except MalformedProto:
        raise kernel_error("ParseTensor", "Could not parse `serialized` as TensorProto, "
                           f"base64: {base64.b64encode(buf).decode()}", name) from None
    except InvalidTensorProto:
        raise kernel_error("ParseTensor", "Cannot parse tensor from proto: tfcompat: an "
                           "invalid TensorProto", name) from None
    if dtype is not out_type:
        raise kernel_error("ParseTensor", f"Type mismatch between parsed tensor "
                           f"({dtype._tf_name}) and dtype ({out_type._tf_name})", name)
    return array


_parse_ops = {}


def parse_tensor(serialized, out_type, name=None):
    """tf.io.parse_tensor: a Tensor of `out_type` from TensorProto bytes (tensor_content
    or the typed value fields)."""
    nm = _name(serialized)
    out_type = dtypes.as_dtype(out_type)
    x = _string_arg(serialized, "ParseTensor")
    if x.shape.rank != 0:
        raise kernel_error("ParseTensor", f"Expected `serialized` to be a scalar, got shape: "
                           f"{dims(x.shape)}", nm)
    size = probe_size()
    if size is not None:   # (tf.data's spec probe: TF's static shape is unknown, rank too)
        shape = (size,) * (size - 1)   # (the probes' sizes 2 and 3: ranks 1 and 2)
        value = np.full(shape, b"", object) if out_type is dtypes.string else \
            np.zeros(shape, out_type._np)
        return relaxed(convert_to_tensor(value, out_type), TensorShape(None))
    if symbolic(x._value):
        raise dynamic_shape_error("tf.io.parse_tensor", "serialized")
    op = _parse_ops.get(out_type)
    if op is None:
        op = _parse_ops[out_type] = _host_op(
            "ParseTensor", lambda x, out_type, name: _parse(x[()], out_type, name),
            outputs=(OBJECT if out_type is dtypes.string else out_type._np,))
    return execute(op, (x,), (("out_type", out_type), ("name", nm)))


# -- decode_csv --------------------------------------------------------------------------



def _csv_fields(record, delim, quote, select, error):
    """TF's DecodeCSVOp::ExtractFields: the selected fields of one record."""
    fields, i, parsed, n = [], 0, 0, len(record)
    if not record:
        return fields
    while i < n:
        if record[i] in b"\n\r":
            i += 1
            continue
        include = select is None or select[len(fields)] == parsed
        field = bytearray()
        if quote and record[i] == 0x22:
            i += 1
            while i < n - 1 and (record[i] != 0x22 or record[i + 1] != delim):
                if record[i] != 0x22:
                    field.append(record[i])
                    i += 1
                else:
                    if record[i + 1] != 0x22:
                        raise error("Quote inside a string has to be escaped by another quote")
                    field.append(0x22)
                    i += 2
            if not (i < n and record[i] == 0x22 and (i == n - 1 or record[i + 1] == delim)):
                raise error("Quoted field has to end with quote followed by delim or end")
            i += 2
        else:
            while i < n and record[i] != delim:
                c = record[i]
                if (quote and c == 0x22) or c in (0x0A, 0x0D):
                    raise error("Unquoted fields cannot have quotes/CRLFs inside")
                field.append(c)
                i += 1
            i += 1
        parsed += 1
        if include:
            fields.append(bytes(field))
            if select is not None and len(fields) == len(select):
                return fields
    if (select is None or select[len(fields)] == parsed) and record[-1] == delim:
        fields.append(b"")
    return fields


def _csv_int(field, bits):
    s = field.strip(b" \t\n\v\f\r")
    digits = s[1:] if s[:1] in (b"+", b"-") else s
    if not digits.isdigit():
        raise ValueError
    value = int(s)
    if not -(1 << bits - 1) <= value < 1 << bits - 1:
        raise ValueError
    return value


def _csv_float(field, np_type):
    text = field.decode("ascii", "replace").strip(" \t\n\v\f\r")
    if text[:2] == "+-":
        raise ValueError
    with np.errstate(over="ignore"):
        return np_type(_parse_float(text))


def _decode_csv(records, *defaults, out_types, delim, quote, na_value, select, name):
    n_out = len(out_types)
    kernel = f"DecodeCSV_OUT_TYPE_{n_out}"

    def error(text):
        return kernel_error("DecodeCSV", text, name, kernel=kernel)

    outs = [np.empty(records.shape, object if t == OBJECT else t) for t in out_types]
    flats = [o.reshape(-1) for o in outs]
    for i, record in enumerate(records.ravel().tolist()):
        fields = _csv_fields(record, delim, quote, select, error)
        if len(fields) != n_out:
            raise error(f"Expect {n_out} fields but have {len(fields)} in record {i}")
        for f, (field, t) in enumerate(zip(fields, out_types)):
            if not field or field == na_value:
                if defaults[f].size != 1:
                    raise error(f"Field {f} is required but missing in record {i}!")
                flats[f][i] = defaults[f].reshape(-1)[0]
                continue
            try:
                if t == OBJECT:
                    flats[f][i] = field
                elif t.kind == "i":
                    flats[f][i] = _csv_int(field, t.itemsize * 8)
                else:
                    flats[f][i] = _csv_float(field, t.type)
            except ValueError:
                kind = dtypes.as_dtype(t)._tf_name
                raise error(f"Field {f} in record {i} is not a valid {kind}: "
                            f"{field.decode('utf-8', 'replace')}") from None
    return outs


_csv_ops = {}


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, na_value="",
               select_cols=None, name=None):
    """tf.io.decode_csv: each record's fields as tensors of the records' shape, typed by
    `record_defaults` (one default or none, required, per column)."""
    if select_cols is not None and any(select_cols[i] >= select_cols[i + 1]
                                       for i in range(len(select_cols) - 1)):
        raise ValueError("select_cols is not strictly increasing.")
    if select_cols is not None and select_cols[0] < 0:
        raise ValueError("select_cols contains negative values.")
    if select_cols is not None and len(select_cols) != len(record_defaults):
        raise ValueError("Length of select_cols and record_defaults do not match.")
    nm = _name(records, *record_defaults)
    defaults = [d._read() if isinstance(d, Variable) else
                d if isinstance(d, Tensor) else convert_to_tensor(d) for d in record_defaults]
    for d in defaults:
        if d.dtype._tf_name not in op_def.spec("DecodeCSV").allowed("OUT_TYPE"):
            raise attr_error("DecodeCSV", "OUT_TYPE", d.dtype, name=nm)
    if not defaults:
        raise op_def.attr_value_error("DecodeCSV", "OUT_TYPE", defaults, nm)
    x = _string_arg(records, "DecodeCSV")
    kernel = f"DecodeCSV_OUT_TYPE_{len(defaults)}"
    delim = _check_str(field_delim, "field_delim").encode("utf-8")
    if len(delim) != 1:
        raise kernel_error("DecodeCSV", "field_delim should be only 1 char", nm, kernel=kernel)
    for i, d in enumerate(defaults):
        if d.shape.rank > 1:
            raise kernel_error("DecodeCSV", "Each record default should be at most rank 1", nm,
                               kernel=kernel)
        if d.shape.num_elements() > 1:
            raise kernel_error("DecodeCSV", f"There should only be 1 default per field but "
                               f"field {i} has {d.shape.num_elements()}", nm, kernel=kernel)
    out_types = tuple(OBJECT if d.dtype is dtypes.string else np.dtype(d.dtype._np)
                      for d in defaults)
    op = _csv_ops.get(out_types)
    if op is None:
        op = _csv_ops[out_types] = _host_op(
            "DecodeCSV", _decode_csv, outputs=out_types,
            shape=lambda s, *defaults, **attrs: [s] * len(attrs["out_types"]))
    attrs = (("out_types", out_types), ("delim", delim[0]),
             ("quote", _check_bool(use_quote_delim, "use_quote_delim")),
             ("na_value", _check_str(na_value, "na_value").encode("utf-8")),
             ("select", None if not select_cols else tuple(int(c) for c in select_cols)),
             ("name", nm))
    out = execute(op, (x, *defaults), attrs)
    return out if isinstance(out, list) else [out]
