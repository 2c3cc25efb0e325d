"""tf.keras.optimizers: Keras 3.15's optimizers and learning-rate schedules."""
from . import schedules  # noqa: F401
from .adadelta import Adadelta  # noqa: F401
from .adagrad import Adagrad  # noqa: F401
from .adam import Adam  # noqa: F401
from .adamax import Adamax  # noqa: F401
from .adamw import AdamW  # noqa: F401
from .base_optimizer import Optimizer  # noqa: F401
from .ftrl import Ftrl  # noqa: F401
from .lion import Lion  # noqa: F401
from .nadam import Nadam  # noqa: F401
from .rmsprop import RMSprop  # noqa: F401
from .sgd import SGD  # noqa: F401

_ALL = {c.__name__.lower(): c for c in (Adadelta, Adagrad, Adam, Adamax, AdamW, Ftrl, Lion,
                                        Nadam, RMSprop, SGD)}


def get(identifier):
    """keras.optimizers.get: an Optimizer from an instance, a name or a config dict."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, dict):
        return _ALL[identifier["class_name"].lower()].from_config(identifier["config"])
    if isinstance(identifier, str) and identifier.lower() in _ALL:
        return _ALL[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def serialize(optimizer):
    return {"module": "keras.optimizers", "class_name": type(optimizer).__name__,
            "config": optimizer.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    return get(config)
