"""register_as_tensorflow(), `python -m tfcompat` and the lazy tf.keras (issue 14). Each
case runs in a fresh interpreter: the alias and Keras's backend are process-wide."""
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _run(code, *args, env=None, module=False, cwd=None):
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    environ.pop("KERAS_BACKEND", None)
    environ.update(env or {})
    cmd = [sys.executable, *(["-m", "tfcompat"] if module else ["-c"]), code, *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=environ, timeout=300,
                          cwd=cwd)


def test_import_tensorflow_gives_tfcompat_modules_once():
    p = _run(textwrap.dedent("""
        import sys, tfcompat
        tfcompat.register_as_tensorflow()
        import tensorflow as tf
        import tensorflow.data, tensorflow.summary
        from tensorflow.python.eager import context
        from tensorflow.python.trackable.data_structures import ListWrapper, _DictWrapper
        from tensorflow.compiler.tf2xla.python.xla import dynamic_update_slice
        import tfcompat.python.eager.context as ours
        print(tf is tfcompat, tensorflow.data is tfcompat.data,
              sys.modules['tensorflow.summary'] is tfcompat.summary, context is ours,
              tfcompat.data.__spec__.name, tf.__name__)
        print(dynamic_update_slice(tf.zeros([4]), tf.ones([2]), [1]).numpy())
        try:
            import tensorflow.no_such_module
        except ModuleNotFoundError as e:
            print('missing:', e)
        tfcompat.register_as_tensorflow()   # again: nothing happens
        print('keras' in sys.modules)
        """))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "True True True True tfcompat.data tfcompat"
    assert lines[1] == "[0. 1. 1. 0.]"
    assert lines[2] == "missing: No module named 'tensorflow.no_such_module'"
    assert lines[3] == "False"   # tf.keras stays lazy


def test_refuses_when_real_tensorflow_is_imported():
    p = _run(textwrap.dedent("""
        import sys, types
        sys.modules['tensorflow'] = types.ModuleType('tensorflow')
        import tfcompat
        try:
            tfcompat.register_as_tensorflow()
        except RuntimeError as e:
            print(type(e).__name__, str(e).split(';')[0])
        """))
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == (
        "RuntimeError tfcompat.register_as_tensorflow(): the real TensorFlow is already "
        "imported in this process (sys.modules['tensorflow'] is <module 'tensorflow'>)")


def test_tf_keras_lazy_and_backend():
    p = _run(textwrap.dedent("""
        import os, sys, tfcompat as tf
        print(type(tf.keras).__name__, 'keras' in sys.modules, os.environ.get('KERAS_BACKEND'))
        Model = tf.keras.Model
        import keras
        print(Model is keras.Model, type(tf.keras).__name__, os.environ['KERAS_BACKEND'],
              keras.backend.backend())
        from tfcompat.keras import layers
        print(layers is keras._tf_keras.keras.layers)
        """))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == ["KerasLazyLoader False None",
                                     "True module tensorflow tensorflow", "True"]


def test_tf_keras_refuses_another_backend():
    p = _run("import keras, tfcompat as tf\ntry:\n    tf.keras.Model\n"
             "except RuntimeError as e:\n    print(e)", env={"KERAS_BACKEND": "jax"})
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("tf.keras: keras is already imported with the 'jax' backend")
    p = _run("import tfcompat as tf\ntry:\n    tf.keras.Model\n"
             "except RuntimeError as e:\n    print(e)", env={"KERAS_BACKEND": "jax"})
    assert p.stdout.startswith("tf.keras: KERAS_BACKEND is 'jax'")


def test_python_m_tfcompat_runs_an_unmodified_script(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent("""
        import sys
        import tensorflow as tf
        print(tf.__name__, sys.argv, __name__, sys.path[0] == %r)
        print(tf.reduce_sum(tf.constant([1.0, 2.0])).numpy())
        """ % str(tmp_path)))
    p = _run(str(script), "a", "--b", module=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [f"tfcompat [{str(script)!r}, 'a', '--b'] __main__ True",
                                     "3.0"]
    p = _run(str(tmp_path / "missing.py"), module=True)
    assert p.returncode != 0 and "can't open file" in p.stderr


def test_python_m_tfcompat_script_file_and_argv_as_python_sets_them(tmp_path):
    """A relative script path: ``__file__`` is absolute (as tracebacks and "in user code:"
    show it) and ``sys.argv[0]`` stays relative, as ``python prog.py`` gives them."""
    (tmp_path / "prog.py").write_text(textwrap.dedent("""
        import pickle, sys
        class A:
            pass
        print(__file__, sys.argv[0], type(__loader__).__name__)
        print(sys.modules["__main__"].A is A, type(pickle.loads(pickle.dumps(A()))) is A)
        """))
    for module in (True, False):
        p = _run("prog.py", module=module, cwd=tmp_path) if module else subprocess.run(
            [sys.executable, "prog.py"], capture_output=True, text=True, cwd=tmp_path)
        assert p.returncode == 0, p.stderr
        assert p.stdout.splitlines() == [f"{tmp_path / 'prog.py'} prog.py SourceFileLoader",
                                         "True True"]


def test_python_m_tfcompat_prints_an_uncaught_exception_as_python_does(tmp_path):
    """The traceback starts at the script's own frame (no runner or runpy frames), the
    exit status is 1, and a chained exception keeps its chain; as under ``python``,
    also for ``-m MODULE`` (less python's own runpy frames)."""
    (tmp_path / "prog.py").write_text(textwrap.dedent("""
        def f():
            try:
                {}["k"]
            except KeyError as e:
                raise ValueError("bad") from e
        f()
        """))
    runs = [(_run("prog.py", module=True, cwd=tmp_path), True),
            (subprocess.run([sys.executable, "prog.py"], capture_output=True, text=True,
                            cwd=tmp_path), True),
            (_run("-m", "prog", module=True, cwd=tmp_path), False)]
    for p, as_python in runs:
        assert p.returncode == 1 and p.stdout == ""
        frames = [line.strip() for line in p.stderr.splitlines() if line.startswith("  File")]
        assert frames == [f'File "{tmp_path / "prog.py"}", line 4, in f',
                          f'File "{tmp_path / "prog.py"}", line 7, in <module>',
                          f'File "{tmp_path / "prog.py"}", line 6, in f'], p.stderr
        assert p.stderr.rstrip().endswith("ValueError: bad") and "KeyError: 'k'" in p.stderr
        if as_python:
            reference = p.stderr
    assert runs[0][0].stderr == reference


def test_import_keras_after_tfcompat(tmp_path):
    """`import tfcompat as tf; import keras` is Keras on tfcompat, as `import tensorflow as
    tf; import keras` is Keras on TF: with no TensorFlow installed, `import tensorflow`
    registers tfcompat. An installed one (a stand-in package here) is found first."""
    code = textwrap.dedent("""
        import tfcompat as tf
        import keras
        import tensorflow
        m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, use_bias=False,
                                                                    kernel_initializer='ones')])
        print(keras.backend.backend(), keras.Model is tf.keras.Model, tensorflow is tf,
              tf.__internal__ is tensorflow.__internal__, m(tf.ones([1, 3])).numpy())
        """)
    p = _run(code)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "tensorflow True True True [[3. 3.]]"
    (tmp_path / "tensorflow").mkdir()
    (tmp_path / "tensorflow" / "__init__.py").write_text("REAL = True\n")
    p = _run("import tfcompat, tensorflow\nprint(getattr(tensorflow, 'REAL', False), "
             "tfcompat.tensorflow_alias.is_registered())",
             env={"PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}"})
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "True False"


def test_loaded_modules_are_frozen_and_earlier_garbage_is_collected():
    """heap.py: what `import tfcompat` and the first tf.keras access load is moved out of
    the collector's generations (gc.freeze); the program's cyclic garbage made before
    the Keras load is collected then, not frozen with it."""
    p = _run(textwrap.dedent("""
        import gc, weakref
        import jax.numpy
        before = len(gc.get_objects())
        import tfcompat as tf
        at_import = gc.get_freeze_count()
        class Node:
            pass
        a, b = Node(), Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
        del a, b
        kept = Node()
        tf.keras.layers.Dense
        print(at_import >= before, gc.get_freeze_count() > at_import, gone() is None,
              any(o is kept for o in gc.get_objects()))
        """))
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["True", "True", "True", "False"], p.stdout
