"""tf.saved_model.SaveOptions and tf.saved_model.LoadOptions.

Every argument TF 2.21 takes is accepted and kept. tfcompat's format acts on one:
``experimental_custom_gradients`` (True, the default: gradients of loaded functions use
the saved custom gradients, as in TF; False is refused for a function that has custom
gradients, see export.py). The others concern TF's protobuf format, devices and
distribution, and change nothing here (``experimental_skip_checkpoint`` too: loaded
variables always hold the saved values, where TF leaves them uninitialized). Their values
are checked and normalized as TF does (``experimental_variable_policy`` becomes a
VariablePolicy).
"""
import enum


class VariablePolicy(enum.Enum):
    """tf.saved_model.experimental.VariablePolicy: how variables are saved (their devices,
    distributed variables' components); no effect on tfcompat's format."""

    NONE = None
    SAVE_VARIABLE_DEVICES = "save_variable_devices"
    EXPAND_DISTRIBUTED_VARIABLES = "expand_distributed_variables"

    def _save_variable_devices(self):
        return self != VariablePolicy.NONE

    def _expand_distributed_variables(self):
        return self == VariablePolicy.EXPAND_DISTRIBUTED_VARIABLES

    @staticmethod
    def from_obj(obj):
        """A VariablePolicy from None, a member or one of its values (any case)."""
        if obj is None:
            return VariablePolicy.NONE
        if isinstance(obj, VariablePolicy):
            return obj
        key = str(obj).lower()
        for policy in VariablePolicy:
            if key == policy.value:
                return policy
        raise ValueError(f"Received invalid VariablePolicy value: {obj}.")


VariablePolicy.__module__ = "tensorflow.python.saved_model.save_options"


def _validate_namespace_whitelist(namespace_whitelist):
    if namespace_whitelist is None:
        return None
    if not isinstance(namespace_whitelist, list):
        raise TypeError(f"`namespace_whitelist` must be a list of strings. Got: "
                        f"{namespace_whitelist} with type {type(namespace_whitelist)}.")
    processed = []
    for namespace in namespace_whitelist:
        if not isinstance(namespace, str):
            raise ValueError(f"Whitelisted namespace must be a string. Got: {namespace} of "
                             f"type {type(namespace)}.")
        processed.append(namespace)
    return processed


class SaveOptions:
    """tf.saved_model.SaveOptions."""

    __slots__ = ("namespace_whitelist", "save_debug_info", "function_aliases",
                 "experimental_debug_stripper", "experimental_io_device",
                 "experimental_variable_policy", "experimental_custom_gradients",
                 "experimental_image_format", "experimental_skip_saver",
                 "experimental_sharding_callback", "extra_tags")

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_debug_stripper=False, experimental_io_device=None,
                 experimental_variable_policy=None, experimental_custom_gradients=True,
                 experimental_image_format=False, experimental_skip_saver=False,
                 experimental_sharding_callback=None, extra_tags=None):
        self.namespace_whitelist = _validate_namespace_whitelist(namespace_whitelist)
        self.save_debug_info = save_debug_info
        self.function_aliases = function_aliases if function_aliases else {}
        self.experimental_custom_gradients = experimental_custom_gradients
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_skip_saver = experimental_skip_saver
        if experimental_image_format:
            raise ValueError("The option `experimental_image_format` is disabled in OSS.")
        self.experimental_image_format = experimental_image_format
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


class LoadOptions:
    """tf.saved_model.LoadOptions."""

    __slots__ = ("allow_partial_checkpoint", "experimental_io_device",
                 "experimental_skip_checkpoint", "experimental_variable_policy",
                 "experimental_load_function_aliases")

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_io_device = experimental_io_device
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_load_function_aliases = experimental_load_function_aliases
