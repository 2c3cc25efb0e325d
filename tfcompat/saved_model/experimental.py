"""tf.saved_model.experimental: VariablePolicy (the save/load options' policy enum)."""
from .options import VariablePolicy

__all__ = ["VariablePolicy"]


def __getattr__(name):
    raise AttributeError(f"module 'tfcompat.saved_model.experimental' has no attribute "
                         f"'{name}' (tfcompat implements only VariablePolicy of "
                         f"tf.saved_model.experimental)")
