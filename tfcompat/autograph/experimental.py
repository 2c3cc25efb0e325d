"""tf.autograph.experimental."""
from .api import Feature, do_not_convert, set_loop_options
