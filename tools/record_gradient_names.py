"""Record the op types TF 2.21 registers gradients for (tf.RegisterGradient and
tf.no_gradient, after ``import tensorflow``) into tfcompat/framework/gradient_names.json,
so that tfcompat's gradient registry refuses to register them again as TF does. Run it
from the repository root in the reference environment (NOT the project's .venv):

    /tmp/tfref/bin/python tools/record_gradient_names.py
"""
import json
import os
import pathlib

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

OUT = pathlib.Path(__file__).resolve().parent.parent / "tfcompat" / "framework" / \
    "gradient_names.json"


def main():
    import tensorflow as tf
    from tensorflow.python.framework import ops
    names = sorted(ops._gradient_registry.list())   # noqa: SLF001 - TF's registry itself
    OUT.write_text(json.dumps({"tensorflow": tf.__version__, "names": names}, indent=0) + "\n",
                   encoding="utf-8")
    print(f"{len(names)} op types -> {OUT}")


if __name__ == "__main__":
    main()
