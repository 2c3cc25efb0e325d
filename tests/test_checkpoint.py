"""tf.train.Checkpoint / CheckpointManager: round trips, deferred restoration, and
failure safety (a save that fails part way leaves the existing checkpoint intact)."""
import os

import numpy as np
import pytest

import tfcompat as tf
from tfcompat.framework import checkpoint as ckpt_lib
from tfcompat.framework.checkpoint import AutoTrackable, Checkpoint, CheckpointManager
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


def test_plain_objects_and_checkpoint_variable_hook(tmp_path):
    class Wrapped:
        def __init__(self, value):
            self._value = tf.Variable(value)

        _checkpoint_variable = property(lambda self: self._value)

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

    monkeypatch.setattr(ckpt_lib.np, "savez", fail)
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


def test_iterator_in_checkpoint_is_refused_not_silently_skipped(tmp_path):
    """TF saves a tf.data iterator's position (ITERATOR_STATE); tfcompat cannot, so saving
    one raises rather than restoring the variables and leaving the iterator where it is."""
    it = iter(tf.data.Dataset.range(10))
    with pytest.raises(ValueError, match="tf.data iterator"):
        tf.train.Checkpoint(iterator=it, step=tf.Variable(1)).save(str(tmp_path / "ckpt"))
