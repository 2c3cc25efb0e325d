"""Op families as pure JAX functions, each registered once with the dispatcher.

Importing any of them installs the methods of Variable and IndexedSlices that compute
with ops (variable_methods.py), as overloads.py installs the Tensor operators."""
from . import variable_methods  # noqa: F401 - installs the methods
from . import autopacking  # noqa: F401 - registers the list conversion
from . import graph_rewrites  # noqa: F401 - registers grappler's emulated rewrites
