"""tf.summary: TensorBoard event files (see _event_file), written eagerly or, from a
tf.function, when it runs."""
from . import experimental
from ._ops import audio, histogram, image, scalar, text
from ._trace import trace_export, trace_off, trace_on
from ._writer import (
    SummaryWriter, create_file_writer, create_noop_writer, flush, record_if,
    should_record_summaries, write,
)
from ..framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
