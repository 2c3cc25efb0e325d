"""The source map of stack traces (TF 2.21's tensorflow/python/util/tf_stack.py): the code
AutoGraph generates, registered so that the frames of an op's definition and "in user
code:" errors name the user's function."""
import types

GENERATED = {}      # code object of generated code -> name of the user function


def register(code, name):
    """Registers `code` (and the code nested in it) as generated for the function `name`."""
    GENERATED[code] = name
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            register(c, name)
