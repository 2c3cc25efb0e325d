"""tf.summary.experimental."""
from ._writer import get_step, set_step, summary_scope
