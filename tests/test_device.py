"""tf.device places ops on a device JAX has, and falls back (soft placement) otherwise;
a tensor's .device is TF's name of the device holding it.

TF's answers are literals here, from TF 2.21 on a CPU-only machine: TF_CPU0 is what

    /tmp/tfref/bin/python -c 'import tensorflow as tf; print(tf.constant(1.0).device)'

prints (as it does for every name and tensor of the first three tests), and
TF_VIRTUAL_CPUS is the JSON SCRIPT (below) prints under TF, from the repository root:

    /tmp/tfref/bin/python -c "import ast, sys; t = ast.parse(open('tests/test_device.py')
    .read()); sys.argv = ['-', 'tensorflow']; exec(next(n.value.value for n in t.body if
    isinstance(n, ast.Assign) and n.targets[0].id == 'SCRIPT'))"

and TF_LISTED_THEN_CONFIGURED what MIRRORED_SCRIPT prints (the same command, its name).

Nothing here imports TensorFlow.
"""
import json
import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np

import tfcompat as tf

TF_CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"


def test_cpu_device_places_on_jaxs_cpu():
    for name in ("cpu", "/CPU:0", "/job:localhost/replica:0/task:0/device:CPU:0"):
        with tf.device(name):
            t = tf.constant([1.0, 2.0]) * 2.0
        assert t._value.devices() == {jax.devices("cpu")[0]}, name
        assert t.device == TF_CPU0, name
        assert t.numpy().tolist() == [2.0, 4.0]


def test_unknown_gpu_falls_back_to_the_default_device():
    for name in ("/job:localhost/replica:0/task:0/device:GPU:7", "GPU:7", "/CPU:9"):
        with tf.device(name):
            t = tf.constant(3.0) + 1.0
        assert float(t) == 4.0
        assert t._value.devices() == {jax.devices()[0]}, name
        if jax.default_backend() == "cpu":
            assert t.device == TF_CPU0, name     # TF soft-places it on CPU:0


def test_device_of_variables_and_strings():
    with tf.device("cpu"):
        v = tf.Variable([1.0])
    assert v.device == TF_CPU0 and v._value.devices() == {jax.devices("cpu")[0]}
    assert tf.constant("s").device == TF_CPU0


# Run in a fresh process (virtual CPUs are configured before the first op, for the whole
# process), with the module named by argv[1] as tf; prints JSON.
SCRIPT = r'''
import importlib, json, os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
tf = importlib.import_module(sys.argv[1])
cpu, = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 3)
out = {"logical": [d.name for d in tf.config.list_logical_devices("CPU")]}
t = {}
with tf.device("/CPU:1"):
    t["const"] = tf.constant([1.0, 2.0])
    t["op"] = t["const"] * 2.0
    t["var"] = tf.Variable([1, 2])
    t["read"] = t["var"] + 1
with tf.device("/CPU:0"):
    t["back"] = t["op"] + 1
with tf.device("cpu:1"):
    t["identity"] = tf.identity(t["back"])
with tf.device("/job:localhost/replica:0/task:0/device:CPU:2"):
    t["full"] = tf.constant(1.0) + 1
with tf.device("/CPU:5"):
    t["missing"] = tf.constant(1.0) + 1
for inner in ["", None, "cpu", "GPU", "GPU:0", "/CPU:9", "/device:CPU:2", "/job:localhost"]:
    with tf.device("/CPU:1"):
        with tf.device(inner):
            t[f"CPU:1 then {inner!r}"] = tf.constant(1.0) + 1
with tf.device("/CPU:2"):
    with tf.device("/GPU:0"):
        with tf.device("CPU"):
            t["CPU:2 then GPU:0 then CPU"] = tf.constant(1.0) + 1

@tf.function
def f(x):
    return x * 2
with tf.device("/CPU:1"):
    t["function"] = f(tf.constant(1.0))
t["default"] = tf.constant(1.0) + 1

# A dataset runs on the CPU device in scope when it was made (else CPU:0), wherever it is
# read; what its ops return when called runs where they are called.
def double(i):
    return tf.cast(i, tf.float32) * 2.0
def add(total, batch):
    return total + tf.reduce_sum(batch)
ds = tf.data.Dataset.range(4).map(double).batch(2)
it = iter(ds)
t["data"] = next(iter(ds))
with tf.device("/CPU:1"):
    t["data iterated in CPU:1"] = next(iter(ds))
    t["data read in CPU:1"] = next(it)
    t["data made in CPU:1"] = next(iter(tf.data.Dataset.range(4).map(double).prefetch(1)))
    t["data reduced in CPU:1"] = ds.reduce(tf.constant(0.0), add)
    t["data element in CPU:1"] = ds.take(1).get_single_element()
out["device"] = {k: v.device for k, v in t.items()}
out["values"] = {k: v.numpy().tolist() for k, v in t.items()}
if sys.argv[1] == "tfcompat":
    import jax
    out["jax"] = {k: [jax.devices("cpu").index(d) for d in v._value.devices()]
                  for k, v in t.items()}
print(json.dumps(out, sort_keys=True))
'''

_DEV = "/job:localhost/replica:0/task:0/device:CPU:"
TF_VIRTUAL_CPUS = {
    "logical": ["/device:CPU:0", "/device:CPU:1", "/device:CPU:2"],
    "device": {
        "CPU:1 then ''": _DEV + "1",
        "CPU:1 then '/CPU:9'": _DEV + "0",
        "CPU:1 then '/device:CPU:2'": _DEV + "2",
        "CPU:1 then '/job:localhost'": _DEV + "1",
        "CPU:1 then 'GPU'": _DEV + "0",
        "CPU:1 then 'GPU:0'": _DEV + "0",
        "CPU:1 then 'cpu'": _DEV + "1",
        "CPU:1 then None": _DEV + "0",
        "CPU:2 then GPU:0 then CPU": _DEV + "0",
        "back": _DEV + "0",
        "const": _DEV + "1",
        "default": _DEV + "0",
        "full": _DEV + "2",
        "function": _DEV + "1",
        "identity": _DEV + "1",
        "missing": _DEV + "0",
        "op": _DEV + "1",
        "read": _DEV + "1",
        "var": _DEV + "1",
        "data": _DEV + "0",
        "data element in CPU:1": _DEV + "1",
        "data iterated in CPU:1": _DEV + "0",
        "data made in CPU:1": _DEV + "1",
        "data read in CPU:1": _DEV + "0",
        "data reduced in CPU:1": _DEV + "1",
    },
    "values": {
        "CPU:1 then ''": 2.0, "CPU:1 then '/CPU:9'": 2.0, "CPU:1 then '/device:CPU:2'": 2.0,
        "CPU:1 then '/job:localhost'": 2.0, "CPU:1 then 'GPU'": 2.0,
        "CPU:1 then 'GPU:0'": 2.0, "CPU:1 then 'cpu'": 2.0, "CPU:1 then None": 2.0,
        "CPU:2 then GPU:0 then CPU": 2.0, "back": [3.0, 5.0], "const": [1.0, 2.0],
        "default": 2.0, "full": 2.0, "function": 2.0, "identity": [3.0, 5.0],
        "missing": 2.0, "op": [2.0, 4.0], "read": [2, 3], "var": [1, 2],
        "data": [0.0, 2.0], "data element in CPU:1": [0.0, 2.0],
        "data iterated in CPU:1": [0.0, 2.0], "data made in CPU:1": 0.0,
        "data read in CPU:1": [0.0, 2.0], "data reduced in CPU:1": 12.0,
    },
}


def test_virtual_cpus_place_on_their_device():
    # CPU-only, as TF's answer was recorded (on an accelerator the default device differs)
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    done = subprocess.run([sys.executable, "-c", SCRIPT, "tfcompat"], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # tfcompat only: each value is on the JAX CPU device of its TF device's index
    placed = out.pop("jax")
    assert placed == {k: [int(name.rsplit(":", 1)[1])] for k, name in out["device"].items()}
    assert out == TF_VIRTUAL_CPUS


MIRRORED_SCRIPT = '''
import importlib, json, sys
tf = importlib.import_module(sys.argv[1])
out = {"gpus": len(tf.config.list_physical_devices("GPU"))}   # (Keras's conftest asks first)
cpu, = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
out["logical"] = [d.name for d in tf.config.list_logical_devices("CPU")]
strategy = tf.distribute.MirroredStrategy(["CPU:0", "CPU:1"])
with strategy.scope():
    mirrored = tf.Variable(1.)
    on_read = tf.Variable(1., synchronization=tf.VariableSynchronization.ON_READ,
                          aggregation=tf.VariableAggregation.SUM)
per_replica = strategy.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)
types = tf.types.experimental.distributed
for name, v in [("mirrored", mirrored), ("on_read", on_read), ("per_replica", per_replica)]:
    out[name] = [type(v).__name__, str(getattr(v, "synchronization", None)),
                 isinstance(v, tf.distribute.DistributedValues), isinstance(v, types.Mirrored),
                 isinstance(v, types.PerReplica)]
out["values"] = [int(x) for x in strategy.experimental_local_results(per_replica)]
out["types"] = [repr(t) for t in (types.PerReplica, types.Mirrored, tf.distribute.DistributedValues)]
print(json.dumps(out, sort_keys=True))
'''

TF_LISTED_THEN_CONFIGURED = {
    "gpus": 0, "logical": ["/device:CPU:0", "/device:CPU:1"],
    "mirrored": ["MirroredVariable", "VariableSynchronization.ON_WRITE", True, True, False],
    "on_read": ["SyncOnReadVariable", "VariableSynchronization.ON_READ", True, False, False],
    "per_replica": ["PerReplica", "None", True, False, True],
    "types": ["<class 'tensorflow.python.types.distribute.PerReplica'>",
              "<class 'tensorflow.python.types.distribute.Mirrored'>",
              "<class 'tensorflow.python.types.distribute.DistributedValues'>"],
    "values": [0, 1],
}


def test_virtual_cpus_configured_after_listing_devices():
    """Listing the GPUs starts JAX's backends; the virtual CPUs configured after it (no
    array lives yet, as in TF) still take effect, and the strategy's values have TF's
    types and synchronization."""
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    done = subprocess.run([sys.executable, "-c", MIRRORED_SCRIPT, "tfcompat"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == TF_LISTED_THEN_CONFIGURED


RESET_SCRIPT = r'''
import importlib, json, sys
tf = importlib.import_module(sys.argv[1])
context = importlib.import_module(sys.argv[1] + ".python.eager.context")
out = {}
a = tf.constant([1.0, 2.0])
v = tf.Variable(3.0)
cpu, = tf.config.list_physical_devices("CPU")
two = [tf.config.LogicalDeviceConfiguration()] * 2
try:
    tf.config.set_logical_device_configuration(cpu, two)
except RuntimeError as e:
    out["before reset"] = [type(e).__name__, str(e)]
context._reset_context()
tf.config.set_logical_device_configuration(cpu, two)
out["logical"] = [d.name for d in tf.config.list_logical_devices("CPU")]
b = a + 1
v.assign_add(1.0)
out["old values"] = [b.numpy().tolist(), float(v + 1)]
strategy = tf.distribute.MirroredStrategy(["CPU:0", "CPU:1"])
with strategy.scope():
    w = tf.Variable(1.0)
out["replicas"] = [float(x) for x in strategy.experimental_local_results(
    strategy.run(lambda: w * 2 + a[0]))]

@tf.function
def f(x):
    return x * 2
out["function"] = [f(a).numpy().tolist(), f(b).numpy().tolist()]
try:
    tf.config.set_logical_device_configuration(cpu, two + two)
except RuntimeError as e:
    out["after first op"] = [type(e).__name__, str(e)]
if sys.argv[1] == "tfcompat":   # (tfcompat only: JAX's CPU devices, one per logical CPU)
    import jax
    out["jax"] = len(jax.devices("cpu"))
print(json.dumps(out, sort_keys=True))
'''

TF_RESET_CONTEXT = {
    "before reset": ["RuntimeError", "Virtual devices cannot be modified after being initialized"],
    "logical": ["/device:CPU:0", "/device:CPU:1"],
    "old values": [[2.0, 3.0], 5.0],
    "replicas": [3.0, 3.0],
    "function": [[2.0, 4.0], [4.0, 6.0]],
    "after first op": ["RuntimeError",
                       "Virtual devices cannot be modified after being initialized"],
}


def test_virtual_cpus_reconfigured_after_reset_context():
    """context._reset_context (Keras's distribute tests call it after other tests ran ops)
    lets the virtual CPUs change until the next op, as in TF; the tensors and Variables
    made before keep working, and the strategy runs on the new devices."""
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    done = subprocess.run([sys.executable, "-c", RESET_SCRIPT, "tfcompat"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out.pop("jax") == 2
    assert out == TF_RESET_CONTEXT


REUSE_SCRIPT = r"""
import jax, json
import tfcompat as tf
from tfcompat.python.eager import context
cpu, = tf.config.list_physical_devices("CPU")
olds = [tf.constant([float(i)]) + 1 for i in range(100)]
ids = {id(a) for a in jax.live_arrays()}
context._reset_context()
del olds
news = [tf.constant([0.0]) * 2]
while len(news) < 1000 and not ids & {id(a) for a in jax.live_arrays()}:
    news.append(tf.constant([float(len(news))]) * 2)
out = {"reused": bool(ids & {id(a) for a in jax.live_arrays()})}
try:
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
except RuntimeError as e:
    out["after first op"] = [type(e).__name__, str(e)]
print(json.dumps(out))
"""


def test_reset_context_counts_an_op_whose_array_reuses_a_freed_address():
    """After context._reset_context an op initializes the devices even when its array
    lands at the address of one that was alive at the reset (CPython reuses it at once)."""
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    done = subprocess.run([sys.executable, "-c", REUSE_SCRIPT], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"reused": True,
                                       "after first op": TF_RESET_CONTEXT["after first op"]}


def test_sums_follow_tf_cpu_order_only_on_the_cpu(monkeypatch):
    """Eigen's order of additions (TF's CPU Sum, Mean and broadcast gradients, its scans)
    and oneDNN's softmax are emulated where ops are placed on the CPU. Placed on a GPU or TPU, a sum is
    one XLA reduction: the emulation's addition chains are loops there (a conv net's bias
    gradient, 1,936 steps, took an H200 19 ms a training step)."""
    from tfcompat.framework import config
    from tfcompat.framework.context import x64   # (as every op runs: JAX's 64-bit types)
    from tfcompat.ops import eigen_reduce, nn_ops, reduction_ops

    x = jnp.asarray(np.random.default_rng(0).standard_normal((7744, 64)), jnp.float32)
    logits = jnp.asarray(np.random.default_rng(1).standard_normal((4, 2000)), jnp.float32)

    def loops(fn, *args):   # the loops of fn's program, nested ones too
        text = str(jax.make_jaxpr(fn)(*args))
        return [w for w in ("scan", "while") for _ in range(text.count(f" {w}["))]

    @x64
    def column_sum(v):
        return eigen_reduce.eigen_sum(v, (0,), False)

    @x64
    def softmax(v):
        return nn_ops._softmax_fn(v, -1)

    @x64
    def cumulative(v):   # (a float cumsum and cumulative_logsumexp: TF's scans, on the CPU)
        cumsum = reduction_ops._in_order(jax.lax.add, 0, lambda v, a: jnp.cumsum(v, a, v.dtype))
        return cumsum(v.astype(jnp.float16), 0), reduction_ops._cumlogsumexp(v, 0)

    with tf.device("/CPU:0"):
        assert config.placed_on_cpu()
    assert loops(column_sum, x[1:]) == ["scan"] and loops(softmax, logits[1:]) == ["scan"]
    assert loops(cumulative, x[1:]) == ["scan", "scan"]
    # (other shapes: JAX keeps the trace of a custom_jvp function for its shapes, and a
    # device placement, which is part of the key of that cache)
    monkeypatch.setattr(config, "placed_on_cpu", lambda: False)
    assert loops(column_sum, x) == [] and loops(softmax, logits) == []
    assert loops(cumulative, x) == []
    np.testing.assert_array_equal(column_sum(x), jnp.sum(x, 0))
    np.testing.assert_array_equal(softmax(logits), jax.nn.softmax(logits, -1))


def test_tensor_float_32_switches_jax_default_precision():
    """tf.config.experimental.enable_tensor_float_32_execution(False) makes float32 matrix
    products and convolutions traced afterwards run at JAX's highest precision (on a GPU
    they otherwise take TensorFloat-32, as TF's do by default); enabling it again restores
    the default. (TF's values on the CPU, which the switch leaves alone, are the golden
    ops_extra:config_tensor_float_32.)"""
    from tfcompat.ops import conv_ops, product_ops

    x = jnp.ones((1, 4, 4, 2), jnp.float32)
    w = jnp.ones((3, 3, 2, 2), jnp.float32)

    def precisions():
        conv = str(jax.make_jaxpr(lambda x, w: conv_ops._conv(
            x, w, (1, 1), "SAME", (1, 1), False, 1))(x, w))
        dot = str(jax.make_jaxpr(lambda m: product_ops._matmul(
            m, m, False, False, False, False))(w[0, 0]))
        return ["HIGHEST" in conv, "HIGHEST" in dot]

    c = tf.config.experimental
    assert c.tensor_float_32_execution_enabled() and precisions() == [False, False]
    try:
        c.enable_tensor_float_32_execution(False)
        assert jax.config.jax_default_matmul_precision == "highest"
        assert precisions() == [True, True]
    finally:
        c.enable_tensor_float_32_execution(True)
    assert jax.config.jax_default_matmul_precision is None and precisions() == [False, False]
