"""tf.data.experimental.make_csv_dataset: batches of dicts of CSV columns (TF's
readers.make_csv_dataset_v2 on tfcompat's CsvDataset): file patterns globbed and sorted,
column names from the header, column types inferred from the first rows (Python's csv
module, as TF), files read one after the other (or `num_parallel_reads` at a time, TF's
deterministic interleave), then shuffle, repeat, batch, the dict and prefetch.

Deliberate difference: ignore_errors=True raises NotImplementedError (tfcompat's tf.data
has no ignore_errors).
"""
import collections
import csv
import gzip
import os

import numpy as np

from ..framework import dtypes
from ..framework.constant_op import constant
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from ..io import gfile
from .csv_dataset import _ACCEPTABLE, CsvDatasetV2
from .dataset_ops import AUTOTUNE, Dataset
from .options import Options

_TYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string)


def _valid(str_val, dtype):
    """TF's _is_valid_int32/_int64/_float: whether numpy parses `str_val` as `dtype`."""
    try:
        if dtype == dtypes.int32:
            return np.int32(str_val) == np.int64(str_val)
        if dtype == dtypes.int64:
            np.int64(str_val)
            return True
        with np.errstate(over="ignore"):
            return dtype.as_numpy_dtype(str_val) < np.inf
    except (ValueError, OverflowError):
        return False


def _infer_type(str_val, na_value, prev_type):
    """TF's _infer_type: the least permissive type of the column so far."""
    if str_val in ("", na_value):
        return prev_type
    for i, dtype in enumerate(_TYPES):
        if (dtype == dtypes.string or _valid(str_val, dtype)) and (
                prev_type is None or prev_type in _TYPES[:i + 1]):
            return dtype
    return None


def _reader(f, field_delim, use_quote_delim):
    return csv.reader(f, delimiter=field_delim,
                      quoting=csv.QUOTE_MINIMAL if use_quote_delim else csv.QUOTE_NONE)


def _rows(filenames, num_cols, field_delim, use_quote_delim, header, open_fn):
    """TF's _next_csv_row: the rows of the files, checked to have `num_cols` fields."""
    for name in filenames:
        with open_fn(name) as f:
            rows = _reader(f, field_delim, use_quote_delim)
            row_num = 1
            if header:
                next(rows)
                row_num += 1
            for row in rows:
                if len(row) != num_cols:
                    raise ValueError(f"Problem inferring types: CSV row {row_num} has "
                                     f"{len(row)} number of fields. Expected: {num_cols}.")
                row_num += 1
                yield row


def _infer_defaults(filenames, num_cols, field_delim, use_quote_delim, na_value, header,
                    num_rows, select_columns, open_fn):
    """TF's _infer_column_defaults: [0] of each inferred type ([""] for strings)."""
    columns = range(num_cols) if select_columns is None else select_columns
    types = [None] * len(columns)
    for i, row in enumerate(_rows(filenames, num_cols, field_delim, use_quote_delim, header,
                                  open_fn)):
        if num_rows is not None and i >= num_rows:
            break
        for j, c in enumerate(columns):
            types[j] = _infer_type(row[c], na_value, types[j])
    types = [t or dtypes.string for t in types]
    return [constant([0 if t != dtypes.string else ""], dtype=t) for t in types]


def _infer_names(filenames, field_delim, use_quote_delim, open_fn):
    """TF's _infer_column_names: the header row, the same in every file."""
    names = None
    for name in filenames:
        with open_fn(name) as f:
            try:
                row = next(_reader(f, field_delim, use_quote_delim))
            except StopIteration:
                raise ValueError(f"Failed when reading the header line of {name}. Is it an "
                                 "empty file?") from None
        if names is None:
            names = row
        elif row != names:
            raise ValueError("All input CSV files should have the same column names in the "
                             f"header row. File {name} has different column names.")
    return names


def _duplicates(sorted_values):
    return set(a for a, b in zip(sorted_values[:-1], sorted_values[1:]) if a == b)


def _sorted_indices(select_columns, column_names):
    """TF's _get_sorted_col_indices: names or indices as sorted column indices."""
    by_name = {n: i for i, n in enumerate(column_names)}
    out = []
    for v in select_columns:
        if isinstance(v, int):
            if v < 0 or v >= len(column_names):
                raise ValueError(f"Column index {v} specified in `select_columns` should be > "
                                 f"0  and <= {len(column_names)}, which is the number of "
                                 "columns.")
            out.append(v)
        elif v not in by_name:
            raise ValueError(f"Column {v} specified in `select_columns` must be of one of the "
                             f"columns: {by_name.keys()}.")
        else:
            out.append(by_name[v])
    result = sorted(set(out))
    if len(result) != len(select_columns):
        raise ValueError("The `select_columns` argument contains duplicate columns: "
                         f"{_duplicates(sorted(result))}.")
    return result


def _file_names(file_pattern):
    """TF's _get_file_names (unshuffled): the sorted names matching the pattern(s)."""
    if isinstance(file_pattern, list):
        if not file_pattern:
            raise ValueError("Argument `file_pattern` should not be empty.")
        names = [n for p in file_pattern for n in gfile.glob(p)]
    else:
        names = list(gfile.glob(file_pattern))
    if not names:
        raise ValueError(f"No files match `file_pattern` {file_pattern}.")
    return sorted(names)


def _open_fn(compression_type, encoding):
    """How TF opens a file to infer names and types."""
    value = compression_type
    if isinstance(value, Tensor):
        value = value.numpy()
    if isinstance(value, bytes):
        value = value.decode()
    if value is None or value == "":
        return lambda name: open(os.fsdecode(name), encoding=encoding, newline="")
    if value == "GZIP":
        return lambda name: gzip.open(name, "rt", encoding=encoding)
    if value == "ZLIB":
        raise ValueError(f"`compression_type` {compression_type} is not supported for "
                         "probing columns.")
    raise ValueError(f"Received unknown `compression_type` {compression_type}. Expected: "
                     "GZIP, ZLIB or  (empty string).")


def make_csv_dataset_v2(file_pattern, batch_size, column_names=None, column_defaults=None,
                        label_name=None, select_columns=None, field_delim=",",
                        use_quote_delim=True, na_value="", header=True, num_epochs=None,
                        shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                        prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False,
                        num_rows_for_inference=100, compression_type=None,
                        ignore_errors=False, encoding="utf-8"):
    """tf.data.experimental.make_csv_dataset."""
    if ignore_errors:
        raise NotImplementedError("tfcompat: make_csv_dataset(ignore_errors=True) is not "
                                  "supported (tf.data's ignore_errors)")
    num_parallel_reads = 1 if num_parallel_reads is None else num_parallel_reads
    prefetch_buffer_size = AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size
    filenames = _file_names(file_pattern)
    dataset = Dataset.from_tensor_slices(filenames)
    if shuffle:
        dataset = dataset.shuffle(len(filenames), shuffle_seed)
    open_fn = None
    if column_names is None or column_defaults is None:
        open_fn = _open_fn(compression_type, encoding)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` arguments. Neither is "
                             "provided.")
        column_names = _infer_names(filenames, field_delim, use_quote_delim, open_fn)
    if len(column_names) != len(set(column_names)):
        raise ValueError("Either `column_names` argument or CSV header row contains duplicate "
                         f"column names: {_duplicates(sorted(column_names))}.")
    if select_columns is not None:
        select_columns = _sorted_indices(select_columns, column_names)
    if column_defaults is not None:
        column_defaults = [constant([], dtype=x) if not isinstance(x, (Tensor, Variable))
                           and x in _ACCEPTABLE else x for x in column_defaults]
    else:
        column_defaults = _infer_defaults(filenames, len(column_names), field_delim,
                                          use_quote_delim, na_value, header,
                                          num_rows_for_inference, select_columns, open_fn)
    if select_columns is not None and len(column_defaults) != len(select_columns):
        raise ValueError("If specified, `column_defaults` and `select_columns` must have the "
                         f"same length: `column_defaults` has length {len(column_defaults)}, "
                         f"`select_columns` has length {len(select_columns)}.")
    if select_columns is not None and len(column_names) > len(select_columns):
        column_names = [column_names[i] for i in select_columns]
    if label_name is not None and label_name not in column_names:
        raise ValueError("`label_name` provided must be one of the columns: "
                         f"{column_names}. Received: {label_name}.")

    def filename_to_dataset(filename):
        return CsvDatasetV2(filename, record_defaults=column_defaults,
                            field_delim=field_delim, use_quote_delim=use_quote_delim,
                            na_value=na_value, select_cols=select_columns, header=header,
                            compression_type=compression_type)

    def map_fn(*columns):
        features = collections.OrderedDict(zip(column_names, columns))
        if label_name is not None:
            label = features.pop(label_name)
            return features, label
        return features

    if num_parallel_reads == AUTOTUNE:
        dataset = dataset.interleave(filename_to_dataset, num_parallel_calls=AUTOTUNE)
        options = Options()
        options.deterministic = not sloppy
        dataset = dataset.with_options(options)
    else:
        dataset = dataset.interleave(filename_to_dataset, cycle_length=num_parallel_reads,
                                     block_length=1)
    if shuffle:
        dataset = dataset.shuffle(shuffle_buffer_size, shuffle_seed)
    if num_epochs != 1:
        dataset = dataset.repeat(num_epochs)
    dataset = dataset.batch(batch_size=batch_size, drop_remainder=num_epochs is None)
    dataset = dataset.map(map_fn)
    return dataset.prefetch(prefetch_buffer_size)
