"""tf.function on jax.jit, with Variables as state.

A call is keyed as TF keys its traces: Tensors (and numpy arrays) by shape and dtype,
Variables by identity, other Python values by value, over nested structures. On a new
key the Python function is traced once: every live Variable's storage is swapped for a
tracer (restored in ``finally``: no Variable keeps a tracer), and the jaxpr that results
takes the variables it reads and the tensor arguments, and returns the outputs and the
new values of the variables it assigns. That jaxpr runs under ``jax.jit``; after each
call the assigned values are written back. The initializers of Variables created during
the first trace are lifted out of it (computed from the jaxpr's constants, as TF lifts
them); the function is then traced again, and creating variables in any later trace
raises TF's ValueError. Under an active GradientTape or ForwardAccumulator a
call is recorded as one differentiable op.
"""
import contextlib
import functools
import inspect
import weakref

import jax
import numpy as np
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun

from . import autograph, dtypes, errors, host_callback, nest, retracing, tape
from .dispatch import Op, execute
from .tensor import EagerTensor, Tensor
from .tensor_shape import TensorShape
from .trace_type import trace_type_of
from .variables import Uninitialized, Variable, _creating, live_variables

_run_eagerly = [False]


def executing_eagerly():
    """tf.executing_eagerly: False while a tf.function is being traced."""
    return not _creating


def run_functions_eagerly(run_eagerly):
    """tf.config.run_functions_eagerly."""
    _run_eagerly[0] = bool(run_eagerly)


def functions_run_eagerly():
    """tf.config.functions_run_eagerly."""
    return _run_eagerly[0]


class TensorSpec:
    """tf.TensorSpec(shape, dtype=tf.float32, name=None)."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    name = property(lambda self: self._name)

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name)

    def is_compatible_with(self, value):
        if isinstance(value, TensorSpec):
            return self._dtype == value.dtype and self._shape.is_compatible_with(value.shape)
        return self._dtype == value.dtype and self._shape.is_compatible_with(value.shape)

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and (self._shape, self._dtype, self._name) == (
            other._shape, other._dtype, other._name)

    def __hash__(self):
        return hash((self._shape, self._dtype, self._name))

    def __repr__(self):
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"


def function(func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_implements=None,
             experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None,
             experimental_follow_type_hints=None):
    """tf.function, as a decorator with or without arguments."""
    def decorate(f):
        return functools.update_wrapper(
            Function(f, input_signature, autograph, reduce_retracing or
                     bool(experimental_relax_shapes)), f)
    return decorate if func is None else decorate(func)


class Function:
    """A tf.function: a Python function traced into cached XLA computations."""

    def __init__(self, python_function, input_signature=None, autograph=True,
                 reduce_retracing=False):
        self._python_function = python_function
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._reduce_retracing = reduce_retracing
        self._concrete = {}
        self._fast = {}     # flat positional signatures -> ConcreteFunction
        self._signatures = []   # the flat argument types of each trace (reduce_retracing)
        self._stats = retracing.stats_of(python_function)
        self._tracing_count = 0
        self._bound = weakref.WeakKeyDictionary()
        self._signature = inspect.signature(python_function)
        params = list(self._signature.parameters.values())
        # Calls giving every parameter positionally need no canonicalization.
        self._n_positional = len(params) if all(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params) else -1

    python_function = property(lambda self: self._python_function)
    input_signature = property(lambda self: self._input_signature)

    def __get__(self, instance, owner):
        """On a method: one Function per instance, as TF caches them."""
        if instance is None:
            return self
        bound = self._bound.get(instance)
        if bound is None:
            bound = Function(self._python_function.__get__(instance, owner),
                             self._input_signature, self._autograph, self._reduce_retracing)
            functools.update_wrapper(bound, self._python_function)
            self._bound[instance] = bound
        return bound

    def experimental_get_tracing_count(self):
        return self._tracing_count

    def __call__(self, *args, **kwargs):
        if _run_eagerly[0]:
            return self._python_function(*args, **kwargs)
        if not kwargs and self._input_signature is None and len(args) == self._n_positional:
            # Fast path: positional Tensors and Python scalars.
            key = []
            for a in args:
                if type(a) is EagerTensor:
                    key.append((a._value.shape, a._value.dtype))
                elif type(a) in _SCALARS:
                    key.append(("P", a))
                else:
                    break
            else:
                concrete = self._fast.get(tuple(key))
                if concrete is None:
                    concrete = self._fast[tuple(key)] = self._concrete_for(args, kwargs)[0]
                elif not _creating:
                    self._stats[0][-1] += 1
                return concrete._call_flat([a for a in args if type(a) is EagerTensor])
        concrete, args, kwargs = self._concrete_for(args, kwargs)
        return concrete._call_flat(_flat_tensors(args, kwargs), _flat_variables(args, kwargs))

    def pretty_printed_concrete_signatures(self, verbose=True):
        """Function.pretty_printed_concrete_signatures: each trace's signature."""
        sep = "\n\n" if verbose else "\n"
        return sep.join(c._signature_text(verbose) for c in self._concrete.values()
                        if isinstance(c, ConcreteFunction))

    def get_concrete_function(self, *args, **kwargs):
        """The ConcreteFunction for these arguments (TensorSpecs stand for tensors)."""
        if not args and not kwargs and self._input_signature is not None:
            args = tuple(self._input_signature)
        return self._concrete_for(args, kwargs)[0]

    def _concrete_for(self, args, kwargs):
        """The ConcreteFunction for a call, and the call's canonical arguments."""
        args, kwargs = self._bind(args, kwargs)
        key = _cache_key(args, kwargs)
        concrete = self._concrete.get(key)
        if concrete is None and self._reduce_retracing:
            args, kwargs = self._relax(args, kwargs)
            key = _cache_key(args, kwargs)
            concrete = self._concrete.get(key)
        traced = concrete is None
        if traced:
            concrete = self._concrete[key] = self._trace(args, kwargs)
        if concrete is _PER_SHAPE:
            # No shape-polymorphic trace: one per concrete shape (TF would trace once).
            key = _cache_key(args, kwargs, concrete_shapes=True)
            concrete = self._concrete.get(key)
            traced = concrete is None or concrete is _PER_SHAPE
            if traced:   # (raises for TensorSpecs, which have no concrete shape)
                concrete = self._trace(args, kwargs, polymorphic=False)
                self._concrete[key] = concrete
        if not _creating:   # TF counts the calls made eagerly, not those in a trace
            retracing.count_call(self._python_function, self._stats, traced)
        return concrete, args, kwargs

    def _relax(self, args, kwargs):
        """reduce_retracing: a tensor whose shape differs from an earlier trace's (same
        structure, dtypes and ranks) is traced with those dimensions unknown, as TF's
        most specific common supertype."""
        sig = _signature(args, kwargs)
        for old in self._signatures:
            relaxed = _supertype(old, sig)
            if relaxed is not None and relaxed != sig:
                break
        else:
            self._signatures.append(sig)
            return args, kwargs
        if relaxed not in self._signatures:
            self._signatures.append(relaxed)
        it = iter(relaxed[1])

        def shaped(x):
            spec = next(it)
            if isinstance(x, Tensor) and spec[1] != tuple(x._value.shape):
                return _Shaped(x, TensorSpec(spec[1], spec[2]))
            return x
        flat = [shaped(x) for x in nest.flatten(args)]
        new_kw = {k: nest.pack_sequence_as(v, [shaped(x) for x in nest.flatten(v)])
                  for k, v in sorted(kwargs.items())}
        return nest.pack_sequence_as(args, flat), new_kw

    def _bind(self, args, kwargs):
        """Canonicalize the call as TF does (arguments bound to parameters, defaults
        filled in), and apply the input_signature: tensors are checked against (and
        keyed by) it."""
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError:
            if self._input_signature is None:
                raise
        else:
            bound.apply_defaults()
            args, kwargs = tuple(bound.args), dict(bound.kwargs)
        if self._input_signature is None:
            return args, kwargs
        if len(args) != len(self._input_signature):
            raise TypeError(f"{self._python_function.__name__}() takes "
                            f"{len(self._input_signature)} positional arguments but "
                            f"{len(args)} were given")
        out = []
        for spec, value in zip(self._input_signature, args):
            out.append(_check_spec(spec, value) if isinstance(spec, TensorSpec) else
                       nest.map_structure(_check_spec, spec, value))
        return tuple(out), kwargs

    def _trace(self, args, kwargs, polymorphic=True):
        """Trace for these arguments. With unknown dimensions (an input_signature's None,
        reduce_retracing), the trace is shape-polymorphic: one Python trace, compiled by
        XLA per concrete shape. Code that needs static shapes cannot be traced so: its
        output is discarded and _PER_SHAPE returned (the caller traces per shape)."""
        fn = autograph.convert(self._python_function) if self._autograph else \
            self._python_function
        # Only a first trace may create variables (their initializers are lifted out of
        # it, as TF does); the function is then traced again with them.
        first = not any(isinstance(c, ConcreteFunction) for c in self._concrete.values())
        polymorphic = polymorphic and _has_unknown_dims(args, kwargs)
        if polymorphic:
            # (A function creating variables is traced per shape: a symbolic attempt
            # that failed after creating them would leave them uninitialized.)
            try:
                with captured_output() as output:
                    concrete, created = _trace(fn, args, kwargs, allow_creation=False,
                                               polymorphic=True)
            except Exception:   # noqa: BLE001 -- retraced per shape, which re-raises
                return _PER_SHAPE
            output.replay()
        else:
            concrete, created = _trace(fn, args, kwargs, allow_creation=first)
        self._tracing_count += 1
        if created:   # traced again with the variables as state (TF counts both traces)
            self._tracing_count += 1
            concrete, _ = _trace(fn, args, kwargs, allow_creation=False,
                                 polymorphic=polymorphic)
        return concrete


_SCALARS = frozenset((int, float, bool, str, type(None)))
_PER_SHAPE = object()   # a signature traced once per concrete shape

def _signature(args, kwargs):
    """The flat argument types of a call: (structure, ((kind, shape, dtype) ...))."""
    def one(x):
        if isinstance(x, _Shaped):
            return ("T", tuple(x.spec.shape.as_list()), x.spec.dtype)
        if isinstance(x, Tensor):
            return ("T", tuple(x._value.shape), x.dtype)
        return ("P", _cache_key((x,), {})[1][0])
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    return (_cache_key(args, kwargs)[0], tuple(one(x) for x in flat),
            tuple(sorted(kwargs)))


def _supertype(a, b):
    """The most specific signature both fit (differing dimensions unknown), or None."""
    if a[0] != b[0] or a[2] != b[2] or len(a[1]) != len(b[1]):
        return None
    out = []
    for x, y in zip(a[1], b[1]):
        if x[0] != y[0] or (x[0] == "P" and x != y):
            return None
        if x[0] == "T":
            if x[2] != y[2] or len(x[1]) != len(y[1]):
                return None
            x = ("T", tuple(p if p == q else None for p, q in zip(x[1], y[1])), x[2])
        out.append(x)
    return (a[0], tuple(out), a[2])


def _has_unknown_dims(args, kwargs):
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    for x in flat:
        spec = x.spec if isinstance(x, _Shaped) else x if isinstance(x, TensorSpec) else None
        if spec is not None and not spec.shape.is_fully_defined():
            return True
    return False


class captured_output:
    """Holds what a trace prints until it is known to stand (then replays it)."""

    def __enter__(self):
        import io
        import sys
        self._saved = sys.stdout, sys.stderr
        self._out, self._err = io.StringIO(), io.StringIO()
        sys.stdout, sys.stderr = self._out, self._err
        return self

    def __exit__(self, *exc):
        import sys
        sys.stdout, sys.stderr = self._saved

    def replay(self):
        import sys
        sys.stdout.write(self._out.getvalue())
        sys.stderr.write(self._err.getvalue())


def _check_spec(spec, value):
    if isinstance(spec, TensorSpec) and not isinstance(value, TensorSpec):
        from .constant_op import convert_to_tensor
        t = convert_to_tensor(value, dtype=spec.dtype) if not isinstance(value, Tensor) \
            else value
        if not spec.is_compatible_with(t):
            raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                            f"{TensorSpec.from_tensor(t)!r} to {spec!r}`.")
        return _Shaped(t, spec)
    return value


class _Shaped:
    """A tensor argument matched to an input_signature TensorSpec (keyed by the spec)."""

    __slots__ = ("tensor", "spec")

    def __init__(self, tensor, spec):
        self.tensor = tensor
        self.spec = spec


def _is_tensor_like(x):
    return isinstance(x, (Tensor, np.ndarray, _Shaped))


def _cache_key(args, kwargs, concrete_shapes=False):
    aliases = {}

    def key(x):
        if isinstance(x, _Shaped):
            if concrete_shapes:
                return ("spec", x.spec, x.tensor._value.shape)
            return ("spec", x.spec)
        if isinstance(x, Tensor):
            return ("T", x._value.shape, x._value.dtype)
        if isinstance(x, np.ndarray):
            return ("T", x.shape, x.dtype)
        if isinstance(x, TensorSpec):
            return ("spec", x)
        trace_type = trace_type_of(x)
        if trace_type is not None:
            return ("TT", trace_type)
        if isinstance(x, Variable):
            # By spec, as TF's VariableSpec: shape, dtype, trainable and which arguments
            # are the same variable.
            return ("V", x._value.shape, x.dtype, x.trainable,
                    aliases.setdefault(id(x._handle), len(aliases)))
        try:
            hash(x)
            return ("P", x)    # by equality, as TF: f(1.0) reuses the trace of f(1)
        except TypeError:
            return ("id", id(x))
    flat = [key(x) for x in nest.flatten(args)]
    kw = tuple((k, tuple(key(x) for x in nest.flatten(v))) for k, v in sorted(kwargs.items()))
    return (_structure(args), tuple(flat), kw)


def _structure(x):
    if isinstance(x, dict):
        return ("dict", tuple((k, _structure(x[k])) for k in sorted(x)))
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, tuple(_structure(v) for v in x))
    return None


def _flat_variables(args, kwargs):
    """The Variable arguments of a call."""
    return [x for x in nest.flatten(args) + [v for _, v in sorted(kwargs.items())
                                             for v in nest.flatten(v)]
            if isinstance(x, Variable)]


def _flat_tensors(args, kwargs):
    """The tensor arguments of a call, in the order the traced function takes them."""
    out = []
    for x in nest.flatten(args) + [v for _, v in sorted(kwargs.items())
                                   for v in nest.flatten(v)]:
        if isinstance(x, _Shaped):
            out.append(x.tensor)
        elif isinstance(x, Tensor):
            out.append(x)
        elif isinstance(x, np.ndarray):
            out.append(EagerTensor(jax.numpy.asarray(x)))
    return out


class _Trace:
    """A trace in progress: names of the symbolic arguments, variables created; the
    variables whose storage holds tracers and their real values meanwhile."""

    def __init__(self, variables, real_values, allow_creation):
        self.variables = variables
        self.real_values = real_values
        self.allow_creation = allow_creation
        self.names = {}
        self.created = []
        self.nested_created = []   # (variable, initial value) made by nested functions' traces
        self.checks = []    # (traced condition, message) of tf.debugging assertions
        self.random_states = []   # (state constant, advance(state) after a run) of random ops

    def variable_created(self, variable, value):
        """Variable's hook: its initializer is lifted out of the function after the trace
        (it must not depend on the function's arguments or variables). Where creation is
        not allowed this raises before the Variable exists."""
        self.check_creation()
        self.created.append((variable, value))

    def check_creation(self):
        """TF's error for a variable created in a trace other than the first."""
        if not self.allow_creation:
            raise ValueError(
                "tf.function only supports singleton tf.Variables created on the first call. "
                "Make sure the tf.Variable is only created once or created outside "
                "tf.function. See https://www.tensorflow.org/guide/function#creating_tfvariables "
                "for more information.")


@contextlib.contextmanager
def init_scope():
    """tf.init_scope: the code inside runs eagerly, outside every tf.function being traced
    (on the variables' real values; what it assigns stays assigned), as TF lifts it out
    of function-building graphs."""
    if not _creating:
        yield
        return
    traces = list(_creating)
    traced_values = [[v._value for v in t.variables] for t in traces]
    for t in reversed(traces):   # the outermost trace's real values win
        for v, real in zip(t.variables, t.real_values):
            v._value = real
    saved_tapes = tape._active[:]
    _creating.clear()
    try:
        with jax.ensure_compile_time_eval():   # ops on concrete values run now
            yield
    finally:
        _creating[:] = traces
        tape._active[:] = saved_tapes
        traces[0].real_values = [v._value for v in traces[0].variables]
        for t, values in zip(traces, traced_values):
            for v, value in zip(t.variables, values):
                v._value = value


def symbolic_name(value):
    """The graph name TF would print for a traced value ('x:0'), if known."""
    for trace in reversed(_creating):
        name = trace.names.get(id(value))
        if name is not None:
            return name
    return None


def _trace(fn, args, kwargs, allow_creation, polymorphic=False):
    """Trace `fn` once into a ConcreteFunction; also return whether it created variables
    (then the ConcreteFunction is None: the variables now hold their lifted initial
    values and `fn` must be traced again). `polymorphic`: unknown dimensions of input
    specs become symbolic (jax.export)."""
    variables = list(live_variables())
    var_values = [v._value for v in variables]
    flat_args = nest.flatten(args)
    kw_items = sorted(kwargs.items())
    flat_kw = [x for _, v in kw_items for x in nest.flatten(v)]
    arg_names = _arg_names(fn, args, kwargs)
    structure = {}
    trace = _Trace(variables, var_values, allow_creation)

    def traced(var_tracers, tensor_tracers):
        it = iter(tensor_tracers)

        def rebuild(x, name):
            if isinstance(x, (_Shaped, Tensor, np.ndarray, TensorSpec)):
                t = EagerTensor(next(it))
                trace.names[id(t._value)] = f"{name}:0"
                return t
            trace_type = trace_type_of(x)
            return x if trace_type is None else trace_type.placeholder_value(None)
        new_args = nest.pack_sequence_as(args, [rebuild(x, n) for x, n in
                                                zip(flat_args, arg_names[:len(flat_args)])])
        new_kw = {}
        names = iter(arg_names[len(flat_args):])
        for k, v in kw_items:
            new_kw[k] = nest.pack_sequence_as(v, [rebuild(x, next(names))
                                                  for x in nest.flatten(v)])
        for v, t in zip(variables, var_tracers):
            v._value = t
        saved_tapes = tape._active[:]
        tape._active.clear()
        _creating.append(trace)
        try:
            result = fn(*new_args, **new_kw)
            # Read the outputs while Variables still hold their traced values (a returned
            # Variable or assign result is its value after the function's assignments).
            flat_out = [_output_value(x) for x in nest.flatten(result)]
        finally:
            _creating.pop()
            tape._active[:] = saved_tapes
            new_values = [v._value for v in variables]
            for v, value in zip(variables, trace.real_values):
                v._value = value
            for v, value in trace.nested_created:   # not state of this trace: restore
                v._value = value
        structure["result"] = result
        assigned = [i for i, (new, t) in enumerate(zip(new_values, var_tracers)) if new is not t]
        structure["assigned"] = assigned
        structure["checks"] = [message for _, message in trace.checks]
        structure["random_states"] = trace.random_states
        structure["variable_args"] = [x for x in flat_args + flat_kw if isinstance(x, Variable)]
        return ([x for x in flat_out if x is not None], [new_values[i] for i in assigned],
                [jax.numpy.all(c) for c, _ in trace.checks],
                [value for _, value in trace.created])

    symbols = iter(_symbols(flat_args + flat_kw)) if polymorphic else None
    structure["inputs"] = _input_types(fn, args, kwargs)
    names = iter(arg_names)

    def spec_of(x):
        name = next(names, None)
        if isinstance(x, _Shaped):
            return TensorSpec(x.spec.shape, x.spec.dtype, name)
        if isinstance(x, (Tensor, np.ndarray, TensorSpec)):
            return TensorSpec(x.shape, dtypes.as_dtype(x.dtype), name)
        return x
    structure["input_signature"] = (
        nest.pack_sequence_as(args, [spec_of(x) for x in flat_args]),
        {k: nest.pack_sequence_as(v, [spec_of(x) for x in nest.flatten(v)])
         for k, v in kw_items})
    specs = [_abstract(x, symbols) for x in flat_args + flat_kw if _is_tensor_like(x) or
             isinstance(x, TensorSpec)]
    try:
        closed = jax.make_jaxpr(traced)([jax.ShapeDtypeStruct(v.shape, v.dtype)
                                         for v in var_values], specs)
    except BaseException:
        for v, value in trace.created:   # never computed: reading them raises
            v._value = Uninitialized(v.name, value)
        raise
    if trace.created:
        for (v, _), value in zip(trace.created, _lifted(closed, len(trace.created))):
            v._value = value
            for outer in _creating:   # enclosing traces must be traced again with it
                outer.nested_created.append((v, value))
        return None, True
    if trace.nested_created:
        return None, True
    for listener in trace_listeners:
        listener(getattr(fn, "__name__", "function"), closed)
    return ConcreteFunction(closed, variables, structure), False


def _lifted(closed, n):
    """The values of the last `n` outputs of a traced function, the initial values of the
    variables it created, computed outside it (TF lifts initializers out of functions):
    they must depend on constants only."""
    jaxpr = closed.jaxpr
    outs = jaxpr.outvars[len(jaxpr.outvars) - n:]
    live = {v for v in outs if not isinstance(v, jax.extend.core.Literal)}
    eqns = []
    for eqn in reversed(jaxpr.eqns):
        if any(v in live for v in eqn.outvars):
            eqns.append(eqn)
            live.update(v for v in eqn.invars if not isinstance(v, jax.extend.core.Literal))
    if live.intersection(jaxpr.invars):
        raise ValueError("tfcompat cannot lift the initial value of a tf.Variable created "
                         "inside tf.function: it depends on the function's arguments or on "
                         "other variables.")
    init = jaxpr.replace(invars=[], outvars=outs, eqns=eqns[::-1],
                         effects=jax.extend.core.no_effects,
                         debug_info=jaxpr.debug_info._replace(
                             arg_names=(), result_paths=tuple(f"init{i}" for i in range(n))))
    if any(isinstance(c, jax.core.Tracer) for c in closed.consts):
        raise ValueError("tfcompat cannot lift the initial value of a tf.Variable created "
                         "inside tf.function: it depends on values of an enclosing "
                         "tf.function.")
    with jax.ensure_compile_time_eval():   # now, also inside an enclosing trace
        return jax.core.eval_jaxpr(init, closed.consts)


# Called with (function name, ClosedJaxpr) after each trace (tf.summary.trace_on).
trace_listeners = []


def _symbols(flat):
    """One jax symbolic dimension per unknown dimension of the input specs."""
    n = sum(1 for x in flat if isinstance(x, (_Shaped, TensorSpec))
            for d in (x.spec if isinstance(x, _Shaped) else x).shape.dims or () if d is None)
    if not n:
        return ()
    return jax.export.symbolic_shape(", ".join(f"d{i}" for i in range(n)))


def _abstract(x, symbols=None):
    """The abstract value a tensor argument is traced with."""
    spec = x.spec if isinstance(x, _Shaped) else x if isinstance(x, TensorSpec) else None
    if spec is not None and spec.dtype._np is None:
        raise TypeError(f"tfcompat does not support {spec.dtype.name} tensors: cannot trace "
                        f"{spec!r}.")
    if spec is not None and (symbols is not None or isinstance(x, TensorSpec)):
        if spec.shape.rank is None or (symbols is None and
                                       not spec.shape.is_fully_defined()):
            raise ValueError(f"tfcompat cannot trace {spec!r}: its shape is not known well "
                             f"enough for XLA (call the function with tensors instead).")
        shape = tuple(next(symbols) if d is None else d for d in spec.shape.as_list())
        return jax.ShapeDtypeStruct(shape, spec.dtype._np)
    if isinstance(x, _Shaped):
        x = x.tensor
    value = x._value if isinstance(x, Tensor) else np.asarray(x)
    return jax.ShapeDtypeStruct(value.shape, value.dtype)


def _input_types(fn, args, kwargs):
    """[(parameter name, kind, type text)] of a trace's canonical arguments, as TF's
    FunctionType prints them."""
    try:
        sig = inspect.signature(fn)
        bound = sig.bind(*args, **kwargs).arguments
        return [(name, str(p.kind), _type_text(bound[name]))
                for name, p in sig.parameters.items() if name in bound]
    except (TypeError, ValueError):
        return [(f"args_{i}", "POSITIONAL_ONLY", _type_text(a)) for i, a in enumerate(args)]


def _spec_text(shape, dtype):
    return repr(TensorSpec(shape, dtype))


def _type_text(x):
    """TF's text for the trace type of an argument or output."""
    if isinstance(x, _Shaped):
        return _spec_text(x.spec.shape, x.spec.dtype)
    if isinstance(x, TensorSpec):
        return _spec_text(x.shape, x.dtype)
    if isinstance(x, Variable):
        return (f"VariableSpec(shape={x.shape}, dtype={x.dtype!r}, "
                f"trainable={x.trainable}, alias_id=None)")
    if isinstance(x, Tensor):
        return _spec_text(x.shape, x.dtype)
    if isinstance(x, np.ndarray):
        return _spec_text(x.shape, dtypes.as_dtype(x.dtype))
    if isinstance(x, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {_type_text(v)}]" for k, v in sorted(
            x.items())) + "]"
    if isinstance(x, (list, tuple)):
        kind = "List" if isinstance(x, list) else "Tuple"
        return f"{kind}[" + ", ".join(_type_text(v) for v in x) + "]"
    return f"Literal[{x!r}]"


def _arg_names(fn, args, kwargs):
    """TF's names for the flattened tensor arguments: the parameter name, with _1, _2 ...
    for the elements of nested structures."""
    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        params = []
    names = []
    for i, a in enumerate(args):
        base = params[i] if i < len(params) else f"args_{i}"
        n = len(nest.flatten(a))
        names.extend([base] if n == 1 else [base if j == 0 else f"{base}_{j}" for j in range(n)])
    for k, v in sorted(kwargs.items()):
        n = len(nest.flatten(v))
        names.extend([k] if n == 1 else [k if j == 0 else f"{k}_{j}" for j in range(n)])
    return names


def _output_value(x):
    """The traced value of one flattened output (Python values become tensors, as TF)."""
    from .constant_op import convert_to_tensor
    if x is None:
        return None
    if isinstance(x, Variable):
        x = x._read()
    return convert_to_tensor(x)._value


class ConcreteFunction:
    """A tf.function traced for one input signature: a jaxpr run under jax.jit."""

    def __init__(self, closed, variables, structure):
        """`closed`: the traced jaxpr (variable values, then tensor arguments -> outputs,
        assigned values, check results); `variables`: the Variables whose values it takes;
        `structure`: result (output structure), assigned (indices into `variables`),
        checks (assertion messages), inputs and input_signature (see _trace), and
        optionally random_states and variable_args."""
        jaxpr = closed.jaxpr
        n_vars = len(variables)
        used = used_vars(jaxpr)
        keep = [i for i in range(n_vars) if jaxpr.invars[i] in used]
        self._variables = [variables[i] for i in keep]
        # Trace-time constants become leading arguments rather than closed-over values.
        self._consts = tuple(EagerTensor(c) for c in closed.consts)
        # Stateful random ops' Philox states: constants advanced after each call.
        self._random_states = [(i, advance)
                               for state, advance in structure.get("random_states", ())
                               for i, c in enumerate(closed.consts) if c is state]
        invars = list(jaxpr.constvars) + [jaxpr.invars[i] for i in keep] + \
            jaxpr.invars[n_vars:]
        jaxpr = jaxpr.replace(constvars=[], invars=invars, debug_info=jaxpr.debug_info._replace(
            arg_names=tuple(f"arg{i}" for i in range(len(invars)))))
        self._fn = jaxpr_as_fun(ClosedJaxpr(jaxpr, []))
        self._polymorphic = any(not isinstance(d, int) for v in invars for d in v.aval.shape)
        if self._polymorphic:
            # Symbolic dimensions: exported once, compiled by XLA per concrete shape.
            self._fn = jax.export.export(jax.jit(self._fn))(*[
                jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype) for v in invars]).call
        self._op = Op("PartitionedCall", self._fn)
        self._jitted = jax.jit(self._fn)
        self._const_values = tuple(c._value for c in self._consts)
        self._assigned = [variables[i] for i in structure["assigned"]]
        self._arg_variables = structure.get("variable_args", ())
        self._result = structure["result"]
        self._inputs = structure["inputs"]
        self.structured_input_signature = structure["input_signature"]
        self._checks = structure["checks"]
        self._n_out = len(jaxpr.outvars) - len(self._assigned) - len(self._checks)

    structured_outputs = property(lambda self: self._result)
    output_shapes = property(lambda self: nest.map_structure(
        lambda x: x.shape, self._result))
    output_dtypes = property(lambda self: nest.map_structure(
        lambda x: x.dtype, self._result))

    def _signature_text(self, verbose=True):
        """TF's printed FunctionType of this trace."""
        out = _type_text(self._result)
        if not verbose:
            params = []
            for n, kind, t in self._inputs:
                if kind == "KEYWORD_ONLY" and "*" not in params:
                    params.append("*")
                params.append(f"{n}: {t}")
            return f"({', '.join(params)}) -> {out}"
        captures = [f"  {id(v._handle)}: TensorSpec(shape=(), dtype=tf.resource, name=None)"
                    for v in self._variables]
        return "\n".join(
            ["Input Parameters:"] +
            [f"  {n} ({kind}): {t}" for n, kind, t in self._inputs] +
            ["Output Type:", "  " + out, "Captures:"] + (captures or ["  None"]))

    def pretty_printed_signature(self, verbose=True):
        """ConcreteFunction.pretty_printed_signature."""
        return self._signature_text(verbose)

    def __str__(self):
        return "ConcreteFunction " + self._signature_text()

    def __repr__(self):
        return f"<ConcreteFunction {self._signature_text(False)} at 0x{id(self):X}>"
    variables = property(lambda self: tuple(self._variables))
    trainable_variables = property(lambda self: tuple(v for v in self._variables
                                                      if v.trainable))

    def __call__(self, *args, **kwargs):
        return self._call_flat(_flat_tensors(args, kwargs), _flat_variables(args, kwargs))

    def _advance_random_states(self):
        values = list(self._const_values)
        for i, advance in self._random_states:
            values[i] = jax.numpy.asarray(advance(values[i]))
        self._const_values = tuple(values)
        self._consts = tuple(EagerTensor(c) for c in values)

    def _call_flat(self, tensors, variables=()):
        """Run on the flat tensor arguments; `variables`: the call's Variable arguments,
        which stand for those of the trace (traces are keyed by variable spec)."""
        used, assigned = self._variables, self._assigned
        if any(a is not b for a, b in zip(self._arg_variables, variables)):
            swap = {id(a): b for a, b in zip(self._arg_variables, variables)}
            used = [swap.get(id(v), v) for v in used]
            assigned = [swap.get(id(v), v) for v in assigned]
        if tape._active or tape._watchers:
            # Recorded as one op: gradients reach the arguments and the variables read.
            reads = tuple(v._read() for v in used)
            outs = execute(self._op, self._consts + reads + tuple(tensors))
        else:
            try:
                arrays = self._jitted(*self._const_values, *[v._value for v in used],
                                      *[t._value for t in tensors])
            except Exception as exc:
                # A host callback's error (a tf.data iterator's OutOfRangeError, an op's
                # run-time check) is raised as it was raised.
                cause = host_callback.raised()
                if cause is not None:
                    raise cause from None
                if isinstance(exc, jax.errors.UnexpectedTracerError):
                    raise TypeError(_OUT_OF_SCOPE) from None
                if isinstance(exc, (TypeError, ValueError)):
                    raise self._op.error(self._op, [t._value for t in tensors], {},
                                         exc) from None
                raise
            outs = [EagerTensor(a) for a in arrays]
        if self._random_states:
            self._advance_random_states()
        n_assigned = len(assigned)
        for v, new in zip(assigned, outs[self._n_out:self._n_out + n_assigned]):
            v._value = new._value
        for ok, message in zip(outs[self._n_out + n_assigned:], self._checks):
            if not bool(ok._value):
                raise errors.InvalidArgumentError(None, None, "assertion failed: " + message)
        it = iter(outs[:self._n_out])
        return nest.pack_sequence_as(self._result, [
            None if x is None else next(it) for x in nest.flatten(self._result)])


_OUT_OF_SCOPE = (
    "A tensor created while tracing another tf.function is out of scope and cannot be used "
    "here. Use return values, explicit Python locals or TensorFlow collections to access it.")


def used_vars(jaxpr):
    """The variables a jaxpr's equations or outputs read."""
    used = set()
    for eqn in jaxpr.eqns:
        used.update(v for v in eqn.invars if not isinstance(v, jax.extend.core.Literal))
    used.update(v for v in jaxpr.outvars if not isinstance(v, jax.extend.core.Literal))
    return used
