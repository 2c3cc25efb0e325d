"""`import tfcompat` loads only the core; tf.data, tf.io, tf.sparse's BCOO kernels,
tf.saved_model, tf.summary, AutoGraph's converters ... load on first access (issue 16),
with the same names and objects as before. Each case runs in a fresh interpreter:
sys.modules is process-wide."""
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Modules `import tfcompat` must not import (all but keras were imported by it before issue 16).
LAZY_MODULES = [
    "jax.experimental.sparse", "scipy.sparse", "keras",
    "tfcompat.data", "tfcompat.data.readers", "tfcompat.data.experimental",
    "tfcompat.io", "tfcompat.ops.parsing_ops", "tfcompat.ops.sparse_matmul_ops",
    "tfcompat.sparse", "tfcompat.saved_model", "tfcompat.summary", "tfcompat.profiler",
    "tfcompat.distribute", "tfcompat.dtensor", "tfcompat.lookup", "tfcompat.signal",
    "tfcompat.image", "tfcompat.strings", "tfcompat.train", "tfcompat.compat",
    "tfcompat.experimental", "tfcompat.tf_internal", "tfcompat.autograph.converters",
]
# The namespaces that load on first access, as dir(tf) lists them.
LAZY_NAMES = [
    "__internal__", "compat", "data", "distribute", "experimental", "image", "io", "lookup",
    "math", "nn", "profiler", "quantization", "random", "raw_ops", "saved_model", "sets",
    "signal", "sparse", "strings", "summary", "test", "train", "types",
]


def _run(code=None, script=None):
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    environ.pop("KERAS_BACKEND", None)
    args = [str(script)] if script else ["-c", textwrap.dedent(code)]
    p = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=environ,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()


def test_import_loads_none_of_the_lazy_modules():
    lines = _run(f"""
        import sys
        import tfcompat as tf
        print(sorted(m for m in {LAZY_MODULES!r} if m in sys.modules))
        print(sorted(n for n in {LAZY_NAMES!r} if n in vars(tf)))
        print(sorted(n for n in {LAZY_NAMES!r} if n not in dir(tf)))
        print(hasattr(tf.Tensor, '__round__'))   # installed at import, as TF's import does
        """)
    assert lines == ["[]", "[]", "[]", "True"]


def test_first_access_imports_and_keeps_the_same_objects():
    lines = _run("""
        import sys
        import tfcompat as tf
        st = tf.sparse.SparseTensor([[0, 0], [1, 1]], [1.0, 2.0], [2, 2])
        print(tf.sparse.to_dense(st).numpy().tolist(), 'jax.experimental.sparse' in sys.modules)
        from tfcompat.sparse import sparse_dense_matmul
        print(sparse_dense_matmul(st, tf.constant([[1.0, 2.0], [3.0, 4.0]])).numpy().tolist(),
              'jax.experimental.sparse' in sys.modules, 'sparse_dense_matmul' in dir(tf.sparse))
        print(tf.data.Dataset.from_tensor_slices([1, 2]).reduce(0, lambda a, b: a + b).numpy(),
              'tfcompat.data.readers' in sys.modules)
        for f in (tf.data.TFRecordDataset, tf.io.parse_example, tf.saved_model.save,
                  tf.train.ClusterSpec, tf.train.Example, tf.data.experimental.make_csv_dataset,
                  tf.sparse.sparse_dense_matmul, tf.summary.scalar, tf.lookup.StaticHashTable):
            print(f.__module__, f.__name__)
        import tfcompat.data, tfcompat.data.experimental
        print(tfcompat.data is tf.data, tf.experimental.dtensor is sys.modules['tfcompat.dtensor'],
              tf.__internal__ is sys.modules['tfcompat.tf_internal'],
              tf.experimental.numpy is sys.modules['tfcompat.experimental.numpy'])
        try:
            tf.no_such_name
        except AttributeError as e:
            print(e)
        try:
            tf.sparse.no_such_name
        except AttributeError as e:
            print(e)
        try:
            tf.lite.TFLiteConverter
        except AttributeError as e:
            print(e, hasattr(tf, 'lite'), hasattr(tf, 'feature_column'))
        star = {}
        exec('from tfcompat.nn import *', star)   # the lazy names too, as before
        print(star['ctc_loss'] is tf.nn.ctc_loss, 'conv2d' in star, '_lazy_exports' in star)
        """)
    assert lines == [
        "[[1.0, 0.0], [0.0, 2.0]] False",
        "[[1.0, 2.0], [6.0, 8.0]] True True",
        "3 False",
        "tfcompat.data.readers TFRecordDatasetV2",
        "tfcompat.ops.parsing_ops parse_example_v2",   # (TF's __name__)
        "tfcompat.saved_model.save save",
        "tfcompat.distribute.cluster_resolver.resolvers ClusterSpec",
        "tfcompat.ops.example_proto Example",
        "tfcompat.data.make_csv_dataset make_csv_dataset_v2",
        "tfcompat.ops.sparse_matmul_ops sparse_tensor_dense_matmul",
        "tfcompat.summary._ops scalar",
        "tfcompat.ops.lookup_tables StaticHashTable",
        "True True True True",
        "module 'tensorflow' has no attribute 'no_such_name'",
        "module 'tensorflow._api.v2.sparse' has no attribute 'no_such_name'",
        "tfcompat does not support tf.lite (TensorFlow Lite conversion and its interpreter) "
        "False False",
        "True True False",
    ]


def test_autograph_converters_load_with_the_first_conversion(tmp_path):
    script = tmp_path / "program.py"
    script.write_text(textwrap.dedent("""
        import sys
        import tfcompat as tf

        @tf.function
        def f(x):
            if x > 0:
                x = x * 2
            return x

        print('tfcompat.autograph.converters' in sys.modules)
        print(f(tf.constant(3)).numpy(), 'tfcompat.autograph.converters' in sys.modules)
        """))
    lines = _run(script=script)
    assert lines == ["False", "6 True"]


def test_tensorflow_alias_resolves_lazy_namespaces():
    lines = _run("""
        import sys
        import tfcompat
        tfcompat.register_as_tensorflow()
        import tensorflow as tf
        import tensorflow.data.experimental
        from tensorflow.sparse import sparse_dense_matmul
        from tensorflow.io import parse_example
        import tensorflow.saved_model
        from tensorflow import __internal__ as internal
        print(tensorflow.data.experimental is tfcompat.data.experimental,
              sys.modules['tensorflow.saved_model'] is tfcompat.saved_model,
              sparse_dense_matmul is tfcompat.sparse.sparse_dense_matmul,
              parse_example is tfcompat.io.parse_example,
              internal is tfcompat.__internal__)
        """)
    assert lines == ["True True True True True"]
