"""tensorflow.python.framework.type_spec_registry: TypeSpec classes by registered name."""
from ...framework.type_spec_registry import get_name, lookup, register
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["register", "lookup", "get_name"]

_scope_namespace(globals())
