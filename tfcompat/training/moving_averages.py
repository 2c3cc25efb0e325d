"""tf.train.ExponentialMovingAverage (TF's python/training/moving_averages.py).

The shadow variables are named as TF's slot_creator names them (``v/ExponentialMovingAverage``,
then ``_1``, ``_2`` ... from one process-wide count of variable-scope names, as TF's
eager variable-scope store), created under ``init_scope`` with ``trainable=False`` and
the variable's current value. ``apply`` updates as TF's ``assign_moving_average``:
``avg.assign_sub((avg - var) * (1 - decay))``, with ``decay`` a float32 tensor (``min(decay,
(1 + n) / (10 + n))`` with ``num_updates``) and ``1 - decay`` computed in float32, then
cast to the variable's dtype. In TF2, ``zero_debias`` only concerns non-Variable tensors,
which TF rejects when executing eagerly, so it never applies here either.
"""
from ..distribute import distribute_lib
from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.module import name_scope
from ..framework.tensor import Tensor
from ..framework.trace_state import init_scope
from ..framework.variables import Variable
from ..ops.arithmetic_ops import minimum, multiply, subtract, truediv
from ..ops.assert_ops import group
from ..ops.cast_ops import cast

_FLOATS = (dtypes.bfloat16, dtypes.float16, dtypes.float32, dtypes.float64)


class _VariableScopeCounts:
    """TF's _VariableScopeStore counts, which uniquify ``variable_scope(None, default)``
    names (the slot scopes); one store per process, as TF's eager default graph holds."""

    def __init__(self):
        self._counts = {}

    def unique(self, name):
        """Opens the scope `name` (or `name_N`, the first unused) and returns its name."""
        if self._counts.get(name, 0):
            idx = 1
            while self._counts.get(f"{name}_{idx}", 0):
                idx += 1
            name = f"{name}_{idx}"
        self._counts[name] = self._counts.get(name, 0) + 1
        return name

    def close(self, name):
        """Leaving scope `name` resets the counts of its sub-scopes."""
        for k in self._counts:
            if k.startswith(name + "/"):
                self._counts[k] = 0


_SCOPES = _VariableScopeCounts()
# TF's MOVING_AVERAGE_VARIABLES collection: every Variable an ExponentialMovingAverage
# has averaged, across instances (variables_to_restore's default).
_MOVING_AVERAGE_VARIABLES = []


def _create_slot(var, name):
    """TF's slot_creator.create_slot for a Variable: a non-trainable copy of its value."""
    scope = _SCOPES.unique(var.name[:-len(":0")] + "/" + name)
    try:
        with init_scope(), name_scope(""):
            return Variable(var.read_value(), trainable=False, name=scope)
    finally:
        _SCOPES.close(scope)


def _assign_moving_average(variable, value, decay):
    """TF's __internal__.train.assign_moving_average without zero_debias: in a replica
    context the value is averaged over the replicas first (a merge_call)."""
    one_minus_decay = subtract(1.0, decay)
    if one_minus_decay.dtype != variable.dtype.base_dtype:
        one_minus_decay = cast(one_minus_decay, variable.dtype.base_dtype)

    def update_fn(v, value):
        return v.assign_sub(multiply(subtract(v, value), one_minus_decay))

    def update(strategy, v, value):
        return strategy.extended.update(v, update_fn, args=(value,))

    replica_context = distribute_lib.get_replica_context()
    if replica_context:
        def merge_fn(strategy, v, value):
            value = strategy.extended.reduce_to(distribute_lib.ReduceOp.MEAN, value, v)
            return update(strategy, v, value)
        return replica_context.merge_call(merge_fn, args=(variable, value))
    return update(distribute_lib.get_strategy(), variable, value)


class ExponentialMovingAverage:
    """tf.train.ExponentialMovingAverage: shadow variables holding moving averages.

    Differences from TF: ``variables_to_restore`` lists its entries in the order the
    variables were first averaged (TF iterates a set); ``average_name`` of a variable
    never averaged is ``<name>/<ema name>`` (TF uniquifies it against the names of the
    graph being built, which only matters inside a tf.function).
    """

    def __init__(self, decay, num_updates=None, zero_debias=False,
                 name="ExponentialMovingAverage"):
        self._decay = decay
        self._num_updates = num_updates
        self._zero_debias = zero_debias
        self._name = name
        self._averages = {}

    @property
    def name(self):
        """The name of this ExponentialMovingAverage object."""
        return self._name

    def apply(self, var_list=None):
        """Creates the shadow variables of `var_list` (once) and updates them all.
        Eagerly returns None; inside a tf.function the grouped update operation."""
        if var_list is None:
            var_list = []   # TF's trainable_variables(): a graph collection, empty in TF2
        for v in var_list:
            if isinstance(v, Tensor):
                raise TypeError("tf.train.ExponentialMovingAverage does not support "
                                "non-Variable tensors when eager execution is enabled.")
        for var in var_list:
            if var.dtype.base_dtype not in _FLOATS:
                raise TypeError(f"The variables must be half, float, or double: {var.name}")
            if var.ref() not in self._averages:
                self._averages[var.ref()] = _create_slot(var, self.name)
                _MOVING_AVERAGE_VARIABLES.append(var)
        with name_scope(self.name) as scope:
            decay = convert_to_tensor(self._decay, dtype=dtypes.float32, name="decay")
            if self._num_updates is not None:
                num_updates = cast(self._num_updates, dtypes.float32, name="num_updates")
                decay = minimum(decay, truediv(1.0 + num_updates, 10.0 + num_updates))
            updates = [_assign_moving_average(self._averages[var.ref()], var, decay)
                       for var in var_list]
            return group(*updates, name=scope.rstrip("/"))

    def average(self, var):
        """The Variable holding the average of `var`, or None if it has none."""
        return self._averages.get(var.ref(), None)

    def average_name(self, var):
        """The name (without ``:0``) of the Variable that holds or will hold the average
        of `var`."""
        if var.ref() in self._averages:
            return self._averages[var.ref()].name[:-len(":0")]
        return var.name[:-len(":0")] + "/" + self.name

    def variables_to_restore(self, moving_avg_variables=None):
        """{average name: variable} for `moving_avg_variables` (by default every variable
        an ExponentialMovingAverage has averaged), as TF's TF1-style restore map."""
        if moving_avg_variables is None:
            moving_avg_variables = _MOVING_AVERAGE_VARIABLES
        unique = {v.ref(): v for v in moving_avg_variables}
        return {self.average_name(v): v for v in unique.values()}
