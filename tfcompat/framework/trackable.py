"""The checkpoint object graph (tf.train.Checkpoint's tracking): AutoTrackable, the
list and dict wrappers, and the traversal of tracked objects.

The object graph is TF's: children are the attributes of tracked objects (``AutoTrackable``
such as tf.Module and Checkpoint, and plain Python objects holding Variables), list
indices and dict keys; an object reached twice is saved once, under its first
(breadth-first) path. Keys are TF's ('net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE').

An object that is not a tf.Variable but stands for one in checkpoints (keras.Variable)
exposes it as ``_checkpoint_variable``.
"""
import collections
import functools
import types


from .tracking_base import Trackable
from .variables import Variable


_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_MISSING = object()


# -- tracking -----------------------------------------------------------------------

class AutoTrackable(Trackable):
    """TF's AutoTrackable: lists and dicts set as attributes become ListWrapper and
    DictWrapper, and an attribute set after a ``restore()`` that named it is restored
    then (deferred restoration)."""

    def __setattr__(self, name, value):
        value = _wrap(value)
        object.__setattr__(self, name, value)
        _attached(self, name, value)


class ListWrapper(list):
    """A list attribute of a tracked object: appended items are restored if a restore()
    is waiting for them."""

    def __repr__(self):
        return f"ListWrapper({list.__repr__(self)})"

    def append(self, value):
        list.append(self, _wrap(value))
        _attached(self, str(len(self) - 1), self[-1])

    def extend(self, values):
        for value in values:
            self.append(value)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __setitem__(self, index, value):
        list.__setitem__(self, index, _wrap(value))
        if isinstance(index, int):
            _attached(self, str(index % len(self)), self[index])


class DictWrapper(dict):
    """A dict attribute of a tracked object (TF's _DictWrapper)."""

    def __repr__(self):
        return f"DictWrapper({dict.__repr__(self)})"

    def __setitem__(self, key, value):
        dict.__setitem__(self, key, _wrap(value))
        _attached(self, str(key), self[key])

    def update(self, *args, **kwargs):
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


def _wrap(value):
    if type(value) is list:
        return ListWrapper(_wrap(v) for v in value)
    if type(value) is dict:
        return DictWrapper((k, _wrap(v)) for k, v in value.items())
    return value


def _attached(parent, name, value):
    """A child was set on a tracked object: restore it if a restore() named it."""
    pending = parent.__dict__.get("_self_pending")
    if pending and name in pending:
        restoration, node = pending.pop(name)
        restoration.restore(value, node)


def variable_of(x):
    """The Variable `x` is or holds (its ``_checkpoint_variable``: a Keras layer's weight),
    or None."""
    if isinstance(x, Variable):
        return x
    var = getattr(type(x), "_checkpoint_variable", None) and x._checkpoint_variable
    return var if isinstance(var, Variable) else None


_NOT_NODES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
              types.MethodType, functools.partial)


def children_of(obj):
    """(name, child) of one object of the object graph a checkpoint (and a SavedModel)
    saves: a Checkpoint's objects, dict values, list items, attributes."""
    unsupported = getattr(type(obj), "_checkpoint_unsupported", None)
    if unsupported:
        raise ValueError(f"tfcompat cannot save or restore {unsupported} in a checkpoint "
                         f"(TF saves it as ITERATOR_STATE); leave {obj!r} out of it.")
    if getattr(type(obj), "_checkpoint_children", None):   # tf.train.Checkpoint
        return obj._checkpoint_children()
    if isinstance(obj, dict):
        return [(str(k), v) for k, v in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [(str(i), v) for i, v in enumerate(obj)]
    if hasattr(obj, "__dict__") and not isinstance(obj, _NOT_NODES) and \
            not callable(getattr(type(obj), "get_concrete_function", None)):
        return [(k, v) for k, v in vars(obj).items() if not k.startswith("_self_")]
    return []


def _child(obj, name):
    for key, value in children_of(obj):
        if key == name:
            return value
    return _MISSING


def _escape(name):
    return name.replace(".", "..").replace("/", ".S")


def prune(edges, wanted):
    """The nodes of a graph (edges[i]: [(name, j)], node 0 the root) to keep: the root
    and those with a `wanted` node at or beneath them, in order; and their new ids."""
    keep = set(wanted)
    changed = True
    while changed:
        changed = False
        for i, out in enumerate(edges):
            if i not in keep and any(j in keep for _, j in out):
                keep.add(i)
                changed = True
    order = [0] + sorted(keep - {0})
    return order, {old: new for new, old in enumerate(order)}


def _object_graph(root):
    """TF's object graph from `root`: (nodes, objects), breadth first, keeping only the
    objects with Variables beneath them. A node is {'children': {name: id}} and, for a
    Variable, also its 'key', 'full_name' and 'dtype'."""
    objects, paths, edges = [root], [()], [[]]
    ids = {id(root): 0}
    queue = collections.deque([0])
    while queue:
        i = queue.popleft()
        if variable_of(objects[i]) is not None:
            continue
        for name, child in children_of(objects[i]):
            j = ids.get(id(child))
            if j is None:
                if variable_of(child) is None and not children_of(child):
                    continue
                j = ids[id(child)] = len(objects)
                objects.append(child)
                paths.append(paths[i] + (name,))
                edges.append([])
                queue.append(j)
            edges[i].append((name, j))
    order, new_id = prune(edges, {i for i, o in enumerate(objects)
                                  if variable_of(o) is not None})
    nodes = []
    for i in order:
        node = {"children": {n: new_id[j] for n, j in edges[i] if j in new_id}}
        var = variable_of(objects[i])
        if var is not None:
            node.update(key="/".join(_escape(p) for p in paths[i]) + "/.ATTRIBUTES/VARIABLE_VALUE",
                        full_name=var.name[:-2], dtype=var.dtype.name)
        nodes.append(node)
    return nodes, [objects[i] for i in order]
