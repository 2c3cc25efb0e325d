"""tf.compat.v1: the TF1 calls that TF2 programs (and Keras's TF backend) still make."""
from ..framework.func_graph import Graph
from ..framework.graph_scope import (get_default_graph, placeholder, reset_default_graph,
                                     sparse_placeholder)

__all__ = ["Graph", "get_default_graph", "placeholder", "reset_default_graph",
           "sparse_placeholder"]
