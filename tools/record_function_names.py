"""Record the __name__ (and __qualname__ where it differs) of TensorFlow's public functions
into tfcompat/framework/function_names.json, which gives tfcompat's exported functions
TF's names (framework/function_names.py): Keras serializes an activation such as
tf.nn.sigmoid by its __name__, and a function's repr shows it.

The functions are those of tf and its public submodules (tensorflow._api.v2; not
tf.keras, tf.compat or tf.raw_ops), by their public paths ("math.sigmoid"). Run it from the repository root in the
reference environment (see tests/golden/record.py; NOT the project's .venv):

    /tmp/tfref/bin/python tools/record_function_names.py           # write the JSON
    /tmp/tfref/bin/python tools/record_function_names.py --check   # compare, write nothing
"""
import inspect
import json
import os
import pathlib

import generated_file

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tfcompat" / "framework" / "function_names.json"
_SKIPPED = ("keras", "compat", "raw_ops", "estimator")


def _walk(module, prefix, seen, out):
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        try:
            value = getattr(module, name)
        except Exception:  # noqa: BLE001 - a lazy name that does not load here
            continue
        path = prefix + name
        if inspect.ismodule(value):
            if value.__name__.startswith("tensorflow._api.v2.") and id(value) not in seen \
                    and not path.startswith(_SKIPPED):
                seen.add(id(value))
                _walk(value, path + ".", seen, out)
        elif inspect.isfunction(value):
            out[path] = value.__name__ if value.__qualname__ == value.__name__ else [
                value.__name__, value.__qualname__]


def render():
    import tensorflow as tf
    out = {}
    _walk(tf, "", {id(tf)}, out)
    return "{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}"
                              for k, v in sorted(out.items())) + "\n}\n"


if __name__ == "__main__":
    generated_file.main(__doc__, OUT, render, ROOT, "functions")
