"""How tf.function keys and binds its calls (TF's function_type_utils and trace_type):
the cache keys and flat signatures of a call, reduce_retracing's supertypes, the casts
of arguments to an input_signature, and the printed types of FunctionType."""
import collections.abc
import inspect
import math
import numbers

import jax
import numpy as np

from ..framework import dtypes, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_type import trace_type_of
from ..framework.type_spec import TypeSpec
from ..framework.variables import Variable
from ..framework.relaxed_shapes import RelaxedTensor, static_dims


def _signature(args, kwargs):
    """The flat argument types of a call: (structure, ((kind, shape, dtype) ...))."""
    def one(x):
        if isinstance(x, _Shaped):
            shape = x.spec.shape
            return ("T", None if shape.rank is None else tuple(shape.as_list()), x.spec.dtype)
        if type(x) is RelaxedTensor:   # (by its static shape, as TF)
            return ("T", static_dims(x), x.dtype)
        if isinstance(x, Tensor):
            return ("T", tuple(x._value.shape), x.dtype)
        return ("P", _cache_key((x,), {})[1][0])
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    return (_cache_key(args, kwargs)[0], tuple(one(x) for x in flat),
            tuple(sorted(kwargs)))


def _supertype(a, b):
    """The most specific signature both fit (differing dimensions unknown, differing
    ranks an unknown shape), or None."""
    if a[0] != b[0] or a[2] != b[2] or len(a[1]) != len(b[1]):
        return None
    out = []
    for x, y in zip(a[1], b[1]):
        if x[0] != y[0] or (x[0] == "P" and x != y):
            return None
        if x[0] == "T":
            if x[2] != y[2]:
                return None
            if x[1] is None or y[1] is None or len(x[1]) != len(y[1]):
                x = ("T", None, x[2])
            else:
                x = ("T", tuple(p if p == q else None for p, q in zip(x[1], y[1])), x[2])
        out.append(x)
    return (a[0], tuple(out), a[2])


def _has_specs(args, kwargs):
    """Whether arguments are TensorSpecs (not tensors) with unknown dimensions, or specs
    of composites."""
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    return any(isinstance(x, TensorSpec) and not x.shape.is_fully_defined() or
               _is_composite_spec(x) for x in flat)


def _has_composite_specs(args, kwargs):
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    return any(_is_composite_spec(x) for x in flat)


def _is_composite_spec(x):
    """Whether `x` is the TypeSpec of a composite (tf.SparseTensorSpec, ...): a trace
    needs a value of it (get_concrete_function traces probe values)."""
    return isinstance(x, TypeSpec) and hasattr(x, "_probe_value")


def _has_unknown_dims(args, kwargs):
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    for x in flat:
        spec = x.spec if isinstance(x, _Shaped) else x if isinstance(x, TensorSpec) else None
        if spec is not None and not spec.shape.is_fully_defined():
            return True
    return False


def _has_empty_unknown_dims(args, kwargs):
    """Whether a tensor has size 0 in a dimension its input_signature leaves unknown."""
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    return any(isinstance(x, _Shaped) and x.spec.shape.rank is not None and any(
        d is None and n == 0 for d, n in zip(x.spec.shape, x.tensor._value.shape))
        for x in flat)


def _check_spec(spec, value):
    if isinstance(spec, TensorSpec) and not isinstance(value, TensorSpec):
        t = convert_to_tensor(value, dtype=spec.dtype) if not isinstance(value, Tensor) \
            else value
        if not spec.is_compatible_with(t):
            raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                            f"{TensorSpec(t.shape, t.dtype, spec.name)!r} to {spec!r}`.")
        return _Shaped(t, spec)
    return value


def _spec_name(x, name):
    """The name of an argument's placeholder and flat keyword: its TensorSpec's (an
    input_signature's or get_concrete_function's), else `name` (its parameter's)."""
    spec = x.spec if isinstance(x, _Shaped) else x
    return spec.name if isinstance(spec, TensorSpec) and spec.name else name


def _is_nan(x):
    """TF's trace_type is_nan: a Python number that is NaN."""
    if not isinstance(x, numbers.Number):
        return False
    return math.isnan(x.real) or math.isnan(x.imag) if isinstance(x, complex) else \
        math.isnan(x)


def _cast_to_literal(name, default, value):
    """An argument for a parameter an input_signature leaves out, checked as TF checks it:
    Literal[default].cast (an equal value, NaN for NaN), then its trace type (a Tensor or
    numpy array is a TensorSpec, never a Literal: that TypeError is raised as it is, not
    as a binding failure: `unwrapped`)."""
    if not (value is default or (_is_nan(default) and _is_nan(value)) or value == default):
        raise TypeError(f"Can not cast {value!r} to Literal[{default!r}]")
    if isinstance(value, (Tensor, np.ndarray)):
        t = convert_to_tensor(value)
        e = TypeError(f"Parameter `{name}` was expected to be of type Literal[{default!r}] "
                      f"but is {TensorSpec(t.shape, t.dtype)!r}")
        e.unwrapped = True
        raise e
    return value


class _CapturedDefault:
    """How TF's FunctionType prints a parameter's default value."""

    def __repr__(self):
        return "<captured_default_value>"


_CAPTURED_DEFAULT = _CapturedDefault()


def _spec_type_text(spec):
    """TF's text for the trace type of an input_signature entry."""
    if isinstance(spec, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {_spec_type_text(v)}]"
                                   for k, v in spec.items()) + "]"
    if isinstance(spec, tuple) and hasattr(type(spec), "_fields"):
        return f"{type(spec).__name__}[" + ", ".join(
            f"[{k!r}, {_spec_type_text(v)}]" for k, v in zip(spec._fields, spec)) + "]"
    if isinstance(spec, (list, tuple)):
        kind = "List" if isinstance(spec, list) else "Tuple"
        return f"{kind}[" + ", ".join(_spec_type_text(v) for v in spec) + "]"
    return repr(spec)


def _cast_to_spec(spec, value):
    """An argument cast to its input_signature entry, or TF's error why it cannot be
    (trace_type's default_types casts)."""
    if isinstance(spec, TensorSpec):
        if isinstance(value, TensorSpec):
            if value.dtype != spec.dtype or value.name not in (None, spec.name) or \
                    not value.shape.is_subtype_of(spec.shape):
                raise TypeError(f"Can not cast {value!r} to {spec!r}")
            return value
        t = value if isinstance(value, Tensor) else convert_to_tensor(value, dtype=spec.dtype)
        if not spec.is_compatible_with(t):
            raise TypeError(f"Can not cast {TensorSpec(t.shape, t.dtype, spec.name)!r} to "
                            f"{spec!r}")
        return _Shaped(t, spec)
    if hasattr(spec, "_component_specs"):
        return _cast_to_type_spec(spec, value)
    if isinstance(spec, dict):
        if not isinstance(value, collections.abc.Mapping):
            raise TypeError(f"Can not cast {value!r} to a Dict type.")
        if set(value) != set(spec):
            raise TypeError(f"{value!r} has different keys with the TraceType "
                            f"{_spec_type_text(spec)}.")
        return type(spec)((k, _cast_to_spec(s, value[k])) for k, s in spec.items())
    if isinstance(spec, tuple) and hasattr(type(spec), "_fields"):
        if not (isinstance(value, tuple) and hasattr(type(value), "_fields")):
            raise TypeError(f"Cannot cast {value!r} to type {type(spec)!r}.")
        if set(value._fields) != set(spec._fields):
            raise TypeError(f"{value!r} has different attributes with the TraceType "
                            f"{_spec_type_text(spec)}")
        return type(spec)(*[_cast_to_spec(s, getattr(value, k))
                            for k, s in zip(spec._fields, spec)])
    if isinstance(spec, (list, tuple)):
        kind = "list" if isinstance(spec, list) else "tuple"
        if not isinstance(value, type(spec)):
            raise TypeError(f"Can not cast {value!r} to {kind} type.")
        if len(value) != len(spec):
            # (TF's List.cast takes len() of its Tuple of components, which has none)
            raise TypeError("object of type 'Tuple' has no len()" if kind == "list" else
                            f"Expected {value} to have length of {len(spec)}")
        return type(spec)(_cast_to_spec(s, v) for s, v in zip(spec, value))
    trace_type = trace_type_of(spec)   # (a TraceType's own cast: a DatasetSpec's)
    return value if trace_type is None else trace_type.cast(value, None)


def _cast_to_type_spec(spec, value):
    """A composite argument (tf.SparseTensor, tf.RaggedTensor) cast to its input_signature
    TypeSpec as TF's TypeSpec.cast does: each of the spec's components cast to its
    component spec (TF's errors). The value is then keyed and passed in by its own
    TraceType; a spec (get_concrete_function) stays the spec."""
    if isinstance(value, TypeSpec):
        if not value.is_subtype_of(spec):
            raise TypeError(f"Can not cast {value!r} to {spec!r}")
        return spec
    nest.map_structure(_cast_to_spec, spec._component_specs, spec._to_components(value))
    return _Composite(value, spec)


class _Composite:
    """A composite argument matched to an input_signature TypeSpec: traced by the
    value's TraceType, typed (structured_input_signature, printed types) by the spec."""

    __slots__ = ("value", "spec")

    def __init__(self, value, spec):
        self.value = value
        self.spec = spec


class _SignatureTyped:
    """The key of a composite argument matched to an input_signature spec: its value's
    TraceType (which the trace is keyed by), and TF's key, the spec (`tf_type`: TF traces
    an input_signature once, so the traces of other values are silent)."""

    __slots__ = ("trace_type", "tf_type")

    def __init__(self, trace_type, spec):
        self.trace_type = trace_type
        self.tf_type = ("spec", spec)

    def __eq__(self, other):
        return type(other) is _SignatureTyped and self.trace_type == other.trace_type and \
            self.tf_type == other.tf_type

    def __hash__(self):
        return hash(self.trace_type)


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
            return key(x.spec)   # (as get_concrete_function() of the input_signature)
        if type(x) is RelaxedTensor:   # (keyed by its static shape too)
            return ("T", x._value.shape, x._value.dtype, static_dims(x))
        if isinstance(x, Tensor):
            return ("T", x._value.shape, x._value.dtype)
        if isinstance(x, np.ndarray):
            return ("T", x.shape, x.dtype)
        if isinstance(x, TensorSpec):
            if x.shape.is_fully_defined():   # the trace of a tensor of this shape and dtype
                return ("T", tuple(x.shape.as_list()), x.dtype._np)
            return ("spec", x)
        if isinstance(x, _Composite):
            return ("TT", _SignatureTyped(trace_type_of(x.value), x.spec))
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


class _ValueKey(collections.namedtuple("_ValueKey", "base values")):
    """The key of a trace that read argument values: its signature's key, and the values
    (shape, dtype, bytes) of the arguments that its traces read."""


def _tf_key(key):
    """The key TF traces a call by, where an argument's TraceType is finer than TF's (a
    tf.data iterator's, keyed by its next element's shapes, defines `tf_type`; a
    RelaxedTensor's, keyed by its traced shape; argument values, _ValueKey), else None."""
    if isinstance(key, _ValueKey):
        return _tf_key(key.base) or key.base
    finer = []

    def coarse(k):
        if k[0] == "T" and len(k) == 4:   # a RelaxedTensor: TF's trace is of its static shape
            finer.append(k)
            return ("T", k[3], k[2])
        tf_type = getattr(k[1], "tf_type", None) if k[0] == "TT" else None
        if tf_type is None:
            return k
        finer.append(k)
        return ("TT", tf_type)
    structure, flat, kw = key
    coarse_key = (structure, tuple(coarse(k) for k in flat),
                  tuple((name, tuple(coarse(k) for k in ks)) for name, ks in kw))
    return coarse_key if finer else None


class _NotKeyed(Exception):
    """An argument _call_key does not key (the call takes the general path)."""


_SCALARS = frozenset((int, float, bool, str, bytes, type(None)))


def _call_key(args, kwargs):
    """A call keyed as it was made, before canonicalization: (key, tensors, variables),
    where each argument that is a tf.Tensor (by shape and dtype), a Python scalar (by
    type and value), a Variable (by spec and aliasing, as _cache_key), an object with a
    TraceType, or a list, tuple or dict of those, gives the key one entry and the tensors
    and Variables passed in, in the order met; None for a call with any other argument.
    Finer than the _cache_key of the call's canonical form (the binding of a call is
    fixed by its key): tf.function's fast path keys its traces by it."""
    tensors, variables, aliases = [], [], {}

    def key(a):
        t = type(a)
        if t is EagerTensor:
            value = a._value
            tensors.append(a)
            return (value.shape, value.dtype)
        if t in _SCALARS:
            return ("P", t, a)
        if t is tuple or t is list:
            return (t, tuple([key(x) for x in a]))
        if t is dict:
            try:
                names = sorted(a)
            except TypeError:
                raise _NotKeyed from None
            return (t, tuple([(k, key(a[k])) for k in names]))
        trace_type = getattr(t, "__tf_tracing_type__", None)
        if trace_type is not None:
            trace_type = trace_type(a, None)
            tensors.extend(trace_type.to_tensors(a))
            return ("TT", trace_type)
        if isinstance(a, Variable):
            variables.append(a)
            return ("V", a._value.shape, a.dtype, a.trainable,
                    aliases.setdefault(id(a._handle), len(aliases)))
        raise _NotKeyed
    try:
        return ((tuple([key(a) for a in args]),
                 tuple([(k, key(v)) for k, v in kwargs.items()]) if kwargs else ()),
                tensors, variables)
    except _NotKeyed:
        return None


def _immutable(value):
    """Whether a parameter's default is a Python scalar or a tuple of them: a call's key
    then fixes what its canonical form takes (a list default may change between calls)."""
    return type(value) in _SCALARS or type(value) is tuple and all(map(_immutable, value))


def _plan(given, canonical):
    """The indices into `given` (the objects a call passed, as _call_key lists them) of
    `canonical` (those its canonical form passes); None where `given` repeats an object
    (which of them goes where is unknown) or lacks one (made by the binding)."""
    where = {id(x): i for i, x in enumerate(given)}
    if len(where) != len(given):
        return None
    try:
        return tuple([where[id(x)] for x in canonical])
    except KeyError:
        return None


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


def _arg_tensors(x):
    """The tensors a flat argument passes to a trace: a tensor (or its spec) itself, and
    the ``to_tensors`` of an object with a custom TraceType (TF's threading of, e.g., an
    iterator's resource handle)."""
    if _is_tensor_like(x) or isinstance(x, TensorSpec):
        return [x]
    if isinstance(x, _Composite):
        x = x.value
    trace_type = trace_type_of(x)
    return [] if trace_type is None else trace_type.to_tensors(x)


def takes_in_order(tensors, args, kwargs):
    """Whether the trace a call binds to (args, kwargs) takes exactly `tensors`, in that
    order (tf.data's direct calls of a trace's program)."""
    return _plan(tensors, _flat_tensors(args, kwargs)) == tuple(range(len(tensors)))


def _flat_tensors(args, kwargs):
    """The tensor arguments of a call, in the order the traced function takes them."""
    out = []
    for x in nest.flatten(args) + [v for _, v in sorted(kwargs.items())
                                   for v in nest.flatten(v)]:
        for t in _arg_tensors(x):
            if isinstance(t, _Shaped):
                out.append(t.tensor)
            elif isinstance(t, np.ndarray):
                out.append(EagerTensor(jax.numpy.asarray(t)))
            elif isinstance(t, Tensor):
                out.append(t)
    return out


def canonical_parameters(fn, args, kwargs):
    """TF's FunctionType parameters of a trace's canonical arguments: [(name, kind,
    value)]. The arguments past the positional parameters are the var-positional
    parameter's, named ``args_0``, ``args_1`` ... after it (all positional parameters are
    then positional-only); keyword arguments past the parameters are keyword-only, named
    by their keys; parameters left unbound take their defaults."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return [(f"args_{i}", "POSITIONAL_ONLY", a) for i, a in enumerate(args)] + \
            [(k, "KEYWORD_ONLY", v) for k, v in sorted(kwargs.items())]
    P = inspect.Parameter
    var_positional = next((p.name for p in params if p.kind is P.VAR_POSITIONAL), None)
    positional = [p for p in params if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    out = []
    for i, a in enumerate(args):
        if i < len(positional):
            kind = P.POSITIONAL_ONLY if var_positional else positional[i].kind
            out.append((positional[i].name, str(kind), a))
        else:
            out.append((f"{var_positional or 'args'}_{i - len(positional)}",
                        "POSITIONAL_ONLY", a))
    kwargs = dict(kwargs)
    bound = {p.name for p in positional[:len(args)]}
    for p in params:
        if p.kind in (P.VAR_POSITIONAL, P.VAR_KEYWORD) or p.name in bound:
            continue
        kind = P.POSITIONAL_ONLY if var_positional and p.kind is P.POSITIONAL_OR_KEYWORD \
            else p.kind
        if p.name in kwargs:
            out.append((p.name, str(kind), kwargs.pop(p.name)))
        elif p.default is not P.empty:
            out.append((p.name, str(kind), p.default))
    out += [(k, "KEYWORD_ONLY", v) for k, v in sorted(kwargs.items())]
    return out


def _input_types(fn, args, kwargs):
    """[(parameter name, kind, type text)] of a trace's canonical arguments, as TF's
    FunctionType prints them."""
    return [(name, kind, type_text(v)) for name, kind, v in canonical_parameters(
        fn, args, kwargs)]


def _spec_text(shape, dtype, name=None):
    return repr(TensorSpec(shape, dtype, name))


def type_text(x):
    """TF's text for the trace type of an argument or output."""
    if isinstance(x, _Shaped):
        return _spec_text(x.spec.shape, x.spec.dtype, x.spec.name)
    if isinstance(x, TensorSpec):
        return _spec_text(x.shape, x.dtype, x.name)
    if isinstance(x, Variable):
        return (f"VariableSpec(shape={x.shape}, dtype={x.dtype!r}, "
                f"trainable={x.trainable}, alias_id=None)")
    if isinstance(x, Tensor):
        return _spec_text(x.shape, x.dtype)
    if isinstance(x, _Composite) or isinstance(getattr(x, "_type_spec", None), TypeSpec):
        return repr(x.spec if isinstance(x, _Composite) else x._type_spec)
    if _is_composite_spec(x):
        return repr(x)
    if isinstance(x, np.ndarray):
        return _spec_text(x.shape, dtypes.as_dtype(x.dtype))
    if isinstance(x, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {type_text(v)}]" for k, v in sorted(
            x.items())) + "]"
    if isinstance(x, (list, tuple)):
        kind = "List" if isinstance(x, list) else "Tuple"
        return f"{kind}[" + ", ".join(type_text(v) for v in x) + "]"
    spec = getattr(trace_type_of(x), "type_spec", None)   # (a dataset's DatasetSpec)
    return f"Literal[{x!r}]" if spec is None else repr(spec)
