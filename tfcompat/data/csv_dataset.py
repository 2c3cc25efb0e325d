"""tf.data.experimental.CsvDataset: the records of CSV files as tuples of scalars, read as
TF's CSVDatasetV2 kernel reads them: RFC 4180 quoting (a field starting with '"' is
quoted, '""' inside it is a quote; off with use_quote_delim=False), records ending at
\\n, \\r or \\r\\n, an empty field or `na_value` taking its column's default (a required
column, one without a default, raises), numbers parsed as tf.strings.to_number parses
them (TF's kernels share safe_strto*: surrounding whitespace, hex floats, inf/nan),
`header` skipping each file's first record, `select_cols`/`exclude_cols`.

Deliberate differences: each file is read (and decompressed) whole before its records
are parsed, so `buffer_size` is only checked; as everywhere in tfcompat's tf.data, an
element's error ends the iteration (TF's iterator may go on to the next record).
"""
import re

import numpy as np

from ..framework import dtypes, errors, op_def
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.variables import Variable
from ..ops.op_args import attr_error
from ..ops.string_conversion_ops import to_number
from . import record_io
from .dataset_ops import UNKNOWN_CARDINALITY, Dataset
from .iterator_ops import ElementError

_OP = "CSVDatasetV2"
_ACCEPTABLE = (dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64, dtypes.string)
_NUMBER_NAMES = {dtypes.int32: "int32", dtypes.int64: "int64", dtypes.float32: "float",
                 dtypes.float64: "double"}
_DEFAULT_BUFFER_SIZE = 4 * 1024 * 1024
_CHUNK = 1024   # records parsed (and their numbers converted) at a time
_EOF_IN_QUOTE = "Reached end of file without closing quoted field in record"


def _scalar_value(t, name, n):
    if t.shape.rank != 0:
        raise _kernel_error(f"{name} must be a scalar", n)
    value = np.asarray(t._value)[()]
    return value


def _kernel_error(text, n):
    return errors.op_error(errors.InvalidArgumentError, _OP, text,
                           kernel=f"{_OP}_output_types_{n}")


def _default_tensor(x):
    """TF's record default: a dtype is an empty (required) default of that dtype."""
    if not isinstance(x, (Tensor, Variable)) and x in _ACCEPTABLE:
        return constant([], dtype=x)
    return convert_to_tensor(x)


class CsvDatasetV2(Dataset):
    """tf.data.experimental.CsvDataset(filenames, record_defaults, compression_type=None,
    buffer_size=None, header=False, field_delim=",", use_quote_delim=True, na_value="",
    select_cols=None, exclude_cols=None)."""

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None,
                 header=False, field_delim=",", use_quote_delim=True, na_value="",
                 select_cols=None, exclude_cols=None):
        names = convert_to_tensor(filenames, dtype=dtypes.string)
        compression = convert_to_tensor("" if compression_type is None else compression_type,
                                        dtype=dtypes.string)
        defaults = [_default_tensor(x) for x in record_defaults]
        size = convert_to_tensor(_DEFAULT_BUFFER_SIZE if buffer_size is None else buffer_size,
                                 dtype=dtypes.int64)
        header = convert_to_tensor(header, dtype=dtypes.bool)
        delim = convert_to_tensor(field_delim, dtype=dtypes.string)
        quote = convert_to_tensor(use_quote_delim, dtype=dtypes.bool)
        na_value = convert_to_tensor(na_value, dtype=dtypes.string)
        select = convert_to_tensor([] if select_cols is None else select_cols,
                                   dtype=dtypes.int64)
        exclude = convert_to_tensor([] if exclude_cols is None else exclude_cols,
                                    dtype=dtypes.int64)
        self._spec = tuple(TensorSpec([], d.dtype) for d in defaults)
        if not defaults:
            raise op_def.attr_value_error(_OP, "output_shapes", defaults, "")
        for d in defaults:
            if d.dtype not in _ACCEPTABLE:
                raise attr_error(_OP, "output_types", d.dtype, name="")
        n = len(defaults)
        if names.shape.rank > 1:
            raise _kernel_error("`filenames` must be a scalar or a vector.", n)
        compression = _scalar_value(compression, "compression_type", n).decode("utf-8")
        for i, d in enumerate(defaults):
            if d.shape.rank > 1:
                raise _kernel_error("Each record default should be at most rank 1", n)
            if d.shape.num_elements() > 1:
                raise _kernel_error(f"There should only be 1 default per field but field {i} "
                                    f"has {d.shape.num_elements()}", n)
        if select.shape.rank != 1:
            raise _kernel_error("`select_cols` must be a vector.", n)
        if exclude.shape.rank != 1:
            raise _kernel_error("`exclude_cols` must be a vector", n)
        self._buffer_size = int(_scalar_value(size, "buffer_size", n))
        if self._buffer_size <= 0:
            raise _kernel_error("buffer_size should be positive", n)
        delim = _scalar_value(delim, "field_delim", n)
        if len(delim) != 1:
            raise _kernel_error("field_delim should be only 1 char", n)
        self._header = bool(_scalar_value(header, "header", n))
        self._quote = bool(_scalar_value(quote, "use_quote_delim", n))
        self._na_value = _scalar_value(na_value, "na_value", n)
        if compression not in ("", "ZLIB", "GZIP"):
            raise _kernel_error(f"Unsupported compression_type: {compression}.", n)
        self._bits = record_io.wbits(compression)
        self._select = [int(i) for i in np.asarray(select._value)]
        self._exclude = [int(i) for i in np.asarray(exclude._value)]
        _check_cols(self._select, self._exclude, n)
        self._delim = delim
        self._names = np.asarray(names._value, object).reshape(-1)
        self._dtypes = [d.dtype for d in defaults]
        self._defaults = [np.asarray(d._value).reshape(-1) for d in defaults]

    def _iter_flat(self):
        for name in self._names:
            with record_io.open_file(name) as f:
                data = b"".join(record_io.chunks(f, self._buffer_size, self._bits))
            scanner = _Scanner(data, self._delim, self._quote)
            if self._header:
                first = scanner.record()
                if first is None or any(error for _, error in first):
                    raise ElementError(errors.InvalidArgumentError, "Can't read header of file")
            while True:
                chunk = [r for r in (scanner.record() for _ in range(_CHUNK)) if r is not None]
                if not chunk:
                    break
                yield from self._elements([self._outputs(r) for r in chunk])

    def _cardinality(self):
        return UNKNOWN_CARDINALITY

    def _included(self, column):
        """TF's ReadRecord: whether field `column` of a record is an output."""
        if not self._select and not self._exclude:
            return True
        return column in self._select or bool(self._exclude) and column not in self._exclude

    def _outputs(self, record):
        """A record's events in TF's order: ("error", text) for a field's parse error,
        ("field", output index, bytes) for an output field."""
        events, count = [], 0
        for column, (field, error) in enumerate(record):
            if error:
                events.append(("error", error))
            if field is None or not self._included(column):
                continue
            if count >= len(self._dtypes):
                events.append(("error", f"Expect {len(self._dtypes)} fields but have more in "
                                        "record"))
                continue
            events.append(("field", count, field))
            count += 1
        events.append(("count", count))
        return events

    def _missing(self, field):
        return not field or field == self._na_value

    def _elements(self, records):
        """The elements of parsed records (TF's FieldToOutput), numbers converted a column
        at a time; the first error of a record raises."""
        converted = {}
        for i, dtype in enumerate(self._dtypes):
            if dtype != dtypes.string:
                converted[i] = iter(_convert([
                    e[2] for events in records for e in events
                    if e[0] == "field" and e[1] == i and not self._missing(e[2])], dtype))
        for events in records:
            values, error = [], None
            for event in events:
                if event[0] == "error":
                    error = error or event[1]
                elif event[0] == "count":
                    count = event[1]
                else:
                    values.append(self._field_value(event[1], event[2], converted))
                    if isinstance(values[-1], str):
                        error = error or values[-1]
            if error:
                raise ElementError(errors.InvalidArgumentError, error)
            if count != len(self._dtypes):
                raise ElementError(errors.InvalidArgumentError,
                                   f"Expect {len(self._dtypes)} fields but have {count} in "
                                   "record")
            yield values

    def _field_value(self, i, field, converted):
        """Field `i`'s 0-d array, or the text of its error."""
        dtype = self._dtypes[i]
        if self._missing(field):
            if self._defaults[i].size != 1:
                return f"Field {i} is required but missing in record!"
            value = self._defaults[i][0]
        elif dtype == dtypes.string:
            value = field
        else:
            value = next(converted[i])
            if value is None:
                return (f"Field {i} in record is not a valid {_NUMBER_NAMES[dtype]}: "
                        f"{field.decode('utf-8', 'replace')}")
        out = np.empty((), object if dtype == dtypes.string else dtype._np)
        out[()] = value
        return out


def _check_cols(select, exclude, n):
    """TF's kernel checks of select_cols and exclude_cols."""
    if select and len(select) != n:
        raise _kernel_error("select_cols should match output size", n)
    if any(a >= b for a, b in zip(select, select[1:])):
        raise _kernel_error("select_cols should be strictly increasing indices", n)
    if select and select[0] < 0:
        raise _kernel_error("select_cols should be non-negative indices", n)
    if select and exclude:
        raise _kernel_error("Either select_cols or exclude_cols should be empty", n)
    if any(a >= b for a, b in zip(exclude, exclude[1:])):
        raise _kernel_error("exclude_cols should be strictly increasing indices", n)
    if exclude and exclude[0] < 0:
        raise _kernel_error("exclude_cols should be non-negative indices", n)


def _convert(fields, dtype):
    """The numbers of `fields` (bytes) as tf.strings.to_number parses them, up to the first
    invalid one, which is None (found by halving: one call per half)."""
    if not fields:
        return []
    try:
        return to_number(np.array(fields, object), dtype).numpy().tolist()
    except errors.InvalidArgumentError:
        if len(fields) == 1:
            return [None]
    half = len(fields) // 2
    left = _convert(fields[:half], dtype)
    return left if None in left else left + _convert(fields[half:], dtype)


class _Scanner:
    """The records of a file's bytes as TF's kernel splits them (ReadRecord)."""

    def __init__(self, data, delim, quote):
        self._data, self._pos = data, 0
        self._delim, self._quote = delim[0], quote
        self._stop = re.compile(b"[" + re.escape(delim) + b"\r\n]")

    def record(self):
        """The next record, [(field bytes, or None where it is not output; the text of its
        parse error, or None)], or None at the end of the data."""
        if self._pos >= len(self._data):
            return None
        fields = []
        while True:
            field, error, end = self._field()
            fields.append((field, error))
            if end:
                return fields

    def _field(self):
        """(field, error, end of record) at the position; the position moves past it."""
        data, pos = self._data, self._pos
        if pos >= len(data):   # (after a delimiter at the end: an empty last field)
            return b"", None, True
        if self._quote and data[pos] == 0x22:
            return self._quoted()
        m = self._stop.search(data, pos)
        end = len(data) if m is None else m.start()
        field = data[pos:end]
        error = ("Unquoted fields cannot have quotes inside"
                 if self._quote and b'"' in field else None)
        if m is None:
            self._pos = end
            return field, error, True
        self._pos = end + 1
        if data[end] == self._delim:
            return field, error, False
        self._skip_newline(data[end])
        return field, error, True

    def _quoted(self):
        data, start = self._data, self._pos
        pos, error = start + 1, None
        while True:
            q = data.find(b'"', pos)
            if q < 0:
                self._pos = len(data)
                return None, _EOF_IN_QUOTE, True
            pos = q + 1
            if pos >= len(data):
                self._pos = pos
                return _unquoted(data[start:pos], error), error, True
            following = data[pos]
            pos += 1
            if following == self._delim or following in (0x0A, 0x0D):
                self._pos = pos
                if following != self._delim:
                    self._skip_newline(following)
                return _unquoted(data[start:pos - 1], error), error, following != self._delim
            if following != 0x22:   # (TF notes the error and reads on to the field's end)
                error = error or "Quote inside a string has to be escaped by another quote"

    def _skip_newline(self, ending):
        if ending == 0x0D and self._data[self._pos:self._pos + 1] == b"\n":
            self._pos += 1


def _unquoted(field, error):
    """A quoted field's text (None after a quote error: TF does not output it)."""
    return None if error else field[1:-1].replace(b'""', b'"')
