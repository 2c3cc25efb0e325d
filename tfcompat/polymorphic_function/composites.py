"""Composite outputs of a tf.function (TF's CompositeTensor outputs: tf.experimental.Optional,
tf.IndexedSlices): the traced function returns their component tensors, and each call
rebuilds them (as TF's function outputs are packed from their TypeSpecs' components)."""
from ..framework import nest
from ..framework.indexed_slices import IndexedSlices


def _carried(x):
    """A composite carried as its tensors (tf.experimental.Optional's `_carry` protocol)."""
    return hasattr(type(x), "_carry_unknown")


def _spec(x):
    """The TypeSpec of a composite returned by its components (TF's TypeSpec protocol:
    tf.SparseTensor), or None."""
    spec = getattr(x, "_type_spec", None)
    return spec if hasattr(spec, "_from_components") else None


def components(x):
    """The flat outputs one leaf of a function's result is returned as."""
    if _carried(x):
        return list(x._carry())
    if _spec(x) is not None:
        return list(_spec(x)._to_components(x))
    if isinstance(x, IndexedSlices):
        return nest.flatten(x, expand_composites=True)
    return [x]


def rebuild(x, outputs, n=None):
    """The leaf `x` of the traced result, rebuilt from the iterator `outputs` (the call's
    flat outputs, as `components` listed them; None leaves have none). `n`: the number
    of its components, where known (`len(components(x))`)."""
    if x is None:
        return None
    if _carried(x):
        return x._from_carry([next(outputs) for _ in range(n or len(x._carry()))])
    if _spec(x) is not None:
        return _spec(x)._from_components([next(outputs) for _ in range(
            n or len(components(x)))])
    if isinstance(x, IndexedSlices):
        return IndexedSlices(*[next(outputs) for _ in range(n or len(components(x)))])
    return next(outputs)
