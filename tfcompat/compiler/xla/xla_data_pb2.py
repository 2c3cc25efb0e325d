"""tensorflow.compiler.xla.xla_data_pb2: XLA's messages that TF-ecosystem code (jax2tf)
builds: OpSharding."""
from ...ops.op_sharding_proto import OpSharding

__all__ = ["OpSharding"]
