"""A tf.function call whose program cannot finish as traced (host_callback.Rerun: an
iterator's element of another shape, a tf.cond branch XLA could not compile) or that XLA
cannot compile at all (CallsRunEagerly): its Python function run eagerly instead, as TF
runs its graph of unknown shapes. What the call read from its iterator arguments is
given back first; what the function prints from Python is dropped, as TF's calls of a
graph do not run it."""
import contextlib
import functools

import numpy as np

from ..framework import errors, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.trace_state import captured_output, singleton_variables_error
from ..framework.variables import Variable, variable_creator_scope
from ..ops import random_seed


def run_eagerly(fn, args, kwargs, kernels, may_create=None, prints=False):
    """`fn(*args, **kwargs)` eagerly, for a call of its tf.function (`fn` as traced: its
    errors as TF's trace raises them); `may_create`: None, or the creation_keys of the
    variables the function's first trace created before it stopped: then this call (the
    first) may create the others, as TF's first trace does (one of those again is a
    variable made on each call, which TF's second trace refuses). Random ops draw as in the
    function's graph: op seeds 0, 1 ... per call, and streams kept in `kernels` (the
    caller's random_seed.GraphKernels) that go on from call to call. What it prints from
    Python is dropped unless `prints` (the first call of a trace that failed)."""
    for a in nest.flatten((args, kwargs)):
        give_back = getattr(type(a), "_give_back", None)
        if give_back is not None:
            give_back(a)
    with contextlib.nullcontext() if prints else captured_output(), \
            random_seed.graph_op_seeds(kernels), \
            contextlib.ExitStack() as scopes:
        if may_create is None:   # (TF's graph creates none: a trace would raise)
            scopes.enter_context(variable_creator_scope(_no_creation))
        elif may_create:
            scopes.enter_context(variable_creator_scope(functools.partial(
                _not_again, may_create)))
        try:
            return nest.map_structure(_eager_output, fn(*args, **kwargs))
        except StopIteration:   # (next() past the end, which TF's function runs as
            raise errors.OutOfRangeError(   # IteratorGetNext)
                None, None, "End of sequence") from None


def _no_creation(next_creator, **kwargs):
    """The variable creator of a call run eagerly where TF's would run its graph."""
    raise singleton_variables_error()


def _not_again(made, next_creator, **kwargs):
    """The variable creator of a first call run eagerly: not one the trace created (one of
    its name, shape and dtype: `made`, of creation_keys)."""
    variable = next_creator(**kwargs)
    if creation_key(variable) in made:
        raise singleton_variables_error()
    return variable


def creation_key(variable):
    """What tells a variable created again from another one: name, shape and dtype."""
    return (variable.name.rpartition(":")[0] or variable.name, tuple(variable.shape.as_list()),
            variable.dtype.name)


def _eager_output(x):
    """An output of a call run eagerly as its trace would give it: Python numbers, NumPy
    values and Variables as tensors (other objects as they are)."""
    if isinstance(x, (int, float, complex, np.ndarray, np.generic, Variable)):
        return convert_to_tensor(x)
    return x
