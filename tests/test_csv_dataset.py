"""tfcompat's own behaviour of tf.data.experimental.CsvDataset / make_csv_dataset where it
differs from TF on purpose (TF's answers are in tests/golden/snippets_csv_data.py)."""
import pytest

import tfcompat as tf


def _csv(tmp_path, text):
    path = tmp_path / "x.csv"
    path.write_text(text)
    return str(path)


def test_a_bad_record_ends_the_iteration(tmp_path):
    # TF's iterator may be asked again after the error and gives [3] (TF's kernel reads on
    # to the next record); tfcompat's tf.data pipelines end at an element's error.
    it = iter(tf.data.experimental.CsvDataset(_csv(tmp_path, "1\nx\n3\n"), [tf.int32]))
    assert next(it)[0].numpy() == 1
    with pytest.raises(tf.errors.InvalidArgumentError, match="not a valid int32: x"):
        next(it)
    with pytest.raises(StopIteration):
        next(it)


def test_make_csv_dataset_ignore_errors_is_not_supported(tmp_path):
    with pytest.raises(NotImplementedError, match="ignore_errors=True"):
        tf.data.experimental.make_csv_dataset(_csv(tmp_path, "a\n1\n"), 1, ignore_errors=True)
