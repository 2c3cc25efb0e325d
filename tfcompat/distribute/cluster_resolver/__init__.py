"""tf.distribute.cluster_resolver."""
from ...framework.unsupported import unsupported_class
from .resolvers import (
    ClusterResolver, SimpleClusterResolver, TFConfigClusterResolver, TPUClusterResolver,
)
from ...framework.lazy_exports import scope_namespace as _scope_namespace

_WHY = "tfcompat reads clusters from TF_CONFIG (TFConfigClusterResolver) or a ClusterSpec"
GCEClusterResolver = unsupported_class("tf.distribute.cluster_resolver.GCEClusterResolver", _WHY)
KubernetesClusterResolver = unsupported_class(
    "tf.distribute.cluster_resolver.KubernetesClusterResolver", _WHY)
KubernetesExecutableLocation = unsupported_class(
    "tf.distribute.cluster_resolver.KubernetesExecutableLocation", _WHY)
SlurmClusterResolver = unsupported_class(
    "tf.distribute.cluster_resolver.SlurmClusterResolver", _WHY)
UnionResolver = unsupported_class("tf.distribute.cluster_resolver.UnionResolver", _WHY)

__all__ = ["ClusterResolver", "GCEClusterResolver", "KubernetesClusterResolver",
           "KubernetesExecutableLocation", "SimpleClusterResolver", "SlurmClusterResolver", "TFConfigClusterResolver",
           "TPUClusterResolver", "UnionResolver"]

_scope_namespace(globals())
