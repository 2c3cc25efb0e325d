"""Names of a public namespace imported on first access (PEP 562), as TF's own lazy loaders
load tf.keras: ``import tfcompat`` then does not import what most programs never touch
(jax.experimental.sparse, tf.data's readers, saved_model, summary ...).

A namespace lists its lazy names in a table; its ``__getattr__`` imports the module that
defines a name on first access and keeps the value in the namespace, so later reads are
plain attribute reads, and ``__dir__`` lists the lazy names with the loaded ones. A
namespace without its own ``__all__`` gets one made on request, so ``from tfcompat.nn import *``
still takes every public name.

Every name a namespace exports is entered under JAX's 64-bit mode (``scope_namespace``):
a tfcompat function through one wrapper (whichever namespaces export it), a tfcompat class
through its methods (context.x64_methods).
"""
import importlib
import types

from .context import _ours, is_x64_wrapper, x64, x64_class, x64_exempt
from .device_spec import DeviceSpecV2
from .dimension import Dimension
from .dtypes import DType
from .function_names import tf_named
from .tensor_shape import TensorShape

x64_exempt(DType, TensorShape, Dimension, DeviceSpecV2)
_wrappers = {}   # function -> its x64 wrapper


def scoped(value):
    """`value`, exported by a public namespace, entered under JAX's 64-bit mode: a tfcompat
    function as its x64 wrapper (one per function, whichever namespaces export it), a
    tfcompat class with x64 methods (context.x64_class). Public ops (composite_dispatch's
    wrappers, already under it) and other values stay as they are."""
    if isinstance(value, type):
        x64_class(value)
        return value
    if type(value) is not types.FunctionType or not _ours(value) or \
            is_x64_wrapper(value) or hasattr(value, "composite_overrides"):
        return value
    wrapper = _wrappers.get(value)
    if wrapper is None:
        wrapper = _wrappers[value] = x64(value)
    return wrapper


# Namespaces whose TF module is not under tensorflow._api.v2 (tensorflow.python.* too).
_TF_MODULES = {"tfcompat": "tensorflow", "tfcompat.dtensor": "tensorflow.dtensor",
               "tfcompat.experimental": "tensorflow.experimental"}
_NOT_TF = ("tfcompat.autograph.operators", "tfcompat.tf_internal")   # (tfcompat's own)


def tf_module_name(name):
    """The name of the TF module of namespace `name` (tf.strings: 'tensorflow._api.v2.strings'),
    which TF's AttributeError for a missing name shows."""
    if name in _TF_MODULES:
        return _TF_MODULES[name]
    if name in _NOT_TF or not name.startswith("tfcompat."):
        return name
    if name.startswith("tfcompat.python."):
        return "tensorflow" + name[len("tfcompat"):]
    return "tensorflow._api.v2" + name[len("tfcompat"):]


def _missing(namespace, name):
    """TF's AttributeError for `name`, missing from `namespace` (no "Did you mean":
    TF's lazy modules offer none)."""
    return AttributeError(f"module {tf_module_name(namespace['__name__'])!r} has no "
                          f"attribute {name!r}")


def scope_namespace(namespace):
    """Replace the public names of a namespace's globals by their `scoped` values (with
    TF's function names: function_names.py), and give it TF's AttributeError for a
    missing name (unless it has its own __getattr__)."""
    for name, value in list(namespace.items()):
        if not name.startswith("_"):
            namespace[name] = tf_named(scoped(value), namespace["__name__"], name)
    if "__getattr__" not in namespace:
        def __getattr__(name):
            raise _missing(namespace, name)
        namespace["__getattr__"] = __getattr__


def _split(entry):
    """``"name"`` or ``"name as alias"``: (alias, name)."""
    name, _, alias = entry.partition(" as ")
    return alias or name, name


def lazy_exports(namespace, exports=None, submodules=(), unsupported=None):
    """``(__getattr__, __dir__)`` for the namespace whose globals are `namespace`.

    `exports` maps a module, written as in a ``from MODULE import`` of the namespace's
    source (``"..ops.sparse_ops"``, ``".readers"``), to the names the namespace takes from
    it, each ``"name"`` or ``"name as alias"``; a name the module lacks is its submodule, as
    in ``from .. import dtensor``. `submodules` names the namespace package's own
    submodules that load on first access (``import tfcompat.data`` works as before), each
    ``"name"`` or ``"name as alias"``. `unsupported` maps the names of TF's that tfcompat
    does not have to what they are: reading one raises an AttributeError saying so.
    """
    package = namespace["__package__"]
    scope_namespace(namespace)
    where = {}
    for entry in submodules:
        alias, name = _split(entry)
        where[alias] = ("." + name, None)
    for module, names in (exports or {}).items():
        for entry in names:
            alias, name = _split(entry)
            where[alias] = (module, name)

    def __getattr__(name):
        if name == "__all__":   # (a star import's)
            return [n for n in __dir__() if not n.startswith("_")]
        try:
            module, source = where[name]
        except KeyError:
            if unsupported and name in unsupported:
                tf_name = tf_module_name(namespace["__name__"]).replace("tensorflow", "tf", 1)
                raise AttributeError(f"tfcompat does not support {tf_name}.{name} "
                                     f"({unsupported[name]})") from None
            raise _missing(namespace, name) from None
        value = importlib.import_module(module, package)
        if source is not None:
            try:
                value = getattr(value, source)
            except AttributeError:
                value = importlib.import_module(f"{value.__name__}.{source}")
        namespace[name] = value = tf_named(scoped(value), namespace["__name__"], name)
        return value

    def __dir__():
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__
