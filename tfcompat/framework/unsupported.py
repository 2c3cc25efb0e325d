"""The TF APIs that tfcompat does not implement yet but that TF-ecosystem libraries name at
import time (Keras decorates with tf.sparse.add, checks isinstance(x, tf.SparseTensor)).
Each exists, so imports and isinstance checks work, and raises NotImplementedError naming
itself when used. Sparse and ragged tensors are a later issue."""


def unsupported_function(api, why):
    def function(*args, **kwargs):
        raise NotImplementedError(f"{api} is not supported by tfcompat ({why})")
    function.__name__ = function.__qualname__ = api.rsplit(".", 1)[-1]
    function.__doc__ = f"{api}: not supported by tfcompat ({why})."
    return function


def unsupported_class(api, why):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"{api} is not supported by tfcompat ({why})")
    name = api.rsplit(".", 1)[-1]
    return type(name, (), {"__init__": __init__, "__doc__": f"{api}: not supported by "
                           f"tfcompat ({why}); no value is ever an instance."})
