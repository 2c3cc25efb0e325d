"""tf.keras: the custom-training-loop toolkit of Keras 3.15 (the Keras TF 2.21 ships):
optimizers (with their schedules), losses and metrics, written on tfcompat's public API.

No layers or models: those raise AttributeError naming the missing API.
"""
from . import losses, metrics, optimizers
from .variables import Variable
from .optimizers import Optimizer
from .losses import Loss
from .metrics import Metric


def __getattr__(name):
    raise AttributeError(f"module 'tfcompat.keras' has no attribute '{name}' "
                         f"(tfcompat implements only optimizers, losses and metrics of tf.keras)")
