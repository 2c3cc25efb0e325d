"""tf.train: checkpoints."""
from .framework.checkpoint import (
    Checkpoint, CheckpointManager, CheckpointState, get_checkpoint_state, latest_checkpoint,
    list_variables, load_checkpoint, load_variable,
)
