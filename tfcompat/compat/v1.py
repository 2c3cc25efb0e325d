"""tf.compat.v1: the TF1 calls that TF2 programs (and Keras's TF backend) still make."""
from ..framework.context import executing_eagerly


def reset_default_graph():
    """tf.compat.v1.reset_default_graph. tfcompat keeps no global default graph outside
    tf.function (its graphs are the traces), so there is nothing to clear; inside a trace
    it raises TF's AssertionError."""
    if not executing_eagerly():
        raise AssertionError(
            "Do not use tf.reset_default_graph() to clear nested graphs. If you need a "
            "cleared graph, exit the nesting and create a new graph.")


def placeholder(dtype, shape=None, name=None):
    """tf.compat.v1.placeholder: TF1 graphs are not supported by tfcompat."""
    raise NotImplementedError(
        "tf.compat.v1.placeholder is not supported by tfcompat (TF1 graphs and FuncGraph "
        "placeholder scopes); use tf.function with an input_signature")


def sparse_placeholder(dtype, shape=None, name=None):
    raise NotImplementedError("tf.compat.v1.sparse_placeholder is not supported by tfcompat "
                              "(TF1 graphs, sparse tensors)")
