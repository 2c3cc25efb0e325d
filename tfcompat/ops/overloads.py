"""Python operators on Tensor and Variable, as TF's math_ops installs them.

`x + y`, `x / y` and `x @ y` convert y with x's dtype as a hint; the other operators
convert with x's dtype strictly. A reflected operator (`1 + t`) converts the left operand
to the tensor's dtype strictly (``1.5 + int_tensor`` raises TypeError, as in TF).

Inside a tf.function's trace the op is recorded under the name TF's operator gives it
("add", "mul", "truediv" ...); a Variable operand on the left is read first (TF's
"ReadVariableOp", outside the operator's name scope).
"""
from ..framework import dtypes, func_graph
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from . import (
    arithmetic_ops, bitwise_ops, cast_ops, comparison_ops, indexing_ops, product_ops, unary_ops,
)
from ..framework.context import ctx, current_trace, x64_installed
from .ragged_tensor import RaggedTensor


def _reflected(fn, name):
    def op(self, other):
        if ctx.traces:
            return _traced(fn, name, self, other, True)
        return fn(convert_to_tensor(other, dtype=self.dtype), self)
    return op


def _forward(fn, name):
    def op(self, other):
        if isinstance(other, RaggedTensor):   # TF: the RaggedTensor's reflected operator
            return NotImplemented
        if ctx.traces:
            return _traced(fn, name, self, other, False)
        return fn(self, other)
    return op


def _traced(fn, name, self, other, reflected):
    """An operator in a trace: recorded as TF names it."""
    graph = current_trace().graph
    if isinstance(self, Variable):
        read = self._read()
        graph.input_name(read)   # "ReadVariableOp"
        self = read
    with func_graph.named(name):
        if reflected:
            other = convert_to_tensor(other, dtype=self.dtype)
            if graph.lookup(other) is None:
                graph.converted(other)
            return fn(other, self)
        return fn(self, other)


def _mul(x, y):
    """`x * y`: TF 2.21's _mul_dispatch_factory: where either side is a bool Tensor (a
    Variable on the left is read: TF's operator runs on its value), both are cast to int32,
    multiplied, and the product cast to bool."""
    if x.dtype is dtypes.bool or (isinstance(y, Tensor) and y.dtype is dtypes.bool):
        product = arithmetic_ops.multiply(cast_ops.cast(x, dtypes.int32), cast_ops.cast(y, dtypes.int32))
        return cast_ops.cast(product, dtypes.bool)
    return arithmetic_ops.multiply(x, y)


_BINARY = {
    "add": arithmetic_ops.add, "sub": arithmetic_ops.subtract, "mul": _mul,
    "truediv": arithmetic_ops.truediv, "floordiv": arithmetic_ops.floordiv, "mod": arithmetic_ops.floormod,
    "pow": arithmetic_ops.pow, "matmul": product_ops.matmul,
    "and": bitwise_ops.and_, "or": bitwise_ops.or_, "xor": bitwise_ops.xor_,
}
# TF's node names of the operators (the others are named by their op type: "Less").
_NAMES = {"add": "add", "sub": "sub", "mul": "mul", "truediv": "truediv",
          "floordiv": "floordiv", "mod": "mod", "pow": "pow", "matmul": "matmul"}
_COMPARE = {"lt": comparison_ops.less, "le": comparison_ops.less_equal, "gt": comparison_ops.greater,
            "ge": comparison_ops.greater_equal}


def _install(cls):
    for name, fn in _BINARY.items():
        node = _NAMES.get(name)
        setattr(cls, f"__{name}__", _forward(fn, node))
        setattr(cls, f"__r{name}__", _reflected(fn, node))
    for name, fn in _COMPARE.items():
        setattr(cls, f"__{name}__", _forward(fn, None))
    cls.__eq__ = lambda self, other: comparison_ops.tensor_equals(self, other)
    cls.__ne__ = lambda self, other: comparison_ops.tensor_equals(self, other, comparison_ops.not_equal)
    cls.__neg__ = lambda self: unary_ops.negative(self)
    cls.__abs__ = lambda self: unary_ops.abs(self)
    cls.__invert__ = bitwise_ops.invert_
    cls.__getitem__ = indexing_ops.getitem
    x64_installed(cls)


_install(Tensor)
_install(Variable)
