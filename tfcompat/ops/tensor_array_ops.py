"""tf.TensorArray.

Eagerly, and inside tf.function while every index is static, it is a Python list of
Tensors, as TF's eager TensorArray. Inside tf.function, a traced index (or use as a
tf.while_loop variable) turns it into one stacked buffer Tensor [size, *element_shape],
as TF's graph TensorArray is a TensorList: write/read/scatter/gather become
dynamic_update_slice/dynamic_slice/scatter/gather ops recorded on tapes like any op (so
gradients flow through loops), and the buffer is what a while_loop carries.

Differences from TF, all from XLA's static shapes: the buffer needs a static size; a
dynamic_size=True array grows inside a traced loop only up to the loop's
maximum_iterations, and then its stack()/concat() need a static element count; traced
indices are checked when the function runs (TF's errors).
"""
import jax
import jax.numpy as jnp

from ..framework import dtypes, errors, host_callback
from ..framework.constant_op import constant, convert_to_tensor
from ..framework.context import executing_eagerly, x64_methods
from ..framework.dispatch import Op, execute
from ..framework.relaxed_shapes import relaxed
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.trace_state import ValueDependentShape
from ..framework.type_spec import SerializedTypeSpec, TypeSpec
from ..framework.type_spec_of_value import register_spec_function, type_spec_from_value
from ..framework.type_spec_registry import register
from . import array_ops
from .op_args import static_value

__all__ = ["TensorArray", "TensorArraySpec"]

def _in_range(verb, out, idx, size):
    """`out` checked when the function runs: TF's error for an index outside the list of
    `size` elements (the buffer's rows, or the element count of a dynamic_size array)."""
    def error(i, n):
        flat = i.reshape(-1)
        bad = flat[(flat < 0) | (flat >= n)]
        if bad.size:
            return errors.InvalidArgumentError(
                None, None, f"Trying to {verb} element {bad[0]} in a list with {n} "
                            f"elements.")
        return None
    return host_callback.checked(out, error, idx, size,
                                 failing=lambda i, n: jnp.any((i < 0) | (i >= n)))


_WRITE = Op("TensorListSetItem", lambda buf, i, v: _in_range(
    "modify", jax.lax.dynamic_update_index_in_dim(buf, v, i, 0), i, buf.shape[0]))
_READ = Op("TensorListGetItem", lambda buf, i, n: _in_range(
    "access", jax.lax.dynamic_index_in_dim(buf, i, 0, keepdims=False), i, n))
_GATHER = Op("TensorListGather",
             lambda buf, idx, n: _in_range("access", jnp.take(buf, idx, axis=0), idx, n))
_SCATTER = Op("TensorListScatterIntoExistingList",
              lambda buf, idx, v: _in_range("modify", buf.at[idx].set(v), idx, buf.shape[0]))
_GROW = Op("TensorListLength", lambda count, i: jnp.maximum(count, i + 1),
           differentiable=False)
_GROW_MANY = Op("TensorListLength", lambda count, idx: jnp.maximum(count, jnp.max(idx) + 1),
                differentiable=False)


def _traced(x):
    return isinstance(x, Tensor) and isinstance(x._value, jax.core.Tracer)


class _Flow(EagerTensor):
    """TensorArray.flow: a scalar that stands for its array where only Tensors pass."""

    __slots__ = ("_tensor_array",)


def _grown_error(how):
    """A tf.TensorArray(dynamic_size=True) whose size inside a tf.function's trace is
    known only when it runs (`how`): XLA compiles static shapes, so the function's calls
    run eagerly, as TF runs its graph (ValueDependentShape)."""
    return ValueDependentShape(f"tfcompat: a tf.TensorArray(dynamic_size=True) {how} has "
                               f"a size known only at run time (XLA compiles static shapes)")


def _shape_error(ta_shape, shape):
    return ValueError(f"Incompatible shapes: the TensorArray's elements have shape "
                      f"{TensorShape(ta_shape)} but the value has shape {TensorShape(shape)}")


@x64_methods
class TensorArray:
    """tf.TensorArray(dtype, size=None, dynamic_size=None, ..., element_shape=None)."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None,
                 tensor_array_name=None, handle=None, flow=None, infer_shape=True,
                 element_shape=None, colocate_with_first_write_call=True, name=None):
        self._dtype = dtypes.as_dtype(dtype)
        n = 0 if size is None else int(static_value(convert_to_tensor(size), "tf.TensorArray",
                                                    "size"))
        self._elements = [None] * n
        self._dynamic_size = bool(dynamic_size)
        # Eagerly a read clears its element (TF's _EagerTensorArray); a graph's TensorList
        # keeps it.
        self._clear_after_read = clear_after_read is None or bool(clear_after_read)
        self._cleared = set()   # the indices a read cleared
        self._element_shape = None if element_shape is None else TensorShape(element_shape)
        self._infer_shape = bool(infer_shape)
        self._buffer = None     # the stacked Tensor (buffer mode), else None (list mode)
        self._count = None      # dynamic_size in buffer mode: the element count Tensor
        self._capacity = None   # dynamic_size: the buffer size a traced loop allows

    dtype = property(lambda self: self._dtype)
    dynamic_size = property(lambda self: self._dynamic_size)

    @property
    def element_shape(self):
        if self._buffer is not None:
            return TensorShape(self._buffer.shape[1:])
        return self._element_shape or TensorShape(None)

    @property
    def flow(self):
        """TensorArray.flow: a scalar (0, as TF's eager one) that stands for this array
        where only Tensors pass (a loop carries the array it stands for)."""
        f = _Flow(jnp.zeros((), jnp.int32))
        f._tensor_array = self
        return f

    def _copy(self, elements=None, element_shape=None, buffer=None, count=None):
        ta = TensorArray(self._dtype, dynamic_size=self._dynamic_size,
                         clear_after_read=self._clear_after_read,
                         infer_shape=self._infer_shape,
                         element_shape=element_shape or self._element_shape)
        ta._cleared = set(self._cleared)
        ta._elements = elements
        ta._buffer, ta._count, ta._capacity = buffer, count, self._capacity
        return ta

    # -- buffer mode -------------------------------------------------------------------

    def _known_shape(self, value_shape=None):
        """The element shape of a buffer: the element_shape, or where it leaves
        dimensions unknown, the traced shape of a first write (or `value_shape`)."""
        if self._buffer is not None:
            return tuple(self._buffer._value.shape[1:])
        shape = self._element_shape
        if shape is None or not shape.is_fully_defined():
            written = [e for e in self._elements if e is not None]
            shape = written[0]._value.shape if written else value_shape
        return None if shape is None else tuple(TensorShape(shape).as_list())

    def _buffered(self, value_shape=None, value_static=None):
        """This array in buffer mode (itself if it is): list elements stacked, unwritten
        ones zeros. `value_shape`: the element shape a first write gives (`value_static`:
        its static shape). The buffer shows the static element shape (a RelaxedTensor
        where it leaves dimensions unknown), as TF's TensorList does."""
        if self._buffer is not None:
            return self
        shape = self._known_shape(value_shape)
        if shape is None:
            raise ValueError("tfcompat's tf.TensorArray needs its element_shape (or a first "
                             "write) before it is read with a traced index inside "
                             "tf.function.")
        n = len(self._elements)
        count = None
        if self._dynamic_size:
            if self._capacity is None:
                raise _grown_error("written at an index computed in it")
            count = constant(n, dtypes.int32)
            n = max(n, self._capacity)
        rows = [e if e is not None else array_ops.zeros(shape, self._dtype)
                for e in self._elements]
        rows += [array_ops.zeros(shape, self._dtype)] * (n - len(rows))
        for r in rows:
            if tuple(r._value.shape) != shape:
                raise _shape_error(shape, r.shape)
        buffer = array_ops.stack(rows) if rows else array_ops.zeros((0,) + shape, self._dtype)
        written = [e.shape for e in self._elements if e is not None]
        static = self._element_shape or (written[0] if written else value_static)
        if static is None or static.rank is None:
            static = TensorShape(shape)
        if _traced(buffer):
            buffer = relaxed(buffer, TensorShape([len(rows)]).concatenate(static))
        return self._copy(None, static, buffer, count)

    def _loop_carry(self, maximum_iterations):
        """This array as a tf.while_loop variable: in buffer mode, or (element shape not
        known yet) a list-mode array the loop's first trace will give a shape."""
        if self._buffer is not None:
            return self
        ta = self._copy(list(self._elements))
        if self._dynamic_size:
            if maximum_iterations is None:
                raise _grown_error("a loop variable of a loop without a maximum_iterations "
                                   "known when it is traced")
            ta._capacity = len(self._elements) + int(maximum_iterations)
        return ta._buffered() if ta._known_shape() is not None else ta

    def _carry(self):
        """The Tensors that stand for this array where control flow passes it on: its
        buffer (and element count), or in list mode its written elements."""
        if self._buffer is None:
            return [e for e in self._elements if e is not None]
        return [self._buffer] + ([self._count] if self._count is not None else [])

    def _from_carry(self, tensors):
        """This array with the Tensors `_carry` gives replaced by `tensors`."""
        if self._buffer is None:
            it = iter(tensors)
            return self._copy([None if e is None else next(it) for e in self._elements])
        return self._copy(None, self._element_shape, tensors[0],
                          tensors[1] if self._count is not None else None)

    def _layout(self):
        """What `_carry` depends on: arrays of one layout carry alike."""
        if self._buffer is None:
            return ("list", tuple(e is not None for e in self._elements))
        return ("buffer", self._count is not None)

    def _static_count(self, what):
        if self._count is None:
            return self._buffer.shape[0]
        if _traced(self._count):
            raise _grown_error(f"read by {what} after a loop grew it")
        return int(self._count)

    # -- the API -----------------------------------------------------------------------

    def size(self, name=None):
        if self._buffer is not None:
            return self._count if self._count is not None else \
                constant(self._buffer.shape[0], dtypes.int32)
        return constant(len(self._elements), dtypes.int32)

    def write(self, index, value, name=None):
        value = convert_to_tensor(value, dtype=self._dtype)
        if self._buffer is not None or _traced(index):
            ta = self._buffered(value._value.shape, value.shape)
            shape = ta._buffer._value.shape[1:]   # (traced shapes: RelaxedTensors)
            if value._value.shape != shape:
                raise _shape_error(shape, value.shape)
            i = convert_to_tensor(index, dtype=dtypes.int32)
            count = ta._count if ta._count is None else execute(_GROW, (ta._count, i))
            return ta._copy(None, ta._element_shape, execute(_WRITE, (ta._buffer, i, value)),
                            count)
        i = int(index)
        elements = list(self._elements)
        if i >= len(elements):
            if not self._dynamic_size:
                raise errors.OutOfRangeError(
                    None, None, f"Tried to write to index {i} but array is not resizeable and "
                                f"size is: {len(elements)} ")
            elements.extend([None] * (i + 1 - len(elements)))
        elements[i] = value
        return self._copy(elements, self._element_shape or value.shape)

    def read(self, index, name=None):
        if self._buffer is not None or _traced(index):
            ta = self._buffered()
            return execute(_READ, (ta._buffer, convert_to_tensor(index, dtype=dtypes.int32),
                                   ta.size()))
        i = int(index)
        n = len(self._elements)
        if not executing_eagerly() and not 0 <= i < n:   # (TensorListGetItem's error)
            raise errors.InvalidArgumentError(
                None, None, f"Trying to access element {i} in a list with {n} elements.")
        if i < 0:   # (TF's _EagerTensorArray.read)
            raise errors.OutOfRangeError(
                None, None, f"Reading from negative indices (index {i}) is not allowed.")
        if i >= n:
            raise errors.OutOfRangeError(
                None, None, f"Tried to read from index {i} but array size is: {n} ")
        if self._clear_after_read and executing_eagerly():
            if self._elements[i] is None and i in self._cleared:
                raise errors.InvalidArgumentError(
                    None, None, f"Could not read index {i} twice because it was cleared "
                                f"after a previous read (perhaps try setting "
                                f"clear_after_read = false?)")
            value = self._element(i)
            self._elements[i] = None
            self._cleared.add(i)
            return value
        return self._element(i)

    def _element(self, i):
        """Element `i` in list mode, as TF's _maybe_zero: an unwritten (or cleared) one
        becomes zeros of the element shape, which must be fully known; `i` indexes the
        Python list (as TF's eager gather does: IndexError past its end)."""
        if self._elements[i] is None:
            shape = TensorShape(self._element_shape)
            if not shape.is_fully_defined():
                raise ValueError(f"Cannot convert a partially known TensorShape {shape} to a "
                                 f"Tensor.")
            self._elements[i] = array_ops.zeros(shape, self._dtype)
        return self._elements[i]

    def stack(self, name=None):
        if self._buffer is not None:
            n = self._static_count("stack")
            return self._buffer if n == self._buffer.shape[0] else self._buffer[:n]
        if not self._elements:
            shape = [0] + (self._element_shape.as_list() if self._element_shape is not None
                           and self._element_shape.is_fully_defined() else [])
            return array_ops.zeros(shape, self._dtype)
        return array_ops.stack([self._element(i) for i in range(len(self._elements))])

    def gather(self, indices, name=None):
        indices = convert_to_tensor(indices, dtype=dtypes.int32)
        if self._buffer is not None or _traced(indices):
            ta = self._buffered()
            return execute(_GATHER, (ta._buffer, indices, ta.size()))
        return array_ops.stack([self._element(int(i)) for i in indices.numpy()])

    def concat(self, name=None):
        if self._buffer is not None:
            rows = self.stack()
            return array_ops.reshape(rows, [-1] + rows.shape.as_list()[2:])
        return array_ops.concat([self._element(i) for i in range(len(self._elements))], 0)

    def unstack(self, value, name=None):
        value = convert_to_tensor(value, dtype=self._dtype)
        if self._buffer is not None:
            if value.shape[1:] != self._buffer.shape[1:] or (
                    self._count is None and value.shape[0] != self._buffer.shape[0]):
                raise _shape_error(self._buffer.shape, value.shape)
            return self.scatter(array_ops.range(value.shape[0]), value)
        if not executing_eagerly() and not self._dynamic_size and \
                value.shape[0] == len(self._elements) and \
                all(e is None for e in self._elements):
            # (inside tf.function, the whole array: `value` is its buffer, which a loop's
            # traced reads index rather than restacking the rows at each iteration)
            return self._copy(None, TensorShape(value.shape[1:]), value)
        return self._copy(list(array_ops.unstack(value, num=_rows(value))), value.shape[1:])

    def scatter(self, indices, value, name=None):
        indices = convert_to_tensor(indices, dtype=dtypes.int32)
        value = convert_to_tensor(value, dtype=self._dtype)
        if self._buffer is not None or _traced(indices):
            ta = self._buffered(value.shape[1:])
            if value.shape[1:] != ta._buffer.shape[1:]:
                raise _shape_error(ta._buffer.shape[1:], value.shape[1:])
            count = ta._count if ta._count is None else execute(_GROW_MANY, (ta._count, indices))
            return ta._copy(None, ta._element_shape,
                            execute(_SCATTER, (ta._buffer, indices, value)), count)
        ta = self
        for i, row in zip(indices.numpy(), array_ops.unstack(value, num=_rows(value))):
            ta = ta.write(int(i), row)
        return ta

    def split(self, value, lengths, name=None):
        if self._buffer is not None:
            raise TypeError("tfcompat's tf.TensorArray.split is not supported on an array "
                            "carried by a traced loop (its elements would have run-time "
                            "shapes).")
        value = convert_to_tensor(value, dtype=self._dtype)
        sizes = [int(n) for n in static_value(convert_to_tensor(lengths), "tf.TensorArray.split",
                                                   "lengths")]
        return self._copy(list(array_ops.split(value, sizes)) if sizes else [])

    def identity(self):
        if self._buffer is not None:
            return self._copy(None, self._element_shape, self._buffer, self._count)
        return self._copy(list(self._elements))

    def close(self, name=None):
        return None


@register("tf.TensorArraySpec")
class TensorArraySpec(SerializedTypeSpec):
    """tf.TensorArraySpec(element_shape=None, dtype=tf.float32, dynamic_size=False,
    infer_shape=True): the type of a TensorArray (tfcompat's TensorArray is no variant
    TensorList, so the spec has no component specs)."""

    __slots__ = ("_element_shape", "_dtype", "_dynamic_size", "_infer_shape")

    value_type = property(lambda self: TensorArray)

    def __init__(self, element_shape=None, dtype=dtypes.float32, dynamic_size=False,
                 infer_shape=True):
        self._element_shape = TensorShape(element_shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._dynamic_size = dynamic_size
        self._infer_shape = infer_shape

    def is_compatible_with(self, other):
        """TF's check: dtype, element shape and dynamic_size (not infer_shape)."""
        if not isinstance(other, TypeSpec):
            other = type_spec_from_value(other)
        return (isinstance(other, TensorArraySpec) and self._dtype == other._dtype
                and self._element_shape.is_compatible_with(other._element_shape)
                and self._dynamic_size == other._dynamic_size)

    def _serialize(self):
        return (self._element_shape, self._dtype, self._dynamic_size, self._infer_shape)

    @staticmethod
    def from_value(value):
        if not isinstance(value, TensorArray):
            raise TypeError(f"Expected value to be a TensorArray, but got: `{type(value)}`")
        return TensorArraySpec(value.element_shape, value.dtype, value.dynamic_size,
                               value._infer_shape)


register_spec_function(TensorArray, TensorArraySpec.from_value)
TensorArraySpec.__module__ = "tensorflow.python.ops.tensor_array_ops"


def _rows(value):
    """The number of rows of `value` as traced (TF's TensorArray takes those of an unknown
    first dimension too, where tf.unstack needs a static one)."""
    n = value._value.shape[0]
    return n if isinstance(n, int) else None
