"""tf.train.CheckpointView (TF's python/checkpoint/checkpoint_view.py): the object graph
a checkpoint holds, by node id (0: the root), and how it matches a Trackable's."""
import collections
import json

from . import tf_logging
from .checkpoint_format import CheckpointReader
from .trackable import _GRAPH_KEY, TrackableView
from .tracking_base import Trackable


class CheckpointView:
    """tf.train.CheckpointView(save_path)."""

    def __init__(self, save_path):
        try:
            nodes = json.loads(CheckpointReader(save_path).get_tensor(_GRAPH_KEY))
        except KeyError:
            raise ValueError(
                f"The specified checkpoint \"{save_path}\" does not appear to be "
                f"object-based (saved with TF2) since it is missing the key \"{_GRAPH_KEY}\". "
                "Likely it was created with the TF1 name-based saver and does not contain an "
                "object dependency graph.") from None
        self._children = [dict(node["children"]) for node in nodes]

    def children(self, node_id):
        """{local name: node id} of the children of node `node_id`."""
        return dict(self._children[node_id])

    def descendants(self):
        """The ids of every node reachable from the root (the root first), breadth first."""
        return list(self._descendants_with_paths())

    def _descendants_with_paths(self):
        paths = {0: "root"}
        to_visit = collections.deque([0])
        while to_visit:
            node_id = to_visit.popleft()
            for name, child in self._children[node_id].items():
                if child == 0 or child in paths:
                    continue
                to_visit.append(child)
                paths[child] = paths[node_id] + "." + name
        return paths

    def match(self, obj):
        """{node id: object of `obj`'s graph at the same path}."""
        if not isinstance(obj, Trackable):
            raise ValueError(f"Expected a Trackable, got {obj} of type {type(obj)}.")
        overlapping = {0: obj}
        to_visit = collections.deque([(0, obj)])
        visited = set()
        while to_visit:
            node_id, trackable = to_visit.popleft()
            trackable_children = TrackableView.children(trackable)
            for name, child_id in self.children(node_id).items():
                if child_id in visited or child_id == 0 or name not in trackable_children:
                    continue
                assigned = overlapping.get(child_id)
                if assigned is None:
                    overlapping[child_id] = trackable_children[name]
                    to_visit.append((child_id, trackable_children[name]))
                elif assigned is not trackable_children[name]:
                    tf_logging.get_logger().warning(
                        "Inconsistent references when matching the checkpoint into this "
                        f"object graph. The referenced objects are: ({assigned} and "
                        f"{trackable_children[name]}).")
            visited.add(node_id)
        return overlapping

    def diff(self, obj):
        """(match(obj), node ids only in the checkpoint, objects only in `obj`'s graph)."""
        overlapping = self.match(obj)
        matched = {id(o) for o in overlapping.values()}
        only_in_checkpoint = [i for i in self.descendants() if i not in overlapping]
        only_in_trackable = [t for t in TrackableView(obj).descendants() if id(t) not in matched]
        return overlapping, only_in_checkpoint, only_in_trackable
