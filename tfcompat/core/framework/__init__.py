"""``tensorflow.core.framework``: summary_pb2 and tensor_pb2."""
