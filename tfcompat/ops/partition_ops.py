"""tf.dynamic_partition and tf.dynamic_stitch, composed of gathers (so gradients flow as
TF's do). Their output sizes depend on the values of `partitions`/`indices`, which are
read on the host: eagerly, or inside a tf.function when they are constants; computed
inside a tf.function they raise a TypeError naming the API (XLA compiles static shapes)."""
import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.dispatch import Op, execute, match
from ..framework.strings import MOVE
from ..framework.tensor import EagerTensor
from . import array_ops, manip_ops
from .indexing_ops import gather
from .op_args import concrete, dims, kernel_error


def _int_tensor(value, name, api):
    t = convert_to_tensor(value, dtypes.int32, name=name)
    return t, concrete(t, api, name).astype(np.int64)


def dynamic_partition(data, partitions, num_partitions, name=None):
    """tf.dynamic_partition: outputs[i] holds the slices of `data` whose partition is i,
    in order."""
    data = convert_to_tensor(data, name="data")
    p, parts = _int_tensor(partitions, "partitions", "tf.dynamic_partition")
    num_partitions = int(num_partitions)
    kernel = f"DynamicPartition_num_partitions_{num_partitions}"
    if tuple(data.shape[:p.shape.rank]) != tuple(p.shape):
        raise kernel_error("DynamicPartition", name="", kernel=kernel, text=(
            f"data.shape must start with partitions.shape, got data.shape = {dims(tuple(data.shape))}, "
            f"partitions.shape = {dims(tuple(p.shape))}"))
    flat = parts.reshape(-1)
    bad = np.flatnonzero((flat < 0) | (flat >= num_partitions))
    if bad.size:
        at = ",".join(str(int(i)) for i in np.unravel_index(bad[0], parts.shape))
        raise kernel_error("DynamicPartition", name="", kernel=kernel, text=(
            f"partitions[{at}] = {flat[bad[0]]} is not in [0, {num_partitions})"))
    rows = manip_ops.reshape(data, [-1] + list(data.shape[p.shape.rank:]))
    return [gather(rows, _int64(np.flatnonzero(flat == i))) for i in range(num_partitions)]


def dynamic_stitch(indices, data, name=None):
    """tf.dynamic_stitch: merged[indices[m][i]] = data[m][i]; of equal indices, the last
    one wins. Rows no index names are zeros."""
    if len(indices) != len(data):
        raise ValueError(f"List argument 'data' to 'dynamic_stitch' Op with length "
                         f"{len(data)} must match length {len(indices)} of argument "
                         f"'indices'.")
    flat_ids, rows = [], []
    for k, (ids, values) in enumerate(zip(indices, data)):
        t, ids = _int_tensor(ids, "indices", "tf.dynamic_stitch")
        values = convert_to_tensor(values, name="data")
        if tuple(values.shape[:t.shape.rank]) != tuple(t.shape):
            raise kernel_error("DynamicStitch", name="", kernel=f"DynamicStitch_N_{len(indices)}",
                               text=f"data[{k}].shape = {dims(tuple(values.shape))} "
                         f"does not start with indices[{k}].shape = {dims(tuple(t.shape))}")
        flat_ids.append(ids.reshape(-1))
        rows.append(manip_ops.reshape(values, [-1] + list(values.shape[t.shape.rank:])))
    every = np.concatenate(flat_ids)
    size = int(every.max()) + 1 if every.size else 0
    source = np.full(size, every.size, np.int64)   # (missing rows: the zero row)
    source[every] = np.arange(every.size)          # (the last of equal indices wins)
    rows = match(rows, _stitch_op)
    zero = array_ops.zeros([1] + list(rows[0].shape[1:]), rows[0].dtype)
    return execute(_stitch_op, tuple(rows) + (zero,), (("source", tuple(source.tolist())), (
        "ids", tuple(tuple(i.tolist()) for i in flat_ids))))


def _stitch(*rows, source, ids):
    """The stitched rows (the last one: a row of zeros, for the indices none names);
    TF's gradient: each input's rows gather the output's gradient at their indices (also
    the rows a later index overwrote)."""
    @jax.custom_vjp
    def stitch(*rows):
        return jnp.concatenate(rows)[np.asarray(source, np.int64)]

    def backward(_, g):
        return tuple(g[np.asarray(i, np.int64)] for i in ids) + (
            jnp.zeros((1,) + g.shape[1:], g.dtype),)
    stitch.defvjp(lambda *rows: (stitch(*rows), None), backward)
    return stitch(*rows)


_stitch_op = Op("DynamicStitch", _stitch, strings=MOVE)


def _int64(values):
    return EagerTensor(device_array(np.asarray(values, np.int64)))
