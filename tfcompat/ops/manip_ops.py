"""Shape manipulation: reshape, transpose, expand/squeeze, concat/stack/unstack/split,
tile, pad, repeat, reverse, roll, broadcasting, meshgrid, one_hot and sequence_mask."""
import builtins
import functools
import math

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, func_graph, host_callback, op_def
from ..framework.relaxed_shapes import UnknownDim
from ..framework.composite_dispatch import dispatchable
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.dispatch import Op, execute, match, mismatch_error, to_tensor
from ..framework.strings import MOVE
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable
from ..framework.tensor_shape import TensorShape, as_shape
from .shape_inference import dtype_enum, node_error, trace_checked, tracing
from .op_args import (
    attr_error, check_alloc, dims, index_array, index_dtype_error, kernel_error, static_int,
    static_ints, static_value, traced,
)


def _make_int(value, arg):
    """TF's _execute.make_int: an int attr given as a Python value (TypeError if it is not
    one); more outputs than an int32 counts raise TF's ValueError."""
    try:
        if isinstance(value, (str, bytes)):
            raise TypeError
        value = int(value)
    except (TypeError, ValueError):
        raise TypeError(f"Expected int for argument '{arg}' not {value!r}.") from None
    if value >= 2**31:
        raise ValueError(f"Number of outputs is too big: {value}")
    return value


def _index_attrs(x, attr):
    """The attrs T and `attr` (an int32 index input) of an op's NodeDef."""
    return (("T", dtype_enum(x)), (attr, "DT_INT32"))


def _merge_text(a, b):
    """Shape inference's InferenceContext::Merge error for shapes `a` and `b` (tuples,
    None for an unknown dimension), or None where they merge."""
    if len(a) != len(b):
        return f"Shapes must be equal rank, but are {len(a)} and {len(b)}"
    for i, (p, q) in enumerate(zip(a, b)):
        if p is not None and q is not None and p != q:
            return (f"Dimension {i} in both shapes must be equal, but are {p} and {q}. "
                    f"Shapes are {_known_dims(a)} and {_known_dims(b)}.")
    return None


def _known_dims(shape):
    return dims("?" if d is None else d for d in shape)


def _pack_merge_text(shapes):
    """TF's Pack shape function error: the last input's shape merged with each earlier
    one in turn, from the last but one (TensorShapes of a known rank), or None."""
    merged = tuple(shapes[-1].as_list())
    for i in builtins.range(len(shapes) - 2, -1, -1):
        shape = tuple(shapes[i].as_list())
        text = _merge_text(shape, merged)
        if text:
            return f"{text}\n\tFrom merging shape {i} with other shapes."
        merged = tuple(q if p is None else p for p, q in zip(shape, merged))
    return None


# -- identity ------------------------------------------------------------------------------

identity_op = Op("Identity", lambda x: x, strings=MOVE)
_identity_n_op = Op("IdentityN", lambda *xs: tuple(xs), strings=MOVE)
_stop_gradient_op = Op("StopGradient", lambda x: x, differentiable=False, strings=MOVE)


@dispatchable("input")
def identity(input, name=None):
    """tf.identity (recorded, so gradients flow through it)."""
    return execute(identity_op, (to_tensor(input),))


def identity_n(input, name=None):
    """tf.identity_n: a list of identities."""
    values = [to_tensor(v) for v in input]
    if not values:
        raise op_def.attr_value_error("IdentityN", "T", values, "")
    return list(execute(_identity_n_op, tuple(values)))


@dispatchable("input")
def stop_gradient(input, name=None):
    """tf.stop_gradient: a new Tensor that no tape connects to its input."""
    return execute(_stop_gradient_op, (to_tensor(input),))


# -- reshape, transpose, expand_dims, squeeze --------------------------------------------


def _reshape_check(size, shape):
    unknown = [i for i, d in enumerate(shape) if d == -1]
    for i, d in enumerate(shape):
        if d < -1:
            return f"Size {i} must be non-negative, not {d}"
    if len(unknown) > 1:
        return f"Only one input size may be -1, not both {unknown[0]} and {unknown[1]}"
    if not isinstance(size, int):
        return None   # symbolic (shape-polymorphic trace): jnp.reshape checks it
    want = int(np.prod([d for d in shape if d != -1]))
    if unknown and want == 0 and size:   # (TF's kernel: the missing size is 0)
        return (f"Input to reshape is a tensor with {size} values, but the requested shape has "
                f"0")
    if unknown and want and size % want:
        return (f"Input to reshape is a tensor with {size} values, but the requested shape "
                f"requires a multiple of {want}")
    elif not unknown and want != size:
        return (f"Input to reshape is a tensor with {size} values, but the requested shape has "
                f"{want}")
    return None


def _reshape(x, shape, want=None):
    """`want` (for -1 in a shape-polymorphic trace: tf.saved_model.save of a signature
    with unknown dimensions): jnp.reshape cannot prove the symbolic size a multiple of
    `want`, so -1 is given as its quotient, the first multiple of `want` elements are
    kept (so every call's shapes refine) and a check raises TF's kernel error when
    elements are left over."""
    if want is None:
        return jnp.reshape(x, shape)
    y = jnp.reshape(jnp.ravel(x)[:math.prod(shape)], shape)
    return host_callback.checked(y, functools.partial(_multiple_error, x.size, want))


def _multiple_error(size, want):
    text = _reshape_check(size, (-1, want))
    return text and kernel_error("Reshape", text)


def _reshape_static(attrs):
    """TF's static shape of a Reshape whose -1 stands beside an unknown size: unknown too
    (TF's shape function infers -1 only where no other size is unknown; jax solves it);
    else None (jax's inference)."""
    shape = dict(attrs)["shape"]
    if -1 not in shape or not any(type(d) is UnknownDim for d in shape):
        return None
    return [tuple(None if d == -1 or type(d) is UnknownDim else d for d in shape)]


_reshape_op = Op("Reshape", _reshape, strings=MOVE, static_shapes=_reshape_static)


@dispatchable("tensor")
def reshape(tensor, shape, name=None):
    """tf.reshape (one -1 dimension is inferred)."""
    x = to_tensor(tensor)
    shape = static_ints(shape, "tf.reshape", "shape", "Reshape")
    text = _reshape_check(x._value.size, shape)
    if text and tracing() and shape.count(-1) < 2 and 0 not in shape:
        want = int(np.prod([d for d in shape if d != -1]))
        raise node_error(
            f"Dimension size must be evenly divisible by {want} but is {x._value.size}"
            if -1 in shape else f"Cannot reshape a tensor with {x._value.size} elements to "
                                f"shape {dims(shape)} ({want} elements)",
            "Reshape", (x, np.zeros(len(shape))), _index_attrs(x, "Tshape"),
            partial={1: shape})
    if text:
        raise kernel_error("Reshape", text)
    if -1 in shape and 0 in shape:   # an empty tensor: -1 is what its nonzero sizes leave
        have = int(np.prod([d for d in x._value.shape if d]))
        shape = tuple(have // int(np.prod([d for d in shape if d > 0])) if d == -1 else d
                      for d in shape)
    elif -1 in shape and not isinstance(x._value.size, int):   # symbolic: see _reshape
        want = int(np.prod([d for d in shape if d != -1]))
        quotient = x._value.size // want
        shape = tuple(quotient if d == -1 else d for d in shape)
        if quotient * want != x._value.size:   # (not provably a multiple)
            return execute(_reshape_op, (x,), (("shape", shape), ("want", want)))
    return execute(_reshape_op, (x,), (("shape", shape),))


def _transpose(x, perm, conjugate):
    y = jnp.transpose(x, perm)
    return jnp.conj(y) if conjugate else y


def _transpose_error(op, arrays, attrs, exc):
    perm, rank = attrs["perm"], arrays[0].ndim
    sized = len(perm) == rank   # (TF's kernel checks the size, then each entry in range,
    outside = [d for d in perm if not -rank <= d < rank]   # negative ones from the end)
    missing = [i for i in builtins.range(rank) if i not in [d % rank for d in perm]]
    text = (f"transpose expects a vector of size {rank}. But input(1) is a vector of size "
            f"{len(perm)}" if not sized else
            f"{outside[0]} is out of range [0 .. {rank})" if outside else
            f"{missing[0]} is missing from {{{','.join(map(str, perm))}}}.")
    if not sized and tracing():
        return node_error(f"Dimension must be {arrays[0].ndim} but is {len(perm)}", "Transpose",
                          (arrays[0], np.zeros(len(perm))),
                          (("T", dtype_enum(arrays[0])), ("Tperm", "DT_INT32")))
    return kernel_error("Transpose", text)


_transpose_op = Op("Transpose", _transpose, error=_transpose_error, strings=MOVE)


def transpose(a, perm=None, conjugate=False, name="transpose"):
    """tf.transpose (reverses the dimensions when perm is None)."""
    x = to_tensor(a)
    perm = tuple(builtins.range(x.ndim - 1, -1, -1)) if perm is None else static_ints(
        perm, "tf.transpose", "perm", "Transpose")
    with func_graph.named(name or "transpose"):
        return execute(_transpose_op, (x,), (("perm", perm), ("conjugate", bool(conjugate))))


_expand_dims_op = Op("ExpandDims", lambda x, axis: jnp.expand_dims(x, axis), strings=MOVE)


@dispatchable("input")
def expand_dims(input, axis, name=None):
    """tf.expand_dims."""
    x = to_tensor(input)
    if tracing() and not isinstance(axis, (int, np.integer)):
        array = index_array(axis, "tf.expand_dims", "axis")
        if array.size != 1 and index_dtype_error(axis, "ExpandDims", array) is None:
            raise node_error("'dim' input must be a tensor with a single value", "ExpandDims",
                             (x, array), _index_attrs(x, "Tdim"), computed={1: array})
    axis = static_int(axis, "tf.expand_dims", "axis", "ExpandDims")
    if not -x.ndim - 1 <= axis <= x.ndim:
        raise errors.op_error(errors.InvalidArgumentError, "ExpandDims",
                              f"Tried to expand dim index {axis} for tensor with {x.ndim} "
                              f"dimensions.", kernel="ExpandDims")
    return execute(_expand_dims_op, (x,), (("axis", axis),))


_squeeze_op = Op("Squeeze", lambda x, axis: jnp.squeeze(x, axis), strings=MOVE)


@dispatchable("input")
def squeeze(input, axis=None, name=None):
    """tf.squeeze."""
    x = to_tensor(input)
    shape = x._value.shape
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        if isinstance(axis, (str, bytes)):
            raise TypeError(f"Expected int for argument 'axis' not {axis!r}.")
        if isinstance(axis, (Tensor, Variable)) and axis.ndim > 1:
            raise TypeError(f"Expected list for 'axis' argument to 'squeeze' Op, not {axis!r}.")
        given = static_ints(axis, "tf.squeeze", "axis")
        attrs = (("T", dtype_enum(x)), ("squeeze_dims", list(given)))
        for i, a in enumerate(given):
            if not -2**31 <= a < 2**31:
                raise kernel_error("Squeeze", f"Attr squeeze_dims has value {a} out of range "
                                              f"for an int32", "")
            if not -x.ndim <= a < x.ndim:
                raise trace_checked(
                    kernel_error("Squeeze", f"Tried to squeeze dim index {a} for tensor with "
                                            f"{x.ndim} dimensions.", ""),
                    f"squeeze_dims[{i}] not in [{-x.ndim},{x.ndim}).", "Squeeze", (x,), attrs)
        axes = tuple(a % x.ndim for a in given)
        for a in axes:
            if shape[a] != 1:
                text = f"Can not squeeze dim[{a}], expected a dimension of 1, got {shape[a]}"
                raise trace_checked(kernel_error("Squeeze", text, ""), text, "Squeeze", (x,), attrs)
    return execute(_squeeze_op, (x,), (("axis", axes),))


# -- joining and splitting --------------------------------------------------------------

def _axis_range_error(axis, ndim):
    return ValueError(f"Argument `axis` = {axis} not in range [{-ndim}, {ndim})")


def _concat_check(arrays, axis):
    """TF's ConcatOp checks, in its order: the axis (0 passes for scalars), any scalar,
    then the ranks and sizes against the first input's."""
    first = arrays[0].shape
    rank = len(first)
    if not -builtins.max(rank, 1) <= axis < builtins.max(rank, 1):
        return (f"ConcatOp : Expected concatenating dimensions in the range [{-rank}, {rank}), "
                f"but got {axis}")
    if any(a.ndim == 0 for a in arrays):
        return "ConcatOp : Can't concatenate scalars (use tf.stack instead)"
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != rank:
            return (f"ConcatOp : Ranks of all input tensors should match: shape[0] = "
                    f"{dims(first)} vs. shape[{i}] = {dims(a.shape)}")
        for d, (p, q) in enumerate(zip(first, a.shape)):
            if d != axis % rank and p != q:
                return (f"ConcatOp : Dimension {d} in both shapes must be equal: shape[0] = "
                        f"{dims(first)} vs. shape[{i}] = {dims(a.shape)}")
    return None


def _concat_merge_check(values, axis, attrs):
    """TF's ConcatV2 shape inference with a known axis: the last input of at least the
    rank the axis needs, then the dimensions before the axis and those after it of each
    input merged with the first's (its ValueError names them)."""
    def fail(text):
        raise node_error(text, "ConcatV2", (*values, np.int32(axis)), attrs,
                         computed={len(values): axis})
    need, rank = -axis if axis < 0 else axis + 1, values[-1].ndim
    if rank < need:
        fail(f"Shape must be at least rank {need} but is rank {rank}")
    at = axis % rank
    first = values[0]._value.shape
    for t in values[1:]:
        shape = t._value.shape
        for merged, part in ((first[:at], shape[:at]), (first[at + 1:], shape[at + 1:])):
            bad = next((d for d, (p, q) in enumerate(zip(merged, part)) if p != q), None)
            if bad is not None:
                fail(f"Dimension {bad} in both shapes must be equal, but are {merged[bad]} and "
                     f"{part[bad]}. Shapes are {list(merged)} and {list(part)}.")


_concat_op = Op("ConcatV2", lambda *xs, axis: jnp.concatenate(xs, axis), strings=MOVE)
_stack_op = Op("Pack", lambda *xs, axis: jnp.stack(xs, axis), strings=MOVE)
_unstack_op = Op("Unpack", lambda x, axis: tuple(jnp.moveaxis(x, axis, 0)), strings=MOVE)
_split_op = Op("SplitV", lambda x, sizes, axis: tuple(
    jnp.split(x, np.cumsum(sizes[:-1]).tolist(), axis)), strings=MOVE)

_EMPTY_CONCAT = (
    "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '[N=0, Tidx=DT_INT32]', "
    "KernelDef: 'goo.gle/debugproto    op: \"ConcatV2\" device_type: \"CPU\" constraint { "
    "name: \"T\" allowed_values { list { type: DT_QINT32 } } } host_memory_arg: \"axis\"' "
    "[Op:ConcatV2] name: concat")


@dispatchable("values[]")
def concat(values, axis, name="concat"):
    """tf.concat."""
    if not isinstance(values, (list, tuple)):   # (one tensor: itself)
        values = [values]
    if not values:
        raise errors.InvalidArgumentError(None, None, _EMPTY_CONCAT)
    values = match(list(values), "ConcatV2", op_suffix="concat")
    kernel = f"ConcatV2_N_{len(values)}"
    if len(values) == 1:   # (TF's wrapper: the value itself, for a scalar axis)
        shape = index_array(axis, "tf.concat", "axis").shape
        if shape:
            raise ValueError(f"Shape {TensorShape(shape)} must have rank 0")
        return values[0]
    attrs = (("N", len(values)), ("T", dtype_enum(values[0])), ("Tidx", "DT_INT32"))
    if tracing():   # (TF's shape inference: each input of the first one's rank)
        shape = index_array(axis, "tf.concat", "axis").shape
        ranks = [t.ndim for t in values]
        text = "Can't concatenate scalars (use tf.stack instead)" if ranks[0] == 0 else next(
            (f"Shape must be rank {ranks[0]} but is rank {r}" for r in ranks if r != ranks[0]),
            f"Shape must be rank 0 but is rank {len(shape)}" if shape else None)
        if text:
            raise node_error(text, "ConcatV2", (*values, np.zeros(shape, np.int32)), attrs)
    axis = static_int(axis, "tf.concat", "axis", "ConcatV2", kernel=kernel)
    if tracing():
        _concat_merge_check(values, axis, attrs)
    text = _concat_check([t._value for t in values], axis)
    if text:
        raise kernel_error("ConcatV2", text, "concat", kernel=kernel)
    with func_graph.named(name or "concat"):
        return execute(_concat_op, values, (("axis", axis),))


@dispatchable("values[]")
def stack(values, axis=0, name="stack"):
    """tf.stack (an empty list gives an empty float32 vector, as TF)."""
    if not values:
        return convert_to_tensor([])
    if axis is None or isinstance(axis, (str, bytes, list, tuple)):   # (TF compares it)
        raise TypeError(f"'<' not supported between instances of '{type(axis).__name__}' "
                        f"and 'int'")
    inputs = list(values)
    tensors = [isinstance(v, (Tensor, Variable)) for v in inputs]
    if not dtypes.sequence_holds(inputs, (Tensor, Variable)):
        eager_name = None   # (TF's Pack of Python sequences names no op)
    else:   # (at axis 0, TF's autopacking of a list with other values names none)
        eager_name = "" if axis == 0 and not all(tensors) else name
    return pack(inputs, axis, name, eager_name, reserved=axis == 0 and eager_name is not None)


def pack(inputs, axis, name, eager_name, reserved=False, arg_names=None):
    """TF's Pack of `inputs` (converted to the first Tensor's dtype), as tf.stack and
    tf.convert_to_tensor's autopacking make it. Unequal shapes raise the kernel's error
    ending in `eager_name` (None: no name), or in a trace shape inference's on node
    `name` (`reserved`: TF's autopacking already took `name` there, so it is name_1;
    `arg_names`: the names of the Consts it converts, else values, values_1 ...)."""
    values = match(inputs, "Pack", op_suffix="stack")
    rank = values[0].ndim + 1
    axis = static_int(axis, "tf.stack", "axis")
    if not -rank <= axis < rank:
        raise _axis_range_error(axis, rank)
    for i, t in enumerate(values[1:], 1):
        if t._value.shape != values[0]._value.shape:
            text = tracing() and _pack_merge_text(
                [t.shape if t.shape.rank is not None else TensorShape(t._value.shape)
                 for t in values])
            if text:
                if reserved:
                    func_graph.current().unique_name(name)
                raise node_error(text, "Pack", values, (
                    ("N", len(values)), ("T", dtype_enum(values[0])), ("axis", axis)),
                    scope=name, arg_names=arg_names)
            raise kernel_error(
                "Pack", f"Shapes of all inputs must match: values[0].shape = "
                        f"{dims(values[0]._value.shape)} != values[{i}].shape = "
                        f"{dims(t._value.shape)}", eager_name, kernel=f"Pack_N_{len(values)}")
    with func_graph.named(name or "stack"):
        return execute(_stack_op, values, (("axis", axis),))


def _no_parallel_concat_gradient(cts):
    raise LookupError("gradient registry has no entry for: ParallelConcat")


_parallel_concat_op = Op("ParallelConcat", lambda *xs: jnp.stack(xs), strings=MOVE,
                         grad_fn=_no_parallel_concat_gradient)


def parallel_stack(values, name="parallel_stack"):
    """tf.parallel_stack: tf.stack of equal-shaped `values` inside a tf.function (TF's
    ParallelConcat, which has no gradient); eagerly TF's RuntimeError."""
    if not tracing():
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    values = [to_tensor(v) for v in values]
    kinds = [v.dtype for v in values]
    if any(k != kinds[0] for k in kinds):
        raise TypeError(f"Tensors in list passed to 'values' of 'ParallelConcat' Op have "
                        f"types [{', '.join(k.name for k in kinds)}] that don't all match.")
    first = (1,) + values[0]._value.shape
    for v in values[1:]:
        if (1,) + v._value.shape != first:
            shape = dims((len(values),) + first[1:])
            exc = _merge_text((1,) + v._value.shape, first)
            raise ValueError(
                f"{exc}\n\tFrom merging shape 1 with other shapes. for '{{{{node parallel_"
                f"stack/ParallelConcat}}}} = ParallelConcat[N={len(values)}, T=DT_"
                f"{kinds[0]._tf_name.upper()}, shape={shape}](" + ", ".join(
                    f"parallel_stack/ExpandDims{'' if i == 0 else f'_{i}'}"
                    for i in builtins.range(len(values))) + ")' with input shapes: " +
                ", ".join(dims((1,) + t._value.shape) for t in values) + ".")
    return execute(_parallel_concat_op, values)


def unstack(value, num=None, axis=0, name="unstack"):
    """tf.unstack."""
    x = to_tensor(value)
    shape = x._value.shape
    axis = static_int(axis, "tf.unstack", "axis")
    if not -len(shape) <= axis < len(shape):
        raise _axis_range_error(axis, len(shape))
    n = shape[axis]
    if num is None and x.shape.rank is not None and x.shape[axis] is None:
        # (TF's static check: an element of unknown batch size, relaxed_shapes)
        raise ValueError(f"Cannot infer argument `num` from shape {x.shape}")
    if num is not None:
        num = _make_int(num, "num")
        if num < 0:
            raise op_def.attr_value_error("Unpack", "num", num)   # (TF's unstack names no node)
    if num is not None and num != n:
        raise kernel_error("Unpack", f"Input shape axis {axis % len(shape)} must equal {num}, "
                                     f"got shape {dims(shape)}", "unstack",
                           kernel=f"Unpack_num_{num}")
    if not n:
        return []
    with func_graph.named(name or "unstack"):
        return list(execute(_unstack_op, (x,), (("axis", axis % len(shape)),)))


@dispatchable("value")
def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    """tf.split: a number of equal parts, or a list of sizes (one of them may be -1)."""
    x = to_tensor(value)
    shape = x._value.shape
    axis = static_int(axis, "tf.split", "axis")
    if np.ndim(getattr(num_or_size_splits, "_value", num_or_size_splits)) == 0 and (
            isinstance(num_or_size_splits, (float, str, bytes, np.floating)) or
            (isinstance(num_or_size_splits, (Tensor, Variable)) and
             not num_or_size_splits.dtype.is_integer)):
        raise ValueError(f"Rank-0 tensors are not supported as the num_or_size_splits argument "
                         f"to split. Argument provided: {str(num_or_size_splits)}")
    even = isinstance(num_or_size_splits, (int, np.integer)) or (
        hasattr(num_or_size_splits, "ndim") and num_or_size_splits.ndim == 0)
    kind = "Split" if even else "SplitV"
    if even:
        count = _make_int(static_int(num_or_size_splits, "tf.split", "num_or_size_splits"),
                          "num_split")
        sizes = None
    else:
        sizes_arr = static_value(num_or_size_splits, "tf.split", "num_or_size_splits")
        if sizes_arr.size and sizes_arr.dtype.kind == "f":   # a float32 size_splits in TF
            raise attr_error("SplitV", "Tlen", dtypes.float32, name="" if name is None else name)
        sizes = static_ints(sizes_arr.reshape(-1))
        count = len(sizes) if num is None else int(num)
    if count < 1:
        raise op_def.attr_value_error(kind, "num_split", count, "" if name is None else name)

    def fail(text):
        return kernel_error(kind, text, name, kernel=f"{kind}_num_split_{count}")
    if not -len(shape) <= axis < len(shape):
        raise fail(f"-input rank(-{len(shape)}) <= split_dim < input rank ({len(shape)}), but "
                   f"got {axis}")
    axis %= len(shape)
    dim = shape[axis]
    if even:
        if dim % count:
            if tracing():
                raise ValueError(f"Dimension size must be evenly divisible by {count} but is "
                                 f"{dim}")
            raise fail(f"Number of ways to split should evenly divide the split dimension, but "
                       f"got split_dim {axis} (size = {dim}) and num_split {count}")
        sizes = (dim // count,) * count
    else:
        if sizes_arr.ndim != 1 or len(sizes) != count:
            raise fail(f"size of the split_tensor must be 1-D and have the same elements as "
                       f"outputs got {sizes_arr.ndim} -D and {len(sizes)} elements")
        if count == 1 and sizes[0] != dim:
            raise fail(f"If there is only one output, it must have the same size as the "
                       f"input. Input size: {dim} output size: {sizes[0]}")
        if sizes.count(-1) > 1:
            raise fail("There can only be one -1 in the input.")
        known = builtins.sum(s for s in sizes if s != -1)
        if (-1 not in sizes and known != dim) or (-1 in sizes and known > dim):
            raise fail("Determined shape must either match input shape along split_dim exactly "
                       "if fully specified, or be less than the size of the input along "
                       f"split_dim if not fully specified.  Got: {known}")
        sizes = tuple(dim - known if s == -1 else s for s in sizes)
    if count == 1:
        return [x]
    with func_graph.named(name or "split"):
        return list(execute(_split_op, (x,), (("sizes", sizes), ("axis", axis))))


# -- tile, pad, repeat, reverse, roll ----------------------------------------------------

_tile_op = Op("Tile", lambda x, multiples: jnp.tile(x, multiples), strings=MOVE)


@dispatchable("input")
def tile(input, multiples, name=None):
    """tf.tile."""
    x = to_tensor(input)
    multiples = static_ints(multiples, "tf.tile", "multiples", "Tile")
    if len(multiples) != x.ndim:
        if tracing():
            raise node_error(f"Shape must be rank {x.ndim} but is rank {len(multiples)}", "Tile",
                             (x, np.zeros(len(multiples))), _index_attrs(x, "Tmultiples"))
        raise kernel_error("Tile", f"Expected multiples argument to be a vector of length "
                                   f"{x.ndim} but got length {len(multiples)}")
    for i, m in enumerate(multiples):
        if m < 0:
            raise kernel_error("Tile", f"Expected multiples[{i}] >= 0, but got {m}")
    check_alloc(tuple(d * m for d, m in zip(x._value.shape, multiples)), x.dtype, "Tile")
    return execute(_tile_op, (x,), (("multiples", multiples),))


def _pad(x, paddings, mode, value):
    if mode == "constant":
        return jnp.pad(x, paddings, constant_values=jnp.asarray(value, x.dtype))
    return jnp.pad(x, paddings, mode=mode)


_pad_op = Op("Pad", _pad)
# constant_values computed inside a tf.function: an operand, with no gradient (TF's PadV2).
_pad_value_op = Op("PadV2", lambda x, value, paddings: jnp.pad(x, paddings,
                                                               constant_values=value),
                   dependencies=lambda arrays, attrs: ((0,),))


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    """tf.pad: CONSTANT (with constant_values), REFLECT and SYMMETRIC modes."""
    x = to_tensor(tensor)
    mode = mode.upper()
    if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
        raise ValueError(f'Value of argument `mode` expected to be one of "CONSTANT", '
                         f'"REFLECT", or "SYMMETRIC". Received `mode` = {mode}')
    zero = type(constant_values) is int and constant_values == 0
    value = None if zero else convert_to_tensor(constant_values, dtype=x.dtype)
    kernel = "MirrorPad" if mode != "CONSTANT" else "Pad" if zero else "PadV2"
    pads = static_value(paddings, "tf.pad", "paddings")
    exc = index_dtype_error(paddings, kernel)
    if exc is not None:
        raise exc
    shape = x._value.shape
    if pads.ndim != 2 or pads.shape[1] != 2:
        raise kernel_error(kernel, f"paddings must be a matrix with 2 columns: {dims(pads.shape)}")
    if pads.shape[0] != len(shape):
        if tracing():
            raise node_error(f"Shape must be rank {pads.shape[0]} but is rank {len(shape)}",
                             kernel, (x, pads), _index_attrs(x, "Tpaddings"))
        sep = ", " if kernel == "MirrorPad" else " "
        raise kernel_error(kernel, f"The first dimension of paddings must be the rank of inputs"
                                   f"{dims(pads.shape)}{sep}{dims(shape)}")
    if value is not None and value._value.ndim:
        raise kernel_error(kernel, f"constant_values must be a scalar. Found: "
                                   f"{dims(value._value.shape)}")
    for (lo, hi), d in zip(pads.tolist(), shape):
        if lo < 0 or hi < 0:
            raise kernel_error(kernel, f"{'p' if mode != 'CONSTANT' else 'P'}addings must be "
                                       f"non-negative: {lo} {hi}")
        if mode == "REFLECT" and (lo >= d or hi >= d):
            raise kernel_error(kernel, f"paddings must be less than the dimension size: {lo}, "
                                       f"{hi} not less than {d}")
        if mode == "SYMMETRIC" and (lo > d or hi > d):
            raise kernel_error(kernel, f"paddings must be no greater than the dimension size: "
                                       f"{lo}, {hi} greater than {d}")
    pads = tuple(tuple(p) for p in pads.tolist())
    check_alloc(tuple(d + lo + hi for d, (lo, hi) in zip(shape, pads)), x.dtype, kernel, "")
    if value is not None and traced(value):
        return execute(_pad_value_op, (x, value), (("paddings", pads),))
    # constant_values is a static attribute: TF's PadV2 has no gradient for it.
    value = 0 if value is None else np.asarray(value._value).item()
    return execute(_pad_op, (x,), (("paddings", pads), ("mode", mode.lower()), ("value", value)))


_repeat_op = Op("Repeat", lambda x, repeats, axis: jnp.repeat(
    x, np.asarray(repeats), axis, total_repeat_length=builtins.sum(repeats)
    if len(repeats) != 1 else repeats[0] * x.shape[axis]))


def repeat(input, repeats, axis=None, name=None):
    """tf.repeat (without an axis, of the flattened input)."""
    x = to_tensor(input)
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    axis = static_int(axis, "tf.repeat", "axis")
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis={axis} out of bounds: expected {-x.ndim}<=axis<{x.ndim}")
    axis %= x.ndim
    repeats = static_ints(repeats, "tf.repeat", "repeats")
    if len(repeats) > 1 and len(repeats) != x._value.shape[axis]:
        raise ValueError(f"Dimensions {x._value.shape[axis]} and {len(repeats)} are not "
                         f"compatible")
    return execute(_repeat_op, (x,), (("repeats", repeats), ("axis", axis)))


_reverse_op = Op("ReverseV2", lambda x, axis: jnp.flip(x, axis), strings=MOVE)


@dispatchable("tensor")
def reverse(tensor, axis, name=None):
    """tf.reverse."""
    x = to_tensor(tensor)
    array = index_array(axis, "tf.reverse", "axis")
    exc = index_dtype_error(axis, "ReverseV2", array)
    if exc is not None:
        raise exc
    attrs = (("T", dtype_enum(x)), ("Tidx", dtype_enum(array)))
    if array.ndim != 1:
        raise trace_checked(
            kernel_error("ReverseV2", f"'dims' must be 1-dimension, not {array.ndim}", ""),
            f"Shape must be rank 1 but is rank {array.ndim}", "ReverseV2", (x, array), attrs)
    axes = static_ints(array, "tf.reverse", "axis")
    seen = set()
    for i, a in enumerate(axes):
        if not -x.ndim <= a < x.ndim:
            raise kernel_error("ReverseV2", f"'axis'[{i}] = {a} is out of valid range "
                                            f"[0, {x.ndim - 1}")
        if a % x.ndim in seen:
            text = f"axis {a % x.ndim} specified more than once."
            raise trace_checked(kernel_error("ReverseV2", text), text, "ReverseV2", (x, array),
                                attrs, computed={1: array})
        seen.add(a % x.ndim)
    return execute(_reverse_op, (x,), (("axis", tuple(sorted(seen))),))


_roll_op = Op("Roll", lambda x, shift, axis: jnp.roll(x, shift, axis), strings=MOVE)
_roll_traced_op = Op("Roll", lambda x, shift, axis: jnp.roll(x, shift.reshape(-1), axis), strings=MOVE)


def roll(input, shift, axis, name=None):
    """tf.roll (shifts along a repeated axis add up)."""
    x = to_tensor(input)
    s = to_tensor(shift)
    if not s.dtype.is_integer:
        raise attr_error("Roll", "Tshift", s.dtype, name="")
    axes = static_ints(axis, "tf.roll", "axis")
    if traced(s):   # a shift computed inside a tf.function: an operand
        if s.ndim > 1 or (s._value.shape[0] if s.ndim else 1) != len(axes):
            raise kernel_error("Roll", "shift and axis must have the same size")
        for a in axes:
            if not -x.ndim <= a < x.ndim:
                raise kernel_error("Roll", f"axis {a + x.ndim if a < 0 else a} is out of "
                                           f"range", "")
        return execute(_roll_traced_op, (x, s), (("axis", tuple(a % x.ndim for a in axes)),))
    shifts = static_ints(s)
    if len(shifts) != len(axes):
        raise kernel_error("Roll", "shift and axis must have the same size")
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            raise kernel_error("Roll", f"axis {a + x.ndim if a < 0 else a} is out of range", "")
    return execute(_roll_op, (x,), (("shift", shifts), ("axis", tuple(a % x.ndim for a in axes))))


# -- broadcasting -------------------------------------------------------------------------

def _broadcast_to(x, shape):
    return jnp.broadcast_to(x, shape)


_broadcast_to_op = Op("BroadcastTo", _broadcast_to, strings=MOVE)


def broadcast_to(input, shape, name=None):
    """tf.broadcast_to (its gradient sums over the broadcast dimensions)."""
    x = to_tensor(input)
    shape = static_ints(shape, "tf.broadcast_to", "shape", "BroadcastTo")
    check_alloc(shape, x.dtype, "BroadcastTo")
    have = x._value.shape
    if len(have) > len(shape):
        raise kernel_error("BroadcastTo", f"Rank of input ({len(have)}) must be no greater than "
                                          f"rank of output shape ({len(shape)}).")
    if any(a not in (1, b) for a, b in zip(have[::-1], shape[::-1])):
        if tracing():
            a, b = next((a, b) for a, b in zip(have[::-1], shape[::-1]) if a not in (1, b))
            raise node_error(f"Dimensions must be equal, but are {a} and {b}", "BroadcastTo",
                             (x, np.zeros(len(shape))), _index_attrs(x, "Tidx"),
                             partial={1: shape})
        raise kernel_error("BroadcastTo", f"Incompatible shapes: {dims(have)} vs. {dims(shape)}")
    return execute(_broadcast_to_op, (x,), (("shape", shape),))


def broadcast_static_shape(shape_x, shape_y):
    """tf.broadcast_static_shape: the broadcast TensorShape of two TensorShapes."""
    if shape_x.ndims is None or shape_y.ndims is None:
        return TensorShape(None)
    x, y = shape_x.as_list(), shape_y.as_list()
    try:
        return TensorShape(jnp.broadcast_shapes(tuple(x), tuple(y)))
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are compatible if "
                         f"for each dimension pair they are either equal or one of them is 1. "
                         f"Received: {as_shape(x)} and {as_shape(y)}.") from None


def broadcast_dynamic_shape(shape_x, shape_y):
    """tf.broadcast_dynamic_shape: the broadcast shape of two shape vectors."""
    x, y = match((shape_x, shape_y), "BroadcastArgs")
    out = broadcast_args(static_ints(x, "tf.broadcast_dynamic_shape", "shape_x"),
                         static_ints(y, "tf.broadcast_dynamic_shape", "shape_y"))
    return EagerTensor(device_array(np.asarray(out, x._value.dtype)))


def broadcast_args(a, b, name=None):
    """The broadcast of shapes `a` and `b` (tuples), or TF's BroadcastArgs error (`name`
    as in kernel_error)."""
    try:
        return jnp.broadcast_shapes(a, b)
    except ValueError:
        raise kernel_error("BroadcastArgs", f"Incompatible shapes: {dims(a)} vs. {dims(b)}",
                           name) from None


_meshgrid_op = Op("Meshgrid", lambda *xs, indexing: tuple(jnp.meshgrid(*xs, indexing=indexing)))


def meshgrid(*args, **kwargs):
    """tf.meshgrid(*args, indexing='xy'): inputs are flattened; all must share the first
    input's dtype (TF multiplies each by ones of that dtype)."""
    indexing = kwargs.pop("indexing", "xy")
    if kwargs:
        raise TypeError(f"'{list(kwargs)[0]}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    xs = [reshape(a, [-1]) for a in args]
    if not xs:
        return []
    for x in xs[1:]:
        if x.dtype is not xs[0].dtype:
            raise mismatch_error("Mul", 1, x.dtype, xs[0].dtype)
    return list(execute(_meshgrid_op, tuple(xs), (("indexing", indexing),)))
