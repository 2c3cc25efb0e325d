"""Selection: `__getitem__`, slice/strided_slice, gather/gather_nd, boolean_mask and where
(searchsorted, unique and unravel_index: search_ops.py).

JAX clamps out-of-range indices; TF's CPU kernels reject them, so indices are checked
eagerly (on the host) before the kernel runs, and inside a tf.function when it runs (a host
callback, `op_args.checked_attr`). Ops whose output shape depends on values (boolean_mask,
where with one argument, unique) need concrete values there: a tf.function's calls then
run eagerly (op_args.concrete); in a graph being built their outputs have unknown
dimensions (op_args.unknown_where_building).
"""
import builtins
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..framework import dtypes, func_graph, host_callback, op_def
from ..framework.relaxed_shapes import UnknownDim, traced_dims
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.composite_dispatch import dispatchable
from ..framework.dispatch import Op, check_dtype, execute, match, mismatch_error, to_tensor
from ..framework.strings import MOVE
from ..framework.context import executing_eagerly
from ..framework.context import ctx
from ..framework.tape import record
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.variables import Variable
from .cast_ops import cast
from .comparison_ops import logical_and
from .manip_ops import identity_op, reshape
from .reduction_ops import reduce_all
from .shape_inference import dtype_enum, trace_checked
from .op_args import (
    attr_error, checked_attr, concrete, dims, kernel_error, no_kernel_error, static_int,
    static_ints, traced, unknown_where_building,
)

_SLICE_INDEX_TYPES = op_def.spec("StridedSlice").allowed("Index")


def check_indices_dtype(op, t, attr="Tindices"):
    """TF's check of op `op`'s index input `t` against its OpDef's `attr`."""
    if t.dtype._tf_name not in op_def.spec(op).allowed(attr):
        raise attr_error(op, attr, t.dtype)


# -- strided slices: one spec for `t[...]`, tf.strided_slice and sliced assignment ---------
# A spec is a tuple of ("i", index) | ("s", start, stop, step) | ("n",) | ("e",).

def _index(s):
    kind = s[0]
    if kind == "i":
        return s[1]
    if kind == "s":
        return builtins.slice(s[1], s[2], s[3])
    return None if kind == "n" else Ellipsis


def _slice(x, spec):
    return x[tuple(_index(s) for s in spec)]


_slice_op = Op("StridedSlice", _slice, strings=MOVE)


def _dynamic_slice(x, *indices, spec, checked=()):
    """`_slice` with traced scalar indices (spec entries ("d", j): the j-th of `indices`).
    `checked` holds (dimension, size) per index: TF's CPU kernel rejects an index out of
    range when the function runs (JAX would clamp it)."""
    out = x[tuple(indices[s[1]] if s[0] == "d" else _index(s) for s in spec)]
    if checked:
        out = host_callback.checked(out, lambda *v: _dynamic_index_error(v, checked), *indices)
    return out


def _dynamic_index_error(values, checked):
    for v, (dim, size) in zip(values, checked):
        v = int(v)
        if not -size <= v < size:   # TF's message shows a negative index plus the size
            return kernel_error("StridedSlice", f"slice index {v + size if v < 0 else v} of "
                                                f"dimension {dim} out of bounds.",
                                "strided_slice/")
    return None


def _index_dims(shape, spec):
    """The input dimension each ("i"/"d") entry of `spec` indexes, with its size."""
    explicit = sum(s[0] in "isd" for s in spec)
    dim, out = 0, {}
    for s in spec:
        if s[0] == "e":
            dim += len(shape) - explicit
        elif s[0] in "isd":
            if s[0] == "d" and dim < len(shape):
                out[s[1]] = (dim, shape[dim])
            dim += 1
    return out


_dynamic_slice_op = Op("StridedSlice", _dynamic_slice, strings=MOVE)


def _spec_args(spec):
    """The begin, end and strides vectors and the five masks TF's `__getitem__` builds for
    `spec` (the inputs and attrs of its StridedSlice node)."""
    begin, end, strides = [], [], []
    masks = dict.fromkeys(("begin_mask", "ellipsis_mask", "end_mask", "new_axis_mask",
                           "shrink_axis_mask"), 0)
    for i, s in enumerate(spec):
        bit = 1 << i
        if s[0] == "i":
            begin.append(s[1]), end.append(s[1] + 1), strides.append(1)
            masks["shrink_axis_mask"] |= bit
            continue
        if s[0] == "s":
            begin.append(s[1] or 0), end.append(s[2] or 0), strides.append(
                1 if s[3] is None else s[3])
            masks["begin_mask"] |= bit if s[1] is None else 0
            masks["end_mask"] |= bit if s[2] is None else 0
            continue
        begin.append(0), end.append(0), strides.append(1)
        masks["ellipsis_mask" if s[0] == "e" else "new_axis_mask"] |= bit
    return (begin, end, strides), masks


def _check_spec(shape, spec, name, x=None, args=None, scope="strided_slice"):
    """TF's StridedSlice checks (JAX would clamp an out-of-range index silently). Given the
    input `x`, inside a tf.function they fail as TF's shape inference does (ValueError), on
    the node's begin/end/strides and masks `args` (default: those of `__getitem__`)."""
    def fail(text):
        exc = kernel_error("StridedSlice", text, name)
        if x is None:
            return exc
        vectors, masks = args or _spec_args(spec)
        vectors = [np.asarray(v, np.int32) for v in vectors]
        attrs = (("Index", "DT_INT32"), ("T", dtype_enum(x))) + tuple(sorted(masks.items()))
        computed = {3: vectors[2]} if not shape else dict(enumerate(vectors, 1))
        return trace_checked(exc, text, "StridedSlice", [x] + vectors, attrs, scope=scope,
                             computed=computed)
    if sum(s[0] == "e" for s in spec) > 1:
        raise fail("Multiple ellipses in slice spec not allowed")
    for i, s in enumerate(spec):
        if s[0] == "s" and s[3] == 0:
            raise fail(f"strides[{i}] must be non-zero")
    if not shape:
        if any(s[0] in "is" for s in spec):
            raise fail("Attempting to slice scalar input.")
        return
    explicit = sum(s[0] in "is" for s in spec)
    dim = 0
    for s in spec:
        if s[0] == "e":
            dim += len(shape) - explicit
        elif s[0] in "is":
            if dim >= len(shape):
                raise fail(f"Index out of range using input dim {dim}; input has only "
                           f"{len(shape)} dims")
            if s[0] == "i" and not -shape[dim] <= s[1] < shape[dim]:
                shown = s[1] + shape[dim] if s[1] < 0 else s[1]   # as TF's message shows it
                raise fail(f"slice index {shown} of dimension {dim} out of bounds.")
            dim += 1


_INDEX_TYPE_ERROR = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and "
                     "scalar tf.int32/tf.int64 tensors are valid indices, got ")


def _bool_index_error():
    return attr_error("StridedSlice", "Index", dtypes.bool, name="strided_slice/")


def _spec_item(k):
    if isinstance(k, Tensor):
        if k.dtype.is_integer and k.ndim == 0:
            return ("i", int(np.asarray(k._value)))
        raise TypeError(_INDEX_TYPE_ERROR + repr(k))
    if isinstance(k, (bool, np.bool_)):
        raise _bool_index_error()
    if isinstance(k, (int, np.integer)):
        return ("i", int(k))
    if isinstance(k, builtins.slice):
        return ("s",) + tuple(None if v is None else _slice_bound(v)
                              for v in (k.start, k.stop, k.step))
    if k is None:
        return ("n",)
    if k is Ellipsis:
        return ("e",)
    raise TypeError(_INDEX_TYPE_ERROR + repr(k))


def _slice_bound(v):
    """A start/stop/step of a slice key as an int; TF's TypeError for other than a Python
    int or an int16/32/64 value that is not a vector."""
    if isinstance(v, (bool, np.bool_)):
        raise _bool_index_error()
    if not isinstance(v, (int, np.integer)):
        dtype, shape = getattr(v, "dtype", None), getattr(v, "shape", ())
        try:
            ok = dtype is not None and dtypes.as_dtype(dtype)._tf_name in _SLICE_INDEX_TYPES
        except TypeError:
            ok = False
        if not ok or len(shape) == 1:
            raise TypeError(_INDEX_TYPE_ERROR + repr(v))
    return static_int(v, "tf.Tensor.__getitem__", "slice bounds")


class _VariableSlice(EagerTensor):
    """What `variable[...]` returns: a Tensor with TF's `.assign(value)`, which writes the
    slice of the variable."""

    __slots__ = ("_variable", "_spec")

    def assign(self, val, name=None):
        """Assign `val` (broadcast to the slice's shape) to this slice of the variable."""
        var = self._variable
        value = convert_to_tensor(val, dtype=var.dtype)
        have, want = value._value.shape, self._value.shape
        if len(have) > len(want) or any(a not in (1, b) for a, b in zip(have[::-1], want[::-1])):
            raise kernel_error("ResourceStridedSliceAssign", f"Cannot broadcast input shape "
                               f"{dims(have)} into final shape {dims(want)}",
                               "strided_slice/_assign")
        return var._write(lambda: execute(_slice_assign_op, (
            EagerTensor(var._handle._value), value), (("spec", self._spec),))._value)


_VariableSlice.__name__ = _VariableSlice.__qualname__ = "EagerTensor"
_VariableSlice.__module__ = EagerTensor.__module__


def _slice_assign(x, value, spec):
    index = tuple(_index(s) for s in spec if s[0] != "n")
    target = x[index]
    return x.at[index].set(jnp.broadcast_to(value, _slice(x, spec).shape).reshape(target.shape))


_slice_assign_op = Op("ResourceStridedSliceAssign", _slice_assign, differentiable=False)


def getitem(tensor, key):
    """Tensor.__getitem__ (and Variable's): TF's strided-slice indexing, or a boolean
    mask. A list key indexes like a tuple, as in TF. A Variable's slice has `.assign`."""
    if isinstance(key, (bool, np.bool_)) or (
            isinstance(key, (Tensor, np.ndarray)) and key.dtype == np.bool_):
        return boolean_mask(tensor, key)
    x = to_tensor(tensor)
    keys = tuple(key) if isinstance(key, (tuple, list)) else (key,)
    traced = [k for k in keys if isinstance(k, Tensor) and k.ndim == 0 and k.dtype.is_integer
              and isinstance(k._value, jax.core.Tracer)]
    if traced:
        # Indices traced inside tf.function (a loop counter): a dynamic slice.
        positions = {id(k): j for j, k in enumerate(traced)}
        spec = tuple(("d", positions[id(k)]) if id(k) in positions else _spec_item(k)
                     for k in keys)
        where = _index_dims(x._value.shape, spec)
        if len(where) != len(traced):
            _check_spec(x._value.shape, tuple(("i", 0) if s[0] == "d" else s for s in spec),
                        "strided_slice/")
        checked = tuple(where[j] for j in builtins.range(len(traced)))
        with func_graph.named("strided_slice"):
            return execute(_dynamic_slice_op, (x,) + tuple(traced),
                           (("spec", spec), ("checked", checked)))
    spec = tuple(_spec_item(k) for k in keys)
    _check_spec(x._value.shape, spec, "strided_slice/", x)
    with func_graph.named("strided_slice"):   # (TF's _slice_helper's name scope)
        out = execute(_slice_op, (x,), (("spec", spec),))
    if isinstance(tensor, Variable):
        view = _VariableSlice(out._value)
        view._variable, view._spec = tensor, spec
        if ctx.tapes:
            record(identity_op, (), (out,), (view,))
        return view
    return out


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    """tf.strided_slice, with TF's five bit masks."""
    b, e = static_ints(begin, "tf.strided_slice", "begin"), static_ints(end, "tf.strided_slice",
                                                                        "end")
    s = (1,) * len(b) if strides is None else static_ints(strides, "tf.strided_slice",
                                                          "strides")
    if not len(b) == len(e) == len(s):
        raise kernel_error("StridedSlice", f"Expected begin, end, and strides to be 1D equal "
                                           f"size tensors, but got shapes [{len(b)}], "
                                           f"[{len(e)}], and [{len(s)}] instead.")
    spec = []
    for i in range(len(b)):
        bit = 1 << i
        if ellipsis_mask & bit:
            spec.append(("e",))
        elif new_axis_mask & bit:
            spec.append(("n",))
        elif shrink_axis_mask & bit:
            spec.append(("i", b[i]))
        else:
            spec.append(("s", None if begin_mask & bit else b[i], None if end_mask & bit else e[i],
                         s[i]))
    x = to_tensor(input_)
    spec = tuple(spec)
    masks = {"begin_mask": begin_mask, "ellipsis_mask": ellipsis_mask, "end_mask": end_mask,
             "new_axis_mask": new_axis_mask, "shrink_axis_mask": shrink_axis_mask}
    _check_spec(x._value.shape, spec, None, x, ((b, e, s), masks), "StridedSlice")
    return execute(_slice_op, (x,), (("spec", spec),))


_plain_slice_op = Op("Slice", lambda x, begin, end: lax.slice(x, begin, end), strings=MOVE)


def _dynamic_plain_slice(x, begin, size, checked=False):
    out = lax.dynamic_slice(x, tuple(begin[i] for i in builtins.range(x.ndim)), size)
    if checked:
        out = host_callback.checked(out, lambda b: _begin_error(b, size, x.shape), begin)
    return out


_dynamic_plain_slice_op = Op("Slice", _dynamic_plain_slice, strings=MOVE)


def _begin_error(begin, size, shape):
    """TF's Slice check of a begin vector known only when the function runs."""
    for i, (start, count, dim) in enumerate(zip(begin.tolist(), size, shape)):
        if not 0 <= start <= dim:
            return kernel_error("Slice", f"Expected begin[{i}] in [0, {dim}], but got {start}")
        if count > dim - start:
            return kernel_error("Slice", f"Expected size[{i}] in [0, {dim - start}], but got "
                                         f"{count}")
    return None


def slice(input_, begin, size, name=None):
    """tf.slice (a size of -1 takes the rest of the dimension). Inside a tf.function, a
    begin computed there is a dynamic slice (sizes must be known, not -1)."""
    x = to_tensor(input_)
    shape = x._value.shape
    b = None if traced(begin) else static_ints(begin, "tf.slice", "begin", op="Slice")
    n = static_ints(size, "tf.slice", "size")
    if b is None:
        b = to_tensor(begin)
        if b.ndim != 1 or b._value.shape[0] != len(shape) or len(n) != len(shape):
            raise kernel_error("Slice", f"Expected begin and size arguments to be 1-D tensors "
                                        f"of size {len(shape)}, but got shapes "
                                        f"{dims(b._value.shape)} and [{len(n)}] instead.")
        if any(c < 0 for c in n):
            raise TypeError("tfcompat: the size argument of tf.slice must not contain -1 when "
                            "begin is a tensor computed inside the tf.function (XLA compiles "
                            "static shapes)")
        for i, (count, dim) in enumerate(zip(n, shape)):
            if count > dim:
                raise kernel_error("Slice", f"Expected size[{i}] in [0, {dim}], but got {count}")
        return execute(_dynamic_plain_slice_op, (x, b),
                       (("size", n), ("checked", True)))
    if len(b) != len(shape) or len(n) != len(shape):
        raise kernel_error("Slice", f"Expected begin and size arguments to be 1-D tensors of "
                                    f"size {len(shape)}, but got shapes [{len(b)}] and "
                                    f"[{len(n)}] instead.")
    end = []
    for i, (start, count, dim, known) in enumerate(zip(b, n, shape, traced_dims(x))):
        if not 0 <= start <= dim:
            raise kernel_error("Slice", f"Expected begin[{i}] in [0, {dim}], but got {start}")
        rest = count == -1
        count = dim - start if rest else count
        if not 0 <= count <= dim - start:
            raise kernel_error("Slice", f"Expected size[{i}] in [0, {dim - start}], but got "
                                        f"{count}")
        # (the rest of a dimension TF does not know: its end is that size)
        end.append(known if rest and type(known) is UnknownDim else start + count)
    return execute(_plain_slice_op, (x,), (("begin", b), ("end", tuple(end))))


# -- gather, gather_nd ------------------------------------------------------------------

def _batched(fn, batch_dims):
    for _ in range(batch_dims):
        fn = jax.vmap(fn)
    return fn


def _gather(params, indices, axis, batch_dims, checked=False):
    out = _batched(lambda p, i: jnp.take(p, i, axis=axis - batch_dims, mode="clip"),
                   batch_dims)(params, indices)
    if checked:   # traced: TF's kernel checks the indices when it runs
        limit = params.shape[axis]
        out = host_callback.checked(out, lambda i: _gather_error(i, limit), indices,
                                    failing=lambda i: jnp.any((i < 0) | (i >= limit)))
    return out


def _gather_error(indices, limit, op="GatherV2"):
    flat = indices.reshape(-1)
    bad = np.flatnonzero((flat < 0) | (flat >= limit))
    if bad.size:   # TF names the bad index by its position in `indices`: [i,j]
        at = np.unravel_index(bad[0], indices.shape)
        at = f"[{','.join(str(int(i)) for i in at)}]" if indices.ndim else ""
        return kernel_error(op, f"indices{at} = {flat[bad[0]]} is not in [0, {limit})")
    return None


_gather_op = Op("GatherV2", _gather, strings=MOVE)


@dispatchable("params", "indices")
def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """tf.gather (out-of-range indices raise InvalidArgumentError, as on TF's CPU)."""
    p, idx = to_tensor(params), to_tensor(indices)
    check_indices_dtype("GatherV2", idx)
    rank, irank = p.ndim, idx.ndim
    batch_dims = static_int(batch_dims, "tf.gather", "batch_dims")
    axis = batch_dims if axis is None else static_int(axis, "tf.gather", "axis", "GatherV2")
    if axis == 0:   # TF's Python wrapper drops batch_dims for axis 0
        batch_dims = 0
    if not -rank <= axis < rank:
        raise kernel_error("GatherV2", f"Shape must be at least rank "
                                       f"{axis + 1 if axis >= 0 else -axis} but is rank {rank}")
    axis %= rank
    if batch_dims:
        if not -irank <= batch_dims <= irank:
            raise kernel_error("GatherV2", f"Expected batch_dims in the range [{-irank}, "
                                           f"{irank}], but got {batch_dims}")
        batch_dims = batch_dims + irank if batch_dims < 0 else batch_dims
        if batch_dims >= rank:
            raise kernel_error("GatherV2", f"batch_dims ({batch_dims}) must be less than "
                                           f"rank(params) ({rank}).")
        if axis < batch_dims:
            raise kernel_error("GatherV2", f"batch_dims ({batch_dims}) must be less than or "
                                           f"equal to axis ({axis}).")
        for i in range(min(batch_dims, irank)):
            if p._value.shape[i] != idx._value.shape[i]:
                raise kernel_error("GatherV2", f"params.shape[{i}]: {p._value.shape[i]} should "
                                               f"be equal to indices.shape[{i}]: "
                                               f"{idx._value.shape[i]}")
    attrs = (("axis", axis), ("batch_dims", batch_dims))
    if executing_eagerly() and not isinstance(idx._value, jax.core.Tracer):
        # (TF gathers a Variable's rows along axis 0 with its ResourceGather)
        exc = _gather_error(np.asarray(idx._value), p._value.shape[axis],
                            "ResourceGather" if isinstance(params, Variable) and not axis
                            else "GatherV2")
        if exc is not None:
            raise exc
        return execute(_gather_op, (p, idx), attrs)
    return execute(_gather_op, (p, idx), attrs + (("checked", True),))


def _gather_nd(params, indices, batch_dims, checked=False):
    def one(p, i):
        if i.shape[-1] == 0:
            return jnp.broadcast_to(p, i.shape[:-1] + p.shape)
        return p[tuple(jnp.moveaxis(i, -1, 0))]
    out = _batched(one, batch_dims)(params, indices)
    if checked:   # traced: TF's kernel checks the indices when it runs
        out = host_callback.checked(
            out, lambda i: _gather_nd_error(i, params.shape, batch_dims), indices)
    return out


def _gather_nd_error(indices, shape, batch_dims, op="GatherNd"):
    bad = out_of_range(indices, shape, batch_dims)
    if bad:
        return kernel_error(op, f"indices{list(bad[0:1])} = {bad[1]} does not index into "
                                f"param shape {dims(shape)}, node name: {op}",
                            "" if batch_dims else None)
    return None


_gather_nd_op = Op("GatherNd", _gather_nd, strings=MOVE)


def out_of_range(indices, shape, batch_dims=0):
    """(position, index) of the last row of `indices` (an int array [..., depth]) that is
    outside `shape` (its first `batch_dims` dimensions are batch positions), or None: the
    one TF's N-d gather and scatter kernels report, which note each bad row in turn."""
    depth = indices.shape[-1]
    if not depth or not indices.size:
        return None
    rows = indices.reshape(-1, depth)
    limits = np.asarray(shape[batch_dims:batch_dims + depth], np.int64)
    bad = np.flatnonzero(((rows < 0) | (rows >= limits)).any(axis=1))
    if not bad.size:
        return None
    pos = int(bad[-1])
    batch = np.unravel_index(pos, indices.shape[:-1])[:batch_dims] if batch_dims else ()
    return pos, [int(v) for v in batch] + rows[pos].tolist()


BAD_INDICES_POLICIES = ("", "DEFAULT", "ERROR", "IGNORE")


def bad_indices_policy_attr(value):
    """The `bad_indices_policy` attribute of GatherNd and the scatters: a string (None is
    the default ""); "", DEFAULT and ERROR raise for an index out of range (on CPU),
    IGNORE leaves it out."""
    if value is None:
        return ""
    if isinstance(value, bytes):
        value = value.decode()
    if not isinstance(value, str):
        raise TypeError(f"Expected string for argument 'bad_indices_policy' not {value!r}.")
    return value


def _gather_nd_kernels():
    """TF 2.21's GatherNd kernel registrations, as its no-kernel errors list them."""
    policies = ", ".join(f'"{p}"' for p in BAD_INDICES_POLICIES)
    return ("  device='XLA_CPU_JIT'; Tindices in [DT_INT32, DT_INT16, DT_INT64]; Tparams in "
            "[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
            "DT_INT64, DT_BOOL, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_UINT16, "
            "DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64, DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN, "
            "DT_FLOAT8_E4M3FNUZ, DT_FLOAT8_E4M3B11FNUZ, DT_FLOAT8_E5M2FNUZ, DT_INT4, "
            "DT_UINT4]\n" + "".join(
                f"  device='CPU'; Tparams in [DT_{t}]; Tindices in [DT_{i}]; "
                f"bad_indices_policy in [{policies}]\n"
                for t in ("FLOAT8_E4M3FN", "FLOAT8_E5M2", "QINT32", "QUINT8", "QINT8",
                          "VARIANT", "RESOURCE", "STRING", "BOOL", "COMPLEX128", "COMPLEX64",
                          "DOUBLE", "FLOAT", "BFLOAT16", "HALF", "INT32", "INT8", "UINT8",
                          "INT16", "UINT16", "UINT32", "INT64", "UINT64")
                for i in ("INT64", "INT32", "INT16")))


def _no_gather_nd_kernel(params, indices, policy):
    """TF's error for GatherNd with a bad_indices_policy none of its kernels takes."""
    return no_kernel_error(
        "GatherNd", f"Tindices=DT_{indices.dtype._tf_name.upper()}, Tparams="
                    f"DT_{params.dtype._tf_name.upper()}, bad_indices_policy=\"{policy}\"",
        _gather_nd_kernels(), suffix="")


@dispatchable("params", "indices")
def gather_nd(params, indices, batch_dims=0, name=None, bad_indices_policy=""):
    """tf.gather_nd (out-of-range indices raise InvalidArgumentError; with
    bad_indices_policy IGNORE their rows are zeros)."""
    policy = bad_indices_policy_attr(bad_indices_policy)
    p, idx = to_tensor(params), to_tensor(indices)
    check_indices_dtype("GatherNd", idx)
    if policy not in BAD_INDICES_POLICIES:
        raise _no_gather_nd_kernel(p, idx, policy)
    batch_dims = static_int(batch_dims, "tf.gather_nd", "batch_dims")
    if batch_dims and batch_dims >= idx.ndim:
        raise ValueError(f"Argument `batch_dims` = {batch_dims} must be less than "
                         f"rank(`indices`) = {idx.ndim}")
    depth = idx._value.shape[-1]
    if depth > p.ndim - batch_dims:
        # (TF gathers with batch_dims as one GatherNd of the indices with the batch
        # positions prepended, which its Python wrapper names)
        raise kernel_error("GatherNd", f"index innermost dimension length must be <= params "
                                       f"rank; saw: {depth + batch_dims} vs. {p.ndim}",
                           "" if batch_dims else None)
    rows = math.prod(idx._value.shape[:-1])
    if not batch_dims and rows and not math.prod(p._value.shape):
        raise kernel_error("GatherNd", f"Requested more than 0 entries, but params is empty.  "
                                       f"Params shape: {dims(p._value.shape)}",
                           None if depth else "")
    if policy == "IGNORE":
        return _gather_nd_ignoring(p, idx, batch_dims)
    # (TF gathers from a Variable with its ResourceGatherNd)
    op = "ResourceGatherNd" if isinstance(params, Variable) and not batch_dims else "GatherNd"
    attrs = (("batch_dims", batch_dims),) + checked_attr(
        lambda i: _gather_nd_error(i, p._value.shape, batch_dims, op), idx)
    return execute(_gather_nd_op, (p, idx), attrs)


def _gather_nd_ignoring(params, indices, batch_dims):
    """GatherNd with bad_indices_policy IGNORE: the rows of `indices` outside `params`
    gather zeros (empty strings), composed of TF ops so that strings and gradients
    follow (one GatherNd node in TF's graph, several here)."""
    from .array_ops import zeros_like   # (array_ops imports this module)
    limits = params._value.shape[batch_dims:batch_dims + indices._value.shape[-1]]
    inside = reduce_all(logical_and(indices >= 0, indices < cast(list(limits), indices.dtype)),
                        axis=-1)
    safe = where(inside[..., None], indices, zeros_like(indices))
    out = execute(_gather_nd_op, (params, safe), (("batch_dims", batch_dims),))
    keep = reshape(inside, list(inside._value.shape) + [1] * (out.ndim - inside.ndim))
    return where(keep, out, zeros_like(out))


# -- boolean_mask, where --------------------------------------------------------------------

def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    """tf.boolean_mask: the reshape + gather TF composes, so gradients flow the same way."""
    x, m = to_tensor(tensor), to_tensor(mask)
    if m.ndim == 0:
        raise ValueError("mask cannot be scalar.")
    axis = 0 if axis is None else static_int(axis, "tf.boolean_mask", "axis")
    shape = list(x._value.shape)
    part = TensorShape(shape[axis:axis + m.ndim])
    if not part.is_compatible_with(m.shape):
        raise ValueError(f"Shapes {part} and {m.shape} are incompatible")
    leading = math.prod(shape[axis:axis + m.ndim])   # (a symbolic one in a graph built)
    x = reshape(x, shape[:axis] + [leading] + shape[axis + m.ndim:])
    keep = unknown_where_building(m, [None], dtypes.int64, "boolean_mask/Where")
    if keep is None:
        keep = EagerTensor(device_array(np.flatnonzero(
            concrete(m, "tf.boolean_mask", "mask").reshape(-1)).astype(np.int64)))
    return gather(x, keep, axis=axis)


_select_op = Op("SelectV2", lambda c, x, y: jnp.where(c, x, y), strings=MOVE)
# Carries the dtype check of one-argument tf.where (computed on the host).
_where_op = Op("Where", None)


@dispatchable("condition", "x", "y")
def where(condition, x=None, y=None, name=None):
    """tf.where: with x and y, a broadcasting select; alone, the int64 indices of the
    true (non-zero) elements, shape [n, rank]."""
    if x is None and y is None:
        c = to_tensor(condition)
        check_dtype(_where_op, c)
        unknown = unknown_where_building(c, [None, c.ndim], dtypes.int64, "Where")
        if unknown is not None:
            return unknown
        c = concrete(c, "tf.where (with one argument)", "condition")
        return EagerTensor(device_array(np.argwhere(c).astype(np.int64)))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    c = condition if isinstance(condition, Tensor) else convert_to_tensor(condition,
                                                                          dtypes.bool)
    if c.dtype is not dtypes.bool:
        raise mismatch_error("SelectV2", 0, dtypes.bool, c.dtype)
    x, y = match((x, y), "SelectV2", index_offset=1)
    shapes = [t._value.shape for t in (c, x, y)]
    try:
        jnp.broadcast_shapes(*shapes)
    except ValueError:
        raise kernel_error("SelectV2", f"condition {dims(shapes[0])}, then {dims(shapes[1])}, "
                                       f"and else {dims(shapes[2])} must be broadcastable") \
            from None
    return execute(_select_op, (c, x, y))
