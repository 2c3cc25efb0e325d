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
import collections
import collections.abc
import contextlib
import functools
import inspect
import threading
import weakref

import jax
import numpy as np
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun

from . import (autograph, config, dtypes, errors, func_graph, host_callback, nest, retracing,
               strings)
from .dispatch import Op, execute
from .func_graph import GraphBuilder, GraphTensor
from .strings import StringIds
from .tensor import EagerTensor, Tensor, symbolic
from .tensor_shape import TensorShape
from .trace_type import trace_type_of
from .variables import Uninitialized, Variable, live_variables
from .context import ctx, private_values, shared_values

# tf.config.run_functions_eagerly is process-wide, as TF's is
_run_eagerly = [False]


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


def _check_input_signature(python_function, input_signature):
    """TF's checks of an input_signature when the function is decorated: a list or tuple
    of (nests of) TensorSpecs, one for each parameter without a default."""
    if input_signature is None:
        return
    if not isinstance(input_signature, (tuple, list)):
        raise TypeError(f"input_signature must be either a tuple or a list, got "
                        f"{type(input_signature)}.")
    bad = [a for a in nest.flatten(input_signature) if not isinstance(a, TensorSpec)]
    if bad:
        raise TypeError(f"input_signature must be a possibly nested sequence of TensorSpec "
                        f"objects, got invalid args {bad} with types {[type(a) for a in bad]}.")
    left = len(input_signature)
    for p in inspect.signature(python_function).parameters.values():
        if p.name == "self" or p.kind is p.VAR_KEYWORD:
            continue
        if p.kind is p.VAR_POSITIONAL:
            left = 0
            continue
        if p.kind is p.KEYWORD_ONLY and p.default is p.empty:
            raise TypeError(f"Since input_signature is defined, keyword-only parameter "
                            f"`{p.name}` must have a default value")
        if left:
            left -= 1
        elif p.default is p.empty:
            raise TypeError(f"input_signature missing type constraint for {p.name}")
    if left:
        raise TypeError(f"input_signature contains {left} extra type constraints.")


class Function:
    """A tf.function: a Python function traced into cached XLA computations."""

    def __init__(self, python_function, input_signature=None, autograph=True,
                 reduce_retracing=False, warn_retracing=True):
        """`warn_retracing=False`: no retracing warning (functions tfcompat traces for
        itself, as tf.data's, which TF traces outside tf.function's count)."""
        if not callable(python_function):
            raise TypeError(f"{python_function} is not a callable object")
        _check_input_signature(python_function, input_signature)
        self._python_function = python_function
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._reduce_retracing = reduce_retracing
        self._concrete = {}
        self._traces = collections.OrderedDict()   # its ConcreteFunctions, oldest first
        self._generic = {}  # get_concrete_function's specs XLA cannot trace as one program
        self._traced_specs = set()   # keys of those traced per shape once already
        self._fast = {}     # flat positional signatures -> ConcreteFunction
        self._lock = threading.RLock()   # one trace at a time: threads racing trace once
        self._signatures = []   # the flat argument types of each trace (reduce_retracing)
        self._stats = retracing.stats_of(python_function) if warn_retracing else \
            retracing.silent_stats()
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
                elif not ctx.traces:
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
        with self._lock:
            return self._concrete_for_locked(args, kwargs)

    def _concrete_for_locked(self, args, kwargs):
        args, kwargs = self._bind(args, kwargs)
        key = _cache_key(args, kwargs)
        concrete = self._concrete.get(key)
        if concrete is None and self._reduce_retracing:
            args, kwargs = self._relax(args, kwargs)
            key = _cache_key(args, kwargs)
            concrete = self._concrete.get(key)
        traced = concrete is None
        if traced:
            concrete = self._cache(key, self._trace(args, kwargs))
        if concrete is _PER_SHAPE:
            # No shape-polymorphic trace: one per concrete shape (TF would trace once).
            if _has_specs(args, kwargs):   # get_concrete_function: a per-shape function
                generic = self._generic.get(key)
                if generic is None:
                    generic = self._generic[key] = PerShapeFunction(self, args, kwargs)
                return generic, args, kwargs
            shape_key = _cache_key(args, kwargs, concrete_shapes=True)
            concrete = self._concrete.get(shape_key)
            traced = concrete is None or concrete is _PER_SHAPE
            if traced and key in self._traced_specs:
                # TF traced this signature once: the traces of later shapes are silent.
                count = self._tracing_count
                with captured_output():
                    concrete = self._trace(args, kwargs, polymorphic=False)
                self._tracing_count = count
                traced = False
            elif traced:
                concrete = self._trace(args, kwargs, polymorphic=False)
                self._traced_specs.add(key)
            self._cache(shape_key, concrete)
        elif getattr(concrete, "_polymorphic", False) and _has_empty_unknown_dims(args, kwargs):
            # JAX's symbolic dimensions are >= 1: an empty one runs a silent per-shape
            # trace (TF's one trace covers it).
            shape_key = _cache_key(args, kwargs, concrete_shapes=True)
            concrete = self._concrete.get(shape_key)
            if concrete is None:
                count = self._tracing_count
                with captured_output():
                    concrete = self._trace(args, kwargs, polymorphic=False)
                self._tracing_count = count
                self._cache(shape_key, concrete)
        if not ctx.traces:   # TF counts the calls made eagerly, not those in a trace
            retracing.count_call(self._python_function, self._stats, traced)
        return concrete, args, kwargs

    def _cache(self, key, concrete):
        """Keep a trace under `key`. Past config.cache_limits["traces"], the least recently
        called traces are dropped (second chance: one called since it was last passed over
        is kept), with every key that reaches them; their XLA executables go with them."""
        self._concrete[key] = concrete
        if isinstance(concrete, ConcreteFunction) and concrete not in self._traces:
            concrete._called = True   # (about to be)
            self._traces[concrete] = None
            full = len(self._traces) > config.cache_limits["traces"]
            while len(self._traces) > config.cache_limits["traces"]:
                old = next(iter(self._traces))
                if old._called:
                    old._called = False
                    self._traces.move_to_end(old)
                else:
                    del self._traces[old]
            if full:
                for cache in (self._concrete, self._fast):
                    for k, c in list(cache.items()):
                        if isinstance(c, ConcreteFunction) and c not in self._traces:
                            del cache[k]
        return concrete

    def _relax(self, args, kwargs):
        """reduce_retracing: a tensor whose shape differs from an earlier trace's (same
        structure and dtypes) is traced with those dimensions (or, across ranks, its
        shape) unknown, as TF's most specific common supertype."""
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
            if isinstance(x, Tensor) and (spec[1] is None or spec[1] != tuple(x._value.shape)):
                return _Shaped(x, TensorSpec(spec[1], spec[2]))
            return x
        flat = [shaped(x) for x in nest.flatten(args)]
        new_kw = {k: nest.pack_sequence_as(v, [shaped(x) for x in nest.flatten(v)])
                  for k, v in sorted(kwargs.items())}
        return nest.pack_sequence_as(args, flat), new_kw

    def _bind(self, args, kwargs):
        """Canonicalize the call as TF does (arguments bound to parameters, defaults
        filled in), and apply the input_signature: tensors are checked against (and
        keyed by) it. A call that does not bind raises TF's TypeError."""
        try:
            return self._bind_inputs(args, kwargs)
        except Exception as e:  # noqa: BLE001 -- as TF's bind_function_inputs
            raise TypeError(
                f"Binding inputs to tf.function failed due to `{e}`. Received args: {args} "
                f"and kwargs: {kwargs} for signature: {self._function_type_text()}.") from e

    def _input_parameters(self):
        """The Signature a call binds to with an input_signature: its parameters, then the
        function's later ones with defaults (TF's Literal parameters); None if the
        input_signature's are not the function's leading named parameters."""
        params = list(self._signature.parameters.values())
        n = len(self._input_signature)
        if len(params) < n or any(p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                                  for p in params[:n]):
            return None
        rest = [p for p in params[n:] if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                and p.default is not p.empty]
        return inspect.Signature([p.replace(default=p.empty, annotation=p.empty)
                                  for p in params[:n]] + [p.replace(annotation=p.empty)
                                                          for p in rest])

    def _function_type_text(self):
        """TF's printed FunctionType of the call signature (what its binding errors show):
        the input_signature's types, else the parameters with defaults captured."""
        if self._input_signature is not None:
            params = list(self._signature.parameters.values())
            sig = self._input_parameters()
            extra = [] if sig is None else list(sig.parameters.values())[
                len(self._input_signature):]
            return "(" + ", ".join(
                [f"{p.name}: {_spec_type_text(s)}" for p, s in zip(params, self._input_signature)]
                + [f"{p.name}: Literal[{p.default!r}] = <captured_default_value>"
                   for p in extra]) + ")"
        return str(self._signature.replace(parameters=[
            p.replace(annotation=p.empty,
                      default=p.empty if p.default is p.empty else _CAPTURED_DEFAULT)
            for p in self._signature.parameters.values()], return_annotation=inspect._empty))

    def _bind_inputs(self, args, kwargs):
        if self._input_signature is not None:
            sig = self._input_parameters()
            if sig is not None:
                given = sig.bind(*args, **kwargs).arguments
                params = list(sig.parameters.values())
                n = len(self._input_signature)
                for p in params[n:]:
                    value = given.get(p.name, p.default)
                    if not (value is p.default or (type(value) is type(p.default) and
                                                   value == p.default)):
                        raise TypeError(f"Can not cast {value!r} to Literal[{p.default!r}]")
                return tuple(_cast_to_spec(spec, given[p.name]) for spec, p in
                             zip(self._input_signature, params)), {}
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
        return tuple(_cast_to_spec(spec, value)
                     for spec, value in zip(self._input_signature, args)), kwargs

    def _trace(self, args, kwargs, polymorphic=True):
        """Trace for these arguments. With unknown dimensions (an input_signature's None,
        reduce_retracing), the trace is shape-polymorphic: one Python trace, compiled by
        XLA per concrete shape. Code that needs static shapes cannot be traced so: its
        output is discarded and _PER_SHAPE returned (the caller traces per shape)."""
        for spec in nest.flatten(self._input_signature or ()):
            if spec.name is not None and not isinstance(spec.name, str):
                # (TF's placeholder for the spec slices its name)
                raise TypeError(f"'{type(spec.name).__name__}' object is not subscriptable")
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
            shape = x.spec.shape
            return ("T", None if shape.rank is None else tuple(shape.as_list()), x.spec.dtype)
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
    """Whether arguments are TensorSpecs (not tensors) with unknown dimensions."""
    flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items()) for x in nest.flatten(v)]
    return any(isinstance(x, TensorSpec) and not x.shape.is_fully_defined() for x in flat)


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
        d is None and n == 0 for d, n in zip(x.spec.shape.dims, x.tensor._value.shape))
        for x in flat)


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
                            f"{TensorSpec(t.shape, t.dtype, spec.name)!r} to {spec!r}`.")
        return _Shaped(t, spec)
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
        from .constant_op import convert_to_tensor
        t = value if isinstance(value, Tensor) else convert_to_tensor(value, dtype=spec.dtype)
        if not spec.is_compatible_with(t):
            raise TypeError(f"Can not cast {TensorSpec(t.shape, t.dtype, spec.name)!r} to "
                            f"{spec!r}")
        return _Shaped(t, spec)
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
            if x.shape.is_fully_defined():   # the trace of a tensor of this shape and dtype
                return ("T", tuple(x.shape.as_list()), x.dtype._np)
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
        self.graph = GraphBuilder()   # TF's graph of the trace (ConcreteFunction.graph)
        self.shapes = {}   # id(argument value) -> its spec's shape where traced per shape
        self.created = []
        self.nested_created = []   # (variable, initial value) made by nested functions' traces
        self.checks = []    # (traced condition, message or graph Assert info[, its data])
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
    if not ctx.traces:
        yield
        return
    traces = list(ctx.traces)
    traced_values = [[v._value for v in t.variables] for t in traces]
    saved_tapes = ctx.tapes[:]
    ctx.traces.clear()
    try:
        # the variables' own values; ops on concrete values run now
        with shared_values(), jax.ensure_compile_time_eval():
            yield
    finally:
        ctx.traces[:] = traces
        ctx.tapes[:] = saved_tapes
        with shared_values():
            traces[0].real_values = [v._value for v in traces[0].variables]
        for t, values in zip(traces, traced_values):
            for v, value in zip(t.variables, values):
                v._value = value


def symbolic_name(tensor):
    """The graph name TF would print for a traced Tensor ('add:0'), if known."""
    for trace in reversed(ctx.traces):
        name = trace.graph.display_name(tensor)
        if name is not None:
            return name
    return None


def symbolic_shape(value):
    """The shape TF would print for a traced argument traced per shape (its spec's)."""
    for trace in reversed(ctx.traces):
        shape = trace.shapes.get(id(value))
        if shape is not None:
            return shape
    return None


def _trace(fn, args, kwargs, allow_creation, polymorphic=False):
    """Trace `fn` once into a ConcreteFunction; also return whether it created variables
    (then the ConcreteFunction is None: the variables now hold their lifted initial
    values and `fn` must be traced again). `polymorphic`: unknown dimensions of input
    specs become symbolic (jax.export)."""
    variables = list(live_variables())
    var_values = [v._value for v in variables]
    var_strings = [strings.is_string(v) for v in var_values]
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
                value = next(it)
                t = EagerTensor(StringIds(value) if _is_string_arg(x) else value)
                shaped = isinstance(x, _Shaped) and not x.spec.shape.is_fully_defined()
                trace.graph.placeholder(t, name, x.spec.shape if shaped else
                                        TensorShape(t._value.shape))
                if shaped:
                    trace.shapes[id(t._value)] = x.spec.shape
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
        var_tracers = [StringIds(t) if s else t for t, s in zip(var_tracers, var_strings)]
        for v, t in zip(variables, var_tracers):
            v._value = t
        saved_tapes = ctx.tapes[:]
        ctx.tapes.clear()
        ctx.traces.append(trace)
        try:
            result = fn(*new_args, **new_kw)
            # Read the outputs while Variables still hold their traced values (a returned
            # Variable or assign result is its value after the function's assignments).
            flat_out = [_output_value(x, fn) for x in nest.flatten(result)]
            trace.graph.finish(nest.flatten(result))
        finally:
            ctx.traces.pop()
            ctx.tapes[:] = saved_tapes
            new_values = [v._value for v in variables]
            for v, value in zip(variables, trace.real_values):
                v._value = value
        structure["result"] = result
        assigned = [i for i, (new, t) in enumerate(zip(new_values, var_tracers)) if new is not t]
        structure["assigned"] = assigned
        structure["checks"] = [check[1] for check in trace.checks]
        structure["random_states"] = trace.random_states
        structure["variable_args"] = [x for x in flat_args + flat_kw if isinstance(x, Variable)]
        outs = [x for x in flat_out if x is not None] + [new_values[i] for i in assigned]
        structure["string_outputs"] = [strings.is_string(x) for x in outs]
        structure["created_strings"] = [strings.is_string(v) for _, v in trace.created]
        return ([strings.traced(x) for x in outs],
                [y for check in trace.checks
                 for y in [jax.numpy.all(check[0])] + (check[2] if len(check) > 2 else [])],
                [strings.traced(value) for _, value in trace.created])

    symbols = iter(_symbols(flat_args + flat_kw)) if polymorphic else None
    structure["inputs"] = _input_types(fn, args, kwargs)
    structure["name"] = getattr(fn, "__name__", "function")
    structure["call"] = (fn, args, kwargs)
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
    tensor_args = [x for x in flat_args + flat_kw if _is_tensor_like(x) or
                   isinstance(x, TensorSpec)]
    structure["string_inputs"] = [_is_string_arg(x) for x in tensor_args]
    specs = [_abstract(x, symbols) for x in tensor_args]
    host_calls = strings.host_calls[0]
    try:
        with private_values():   # the tracers stay this thread's
            closed = jax.make_jaxpr(traced)([jax.ShapeDtypeStruct(
                v.shape, strings.traced_dtype(v.dtype)) for v in var_values],
                specs)
        for v, value in trace.nested_created:   # not state of this trace: kept
            v._value = value
        _check_out_of_scope(closed.consts)
    except BaseException:
        trace.graph.clear()
        for v, value in trace.created:   # never computed: reading them raises
            v._value = Uninitialized(v.name, value)
        raise
    structure["graph"] = trace.graph.freeze(structure["name"])
    if trace.created:
        for (v, _), value, s in zip(trace.created, _lifted(closed, len(trace.created)),
                                    structure["created_strings"]):
            v._value = strings.from_ids(value) if s else value
            for outer in ctx.traces:   # enclosing traces must be traced again with it
                outer.nested_created.append((v, value))
        return None, True
    if trace.nested_created:
        return None, True
    for listener in trace_listeners:
        listener(getattr(fn, "__name__", "function"), closed, structure["graph"])
    structure["string_variables"] = var_strings
    structure["strings"] = strings.host_calls[0] != host_calls or any(
        structure["string_outputs"]) or any(structure["string_inputs"])
    return ConcreteFunction(closed, variables, structure), False


def _is_string_arg(x):
    """Whether a tensor argument (or its spec) is a tf.string one."""
    if isinstance(x, _Shaped):
        x = x.spec
    if isinstance(x, TensorSpec):
        return x.dtype is dtypes.string
    return strings.is_string(x._value if isinstance(x, Tensor) else x)


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


def _named(fn, name):
    """`fn` called `name` (what jax.jit names its program after)."""
    def call(*args):
        return fn(*args)
    call.__name__ = call.__qualname__ = name
    return call


# Called with (function name, ClosedJaxpr, FuncGraph) after each trace (tf.summary.trace_on).
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
        return jax.ShapeDtypeStruct(shape, strings.traced_dtype(spec.dtype._np))
    if isinstance(x, _Shaped):
        x = x.tensor
    value = x._value if isinstance(x, Tensor) else np.asarray(x)
    return jax.ShapeDtypeStruct(value.shape, strings.traced_dtype(value.dtype))



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


def _output_value(x, fn):
    """The traced value of one flattened output of `fn` (Python values become tensors,
    as TF; TF's TypeError for what cannot)."""
    from .constant_op import convert_to_tensor
    if x is None:
        return None
    if isinstance(x, Variable):
        x = x._read()
    try:
        return convert_to_tensor(x)._value
    except (TypeError, ValueError):
        if isinstance(x, (Tensor, np.ndarray, int, float, complex, str, bytes)):
            raise
        raise TypeError(
            f"To be compatible with tf.function, Python functions must return zero or more "
            f"Tensors or ExtensionTypes or None values; in compilation of "
            f"{inspect.unwrap(fn)}, found return value of type {type(x).__name__}, which "
            f"is not a Tensor or ExtensionType.") from None


class _Typed:
    """What ConcreteFunction and PerShapeFunction share: their printed signature and
    output types (`_result`, `_inputs`, `_variables`)."""

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

    @property
    def function_type(self):
        """ConcreteFunction.function_type: str is the compact signature, repr the full."""
        return FunctionType(self)

    def __str__(self):
        return "ConcreteFunction " + self._signature_text()

    def __repr__(self):
        return f"<ConcreteFunction {self._signature_text(False)} at 0x{id(self):X}>"

    variables = property(lambda self: tuple(self._variables))
    trainable_variables = property(lambda self: tuple(v for v in self._variables
                                                      if v.trainable))


class ConcreteFunction(_Typed):
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
        self._const_values = tuple(c._value for c in self._consts)
        self._assigned = [variables[i] for i in structure["assigned"]]
        self._arg_variables = structure.get("variable_args", ())
        self._result = structure["result"]
        self._inputs = structure["inputs"]
        self.structured_input_signature = structure["input_signature"]
        self._checks = structure["checks"]
        self._n_out = len(jaxpr.outvars) - len(self._assigned) - sum(
            1 + _check_data(c) for c in self._checks)
        # tf.string values cross the boundary as handles (framework/strings.py).
        string_vars = structure.get("string_variables") or [False] * n_vars
        self._string_vars = [string_vars[i] for i in keep]   # (of the variables it uses)
        self._strings = structure.get("strings", False) or any(self._string_vars)
        self._string_outs = structure.get("string_outputs") or [False] * (
            self._n_out + len(self._assigned))
        n_in = len(jaxpr.invars) - len(self._const_values) - len(keep)
        in_strings = structure.get("string_inputs") or [False] * n_in
        in_vars = jaxpr.invars[len(jaxpr.invars) - n_in:]
        self._in_dtypes = [strings.OBJECT if s else v.aval.dtype
                           for s, v in zip(in_strings, in_vars)]
        self._in_shapes = [tuple(d if isinstance(d, int) else None for d in v.aval.shape)
                           for v in in_vars]
        self._call = structure.get("call")
        ConcreteFunction._count += 1
        self._name = f"__inference_{structure.get('name', 'function')}_{self._count}"
        self._called = False   # since Function's trace cache last passed it over
        self._jitted = self._jit()
        self._graph = structure.get("graph")
        if self._graph is not None:
            graph = self._graph
            graph.variables = tuple(self._variables)
            outputs = iter(graph.outputs)
            graph.structured_outputs = nest.pack_sequence_as(self._result, [
                None if x is None else next(outputs, None)
                for x in nest.flatten(self._result)])
            graph.structured_input_signature = self.structured_input_signature

    def _jit(self):
        """jax.jit of the function, named so that profiles show it (PjitFunction(
        __inference_f_3)). With unknown dimensions it compiles per concrete shape: past
        config.cache_limits["traces"] shapes, a new jit replaces it (freeing theirs)."""
        fn = _named(self._fn, self._name)
        if not self._polymorphic:
            return jax.jit(fn)
        this, shapes = weakref.ref(self), [0]

        def compiled(*args):   # traced once per new concrete shape
            shapes[0] += 1
            if shapes[0] > config.cache_limits["traces"] and this() is not None:
                this()._jitted = this()._jit()   # (this shape compiles in the old one)
            return fn(*args)
        return jax.jit(_named(compiled, self._name))

    @property
    def structured_outputs(self):
        """The outputs as the graph's tensors, each named by its output's Identity node
        (TF's 'Identity:0', 'Identity_1:0', ...), in the function's output structure."""
        if self._graph is None:
            return self._result
        return self._graph.structured_outputs

    @property
    def outputs(self):
        """ConcreteFunction.outputs: the graph's flat output tensors."""
        return list(self.graph.outputs)

    @property
    def graph(self):
        """ConcreteFunction.graph: TF's FuncGraph of this trace (func_graph.py)."""
        if self._graph is None:
            raise AttributeError("tfcompat: this ConcreteFunction has no recorded graph.")
        return self._graph

    _count = 0

    @property
    def inference_fn(self):
        """ConcreteFunction.inference_fn: the function of the flat tensor arguments."""
        return AtomicFunction(self)

    def __call__(self, *args, **kwargs):
        args, kwargs = _bind_call(self, args, kwargs)
        tensors = _flat_tensors(args, kwargs)
        for i, (t, dtype) in enumerate(zip(tensors, self._in_dtypes)):
            if t._value.dtype != dtype:
                raise errors.InvalidArgumentError(
                    None, None, f"cannot compute {self._name} as input #{i}(zero-based) was "
                    f"expected to be a {dtypes.as_dtype(dtype)._tf_name} tensor but is a "
                    f"{t.dtype._tf_name} tensor [Op:{self._name}]")
        for i, (t, shape) in enumerate(zip(tensors, self._in_shapes)):
            if len(shape) != t._value.ndim or any(
                    d is not None and d != e for d, e in zip(shape, t._value.shape)):
                raise errors.InvalidArgumentError(
                    None, None, f"tfcompat: {self._name} was traced for input #{i} of shape "
                    f"{TensorShape(shape)}, not {t.shape} (XLA compiles per shape): call "
                    f"the tf.function itself, which traces for new shapes, or get the "
                    f"concrete function of a TensorSpec with None dimensions.")
        return self._call_flat(tensors, _flat_variables(args, kwargs))

    def _advance_random_states(self):
        values = list(self._const_values)
        for i, advance in self._random_states:
            values[i] = jax.numpy.asarray(advance(values[i]))
        self._const_values = tuple(values)
        self._consts = tuple(EagerTensor(c) for c in values)

    def _call_flat(self, tensors, variables=()):
        """Run on the flat tensor arguments; `variables`: the call's Variable arguments,
        which stand for those of the trace (traces are keyed by variable spec)."""
        self._called = True
        used, assigned = self._variables, self._assigned
        if any(a is not b for a, b in zip(self._arg_variables, variables)):
            swap = {id(a): b for a, b in zip(self._arg_variables, variables)}
            used = [swap.get(id(v), v) for v in used]
            assigned = [swap.get(id(v), v) for v in assigned]
        if not self._strings:
            if not assigned or ctx.traces:
                return self._run(tensors, used, assigned)
            # The read, the run and the write-back of what it assigns hold those variables'
            # locks: atomic with respect to other threads' updates, as TF's update ops are.
            # (A function that uses strings waits for its host callbacks, which may update
            # the same variables: it takes no locks.)
            locks = [lock for _, lock in sorted({v._uid: v._lock for v in assigned}.items())]
            for lock in locks:
                lock.acquire()
            try:
                return self._run(tensors, used, assigned)
            finally:
                for lock in reversed(locks):
                    lock.release()
        if ctx.traces:   # called inside another trace, which then uses strings too
            strings.host_calls[0] += 1
        with strings.scope():   # handles made while it runs stay valid until it returns
            return self._run(tensors, used, assigned)

    def _run(self, tensors, used, assigned):
        if ctx.traces:   # called inside another trace: one node of its graph
            builder = ctx.traces[-1].graph
            with builder.no_recording():
                outs = self._run_flat(tensors, used, assigned)
            flat = [o for o in nest.flatten(outs) if isinstance(o, Tensor)]
            builder.record(self._op, (), list(tensors), flat,
                           "StatefulPartitionedCall" if used else "PartitionedCall")
            return outs
        return self._run_flat(tensors, used, assigned)

    def _run_flat(self, tensors, used, assigned):
        var_values = [v._value for v in used]
        values = [t._value for t in tensors]
        if self._strings:
            var_values = [_handles(v) if s else v for v, s in zip(var_values, self._string_vars)]
            values = [_handles(v) if strings.is_string(v) else v for v in values]
        if ctx.tapes or ctx.watchers:
            # Recorded as one op: gradients reach the arguments and the variables read.
            reads = tuple(v._read() for v in used)
            if self._strings:
                reads = tuple(EagerTensor(v) for v in var_values)
                tensors = [EagerTensor(v) for v in values]
            outs = execute(self._op, self._consts + reads + tuple(tensors))
        else:
            try:
                arrays = self._jitted(*self._const_values, *var_values, *values)
            except Exception as exc:
                # A host callback's error (a tf.data iterator's OutOfRangeError, an op's
                # run-time check) is raised as it was raised.
                cause = host_callback.raised()
                if cause is not None:
                    node = getattr(cause, "graph_node", None)
                    if node is not None:   # an op of this function's graph: TF's error
                        raise func_graph.runtime_error(type(cause), *node,
                                                       self._name) from None
                    raise cause from None
                if isinstance(exc, jax.errors.UnexpectedTracerError):
                    raise TypeError(_OUT_OF_SCOPE) from None
                if isinstance(exc, (TypeError, ValueError)):
                    raise self._op.error(self._op, [t._value for t in tensors], {},
                                         exc) from None
                raise
            outs = [EagerTensor(a) for a in arrays]
        if self._strings:
            outs = [_strings_of(o) if s else o for o, s in zip(outs, self._string_outs)] + \
                outs[len(self._string_outs):]
            if not ctx.traces:   # host callbacks done before the handles go
                jax.block_until_ready([o._value for o in outs])
                jax.effects_barrier()
        if self._random_states:
            self._advance_random_states()
        n_assigned = len(assigned)
        for v, new in zip(assigned, outs[self._n_out:self._n_out + n_assigned]):
            v._value = new._value
        at = self._n_out + n_assigned
        for check in self._checks:
            ok, data = outs[at], outs[at + 1:at + 1 + _check_data(check)]
            at += 1 + len(data)
            if not bool(ok._value):
                raise _assertion_failed(check, data, self._name)
        it = iter(outs[:self._n_out])
        return nest.pack_sequence_as(self._result, [
            None if x is None else next(it) for x in nest.flatten(self._result)])


def _bind_call(concrete, args, kwargs):
    """TF's binding of a ConcreteFunction call: to all the trace's parameters (Python
    values must equal the trace's), else to its flat signature (the tensor parameters
    alone). Returns canonical args, kwargs."""
    if concrete._call is None:
        return args, kwargs
    fn, traced_args, traced_kwargs = concrete._call
    try:
        sig = inspect.signature(fn)
        traced = sig.bind(*traced_args, **traced_kwargs).arguments
    except (TypeError, ValueError):
        return args, kwargs
    literals = _literals(traced)
    params = [n for n in traced if n not in literals]
    try:   # (every parameter: TF's FunctionType has no defaults)
        given = dict(sig.replace(parameters=[
            p.replace(default=p.empty) for p in sig.parameters.values()]).bind(
                *args, **kwargs).arguments)
    except TypeError as e:
        structured = str(e)
    else:
        for name in literals:
            if _cache_key((given[name],), {}) != _cache_key((traced[name],), {}):
                structured = (f"Can not cast {given[name]!r} to "
                              f"{_type_text(traced[name])}")
                break
        else:
            structured = _cast_python_values(given, traced, params)
        if structured is None:
            bound = inspect.BoundArguments(
                sig, {n: given[n] for n in sig.parameters if n in given})
            return bound.args, bound.kwargs
    # The flat signature: the tensor parameters, positionally or by name.
    extra = [k for k in kwargs if k not in params]
    flat = list(args) + [kwargs[n] for n in params[len(args):] if n in kwargs]
    if not extra and len(flat) == len(params) and all(
            _is_tensor_like(x) and (_is_tensor_like(traced[n]) or isinstance(
                traced[n], TensorSpec)) for x, n in zip(flat, params)):
        given = dict(traced, **dict(zip(params, flat)))
        bound = inspect.BoundArguments(sig, {n: given[n] for n in sig.parameters if n in given})
        return bound.args, bound.kwargs
    why = (f"got unexpected keyword arguments: {', '.join(extra)}." if extra else
           f"takes {len(params)} positional arguments, got {len(args)}.")
    raise TypeError(
        f"Binding inputs to tf.function failed due to `{structured}`. Received args: "
        f"{args!r} and kwargs: {kwargs!r} for signature: {concrete._signature_text(False)}."
        f"\nFallback to flat signature also failed due to: "
        f"{getattr(fn, '__name__', 'f')}({', '.join(params)}) {why}")


def _cast_python_values(given, traced, params):
    """Python values given for tensor parameters, converted in place as TF's TensorSpec
    cast does (to the trace's dtype; the shape must fit). Returns why one cannot be,
    or None."""
    for name in params:
        value, model = given[name], traced[name]
        if isinstance(model, _Shaped):
            model = model.spec
        elif isinstance(model, Tensor):
            model = TensorSpec(model.shape, model.dtype)
        if not isinstance(model, TensorSpec) or _is_tensor_like(value) or \
                isinstance(value, (TensorSpec, Variable)):
            continue
        from .constant_op import convert_to_tensor
        try:
            t = convert_to_tensor(value, dtype=model.dtype)
        except (TypeError, ValueError) as e:
            return str(e)
        if not model.shape.is_compatible_with(t.shape):
            return (f"Can not cast {TensorSpec(t.shape, t.dtype, model.name)!r} to "
                    f"{model!r}")
        given[name] = t
    return None


def _literals(arguments):
    return {n for n, v in arguments.items() if not any(
        _is_tensor_like(x) or isinstance(x, (TensorSpec, Variable)) for x in nest.flatten(v))}


class PerShapeFunction(_Typed):
    """What get_concrete_function returns for TensorSpecs XLA cannot trace as one program
    (an unknown rank, code needing static shapes): typed and printed by its specs (its
    output specs from traces at two probe shapes: dimensions that differ are unknown);
    called, it runs the trace for the call's concrete shapes. TF traces once: those
    traces are silent and not counted (Python side effects run at the first probe only)."""

    def __init__(self, function, args, kwargs):
        self._function = function
        probes = []
        count = function._tracing_count
        key = _cache_key(args, kwargs)
        seen = key in function._traced_specs   # (traced per shape already: silent)
        for k, sizes in enumerate(((7,), (11, 13))):
            def shaped(x, sizes=sizes):
                if isinstance(x, TensorSpec) and not x.shape.is_fully_defined():
                    dims = list(sizes) if x.shape.rank is None else \
                        [sizes[0] if d is None else d for d in x.shape.as_list()]
                    value = jax.numpy.zeros(dims, strings.traced_dtype(x.dtype._np))
                    value = StringIds(value) if x.dtype is dtypes.string else value
                    return _Shaped(EagerTensor(value), x)
                return x
            probe_args = nest.map_structure(shaped, args)
            probe_kwargs = nest.map_structure(shaped, kwargs)
            with captured_output() as output:
                probes.append(function._trace(probe_args, probe_kwargs, polymorphic=False))
            function._tracing_count = count + (not seen)   # (TF traces once)
            if k == 0 and not seen:
                output.replay()
        function._traced_specs.add(key)
        first, second = probes
        self._result = nest.map_structure(_common_spec, first._result, second._result)
        self._inputs = _input_types(function._python_function, args, kwargs)
        self._call = (function._python_function, args, kwargs)
        self._name = first._name
        self._variables = first._variables
        self.structured_input_signature = first.structured_input_signature
        self._probe_graph = first._graph

    @property
    def structured_outputs(self):
        """The outputs as TF's graph tensors ('Identity:0', ...): the first probe trace's,
        with the dimensions both probes agree on."""
        graph = self._probe_graph
        if graph is None or graph.structured_outputs is None:
            return self._result
        specs = nest.flatten(self._result)
        tensors = nest.flatten(graph.structured_outputs)
        out = [GraphTensor(t.op, t.value_index, s.shape.as_list() if s.shape.rank is not None
                           else None, t.dtype)
               if isinstance(t, GraphTensor) and isinstance(s, TensorSpec) else t
               for t, s in zip(tensors, specs)]
        return nest.pack_sequence_as(graph.structured_outputs, out)

    @property
    def graph(self):
        raise AttributeError(
            "tfcompat: ConcreteFunction.graph is not available for a concrete function of "
            "TensorSpecs that XLA traces per shape (an unknown rank, or code needing "
            "static shapes); get the concrete function of tensors or fully known specs.")

    def __call__(self, *args, **kwargs):
        args, kwargs = _bind_call(self, args, kwargs)
        fn, specs, spec_kwargs = self._call
        flat_specs = nest.flatten(specs) + [x for _, v in sorted(spec_kwargs.items())
                                            for x in nest.flatten(v)]
        flat = nest.flatten(args) + [x for _, v in sorted(kwargs.items())
                                     for x in nest.flatten(v)]
        for i, (spec, x) in enumerate(zip(flat_specs, flat)):
            if isinstance(spec, TensorSpec) and isinstance(x, Tensor) and \
                    x.dtype is not spec.dtype:
                raise errors.InvalidArgumentError(
                    None, None, f"cannot compute {self._name} as input #{i}(zero-based) was "
                    f"expected to be a {spec.dtype._tf_name} tensor but is a "
                    f"{x.dtype._tf_name} tensor [Op:{self._name}]")
        it = iter(flat_specs)

        def shaped(x):
            spec = next(it)
            if isinstance(spec, TensorSpec) and not isinstance(x, TensorSpec):
                return _check_spec(spec, x)
            return x
        args = nest.pack_sequence_as(args, [shaped(x) for x in nest.flatten(args)])
        kwargs = {k: nest.pack_sequence_as(v, [shaped(x) for x in nest.flatten(v)])
                  for k, v in sorted(kwargs.items())}
        concrete, args, kwargs = self._function._concrete_for(args, kwargs)
        return concrete._call_flat(_flat_tensors(args, kwargs), _flat_variables(args, kwargs))


def _common_spec(a, b):
    """The TensorSpec both probe outputs fit (differing dimensions or ranks unknown)."""
    if a is None:
        return None
    shape_a, shape_b = a.shape.as_list(), b.shape.as_list()
    shape = None if len(shape_a) != len(shape_b) else [
        p if p == q else None for p, q in zip(shape_a, shape_b)]
    return TensorSpec(shape, a.dtype)


class FunctionType:
    """TF's FunctionType of a trace, as printed (its inputs and output)."""

    def __init__(self, concrete):
        self._concrete = concrete

    def __str__(self):
        return self._concrete._signature_text(False)

    def __repr__(self):
        return self._concrete._signature_text(True)


class AtomicFunction:
    """TF's AtomicFunction: a ConcreteFunction called with its flat tensor arguments."""

    def __init__(self, concrete):
        self._concrete = concrete
        self.name = concrete._name.encode()
        self.function_type = FunctionType(concrete)

    def __call__(self, *tensors):
        from .constant_op import convert_to_tensor
        return self._concrete._call_flat([convert_to_tensor(t) for t in tensors])

    def __repr__(self):
        return f"AtomicFunction(name={self.name!r},\nfunction_type={self.function_type!r})"


def _handles(value):
    """A string argument as the compiled function takes it: int32 handles."""
    if type(value) is StringIds:
        return value.ids
    return strings.traced_ids(value) if ctx.traces else strings.to_ids(value)


def _strings_of(t):
    """A string output back from handles (symbolic inside an enclosing trace)."""
    if symbolic(t._value):
        return EagerTensor(StringIds(t._value))
    return EagerTensor(strings.from_ids(t._value))


def _check_data(check):
    """How many outputs of a traced function hold the data of a tf.debugging check (TF's
    graph Assert: a dict; a message alone for traces saved before)."""
    return check["data"] if isinstance(check, dict) else 0


def _assertion_failed(check, data, function_name):
    """TF's error for an Assert of a tf.function whose condition does not hold."""
    if not isinstance(check, dict):
        return errors.InvalidArgumentError(None, None, "assertion failed: " + check)
    from ..ops.check_ops import summarize
    values = iter(data)
    items = []
    for item in check["items"]:
        if isinstance(item, dict):
            first, shape = next(values)._value, [int(d) for d in next(values)._value]
            items.append(summarize(first, shape, int(np.prod(shape)), item["dtype"],
                                   check["summarize"]))
        else:
            items.append(item)
    text = "assertion failed: " + " ".join(f"[{item}]" for item in items)
    return func_graph.runtime_error(errors.InvalidArgumentError, check["node"],
                                    check["frames"], text, function_name)


def _check_out_of_scope(consts):
    """TF's TypeError for a tensor of a finished trace (leaked out of its tf.function)
    used in this one: it is a constant of this trace's jaxpr."""
    from .func_graph import dead_tensor
    for c in consts:
        dead = isinstance(c, jax.core.Tracer) and dead_tensor(c)
        # (a tensor of an enclosing trace, still running, is a capture, not a leak)
        if dead and not any(id(c) in t.graph._by_value for t in ctx.traces):
            name, graph, graph_id = dead
            tensor = (f"<tf.Tensor '{name}' shape={TensorShape(c.aval.shape)} "
                      f"dtype={dtypes.as_dtype(c.aval.dtype).name}>")
            # (TF lists here the frames where the tensor was made: tfcompat keeps none)
            raise TypeError(
                f"{tensor} is out of scope and cannot be used here. Use return values, "
                f"explicit Python locals or TensorFlow collections to access it.\nPlease see "
                f"https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_"
                f"be_return_values for more information.\n\n{tensor} was defined here:\n\n"
                f"The tensor {tensor} cannot be accessed from here, because it was defined in "
                f"FuncGraph(name={graph}, id={graph_id}), which is out of scope.")


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
