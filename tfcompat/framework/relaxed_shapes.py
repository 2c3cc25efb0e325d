"""Traced tensors whose static shape is less defined than the shape they are traced at.

TF traces a tf.function once for an iterator's element_spec (None for an unknown batch
size) and shows that shape to Python; tfcompat traces at the shape of the element read
(XLA needs it; a new shape is a silent trace). An element's dense components are
`RelaxedTensor`s: ``x.shape`` is the element_spec's (Keras builds a model from it), the
values are the trace's. A nested tf.function called with one is keyed by its static
shape too (TF's trace of the spec), and its argument inside is a RelaxedTensor again.

An op on RelaxedTensors in a trace (dispatch.execute) gives RelaxedTensors again, with the
shapes jax infers for its function where each unknown dimension is a symbolic one
(`result`): TF's shape inference leaves unknown what derives from unknown dimensions.
Dimensions of one traced size share a symbol, so that ops joining them (x + y of two
(None, 4) elements) infer as TF's do. Where the function cannot be traced so (it needs a
concrete size), the op's outputs have the trace's shapes.

The sizes of those unknown dimensions are values TF does not know either: tf.shape of a
RelaxedTensor is a `ShapeValue`, an integer tensor that knows which of its elements are
unknown to TF (TF's constant_value_as_shape), through the ops that only move elements
(tf.shape(x)[0], tf.stack, tf.concat) and integer casts. A shape argument taken from one
holds `UnknownDim`s (op_args.index_array), and the op's inference gives them the symbol of
their size: tf.reshape(x, [tf.shape(x)[0], 12]) is (None, 12), as Keras's Flatten is.
"""
import functools
import threading

import jax
import numpy as np

from . import strings
from .tensor import EagerTensor
from .tensor_shape import TensorShape


class RelaxedTensor(EagerTensor):
    """A traced tensor shown with `static_shape` (a TensorShape compatible with its
    value's shape)."""

    __slots__ = ("_static_shape",)

    def __init__(self, value, static_shape):
        super().__init__(value)
        self._static_shape = static_shape

    @property
    def shape(self):
        return self._static_shape

    def set_shape(self, shape):
        """Tensor.set_shape: refines the static shape (as TF's), which must stay
        compatible with the traced value's."""
        super().set_shape(shape)
        merged = self._static_shape.merge_with(shape)
        if not merged.is_compatible_with(self._value.shape):
            raise ValueError(f"tfcompat: set_shape({merged}) does not fit the shape "
                             f"{tuple(self._value.shape)} the tf.function is traced at "
                             f"(tfcompat traces at the element's shape).")
        self._static_shape = merged


RelaxedTensor.__module__ = EagerTensor.__module__
RelaxedTensor.__name__ = RelaxedTensor.__qualname__ = EagerTensor.__name__


def relaxed(tensor, static_shape):
    """`tensor` shown with `static_shape` where that leaves dimensions unknown."""
    if static_shape.is_fully_defined():
        return tensor
    return RelaxedTensor(tensor._value, static_shape)


def static_dims(tensor):
    """A RelaxedTensor's static shape as a key: a tuple of ints and None, or None."""
    shape = tensor.shape
    return None if shape.rank is None else tuple(shape.as_list())


class UnknownDim(int):
    """A size in an op's shape argument that TF's static shapes leave unknown (taken
    from a ShapeValue): to everything else, the int the op runs with."""

    __slots__ = ()

    def __repr__(self):
        return f"UnknownDim({int(self)})"


class ShapeValue(EagerTensor):
    """A traced integer tensor of known value, some of whose elements TF does not know
    (where `unknown`, a bool array of its shape, is True): sizes of unknown dimensions."""

    __slots__ = ("_unknown",)

    def __init__(self, value, unknown):
        super().__init__(value)
        self._unknown = unknown


ShapeValue.__module__ = EagerTensor.__module__
ShapeValue.__name__ = ShapeValue.__qualname__ = EagerTensor.__name__


def shape_value(tensor, value):
    """`value`, the shape of `tensor` as a tensor, as a ShapeValue where `tensor` is a
    RelaxedTensor of unknown dimensions (in a trace)."""
    if type(tensor) is not RelaxedTensor or tensor.shape.rank is None:
        return value
    unknown = np.array([d is None for d in tensor.shape.as_list()], bool)
    return ShapeValue(value._value, unknown) if unknown.any() else value


def known_dims(value):
    """A ShapeValue's value as a NumPy object array of ints, UnknownDims where unknown."""
    array = np.asarray(value._value)
    out = np.array([UnknownDim(v) if u else int(v)
                    for v, u in zip(array.reshape(-1).tolist(), value._unknown.reshape(-1))],
                   object)
    return out.reshape(array.shape)


def traced_dims(tensor):
    """A tensor's traced shape, UnknownDims where its static shape has None."""
    if type(tensor) is not RelaxedTensor or tensor.shape.rank is None:
        return tensor._value.shape
    return tuple(UnknownDim(n) if d is None else n
                 for n, d in zip(tensor._value.shape, tensor.shape.as_list()))


def unknown_dims(dims):
    """A shape given as ints (UnknownDims among them) as static dims: None where unknown."""
    return tuple(None if type(d) is UnknownDim else d for d in dims)


def with_dims(tensor, dims):
    """`tensor` (made for a shape argument `dims`) shown with None for its UnknownDims."""
    static = unknown_dims(dims)
    if None not in static or len(static) != tensor._value.ndim:
        return tensor
    return RelaxedTensor(tensor._value, TensorShape(static))


_SENTINEL = -2**31 + 7   # the first unknown element's stand-in: no size is negative


def moved(op, attrs, inputs, out):
    """The ShapeValue of an op that only moves elements (or casts integers) on integer
    `inputs` (ShapeValues among them) of known values: which elements of `out` are
    unknown, found by running the op on the inputs with a stand-in value for each
    unknown element. None where no output is a ShapeValue."""
    if not (op.strings is strings.MOVE or op.name == "Cast") or type(out) in (tuple, list) \
            or isinstance(out, jax.core.Tracer) or not np.issubdtype(out.dtype, np.integer):
        return None
    arrays = []
    count = 0
    for t in inputs:
        if isinstance(t._value, jax.core.Tracer):
            return None
        array = np.asarray(t._value)
        if type(t) is ShapeValue:
            marks = _SENTINEL + count + np.arange(int(t._unknown.sum()))
            count += marks.size
            array = array.copy()
            array[t._unknown] = marks
        arrays.append(array)
    try:
        with jax.ensure_compile_time_eval():
            marked = np.asarray(op.fn(*arrays, **dict(attrs)))
    except Exception:   # noqa: BLE001 -- not on stand-ins: its outputs are known values
        return None
    unknown = (marked >= _SENTINEL) & (marked < _SENTINEL + count)
    return ShapeValue(out, unknown) if unknown.any() else None


_inferred = {}   # (op, inputs' keys, attrs' key) -> the outputs' static dims, or None
_inferred_lock = threading.Lock()
_LIMIT = 10000


def result(op, attrs, inputs, out):
    """An op's result in a trace from its output arrays `out` (a list, or one array), where
    TF's static shapes or values of it are less known than the trace's: RelaxedTensors
    (on RelaxedTensor `inputs`, or a shape argument holding UnknownDims) or a ShapeValue;
    else None."""
    static = None if op.static_shapes is None else op.static_shapes(attrs)
    if static is not None:
        return _shown(out, static)
    relaxed = shaped = False
    for t in inputs:
        relaxed = relaxed or type(t) is RelaxedTensor
        shaped = shaped or type(t) is ShapeValue
    if shaped:
        value = moved(op, attrs, inputs, out)
        if value is not None:
            return value
    if relaxed or _has_unknown(attrs):
        return _relaxed_outputs(op, attrs, inputs, out)
    return None


_SHIFT = 1000003   # (added to each unknown dimension's size: see shifted_result)


def shifted_result(output_shapes, inputs, out):
    """An op's result in a trace (as `result`) for ops jax cannot trace symbolically (the
    host string kernels): from `output_shapes(input shapes)` at the inputs' sizes with each
    unknown dimension's size shifted, the output dimensions that change are unknown, as
    TF's shape inference leaves them; None where no input is a RelaxedTensor of known rank
    or the shifted sizes are rejected."""
    if not any(type(t) is RelaxedTensor and t.shape.rank is not None for t in inputs):
        return None
    shifted = []
    for t in inputs:
        shape = tuple(t._value.shape)
        if type(t) is RelaxedTensor:
            if t.shape.rank is None:
                return None
            shape = tuple(n + _SHIFT if d is None else n
                          for n, d in zip(shape, t.shape.as_list()))
        shifted.append(shape)
    try:
        other = output_shapes(shifted)
    except Exception:   # noqa: BLE001 -- sizes it needs as they are: the trace's shapes
        return None
    arrays = list(out) if type(out) is tuple or type(out) is list else [out]
    static = [tuple(a if a == b else None for a, b in zip(array.shape, tuple(o)))
              if len(o) == array.ndim else None for array, o in zip(arrays, other)]
    return _shown(out, static)


def _has_unknown(value):
    if type(value) is tuple:
        return any(_has_unknown(v) for v in value)
    return type(value) is UnknownDim


class _Symbol:
    """An UnknownDim in an op's attrs, as a key: the index of its size's symbol."""

    __slots__ = ("index",)

    def __init__(self, index):
        self.index = index

    def __eq__(self, other):
        return type(other) is _Symbol and other.index == self.index

    def __hash__(self):
        return hash(("_Symbol", self.index))


def _attrs_key(value, symbols):
    if type(value) is tuple:
        return tuple(_attrs_key(v, symbols) for v in value)
    if type(value) is UnknownDim:
        return _Symbol(symbols.setdefault(int(value), len(symbols)))
    return value


def _with_symbols(value, symbols):
    if type(value) is tuple:
        return tuple(_with_symbols(v, symbols) for v in value)
    if type(value) is _Symbol:
        return symbols[value.index]
    return value


def _relaxed_outputs(op, attrs, inputs, out):
    """The op's outputs as RelaxedTensors where jax's symbolic shapes of `op.fn` leave
    dimensions unknown, else EagerTensors (a list, or one tensor, as `out`)."""
    many = type(out) is tuple or type(out) is list
    arrays = list(out) if many else [out]
    symbols = {}   # traced size of unknown dimensions -> its symbol's index
    key = (op, tuple(_input_key(t, symbols) for t in inputs), _attrs_key(attrs, symbols))
    with _inferred_lock:
        static = _inferred.get(key, _inferred)
    if static is _inferred:
        static = _infer(op.jvp_fn or op.fn, key[2], key[1], len(symbols))
        with _inferred_lock:
            if len(_inferred) >= _LIMIT:
                _inferred.clear()
            _inferred[key] = static
    if static is None and not many:   # (an op making its `shape` attr: a random op)
        shape = dict(attrs).get("shape")
        if type(shape) is tuple and tuple(shape) == tuple(out.shape):
            static = [unknown_dims(shape)]
    if static is None or len(static) != len(arrays):
        static = ()
    return _shown(out, static)


UNKNOWN_RANK = "unknown rank"   # (an output's static dims in `_shown`: TensorShape(None))


def _shown(out, static):
    """The output arrays `out` (a list, or one array) as Tensors, RelaxedTensors where
    `static` (a list of dims, UNKNOWN_RANK or None, one per output, or shorter) leaves
    dimensions unknown that fit the array."""
    many = type(out) is tuple or type(out) is list
    arrays = list(out) if many else [out]
    tensors = []
    for i, a in enumerate(arrays):
        dims = static[i] if i < len(static) else None
        if dims is UNKNOWN_RANK:
            tensors.append(RelaxedTensor(a, TensorShape(None)))
        elif dims is None or None not in dims or len(dims) != a.ndim or any(
                d is not None and d != n for d, n in zip(dims, a.shape)):
            tensors.append(EagerTensor(a))
        else:
            tensors.append(RelaxedTensor(a, TensorShape(dims)))
    return tensors if many else tensors[0]


def merged_dims(tensors):
    """The most specific static dims that all `tensors` (a construct's values for one
    output: its branches') fit, as TF's control flow gives its outputs; None where
    their ranks differ or none is a RelaxedTensor."""
    if not any(type(t) is RelaxedTensor for t in tensors):
        return None
    shapes = [t.shape for t in tensors]
    if any(s.rank is None for s in shapes) or len({s.rank for s in shapes}) != 1:
        return None
    return tuple(dims[0] if len(set(dims)) == 1 else None
                 for dims in zip(*(s.as_list() for s in shapes)))


def _input_key(t, symbols):
    """An op input's shape with its unknown dimensions as ``-1 - symbol index`` (one
    symbol per traced size: the inference is of that pattern, not of the sizes), and its
    dtype."""
    if type(t) is RelaxedTensor and t.shape.rank is not None:
        shape = tuple(-1 - symbols.setdefault(n, len(symbols)) if d is None else n
                      for n, d in zip(t._value.shape, t.shape.as_list()))
    elif type(t) is RelaxedTensor:
        shape = None
    else:
        shape = tuple(t._value.shape)
    return shape, t._value.dtype


def _infer(fn, attrs, inputs, n):
    """The static dims (ints and None) of each output of `fn` with `attrs` (_attrs_key's)
    on `inputs` (_input_key's; `n` symbols in all), where jax can trace it with a symbol
    for each unknown dimension; else None (also for an input of unknown rank)."""
    if any(shape is None for shape, _ in inputs):
        return None
    try:
        symbols = jax.export.symbolic_shape(", ".join(f"n{i}" for i in range(n))) if n else ()
        specs = [jax.ShapeDtypeStruct(tuple(symbols[-1 - d] if d < 0 else d for d in shape),
                                      dtype) for shape, dtype in inputs]
        out = jax.eval_shape(functools.partial(fn, **dict(_with_symbols(attrs, symbols))),
                             *specs)
    except Exception:   # noqa: BLE001 -- it needs concrete sizes: the trace's shapes
        return None
    return [tuple(d if isinstance(d, int) else None for d in o.shape)
            for o in jax.tree_util.tree_leaves(out)]


def stacked_dims(elems, tensor):
    """TF's static dims of a map over the first dimension of `elems` whose value for one
    element is `tensor` (tf.map_fn, tf.scan, tf.vectorized_map); None where that
    dimension is known (the traced shape)."""
    first = elems.shape[0] if elems.shape.rank else None
    if first is not None or tensor.shape.rank is None:
        return None
    return (None,) + tuple(tensor.shape.as_list())
