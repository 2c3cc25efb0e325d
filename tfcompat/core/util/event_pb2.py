"""``tensorflow.core.util.event_pb2``: the messages of TF's event.proto (the worker
heartbeat messages left out): summary/event_protos.py."""
from ...summary.event_protos import Event, LogMessage, SessionLog, SourceMetadata, TaggedRunMetadata

__all__ = ["Event", "LogMessage", "SessionLog", "SourceMetadata", "TaggedRunMetadata"]
