"""Prints the reference values of tests/test_dtensor.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/dtensor_reference.py``) and under tfcompat
(``python -m tfcompat tools/dtensor_reference.py``); the test holds TF's output as a
literal. Four virtual CPU devices (tf.config.set_logical_device_configuration) carry
tf.experimental.dtensor meshes: Mesh and Layout (printed forms, accessors, errors), pack and
unpack, relayout, the layouts of op results, DVariables, gradients and tf.function."""
import pprint

import numpy as np
import tensorflow as tf
from tensorflow.experimental import dtensor

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 4)


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return type(e).__name__, str(e).strip().split("\n")[0]
    return None


def specs(t):
    return dtensor.fetch_layout(t).sharding_specs


def components(t):
    return [c.numpy().tolist() for c in dtensor.unpack(t)]


out = {"no_default_mesh": dtensor.get_default_mesh()}
devices = [f"CPU:{i}" for i in range(4)]
mesh = dtensor.create_mesh([("x", 2), ("y", 2)], devices=devices)
line = dtensor.create_mesh([("batch", 4)])
pair = dtensor.create_mesh({"m": 2}, devices=["CPU:2", "/device:CPU:3"])
out["mesh"] = [repr(mesh), str(line), repr(pair), mesh.to_string(), mesh.dim_names,
               mesh.shape(), mesh.global_device_ids().tolist(), mesh.local_device_ids(),
               mesh.local_devices(), mesh.num_local_devices(), mesh.device_type(), mesh.size,
               mesh.strides, mesh.dim_size("y"), tuple(mesh["x"]), "x" in mesh, "z" in mesh,
               mesh.local_device_locations(), mesh.unravel_index(), mesh.min_global_device_id(),
               pair.local_devices(), pair.global_device_ids().tolist(), mesh.name,
               mesh.is_remote(), repr(mesh.host_mesh()), mesh == dtensor.Mesh.from_string(
                   mesh.to_string()), mesh == line, mesh.use_xla_spmd()]
out["mesh_ctor"] = repr(dtensor.Mesh(["a"], np.arange(2), [0, 1], ["CPU:0", "CPU:1"], "named"))
out["mesh_errors"] = [
    error(lambda: dtensor.create_mesh([("x", 3)])),
    error(lambda: dtensor.create_mesh([("x", 2)], devices=["CPU:0"])),
    error(lambda: dtensor.Mesh(["a"], [0, 1], [0, 1], ["CPU:0", "CPU:1"])),
    error(lambda: dtensor.Mesh(["a"], np.array([1, 0]), [0, 1], ["CPU:0", "CPU:1"])),
    error(lambda: dtensor.Mesh(["a", "b"], np.arange(2), [0, 1], ["CPU:0", "CPU:1"])),
    error(lambda: dtensor.Mesh(["a"], np.arange(2), [0], ["CPU:0", "CPU:1"])),
    error(lambda: dtensor.create_distributed_mesh([("x", 4)])),
    error(lambda: dtensor.Mesh(["a"], np.arange(3), [0, 1, 2], ["CPU:0", "CPU:0", "CPU:1"])),
    repr(dtensor.Mesh(["a"], np.arange(2), [0, 1], ["CPU:0", "CPU:0"])),
]
dtensor.initialize_accelerator_system()
out["distributed_mesh"] = [repr(dtensor.create_distributed_mesh([("x", 4)])),
                           error(lambda: dtensor.create_distributed_mesh([("x", 3)]))]
out["clients"] = [dtensor.num_clients(), dtensor.client_id(), dtensor.num_global_devices("CPU"),
                  dtensor.num_local_devices("CPU"), dtensor.job_name(),
                  dtensor.full_job_name(), dtensor.device_name()]

L = dtensor.Layout
xy = L(["x", "y"], mesh)
rep = L.replicated(mesh, 2)
out["layout"] = [repr(xy), str(rep), xy.to_string(), xy.sharding_specs, xy.rank, xy.shape,
                 [xy.num_shards(0), xy.num_shards(1)], xy.offset_to_shard(),
                 repr(L.batch_sharded(mesh, "y", 3, axis=1)), repr(L.inner_sharded(mesh, "x", 2)),
                 repr(L([], mesh)), repr(xy.delete([0])), repr(L.replicated(line, 1)),
                 xy == L.from_string(xy.to_string()), xy == rep, rep.is_fully_replicated(),
                 L(["x", "unsharded"], mesh).is_batch_parallel(), xy.is_batch_parallel(),
                 xy.mesh == mesh, repr(L.from_string(xy.to_string()).mesh),
                 dtensor.UNSHARDED, dtensor.MATCH, xy.local_shape_from_global_shape([4, 6]),
                 xy.global_shape_from_local_shape([2, 3])]
out["layout_errors"] = [error(lambda: L(["x", "x"], mesh)), error(lambda: L(["z"], mesh)),
                        error(lambda: L(["x"], "mesh")), error(lambda: mesh.dim_size("z")),
                        error(lambda: L.from_string("garbage")),
                        error(lambda: dtensor.Mesh.from_string("garbage")),
                        error(lambda: L.batch_sharded(mesh, "z", 2)),
                        error(lambda: dtensor.relayout(tf.ones([3, 4]), xy)),
                        error(lambda: dtensor.local_devices("XPU"))]

comps = [tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 4.0]]), tf.constant([[5.0, 6.0]]),
         tf.constant([[7.0, 8.0]])]
p = dtensor.pack(comps, xy)
out["pack"] = [repr(p), str(p), p.shape.as_list(), p.dtype.name, specs(p), components(p),
               [c.device for c in dtensor.unpack(p)], p.device, dtensor.is_dtensor(p),
               dtensor.is_dtensor(comps[0])]
ints = dtensor.pack([tf.constant([i, 10 * i]) for i in range(4)], L(["batch"], line))
out["pack_int"] = [repr(ints), components(ints), specs(ints)]
scalar = dtensor.copy_to_mesh(tf.constant(2.5), L([], mesh))
out["scalar"] = [repr(scalar), str(scalar), float(scalar.numpy()), float(scalar)]
out["replicated_repr"] = repr(dtensor.call_with_layout(tf.fill, rep, [2, 3], 1.5))
long_ = dtensor.call_with_layout(tf.ones, L(["batch"], line), [40], dtype=tf.int32)
out["long_repr"] = repr(long_)
out["pack_errors"] = [error(lambda: dtensor.pack(comps[:3], xy)),
                      error(lambda: dtensor.pack(comps, L(["x"], mesh))),
                      error(lambda: dtensor.unpack(comps[0])),
                      error(lambda: dtensor.fetch_layout(comps[0])),
                      error(lambda: dtensor.check_layout(p, rep)),
                      dtensor.check_layout(p, xy)]

r = dtensor.relayout(p, rep)
r2 = dtensor.relayout(r, L(["unsharded", "y"], mesh))
r3 = dtensor.relayout(p, L([dtensor.MATCH, "unsharded"], mesh))
out["relayout"] = [specs(r), components(r), specs(r2), components(r2), specs(r3),
                   components(r3), r.numpy().tolist()]
full = "/job:localhost/replica:0/task:0/device:"
permuted = dtensor.Mesh(["a"], np.arange(2), [1, 0], [full + "CPU:0", full + "CPU:1"])
pp = dtensor.pack([tf.constant([1.0]), tf.constant([2.0])], L(["a"], permuted))
out["permuted_mesh"] = [repr(pp), components(pp), [c.device for c in dtensor.unpack(pp)],
                        dtensor.relayout(pp, L(["unsharded"], permuted)).numpy().tolist(),
                        repr(tf.reduce_sum(pp * dtensor.copy_to_mesh(
                            tf.constant([1.0, 10.0]), L(["unsharded"], permuted))))]
c = dtensor.copy_to_mesh(tf.reshape(tf.range(8.0), [4, 2]), L(["x", "unsharded"], mesh))
out["copy_to_mesh"] = [specs(c), components(c)]

x = dtensor.call_with_layout(tf.ones, L(["x", "unsharded"], mesh), shape=(4, 3))
w = dtensor.copy_to_mesh(tf.reshape(tf.range(6.0), (3, 2)), L.replicated(mesh, 2))
ops_ = {
    "add_scalar": lambda: p + 1.0, "mul": lambda: p * p, "reduce_all": lambda: tf.reduce_sum(p),
    "reduce_0": lambda: tf.reduce_sum(p, axis=0), "reduce_1": lambda: tf.reduce_sum(p, axis=1),
    "relu": lambda: tf.nn.relu(p - 4.0), "transpose": lambda: tf.transpose(p),
    "square": lambda: tf.square(p), "batch_matmul": lambda: tf.matmul(x, w),
    "matmul_replicated": lambda: tf.matmul(r, tf.transpose(r)),
    "mean": lambda: tf.reduce_mean(tf.matmul(x, w)),
    "argmax": lambda: tf.argmax(tf.matmul(x, w), axis=1),
}
out["ops"] = {name: (specs(f()), components(f())) for name, f in ops_.items()}

bm = dtensor.create_mesh([("batch", 2), ("model", 2)])


def on_bm(shape, *layout):
    n = int(np.prod(shape))
    return dtensor.copy_to_mesh(tf.reshape(tf.range(float(n)), shape) / 10.0, L(list(layout), bm))


U = dtensor.UNSHARDED
xb_, xm_ = on_bm([4, 6], "batch", U), on_bm([4, 6], "batch", "model")
w_, wk_, b_ = on_bm([6, 4], U, "model"), on_bm([6, 4], "model", U), on_bm([4], "model")
propagation = {
    "matmul_model": lambda: tf.matmul(xb_, w_), "matmul_contract": lambda: tf.matmul(xm_, wk_),
    "bias": lambda: tf.matmul(xb_, w_) + b_, "softmax": lambda: tf.nn.softmax(xm_),
    "reduce_max": lambda: tf.reduce_max(xm_, axis=1), "expand_dims": lambda: tf.expand_dims(xm_, 0),
    "reshape": lambda: tf.reshape(xm_, [4, 6, 1]), "gather": lambda: tf.gather(xm_, [0, 2]),
    "cast": lambda: tf.cast(xm_, tf.int32), "mixed_add": lambda: xm_ + xb_,
    "einsum": lambda: tf.einsum("bi,io->bo", xb_, w_), "stack": lambda: tf.stack([xb_, xb_]),
    "where": lambda: tf.where(xm_ > 1.0, xm_, 0.0), "l2_loss": lambda: tf.nn.l2_loss(xm_),
}
out["propagation"] = {name: specs(f()) for name, f in propagation.items()}

labels = dtensor.pack([tf.constant([i % 2]) for i in range(4)], L(["x"], mesh))
logits = dtensor.pack([tf.constant([[0.5 * i, 1.0 - i]]) for i in range(4)],
                      L(["x", "unsharded"], mesh))
ce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
out["cross_entropy"] = [specs(ce), components(ce), specs(tf.reduce_mean(ce)),
                        float(tf.reduce_mean(ce).numpy())]

v = dtensor.DVariable(p)
out["dvariable"] = [repr(v), type(v).__name__, v.device, v.layout.sharding_specs, specs(v),
                    specs(v.read_value()), components(v.read_value())]
v.assign(p * 2.0)
out["dvariable_assign"] = [specs(v), components(v.read_value())]
v.assign(r)   # a replicated value is laid out as the variable
out["dvariable_relayout"] = [specs(v), components(v.read_value())]
v.assign_add(p)
out["dvariable_assign_add"] = [specs(v), components(v.read_value())]
out["dvariable_errors"] = [error(lambda: v.assign(tf.ones((4, 2)))),
                           error(lambda: dtensor.DVariable(tf.ones((2, 2))))]
dv = dtensor.DVariable(tf.ones((2, 2)), layout=rep)
out["dvariable_layout_arg"] = [specs(dv), dv.layout.sharding_specs]

wv = dtensor.DVariable(dtensor.call_with_layout(
    tf.function(tf.random.stateless_uniform), L.replicated(mesh, 2), shape=(3, 2),
    seed=(22, 23), minval=-1.0, maxval=1.0))
bv = dtensor.DVariable(dtensor.call_with_layout(tf.zeros, L.replicated(mesh, 1), shape=[2]))
out["initial"] = [specs(wv), components(wv.read_value())[0], specs(bv)]


@tf.function
def step(xb, yb):
    with tf.GradientTape() as tape:
        logits = tf.add(tf.matmul(xb, wv), bv)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=yb, logits=logits))
    gw, gb = tape.gradient(loss, [wv, bv])
    wv.assign_sub(0.5 * gw)
    bv.assign_sub(0.5 * gb)
    return loss, gw, gb, logits


xb = dtensor.pack([tf.constant([[float(i), 1.0, -1.0]]) for i in range(4)],
                  L(["x", "unsharded"], mesh))
loss, gw, gb, logits = step(xb, labels)
out["step"] = [specs(loss), float(loss.numpy()), specs(gw), gw.numpy().tolist(), specs(gb),
               gb.numpy().tolist(), specs(logits), components(logits), specs(wv),
               wv.numpy().tolist(), bv.numpy().tolist()]
loss2 = step(xb, labels)[0]
out["step2"] = [float(loss2.numpy()), wv.numpy().tolist()]


@tf.function
def relaid(t):
    return dtensor.relayout(t * 2.0, rep)


out["function_relayout"] = [specs(relaid(p)), components(relaid(p))]
gv = dtensor.DVariable(dtensor.call_with_layout(tf.ones, xy, shape=(4, 4)))


@tf.function
def relayout_gradient():
    with tf.GradientTape() as tape:
        relaid_out = dtensor.relayout(gv * 3.0, rep)
        y = tf.reduce_sum(relaid_out * relaid_out)
    return tape.gradient(y, gv)


out["relayout_gradient"] = [specs(relayout_gradient()), components(relayout_gradient())]
with dtensor.default_mesh(mesh):
    out["default_mesh"] = repr(dtensor.get_default_mesh())
out["default_mesh_error"] = error(lambda: dtensor.default_mesh("x").__enter__())

pprint.pprint(out, width=100)
