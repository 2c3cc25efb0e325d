"""tf.saved_model.experimental: VariablePolicy (the save/load options' policy enum) and
TrackableResource."""
from ..framework.tracking_base import TrackableResource
from .options import VariablePolicy

__all__ = ["TrackableResource", "VariablePolicy"]


def __getattr__(name):
    raise AttributeError(f"module 'tfcompat.saved_model.experimental' has no attribute "
                         f"'{name}' (tfcompat implements only TrackableResource and VariablePolicy of "
                         f"tf.saved_model.experimental)")
