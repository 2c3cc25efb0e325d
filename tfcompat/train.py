"""tf.train: checkpoints (CheckpointView, CheckpointOptions, checkpoints_iterator),
ExponentialMovingAverage and Coordinator; ClusterSpec and the Example messages load on first
access."""
from .framework.lazy_exports import lazy_exports as _lazy_exports
from .framework.checkpoint_management import (
    CheckpointManager, CheckpointState, get_checkpoint_state, latest_checkpoint,
    list_variables, load_checkpoint, load_variable,
)
from .framework.checkpoint_options import CheckpointOptions
from .framework.checkpoint_view import CheckpointView
from .framework.trackable import TrackableView
from .framework.train_checkpoint import Checkpoint
from .training.checkpoint_utils import checkpoints_iterator
from .training.coordinator import Coordinator
from .training.moving_averages import ExponentialMovingAverage

__getattr__, __dir__ = _lazy_exports(globals(), {
    ".distribute.cluster_resolver.resolvers": ("ClusterSpec",),
    ".ops.example_proto": (
        "BytesList", "Example", "Feature", "FeatureList", "FeatureLists", "Features",
        "FloatList", "Int64List", "SequenceExample",
    ),
})
