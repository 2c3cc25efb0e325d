"""Names of a public namespace imported on first access (PEP 562), as TF's own lazy loaders
load tf.keras: ``import tfcompat`` then does not import what most programs never touch
(jax.experimental.sparse, tf.data's readers, saved_model, summary ...).

A namespace lists its lazy names in a table; its ``__getattr__`` imports the module that
defines a name on first access and keeps the value in the namespace, so later reads are
plain attribute reads, and ``__dir__`` lists the lazy names with the loaded ones. A
namespace without its own ``__all__`` gets one made on request, so ``from tfcompat.nn import *``
still takes every public name.
"""
import importlib


def _split(entry):
    """``"name"`` or ``"name as alias"``: (alias, name)."""
    name, _, alias = entry.partition(" as ")
    return alias or name, name


def lazy_exports(namespace, exports=None, submodules=()):
    """``(__getattr__, __dir__)`` for the namespace whose globals are `namespace`.

    `exports` maps a module, written as in a ``from MODULE import`` of the namespace's
    source (``"..ops.sparse_ops"``, ``".readers"``), to the names the namespace takes from
    it, each ``"name"`` or ``"name as alias"``; a name the module lacks is its submodule, as
    in ``from .. import dtensor``. `submodules` names the namespace package's own
    submodules that load on first access (``import tfcompat.data`` works as before), each
    ``"name"`` or ``"name as alias"``.
    """
    package = namespace["__package__"]
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
            raise AttributeError(
                f"module {namespace['__name__']!r} has no attribute {name!r}") from None
        value = importlib.import_module(module, package)
        if source is not None:
            try:
                value = getattr(value, source)
            except AttributeError:
                value = importlib.import_module(f"{value.__name__}.{source}")
        namespace[name] = value
        return value

    def __dir__():
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__
