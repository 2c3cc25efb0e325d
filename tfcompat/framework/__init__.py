"""The machinery every op shares: dtypes, Tensor, Variable, dispatch and the tape."""
from . import compilation_cache, xla_flags

xla_flags.configure()
compilation_cache.configure()
