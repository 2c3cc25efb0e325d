"""tensorflow.compiler.tf2xla.python.xla: XLA ops called directly (dynamic slices and
XlaCallModule, the op jax2tf's native serialization emits)."""
from ....ops.xla_call_module_ops import MAX_VERSION, xla_call_module
from ....ops.xla_ops import dynamic_slice, dynamic_update_slice

__all__ = ["dynamic_slice", "dynamic_update_slice", "call_module",
           "call_module_maximum_supported_version", "call_module_disable_check_platform"]


def call_module(args, *, version=4, module, Tout, Sout, platforms=(), function_list=(),
                has_token_input_output=False, disabled_checks=(),
                use_shardy_partitioner=False):
    """XlaCallModule: the serialized StableHLO `module` called on `args`; a list of
    tensors (empty when the module has no results)."""
    return xla_call_module(args, version=version, module=module, Sout=Sout, Tout=Tout,
                           platforms=platforms, function_list=function_list,
                           has_token_input_output=has_token_input_output,
                           disabled_checks=disabled_checks,
                           use_shardy_partitioner=use_shardy_partitioner)


def call_module_maximum_supported_version():
    """The newest XlaCallModule version supported (TF 2.21's)."""
    return MAX_VERSION


def call_module_disable_check_platform():
    """The disabled_checks entry that lets a module run on a platform it was not
    serialized for."""
    return "platform"
