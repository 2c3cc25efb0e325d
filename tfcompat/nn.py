"""tf.nn."""
from .ops.math_ops import sigmoid, tanh  # noqa: F401
from .ops.nn_ops import relu, softmax  # noqa: F401
