"""tf.Variable: mutable state over a jax.Array, read onto tapes like TF's ResourceVariable."""
import contextlib
import enum
import functools
import inspect
import itertools
import threading
import weakref

import jax
import jax.numpy as jnp

from . import errors, shape_taint
from .graph_def import enum_of
from .rounding import unfused
from .tape import record_read
from .tensor import ArrayLike, EagerTensor, Tensor, numpy_text, symbolic
from .tensor_shape import TensorShape, as_shape
from .context import ctx, x64_free, x64_methods



class Uninitialized:
    """The storage of a Variable created by a tf.function trace that failed: its
    initializer was never lifted, so reading it raises (no Variable keeps a tracer)."""

    def __init__(self, name, aval):
        self.shape, self.dtype, self._name = aval.shape, aval.dtype, name

    def error(self):
        return errors.FailedPreconditionError(
            None, None, f"Could not read variable {self._name}: it was created in a "
                        f"tf.function trace that failed, so it was never initialized.")

def _tensor_of(value, array):
    """The Tensor an assignment stores (for its node's input in a tf.function's graph)."""
    return value if isinstance(value, Tensor) and value._value is array else EagerTensor(array)


class VariableSynchronization(enum.Enum):
    """tf.VariableSynchronization."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregationV2(enum.Enum):
    """tf.VariableAggregation (TF's class VariableAggregationV2); equal to the v1 enum's
    members of the same value."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        return self is other or isinstance(other, VariableAggregationV1) and \
            int(self.value) == int(other.value)


class VariableAggregationV1(enum.Enum):
    """tf.compat.v1.VariableAggregation (ONLY_FIRST_TOWER: the deprecated alias)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
    ONLY_FIRST_TOWER = 3

    def __hash__(self):
        return hash(self.value)


VariableAggregationV1.__name__ = VariableAggregationV1.__qualname__ = "VariableAggregation"
VariableAggregation = VariableAggregationV2


def _check_modes(synchronization, aggregation, name):
    """TF's validation of a Variable's synchronization and aggregation: the enums or
    their values. An aggregation member is kept as given, of either enum; the default is
    the v1 enum's NONE, as in TF."""
    if not isinstance(aggregation, (VariableAggregationV1, VariableAggregationV2)):
        aggregation = _mode(VariableAggregationV2, aggregation, VariableAggregationV1.NONE,
                            "aggregation", name)
    synchronization = _mode(VariableSynchronization, synchronization,
                            VariableSynchronization.AUTO, "synchronization", name)
    return synchronization, aggregation


def _mode(enum_type, value, default, what, name):
    """`value` (a member of `enum_type` or its value; None: `default`) as the member."""
    if value is None:
        return default
    try:
        return enum_type(value)
    except ValueError:
        raise ValueError(f"Invalid variable {what} mode: {value} for variable: "
                         f"{name}") from None


_EAGER_UNSUPPORTED = "This operation is not supported when eager execution is enabled."
_uids = itertools.count()
_live = weakref.WeakValueDictionary()   # uid -> Variable: what tf.function threads as state
_live_lock = threading.Lock()   # Variables are made and listed on several threads


def live_variables():
    """Every Variable alive now, in creation order."""
    with _live_lock:
        items = list(_live.items())
    return [v for _, v in sorted(items)]


_add = jax.jit(jnp.add)
_sub = jax.jit(jnp.subtract)
# (inside a tf.function trace: the operands kept from fusing into the update, TF's
# separate kernels round each; under jit_compile=True TF's XLA fuses them)
_TRACED = {_add: jax.jit(lambda v, d: jnp.add(unfused(v), unfused(d))),
           _sub: jax.jit(lambda v, d: jnp.subtract(unfused(v), unfused(d)))}


class _VariableMeta(type):
    """``tf.Variable(...)`` inside tf.variable_creator_scope: TF's VariableMetaclass calls
    the creators (innermost first, each given the next) with TF's keyword arguments."""

    def __call__(cls, *args, **kwargs):
        if cls is not Variable or not ctx.variable_creators:
            return super().__call__(*args, **kwargs)
        return _variable_call(cls, *args, **kwargs)


def _variable_call(cls, initial_value=None, trainable=None, validate_shape=True,
                   caching_device=None, name=None, variable_def=None, dtype=None,
                   import_scope=None, constraint=None,
                   synchronization=VariableSynchronization.AUTO,
                   aggregation=VariableAggregationV1.NONE, shape=None,
                   experimental_enable_variable_lifting=None, **kwargs):
    def create(**kws):   # TF's default_variable_creator_v2: the arguments it knows
        return type.__call__(cls, **{k: v for k, v in kws.items() if k in _CREATE_ARGS})

    previous = create
    for creator in ctx.variable_creators:
        previous = functools.partial(creator, previous)
    return previous(
        initial_value=initial_value, trainable=trainable, validate_shape=validate_shape,
        caching_device=caching_device, name=name, variable_def=variable_def, dtype=dtype,
        import_scope=import_scope, constraint=constraint, synchronization=synchronization,
        aggregation=VariableAggregationV1.NONE if aggregation is None else aggregation,
        shape=shape, experimental_enable_variable_lifting=experimental_enable_variable_lifting,
        **kwargs)


@contextlib.contextmanager
def variable_creator_scope(variable_creator):
    """tf.variable_creator_scope(creator): ``tf.Variable(...)`` inside calls
    ``creator(next_creator, **kwargs)``; the innermost scope's creator is called first."""
    ctx.variable_creators.append(variable_creator)
    try:
        yield
    finally:
        ctx.variable_creators.pop()


@x64_methods
class Variable(ArrayLike, metaclass=_VariableMeta):
    """tf.Variable. ``tf.Variable(...)`` makes a ResourceVariable, as in TF."""

    def __new__(cls, *args, **kwargs):
        if cls is Variable:   # a distribution strategy's scope may choose another class
            classes = ctx.variable_classes
            cls = classes[-1] if classes else ResourceVariable
        return object.__new__(cls)

    def _serialize_to_tensors(self):
        """The Trackable protocol: what a checkpoint saves of this variable."""
        return {"VARIABLE_VALUE": self}

    def _restore_from_tensors(self, restored_tensors):
        """The Trackable protocol: assign the value a checkpoint saved."""
        return self.assign(restored_tensors["VARIABLE_VALUE"])

    def __init__(self, initial_value=None, trainable=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None,
                 import_scope=None, constraint=None,
                 synchronization=VariableSynchronization.AUTO,
                 aggregation=VariableAggregationV1.NONE, shape=None,
                 experimental_enable_variable_lifting=True):
        from .constant_op import convert_to_tensor
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tf.Variable` must be specified except "
                             "when you are not providing a `variable_def`. You provided neither.")
        if constraint is not None and not callable(constraint):
            raise ValueError(f"Argument `constraint` must be None or a callable. a callable. "
                             f"Got a {type(constraint)}:  {constraint}")
        synchronization, aggregation = _check_modes(synchronization, aggregation, name)
        if name is not None and not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        if ctx.traces and not ctx.traces[-1].function and isinstance(initial_value, Tensor) \
                and (symbolic(initial_value) or ctx.traces[-1].graph.lookup(initial_value)):
            raise ValueError(
                f"Argument `initial_value` ({initial_value}) could not be lifted out of a "
                f"`tf.function`. (Tried to create variable with name='{name}'). To avoid this "
                f"error, when constructing `tf.Variable`s inside of `tf.function` you can "
                f"create the `initial_value` tensor in a `tf.init_scope` or pass a callable "
                f"`initial_value` (e.g., `tf.Variable(lambda : tf.truncated_normal([10, 40]))`). "
                f"Please file a feature request if this restriction inconveniences you.")
        if callable(initial_value):
            initial_value = initial_value()
        value = convert_to_tensor(initial_value, dtype=dtype, name="initial_value")._value
        self._name = ctx.name_scopes[-1] + (name or "Variable") + ":0"
        self._lock = threading.RLock()   # the error path of a scatter writes inside its own update
        if ctx.values is None:
            self._own = value
        else:   # created while this thread traces: other threads see it uninitialized
            self._own = Uninitialized(self._name, value)
            self._value = value
        if ctx.traces:   # inside tf.function traces (innermost last)
            for trace in ctx.traces[:-1]:
                trace.check_creation()
            ctx.traces[-1].variable_created(self, value)
        elif ctx.lifted_created:   # (in a tf.init_scope block lifted out of traces)
            ctx.lifted_created[-1].append(self)
        if trainable is None:
            trainable = synchronization is not VariableSynchronization.ON_READ
        self._shape = TensorShape(value.shape) if shape is None else as_shape(shape)
        if shape is not None and not self._shape.is_compatible_with(value.shape):
            raise ValueError(f"In this `tf.Variable` creation, the initial value's shape "
                             f"({TensorShape(value.shape)}) is not compatible with the "
                             f"explicitly supplied `shape` argument ({shape}).")
        self._trainable = bool(trainable)
        self._constraint = constraint
        self._synchronization = synchronization
        self._aggregation = aggregation
        self._uid = next(_uids)
        with _live_lock:
            _live[self._uid] = self

    @property
    def _handle(self):
        return self

    @property
    def handle(self):
        """The variable's resource handle: here the Variable itself stands for it (what
        a GradientTape watches for an object that acts as a resource variable)."""
        return self

    @property
    def _unique_id(self):
        return str(self._uid)

    # -- the value: its own, or this thread's while it traces (context.private_values) --
    @property
    def _value(self):
        values = ctx.values
        if values is not None:
            entry = values.get(id(self))
            if entry is not None and entry[0] is self:
                return entry[1]
        return self._own

    @_value.setter
    def _value(self, value):
        values = ctx.values
        if values is None:
            self._own = value
        else:
            values[id(self)] = (self, value)

    # -- attributes ---------------------------------------------------------------
    name = property(x64_free(lambda self: self._name))
    trainable = property(x64_free(lambda self: self._trainable))
    constraint = property(lambda self: self._constraint)
    synchronization = property(lambda self: self._synchronization)
    aggregation = property(lambda self: self._aggregation)
    shape = property(x64_free(lambda self: self._shape))

    @property
    def initial_value(self):
        raise RuntimeError("This property is not supported when eager execution is enabled.")

    initializer = property(lambda self: None, doc="None: TF's eager variables have no "
                                                  "initializer op.")
    _in_graph_mode = False

    @property
    def op(self):
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    @property
    def graph(self):
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    @property
    def create(self):
        raise RuntimeError(_EAGER_UNSUPPORTED)

    def eval(self, session=None):
        """TF1's Variable.eval: not supported eagerly, as in TF."""
        raise RuntimeError(_EAGER_UNSUPPORTED)

    # -- reading ------------------------------------------------------------------
    def _read(self):
        if type(self._value) is Uninitialized:
            raise self._value.error()
        t = EagerTensor(self._value)
        if ctx.tapes or ctx.watchers or ctx.traces:  # tapes, read observers, tf.gradients
            record_read(self, t)
        if ctx.traces:   # a tf.function's graph: a ReadVariableOp named by the op using it
            ctx.traces[-1].graph.pending_read(self, t)
        return t

    def value(self):
        """Variable.value: in a tf.function's graph, a ReadVariableOp made here (TF's)."""
        t = self._read()
        if ctx.traces:
            ctx.traces[-1].graph.input_name(t)
        return t

    def read_value(self):
        t = self._read()
        if not ctx.traces:
            return t
        # TF: a ReadVariableOp in the name scope "Read", then an Identity.
        graph = ctx.traces[-1].graph
        graph.input_name(t, "Read")
        out = EagerTensor(t._value)
        graph.add(graph.unique_name("Identity"), "Identity", [graph.input_name(t)],
                  [("T", enum_of(self.dtype))], [out])
        return out

    # -- writing ------------------------------------------------------------------
    def _converted(self, value):
        from .constant_op import convert_to_tensor
        value = convert_to_tensor(value, dtype=self._handle.dtype)._value
        return shape_taint.assigned(value) if ctx.traces else value

    def assign(self, value, use_locking=None, name=None, read_value=True):
        new = self._converted(value)
        handle = self._handle
        if not handle._shape.is_compatible_with(new.shape):
            raise ValueError(f"Cannot assign value to variable ' {handle._name}': Shape mismatch."
                             f"The variable shape {handle._shape}, and the assigned value shape "
                             f"{TensorShape(new.shape)} are incompatible.")
        handle._value = new
        if ctx.traces:
            ctx.traces[-1].graph.assign(handle, "AssignVariableOp", _tensor_of(value, new))
        return _UnreadVariable(handle) if read_value else None

    def _update(self, kernel, delta, read_value):
        handle = self._handle
        value = delta
        delta = self._converted(delta)
        if delta.shape != handle._value.shape:
            raise errors.op_error(
                errors.InvalidArgumentError,
                "AssignAddVariableOp" if kernel is _add else "AssignSubVariableOp",
                f"Cannot update variable with shape {list(handle._value.shape)} using a Tensor "
                f"with shape {list(delta.shape)}, shapes must be equal.",
                kernel="AssignAddVariableOp" if kernel is _add else "AssignSubVariableOp")
        run = _TRACED[kernel] if ctx.traces and not ctx.traces[-1].jit_compile else kernel
        with handle._lock:   # atomic with respect to the other threads' updates
            handle._value = run(handle._value, delta)
        if ctx.traces:
            ctx.traces[-1].graph.assign(
                handle, "AssignAddVariableOp" if kernel is _add else "AssignSubVariableOp",
                _tensor_of(value, delta))
        return _UnreadVariable(handle) if read_value else None

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._update(_add, delta, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._update(_sub, delta, read_value)

    # -- sliced and scattered writes, sparse reads: the methods scatter_*, scatter_nd_*,
    # batch_scatter_update, sparse_read and gather_nd compute with ops, so
    # tfcompat/ops/variable_methods.py installs them (framework/ cannot import ops/) ---
    def _write(self, compute, *args):
        """Store ``compute(*args)``, a new array of the variable's shape and dtype computed
        from its value, atomically with respect to other threads' updates; returns what
        TF's assign* ops return."""
        handle = self._handle
        with handle._lock:
            handle._value = compute(*args)
        return _UnreadVariable(handle)

    # -- the static shape -----------------------------------------------------------
    def set_shape(self, shape):
        """tf.Variable.set_shape: the static shape merged with `shape`."""
        self._handle._shape = self._handle._shape.merge_with(shape)

    # -- Python protocol ------------------------------------------------------------
    def __hash__(self):
        raise TypeError(f"Variable is unhashable. Instead, use variable.ref() as the key. "
                        f"(Variable: {self!r})")

    def __repr__(self):
        if isinstance(self._value, jax.core.Tracer):
            return f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}>"
        return f"<tf.Variable '{self.name}' shape={self.shape} dtype={self.dtype.name}, " \
               f"numpy={numpy_text(self, is_repr=True)}>"

    __str__ = __repr__

    def __format__(self, spec):
        return format(self.numpy(), spec) if spec else str(self)

    def __iadd__(self, other):
        raise RuntimeError("`variable += value` with `tf.Variable`s is not supported. Use "
                           "`variable.assign_add(value)` to modify the variable, or `out = "
                           "variable + value` if you need to get a new output Tensor.")

    def __isub__(self, other):
        raise RuntimeError("`variable -= value` with `tf.Variable`s is not supported. Use "
                           "`variable.assign_sub(value)` to modify the variable, or `out = "
                           "variable - value` if you need to get a new output Tensor.")

    def __deepcopy__(self, memo):
        return Variable(EagerTensor(self._value), trainable=self._trainable, name=self._name[:-2])


class ResourceVariable(Variable):
    """The concrete class of ``tf.Variable(...)``, named and placed as TF's is so that
    printed types and messages read the same."""


ResourceVariable.__module__ = "tensorflow.python.ops.resource_variable_ops"


class UninitializedVariable(Variable):
    """The class of a Variable that tf.saved_model.load restores (TF's, whose values the
    load assigns after making it): named and placed as TF's; not a ResourceVariable."""


UninitializedVariable.__module__ = "tensorflow.python.ops.resource_variable_ops"


def is_update_result(x):
    """Whether `x` is what a Variable's assign* returned (TF's _UnreadVariable)."""
    return isinstance(x, _UnreadVariable)


class _UnreadVariable(ResourceVariable):
    """What assign* return: reads the live variable; named 'UnreadVariable'."""

    def __init__(self, parent):
        self._parent = parent

    _handle = property(lambda self: self._parent)
    _value = property(lambda self: self._parent._value)
    _shape = property(lambda self: self._parent._shape)
    _trainable = property(lambda self: self._parent._trainable)
    _uid = property(lambda self: self._parent._uid)
    name = property(lambda self: "UnreadVariable")
    _name = name
    constraint = property(lambda self: self._parent._constraint)
    synchronization = property(lambda self: self._parent._synchronization)
    aggregation = property(lambda self: self._parent._aggregation)


_CREATE_ARGS = frozenset(inspect.signature(Variable.__init__).parameters) - {"self"}
