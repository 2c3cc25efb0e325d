"""tf.compat.v1: TF1's API as TF2 programs reach it (tfcompat/tf1.py): TF2's own
functions under their v1 names, the TF1-only names TF2 programs still call, and errors
that name the rest."""
from ..framework.func_graph import Graph
from ..framework.graph_scope import (get_default_graph, placeholder, reset_default_graph,
                                     sparse_placeholder)
from ..framework import v1_logging as logging
from ..framework.context import executing_eagerly
from ..framework.dimension import Dimension, dimension_value
from ..framework.tensor_shape import dimension_at_index
from ..framework.variables import VariableAggregationV1 as VariableAggregation
from ..ops.random_seed import set_seed as set_random_seed
from ..summary.event_protos import SummaryMetadata
from ..tf1 import (InteractiveSession, Session, disable_eager_execution, disable_v2_behavior,
                   enable_eager_execution, enable_v2_behavior, module_dir, module_getattr)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["Dimension", "Graph", "InteractiveSession", "Session", "SummaryMetadata",
           "VariableAggregation",
           "dimension_at_index", "dimension_value", "disable_eager_execution",
           "disable_v2_behavior", "enable_eager_execution",
           "enable_v2_behavior", "executing_eagerly", "get_default_graph", "logging",
           "placeholder", "reset_default_graph", "set_random_seed", "sparse_placeholder"]

__getattr__ = module_getattr(globals())
__dir__ = module_dir(globals())

_scope_namespace(globals())
