"""tf.autodiff."""
from .framework.backprop import GradientTape  # noqa: F401
from .framework.forwardprop import ForwardAccumulator  # noqa: F401
