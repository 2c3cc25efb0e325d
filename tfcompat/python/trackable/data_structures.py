"""tensorflow.python.trackable.data_structures: the list and dict that a trackable object
wraps around the containers assigned to its attributes (Keras registers them as tree
nodes)."""
from ...framework.trackable import DictWrapper as _DictWrapper
from ...framework.trackable import ListWrapper
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["ListWrapper", "_DictWrapper"]

_scope_namespace(globals())
