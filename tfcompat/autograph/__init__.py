"""tf.autograph: AutoGraph's public API (the machinery is tfcompat/framework/autograph.py)."""
from . import experimental  # noqa: F401
from ..framework.autograph import set_verbosity, to_code, to_graph, trace  # noqa: F401
