"""``tensorflow.core.util``: event_pb2."""
