"""The tracing of a tf.function (TF's tracing_compilation): the Python function runs once
under ``jax.make_jaxpr``. Every live Variable's storage is swapped for a tracer (restored
in ``finally``: no Variable keeps a tracer), and the jaxpr that results takes the
variables it reads and the tensor arguments, and returns the outputs and the new values
of the variables it assigns. The initializers of Variables created during the first
trace are lifted out of it (computed from the jaxpr's constants, as TF lifts them); the
function is then traced again, and creating variables in any later trace raises TF's
ValueError."""
import inspect
import math

import jax
import numpy as np

from ..framework import dtypes, host_callback, nest, strings
from ..framework.constant_op import aval, convert_to_tensor
from ..framework.context import ctx, private_values, shared_values
from ..framework.strings import StringIds
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_state import (CallsRunEagerly, Trace, lift_initializers,
                                     lift_partial_initializers, tf_traced_by_jax,
                                     unnamed_arguments)
from ..framework.trace_type import trace_type_of
from ..framework.type_spec import TypeSpec
from ..framework.variables import Uninitialized, Variable, live_variables
from .eager_rerun import creation_key
from . import hoisted_reads
from .composites import components
from .concrete_function import ConcreteFunction
from .function_type_utils import (_arg_tensors, _Composite, _input_types, _Shaped, _spec_name,
                                  canonical_parameters)
from ..framework.relaxed_shapes import RelaxedTensor, relaxed
from .runtime_checks import _check_out_of_scope


def trace_function(fn, args, kwargs, allow_creation, polymorphic=False, jit_compile=False,
                   dataset_function=False, made=None):
    """Trace `fn` once into a ConcreteFunction; also return whether it created variables
    (then the ConcreteFunction is None: the variables now hold their initial values,
    lifted or computed from this call's arguments, and `fn` must be traced again).
    `polymorphic`: unknown dimensions of input specs become symbolic (jax.export).
    `dataset_function`: a tf.data function's trace (TF's StructuredFunctionWrapper): its
    ops compute what they do, not what TF's graph optimizer makes of them, and its
    placeholders are named args_0, args_1 ... (the element's flat components). `made`: a
    list the variables created by a trace that raises are added to (not where only their
    lifting fails: TF's trace completed)."""
    variables = list(live_variables())
    var_values = [v._value for v in variables]
    var_strings = [strings.is_string(v) for v in var_values]
    flat_args = nest.flatten(args)
    kw_items = sorted(kwargs.items())
    flat_kw = [x for _, v in kw_items for x in nest.flatten(v)]
    arg_names = ([f"args_{i}" for i in range(len(flat_args) + len(flat_kw))]
                 if dataset_function else _arg_names(fn, args, kwargs))
    structure = {}
    trace = Trace(variables, var_values, allow_creation,
                  jit_compile or any(t.jit_compile for t in ctx.traces),
                  graph_rewrites=not dataset_function)
    trace.graph.function_name = getattr(fn, "__name__", "function")

    def traced(var_tracers, tensor_tracers):
        it = iter(tensor_tracers)
        positions = {id(t): i for i, t in enumerate(tensor_tracers)}

        def rebuild(x, name):
            if isinstance(x, (_Shaped, Tensor, np.ndarray, TensorSpec)):
                value = next(it)
                known = _known_value(x, value)
                if known is not None:
                    trace.known_arguments.add(value.val, positions[id(value)], known)
                t = EagerTensor(StringIds(value) if _is_string_arg(x) else value)
                shaped = isinstance(x, _Shaped) and not x.spec.shape.is_fully_defined()
                if type(x) is RelaxedTensor:   # (inside too: TF's placeholder of its shape)
                    t = relaxed(t, x.shape)
                trace.graph.placeholder(t, _spec_name(x, name),
                                        x.spec.shape if shaped else t.shape)
                if shaped:
                    trace.shapes[id(t._value)] = x.spec.shape
                return t
            if isinstance(x, _Composite):
                x = x.value
            trace_type = trace_type_of(x)
            if trace_type is None:
                return x
            if trace_type.to_tensors(x):   # threaded: rebuilt from the tracers
                return trace_type.from_tensors(it)
            return trace_type.placeholder_value(None)
        new_args = nest.pack_sequence_as(args, [rebuild(x, n) for x, n in
                                                zip(flat_args, arg_names[:len(flat_args)])])
        new_kw = {}
        names = iter(arg_names[len(flat_args):])
        for k, v in kw_items:
            new_kw[k] = nest.pack_sequence_as(v, [rebuild(x, next(names))
                                                  for x in nest.flatten(v)])
        var_tracers = [StringIds(t) if s else t for t, s in zip(var_tracers, var_strings)]
        var_tracers = [v._value if type(v._value) is Uninitialized else t   # (read: its error)
                       for v, t in zip(variables, var_tracers)]
        for v, t in zip(variables, var_tracers):
            v._value = t
        saved_tapes = ctx.tapes[:]
        ctx.tapes.clear()
        ctx.traces.append(trace)
        ctx.name_scopes.append("")   # (a function's graph starts at the root scope, as TF's)
        try:
            with tf_traced_by_jax():
                try:
                    result = fn(*new_args, **new_kw)
                except CallsRunEagerly:   # (the calls run eagerly: keep what it created)
                    trace.lifted = lift_partial_initializers(
                        [strings.traced(value) for _, value in trace.created])
                    raise
            # Read the outputs while Variables still hold their traced values (a returned
            # Variable or assign result is its value after the function's assignments).
            flat_result = [c for x in nest.flatten(result) for c in components(x)]
            flat_out = [_output_value(x, fn) for x in flat_result]
            trace.graph.finish(flat_result)
        finally:
            ctx.name_scopes.pop()
            ctx.traces.pop()
            ctx.tapes[:] = saved_tapes
            new_values = [v._value for v in variables]
            for v, value in zip(variables, trace.real_values):
                v._value = value
        structure["result"] = result
        # (TF's static shapes of the outputs: less known than the traced ones in a trace
        # of an iterator's elements, relaxed_shapes)
        structure["output_dims"] = [
            tuple(x.shape.as_list()) if isinstance(x, Tensor) and x.shape.rank is not None
            else None for x, o in zip(flat_result, flat_out) if o is not None]
        assigned = [i for i, (new, t) in enumerate(zip(new_values, var_tracers)) if new is not t]
        structure["assigned"] = assigned
        structure["checks"] = [check[1] for check in trace.checks]
        structure["random_states"] = trace.random_states
        structure["random_finals"] = [state for state, _ in trace.random_finals]
        structure["captures"] = trace.captures
        structure["variable_args"] = [x for x in flat_args + flat_kw if isinstance(x, Variable)]
        outs = [x for x in flat_out if x is not None] + [new_values[i] for i in assigned]
        structure["string_outputs"] = [strings.is_string(x) for x in outs]
        structure["created_strings"] = [strings.is_string(v) for _, v in trace.created]
        return ([strings.traced(x) for x in outs],
                [y for check in trace.checks
                 for y in [jax.numpy.all(check[0])] + (check[2] if len(check) > 2 else [])],
                [strings.traced(value) for _, value in trace.created],
                [jax.numpy.asarray(n, jax.numpy.uint64) for _, n in trace.random_finals])

    symbols = iter(_symbols(flat_args + flat_kw)) if polymorphic else None
    structure["inputs"] = _input_types(fn, args, kwargs)
    structure["name"] = getattr(fn, "__name__", "function")
    structure["call"] = (fn, args, kwargs)
    names = iter(arg_names)

    def spec_of(x):
        name = _spec_name(x, next(names, None))
        if isinstance(x, _Shaped):
            return TensorSpec(x.spec.shape, x.spec.dtype, name)
        if isinstance(x, (Tensor, np.ndarray, TensorSpec)):
            return TensorSpec(x.shape, dtypes.as_dtype(x.dtype), name)
        if isinstance(x, _Composite):
            return x.spec
        if isinstance(getattr(x, "_type_spec", None), TypeSpec):   # a composite's
            return x._type_spec
        return getattr(trace_type_of(x), "type_spec", x)   # (a dataset's DatasetSpec)
    structure["input_signature"] = (
        nest.pack_sequence_as(args, [spec_of(x) for x in flat_args]),
        {k: nest.pack_sequence_as(v, [spec_of(x) for x in nest.flatten(v)])
         for k, v in kw_items})
    tensor_args = [t for x in flat_args + flat_kw for t in _arg_tensors(x)]
    structure["string_inputs"] = [_is_string_arg(x) for x in tensor_args]
    specs = [_abstract(x, symbols) for x in tensor_args]
    host_calls = strings.host_calls[0]
    try:
        with private_values():   # the tracers stay this thread's
            closed = jax.make_jaxpr(unnamed_arguments(traced))(
                [aval(v.shape, strings.traced_dtype(v.dtype)) for v in var_values], specs)
        for v, value in trace.nested_created:   # not state of this trace: kept
            v._value = value
        _check_out_of_scope(closed.consts)
    except BaseException as e:
        trace.graph.clear()
        if made is not None:
            made.extend(v for v, _ in trace.created)
        lifted = trace.lifted or [None] * len(trace.created)
        for (v, value), initial in zip(trace.created, lifted):
            if initial is None:   # never computed: reading it raises
                v._value = Uninitialized(v.name, value)
                continue
            initial = strings.from_ids(initial) if strings.is_string(value) else initial
            v._value = initial
            with shared_values():   # (also past an enclosing trace, which is abandoned too)
                v._value = initial
        if isinstance(e, CallsRunEagerly):   # (as TF's first trace, the first call may,
            e.eager_may_create = frozenset(   # but not those the trace made again)
                creation_key(v) for v, _ in trace.created) if allow_creation else None
        raise
    structure["graph"] = trace.graph.freeze(structure["name"])
    structure["known_values"] = dict(trace.known_arguments.read)
    if trace.created:
        inputs = [None if s else v for v, s in zip(var_values, var_strings)] + \
            [_input_value(x) for x in tensor_args]
        for (v, _), value, s in zip(trace.created,
                                    lift_initializers(closed, len(trace.created), inputs),
                                    structure["created_strings"]):
            v._value = strings.from_ids(value) if s else value
            for outer in ctx.traces:   # enclosing traces must be traced again with it
                outer.nested_created.append((v, value))
            if not ctx.traces and ctx.lifted_created:   # (in a tf.init_scope block)
                ctx.lifted_created[-1].append(v)
        return None, True
    if trace.nested_created:
        return None, True
    for listener in trace_listeners:
        listener(getattr(fn, "__name__", "function"), closed, structure["graph"])
    closed, structure["reads"] = hoisted_reads.hoist_reads(closed, len(variables))
    structure["string_variables"] = var_strings
    structure["strings"] = strings.host_calls[0] != host_calls or any(
        structure["string_outputs"]) or any(structure["string_inputs"])
    concrete = ConcreteFunction(closed, variables, structure)
    if concrete._reruns and host_callback.has_effects(closed.jaxpr):
        # A call abandoned for a rerun would have printed (or called the host) already.
        raise CallsRunEagerly("a tf.cond branch that XLA cannot compile (its output shape "
                              "depends on values) in a function that prints or calls "
                              "Python")
    return concrete, False


def _input_value(x):
    """A tensor argument's value where a variable's initial value may be computed from it
    (TF initializes such a variable in its first call's graph); None for a spec, a
    string or a value of an enclosing trace."""
    if isinstance(x, _Shaped):
        x = x.tensor
    if isinstance(x, TensorSpec) or _is_string_arg(x):
        return None
    value = x._value if isinstance(x, Tensor) else x
    return None if isinstance(value, jax.core.Tracer) else value


_MAX_KNOWN = 4096   # elements of an argument whose value a trace may read


def _known_value(x, tracer):
    """The value of tensor argument `x` that its trace may read where an op needs it as
    a constant (trace_state.KnownArguments): that of an integer or boolean tensor of at
    most _MAX_KNOWN elements traced at its own shape (one computed in an enclosing trace:
    its tracer there, whose value that trace may know); else None."""
    if isinstance(x, TensorSpec) or _is_string_arg(x):
        return None
    if type(x) is RelaxedTensor and not isinstance(x._value, jax.core.Tracer):
        return None   # (a tf.data function's element: its graph knows no values)
    if isinstance(x, _Shaped):   # (not a probe of a spec's unknown dimensions)
        if not x.spec.shape.is_fully_defined():
            return None
        x = x.tensor
    array = x._value if isinstance(x, Tensor) else x
    if np.dtype(array.dtype).kind not in "iub" or \
            not all(isinstance(d, int) for d in tracer.shape) or tracer.shape != array.shape or \
            math.prod(tracer.shape) > _MAX_KNOWN:
        return None
    return array if isinstance(array, jax.core.Tracer) else np.asarray(array)


def _is_string_arg(x):
    """Whether a tensor argument (or its spec) is a tf.string one."""
    if isinstance(x, _Shaped):
        x = x.spec
    if isinstance(x, TensorSpec):
        return x.dtype is dtypes.string
    return strings.is_string(x._value if isinstance(x, Tensor) else x)


# Called with (function name, ClosedJaxpr, FuncGraph) after each trace (tf.summary.trace_on).
trace_listeners = []


def _symbols(flat):
    """One jax symbolic dimension per unknown dimension of the input specs."""
    shapes = [(x.spec if isinstance(x, _Shaped) else x).shape for x in flat
              if isinstance(x, (_Shaped, TensorSpec))]
    n = sum(1 for s in shapes if s.rank is not None for d in s if d is None)
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
        return jax.ShapeDtypeStruct(shape, strings.traced_dtype(spec.dtype._np))
    if isinstance(x, _Shaped):
        x = x.tensor
    value = x._value if isinstance(x, Tensor) else np.asarray(x)
    return aval(value.shape, strings.traced_dtype(value.dtype))


def _arg_names(fn, args, kwargs):
    """TF's names for the flattened tensor arguments: their parameter's name
    (canonical_parameters), with _1, _2 ... for the elements of nested structures."""
    named = [(name, a) for (name, _, _), a in zip(canonical_parameters(fn, args, {}), args)]
    out = []
    for base, value in named + sorted(kwargs.items()):
        n = len(nest.flatten(value))
        out.extend([base] if n == 1 else [base if j == 0 else f"{base}_{j}" for j in range(n)])
    return out


def _output_value(x, fn):
    """The traced value of one flattened output of `fn` (Python values become tensors,
    as TF; TF's TypeError for what cannot)."""
    if x is None:
        return None
    if isinstance(x, Variable):
        x = x._read()
    try:
        return convert_to_tensor(x)._value
    except (TypeError, ValueError):
        if isinstance(x, (Tensor, np.ndarray, int, float, complex, str, bytes)) or \
                hasattr(x, "__tf_tensor__"):   # (its conversion's own error)
            raise
        raise TypeError(
            f"To be compatible with tf.function, Python functions must return zero or more "
            f"Tensors or ExtensionTypes or None values; in compilation of "
            f"{inspect.unwrap(fn)}, found return value of type {type(x).__name__}, which "
            f"is not a Tensor or ExtensionType.") from None
