"""tf.train: checkpoints."""
from .framework.checkpoint_management import (
    CheckpointManager, CheckpointState, get_checkpoint_state, latest_checkpoint,
    list_variables, load_checkpoint, load_variable,
)
from .distribute.cluster_resolver.resolvers import ClusterSpec
from .framework.trackable import TrackableView
from .framework.train_checkpoint import Checkpoint
from .ops.example_proto import (
    BytesList, Example, Feature, FeatureList, FeatureLists, Features, FloatList, Int64List,
    SequenceExample,
)
