"""tf.compat.v1.train.summary_iterator: the Event protocol messages of an event file."""
from ..data.record_io import tf_record_iterator
from .event_protos import Event


def summary_iterator(path):
    """tf.compat.v1.train.summary_iterator: a generator of the tensorflow.Event messages
    (summary/event_protos.py) of the event file `path`. As TF's, it reads the file with
    the deprecated tf_record_iterator, whose warning comes with the first message."""
    for record in tf_record_iterator(path):
        yield Event.FromString(record)
