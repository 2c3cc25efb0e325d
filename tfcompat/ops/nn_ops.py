"""tf.nn activations."""
import jax
import jax.numpy as jnp

from ..framework.dispatch import Op, check_dtype, execute, to_tensor
from .math_ops import FLOAT

_relu_op = Op("Relu", jax.nn.relu,
              allowed=("float", "double", "int32", "uint8", "int16", "int8", "int64",
                       "bfloat16", "uint16", "half", "uint32", "uint64", "qint8"),
              summary="name=Relu; signature=features:T -> activations:T; "
                      "attr=T:type,allowed=[{enums}]")
_softmax_op = Op("Softmax", lambda x, axis: jax.nn.softmax(x, axis=axis), allowed=FLOAT)


def relu(features, name=None):
    """tf.nn.relu (gradient 0 at 0, as TF)."""
    x = to_tensor(features)
    check_dtype(_relu_op, x)
    return execute(_relu_op, (x,))


def softmax(logits, axis=None, name=None):
    """tf.nn.softmax over `axis` (default: the last)."""
    x = to_tensor(logits)
    check_dtype(_softmax_op, x)
    return execute(_softmax_op, (x,), (("axis", -1 if axis is None else int(axis)),))
