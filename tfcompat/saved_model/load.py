"""tf.saved_model.load and tf.saved_model.contains_saved_model (save.py's format).

Loading rebuilds the object graph: each saved object becomes a ``_UserObject`` (TF's
class name) holding the same attributes, lists and dicts become ListWrapper and
DictWrapper, Variables are new tf.Variables (same names, dtypes, trainable) holding the
saved values, tf.functions are RestoredFunctions (restored.py) whose traces use those
Variables. A `__call__` function makes the loaded object callable, as in TF.
"""
import json
import os

from jax import export as jax_export

from ..framework import checkpoint_format, dtypes
from ..framework.trackable import AutoTrackable, DictWrapper, ListWrapper
from ..framework.tensor_shape import TensorShape
from ..framework.context import ctx
from ..framework.variables import UninitializedVariable, Variable
from . import restored, save


class _UserObject(AutoTrackable):
    """A loaded object (TF's Loader._recreate_base_user_object.<locals>._UserObject)."""


class _CallableUserObject(_UserObject):
    """A loaded object with a `__call__` function (TF sets its class's __call__)."""

    def __call__(self, *args, **kwargs):
        return self.__dict__["__call__"](*args, **kwargs)


for _cls in (_UserObject, _CallableUserObject):
    _cls.__name__ = "_UserObject"
    _cls.__module__ = "tensorflow.python.saved_model.load"
    _cls.__qualname__ = "Loader._recreate_base_user_object.<locals>._UserObject"


def contains_saved_model(export_dir):
    """tf.saved_model.contains_saved_model: whether `export_dir` holds a SavedModel
    (tfcompat's format)."""
    return os.path.isfile(os.path.join(os.fspath(export_dir), save.METADATA))


def load(export_dir, tags=None, options=None):
    """tf.saved_model.load(export_dir, tags=None, options=None)."""
    export_dir = os.fspath(export_dir)
    path = os.path.join(export_dir, save.METADATA)
    if not os.path.isfile(path):
        if any(os.path.isfile(os.path.join(export_dir, f))
               for f in ("saved_model.pb", "saved_model.pbtxt")):
            raise ValueError(f"{export_dir} is a SavedModel in TensorFlow's protobuf format, "
                             f"which tfcompat cannot read: tfcompat loads the SavedModels "
                             f"tfcompat.saved_model.save writes.")
        raise OSError(f"SavedModel file does not exist at: "
                      f"{export_dir}/{{saved_model.pbtxt|saved_model.pb}}")
    with open(path) as f:
        metadata = json.load(f)
    if metadata.get("format") != save.FORMAT or metadata.get("version") != save.VERSION:
        raise ValueError(f"{path} is not a SavedModel tfcompat can read (format "
                         f"{metadata.get('format')!r} version {metadata.get('version')!r}).")
    return _Loader(export_dir, metadata).root


class _Loader:
    def __init__(self, export_dir, metadata):
        self.dir = export_dir
        nodes = metadata["nodes"]
        values = checkpoint_format.CheckpointReader(os.path.join(export_dir, save.VARIABLES))
        self.objects = [self._create(node, values) for node in nodes]
        self.concretes = [self._concrete(record) for record in metadata["concrete_functions"]]
        for obj, node in zip(self.objects, nodes):
            if node["kind"] == "function":
                obj.add_concrete_functions(self.concretes[i] for i in node["concretes"])
        for obj, node in reversed(list(zip(self.objects, nodes))):   # children first
            self._attach(obj, node)
        self.root = self.objects[0]
        self.root.signatures = restored.SignatureMap(
            (key, restored.WrapperFunction(
                [self.concretes[i] for i in indices],
                metadata.get("signature_names", {}).get(key, "signature_wrapper")))
            for key, indices in metadata["signatures"].items())

    @staticmethod
    def _create(node, values):
        kind = node["kind"]
        if kind == "variable":
            ctx.name_scopes.append("")     # the saved name, whatever scope load() runs in
            try:
                # (TF's UninitializedVariable, unless a distribution strategy's scope
                # chooses the class)
                cls = Variable if ctx.variable_classes else UninitializedVariable
                return cls(values.get_tensor(node["key"]), trainable=node["trainable"],
                           name=node["name"], dtype=dtypes.as_dtype(node["dtype"]),
                           shape=TensorShape(node["shape"]))
            finally:
                ctx.name_scopes.pop()
        if kind == "function":
            return restored.RestoredFunction(node.get("name", "function"),
                                             node.get("parameters", []), [])
        if kind == "list":
            return ListWrapper()
        if kind == "dict":
            return DictWrapper()
        if kind == "tuple":
            return []     # filled, then made a tuple by its parent
        return _UserObject()

    def _concrete(self, record):
        with open(os.path.join(self.dir, record["file"]), "rb") as f:
            blob = f.read()
        concrete = restored.RestoredConcreteFunction(
            jax_export.deserialize(bytearray(blob)), record,
            lambda ids: [self.objects[i] for i in ids])
        concrete._serialized = blob
        return concrete

    def _attach(self, obj, node):
        children = [(name, self._value(j)) for name, j in node.get("children", [])]
        if node["kind"] in ("list", "tuple"):
            obj.extend(value for _, value in children)
        elif node["kind"] == "dict":
            for name, value in children:
                dict.__setitem__(obj, name, value)
        elif isinstance(obj, _UserObject):
            for name, value in children:
                setattr(obj, name, value)
            if "__call__" in obj.__dict__:
                obj.__class__ = _CallableUserObject

    def _value(self, j):
        obj = self.objects[j]
        return tuple(obj) if isinstance(obj, list) and type(obj) is list else obj
