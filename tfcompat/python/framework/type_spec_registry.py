"""tensorflow.python.framework.type_spec_registry: TypeSpec classes by registered name."""
from ...framework.type_spec_registry import get_name, lookup, register

__all__ = ["register", "lookup", "get_name"]
