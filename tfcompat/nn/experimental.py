"""tf.nn.experimental."""
from ..ops.nn_ops import stateless_dropout
