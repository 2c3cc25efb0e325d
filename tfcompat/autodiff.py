"""tf.autodiff."""
from .framework.backprop import GradientTape
from .framework.forwardprop import ForwardAccumulator
