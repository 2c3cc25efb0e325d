"""The machinery every op shares: dtypes, Tensor, Variable, dispatch and the tape."""
from . import compilation_cache

compilation_cache.configure()
