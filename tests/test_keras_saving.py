"""Saving Keras models (issue 14 item 7) on tfcompat: model.save / keras.models.load_model,
save_weights / load_weights, tf.train.Checkpoint(model=, optimizer=) through TF's Trackable
protocol (``_track_trackable`` / ``_trackable_children``, which Keras's TF backend
implements), tf.train.CheckpointManager, and model.export / tf.saved_model.load.

The checkpoint keys and shapes are TF 2.21's output of tools/keras_saving_reference.py (run
under /tmp/tfref): a Keras model's checkpoint has TF's names."""
import os

import numpy as np
import pytest

import tfcompat as tf

REF_SEQUENTIAL_ADAM = [
    ("_CHECKPOINTABLE_OBJECT_GRAPH", []),
    ("model/_functional/_operations/2/moving_mean/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("model/_functional/_operations/2/moving_variance/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE", []),
    ("optimizer/_learning_rate/.ATTRIBUTES/VARIABLE_VALUE", []),
    ("optimizer/_trainable_variables/0/.ATTRIBUTES/VARIABLE_VALUE", [3, 4]),
    ("optimizer/_trainable_variables/1/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_trainable_variables/2/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_trainable_variables/3/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_trainable_variables/4/.ATTRIBUTES/VARIABLE_VALUE", [4, 2]),
    ("optimizer/_trainable_variables/5/.ATTRIBUTES/VARIABLE_VALUE", [2]),
    ("optimizer/_variables/10/.ATTRIBUTES/VARIABLE_VALUE", [4, 2]),
    ("optimizer/_variables/11/.ATTRIBUTES/VARIABLE_VALUE", [4, 2]),
    ("optimizer/_variables/12/.ATTRIBUTES/VARIABLE_VALUE", [2]),
    ("optimizer/_variables/13/.ATTRIBUTES/VARIABLE_VALUE", [2]),
    ("optimizer/_variables/2/.ATTRIBUTES/VARIABLE_VALUE", [3, 4]),
    ("optimizer/_variables/3/.ATTRIBUTES/VARIABLE_VALUE", [3, 4]),
    ("optimizer/_variables/4/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_variables/5/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_variables/6/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_variables/7/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_variables/8/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("optimizer/_variables/9/.ATTRIBUTES/VARIABLE_VALUE", [4]),
    ("save_counter/.ATTRIBUTES/VARIABLE_VALUE", []),
]
REF_FUNCTIONAL = [("_CHECKPOINTABLE_OBJECT_GRAPH", []),
                  ("model/_operations/1/_kernel/.ATTRIBUTES/VARIABLE_VALUE", [3, 2]),
                  ("model/_operations/1/bias/.ATTRIBUTES/VARIABLE_VALUE", [2])]
# TF does not track the plain list `bs` (Keras makes it a TrackedList, not a ListWrapper)
REF_SUBCLASSED = [("_CHECKPOINTABLE_OBJECT_GRAPH", []),
                  ("model/a/_kernel/.ATTRIBUTES/VARIABLE_VALUE", [3, 2]),
                  ("model/a/bias/.ATTRIBUTES/VARIABLE_VALUE", [2])]


@pytest.fixture(scope="module")
def ref():
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "tools" / "keras_saving_reference.py"
    spec = importlib.util.spec_from_file_location("keras_saving_reference", path)
    tf.register_as_tensorflow()
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


X = np.arange(12, dtype="float32").reshape(4, 3) / 10


def _state(model, opt=None):
    out = [v.numpy().copy() for v in model.weights]
    return out + ([v.numpy().copy() for v in opt.variables] if opt is not None else [])


def _assert_same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


def _scramble(variables):
    for v in variables:
        v.assign(np.full(v.shape, 7, v.dtype.name if hasattr(v.dtype, "name") else v.dtype))


def test_checkpoint_model_and_optimizer_has_tf_keys_and_round_trips(ref, tmp_path):
    model, opt = ref.build(), tf.keras.optimizers.Adam(0.01)
    ref.train_step(model, opt)
    before, out = _state(model, opt), model(X).numpy()
    ckpt = tf.train.Checkpoint(model=model, optimizer=opt)
    path = ckpt.save(str(tmp_path / "ck"))
    assert path == str(tmp_path / "ck-1")
    assert [(n, list(s)) for n, s in tf.train.list_variables(path)] == REF_SEQUENTIAL_ADAM
    _scramble(model.weights + opt.variables)
    assert not np.array_equal(model(X).numpy(), out)
    status = tf.train.Checkpoint(model=model, optimizer=opt).restore(path)
    status.assert_consumed()
    _assert_same(_state(model, opt), before)
    np.testing.assert_array_equal(model(X).numpy(), out)
    assert int(opt.iterations.numpy()) == 1


def test_checkpoint_restores_into_a_fresh_model(ref, tmp_path):
    model = ref.build()
    model.layers[0].kernel.assign(np.full((3, 4), 0.25, "float32"))
    out = model(X).numpy()
    path = tf.train.Checkpoint(model=model).write(str(tmp_path / "c"))
    tf.keras.utils.set_random_seed(99)
    fresh = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"),
                                 tf.keras.layers.BatchNormalization(), tf.keras.layers.Dense(2)])
    assert not np.array_equal(fresh(X).numpy(), out)
    tf.train.Checkpoint(model=fresh).read(path).assert_existing_objects_matched()
    np.testing.assert_array_equal(fresh(X).numpy(), out)


def test_functional_and_subclassed_keys_are_tf_keys(ref, tmp_path):
    keras = tf.keras
    inp = keras.Input((3,))
    functional = keras.Model(inp, keras.layers.Dense(2)(inp))
    path = tf.train.Checkpoint(model=functional).write(str(tmp_path / "f"))
    assert [(n, list(s)) for n, s in tf.train.list_variables(path)] == REF_FUNCTIONAL
    sub = ref.Sub()
    sub(np.zeros((1, 3), "float32"))
    path = tf.train.Checkpoint(model=sub).write(str(tmp_path / "s"))
    assert [(n, list(s)) for n, s in tf.train.list_variables(path)] == REF_SUBCLASSED


def test_corrupted_checkpoint_raises_data_loss(ref, tmp_path):
    model = ref.build()
    path = tf.train.Checkpoint(model=model).write(str(tmp_path / "c"))
    with open(path + ".data-00000-of-00001", "r+b") as f:
        f.write(b"\xff" * 8)
    with pytest.raises(tf.errors.DataLossError, match="TensorBundle at"):
        tf.train.Checkpoint(model=model).read(path)


def test_checkpoint_manager_with_a_model(ref, tmp_path):
    model, opt = ref.build(), tf.keras.optimizers.SGD(0.1)
    ckpt = tf.train.Checkpoint(model=model, optimizer=opt)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=2)
    saved = []
    for _ in range(3):
        ref.train_step(model, opt)
        saved.append((manager.save(), _state(model)))
    assert manager.checkpoints == [saved[1][0], saved[2][0]]
    assert tf.train.latest_checkpoint(str(tmp_path)) == saved[2][0]
    assert not os.path.exists(saved[0][0] + ".index")
    _scramble(model.weights)
    ckpt.restore(manager.latest_checkpoint).assert_consumed()
    _assert_same(_state(model), saved[2][1])
    assert int(opt.iterations.numpy()) == 3


def test_keras_file_and_weights_h5_round_trip(ref, tmp_path):
    model = ref.build()
    ref.train_step(model, tf.keras.optimizers.SGD(0.1))
    out = model(X).numpy()
    model.save(str(tmp_path / "m.keras"))
    loaded = tf.keras.models.load_model(str(tmp_path / "m.keras"))
    _assert_same(_state(loaded), _state(model))
    np.testing.assert_array_equal(loaded(X).numpy(), out)
    model.save_weights(str(tmp_path / "m.weights.h5"))
    fresh = ref.build()
    fresh.layers[0].kernel.assign(np.zeros((3, 4), "float32"))
    fresh.load_weights(str(tmp_path / "m.weights.h5"))
    np.testing.assert_array_equal(fresh(X).numpy(), out)


def test_export_serves_the_same_outputs(ref, tmp_path):
    model = ref.build()
    out = model(X).numpy()
    model.export(str(tmp_path / "exported"), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / "exported"))
    np.testing.assert_array_equal(loaded.serve(X).numpy(), out)
    np.testing.assert_array_equal(loaded.serve(X[:2]).numpy(), out[:2])


def test_one_auto_trackable_and_its_protocol():
    internal = tf.__internal__.tracking
    assert internal.AutoTrackable is type(tf.Module()).__mro__[1]
    module = tf.Module()
    module.layers = [tf.Variable(1.0)]
    module.plain = 3
    assert type(module.layers).__name__ == "ListWrapper"
    assert isinstance(module.layers, internal.Trackable)
    assert list(module._trackable_children()) == ["layers"]
    assert list(module.layers._trackable_children()) == ["0"]
    view = tf.train.TrackableView(module)
    assert view.descendants() == [module, module.layers, module.layers[0]]

    class Holder(internal.AutoTrackable):
        @internal.no_automatic_dependency_tracking
        def set_untracked(self, value):
            self.untracked = value
    h = Holder()
    h.set_untracked([tf.Variable(2.0)])
    assert type(h.untracked) is list and h._trackable_children() == {}


# TF's values of the model and optimizer its checkpoint tests/data/keras_tf_checkpoint holds
REF_TRAINED_KERNEL0_ROW0 = [-0.44624561071395874, 0.6711212396621704, 0.8017985224723816,
                            -0.29026615619659424]
REF_TRAINED_MOVING_MEAN = [5.7613935496192425e-05, 0.0, 0.005880224984139204, 0.0]
REF_ADAM_M0_ROW0 = [0.0, 0.0, 8.237866131821647e-05, 0.0]
TF_CHECKPOINT = os.path.join(os.path.dirname(__file__), "data", "keras_tf_checkpoint", "tf_ckpt")


def test_a_checkpoint_written_by_tf_restores(ref):
    assert [(n, list(s)) for n, s in tf.train.list_variables(TF_CHECKPOINT)] == \
        [e for e in REF_SEQUENTIAL_ADAM if e[0] != "save_counter/.ATTRIBUTES/VARIABLE_VALUE"]
    model, opt = ref.build(), tf.keras.optimizers.Adam(0.01)
    opt.build(model.trainable_variables)
    status = tf.train.Checkpoint(model=model, optimizer=opt).read(TF_CHECKPOINT)
    status.assert_existing_objects_matched()
    assert [float(v) for v in model.layers[0].kernel.numpy()[0]] == REF_TRAINED_KERNEL0_ROW0
    assert [float(v) for v in model.layers[1].moving_mean.numpy()] == REF_TRAINED_MOVING_MEAN
    assert [float(v) for v in opt.variables[2].numpy()[0]] == REF_ADAM_M0_ROW0
    assert int(opt.iterations.numpy()) == 1
    reader = tf.train.load_checkpoint(TF_CHECKPOINT)
    assert reader.get_variable_to_dtype_map()["optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE"] \
        == tf.int64


def test_a_corrupted_tf_checkpoint_raises_data_loss(ref, tmp_path):
    import shutil
    for suffix in (".index", ".data-00000-of-00001"):
        shutil.copy(TF_CHECKPOINT + suffix, str(tmp_path / "c") + suffix)
    with open(str(tmp_path / "c.data-00000-of-00001"), "r+b") as f:
        f.seek(-8, os.SEEK_END)
        f.write(b"\xff" * 8)
    with pytest.raises(tf.errors.DataLossError, match="Checksum does not match: stored"):
        tf.train.Checkpoint(model=ref.build()).read(str(tmp_path / "c"))


def test_auto_trackable_setattr_continues_along_the_mro():
    """Keras's optimizers track their variables in BaseOptimizer.__setattr__, which comes
    after AutoTrackable in their MRO (TF 2.21: Nadam has 5 variables here)."""
    tf.keras.backend.clear_session()   # Keras's automatic names count from here
    w = tf.Variable([1.0, -2.0, 3.0], name="w")
    opt = tf.keras.optimizers.Nadam(0.1)
    opt.apply_gradients([(tf.ones(3), w)])
    assert [v.name for v in opt.variables] == ["iteration", "learning_rate", "w_0_momentum",
                                               "w_0_velocity", "variable"]
    assert "_u_product" in opt._trackable_children()
