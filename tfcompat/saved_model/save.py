"""tf.saved_model.save: an object graph, its variables and its tf.functions, to a directory.

What is saved is what TF saves: the objects reachable from `obj` through tracked
attributes (framework/trackable.py's ``children_of``: attributes, list items, dict values),
kept where a Variable or a tf.function is beneath them; the Variables (values, names,
dtypes, trainable); every tf.function attribute, those of the class (``@tf.function``
methods, bound to the instance) included, with its traces (export.py); and the serving
signatures. Deliberate difference: the format is tfcompat's own, not TF's protobufs:

  saved_model.tfcompat.json   the object graph, the traces' input/output structures
  functions/N.jaxexport       trace N, serialized by jax.export (with its VJP)
  variables/variables.*       a tf.train.Checkpoint of the object (TF's keys), written by
                              framework/checkpoint_format.py, so tf.train.Checkpoint(obj) can
                              restore it as in TF

Everything is written to a temporary directory that then replaces `export_dir`. Constant
tensors set as attributes are not saved (TF saves them as constants).
"""
import collections
import inspect
import json
import logging
import os
import shutil
import types
import uuid
import warnings

from ..framework import checkpoint_format, tf_logging, trackable
from ..framework.trackable import children_of, prune, variable_of
from ..polymorphic_function.concrete_function import ConcreteFunction
from ..polymorphic_function.per_shape_function import PerShapeFunction
from ..polymorphic_function.polymorphic_function import Function
from . import export, restored, structures
from .options import SaveOptions

METADATA = "saved_model.tfcompat.json"
FORMAT = "tfcompat-saved-model"
VERSION = 1
VARIABLES = os.path.join("variables", "variables")
_CAPTURED = "saved_model_captured_variables"
_DEFAULT_SIGNATURE_ATTR = "_default_save_signature"


def save(obj, export_dir, signatures=None, options=None):
    """tf.saved_model.save(obj, export_dir, signatures=None, options=None)."""
    options = options or SaveOptions()
    writer = _Writer(obj, options)
    writer.build(signatures)
    writer.write(os.fspath(export_dir))


def _tracked_children(obj):
    """(name, child) of one object: its checkpoint children, plus the tf.functions of its
    class (methods decorated with @tf.function, bound to `obj`)."""
    if variable_of(obj) is not None or _is_function(obj):
        return []
    out = list(children_of(obj))
    if isinstance(obj, (list, tuple, dict)):
        return out
    names = {n for n, _ in out}
    if isinstance(obj, trackable.AutoTrackable):
        # TF's AutoTrackable, for a SavedModel: every attribute that is a tf.function,
        # properties included (Keras's `_default_save_signature`), broken ones skipped
        return out + [(n, f) for n, f in _function_attributes(obj) if n not in names]
    # (other objects: the tf.functions set as attributes and those of their class)
    out += [(n, f) for n, f in getattr(obj, "__dict__", {}).items()
            if n not in names and _is_function(f)]
    names = {n for n, _ in out}
    for name in sorted(dir(type(obj))):
        if name not in names and isinstance(inspect.getattr_static(type(obj), name, None),
                                            (Function, restored.RestoredFunction)):
            out.append((name, getattr(obj, name)))
    return out


def _function_attributes(obj):
    """(name, tf.function) of each attribute of `obj` in dir() order, as TF's
    AutoTrackable._trackable_children finds them: warnings and TF's logging silenced, an
    attribute whose accessor raises skipped."""
    found = []
    logger = tf_logging.get_logger()
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        for name in dir(obj):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    value = getattr(obj, name, None)
            except Exception:  # noqa: BLE001 - TF skips a broken accessor
                continue
            if isinstance(value, (Function, ConcreteFunction, restored.RestoredFunction)):
                found.append((name, value))
    finally:
        logger.setLevel(level)
    return found


def _is_function(x):
    return isinstance(x, (Function, restored.RestoredFunction))


class _Writer:
    def __init__(self, root, options):
        self.root = root
        self.options = options
        self.objects = []       # node id -> object
        self.nodes = []         # node id -> JSON node
        self.ids = {}           # id(object or its Variable) -> node id
        self.concretes = []     # JSON records of the traces
        self.blobs = []         # their serialized bytes
        self.traced = {}        # id(Function) -> [concrete indices]
        self.signatures = {}
        self.signature_names = {}   # (TF's signature_wrapper function names)

    # -- the object graph -----------------------------------------------------------
    def build(self, signatures):
        self._walk()
        for i, obj in enumerate(self.objects):
            if self.nodes[i]["kind"] == "function":
                self.nodes[i]["concretes"] = self._function(obj)
        self._signatures(signatures)
        for record in self.concretes:
            record["variables"] = [self._variable_node(v) for v in record.pop("_reads")]
            record["assigned"] = [self._variable_node(v) for v in record.pop("_assigned")]

    def _walk(self):
        objects, edges, ids = [self.root], [[]], {id(self.root): 0}
        queue = collections.deque([0])
        while queue:
            i = queue.popleft()
            for name, child in _tracked_children(objects[i]):
                if child is None or isinstance(child, (int, float, str, bytes, bool)):
                    continue
                j = ids.get(id(child))
                if j is None:
                    j = ids[id(child)] = len(objects)
                    objects.append(child)
                    edges.append([])
                    queue.append(j)
                edges[i].append((name, j))
        order, new_id = prune(edges, {i for i, o in enumerate(objects)
                                      if variable_of(o) is not None or _is_function(o)})
        for old in order:
            obj = objects[old]
            node = self._node(obj)
            node["children"] = [[n, new_id[j]] for n, j in edges[old] if j in new_id]
            self._add(obj, node)

    def _add(self, obj, node):
        self.ids[id(obj)] = len(self.objects)
        var = variable_of(obj)
        if var is not None:
            self.ids.setdefault(id(var), len(self.objects))
        self.objects.append(obj)
        self.nodes.append(node)
        return len(self.objects) - 1

    @staticmethod
    def _node(obj):
        var = variable_of(obj)
        if var is not None:
            shape = var.shape
            return {"kind": "variable", "name": var.name[:-2] if var.name.endswith(":0")
                    else var.name, "dtype": var.dtype.name,
                    "shape": None if shape.rank is None else shape.as_list(),
                    "trainable": var.trainable}
        if _is_function(obj):
            return {"kind": "function"}
        if isinstance(obj, dict):
            return {"kind": "dict"}
        if isinstance(obj, (list, tuple)):
            return {"kind": "list" if isinstance(obj, list) else "tuple"}
        return {"kind": "object"}

    def _variable_node(self, var):
        """The node of a Variable a trace uses (one outside the object graph, captured
        from elsewhere, gets a node of its own)."""
        node = self.ids.get(id(var))
        if node is None:
            node = self._add(var, dict(self._node(var), children=[], captured=True))
        return node

    # -- functions --------------------------------------------------------------------
    def _function(self, fn):
        """Serialize the traces of a tf.function; returns their indices."""
        if id(fn) in self.traced:
            return self.traced[id(fn)]
        if isinstance(fn, restored.RestoredFunction):
            indices = [self._add_restored(c) for c in fn._concrete_functions]
            name, params = fn.__name__, fn._parameters
        else:
            indices = [self._add_trace(t) for t in export.traces(fn)]
            name = fn._python_function.__name__
            params = restored.encode_parameters(fn._signature)
        if id(fn) in self.ids:
            self.nodes[self.ids[id(fn)]].update(name=name, parameters=params)
        self.traced[id(fn)] = indices
        return indices

    def _add_trace(self, trace):
        concrete = trace.concrete
        try:
            outputs = structures.output_structure(concrete._result)
        except structures.Unsupported as e:
            raise ValueError(f"tfcompat.saved_model.save cannot save the tf.function "
                             f"'{trace.name}': its outputs contain {e}.") from None
        blob, op_checks = export.serialize(trace, self.options.experimental_custom_gradients)
        record = {"inputs": trace.inputs, "display": trace.display, "outputs": outputs,
                  "checks": list(concrete._checks), "op_checks": op_checks,
                  "_reads": list(concrete._variables),
                  "_assigned": list(concrete._assigned)}
        return self._add_record(record, blob)

    def _add_restored(self, concrete):
        record = {"inputs": concrete._inputs, "display": concrete._display,
                  "outputs": concrete._outputs, "checks": list(concrete._checks),
                  "op_checks": concrete._op_checks, "_reads": list(concrete._reads),
                  "_assigned": [concrete._state[i] for i in concrete._assigned]}
        return self._add_record(record, concrete._serialized)

    def _add_record(self, record, blob):
        record["file"] = f"functions/{len(self.concretes)}.jaxexport"
        self.concretes.append(record)
        self.blobs.append(blob)
        return len(self.concretes) - 1

    # -- signatures ----------------------------------------------------------------------
    def _signatures(self, signatures):
        if signatures is None:
            signatures = _default_signature(self.root, self._returns_tensor)
        elif not isinstance(signatures, dict):
            signatures = {"serving_default": signatures}
        for key, fn in signatures.items():
            if isinstance(fn, ConcreteFunction):
                indices = [self._concrete_index(fn, key)]
            elif isinstance(fn, PerShapeFunction):
                indices = self._per_shape_indices(fn)
            elif isinstance(fn, Function):
                if fn.input_signature is None:
                    raise ValueError(
                        f"tf.saved_model.save: the signature '{key}' is a tf.function with "
                        f"no input_signature: pass fn.get_concrete_function(...) or give "
                        f"the tf.function an input_signature.")
                indices = self._function(fn)
            else:
                raise ValueError(f"Expected a TensorFlow function for which to generate a "
                                 f"signature (but got {fn}). Only `tf.functions` with an input "
                                 f"signature or concrete functions can be used as a "
                                 f"signature.")
            self.signatures[key] = indices
            # (TF names the wrapper after a tf.function, not a ConcreteFunction: __name__)
            self.signature_names[key] = "signature_wrapper" + (
                f"_{fn.__name__}" if isinstance(fn, Function) else "")

    def _returns_tensor(self, fn):
        """Whether the saved traces of `fn` return a tensor (TF's _valid_signature)."""
        return any(_has_tensor(self.concretes[i]["outputs"]) for i in self._function(fn))

    def _per_shape_indices(self, per_shape):
        """The saved traces of a PerShapeFunction (a get_concrete_function of unknown rank),
        also traces of its tf.function where that is saved (as TF saves the signature's
        concrete function with it)."""
        indices = [self._add_trace(t) for t in export.spec_traces(per_shape)]
        node = self.ids.get(id(per_shape._function))
        if node is not None:
            self.nodes[node]["concretes"] = self.nodes[node].get("concretes", []) + indices
        return indices

    def _concrete_index(self, concrete, key):
        """The index of a ConcreteFunction among the saved traces (saving its
        tf.function's traces if that is not in the object graph)."""
        functions = [o for o in self.objects if isinstance(o, Function)]
        for fn in functions:
            for k, c in list(fn._concrete.items()):
                if c is concrete:
                    for i in self._function(fn):
                        if self.concretes[i]["inputs"] == structures.from_cache_key(
                                k, list(fn._signature.parameters),
                                concrete.structured_input_signature):
                            return i
        raise ValueError(f"tfcompat.saved_model.save: the concrete function of the signature "
                         f"'{key}' does not belong to a tf.function of the saved object; "
                         f"pass the tf.function itself (with an input_signature).")

    # -- files --------------------------------------------------------------------------
    def write(self, export_dir):
        parent = os.path.dirname(os.path.abspath(export_dir))
        os.makedirs(parent, exist_ok=True)
        tmp = os.path.join(parent, f".{os.path.basename(export_dir)}.tmp-{uuid.uuid4().hex}")
        try:
            os.makedirs(os.path.join(tmp, "functions"))
            self._write_variables(os.path.join(tmp, VARIABLES))
            for record, blob in zip(self.concretes, self.blobs):
                with open(os.path.join(tmp, record["file"]), "wb") as f:
                    f.write(blob)
            metadata = {"format": FORMAT, "version": VERSION, "nodes": self.nodes,
                        "concrete_functions": self.concretes, "signatures": self.signatures,
                        "signature_names": self.signature_names}
            with open(os.path.join(tmp, METADATA), "w") as f:
                json.dump(metadata, f)
            _replace_dir(tmp, export_dir)
        finally:
            if os.path.exists(tmp):
                shutil.rmtree(tmp)

    def _write_variables(self, prefix):
        """The variables as a checkpoint of the object (TF's keys), the captured ones
        under an extra attribute; each variable node records its key."""
        holder = types.SimpleNamespace(**dict(children_of(self.root)))
        captured = [self.objects[i] for i, n in enumerate(self.nodes) if n.get("captured")]
        if captured:
            setattr(holder, _CAPTURED, captured)
        nodes, objects = trackable._object_graph(holder)
        keys = {id(variable_of(o)): n["key"] for n, o in zip(nodes, objects) if "key" in n}
        for node, obj in zip(self.nodes, self.objects):
            if node["kind"] == "variable":
                node["key"] = keys[id(variable_of(obj))]
        os.makedirs(os.path.dirname(prefix))
        checkpoint_format._write(prefix, holder)


def _default_signature(root, returns_tensor):
    """TF's choice when signatures=None: the root's `_default_save_signature`, else its
    only tf.function with an input_signature that returns a tensor (`returns_tensor`:
    TF's _valid_signature)."""
    candidates = []
    for name, child in _tracked_children(root):
        if name == _DEFAULT_SIGNATURE_ATTR and isinstance(child, (Function, ConcreteFunction)):
            return {"serving_default": child}
        if isinstance(child, Function) and child.input_signature is not None and \
                returns_tensor(child):
            candidates.append(child)
    return {"serving_default": candidates[0]} if len(candidates) == 1 else {}


def _has_tensor(node):
    """Whether an output structure (structures.py) holds a tensor."""
    if node["t"] in ("list", "tuple"):
        return any(_has_tensor(c) for c in node["items"])
    if node["t"] == "dict":
        return any(_has_tensor(c) for _, c in node["items"])
    return node["t"] == "tensor"


def _replace_dir(new, target):
    """Move directory `new` to `target`; an existing `target`'s other files are kept."""
    if not os.path.exists(target):
        os.rename(new, target)
        return
    old = f"{target}.old-{uuid.uuid4().hex}"
    for entry in os.listdir(target):
        if not os.path.exists(os.path.join(new, entry)):
            os.rename(os.path.join(target, entry), os.path.join(new, entry))
    os.rename(target, old)
    os.rename(new, target)
    shutil.rmtree(old)
