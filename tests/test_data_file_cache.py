"""Dataset.cache(filename) reading a cache TensorFlow wrote (tests/data/data_cache_tf,
written by tools/data_cache_reference.py under TF 2.21): a tensor bundle whose keys are
TF's "%7d_%d"; and the caches written here survive a new process. TF's behaviours of
the cache in files are golden snippets (data_files:cache_in_files)."""
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import numpy as np

import tfcompat as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
TF_CACHE = ROOT / "tests" / "data" / "data_cache_tf"


def _like_tfs_pipeline():
    """A dataset of the element_spec of tools/data_cache_reference.py's pipeline, whose
    own elements differ (a cache that exists is read instead)."""
    return tf.data.Dataset.range(3).map(lambda i: (i, tf.strings.as_string(i),
                                                   tf.fill([2], tf.cast(i, tf.float32))))


def test_reads_the_cache_tf_wrote(tmp_path):
    for name in os.listdir(TF_CACHE):
        shutil.copy(TF_CACHE / name, tmp_path / name)
    ds = _like_tfs_pipeline().cache(str(tmp_path / "cache"))
    got = [(int(a), b.numpy(), c.numpy().tolist()) for a, b, c in ds]
    assert got == [(i * 3, str(i).encode() + b"\x00x", [i / 4, i / 4]) for i in range(12)]
    assert [x[2].dtype for x in ds.take(1)] == [tf.float32]
    assert sorted(os.listdir(tmp_path)) == sorted(os.listdir(TF_CACHE))   # (only read)


def test_a_cache_written_here_is_read_by_the_next_process(tmp_path):
    prefix = str(tmp_path / "c")
    program = textwrap.dedent(f"""
        import tfcompat as tf
        calls = []
        def gen():
            for i in range(5):
                calls.append(i)
                yield i
        ds = tf.data.Dataset.from_generator(
            gen, output_signature=tf.TensorSpec([], tf.int64)).cache({prefix!r})
        print([int(x) for x in ds], calls)
        """)
    outs = [subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                           env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)
            for _ in range(2)]
    assert [p.returncode for p in outs] == [0, 0], outs[0].stderr + outs[1].stderr
    assert outs[0].stdout.split("\n")[0] == "[0, 1, 2, 3, 4] [0, 1, 2, 3, 4]"
    assert outs[1].stdout.split("\n")[0] == "[0, 1, 2, 3, 4] []"   # (the input never runs)
    assert sorted(os.listdir(tmp_path)) == ["c.data-00000-of-00001", "c.index"]


def test_a_corrupted_cache_raises_data_loss(tmp_path):
    prefix = str(tmp_path / "c")
    assert [int(x) for x in tf.data.Dataset.range(4).cache(prefix)] == [0, 1, 2, 3]
    data = tmp_path / "c.data-00000-of-00001"
    raw = bytearray(data.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    data.write_bytes(bytes(raw))
    try:
        list(tf.data.Dataset.range(4).cache(prefix))
    except tf.errors.DataLossError as e:
        assert "c.data-00000-of-00001" in str(e) or "Checksum" in str(e)
    else:
        raise AssertionError("a corrupted cache was read")


def test_ragged_elements_raise_naming_the_missing_support(tmp_path):
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3]]))
    try:
        ds.cache(str(tmp_path / "r"))
    except TypeError as e:
        assert "cache(filename)" in str(e) and "RaggedTensorSpec" in str(e)
    else:
        raise AssertionError("no error")
    assert np.array_equal(next(iter(ds.cache())).numpy(), [1])
