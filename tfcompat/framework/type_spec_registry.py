"""TF's type_spec_registry (tensorflow.python.framework.type_spec_registry): TypeSpec
classes by their registered names ("tf.TensorSpec" ...), which Keras's legacy JSON
encoder writes and reads back with TypeSpec._serialize and _deserialize."""
from .type_spec import TypeSpec

_REGISTRY = {}
_NAMES = {}

__all__ = ["register", "lookup", "get_name"]


def register(name):
    """Class decorator: registers a TypeSpec subclass under ``name``."""
    if not isinstance(name, str):
        raise TypeError("Expected `name` to be a string; got %r" % (name,))

    def decorator(cls):
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise ValueError(f"Name {name} has already been registered for class "
                             f"{_REGISTRY[name].__module__}.{_REGISTRY[name].__name__}.")
        _REGISTRY[name] = cls
        _NAMES[cls] = name
        return cls
    return decorator


def get_name(cls):
    """The name TypeSpec class ``cls`` is registered under."""
    if not (isinstance(cls, type) and issubclass(cls, TypeSpec)):
        raise TypeError("Expected `cls` to be a TypeSpec; got %r" % (cls,))
    if cls not in _NAMES:
        raise ValueError(f"TypeSpec {cls.__module__}.{cls.__name__} has not been registered.")
    return _NAMES[cls]


def lookup(name):
    """The TypeSpec class registered under ``name``."""
    if name not in _REGISTRY:
        raise ValueError(f"No TypeSpec has been registered with name {name!r}")
    return _REGISTRY[name]
