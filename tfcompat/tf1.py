"""TF1's API as TF2 programs reach it through tf.compat.v1 (re-exported by
tfcompat/compat/v1.py).

Most names of TF 2.21's tf.compat.v1 are TF2's own functions and classes
(``tf.compat.v1.log is tf.math.log``): those resolve to tfcompat's, from the table
``compat/v1_names.json`` that tools/record_compat_v1.py records from TF. The TF1-only
names a TF2 program still calls are in tf.compat.v1 (the eager-mode switches here; seeds,
logging and the graph scope Keras's TF backend uses from framework/); the other TF1-only
names (``to_float``, ``get_variable`` ...) raise an AttributeError that says so, as does
a TF2 name tfcompat lacks. Graph-mode sessions are not supported: ``Session`` and
``disable_eager_execution`` raise NotImplementedError.
"""
import json as _json
import os as _os
import sys as _sys
import types as _types

from .framework.unsupported import unsupported_class

_MODULE = "tfcompat.compat.v1"
with open(_os.path.join(_os.path.dirname(__file__), "compat", "v1_names.json")) as _f:
    _NAMES = _json.load(_f)
_TF1_ONLY = ("is TF1 API that tfcompat does not implement: tfcompat runs TF2 programs "
             "(the tf.compat.v1 names that are TF2's own functions work)")
_GRAPH_MODE = "TF1 graph mode: tfcompat runs eagerly and in tf.function"

Session = unsupported_class("tf.compat.v1.Session", _GRAPH_MODE)
InteractiveSession = unsupported_class("tf.compat.v1.InteractiveSession", _GRAPH_MODE)


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """tf.compat.v1.enable_eager_execution: eager execution is always on in TF2."""


def enable_v2_behavior():
    """tf.compat.v1.enable_v2_behavior: TF2 behaviour is always on."""


def disable_eager_execution():
    """tf.compat.v1.disable_eager_execution: not supported (TF1 graph mode)."""
    raise NotImplementedError(f"tf.compat.v1.disable_eager_execution is not supported by "
                              f"tfcompat ({_GRAPH_MODE})")


def disable_v2_behavior():
    """tf.compat.v1.disable_v2_behavior: not supported (TF1 graph mode)."""
    raise NotImplementedError(f"tf.compat.v1.disable_v2_behavior is not supported by "
                              f"tfcompat ({_GRAPH_MODE})")


# TF1-only names below tf.compat.v1 that TF2 programs call eagerly, tfcompat's (module,
# name) for each
_V1_ONLY = {
    "io.tf_record_iterator": ("tfcompat.data.record_io", "tf_record_iterator"),
    "python_io.tf_record_iterator": ("tfcompat.data.record_io", "tf_record_iterator"),
    "train.summary_iterator": ("tfcompat.summary.summary_iterator", "summary_iterator"),
    "Dimension": ("tfcompat.framework.tensor_shape", "Dimension"),
    "CXX_VERSION": ("tfcompat.framework.build_info", "CXX_VERSION"),
    # the event file protos, to read what summary_iterator gives (or the records' bytes)
    **{f"{scope}{name}": ("tfcompat.summary.event_protos", name)
       for scope, names in (("", ("Event", "HistogramProto", "LogMessage", "SessionLog",
                                  "Summary")),
                            ("summary.", ("Event", "SessionLog", "Summary",
                                          "SummaryDescription", "TaggedRunMetadata")))
       for name in names},
    **{name: ("tfcompat.framework.versions", name) for name in (
        "VERSION", "GIT_VERSION", "COMPILER_VERSION", "CXX11_ABI_FLAG", "MONOLITHIC_BUILD",
        "GRAPH_DEF_VERSION", "GRAPH_DEF_VERSION_MIN_CONSUMER",
        "GRAPH_DEF_VERSION_MIN_PRODUCER")},
}


def _resolve(path):
    """tf.compat.v1.`path` by the table: TF2's object, a submodule, or a clear error."""
    if path in _V1_ONLY:
        import importlib
        module, name = _V1_ONLY[path]
        return getattr(importlib.import_module(module), name)
    target = _NAMES.get(path, False)
    if target is False:
        raise AttributeError(f"module 'tensorflow._api.v2.compat.v1' has no attribute '{path}'")
    if target is None:
        raise AttributeError(f"tf.compat.v1.{path} {_TF1_ONLY}")
    if target == "<module>":
        return _submodule(path)
    import tfcompat
    obj = tfcompat
    for part in target.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise AttributeError(f"tf.compat.v1.{path} is tf.{target}, which tfcompat does "
                                 f"not implement yet")
    return obj


class _Submodule(_types.ModuleType):
    """A submodule of tf.compat.v1 (``tf.compat.v1.math`` ...), resolved by the table."""

    def __init__(self, path):
        super().__init__(f"{_MODULE}.{path}")
        self._path = path

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = _resolve(f"{self._path}.{name}")
        setattr(self, name, value)
        return value

    def __dir__(self):
        prefix = self._path + "."
        return sorted({k[len(prefix):].split(".")[0] for k in _NAMES if k.startswith(prefix)})


def _submodule(path):
    module = _sys.modules.get(f"{_MODULE}.{path}")
    if module is None:
        module = _sys.modules[f"{_MODULE}.{path}"] = _Submodule(path)
    return module


def module_getattr(namespace):
    """The ``__getattr__`` of the tf.compat.v1 module `namespace` (its globals): names
    resolved by the table, then kept there."""
    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = namespace[name] = _resolve(name)
        return value
    return __getattr__


def module_dir(namespace):
    """The ``__dir__`` of the tf.compat.v1 module `namespace`: its names and the table's."""
    return lambda: sorted(set(namespace) | {k.split(".")[0] for k in _NAMES})
