"""tf.compat.v1.train.summary_iterator: the Event protocol messages of an event file."""
from ..data.record_io import records
from .event_protos import Event


def summary_iterator(path):
    """tf.compat.v1.train.summary_iterator: an iterator of the tensorflow.Event messages
    (summary/event_protos.py) of the event file `path`."""
    return (Event.FromString(r) for r in records(path))
