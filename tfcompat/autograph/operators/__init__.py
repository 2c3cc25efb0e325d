"""AutoGraph's run-time operators (TF 2.21's tensorflow/python/autograph/operators): what
converted code calls as ``ag__``. A Python condition or iterable runs as plain Python; a
traced Tensor one runs through tf.cond / tf.while_loop, with TF's checks and messages."""
from .control_flow import for_stmt, if_stmt, while_stmt
from .function_wrappers import (STD, ConversionOptions, FunctionScope, autograph_artifact,
                                with_function_scope)
from .logical import and_, if_exp, not_, or_
from .py_builtins import TracedRange, cast_builtin, in_original_context, range_call
from .variables import Undefined, UndefinedReturnValue, ld, ldu
from ...framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["STD", "ConversionOptions", "FunctionScope", "TracedRange", "Undefined",
           "UndefinedReturnValue", "and_", "autograph_artifact", "cast_builtin", "for_stmt",
           "if_exp", "if_stmt", "in_original_context", "ld", "ldu", "not_", "or_",
           "range_call", "while_stmt", "with_function_scope"]

_scope_namespace(globals())
