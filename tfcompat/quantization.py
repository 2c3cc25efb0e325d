"""tf.quantization: the fake-quantization ops (tfcompat/ops/fake_quant_ops.py)."""
from .ops.fake_quant_ops import (
    fake_quant_with_min_max_args, fake_quant_with_min_max_args_gradient,
    fake_quant_with_min_max_vars, fake_quant_with_min_max_vars_gradient,
    fake_quant_with_min_max_vars_per_channel,
    fake_quant_with_min_max_vars_per_channel_gradient,
)
from .framework.lazy_exports import scope_namespace as _scope_namespace

_scope_namespace(globals())
