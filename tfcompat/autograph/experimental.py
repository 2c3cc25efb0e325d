"""tf.autograph.experimental."""
from ..framework.autograph import Feature, do_not_convert, set_loop_options
