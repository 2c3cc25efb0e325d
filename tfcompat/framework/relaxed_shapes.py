"""Traced tensors whose static shape is less defined than the shape they are traced at.

TF traces a tf.function once for an iterator's element_spec (None for an unknown batch
size) and shows that shape to Python; tfcompat traces at the shape of the element read
(XLA needs it; a new shape is a silent trace). An element's dense components are
`RelaxedTensor`s: ``x.shape`` is the element_spec's (Keras builds a model from it), the
values are the trace's. A nested tf.function called with one is keyed by its static
shape too (TF's trace of the spec), and its argument inside is a RelaxedTensor again.

An op on RelaxedTensors in a trace (dispatch.execute) gives RelaxedTensors again, with the
shapes jax infers for its function where each unknown dimension is a symbolic one
(`outputs`): TF's shape inference leaves unknown what derives from unknown dimensions.
Dimensions of one traced size share a symbol, so that ops joining them (x + y of two
(None, 4) elements) infer as TF's do. Where the function cannot be traced so (it needs a
concrete size), the op's outputs have the trace's shapes.
"""
import functools
import threading

import jax

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


_inferred = {}   # (op, attrs, input key) -> the outputs' static dims, or None: not inferred
_inferred_lock = threading.Lock()
_LIMIT = 10000


def any_relaxed(inputs):
    """Whether one of an op's input Tensors is a RelaxedTensor."""
    return any(type(t) is RelaxedTensor for t in inputs)


def outputs(op, attrs, inputs, out):
    """An op's output arrays `out` (a list, or one array) as its result in a trace with
    RelaxedTensor `inputs`: RelaxedTensors where jax's symbolic shapes of `op.fn` leave
    dimensions unknown, else EagerTensors."""
    many = type(out) is tuple or type(out) is list
    arrays = list(out) if many else [out]
    symbols = {}   # traced size of unknown dimensions -> its symbol's index
    key = (op, attrs, tuple(_input_key(t, symbols) for t in inputs))
    with _inferred_lock:
        static = _inferred.get(key, _inferred)
    if static is _inferred:
        static = _infer(op.jvp_fn or op.fn, attrs, key[2], len(symbols))
        with _inferred_lock:
            if len(_inferred) >= _LIMIT:
                _inferred.clear()
            _inferred[key] = static
    if static is None or len(static) != len(arrays) or not all(
            len(dims) == a.ndim and all(d is None or d == n for d, n in zip(dims, a.shape))
            for dims, a in zip(static, arrays)):
        result = [EagerTensor(a) for a in arrays]
    else:
        result = [EagerTensor(a) if None not in dims else RelaxedTensor(a, TensorShape(dims))
                  for a, dims in zip(arrays, static)]
    return result if many else result[0]


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
    """The static dims (ints and None) of each output of `fn` with `attrs` on `inputs`
    (_input_key's, `n` symbols), where jax can trace it with a symbol for each unknown
    dimension; else None (also for an input of unknown rank)."""
    if any(shape is None for shape, _ in inputs):
        return None
    try:
        symbols = jax.export.symbolic_shape(", ".join(f"n{i}" for i in range(n))) if n else ()
        specs = [jax.ShapeDtypeStruct(tuple(symbols[-1 - d] if d < 0 else d for d in shape),
                                      dtype) for shape, dtype in inputs]
        out = jax.eval_shape(functools.partial(fn, **dict(attrs)), *specs)
    except Exception:   # noqa: BLE001 -- it needs concrete sizes: the trace's shapes
        return None
    return [tuple(d if isinstance(d, int) else None for d in o.shape)
            for o in jax.tree_util.tree_leaves(out)]
