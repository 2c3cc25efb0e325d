"""tf.train.Checkpoint: saving, and restoring with its load statuses."""
import collections
import json
import os
from .checkpoint_format import _read, _write
from .checkpoint_management import _record_state
from .trackable import (
    AutoTrackable, DictWrapper, ListWrapper, _GRAPH_KEY, _MISSING, _attached, _child,
    _object_graph, children_of, restore_tensors, variable_of,
)


from . import dtypes, errors, tf_logging
from .constant_op import convert_to_tensor
from .tensor_shape import TensorShape
from .tracking_base import Trackable
from .variables import Variable
from .context import ctx, x64_methods


# -- restoring ----------------------------------------------------------------------

class _Restoration:
    """One restore(): the saved graph matched against live objects, now and as they are
    attached later."""

    def __init__(self, arrays):
        self.nodes = json.loads(str(arrays[_GRAPH_KEY]))
        self.arrays = arrays
        self.matched = set()      # node ids
        self.bound = set()        # ids of live objects given a node
        self.objects = {}         # node id: the live object it was given first

    def restore(self, obj, node_id, lenient=False):
        """Restore `obj` from node `node_id` (`lenient`: a Variable whose shape the saved
        value's does not fit is skipped)."""
        node = self.nodes[node_id]
        first = self.objects.setdefault(node_id, obj)
        if first is not obj:   # (TF's bind_object: a node restores one object, once)
            tf_logging.get_logger().warning(
                "Inconsistent references when loading the checkpoint into this object "
                "graph. For example, in the saved checkpoint object, `model.layer.weight` "
                "and `model.layer_copy.weight` reference the same variable, while in the "
                "current object these are two different variables. The referenced "
                f"variables are:({first} and {obj}).")
            return
        if node_id in self.matched:
            return
        self.matched.add(node_id)
        self.bound.add(id(obj))
        if lenient and "key" in node and variable_of(obj) is not None and \
                not variable_of(obj).shape.is_compatible_with(self.arrays[node["key"]].shape):
            return
        if "key" in node:
            var = variable_of(obj)
            if var is not None:
                _assign(var, self.arrays[node["key"]], node)
            return
        if "tensors" in node:
            restore_tensors(obj, {name: convert_to_tensor(_stored(self.arrays[t["key"]], t))
                                  for name, t in node["tensors"].items()})
            return
        for name, child_id in node["children"].items():
            child = _child(obj, name)
            if child is not _MISSING:
                self.restore(child, child_id)
            elif isinstance(obj, (AutoTrackable, ListWrapper, DictWrapper)):
                obj.__dict__.setdefault("_self_pending", {})[name] = (self, child_id)

    def paths(self):
        out = {0: "(root)"}
        queue = collections.deque([0])
        while queue:
            i = queue.popleft()
            for name, j in self.nodes[i]["children"].items():
                if j not in out:
                    out[j] = f"{out[i]}.{name}"
                    queue.append(j)
        return out


def _stored(value, node):
    """A saved array as its dtype (bfloat16 and other ml_dtypes come back as raw bytes)."""
    dtype = dtypes.as_dtype(node["dtype"])
    return value.view(dtype.as_numpy_dtype) if value.dtype.kind == "V" else value


def _assign(var, value, node):
    dtype = dtypes.as_dtype(node["dtype"])
    value = _stored(value, node)
    if not var.shape.is_compatible_with(value.shape):
        raise ValueError(f"Received incompatible tensor with shape {TensorShape(value.shape)} "
                         f"when attempting to restore variable with shape {var.shape} and "
                         f"name {var.name}.")
    if var.dtype != dtype:
        raise errors.InvalidArgumentError(
            None, None, f"tensor_name = {node['key']}; expected dtype {var.dtype.name} does "
                        f"not equal original dtype {dtype.name}")
    var.assign(value)
    # A variable created inside a tf.function trace keeps the restored value as its
    # initial value (the trace sets it back to that).
    for trace in ctx.traces:
        trace.created[:] = [(v, var._value if v is var else init) for v, init in trace.created]


class CheckpointLoadStatus:
    """What Checkpoint.restore and read return."""

    def __init__(self, restoration, root):
        self._restoration = restoration
        self._root = root

    def assert_consumed(self):
        """Every live object given a saved value, then every saved value (a node with
        attributes: TF's check skips the others) matched, as TF checks them."""
        self.assert_existing_objects_matched()
        r = self._restoration
        paths = r.paths()
        for i, node in enumerate(r.nodes):
            if "key" in node and i not in r.matched:
                raise AssertionError(f"Unresolved object in checkpoint {paths[i]}: "
                                     f"{_proto_text(node)}")
        return self

    def assert_existing_objects_matched(self):
        """Every live object of the graph given a saved value."""
        _, objects = _object_graph(self._root)
        unmatched = [o for o in objects if id(o) not in self._restoration.bound]
        if unmatched:
            raise AssertionError(
                f"Found {len(unmatched)} Python objects that were not bound to checkpointed "
                f"values, likely due to changes in the Python program. Showing "
                f"{min(len(unmatched), 10)} of {len(unmatched)} unmatched objects: "
                f"{unmatched[:10]}")
        return self

    def expect_partial(self):
        """TF silences its warnings about unrestored values; tfcompat logs none."""
        return self


def _proto_text(node):
    """A variable's node in TF's proto text."""
    return (f'attributes {{\n  name: "VARIABLE_VALUE"\n  full_name: "{node["full_name"]}"'
            f'\n  checkpoint_key: "{node["key"]}"\n}}\nhas_checkpoint_values {{\n'
            f'  value: true\n}}\n')


class InitializationOnlyStatus:
    """What Checkpoint.restore(None) returns."""

    def assert_consumed(self):
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being "
                             "restored.")

    assert_existing_objects_matched = assert_consumed

    def expect_partial(self):
        return self


# -- Checkpoint -----------------------------------------------------------------------

def _is_trackable(x):
    return variable_of(x) is not None or isinstance(x, (Trackable, list, tuple, dict)) \
        or bool(children_of(x))


@x64_methods
class Checkpoint(AutoTrackable):
    """tf.train.Checkpoint(root=None, **kwargs): saves and restores the graph of objects
    reachable from its attributes (and from ``root``'s)."""

    def __init__(self, root=None, **kwargs):
        for name, value in sorted(kwargs.items()):
            if not _is_trackable(value):
                raise ValueError(
                    f"`Checkpoint` was expecting {name} to be a trackable object (an object "
                    f"derived from `Trackable`), got {value}. If you believe this object "
                    f"should be trackable (i.e. it is part of the TensorFlow Python API and "
                    f"manages state), please open an issue.")
        self._self_root = root
        self._self_save_counter = None
        for name, value in sorted(kwargs.items(), key=lambda item: item[0]):   # (TF's order)
            setattr(self, name, value)

    def _trackable_children(self, save_type="checkpoint", **kwargs):
        out = dict(children_of(self._self_root)) if self._self_root is not None else {}
        out.update((k, v) for k, v in vars(self).items() if not k.startswith("_self_"))
        if self._self_save_counter is not None:
            out["save_counter"] = self._self_save_counter
        return out

    @property
    def save_counter(self):
        """The number of save() calls (an int64 Variable, created on first use)."""
        if self._self_save_counter is None:
            ctx.name_scopes.append("")
            try:
                self._self_save_counter = Variable(0, dtype=dtypes.int64, trainable=False,
                                                   name="save_counter")
            finally:
                ctx.name_scopes.pop()
            _attached(self, "save_counter", self._self_save_counter)
        return self._self_save_counter

    def write(self, file_prefix, options=None):
        """Write a checkpoint at exactly `file_prefix`; return it."""
        return _write(file_prefix, self)

    def save(self, file_prefix, options=None):
        """Write `file_prefix-N` (N counting the saves) and record it as the directory's
        latest checkpoint; return the path."""
        number = int(self.save_counter.assign_add(1).numpy())
        path = self.write(f"{os.fspath(file_prefix)}-{number}")
        _record_state(os.path.dirname(path), path, [path])
        return path

    def sync(self):
        """tf.train.Checkpoint.sync: wait for outstanding saves and restores; tfcompat's
        are synchronous, so none is outstanding."""

    def read(self, save_path, options=None):
        """Restore from `save_path` (no save_counter is created)."""
        restoration = _Restoration(_read(save_path))
        restoration.restore(self, 0)
        return CheckpointLoadStatus(restoration, self)

    def restore(self, save_path, options=None):
        """read(), also restoring save_counter; None restores nothing."""
        if save_path is None:
            return InitializationOnlyStatus()
        self.save_counter  # noqa: B018 - created so that it is restored too
        try:
            return self.read(save_path)
        except errors.NotFoundError as e:
            raise errors.NotFoundError(
                None, None, f"Error when restoring from checkpoint or SavedModel at "
                            f"{save_path}: {e.message}\nPlease double-check that the path is "
                            f"correct. You may be missing the checkpoint suffix (e.g. the '-1' "
                            f"in 'path/to/ckpt-1').") from None


# (TF's module, which their reprs print)
CheckpointLoadStatus.__module__ = InitializationOnlyStatus.__module__ = \
    "tensorflow.python.checkpoint.checkpoint"
