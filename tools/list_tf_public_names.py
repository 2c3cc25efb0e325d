"""Write tools/tf_public_names.txt: every public name of TF 2.21's `tf` namespace and its
sub-namespaces (tf.math.add, tf.nn.relu, ...), one per line.

Run with a Python that has TensorFlow (never the project's .venv):

    /tmp/tfref/bin/python tools/list_tf_public_names.py
"""
import os
import pathlib
import types

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf

# Sub-namespaces listed; deeper ones (tf.compat, tf.keras internals, tf.raw_ops) are not.
NAMESPACES = ["", "math", "nn", "linalg", "random", "image", "bitwise", "dtypes", "errors",
              "autodiff", "config", "debugging", "train", "data", "keras", "keras.optimizers",
              "keras.losses", "keras.metrics", "keras.layers", "strings", "signal", "sparse",
              "ragged", "experimental", "distribute", "saved_model", "summary", "io", "nest",
              "sets", "audio", "lookup", "types", "test", "tpu", "feature_column", "quantization",
              "queue", "version", "xla", "mlir", "dtensor", "graph_util", "sysconfig",
              "autograph", "compat"]


def names(prefix):
    module = tf
    for part in filter(None, prefix.split(".")):
        module = getattr(module, part)
    out = []
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        value = getattr(module, name)
        full = f"{prefix}.{name}" if prefix else name
        if isinstance(value, types.ModuleType) and prefix == "" and name in NAMESPACES:
            continue  # listed by its own namespace
        out.append(full)
    return out


def main():
    lines = []
    for ns in NAMESPACES:
        lines.extend(names(ns))
    path = pathlib.Path(__file__).with_name("tf_public_names.txt")
    path.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} names from TensorFlow {tf.__version__} -> {path}")


if __name__ == "__main__":
    main()
