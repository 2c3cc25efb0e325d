"""tf.profiler.experimental."""
from ._profiler import Profile, ProfilerOptions, Trace, start, stop
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
