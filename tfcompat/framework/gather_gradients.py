"""The gradient of a source used only through axis-0 gathers: TF's IndexedSlices (what
tf.GradientTape.gradient returns for tf.gather's GatherV2 gradient), and the warning
TF's jacobian gives when it densifies one.
"""
import jax
import jax.numpy as jnp
import numpy as np

from . import tf_logging
from .dispatch import Op, execute, match, to_tensor
from .indexed_slices import IndexedSlices
from .tensor import EagerTensor
from .variables import Variable


def _value_of(x):
    return x._handle._value if isinstance(x, Variable) else x._value


_PASSING = ("Identity", "Cast")   # ops whose gradient passes an IndexedSlices on (as TF's)


def row_gathers(tape_slice, source_nodes):
    """The sources whose every use between them and the targets is an axis-0 tf.gather
    of them, or of a tf.identity or float tf.cast of them: for each, the (output, indices)
    of those gathers. Their gradient is an IndexedSlices."""
    if not any(rec.op.name == "GatherV2" for rec in tape_slice.records):
        return {}
    connected = {id(n) for n in tape_slice.source_nodes}
    uses = {}
    for rec in tape_slice.records:
        for pos, t in enumerate(rec.inputs):
            uses.setdefault(id(t), []).append((rec, pos))
    sparse = {}
    for j, nodes in enumerate(source_nodes):
        gathers = _gathers([n for n in nodes if id(n) in connected], uses)
        if gathers:
            sparse[j] = gathers
    return sparse


def _gathers(nodes, uses):
    """The (output, indices) of the axis-0 gathers that are the only uses of `nodes`
    (through tf.identity and float casts), else None."""
    gathers = []
    for n in nodes:   # (in order; nodes passed through are appended)
        found = uses.get(id(n))
        if not found:
            return None
        for rec, pos in found:
            if pos == 0 and rec.op.name == "GatherV2" and \
                    rec.attrs[:2] == (("axis", 0), ("batch_dims", 0)):
                gathers.append((rec.outputs[0], rec.inputs[1]))
            elif rec.op.name in _PASSING and len(rec.inputs) == 1 and all(
                    jnp.issubdtype(t._value.dtype, jnp.inexact)
                    for t in (rec.inputs[0], rec.outputs[0])):
                nodes.append(rec.outputs[0])
            else:
                return None
    return gathers


def _graph_tensor(name, shape, dtype):
    return f'Tensor("{name}:0", shape={tuple(shape)}, dtype={dtype})'


def warn_densified(tape_slice, source_nodes, sources):
    """TF's jacobian (pfor) computes a gathered source's gradient as an IndexedSlices, which
    it densifies with this warning, naming tensors of its loop graph. The names are TF's
    where only element-wise ops lie between the gathers and the target: each gather's
    gradient makes two Reshapes and a Const, the last gather recorded first, and several
    gathers of one source are concatenated (a reduction or reshape in between would shift
    TF's counters)."""
    sparse = row_gathers(tape_slice, source_nodes)
    if not sparse:
        return
    position = {id(rec.outputs[0]): i for i, rec in enumerate(tape_slice.records)}
    order = sorted((g for gathers in sparse.values() for g, _ in gathers),
                   key=lambda g: -position[id(g)])
    built = {id(g): k for k, g in enumerate(order)}
    concats = 0
    for j in sorted(sparse):
        gathers = sparse[j]
        shape = _value_of(sources[j]).shape
        n = sum(int(np.prod(idx.shape)) for _, idx in gathers)
        index_dtypes = {idx.dtype.name for _, idx in gathers}
        index_dtype = index_dtypes.pop() if len(index_dtypes) == 1 else "int64"
        first = min(built[id(g)] for g, _ in gathers)
        if len(gathers) == 1:
            values, indices = f"gradient_tape/Reshape_{2 * first + 1}", \
                f"gradient_tape/Reshape_{2 * first + 2}"
        else:
            values = "loop_body/concat" + (f"_{concats}" if concats else "")
            indices = f"loop_body/concat_{concats + 1}"
            concats += 2
        dense = "gradient_tape/Const" + (f"_{first}" if first else "")
        slices = (f"IndexedSlices(indices={_graph_tensor(indices, (n,), index_dtype)}, "
                  f"values={_graph_tensor(values, (n,) + shape[1:], sources[j].dtype.name)}, "
                  f"dense_shape={_graph_tensor(dense, (len(shape),), 'int32')})")
        tf_logging.get_logger().warning(
            f"Converting {slices} to a dense representation may make it slow. Alternatively, "
            f"output the indices and values of the IndexedSlices separately, and handle the "
            f"vectorized outputs directly.")


# The ops that assemble a gather's IndexedSlices gradient: TF's Reshape and ConcatV2, run
# through execute so that enclosing tapes and a tf.function's graph record them.
_RESHAPE = Op("Reshape", lambda x, shape: jnp.reshape(x, shape))
_CONCAT = Op("ConcatV2", lambda *xs, axis: jnp.concatenate(xs, axis))
_CAST = Op("Cast", lambda x, dtype: x.astype(dtype))


def _reshaped(x, shape):
    """tf.reshape of `x` to `shape` (one -1; for an empty tensor, the -1 is what its
    nonzero sizes leave, as tf.reshape computes it)."""
    x = to_tensor(x)
    if 0 in shape:
        have = int(np.prod([d for d in x._value.shape if d]))
        shape = tuple(have // int(np.prod([d for d in shape if d > 0])) if d == -1 else d
                      for d in shape)
    return execute(_RESHAPE, (x,), (("shape", shape),))


def _concatenated(values):
    """tf.concat of `values` (two or more) on axis 0 (TF's error for mixed dtypes)."""
    return execute(_CONCAT, match(values, _CONCAT, op_suffix="concat"), (("axis", 0),))


def indexed_slices(source, gathers, grads):
    """TF's GatherV2 gradient, aggregated over gathers: rows `indices` get `values`."""
    shape = tuple(int(d) for d in _value_of(source).shape)
    values, indices = [], []
    for (_, idx), g in zip(gathers, grads):
        if g is not None:
            values.append(_reshaped(g, (-1,) + shape[1:]))
            indices.append(_reshaped(idx, (-1,)))
    if not values:
        return None
    if len({i.dtype for i in indices}) > 1:   # TF's _as_indexed_slices_list: int64 when mixed
        indices = [i if i.dtype.name == "int64" else
                   execute(_CAST, (i,), (("dtype", np.dtype(np.int64)),)) for i in indices]
    if len(values) > 1:
        values, indices = [_concatenated(values)], [_concatenated(indices)]
    dtype = _value_of(source).dtype
    if values[0]._value.dtype != dtype:   # (gathered through a cast: TF's CastGrad)
        values = [execute(_CAST, values, (("dtype", np.dtype(dtype)),))]
    with jax.ensure_compile_time_eval():   # static inside tf.function too
        dense_shape = EagerTensor(jnp.asarray(np.asarray(shape, np.int32)))
    return IndexedSlices(values[0], indices[0], dense_shape)
