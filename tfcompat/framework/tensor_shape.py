"""tf.TensorShape: a possibly partially known shape, printed and compared as TF does."""
import jax

from .dimension import Dimension, as_dimension


def _dim(d):
    """A dimension as TF's Dimension checks it: an int >= 0 or anything with __index__,
    or None when unknown (also a symbolic dimension of a shape-polymorphic trace)."""
    if d is None:
        return None
    if isinstance(d, Dimension):
        return d.value
    if isinstance(d, int):
        value = d
    elif type(d).__name__ == "_DimExpr":   # jax's symbolic dimension: not a constant
        try:
            value = int(d)
        except (TypeError, ValueError, jax.errors.InconclusiveDimensionOperation):
            return None
    else:
        try:
            value = int(d.__index__())
        except AttributeError:
            raise TypeError("Dimension value must be integer or None or have an __index__ "
                            f"method, got value '{d!r}' with type '{type(d)!r}'") from None
    if value < 0:
        raise ValueError(f"Dimension {value} must be >= 0")
    return value


class TensorShape:
    """tf.TensorShape. Dimensions are Python ints or None; `dims` None means unknown rank."""

    __slots__ = ("_dims",)

    def __init__(self, dims):
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif isinstance(dims, (list, tuple)):
            self._dims = tuple(_dim(d) for d in dims)
        else:
            try:
                items = iter(dims)
            except TypeError:
                self._dims = (_dim(dims),)
                return
            self._dims = tuple(_shape_dim(dims, d) for d in items)

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self):
        """TF's deprecated list of tf.compat.v1.Dimension objects (None: unknown rank)."""
        return None if self._dims is None else [as_dimension(d) for d in self._dims]

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self):
        return self._dims is not None and None not in self._dims

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def is_subtype_of(self, other):
        """TensorShape.is_subtype_of: `other`'s dimensions are None or equal to these."""
        if not isinstance(other, TensorShape):
            return False
        if other._dims is None:
            return True
        if self._dims is None or len(self._dims) != len(other._dims):
            return False
        return all(b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are incompatible")

    def merge_with(self, other):
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def concatenate(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def with_rank(self, rank):
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError(f"Shape {self} must have rank {rank}")
        return self if self._dims is not None else TensorShape([None] * rank)

    def with_rank_at_least(self, rank):
        if self._dims is not None and len(self._dims) < rank:
            raise ValueError(f"Shape {self} must have rank at least {rank}")
        return self

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return TensorShape(None) if isinstance(key, slice) else None
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __bool__(self):
        return self._dims is not None

    def __eq__(self, other):
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({_dim_str(self._dims[0])},)"
        return "(" + ", ".join(_dim_str(d) for d in self._dims) + ")"

    def __reduce__(self):
        return TensorShape, (self._dims,)


def _shape_dim(dims, d):
    """_dim of an element `d` of the iterable `dims`, with TF's error naming both."""
    try:
        return _dim(d)
    except TypeError as e:
        raise TypeError(f"Failed to convert '{dims!r}' to a shape: '{d!r}'could not be "
                        "converted to a dimension. A shape should either be single dimension "
                        "(e.g. 10), or an iterable of dimensions (e.g. [1, 10, None]).") from e


def _dim_str(d):
    return "None" if d is None else str(d)


def as_shape(shape):
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def dimension_at_index(shape, index):
    """tf.compat.dimension_at_index: dimension `index` of a TensorShape as a Dimension
    (unknown when the rank is unknown)."""
    assert isinstance(shape, TensorShape)
    if shape.rank is None:
        return Dimension(None)
    return as_dimension(shape.as_list()[index])
