"""`import tensorflow` gives tfcompat: ``register_as_tensorflow()``.

After it, ``import tensorflow`` returns the ``tfcompat`` module itself and
``import tensorflow.x.y`` returns ``tfcompat.x.y`` (one module object under both names, not
a second import). TF's internal paths that TF-ecosystem code imports (Keras imports
``tensorflow.python.trackable.data_structures``, ``tensorflow.python.eager.context``,
``tensorflow.compiler.tf2xla.python.xla`` ...) live in ``tfcompat.python`` and
``tfcompat.compiler`` under the same names. ``tensorflow.keras`` is Keras's
``keras._tf_keras.keras``, as in TF 2.21.

Once tfcompat is imported, ``import tensorflow`` where no TensorFlow is installed
registers it as well (a finder that runs after all the others), so that ``import keras``
after ``import tfcompat as tf`` runs Keras's TensorFlow backend on tfcompat, as it runs on
TF after ``import tensorflow as tf``. An installed TensorFlow is found first and left alone.

A path tfcompat does not have is a ModuleNotFoundError, as for any missing module.
"""
import builtins
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
import os
import sys
import types
import zipfile

from .framework.heap import freeze_loaded

_PREFIX = "tensorflow"
_KERAS = "keras._tf_keras.keras"


class _AliasLoader(importlib.abc.Loader):
    """Loads an alias by returning the module that already exists under tfcompat's name."""

    def __init__(self, module):
        self._module = module
        self._spec = getattr(module, "__spec__", None)

    def create_module(self, spec):
        return self._module

    def exec_module(self, module):
        # The import system stamped the alias's spec on the module: keep the module's own.
        if self._spec is not None:
            module.__spec__ = self._spec


def _target(fullname):
    """tfcompat's (or Keras's) module name for a ``tensorflow...`` (or ``tfcompat.keras...``)
    name."""
    if fullname == "tfcompat.keras" or fullname.startswith("tfcompat.keras."):
        prepare_keras()
        return _KERAS + fullname[len("tfcompat.keras"):]
    rest = fullname[len(_PREFIX):]
    if rest == ".keras" or rest.startswith(".keras."):
        prepare_keras()
        return _KERAS + rest[len(".keras"):]
    return "tfcompat" + rest


def _resolve(target):
    """The module object for ``target``, or None when there is none."""
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as e:
        if e.name is None or not (target == e.name or target.startswith(e.name + ".")):
            raise  # a module that exists failed on one of its own imports
    parent, _, attr = target.rpartition(".")
    if not parent:
        return None
    owner = _resolve(parent)
    value = getattr(owner, attr, None) if owner is not None else None
    return value if isinstance(value, types.ModuleType) else None


class TensorflowFinder(importlib.abc.MetaPathFinder):
    """The meta-path finder that answers ``tensorflow`` and ``tensorflow.*`` once
    registered, and ``tfcompat.keras.*`` (Keras's ``keras._tf_keras.keras.*``) always."""

    registered = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "tfcompat.keras" or fullname.startswith("tfcompat.keras."):
            pass
        elif not self.registered or (fullname != _PREFIX
                                     and not fullname.startswith(_PREFIX + ".")):
            return None
        module = _resolve(_target(fullname))
        if module is None:
            return None
        return importlib.util.spec_from_loader(
            fullname, _AliasLoader(module), is_package=hasattr(module, "__path__"))

    def invalidate_caches(self):
        pass


class _FallbackFinder(importlib.abc.MetaPathFinder):
    """Last on ``sys.meta_path``: answers ``import tensorflow`` when no other finder did
    (no TensorFlow installed) by registering tfcompat as tensorflow."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _PREFIX or _FINDER.registered:
            return None
        _FINDER.registered = True
        return _FINDER.find_spec(fullname)

    def invalidate_caches(self):
        pass


_FINDER = TensorflowFinder()
_FALLBACK = _FallbackFinder()


def _is_real_tensorflow(module):
    return module is not None and not getattr(module, "__name__", "").startswith("tfcompat")


def register_as_tensorflow():
    """Make ``import tensorflow`` (and ``import tensorflow.x.y``) give tfcompat.

    Raises RuntimeError if the real TensorFlow is already imported in this process: the
    two cannot share ``sys.modules['tensorflow']``. Calling it again does nothing.
    """
    existing = sys.modules.get(_PREFIX)
    if _is_real_tensorflow(existing):
        raise RuntimeError(
            "tfcompat.register_as_tensorflow(): the real TensorFlow is already imported in this "
            f"process (sys.modules['tensorflow'] is {existing!r}); call it before anything "
            "imports tensorflow")
    install_finder()
    _FINDER.registered = True
    if existing is None:
        importlib.import_module(_PREFIX)


def is_registered():
    """Whether ``register_as_tensorflow()`` was called."""
    return _FINDER.registered


def install_finder():
    """Put the finders on ``sys.meta_path`` (importing tfcompat does, for ``tfcompat.keras``
    and for ``import tensorflow`` where no TensorFlow is installed)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    if _FALLBACK not in sys.meta_path:
        sys.meta_path.append(_FALLBACK)


def keras_lazy_loaders(parent_globals):
    """``tf.keras``, ``tf.optimizers``, ``tf.losses``, ``tf.metrics`` and
    ``tf.initializers`` for the module whose globals are given, as TF 2.21 makes them."""
    install_finder()
    return (KerasLazyLoader(parent_globals),
            *(KerasLazyLoader(parent_globals, name)
              for name in ("optimizers", "losses", "metrics", "initializers")))


def prepare_keras():
    """What TF's ``tf.keras`` does before Keras loads: ``import tensorflow`` must give
    tfcompat, and Keras must run its TensorFlow backend. Raises RuntimeError when Keras
    was already imported (or is configured) with another backend."""
    register_as_tensorflow()
    keras = sys.modules.get("keras.src.backend.config")
    if keras is not None:
        backend = keras.backend()
        if backend != "tensorflow":
            raise RuntimeError(
                f"tf.keras: keras is already imported with the {backend!r} backend; tf.keras "
                "is Keras on its TensorFlow backend. Access tf.keras before importing keras, "
                "or set KERAS_BACKEND=tensorflow")
        return
    backend = os.environ.get("KERAS_BACKEND")
    if backend and backend != "tensorflow":
        raise RuntimeError(
            f"tf.keras: KERAS_BACKEND is {backend!r}; tf.keras is Keras on its TensorFlow "
            "backend. Unset KERAS_BACKEND or set it to 'tensorflow'")
    os.environ["KERAS_BACKEND"] = "tensorflow"


class KerasLazyLoader(types.ModuleType):
    """``tf.keras`` (and ``tf.optimizers``, ``tf.losses`` ...) as TF 2.21 gives it: a module
    that imports ``keras._tf_keras.keras`` (or its ``submodule``) on first attribute access,
    after ``prepare_keras()``, then replaces itself in its parent."""

    def __init__(self, parent_globals, submodule=None, name=None):
        self._tfll_parent = parent_globals
        self._tfll_submodule = submodule
        self._tfll_name = name or submodule or "keras"
        self._tfll_module = None
        super().__init__(_KERAS + (f".{submodule}" if submodule else ""))

    def _load(self):
        if self._tfll_module is None:
            prepare_keras()
            first = "keras" not in sys.modules
            module = importlib.import_module(self.__name__)
            if first:   # (Keras's modules: as import tfcompat's, see heap.py)
                freeze_loaded(collect=True)
            self._tfll_module = module
            self._tfll_parent[self._tfll_name] = module
            if self._tfll_submodule is None:
                sys.modules.setdefault(self._tfll_parent["__name__"] + ".keras", module)
            self.__dict__.update(module.__dict__)
        return self._tfll_module

    def __getattr__(self, item):
        if item.startswith("_tfll_"):
            raise AttributeError(item)
        return getattr(self._load(), item)

    def __dir__(self):
        return dir(self._load())

    def __repr__(self):
        return f"<KerasLazyLoader {self.__name__!r} (not loaded)>"


# `python -m tfcompat` uses this.
def run_script(argv):
    """Run ``argv[0]`` (a script path, or ``-m MODULE``) as ``__main__`` with tfcompat as
    tensorflow, with ``sys.argv`` and ``sys.path[0]`` set as ``python`` sets them; an
    uncaught exception is printed with the program's frames alone, and returns 1."""
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m tfcompat SCRIPT [ARGS...]\n"
              "       python -m tfcompat -m MODULE [ARGS...]\n"
              "Runs a TensorFlow 2 program unmodified, with `import tensorflow` giving tfcompat.")
        return 0 if argv else 2
    register_as_tensorflow()
    try:
        _run(argv)
    except Exception as e:  # noqa: BLE001 - reported as python reports an uncaught one
        e.with_traceback(_user_frames(e.__traceback__))
        sys.excepthook(type(e), e, e.__traceback__)
        return 1
    return 0


def _run(argv):
    import runpy
    if argv[0] == "-m":
        if len(argv) < 2:
            raise SystemExit("python -m tfcompat -m: argument expected")
        sys.argv = [argv[1], *argv[2:]]
        sys.path.insert(0, os.getcwd())
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        return
    script = argv[0]
    if not os.path.exists(script):
        raise SystemExit(f"python -m tfcompat: can't open file {script!r}: "
                         "[Errno 2] No such file or directory")
    sys.argv = list(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    if os.path.isfile(script) and not zipfile.is_zipfile(script):
        _run_source_file(os.path.abspath(script))
    else:   # a folder or zip file with a __main__.py
        runpy.run_path(script, run_name="__main__")


def _user_frames(tb):
    """Traceback `tb` without its first frames that run_script and runpy add, so that an
    uncaught exception prints as under ``python SCRIPT``."""
    import runpy
    runner = {__file__, runpy.__file__, "<frozen runpy>"}
    while tb is not None and tb.tb_next is not None and \
            tb.tb_frame.f_code.co_filename in runner:
        tb = tb.tb_next
    return tb


def _run_source_file(path):
    """Run a script file as ``python SCRIPT`` does: its ``__main__`` module is
    ``sys.modules['__main__']`` with the absolute ``__file__`` (as tracebacks and TF's "in
    user code:" frames show it) and a SourceFileLoader, while ``sys.argv[0]`` stays as
    given (``runpy.run_path`` would make both the same)."""
    with io.open_code(path) as f:
        code = compile(f.read(), path, "exec", dont_inherit=True)
    main = types.ModuleType("__main__")
    main.__dict__.update(__file__=path, __cached__=None, __builtins__=builtins,
                         __loader__=importlib.machinery.SourceFileLoader("__main__", path))
    sys.modules["__main__"] = main
    exec(code, main.__dict__)
