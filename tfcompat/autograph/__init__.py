"""tf.autograph: AutoGraph's public API (api.py; the run-time operators are in
operators/, the source conversion in converters/ and static_analysis.py)."""
from . import experimental
from .api import set_verbosity, to_code, to_graph, trace
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
