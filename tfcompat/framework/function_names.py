"""TF's __name__ and __qualname__ of its public functions (function_names.json, recorded
from TF 2.21 by tools/record_function_names.py), given to the functions tfcompat's
namespaces export: Keras serializes an activation such as tf.nn.sigmoid by its __name__
('sigmoid', which it loads back as its own sigmoid), and a function's repr shows it
(tf.argmax is argmax_v2, tf.nn.silu swish, as in TF)."""
import json
import pathlib
import types

_NAMES = json.loads((pathlib.Path(__file__).parent / "function_names.json").read_text())


def tf_named(value, namespace, name):
    """`value`, exported as `name` by the namespace module named `namespace`
    ("tfcompat.math"), with TF's __name__ and __qualname__ for that public name."""
    if type(value) is not types.FunctionType:
        return value
    path = namespace.partition(".")[2]
    names = _NAMES.get(f"{path}.{name}" if path else name)
    if names is not None:
        value.__name__, value.__qualname__ = (names, names) if isinstance(names, str) \
            else names
    return value
