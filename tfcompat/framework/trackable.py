"""The checkpoint object graph (tf.train.Checkpoint's tracking): AutoTrackable, the
list and dict wrappers, TrackableView, and the traversal of tracked objects.

The object graph is TF's: a Trackable's children are its ``_trackable_children()`` (TF's
protocol, which Keras's TF backend implements): for an AutoTrackable (tf.Module, Checkpoint,
Keras layers and optimizers) the attributes it tracked, for the list and dict wrappers their
Trackable items. A Variable, or a Trackable whose ``_serialize_to_tensors()`` gives one
(keras.Variable), is a leaf. Other Python objects reached from a Checkpoint are walked by
their attributes, list items and dict values. An object reached twice is saved once, under
its first (breadth-first) path. Keys are TF's ('net/l1/kernel/.ATTRIBUTES/VARIABLE_VALUE').
"""
import collections
import functools
import types
import weakref


from .tracking_base import Trackable
from .variables import Variable


_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_MISSING = object()


# -- tracking -----------------------------------------------------------------------

class AutoTrackable(Trackable):
    """tf.__internal__.tracking.AutoTrackable (the base of tf.Module, tf.train.Checkpoint
    and Keras's layers and optimizers): an attribute set while tracking is on is wrapped as
    TF's sticky_attribute_assignment does (a list or dict, exactly of that type, becomes a
    ListWrapper or DictWrapper) and, if then Trackable, becomes the dependency of that name
    (``_track_trackable``); ``_trackable_children`` lists the dependencies. An attribute set
    after a ``restore()`` that named it is restored then (deferred restoration)."""

    def __setattr__(self, name, value):
        try:
            if getattr(self, name) is value:   # TF's short cut for self.x = self.x
                return
        except AttributeError:
            pass
        if self.__dict__.get("_self_setattr_tracking", True):
            value = _wrap(value)
            if _is_node(value):
                self._track_trackable(value, name, overwrite=True)
        super().__setattr__(name, value)    # the next class of the MRO (Keras's optimizer)
        _attached(self, name, value)

    def __delattr__(self, name):
        self._self_unconditional_dependency_names.pop(name, None)
        super().__delattr__(name)


class ListWrapper(list, Trackable):
    """TF's ListWrapper: a list attribute of a tracked object, whose Trackable items are
    its dependencies '0', '1', ...; appended items are restored if a restore() is waiting
    for them."""

    def __repr__(self):
        return f"ListWrapper({list.__repr__(self)})"

    def _trackable_children(self, save_type="checkpoint", **kwargs):
        return {str(i): v for i, v in enumerate(self) if _is_node(v)}

    def append(self, value):
        list.append(self, _wrap(value))
        _attached(self, str(len(self) - 1), self[-1], appended=True)

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


class DictWrapper(dict, Trackable):
    """TF's _DictWrapper: a dict attribute of a tracked object, whose Trackable values are
    its dependencies by key."""

    def __repr__(self):
        return f"DictWrapper({dict.__repr__(self)})"

    def _trackable_children(self, save_type="checkpoint", **kwargs):
        return {str(k): v for k, v in self.items() if _is_node(v)}

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


# TF's class name, which optree's node-type errors print (Keras matches it); pickle finds
# the class under that name here.
DictWrapper.__name__ = DictWrapper.__qualname__ = "_DictWrapper"
_DictWrapper = DictWrapper


class _TupleWrapper(tuple):
    """TF's _TupleWrapper: a tuple attribute of a tracked object that holds Trackables,
    still a tuple (an instance of it, equal to it), of its own type (jax2tf registers it
    as a pytree node)."""

    def __repr__(self):
        return f"_TupleWrapper({tuple.__repr__(self)})"


def _wrap(value):
    """TF's wrap_or_unwrap: lists and dicts (exactly those types) become wrappers; a tuple
    holding Trackables becomes a _TupleWrapper, tracked."""
    if isinstance(value, Trackable):
        return value
    if type(value) is list:
        return ListWrapper(_wrap(v) for v in value)
    if type(value) in (dict, collections.OrderedDict):
        return DictWrapper((k, _wrap(v)) for k, v in value.items())
    if type(value) is tuple:
        items = tuple(_wrap(v) for v in value)
        return _TupleWrapper(items) if _is_node(items) else items
    return value


def _is_node(value):
    """Whether a (wrapped) value is a dependency: a Trackable, or a tuple holding one."""
    if type(value) in (tuple, _TupleWrapper):
        return any(_is_node(v) for v in value)
    return isinstance(value, Trackable)


def _attached(parent, name, value, appended=False):
    """A child was set on a tracked object: restore it if a restore() named it (a
    Variable appended to a list is left as it is where the saved value's shape differs,
    as TF's ListWrapper leaves it)."""
    pending = parent.__dict__.get("_self_pending")
    if pending and name in pending:
        restoration, node = pending.pop(name)
        restoration.restore(value, node, lenient=appended)


def variable_of(x):
    """The Variable `x` is or stands for in checkpoints, or None: a Trackable whose
    ``_serialize_to_tensors()`` is {'VARIABLE_VALUE': a Variable} (a Keras variable)."""
    if isinstance(x, Variable):
        return x
    if isinstance(x, Trackable) and hasattr(type(x), "_serialize_to_tensors") and \
            not hasattr(type(x), "_legacy_saveable_name"):   # (tables, iterators: tensors)
        tensors = x._serialize_to_tensors()
        var = tensors.get("VARIABLE_VALUE") if len(tensors) == 1 else None
        return var if isinstance(var, Variable) else None
    return None


def tensors_of(x):
    """What a Trackable other than a Variable saves in checkpoints, or None: TF's
    ``_serialize_to_tensors()`` (a lookup table's keys and values) by attribute name (the
    class's legacy saveable name, as 'table', then the suffix, as '-keys')."""
    if not isinstance(x, Trackable) or not hasattr(type(x), "_restore_from_tensors") or \
            variable_of(x) is not None:
        return None
    prefix = getattr(type(x), "_legacy_saveable_name", "")
    return {prefix + k: v for k, v in x._serialize_to_tensors().items()}


def restore_tensors(x, tensors):
    """TF's ``_restore_from_tensors`` of `x` with {attribute name: Tensor}."""
    prefix = getattr(type(x), "_legacy_saveable_name", "")
    x._restore_from_tensors({k[len(prefix):]: v for k, v in tensors.items()})


class TrackableView:
    """tf.train.TrackableView(root): the graph of Trackables beneath ``root``, as their
    ``_trackable_children`` name it."""

    def __init__(self, root):
        self._root_ref = root if isinstance(root, weakref.ref) else weakref.ref(root)

    @classmethod
    def children(cls, obj, save_type="checkpoint", **kwargs):
        """The dependencies of `obj` by name (a Variable has none)."""
        method = getattr(obj, "_trackable_children", None)
        return dict(method(save_type, **kwargs)) if method is not None else {}

    @property
    def root(self):
        return self._root_ref()

    def descendants(self):
        """Every object beneath the root (the root first), breadth first."""
        seen, order = {id(self.root)}, [self.root]
        queue = collections.deque(order)
        while queue:
            for child in self.children(queue.popleft()).values():
                if id(child) not in seen:
                    seen.add(id(child))
                    order.append(child)
                    queue.append(child)
        return order


_NOT_NODES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
              types.MethodType, functools.partial)


def children_of(obj):
    """(name, child) of one object of the object graph a checkpoint (and a SavedModel)
    saves: a Checkpoint's objects, dict values, list items, attributes."""
    if variable_of(obj) is not None or tensors_of(obj) is not None:
        return []
    if isinstance(obj, Trackable):   # TF's protocol: the named dependencies
        return list(obj._trackable_children("checkpoint").items())
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
        if variable_of(objects[i]) is not None or tensors_of(objects[i]) is not None:
            continue
        for name, child in children_of(objects[i]):
            j = ids.get(id(child))
            if j is None:
                if variable_of(child) is None and tensors_of(child) is None and \
                        not children_of(child):
                    continue
                j = ids[id(child)] = len(objects)
                objects.append(child)
                paths.append(paths[i] + (name,))
                edges.append([])
                queue.append(j)
            edges[i].append((name, j))
    order, new_id = prune(edges, {i for i, o in enumerate(objects)
                                  if variable_of(o) is not None or tensors_of(o) is not None})
    nodes = []
    for i in order:
        node = {"children": {n: new_id[j] for n, j in edges[i] if j in new_id}}
        var = variable_of(objects[i])
        if var is not None:
            node.update(key="/".join(_escape(p) for p in paths[i]) + "/.ATTRIBUTES/VARIABLE_VALUE",
                        full_name=var.name[:-2], dtype=var.dtype.name)
        tensors = tensors_of(objects[i])
        if tensors:
            path = "/".join(_escape(p) for p in paths[i])
            node["tensors"] = {name: {"key": f"{path}/.ATTRIBUTES/{name}", "dtype": t.dtype.name}
                               for name, t in tensors.items()}
        nodes.append(node)
    return nodes, [objects[i] for i in order]
