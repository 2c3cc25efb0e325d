"""tf.function: the decorator and ``Function``, which keys its calls as TF keys its traces
(Tensors and numpy arrays by shape and dtype, Variables by spec, other Python values by
value, over nested structures), traces the Python function once per new key
(tracing.py) and calls the resulting ConcreteFunction. With reduce_retracing or an
input_signature's unknown dimensions the trace is shape-polymorphic where it can be,
else one per concrete shape."""
import collections
import inspect
import threading
import weakref

import jax
import numpy as np

from ..autograph import api as autograph
from ..framework import config, host_callback, nest, retracing, tf_logging
from ..framework.context import ctx, x64, x64_methods
from ..framework.graph_scope import known_value
from ..framework.tensor import Tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.type_spec import TypeSpec
from ..framework.trace_state import CallsRunEagerly, captured_output, functions_run_eagerly
from ..ops import random_seed
from .compiler_ir import get_compiler_ir
from .concrete_function import ConcreteFunction
from .per_shape_function import PerShapeFunction
from .function_type_utils import (_CAPTURED_DEFAULT, _ValueKey, _cache_key, _call_key,
                                  _cast_to_literal, _cast_to_spec, _tf_key,
                                  _flat_tensors, _flat_variables, _has_composite_specs,
                                  _has_empty_unknown_dims, _has_specs, _has_unknown_dims,
                                  _immutable, _plan, _Shaped, _signature, _spec_type_text,
                                  _supertype)
from .eager_rerun import run_eagerly
from .tracing import trace_function
from .variable_creation import NON_FIRST_CALL, CreatedLater, NoFunction, VariableCreation


def function(func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_implements=None,
             experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None,
             experimental_follow_type_hints=None):
    """tf.function, as a decorator with or without arguments."""
    def decorate(f):
        return _wrapping(Function(f, input_signature, autograph, reduce_retracing or
                                  bool(experimental_relax_shapes),
                                  jit_compile=bool(jit_compile or experimental_compile)), f)
    return decorate if func is None else decorate(func)


def _wrapping(function, target):
    """`function` made to look like `target`, as TF's tf_decorator.make_decorator does: its
    name, module and doc, `__wrapped__` (its signature), and the entries of `target`'s
    __dict__ that `function` lacks (functools.update_wrapper would replace its own: a
    Keras layer's `_lock`)."""
    for name in ("__name__", "__qualname__", "__module__", "__doc__"):
        if hasattr(target, name):
            setattr(function, name, getattr(target, name))
    for name, value in getattr(target, "__dict__", {}).items():
        function.__dict__.setdefault(name, value)
    function.__wrapped__ = target
    return function


def _check_input_signature(python_function, input_signature):
    """TF's checks of an input_signature when the function is decorated: a list or tuple
    of (nests of) TensorSpecs, one for each parameter without a default."""
    if input_signature is None:
        return
    if not isinstance(input_signature, (tuple, list)):
        raise TypeError(f"input_signature must be either a tuple or a list, got "
                        f"{type(input_signature)}.")
    bad = [a for a in nest.flatten(input_signature) if not isinstance(a, TypeSpec)]
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


@x64_methods
class Function:
    """A tf.function: a Python function traced into cached XLA computations."""

    def __init__(self, python_function, input_signature=None, autograph=True,
                 reduce_retracing=False, warn_retracing=True, jit_compile=False):
        """`warn_retracing=False`: no retracing warning (functions tfcompat traces for
        itself, as tf.data's, which TF traces outside tf.function's count).
        `jit_compile`: TF compiles it with XLA, whose kernels accept some inputs TF's
        own CPU kernels refuse (ops see it as their trace's `jit_compile`); tfcompat
        always compiles with XLA."""
        if not callable(python_function):
            raise TypeError(f"{python_function} is not a callable object")
        _check_input_signature(python_function, input_signature)
        self._python_function = python_function
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._reduce_retracing = reduce_retracing
        self._jit_compile = jit_compile
        self._dataset_function = False   # (tracing.trace_function; True for tf.data's)
        self._concrete = {}
        self._traces = collections.OrderedDict()   # its ConcreteFunctions, oldest first
        self._generic = {}  # get_concrete_function's specs XLA cannot trace as one program
        self._by_value = {}   # keys of traces that read argument values -> their positions
        self._traced_specs = set()   # keys of those traced per shape once already
        # TF-trace key -> the first trace made for it (the others draw on its random ops)
        self._tf_traces = weakref.WeakValueDictionary()
        self._fast = {}     # _call_key keys -> (ConcreteFunction, _plan's or None)
        self._lock = threading.RLock()   # one trace at a time: threads racing trace once
        self._signatures = []   # the flat argument types of each trace (reduce_retracing)
        self._stats = retracing.stats_of(python_function) if warn_retracing else \
            retracing.silent_stats()
        self._tracing_count = 0
        self._creation = VariableCreation()   # which traces may create variables
        # (the creation_keys of the variables a first trace inside another tf.function's made
        # before it stopped: CallsRunEagerly; its first eager run may make the others)
        self._unfinished_creation = None
        self._warned_eager = False
        self._save_traces = {}   # tf.saved_model.save's traces (_saved_trace)
        self._bound = weakref.WeakKeyDictionary()
        self._signature = inspect.signature(python_function)
        params = list(self._signature.parameters.values())
        # Calls giving every parameter positionally need no canonicalization (nor, without
        # an input_signature, casts): __call__'s fast path.
        self._n_positional = len(params) if input_signature is None and all(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params) else -1
        self._immutable_defaults = all(_immutable(p.default) for p in params
                                       if p.default is not p.empty)

    python_function = property(lambda self: self._python_function)
    input_signature = property(lambda self: self._input_signature)
    # (TF's Function.name: its Python function's name, "function" for a callable without)
    name = property(lambda self: getattr(self._python_function, "__name__", "function"))

    def __get__(self, instance, owner):
        """On a method: one Function per instance, as TF caches them."""
        if instance is None:
            return self
        bound = self._bound.get(instance)
        if bound is None:
            bound = Function(self._python_function.__get__(instance, owner),
                             self._input_signature, self._autograph, self._reduce_retracing,
                             jit_compile=self._jit_compile)
            # (wrapping the bound method, as TF: inspect.signature shows no `self`)
            _wrapping(bound, bound._python_function)
            self._bound[instance] = bound
        return bound

    def experimental_get_tracing_count(self):
        return self._tracing_count

    def experimental_get_compiler_ir(self, *args, **kwargs):
        """The XLA program of a jit_compile=True function, as compiler_ir.py gives it."""
        return get_compiler_ir(self, args, kwargs)

    @x64
    def __call__(self, *args, **kwargs):
        if functions_run_eagerly():
            return self._python_function(*args, **kwargs)
        # (under a ForwardAccumulator, not the fast path: _concrete_for_locked's polymorphic)
        call = None if ctx.accumulators else _call_key(args, kwargs)
        if call is not None:
            # Fast path: a call keyed as made (tensors, Python scalars, Variables, objects
            # with a TraceType such as a tf.data iterator, in lists, tuples and dicts) that
            # was made before: its trace, and where its tensors and Variables go.
            key, tensors, variables = call
            fast = self._fast.get(key)
            if fast is not None:
                concrete, plan = fast
                if not ctx.traces:   # (a call that traced nothing, as count_call counts)
                    self._stats[0][-1] += 1
                if plan is not None:
                    tensors = [tensors[i] for i in plan[0]]
                    variables = [variables[i] for i in plan[1]]
                return self._run(concrete, args, kwargs, tensors, variables)
        concrete, bound, bound_kw = self._concrete_for(args, kwargs)
        if call is not None and isinstance(concrete, ConcreteFunction) and \
                not concrete._known_values:
            if not kwargs and len(args) == self._n_positional:   # (the canonical form)
                self._fast[key] = (concrete, None)
                return self._run(concrete, args, kwargs, tensors, variables)
            flat_tensors, flat_variables = (_flat_tensors(bound, bound_kw),
                                            _flat_variables(bound, bound_kw))
            plan = (_plan(tensors, flat_tensors), _plan(variables, flat_variables))
            if None not in plan and self._immutable_defaults:
                self._fast[key] = (concrete, plan)
            return self._run(concrete, args, kwargs, flat_tensors, flat_variables)
        return self._run(concrete, args, kwargs, _flat_tensors(bound, bound_kw),
                         _flat_variables(bound, bound_kw))

    def _run(self, concrete, args, kwargs, tensors, variables=()):
        """Call `concrete`. Where an iterator's element changes shape within the call
        (host_callback.Rerun: a short last batch among the steps of one Keras
        steps_per_execution call, which TF's one trace of unknown batch size runs), what
        the call read is given back and this call runs the Python function eagerly (what
        it prints from Python is dropped: TF's calls do not run it). So do the calls of
        an _EagerCalls (code XLA cannot compile as one program)."""
        try:
            return concrete._call_flat(tensors, variables)
        except host_callback.Rerun:
            eager = isinstance(concrete, _EagerCalls)
            may_create, prints = (concrete.may_create, concrete.prints) if eager else \
                (None, False)
            if eager:
                concrete.may_create, concrete.prints = None, False
            fn = autograph.convert(self._python_function) if self._autograph else \
                self._python_function   # (its errors as TF's trace raises them)
            return run_eagerly(fn, args, kwargs, concrete._eager_kernels, may_create, prints)

    def pretty_printed_concrete_signatures(self, verbose=True):
        """Function.pretty_printed_concrete_signatures: each trace's signature."""
        sep = "\n\n" if verbose else "\n"
        return sep.join(c._signature_text(verbose) for c in self._concrete.values()
                        if isinstance(c, ConcreteFunction))

    def _list_all_concrete_functions(self):
        """TF's Function._list_all_concrete_functions: every trace (that of the
        input_signature made first), a signature traced per shape as its PerShapeFunction."""
        if self._input_signature is not None:
            self.get_concrete_function()
        return self._concrete_functions() + list(self._generic.values())

    def _concrete_functions(self):
        """Its ConcreteFunctions (each shape's, where it traces per shape)."""
        return [c for c in self._concrete.values() if isinstance(c, ConcreteFunction)]

    def get_concrete_function(self, *args, **kwargs):
        """The ConcreteFunction for these arguments (TensorSpecs stand for tensors)."""
        if not args and not kwargs and self._input_signature is not None:
            args = tuple(self._input_signature)
        concrete = self._concrete_for(args, kwargs)[0]
        if isinstance(concrete, _EagerCalls):
            raise concrete.error(self._python_function)
        if isinstance(concrete, CreatedLater):
            raise ValueError(NON_FIRST_CALL)
        if concrete is _NO_FUNCTION:
            raise NoFunction.error()
        return concrete

    def _concrete_for(self, args, kwargs):
        """The ConcreteFunction for a call, and the call's canonical arguments."""
        with self._lock:
            return self._concrete_for_locked(args, kwargs)

    def _concrete_for_locked(self, args, kwargs):
        args, kwargs = self._bind(args, kwargs)
        key = self._value_key(_cache_key(args, kwargs), args, kwargs)
        concrete = self._concrete.get(key)
        signature = None   # (reduce_retracing's, kept once it has traced: TF's cache's)
        if concrete is None and self._reduce_retracing:
            args, kwargs, signature = self._relax(args, kwargs)
            key = self._value_key(_cache_key(args, kwargs), args, kwargs)
            concrete = self._concrete.get(key)
        traced = concrete is None
        like_tf = _tf_key(key) if traced else None
        if like_tf is not None and like_tf in self._traced_specs:
            # TF traced this signature once (an iterator's next element of a new shape):
            # this trace is silent.
            count = self._tracing_count
            with captured_output():
                concrete = self._cache(key, self._trace(args, kwargs, silent=True), args,
                                       kwargs)
            self._tracing_count = count
            traced = False
            first = self._tf_traces.get(like_tf)
            if isinstance(concrete, ConcreteFunction) and first is not None:
                concrete.share_random_streams(first)   # (TF's one graph's random ops)
        elif traced:
            concrete = self._cache(key, self._trace(args, kwargs), args, kwargs)
            if like_tf is not None:
                self._traced_specs.add(like_tf)
                if isinstance(concrete, ConcreteFunction):
                    self._tf_traces[like_tf] = concrete
        if concrete is _PER_SHAPE:
            # No shape-polymorphic trace: one per concrete shape (TF would trace once).
            if _has_specs(args, kwargs):   # get_concrete_function: a per-shape function
                generic = self._generic.get(key)
                if generic is None:
                    generic = self._generic[key] = PerShapeFunction(self, args, kwargs)
                return generic, args, kwargs
            shape_key = self._value_key(_cache_key(args, kwargs, concrete_shapes=True),
                                        args, kwargs)
            concrete = self._concrete.get(shape_key)
            traced = concrete is None or concrete is _PER_SHAPE
            if traced and key in self._traced_specs:
                # TF traced this signature once: the traces of later shapes are silent.
                count = self._tracing_count
                with captured_output():
                    concrete = self._trace(args, kwargs, polymorphic=False, silent=True)
                self._tracing_count = count
                traced = False
            elif traced:
                concrete = self._trace(args, kwargs, polymorphic=False)
                self._traced_specs.add(key)
            self._cache(shape_key, concrete, args, kwargs)
        elif getattr(concrete, "_polymorphic", False) and (
                _has_empty_unknown_dims(args, kwargs) or ctx.accumulators):
            # JAX's symbolic dimensions are >= 1: an empty one runs a silent per-shape
            # trace (TF's one trace covers it). So does a call under a ForwardAccumulator
            # (jax.export's function has no JVP).
            shape_key = _cache_key(args, kwargs, concrete_shapes=True)
            concrete = self._concrete.get(shape_key)
            if concrete is None:
                count = self._tracing_count
                with captured_output():
                    concrete = self._trace(args, kwargs, polymorphic=False, silent=True)
                self._tracing_count = count
                self._cache(shape_key, concrete, args, kwargs)
        if not ctx.traces:   # TF counts the calls made eagerly, not those in a trace
            retracing.count_call(self._python_function, self._stats, traced)
        if signature is not None and signature not in self._signatures:
            self._signatures.append(signature)
        return concrete, args, kwargs

    def _value_key(self, key, args, kwargs):
        """`key`, or where a trace for it read argument values (KnownArguments), the key
        of the trace for this call's values."""
        positions = self._by_value.get(key)
        if positions is None:
            return key
        tensors = _flat_tensors(args, kwargs)
        return _ValueKey(key, tuple(_value_of(tensors[i]) for i in positions))

    def _cache(self, key, concrete, args, kwargs):
        """Keep a trace under `key` (a trace that read argument values under a key for
        them; later calls are keyed by those values, and their traces are silent: TF's one
        trace takes the values at run time). Past config.cache_limits["traces"], the least
        recently called traces are dropped (second chance: one called since it was last
        passed over is kept), with every key that reaches them; their XLA executables go
        with them."""
        if isinstance(concrete, CreatedLater):   # (run once: the next call traces again)
            return concrete
        known = getattr(concrete, "_known_values", None)
        if known:
            base = key.base if isinstance(key, _ValueKey) else key
            self._by_value[base] = tuple(sorted(set(self._by_value.get(base, ())) | set(known)))
            self._traced_specs.add(_tf_key(base) or base)
            key = self._value_key(base, args, kwargs)
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
                for k, c in list(self._concrete.items()):
                    if isinstance(c, ConcreteFunction) and c not in self._traces:
                        del self._concrete[k]
                for k, (c, _) in list(self._fast.items()):
                    if c not in self._traces:
                        del self._fast[k]
        return concrete

    def _relax(self, args, kwargs):
        """reduce_retracing: a tensor whose shape differs from earlier traces' (same
        structure and dtypes) is traced with those dimensions (or, across ranks, its
        shape) unknown: TF's most specific common supertype with each trace's signature
        in turn. Also returns the signature to keep once the trace is made (a trace that
        raised is not in TF's cache)."""
        sig = relaxed = _signature(args, kwargs)
        for old in self._signatures:   # (TF's try_generalizing_function_type)
            relaxed = _supertype(old, relaxed) or relaxed
        if relaxed == sig:
            return args, kwargs, sig
        it = iter(relaxed[1])

        def shaped(x):
            spec = next(it)
            if isinstance(x, Tensor) and (spec[1] is None or spec[1] != tuple(x._value.shape)):
                return _Shaped(x, TensorSpec(spec[1], spec[2]))
            return x
        flat = [shaped(x) for x in nest.flatten(args)]
        new_kw = {k: nest.pack_sequence_as(v, [shaped(x) for x in nest.flatten(v)])
                  for k, v in sorted(kwargs.items())}
        return nest.pack_sequence_as(args, flat), new_kw, relaxed

    def _bind(self, args, kwargs):
        """Canonicalize the call as TF does (arguments bound to parameters, defaults
        filled in), and apply the input_signature: tensors are checked against (and
        keyed by) it. A call that does not bind raises TF's TypeError."""
        try:
            return self._bind_inputs(args, kwargs)
        except Exception as e:  # noqa: BLE001 -- as TF's bind_function_inputs
            if getattr(e, "unwrapped", False):
                raise
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
        return inspect.Signature([p.replace(annotation=p.empty) for p in params[:n] + rest])

    def _function_type_text(self):
        """TF's printed FunctionType of the call signature (what its binding errors show):
        the input_signature's types, else the parameters with defaults captured."""
        if self._input_signature is not None:
            params = list(self._signature.parameters.values())
            sig = self._input_parameters()
            extra = [] if sig is None else list(sig.parameters.values())[
                len(self._input_signature):]
            parts = [f"{p.name}: {_spec_type_text(s)}" + (
                "" if p.default is p.empty else f" = {_CAPTURED_DEFAULT!r}")
                for p, s in zip(params, self._input_signature)]
            parts += [f"{p.name}: Literal[{p.default!r}] = {_CAPTURED_DEFAULT!r}"
                      for p in extra]
            if any(p.kind is p.VAR_POSITIONAL for p in params):
                parts.append("/")   # (TF's parameters before *args are positional-only)
            return "(" + ", ".join(parts) + ")"
        return str(self._signature.replace(parameters=[
            p.replace(annotation=p.empty,
                      default=p.empty if p.default is p.empty else _CAPTURED_DEFAULT)
            for p in self._signature.parameters.values()], return_annotation=inspect._empty))

    def _bind_inputs(self, args, kwargs):
        if self._input_signature is not None:
            sig = self._input_parameters()
            if sig is not None:
                bound = sig.bind(*args, **kwargs)
                bound.apply_defaults()
                given = bound.arguments
                params = list(sig.parameters.values())
                n = len(self._input_signature)
                for p in params[n:]:
                    _cast_to_literal(p.name, p.default, given[p.name])
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

    def _saved_trace(self, key, args, kwargs):
        """tf.saved_model.save's trace for `key` (`args`, `kwargs`: tensors or specs),
        made on the first save and kept: TF retraces what it exports once, under its save
        context (the trace's Python side effects run again, the tracing count grows).
        None where that trace is not one ConcreteFunction (traced per shape)."""
        with self._lock:
            if key not in self._save_traces:
                args, kwargs = self._bind(args, kwargs)
                concrete = self._trace(args, kwargs)
                self._save_traces[key] = concrete if isinstance(concrete, ConcreteFunction) \
                    else None
            return self._save_traces[key]

    def _trace(self, args, kwargs, polymorphic=True, silent=False):
        """`_trace_once`; where XLA cannot compile the function as one program
        (CallsRunEagerly, at the outermost trace), an _EagerCalls: the calls run the
        Python function eagerly (TF traces it once: counted once). What the trace printed
        is then dropped, and the first call prints what the function prints, as TF's
        trace would (unless the trace is `silent`: TF traced this signature already)."""
        output = captured_output()
        try:
            with output:
                concrete = self._trace_once(args, kwargs, polymorphic)
        except CallsRunEagerly as e:
            may_create = getattr(e, "eager_may_create", None)
            if ctx.traces:   # (a tf.function called in another's trace: that one's calls,
                output.replay()   # whose first eager run calls this one: see below)
                self._unfinished_creation = may_create
                raise
            if may_create is None:   # (a first trace, in another's, that stopped: this
                may_create = self._unfinished_creation   # first run finishes its creation)
            self._unfinished_creation = None
            self._tracing_count += 1
            if not self._warned_eager:   # (TF warns of nothing: at INFO level)
                self._warned_eager = True
                tf_logging.get_logger().info(
                    f"tfcompat: the calls of the tf.function "
                    f"'{_name(self._python_function)}' run eagerly (op by op): XLA "
                    f"cannot compile it as one program, {e}")
            return _EagerCalls(str(e), may_create, not silent,
                               output)
        except BaseException:
            output.replay()
            raise
        output.replay()
        return concrete

    def _trace_once(self, args, kwargs, polymorphic=True):
        """Trace for these arguments. With unknown dimensions (an input_signature's None,
        reduce_retracing), the trace is shape-polymorphic: one Python trace, compiled by
        XLA per concrete shape. Code that needs static shapes cannot be traced so: its
        output is discarded and _PER_SHAPE returned (the caller traces per shape)."""
        for spec in nest.flatten(self._input_signature or ()):
            name = getattr(spec, "name", None)
            if name is not None and not isinstance(name, str):
                # (TF's placeholder for the spec slices its name)
                raise TypeError(f"'{type(name).__name__}' object is not subscriptable")
        if _has_composite_specs(args, kwargs):   # (traced for values: PerShapeFunction)
            return _PER_SHAPE
        fn = autograph.convert(self._python_function) if self._autograph else \
            self._python_function
        if self._creation.returns_none:
            return _NO_FUNCTION
        polymorphic = polymorphic and _has_unknown_dims(args, kwargs)
        if polymorphic:
            # (A function creating variables is traced per shape: a symbolic attempt
            # that failed after creating them would leave them uninitialized.)
            try:
                with captured_output() as output:
                    concrete, created = trace_function(
                        fn, args, kwargs, allow_creation=False, polymorphic=True,
                        jit_compile=self._jit_compile,
                        dataset_function=self._dataset_function)
            except Exception:   # noqa: BLE001 -- retraced per shape, which re-raises
                return _PER_SHAPE
            output.replay()
            self._creation.traced_without_creating()
        else:
            try:
                concrete, created, first = self._creation.trace(
                    lambda allow, made: trace_function(
                        fn, args, kwargs, allow_creation=allow, made=made,
                        jit_compile=self._jit_compile, dataset_function=self._dataset_function))
            except BaseException:
                if self._creation.returns_none:   # (TF's traces kept before are not called)
                    self._concrete.clear()
                    self._fast.clear()
                raise
        self._tracing_count += 1
        if created:
            # Traced again with the variables as state. TF counts both traces of a first
            # call; a later call's trace initializes them in its graph (one trace), runs
            # and raises.
            self._tracing_count += first
            try:
                with captured_output(not first):   # (a trace TF does not make: silent)
                    concrete, _ = trace_function(fn, args, kwargs, allow_creation=False,
                                                 polymorphic=polymorphic,
                                                 jit_compile=self._jit_compile,
                                                 dataset_function=self._dataset_function)
            except Exception:
                if first:
                    raise
                raise ValueError(NON_FIRST_CALL) from None
            return concrete if first else CreatedLater(concrete)
        return concrete


_PER_SHAPE = object()   # a signature traced once per concrete shape
_NO_FUNCTION = NoFunction()


def _name(python_function):
    """A traced function's name, as its trace names it (a callable object: 'function')."""
    return getattr(python_function, "__name__", "function")


class _EagerCalls:
    """The trace of a signature XLA cannot compile as one program (CallsRunEagerly): its
    calls run the Python function eagerly (tf.function's rerun: what it prints from
    Python is dropped, as from TF's calls of its graph). The first may create variables
    where the trace was the function's first (`may_create`: the creation_keys of those the trace
    created before it stopped, which it may not create again), and prints what the trace
    would have printed (`prints`). `trace_output`: what the trace printed
    before it stopped (dropped; a tf.data function replays it: data/functions.py)."""

    def __init__(self, reason, may_create, prints, trace_output):
        self.reason = reason
        self.may_create = may_create
        self.prints = prints
        self.trace_output = trace_output
        self._eager_kernels = random_seed.GraphKernels()   # (its random ops' streams)

    def error(self, python_function):
        """The error where a ConcreteFunction of it is asked for (with `trace_output`)."""
        error = TypeError(f"tfcompat cannot trace the tf.function "
                          f"'{_name(python_function)}' as one XLA program: {self.reason}")
        error.trace_output = self.trace_output
        return error

    def _call_flat(self, tensors, variables=()):
        raise host_callback.Rerun(self.reason)


def _value_of(tensor):
    """A tensor argument's value in a _ValueKey (None for one computed in an enclosing
    trace that does not know its value)."""
    array = tensor._value
    if isinstance(array, jax.core.Tracer):
        array = known_value(array)
        if array is None:
            return None
    array = np.asarray(array)
    return array.shape, array.dtype, array.tobytes()
