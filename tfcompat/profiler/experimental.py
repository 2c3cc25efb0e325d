"""tf.profiler.experimental."""
from ._profiler import Profile, ProfilerOptions, Trace, start, stop
