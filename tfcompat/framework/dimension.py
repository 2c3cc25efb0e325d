"""tf.compat.v1.Dimension and tf.compat.dimension_value:
TF1's value of one dimension of a TensorShape, as TF 2.21's tensor_shape.Dimension.

A known dimension combined with an unknown one is unknown; a comparison with an unknown
dimension is None. tfcompat's TensorShape keeps plain ints (its ``dims`` lists ints or
None where TF's lists Dimension objects, which compare equal to those ints)."""
import operator


class Dimension:
    """tf.compat.v1.Dimension."""

    __slots__ = ("_value",)

    def __init__(self, value):
        if isinstance(value, int):
            if value < 0:
                raise ValueError("Dimension %d must be >= 0" % value)
            self._value = value
        elif value is None:
            self._value = None
        elif isinstance(value, Dimension):
            self._value = value._value
        else:
            try:
                self._value = int(value.__index__())
            except AttributeError:
                raise TypeError("Dimension value must be integer or None or have an "
                                "__index__ method, got value '{0!r}' with type '{1!r}'"
                                .format(value, type(value))) from None
            if self._value < 0:
                raise ValueError("Dimension %d must be >= 0" % self._value)

    def __repr__(self):
        return "Dimension(%s)" % repr(self._value)

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    @property
    def value(self):
        """The int value of this dimension, or None when unknown."""
        return self._value

    def __bool__(self):
        return bool(self._value)

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def __reduce__(self):
        return Dimension, (self._value,)

    def is_compatible_with(self, other):
        other = as_dimension(other)
        return self._value is None or other.value is None or self._value == other.value

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError("Dimensions %s and %s are not compatible" % (self, other))

    def merge_with(self, other):
        other = as_dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(other.value if self._value is None else self._value)

    def _binary(self, other, fn, reflected=False, strict=False):
        """TF's arithmetic: add, sub, mul and floordiv give NotImplemented for an operand
        as_dimension rejects; the reflected forms and mod raise its error."""
        if strict:
            other = as_dimension(other)
        else:
            try:
                other = as_dimension(other)
            except (TypeError, ValueError):
                return NotImplemented
        if self._value is None or other.value is None:
            return Dimension(None)
        a, b = (other.value, self._value) if reflected else (self._value, other.value)
        return Dimension(fn(a, b))

    def __add__(self, other):
        return self._binary(other, operator.add)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self._binary(other, operator.sub)

    def __rsub__(self, other):
        return self._binary(other, operator.sub, reflected=True, strict=True)

    def __mul__(self, other):
        return self._binary(other, operator.mul)

    def __rmul__(self, other):
        return self * other

    def __floordiv__(self, other):
        return self._binary(other, operator.floordiv)

    def __rfloordiv__(self, other):
        return self._binary(other, operator.floordiv, reflected=True, strict=True)

    def __mod__(self, other):
        return self._binary(other, operator.mod, strict=True)

    def __rmod__(self, other):
        return as_dimension(other) % self

    def __truediv__(self, other):
        raise TypeError("unsupported operand type(s) for /: 'Dimension' and '{}', please "
                        "use // instead".format(type(other).__name__))

    def __rtruediv__(self, other):
        raise TypeError("unsupported operand type(s) for /: '{}' and 'Dimension', please "
                        "use // instead".format(type(other).__name__))

    def __eq__(self, other):
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other.value is None:
            return None
        return self._value == other.value

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is None or result is NotImplemented else not result

    def _order(self, other, fn):
        other = as_dimension(other)
        if self._value is None or other.value is None:
            return None
        return fn(self._value, other.value)

    def __lt__(self, other):
        return self._order(other, operator.lt)

    def __le__(self, other):
        return self._order(other, operator.le)

    def __gt__(self, other):
        return self._order(other, operator.gt)

    def __ge__(self, other):
        return self._order(other, operator.ge)

    __hash__ = None


def as_dimension(value):
    """TF's tensor_shape.as_dimension: a Dimension unchanged, anything else converted."""
    return value if isinstance(value, Dimension) else Dimension(value)


def dimension_value(dimension):
    """tf.compat.dimension_value: the int (or None) of a Dimension, or the value itself."""
    return dimension.value if isinstance(dimension, Dimension) else dimension

