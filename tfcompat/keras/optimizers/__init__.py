"""tf.keras.optimizers: Keras 3.15's optimizers and learning-rate schedules."""
from . import schedules
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .base_optimizer import Optimizer
from .ftrl import Ftrl
from .lion import Lion
from .nadam import Nadam
from .rmsprop import RMSprop
from .sgd import SGD

_ALL = {c.__name__.lower(): c for c in (Adadelta, Adagrad, Adam, Adamax, AdamW, Ftrl, Lion,
                                        Nadam, RMSprop, SGD)}


def get(identifier):
    """keras.optimizers.get: an Optimizer from an instance, a name or a config dict."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        obj = deserialize({"class_name": identifier, "config": {}})
    else:
        obj = identifier
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def serialize(optimizer):
    return {"module": "keras.optimizers", "class_name": type(optimizer).__name__,
            "config": optimizer.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """keras.optimizers.deserialize: Keras' deserialize_keras_object over the built-in
    optimizers (class names case-insensitive: the config's class_name is lowered in place,
    as Keras does). A class name it does not know comes back as that string."""
    if config["class_name"].lower() in _ALL:
        config["class_name"] = config["class_name"].lower()
    custom_objects = custom_objects or {}
    if config is None:
        return None
    if isinstance(config, str) and custom_objects.get(config) is not None:
        return custom_objects[config]
    inner = None
    if isinstance(config, dict):
        inner = config.get("config")
        if "class_name" not in config:
            raise ValueError(f"Unknown `config` as a `dict`, config={config}")
        name = config["class_name"]
        for key in (name, config.get("registered_name")):
            if key in custom_objects:
                return custom_objects[key].from_config(inner if inner is not None else {})
        if config.get("module", "_") is None:
            raise TypeError(
                f"Cannot deserialize object of type `{name}`. If `{name}` is a custom "
                f"class, please register it using the "
                f"`@keras.saving.register_keras_serializable()` decorator.")
        config = name
    if config not in _ALL:
        return config
    cls = _ALL[config]
    inner = inner if inner is not None else {}
    if not isinstance(inner, dict):
        raise TypeError(f"Expected 'config' to be a dict for {cls.__name__},\ninstead got "
                        f"{type(inner)}\nFull config: {{'module': 'keras.optimizers', "
                        f"'class_name': {cls.__name__!r}, 'config': {inner!r}, "
                        f"'registered_name': None}}")
    return cls.from_config(inner)
