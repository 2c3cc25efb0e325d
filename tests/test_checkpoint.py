"""tf.train.Checkpoint / CheckpointManager: round trips, deferred restoration, and
failure safety (a save that fails part way leaves the existing checkpoint intact)."""
import os
import time

import numpy as np
import pytest

import tfcompat as tf
from tfcompat.framework import checkpoint_format, checkpoint_management as ckpt_lib
from tfcompat.framework.checkpoint_management import CheckpointManager
from tfcompat.framework.trackable import AutoTrackable
from tfcompat.framework.train_checkpoint import Checkpoint
from tfcompat.framework.module import Module


class Dense(Module):
    def __init__(self, out, name=None):
        super().__init__(name=name)
        self.out = out

    def __call__(self, x):
        if not hasattr(self, "w"):
            self.w = tf.Variable(tf.ones([x.shape[-1], self.out]), name="w")
            self.b = tf.Variable(tf.zeros([self.out]), name="b")
        return tf.matmul(x, self.w) + self.b


def _values(module):
    return [v.numpy().tolist() for v in module.variables]


def test_round_trip_dtypes_and_nesting(tmp_path):
    state = {
        "f32": tf.Variable([[1.5, -2.0]]),
        "f64": tf.Variable(np.array([0.1, 0.2])),
        "i64": tf.Variable(2**40),
        "bf16": tf.Variable([1.0, 2.5], dtype=tf.bfloat16),
        "flag": tf.Variable(True),
    }
    obj = Module()
    obj.state = state
    obj.pair = (tf.Variable(3), [tf.Variable(4.0)])
    path = Checkpoint(obj=obj).write(str(tmp_path / "c"))
    saved = {k: v.numpy() for k, v in state.items()}
    for v in list(state.values()) + [obj.pair[0], obj.pair[1][0]]:
        v.assign(tf.zeros_like(v))
    status = Checkpoint(obj=obj).read(path)
    status.assert_consumed()
    for k, v in state.items():
        assert v.dtype == tf.as_dtype(saved[k].dtype) and np.array_equal(v.numpy(), saved[k])
    assert obj.pair[0].numpy() == 3 and obj.pair[1][0].numpy() == 4.0


def test_string_variables_round_trip_with_any_bytes(tmp_path):
    # TF 2.21 restores these exactly (NULs, empty strings, UTF-8) and lists the shapes.
    v = tf.Variable(["a\x00", "", "\u00e9"])
    s = tf.Variable(b"x\x00\x00")
    path = Checkpoint(v=v, s=s).save(str(tmp_path / "ck"))
    v.assign(["q", "q", "q"])
    s.assign("z")
    Checkpoint(v=v, s=s).restore(path).assert_consumed()
    assert v.numpy().tolist() == [b"a\x00", b"", b"\xc3\xa9"] and s.numpy() == b"x\x00\x00"
    assert dict(tf.train.list_variables(path))["v/.ATTRIBUTES/VARIABLE_VALUE"] == [3]
    reader = tf.train.load_checkpoint(path)
    assert reader.get_variable_to_dtype_map()["s/.ATTRIBUTES/VARIABLE_VALUE"] == tf.string
    assert reader.get_tensor("v/.ATTRIBUTES/VARIABLE_VALUE").tolist() == v.numpy().tolist()


def test_aliases_saved_once_and_restored_through_any_path(tmp_path):
    v = tf.Variable(5.0)
    save = Checkpoint(a=v, b={"x": v}, c=[v])
    path = save.write(str(tmp_path / "c"))
    assert [k for k, _ in ckpt_lib.list_variables(path)] == [
        "_CHECKPOINTABLE_OBJECT_GRAPH", "a/.ATTRIBUTES/VARIABLE_VALUE"]
    w = tf.Variable(0.0)
    Checkpoint(c=[w]).read(path).expect_partial()
    assert w.numpy() == 5.0


def test_deferred_restore_of_module_built_later(tmp_path):
    m = Dense(2)
    m(tf.constant([[1.0, 2.0]]))
    m.w.assign([[1.0, 2.0], [3.0, 4.0]])
    path = Checkpoint(model=m).write(str(tmp_path / "c"))
    m2 = Dense(2)
    status = Checkpoint(model=m2).read(path)
    assert m2.variables == ()
    m2(tf.constant([[1.0, 2.0]]))
    assert _values(m2) == _values(m)
    status.assert_consumed()


def test_deferred_restore_inside_tf_function(tmp_path):
    class Model(Module):
        def __init__(self):
            super().__init__()
            self.dense = Dense(2)

        @tf.function
        def __call__(self, x):
            return self.dense(x)

    x = tf.constant([[1.0, 2.0]])
    m = Model()
    m(x)
    m.dense.w.assign([[1.0, 2.0], [3.0, 4.0]])
    m.dense.b.assign([10.0, 20.0])
    want = m(x).numpy()
    path = Checkpoint(model=m).write(str(tmp_path / "c"))
    m2 = Model()
    Checkpoint(model=m2).read(path)
    np.testing.assert_array_equal(m2(x).numpy(), want)
    np.testing.assert_array_equal(m2(x).numpy(), want)
    assert _values(m2) == _values(m)


def test_deferred_restore_of_slots_appended_to_a_tracked_list(tmp_path):
    class Opt(AutoTrackable):
        def __init__(self):
            self.iterations = tf.Variable(0, dtype=tf.int64)
            self.slots = []

        def build(self, n):
            for i in range(n):
                self.slots.append(tf.Variable(float(i)))

    opt = Opt()
    opt.build(2)
    opt.iterations.assign(7)
    opt.slots[1].assign(42.0)
    path = Checkpoint(optimizer=opt).write(str(tmp_path / "c"))
    opt2 = Opt()
    status = Checkpoint(optimizer=opt2).read(path)
    assert opt2.iterations.numpy() == 7
    opt2.build(2)
    assert [s.numpy() for s in opt2.slots] == [0.0, 42.0]
    status.assert_consumed()


def test_plain_objects_and_serialize_to_tensors_protocol(tmp_path):
    class Wrapped(tf.__internal__.tracking.Trackable):
        """Stands for a Variable in checkpoints, as keras.Variable does (TF's protocol)."""

        def __init__(self, value):
            self._value = tf.Variable(value)

        def _serialize_to_tensors(self):
            return {"VARIABLE_VALUE": self._value}

    class Plain:
        def __init__(self):
            self.count = Wrapped(3.0)
            self.helper = lambda: None

    p = Plain()
    path = Checkpoint(opt=p).write(str(tmp_path / "c"))
    assert "opt/count/.ATTRIBUTES/VARIABLE_VALUE" in dict(ckpt_lib.list_variables(path))
    q = Plain()
    q.count._value.assign(0.0)
    Checkpoint(opt=q).read(path).assert_consumed()
    assert q.count._value.numpy() == 3.0


def test_restore_errors_leave_values(tmp_path):
    v = tf.Variable([1.0, 2.0])
    path = Checkpoint(v=v).write(str(tmp_path / "c"))
    with pytest.raises(ValueError, match="incompatible tensor with shape"):
        Checkpoint(v=tf.Variable(0.0)).read(path)
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected dtype int32"):
        Checkpoint(v=tf.Variable([0, 0])).read(path)
    with pytest.raises(tf.errors.NotFoundError, match="Failed to find any matching files"):
        Checkpoint(v=v).restore(str(tmp_path / "missing"))


def test_failed_save_keeps_existing_checkpoint(tmp_path, monkeypatch):
    v = tf.Variable(1.0)
    ck = Checkpoint(v=v)
    manager = CheckpointManager(ck, str(tmp_path), max_to_keep=2)
    first = manager.save()
    v.assign(2.0)
    ck.write(first)          # overwrite in place works
    v.assign(3.0)
    before = sorted(os.listdir(tmp_path))

    def fail(f, **arrays):
        f.write(b"partial")
        raise OSError("disk full")

    monkeypatch.setattr(checkpoint_format.np, "savez", fail)
    with pytest.raises(OSError, match="disk full"):
        ck.write(first)
    with pytest.raises(OSError, match="disk full"):
        manager.save()
    monkeypatch.undo()
    assert sorted(os.listdir(tmp_path)) == before     # no temporary files left either
    assert ckpt_lib.latest_checkpoint(str(tmp_path)) == first
    v.assign(0.0)
    ck.restore(first).assert_consumed()
    assert v.numpy() == 2.0


def test_manager_resumes_numbering_and_deletes_oldest(tmp_path):
    step = tf.Variable(0)
    ck = Checkpoint(step=step)
    manager = CheckpointManager(ck, str(tmp_path / "d"), max_to_keep=2, checkpoint_name="m")
    paths = [manager.save() for _ in range(3)]
    assert [os.path.basename(p) for p in paths] == ["m-1", "m-2", "m-3"]
    assert manager.checkpoints == paths[1:]
    assert not os.path.exists(paths[0] + ".index")
    ck2 = Checkpoint(step=tf.Variable(5))
    manager2 = CheckpointManager(ck2, str(tmp_path / "d"), max_to_keep=2, checkpoint_name="m")
    assert manager2.latest_checkpoint == paths[2] and manager2.checkpoints == paths[1:]
    ck2.restore(manager2.latest_checkpoint).assert_consumed()
    assert ck2.step.numpy() == 0 and os.path.basename(manager2.save()) == "m-4"
    state = ckpt_lib.get_checkpoint_state(str(tmp_path / "d"))
    assert state.all_model_checkpoint_paths == [paths[2], manager2.latest_checkpoint]
    assert len(state.all_model_checkpoint_timestamps) == 2


def test_iterator_position_is_saved_and_restored(tmp_path):
    """TF saves a tf.data iterator's position (ITERATOR_STATE, a variant); restoring puts a
    new iterator there (TF 2.21: [4, 5] after two batches, dtype map 'variant'; more in the
    golden suite iterator_checkpoint)."""
    it = iter(tf.data.Dataset.range(10).batch(2))
    next(it)
    next(it)
    path = tf.train.Checkpoint(iterator=it, step=tf.Variable(1)).save(str(tmp_path / "ckpt"))
    next(it)
    it2 = iter(tf.data.Dataset.range(10).batch(2))
    tf.train.Checkpoint(iterator=it2, step=tf.Variable(1)).restore(path).assert_consumed()
    assert next(it2).numpy().tolist() == [4, 5]
    key = "iterator/.ATTRIBUTES/ITERATOR_STATE"
    assert tf.train.load_checkpoint(path).get_variable_to_dtype_map()[key] == tf.variant


def test_iterator_restore_starts_past_elements_without_producing_them():
    """A restore opens sources and element-wise transformations past the saved position
    (Dataset._iter_flat_from) rather than producing the elements before it: 10**7
    elements of a mapped, repeated, batched range are skipped at once."""
    ds = tf.data.Dataset.range(10**6).map(lambda x: x * 2).repeat().batch(4).prefetch(1)
    start = time.perf_counter()
    first = next(ds._iter_flat_from(10**7 // 4 + 1))
    assert time.perf_counter() - start < 5
    assert first[0].tolist() == [8, 10, 12, 14]


@pytest.mark.parametrize("make", [
    # a function tfcompat runs eagerly (value-dependent output shapes): its ops are not
    # known (TF 2.21 saves it: tf.fill is stateless)
    lambda: tf.data.Dataset.range(1, 4).map(lambda x: tf.fill([x], x)),
    # an unseeded random dataset made by a function would not be made alike again (TF
    # 2.21 saves its state)
    lambda: tf.data.Dataset.range(1, 4).flat_map(lambda x: tf.data.Dataset.random().take(x)),
])
def test_iterator_checkpoint_refused_where_not_exact(make, tmp_path):
    """Deliberate differences from TF: pipelines whose position tfcompat cannot restore
    exactly are refused at save time, naming why."""
    tf.random.set_seed(None)   # (unseeded: a global seed an earlier test set would seed it)
    it = iter(make())
    next(it)
    with pytest.raises(tf.errors.FailedPreconditionError, match="tfcompat cannot save"):
        tf.train.Checkpoint(iterator=it).write(str(tmp_path / "ckpt"))


# -- corruption, killed saves, garbled state files (issue 13) ---------------------------
#
# TF 2.21's answers below were obtained with /tmp/tfref/bin/python (real TF 2.21) on
# checkpoints written by tf.train.Checkpoint(v=tf.Variable(tf.fill([64], 1.0))).save():
#   - one byte flipped in ckpt-1.data-00000-of-00001, then restore():
#       DataLossError: "TensorBundle at /tmp/.../ckpt-1 shard 0 (256 bytes): Checksum does
#       not match: stored 4004174752 vs. calculated on the restored bytes 550684927"
#   - the .data file of save A copied over save B's (same shapes): the same DataLossError.
#   - one byte flipped in the .index: OpError "Unable to read file (/tmp/.../ckpt-1.index).
#       Perhaps the file is corrupt or was produced by a newer version of TensorFlow with
#       format changes (failed to seek to header entry): block checksum mismatch"
#   - .index truncated: OpError "not an sstable (bad magic number)"; .data truncated:
#       IndexError "Read less bytes than requested". (tfcompat: DataLossError for all.)
#   - 'checkpoint' state file holding 'model_checkpoint_path: "ckpt-1\nfoo bar': logs
#       "ParseError: 1:24 : ... String missing ending quote" and "<dir>/checkpoint:
#       Checkpoint ignored"; get_checkpoint_state and latest_checkpoint return None;
#       CheckpointManager starts empty (latest_checkpoint None, checkpoints []).
#       An unknown field: the same (None). An empty file, or one with no
#       model_checkpoint_path: ValueError "Invalid checkpoint state loaded from <dir>".
#       'model_checkpoint_path: "ck" \'pt-1\' ; ...' (concatenated, single-quoted): ckpt-1.
#   - bytes that are not UTF-8 in the state file: TF raises UnicodeDecodeError (from
#       latest_checkpoint, get_checkpoint_state and CheckpointManager); tfcompat
#       deliberately treats them as the unparsable file they are (warning, None).

import json  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402


def _saved(tmp_path, name="c", value=1.0):
    v = tf.Variable(tf.fill([64], value))
    return Checkpoint(v=v).write(str(tmp_path / name)), v


def _restore_into(prefix):
    v = tf.Variable(tf.zeros([64]))
    Checkpoint(v=v).read(prefix)
    return v.numpy()


def test_truncated_files_raise_data_loss_naming_the_path(tmp_path):
    prefix, _ = _saved(tmp_path)
    for suffix in (".data-00000-of-00001", ".index"):
        path = prefix + suffix
        whole = Path(path).read_bytes()
        for size in (0, 1, len(whole) // 2, len(whole) - 1):
            with open(path, "wb") as f:
                f.write(whole[:size])
            with pytest.raises(tf.errors.DataLossError, match=prefix):
                _restore_into(prefix)
            with pytest.raises(tf.errors.DataLossError):
                tf.train.load_checkpoint(prefix)
        with open(path, "wb") as f:
            f.write(whole)
    assert (_restore_into(prefix) == 1.0).all()


def test_byte_flips_are_caught_never_restored_as_wrong_values(tmp_path):
    prefix, v = _saved(tmp_path)
    v.assign(tf.range(64, dtype=tf.float32) / 7)
    Checkpoint(v=v).write(prefix)
    expected = v.numpy()
    data_path = prefix + ".data-00000-of-00001"
    data = Path(data_path).read_bytes()
    start = data.find(expected.tobytes())
    assert start > 0
    for pos in range(len(data)):       # every byte: DataLossError or the right values
        flipped = bytearray(data)
        flipped[pos] ^= 0xFF
        with open(data_path, "wb") as f:
            f.write(flipped)
        try:
            np.testing.assert_array_equal(_restore_into(prefix), expected)
        except tf.errors.DataLossError as e:
            assert prefix in str(e)
        else:
            assert not start <= pos < start + expected.nbytes, pos
    flipped = bytearray(data)
    flipped[start + 5] ^= 0x01
    with open(data_path, "wb") as f:
        f.write(flipped)
    with pytest.raises(tf.errors.DataLossError,
                       match=f"TensorBundle at {prefix} shard 0.*Checksum does not match"):
        _restore_into(prefix)
    with open(data_path, "wb") as f:
        f.write(data)
    index_path = prefix + ".index"
    index = Path(index_path).read_bytes()
    for pos in range(len(index)):      # any change to the index is caught
        flipped = bytearray(index)
        flipped[pos] ^= 0xFF
        with open(index_path, "wb") as f:
            f.write(flipped)
        with pytest.raises(tf.errors.DataLossError, match=f"Unable to read file \\({index_path}"):
            _restore_into(prefix)


def test_data_of_one_save_with_the_index_of_another(tmp_path):
    a, _ = _saved(tmp_path, "a", 1.0)
    b, _ = _saved(tmp_path, "b", 2.0)
    suffix = ".data-00000-of-00001"
    assert os.path.getsize(a + suffix) == os.path.getsize(b + suffix)
    with open(b + suffix, "wb") as f:
        f.write(Path(a + suffix).read_bytes())
    v = tf.Variable(tf.fill([64], 5.0))
    with pytest.raises(tf.errors.DataLossError, match=f"TensorBundle at {b} shard 0 .*Checksum "
                                                       f"does not match"):
        Checkpoint(v=v).restore(b)
    assert (v.numpy() == 5.0).all()
    # A data file of another size (other shapes) is caught before it is read.
    c = Checkpoint(v=tf.Variable(tf.fill([65], 3.0))).write(str(tmp_path / "c"))
    with open(b + suffix, "wb") as f:
        f.write(Path(c + suffix).read_bytes())
    with pytest.raises(tf.errors.DataLossError, match=f"{b}.*index expects"):
        Checkpoint(v=v).restore(b)


def test_other_read_errors_are_tf_errors_with_the_path(tmp_path):
    prefix, _ = _saved(tmp_path)
    os.remove(prefix + ".data-00000-of-00001")
    with pytest.raises(tf.errors.NotFoundError, match=prefix + ".data-00000-of-00001"):
        _restore_into(prefix)
    os.mkdir(prefix + ".data-00000-of-00001")
    with pytest.raises(tf.errors.OpError, match=prefix):
        tf.train.load_checkpoint(prefix)


def test_earlier_format_without_checksums_still_restores(tmp_path):
    prefix, _ = _saved(tmp_path, value=4.0)
    new = json.loads(Path(prefix + ".index").read_text())
    with open(prefix + ".index", "w") as f:     # the index as tfcompat wrote it before
        json.dump({k: [t["shape"], t["dtype"]] for k, t in new["tensors"].items()}, f)
    assert (_restore_into(prefix) == 4.0).all()


def test_garbled_state_file_is_ignored_as_tf_does(tmp_path, caplog):
    v = tf.Variable(1.0)
    first = Checkpoint(v=v).save(str(tmp_path / "ckpt"))
    state_path = str(tmp_path / "checkpoint")
    assert tf.train.latest_checkpoint(str(tmp_path)) == first
    garbage = [b'model_checkpoint_path: "ckpt-1\nfoo bar\n',
               b'model_checkpoint_path: "ckpt-1"\nbogus_field: 3\n',
               b"model_checkpoint_path: __import__('os').remove('x')\n",
               b"\x00\xffgarbage{{{ not a proto\n"]      # TF: UnicodeDecodeError
    for text in garbage:
        with open(state_path, "wb") as f:
            f.write(text)
        caplog.clear()
        with caplog.at_level("WARNING", logger="tensorflow"):
            assert tf.train.latest_checkpoint(str(tmp_path)) is None
            assert tf.train.get_checkpoint_state(str(tmp_path)) is None
            manager = CheckpointManager(Checkpoint(v=tf.Variable(1.0)), str(tmp_path), 3)
        assert manager.latest_checkpoint is None and manager.checkpoints == []
        assert any(r.getMessage().startswith("ParseError: ") for r in caplog.records)
        assert f"{state_path}: Checkpoint ignored" in caplog.messages
    if text.startswith(b'model_checkpoint_path: "ckpt-1\n'):
        assert "1:24 : " in caplog.messages[0]
    assert os.path.basename(manager.save()) == "ckpt-1"     # and the file is rewritten
    assert tf.train.latest_checkpoint(str(tmp_path)) == first
    for text in (b"", b'all_model_checkpoint_paths: "ckpt-1"\n'):
        with open(state_path, "wb") as f:
            f.write(text)
        with pytest.raises(ValueError, match=f"Invalid checkpoint state loaded from {tmp_path}"):
            tf.train.latest_checkpoint(str(tmp_path))
    with open(state_path, "wb") as f:
        f.write(b"# comment\nmodel_checkpoint_path: \"ck\" 'pt-1' ; "
                b"all_model_checkpoint_timestamps: -inf\n")
    assert tf.train.latest_checkpoint(str(tmp_path)) == first
    assert tf.train.get_checkpoint_state(str(tmp_path)).all_model_checkpoint_timestamps == \
        [-np.inf]


_KILLED_SAVE = """
import os, sys, time
import tfcompat as tf
v = tf.Variable([1.0, 2.0, 3.0])
manager = tf.train.CheckpointManager(tf.train.Checkpoint(v=v), sys.argv[1], max_to_keep=3)
manager.save()
v.assign([7.0, 8.0, 9.0])
def hang(src, dst):          # both files written and fsynced; killed before the rename
    print("saving", flush=True)
    time.sleep(600)
os.replace = hang
manager.save()
"""


def _temps(directory):
    return sorted(n for n in os.listdir(directory) if ".tmp-" in n)


def test_save_killed_part_way_keeps_last_save_and_is_cleaned_up(tmp_path):
    directory = str(tmp_path / "run")
    proc = subprocess.Popen([sys.executable, "-c", _KILLED_SAVE, directory],
                            stdout=subprocess.PIPE)
    watchdog = threading.Timer(240, proc.kill)
    watchdog.start()
    try:
        assert proc.stdout.readline() == b"saving\n"
        proc.send_signal(signal.SIGKILL)
        assert proc.wait(timeout=60) == -signal.SIGKILL
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
        proc.stdout.close()
    leftovers = _temps(directory)
    assert len(leftovers) == 2 and all(f".{proc.pid}." in n for n in leftovers)
    assert all(n.startswith("ckpt-2.") for n in leftovers)
    latest = tf.train.latest_checkpoint(directory)
    assert os.path.basename(latest) == "ckpt-1"
    v = tf.Variable([0.0, 0.0, 0.0])
    ck = Checkpoint(v=v)
    ck.restore(latest).assert_consumed()
    assert v.numpy().tolist() == [1.0, 2.0, 3.0]

    # CheckpointManager opening a directory removes a killed save's files, and leaves
    # those of a save in progress (its process alive) alone.
    other = tmp_path / "other"
    other.mkdir()
    dead = leftovers[0]
    alive = dead.replace(f".{proc.pid}.", f".{os.getppid()}.")
    for name in (dead, alive):
        (other / name).write_bytes(b"partial")
    CheckpointManager(ck, str(other), max_to_keep=2)
    assert _temps(str(other)) == [alive]

    # The next save into the directory removes the killed save's temporary files.
    path = CheckpointManager(ck, directory, max_to_keep=3).save()
    assert os.path.basename(path) == "ckpt-2" and _temps(directory) == []
    v.assign([0.0, 0.0, 0.0])
    ck.restore(path).assert_consumed()
    assert v.numpy().tolist() == [1.0, 2.0, 3.0]
    (tmp_path / "run" / leftovers[0]).write_bytes(b"partial")
    Checkpoint(v=v).write(os.path.join(directory, "plain"))
    assert _temps(directory) == []


class _RunsCode:
    def __reduce__(self):
        return (open, (os.environ["TFCOMPAT_TEST_MARKER"], "w"))


def test_restoring_never_executes_code(tmp_path, monkeypatch):
    marker = tmp_path / "executed"
    monkeypatch.setenv("TFCOMPAT_TEST_MARKER", str(marker))
    prefix, _ = _saved(tmp_path)
    key = "v/.ATTRIBUTES/VARIABLE_VALUE"
    graph = tf.train.load_checkpoint(prefix).get_tensor("_CHECKPOINTABLE_OBJECT_GRAPH")
    evil = np.array([_RunsCode()], dtype=object)
    for arrays in ({key: evil, "_CHECKPOINTABLE_OBJECT_GRAPH": np.array(graph.decode())},
                   {key: np.zeros(64, np.float32), "_CHECKPOINTABLE_OBJECT_GRAPH": evil}):
        with open(prefix + ".data-00000-of-00001", "wb") as f:
            np.savez(f, **arrays)
        with open(prefix + ".index", "w") as f:    # the earlier format: no checksums
            json.dump({k: [list(a.shape), str(a.dtype)] for k, a in arrays.items()}, f)
        for load in (_restore_into, tf.train.load_checkpoint):
            with pytest.raises(tf.errors.DataLossError, match=f"{prefix}.*allow_pickle=False"):
                load(prefix)
    assert not marker.exists()
    with open(tmp_path / "checkpoint", "w") as f:
        f.write(f"model_checkpoint_path: open({str(marker)!r}, 'w')\n")
    assert tf.train.latest_checkpoint(str(tmp_path)) is None
    assert not marker.exists()
