"""AutoGraph's function wrappers (TF 2.21's autograph/core/function_wrappers.py and
core/converter.py's ConversionOptions): the scope of a converted function's body
(ag__.FunctionScope, ag__.with_function_scope) and the options it converts calls with."""
from .variables import UndefinedReturnValue


class ConversionOptions:
    """TF's ag__.ConversionOptions: how a converted function converts what it calls
    (`recursive`); the optional features are accepted and not applied."""

    def __init__(self, recursive=False, user_requested=False, internal_convert_user_code=True,
                 optional_features=()):
        self.recursive = recursive
        self.user_requested = user_requested
        self.internal_convert_user_code = internal_convert_user_code
        self.optional_features = optional_features

    def call_options(self):
        return ConversionOptions(recursive=self.recursive, user_requested=False,
                                 internal_convert_user_code=self.recursive,
                                 optional_features=self.optional_features)

    def uses(self, feature):
        return feature in (self.optional_features or ())


STD = ConversionOptions(recursive=True, user_requested=False, internal_convert_user_code=True,
                        optional_features=None)


class FunctionScope:
    """TF's ag__.FunctionScope: the context of a converted function's body; `ret` makes
    its return value (None when no return statement ran). TF's optional name scopes and
    automatic control dependencies are not applied (tf.function orders effects)."""

    def __init__(self, function_name, scope_name, options):
        self.name = scope_name
        self.options = options
        self.callopts = options.call_options()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False

    def ret(self, value, did_return):
        del did_return
        return None if isinstance(value, UndefinedReturnValue) else value


def with_function_scope(thunk, scope_name, options):
    """TF's ag__.with_function_scope: a converted lambda's body in a FunctionScope."""
    with FunctionScope("lambda_", scope_name, options) as scope:
        return thunk(scope)


def autograph_artifact(entity):
    """TF's ag__.autograph_artifact: marks code AutoGraph generated (never converted
    again)."""
    entity.autograph_info__ = {}
    return entity
