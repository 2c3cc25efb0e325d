"""tf.config.optimizer (grappler's options and XLA auto-clustering, as TF's context
stores them) and tf.config's deprecated experimental_*_functions_eagerly aliases.

tfcompat reports back what was set, as TF does. Deliberate difference: the settings change
nothing in how tfcompat runs (its emulated arithmetic-optimizer rewrites, see
ops/graph_rewrites.py, stay on, and auto-clustering is XLA's compilation of every
tf.function anyway).
"""
from .deprecation import warn_deprecated
from .trace_state import functions_run_eagerly, run_functions_eagerly

_options = {}
_jit = [False]
# TF's get_optimizer_experimental_options: on/off toggles (reported once set) and
# booleans (always reported), in its order.
_TOGGLES_AND_BOOLS = (
    ("layout_optimizer", False), ("constant_folding", False), ("shape_optimization", False),
    ("remapping", False), ("arithmetic_optimization", False),
    ("dependency_optimization", False), ("loop_optimization", False),
    ("function_optimization", False), ("debug_stripper", False),
    ("disable_model_pruning", True), ("scoped_allocator_optimization", False),
    ("pin_to_host_optimization", False), ("implementation_selector", False),
    ("auto_mixed_precision", False), ("use_plugin_optimizers", False),
    ("disable_meta_optimizer", True), ("auto_mixed_precision_onednn_bfloat16", False),
    ("auto_mixed_precision_mkl", False))


def get_experimental_options():
    """tf.config.optimizer.get_experimental_options."""
    options = {}
    for option, is_bool in _TOGGLES_AND_BOOLS:
        value = _options.get(option)
        if is_bool or value is not None:
            options[option] = bool(value)
    if _options.get("min_graph_nodes"):
        options["min_graph_nodes"] = _options["min_graph_nodes"]
    return options


def set_experimental_options(options):
    """tf.config.optimizer.set_experimental_options (unknown keys are kept and ignored,
    as TF's)."""
    _options.update(options)


def get_jit():
    """tf.config.optimizer.get_jit: 'autoclustering' or ''."""
    return "autoclustering" if _jit[0] else ""


def set_jit(enabled):
    """tf.config.optimizer.set_jit: True or 'autoclustering' turns it on, anything else
    off."""
    _jit[0] = enabled in (True, "autoclustering")


_EAGER_FUNCTION_RUN = "tensorflow.python.eager.polymorphic_function.eager_function_run"


def experimental_run_functions_eagerly(run_eagerly):
    """tf.config.experimental_run_functions_eagerly (deprecated)."""
    warn_deprecated("experimental_run_functions_eagerly", _EAGER_FUNCTION_RUN,
                    "Use `tf.config.run_functions_eagerly` instead of the experimental "
                    "version.")
    return run_functions_eagerly(run_eagerly)


def experimental_functions_run_eagerly():
    """tf.config.experimental_functions_run_eagerly (deprecated)."""
    warn_deprecated("experimental_functions_run_eagerly", _EAGER_FUNCTION_RUN,
                    "Use tf.config.functions_run_eagerly instead of the experimental version.")
    return functions_run_eagerly()
