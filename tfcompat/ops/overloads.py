"""Python operators on Tensor and Variable, as TF's math_ops installs them.

`x + y`, `x / y` and `x @ y` convert y with x's dtype as a hint; the other operators
convert with x's dtype strictly. A reflected operator (`1 + t`) converts the left operand
to the tensor's dtype strictly (``1.5 + int_tensor`` raises TypeError, as in TF).
"""
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from . import array_ops, bitwise_ops, math_ops


def _reflected(fn):
    def op(self, other):
        return fn(convert_to_tensor(other, dtype=self.dtype), self)
    return op


def _forward(fn):
    def op(self, other):
        return fn(self, other)
    return op


_BINARY = {
    "add": math_ops.add, "sub": math_ops.subtract, "mul": math_ops.multiply,
    "truediv": math_ops.truediv, "floordiv": math_ops.floordiv, "mod": math_ops.floormod,
    "pow": math_ops.pow, "matmul": math_ops.matmul,
    "and": bitwise_ops.and_, "or": bitwise_ops.or_, "xor": bitwise_ops.xor_,
}
_COMPARE = {"lt": math_ops.less, "le": math_ops.less_equal, "gt": math_ops.greater,
            "ge": math_ops.greater_equal}


def _install(cls):
    for name, fn in _BINARY.items():
        setattr(cls, f"__{name}__", _forward(fn))
        setattr(cls, f"__r{name}__", _reflected(fn))
    for name, fn in _COMPARE.items():
        setattr(cls, f"__{name}__", _forward(fn))
    cls.__eq__ = lambda self, other: math_ops.tensor_equals(self, other)
    cls.__ne__ = lambda self, other: math_ops.tensor_equals(self, other, math_ops.not_equal)
    cls.__neg__ = lambda self: math_ops.negative(self)
    cls.__abs__ = lambda self: math_ops.abs(self)
    cls.__invert__ = bitwise_ops.invert_
    cls.__getitem__ = array_ops.getitem


_install(Tensor)
_install(Variable)
