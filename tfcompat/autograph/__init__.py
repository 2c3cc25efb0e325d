"""tf.autograph: AutoGraph's public API (the run-time machinery is
tfcompat/framework/autograph.py; the source conversion converters.py and
static_analysis.py here)."""
from . import experimental
from ..framework.autograph import set_verbosity, to_code, to_graph, trace
