"""tf.function's ConcreteFunction: one trace, a jaxpr run under ``jax.jit`` with the
Variables it reads as arguments; the new values of those it assigns are written back
after each call. Under an active GradientTape or ForwardAccumulator a call is recorded
as one differentiable op. Also PerShapeFunction (get_concrete_function of specs XLA
cannot trace as one program), FunctionType, AtomicFunction, and TF's binding of a
ConcreteFunction call."""
import inspect
import itertools
import operator
import threading
import weakref

import jax
import numpy as np
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun

from ..framework import config, dtypes, errors, func_graph, host_callback, nest, strings
from ..framework.constant_op import convert_to_tensor
from ..framework.context import ctx, x64, x64_methods
from ..framework.dispatch import Op, execute
from ..framework.function_def import FunctionDef
from ..framework.indexed_slices import IndexedSlices
from ..framework.strings import StringIds
from ..framework.tensor import EagerTensor, Tensor, symbolic
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_state import used_vars
from ..framework.trace_type import trace_type_of
from ..framework.variables import Variable
from ..ops import random_seed
from . import deferred_checks, hoisted_reads, independent_updates, program_cache
from .composites import _carried, _spec, components, rebuild
from .function_type_utils import (_cache_key, _cast_to_spec, _Composite, _flat_tensors,
                                  _flat_variables, _is_composite_spec, _is_tensor_like, _Shaped, _spec_name,
                                  type_text)
from .runtime_checks import _OUT_OF_SCOPE, _assertion_failed, check_data
from .eager_rerun import run_eagerly

_uids = itertools.count(1)   # numbering the traces' names (next() is atomic: threads trace)


def inference_name(name):
    """TF's name of a new function graph of a Python function `name`:
    ``__inference_<name>_<uid>``."""
    return f"__inference_{name}_{next(_uids)}"


def _named(fn, name):
    """`fn` called `name` (what jax.jit names its program after)."""
    def call(*args):
        return fn(*args)
    call.__name__ = call.__qualname__ = name
    return call


class _Typed:
    """What ConcreteFunction and PerShapeFunction share: their printed signature and
    output types (`_result`, `_inputs`, `_variables`)."""

    structured_outputs = property(lambda self: self._result)
    output_shapes = property(lambda self: nest.map_structure(
        lambda x: x.shape, self._result))
    output_dtypes = property(lambda self: nest.map_structure(
        lambda x: x.dtype, self._result))

    def _signature_text(self, verbose=True):
        """TF's printed FunctionType of this trace (its Python outputs as the tensors TF
        makes of them)."""
        out = type_text(nest.map_structure(
            lambda x: convert_to_tensor(x) if isinstance(
                x, (bool, int, float, complex, str, bytes, np.generic)) else x, self._result))
        if not verbose:
            params = []
            for i, (n, kind, t) in enumerate(self._inputs):
                if kind == "KEYWORD_ONLY" and "*" not in params:
                    params.append("*")
                params.append(f"{n}: {t}")
                if kind == "POSITIONAL_ONLY" and (i + 1 == len(self._inputs) or
                                                  self._inputs[i + 1][1] != kind):
                    params.append("/")
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


class _RandomStreams:
    """The states of random ops that several traces share (share_random_streams), and
    the tf.random.set_seed generation they start from."""

    def __init__(self, values, generation):
        self.values = values
        self.generation = generation


@x64_methods
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
        # (those a loop drew from: the run returns how many times, last)
        self._random_finals = [i for state in structure.get("random_finals", ())
                               for i, c in enumerate(closed.consts) if c is state]
        invars = list(jaxpr.constvars) + [jaxpr.invars[i] for i in keep] + \
            jaxpr.invars[n_vars:]
        jaxpr = jaxpr.replace(constvars=[], invars=invars, debug_info=jaxpr.debug_info._replace(
            arg_names=tuple(f"arg{i}" for i in range(len(invars)))))
        self._jaxpr = jaxpr
        self._fn = jaxpr_as_fun(ClosedJaxpr(jaxpr, []))
        # (a tf.cond branch left out: a call taking it reruns eagerly, control_flow_ops)
        self._reruns = host_callback.holds_rerun(jaxpr)
        # What a call runs: its top-level op checks run after it, on the host.
        run_jaxpr, self._deferred = deferred_checks.defer_checks(jaxpr)
        self._n_deferred = sum(n for _, n in self._deferred)
        self._run_fn = jaxpr_as_fun(ClosedJaxpr(run_jaxpr, [])) if self._deferred else \
            self._fn
        self._run_jaxpr = run_jaxpr
        self._polymorphic = any(not isinstance(d, int) for v in invars for d in v.aval.shape)
        if self._polymorphic:
            # Symbolic dimensions: exported once, compiled by XLA per concrete shape.
            specs = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype) for v in invars]
            try:
                self._fn = jax.export.export(jax.jit(self._fn))(*specs).call
                self._run_fn = jax.export.export(jax.jit(self._run_fn))(*specs).call \
                    if self._deferred else self._fn
            except ValueError as e:
                # Dimensions derived from others (floordiv(d0*d1, 784): a tf.function
                # called inside one that tf.saved_model.save traces with unknown
                # dimensions) cannot be the inputs of an exported program; this one then
                # runs only inside that trace, as its jaxpr.
                if "Cannot solve for values of dimension variables" not in str(e):
                    raise
                self._inline_only = True
        # (Stateful: a call inside another trace never runs while that one is traced,
        # even on constant inputs, where it reads data or draws random numbers.)
        output_dims = structure.get("output_dims", ())
        self._op = Op("PartitionedCall", self._fn,
                      stateful=bool(jaxpr.effects or self._random_states),
                      static_shapes=lambda attrs: output_dims)
        self._const_values = tuple(c._value for c in self._consts)
        # The Tensors made outside the trace that it captured, by constant (else None).
        captures = structure.get("captures", {})
        self._captured = tuple(captures.get(id(c)) for c in closed.consts)
        self._initial_consts = (self._consts, self._const_values)
        self._seed_generation = random_seed.generation()
        self._streams = None   # (share_random_streams)
        self._assigned = [variables[i] for i in structure["assigned"]]
        self._arg_variables = structure.get("variable_args", ())
        self._result = structure["result"]
        self._inputs = structure["inputs"]
        self.structured_input_signature = structure["input_signature"]
        self._checks = structure["checks"]
        # flat argument index -> the value its trace read (trace_state.KnownArguments)
        self._known_values = structure.get("known_values") or {}
        self._n_out = len(jaxpr.outvars) - len(self._assigned) - sum(
            1 + check_data(c) for c in self._checks) - len(self._random_finals)
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
        self._reads = structure.get("reads", ())   # iterator reads done before it runs
        self._independent = None   # (_assign_independent's program, made when needed)
        # A call waits for its run where a host callback in it may raise (a run-time check
        # in a loop or branch, a read: host_callback.Rerun or OutOfRangeError, a parse):
        # so TF's error is raised by the call. (Dispatched asynchronously, as JAX runs
        # programs on a GPU, it would reach a later read of a result as JAX's runtime error.)
        self._sync = host_callback.host_calls(run_jaxpr) is not None
        self._one_at_a_time = threading.Lock() \
            if host_callback.runs_one_at_a_time(run_jaxpr) else None
        # A call is its program run (and its op checks) where none of these is to handle.
        self._plain = not (self._strings or self._reads or self._random_states or
                           self._random_finals or self._assigned or self._arg_variables)
        self._call = structure.get("call")
        self._eager_kernels = random_seed.GraphKernels()   # (for calls run eagerly)
        self._pack = _packer(self._result)
        self._locks = None   # those of the variables it assigns (_call_flat)
        self._name = inference_name(structure.get("name", "function"))
        self._called = False   # since Function's trace cache last passed it over
        self._consts_placed = False   # (see _place_consts)
        self._jitted = self._jit()
        self._graph = structure.get("graph")
        if self._graph is not None:
            graph = self._graph
            graph.variables = tuple(self._variables)
            outputs = iter(graph.outputs)
            graph.structured_outputs = nest.pack_sequence_as(self._result, [
                _graph_output(x, outputs) for x in nest.flatten(self._result)])
            graph.structured_input_signature = self.structured_input_signature

    def _jit(self):
        """jax.jit of the function, named so that profiles show it (PjitFunction(
        __inference_f_3)), or that of an identical earlier program (program_cache.py).
        With unknown dimensions it compiles per concrete shape: past
        config.cache_limits["traces"] shapes, a new jit replaces it (freeing theirs)."""
        fn = _named(self._run_fn, self._name)
        if not self._polymorphic:
            return program_cache.jit(self._run_jaxpr, fn)
        this, shapes = weakref.ref(self), [0]

        def compiled(*args):   # traced once per new concrete shape
            shapes[0] += 1
            if shapes[0] > config.cache_limits["traces"] and this() is not None:
                this()._jitted = this()._jit()   # (this shape compiles in the old one)
            return fn(*args)
        return jax.jit(_named(compiled, self._name))

    def _lower(self, arg_shapes, device=None):
        """jax's lowering (jax.stages.Lowered) of the program for flat tensor arguments
        of `arg_shapes` ((shape, dtype) pairs), on `device` (None: the default device);
        nothing runs (Function.experimental_get_compiler_ir)."""
        sharding = None if device is None else jax.sharding.SingleDeviceSharding(device)
        values = list(self._const_values) + [v._value for v in self._variables]
        shapes = [(v.shape, v.dtype) for v in values] + list(arg_shapes)
        return self._jitted.lower(*(jax.ShapeDtypeStruct(shape, dtype, sharding=sharding)
                                    for shape, dtype in shapes))

    @property
    def structured_outputs(self):
        """The outputs as the graph's tensors, each named by its output's Identity node
        (TF's 'Identity:0', 'Identity_1:0', ...), in the function's output structure."""
        if self._graph is None:
            return self._result
        return self._graph.structured_outputs

    @property
    def name(self):
        """ConcreteFunction.name: the trace's function name, as bytes (TF's
        b'__inference_f_3'; tfcompat numbers its traces alone, TF all its graph objects)."""
        return self._name.encode()

    @property
    def inputs(self):
        """ConcreteFunction.inputs: the graph's placeholders (arguments, then captures)."""
        return list(self.graph.inputs)

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

    @property
    def function_def(self):
        """ConcreteFunction.function_def: the trace's FunctionDef (function_def.py)."""
        return FunctionDef(self.graph, self._name)

    @property
    def inference_fn(self):
        """ConcreteFunction.inference_fn: the function of the flat tensor arguments."""
        return AtomicFunction(self)

    @x64
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
        self._check_known_values(tensors)
        try:
            return self._call_flat(tensors, _flat_variables(args, kwargs))
        except host_callback.Rerun as exc:
            if self._call is None:   # (a loaded SavedModel's function: no Python to run)
                raise errors.UnimplementedError(None, None, str(exc)) from None
            return run_eagerly(self._call[0], args, kwargs, self._eager_kernels)

    def _check_known_values(self, tensors):
        """The error for a call whose arguments differ from the values its trace read."""
        for i, value in self._known_values.items():
            given = tensors[i]._value
            if isinstance(given, jax.core.Tracer) or not np.array_equal(given, value):
                raise errors.InvalidArgumentError(
                    None, None, f"tfcompat: {self._name} was traced for the value "
                    f"{value.tolist()} of input #{i}, which fixes a shape in it (XLA "
                    f"compiles static shapes): call the tf.function itself, which traces for "
                    f"new values.")

    def check_flags(self):
        """The indices of its run-time checks' flags among the program's outputs (after
        the results and the assigned values, each flag followed by its data)."""
        oks, at = [], self._n_out + len(self._assigned)
        for check in self._checks:
            oks.append(at)
            at += 1 + check_data(check)
        return oks

    def array_runner(self):
        """For a trace whose call is its program run and nothing more (fixed shapes, only
        tensor outputs; no strings, iterator reads, host calls, random states or Variable
        updates): ``run(arrays)`` of its flat tensor arguments' arrays (host or device)
        returning its flat output arrays, or None where the call is to be made the usual
        way (inside another trace; where it fails or one of its checks does, to raise its
        error: the program is pure). It records nothing on tapes: a tf.data function's
        call, which TF runs outside them. None for other traces."""
        if not self._plain or self._polymorphic or self._run_jaxpr.effects or \
                not all(isinstance(x, Tensor) for x in nest.flatten(self._result)):
            return None
        jitted, variables, n_out = self._jitted, self._variables, self._n_out
        deferred, n_deferred = self._deferred, self._n_deferred
        oks = self.check_flags()

        def run(arrays):
            if ctx.traces:
                return None
            self._called = True
            var_values = [v._value for v in variables]
            consts = self._const_values if self._consts_placed else \
                self._place_consts(var_values)
            try:
                outs = jitted(*consts, *var_values, *arrays)
            except Exception:  # noqa: BLE001 - the usual call raises TF's error
                return None
            if not all(bool(outs[i]) for i in oks) or (n_deferred and (
                    deferred_checks.run_checks(deferred, outs[-n_deferred:]) is not None)):
                return None
            return outs[:n_out]
        return run

    def restart_random_states(self, shared=False):
        """Start the stateful random ops again from their initial states (a tf.data
        function, which TF instantiates anew for each iterator; after tf.random.set_seed,
        which clears TF's kernel cache, the function's kernels too). The states it shares
        with other traces restart once per seed, or with `shared` (a new iterator, which
        restarts all its function's traces at once)."""
        self._consts, self._const_values = self._initial_consts
        self._seed_generation = random_seed.generation()
        streams = self._streams
        if streams is not None and (shared or streams.generation != self._seed_generation):
            streams.values = [self._const_values[i] for i, _ in self._random_states]
            streams.generation = self._seed_generation

    def share_random_streams(self, other):
        """Draw on from `other`'s random ops' states, and it from this one's: the traces
        of the shapes that TF's one trace covers (an iterator's short last batch), whose
        random ops are TF's same kernels. Not where their random ops differ in number."""
        if not self._random_states or len(self._random_states) != len(other._random_states):
            return
        if other._streams is None:
            other._streams = _RandomStreams(
                [other._const_values[i] for i, _ in other._random_states],
                other._seed_generation)
        self._streams = other._streams

    def _drawing_on(self):
        """This function's random states where it shares them (share_random_streams)."""
        values = list(self._const_values)
        for (i, _), value in zip(self._random_states, self._streams.values):
            values[i] = value
        self._const_values = tuple(values)
        self._consts = tuple(EagerTensor(c) for c in values)

    def _advance_random_states(self, drawn):
        values = list(self._const_values)
        draws = {i: int(n._value) for i, n in zip(self._random_finals, drawn)}
        for i, advance in self._random_states:
            values[i] = jax.numpy.asarray(advance(values[i], draws.get(i, 1)))
        self._const_values = tuple(values)
        self._consts = tuple(EagerTensor(c) for c in values)
        if self._streams is not None:
            self._streams.values = [values[i] for i, _ in self._random_states]

    def _call_flat(self, tensors, variables=()):
        """Run on the flat tensor arguments; `variables`: the call's Variable arguments,
        which stand for those of the trace (traces are keyed by variable spec)."""
        self._called = True
        if self._plain and not self._checks and self._consts_placed and not (
                ctx.traces or ctx.tapes or ctx.watchers):   # (_run_flat's steps it needs)
            values = [t._value for t in tensors]
            arrays = self._execute(self._const_values, [v._value for v in self._variables],
                                   values, tensors)
            if self._deferred:
                arrays = self._check(list(arrays))
            return self._pack([EagerTensor(a) for a in arrays])
        used, assigned, locks = self._variables, self._assigned, self._locks
        if self._arg_variables and any(a is not b for a, b in
                                       zip(self._arg_variables, variables)):
            swap = {id(a): b for a, b in zip(self._arg_variables, variables)}
            used = [swap.get(id(v), v) for v in used]
            assigned = [swap.get(id(v), v) for v in assigned]
            locks = None
        if not self._strings:
            if not assigned or ctx.traces:
                return self._run(tensors, used, assigned)
            # The read, the run and the write-back of what it assigns hold those variables'
            # locks: atomic with respect to other threads' updates, as TF's update ops are.
            # (A function that uses strings waits for its host callbacks, which may update
            # the same variables: it takes no locks.)
            if locks is None:
                locks = _locks(assigned)
                if assigned is self._assigned:
                    self._locks = locks
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
        traces = ctx.traces
        if self._random_states and self._seed_generation != random_seed.generation():
            self.restart_random_states()
        if self._streams is not None and not traces:
            self._drawing_on()
        consts, const_values = self._consts, self._const_values
        if traces:
            # Called inside another trace: as in TF, that function has its own instance of
            # these random ops, starting from their initial states, which its calls advance.
            consts, const_values = self._initial_consts
            for i, advance in self._random_states:
                traces[-1].add_random_state(const_values[i], advance)
            for value, t in zip(const_values, self._captured):
                if t is not None:
                    traces[-1].captures.setdefault(id(value), t)
        var_values = [v._value for v in used]
        values = [t._value for t in tensors]
        if self._reads:
            try:
                read = hoisted_reads.read(self._reads, values, staged=bool(traces))
            except errors.OpError as exc:   # (End of sequence: names the node)
                if not traces:
                    self._assign_independent(exc, var_values, values, assigned)
                raise self._host_error(exc) from None
            values += read
            tensors = list(tensors) + [EagerTensor(a) for a in read]
        if self._strings:
            var_values = [_handles(v) if s else v for v, s in zip(var_values, self._string_vars)]
            values = [_handles(v) if strings.is_string(v) else v for v in values]
        if traces or ctx.tapes or ctx.watchers:
            # Recorded as one op (on the tapes; inside another trace, in its records for
            # tf.gradients): gradients reach the arguments and the variables read.
            reads = tuple(v._read() for v in used)
            if self._strings:
                reads = tuple(EagerTensor(v) for v in var_values)
                tensors = [EagerTensor(v) for v in values]
            # (a captured tensor as the Tensor it was, so gradients reach it)
            consts = tuple(c if t is None else t for c, t in zip(consts, self._captured))
            outs = execute(self._op, consts + reads + tuple(tensors))
        else:
            if not self._consts_placed:
                const_values = self._place_consts(var_values)
            try:
                arrays = self._execute(const_values, var_values, values, tensors)
            except errors.OutOfRangeError as exc:
                self._assign_independent(exc, var_values, values, assigned)
                raise
            if self._deferred:
                arrays = self._check(list(arrays))
            outs = [EagerTensor(a) for a in arrays]
        # (Each step below is skipped by a trace that has none of what it handles.)
        if self._strings:
            outs = [_strings_of(o) if s else o for o, s in zip(outs, self._string_outs)] + \
                outs[len(self._string_outs):]
            if not traces:   # host callbacks done before the handles go
                jax.block_until_ready([o._value for o in outs])
                jax.effects_barrier()
        if self._random_finals or self._random_states:
            n_drawn = len(self._random_finals)
            outs, drawn = outs[:len(outs) - n_drawn], outs[len(outs) - n_drawn:]
            for i, n in zip(self._random_finals, drawn if traces else ()):
                traces[-1].random_drawn(const_values[i], n._value)
            if self._random_states and not traces:
                self._advance_random_states(drawn)
        n_out, n_assigned = self._n_out, len(assigned)
        if n_assigned:
            for v, new in zip(assigned, outs[n_out:n_out + n_assigned]):
                v._value = new._value
        at = n_out + n_assigned
        for check in self._checks:
            ok, data = outs[at], outs[at + 1:at + 1 + check_data(check)]
            at += 1 + len(data)
            if traces:   # called by an enclosing trace: its check, run after its call
                traces[-1].add_check(ok._value, check, [d._value for d in data] or None)
            elif not bool(ok._value):
                raise _assertion_failed(check, data, self._name)
        return self._pack(outs)

    def _execute(self, const_values, var_values, values, tensors):
        """The compiled program's outputs (run eagerly; `values`: those of the argument
        `tensors` as it takes them), its errors raised as TF's."""
        try:
            if self._one_at_a_time is not None:
                with self._one_at_a_time:
                    arrays = self._jitted(*const_values, *var_values, *values)
                    jax.block_until_ready(arrays)
                    jax.effects_barrier()
            else:
                arrays = self._jitted(*const_values, *var_values, *values)
                if self._sync:
                    jax.block_until_ready(arrays)
            return arrays
        except Exception as exc:
            # A host callback's error (a tf.data iterator's OutOfRangeError, an op's
            # run-time check) is raised as it was raised.
            cause = host_callback.raised()
            if cause is not None:
                raise self._host_error(cause) from None
            if isinstance(exc, jax.errors.UnexpectedTracerError):
                raise TypeError(_OUT_OF_SCOPE) from None
            if isinstance(exc, (TypeError, ValueError)):
                raise self._op.error(self._op, [t._value for t in tensors], {},
                                     exc) from None
            raise

    def _assign_independent(self, exc, var_values, values, assigned):
        """A read of the call raised `exc`: where it is TF's end of sequence, assign what
        TF's executor has assigned by then, the updates that do not depend on a read
        (independent_updates.py). `values`: the tensor arguments' (no element read)."""
        if not (isinstance(exc, errors.OutOfRangeError) and assigned) or self._polymorphic:
            return
        n_consts = len(self._const_values)
        if self._independent is None:
            n_out = self._n_out
            strings_at = [n_consts + i for i, s in enumerate(self._string_vars) if s] + \
                [n_consts + len(var_values) + i for i, v in enumerate(values)
                 if strings.is_string(v)] if self._strings else ()
            self._independent = independent_updates.program(
                self._jaxpr, self._reads, range(n_out, n_out + len(self._assigned)),
                frozenset(strings_at))
        found, fn = self._independent
        if found:
            for k, new in zip(found, fn(*self._const_values, *var_values, *values)):
                if not strings.is_string(assigned[k]._value):   # (a string's: handles)
                    assigned[k]._value = new

    def _place_consts(self, var_values):
        """The constants (first call): placed as the variables are where those are
        replicated over several devices (a distribution strategy's), which spares each
        call copying them there (random states, replaced after each call, stay)."""
        self._consts_placed = True
        mesh = next((a.sharding.mesh for a in var_values if isinstance(a, jax.Array) and
                     isinstance(a.sharding, jax.sharding.NamedSharding) and
                     len(a.sharding.device_set) > 1 and a.sharding.is_fully_replicated), None)
        if mesh is not None:
            sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())
            random = {i for i, _ in self._random_states}
            self._const_values = tuple(
                c if i in random or not isinstance(c, jax.Array) or
                len(c.sharding.device_set) > 1 else jax.device_put(c, sharding)
                for i, c in enumerate(self._const_values))
            self._consts = tuple(EagerTensor(c) for c in self._const_values)
        return self._const_values

    def _check(self, arrays):
        """The outputs of a call of the deferred-check program, its op checks run."""
        arrays, checked = arrays[:-self._n_deferred], arrays[-self._n_deferred:]
        exc = deferred_checks.run_checks(self._deferred, checked)
        if exc is not None:
            raise self._host_error(exc)
        return arrays

    def _host_error(self, cause):
        """The error a host callback of this function raised, as TF reports it: an op of
        the function's graph names its node and the function."""
        node = getattr(cause, "graph_node", None)
        return cause if node is None else func_graph.runtime_error(type(cause), *node,
                                                                    self._name)


def _packer(result):
    """The function packing a call's flat outputs (the result's first) into the traced
    result's structure, composites rebuilt from their components: made once per trace."""
    leaves = nest.flatten(result)
    if any(x is not None and (_carried(x) or _spec(x) is not None or
                              isinstance(x, IndexedSlices)) for x in leaves):
        sizes = [None if x is None else len(components(x)) for x in leaves]   # (once)

        def pack(outs):
            it = iter(outs)
            return nest.pack_sequence_as(result, [rebuild(x, it, n)
                                                  for x, n in zip(leaves, sizes)])
        return pack
    if not nest.is_nested(result):
        return (lambda outs: None) if result is None else operator.itemgetter(0)
    nones = [i for i, x in enumerate(leaves) if x is None]
    n = len(leaves) - len(nones)
    if not nones:
        return lambda outs: nest.pack_sequence_as(result, outs[:n])

    def pack_with_nones(outs):
        flat = list(outs[:n])
        for i in nones:
            flat.insert(i, None)
        return nest.pack_sequence_as(result, flat)
    return pack_with_nones


def _locks(variables):
    """The locks of the variables a call assigns, in one global order (no deadlock)."""
    return [lock for _, lock in sorted({v._uid: v._lock for v in variables}.items())]


def _graph_output(x, outputs):
    """The graph's output tensor(s) of the result leaf `x` (a composite's rebuilt)."""
    if x is None:
        return None
    try:
        return rebuild(x, outputs)
    except StopIteration:
        return None


def _binding(concrete):
    """What _bind_call binds the calls of `concrete` to: its function, signature (and
    that without defaults), the trace's arguments by name, the names of those that are
    Python values and of the others; None where the trace's arguments do not bind.
    Made at the first call."""
    binding = concrete.__dict__.get("_bound_call", False)
    if binding is False:
        fn, traced_args, traced_kwargs = concrete._call
        try:
            sig = inspect.signature(fn)
            traced = sig.bind(*traced_args, **traced_kwargs).arguments
        except (TypeError, ValueError):
            binding = None
        else:
            literals = _literals(traced)
            binding = (fn, sig, sig.replace(parameters=[
                p.replace(default=p.empty) for p in sig.parameters.values()]), traced,
                literals, [n for n in traced if n not in literals])
        concrete._bound_call = binding
    return binding


def _bind_call(concrete, args, kwargs):
    """TF's binding of a ConcreteFunction call: to all the trace's parameters (Python
    values must equal the trace's), else to its flat signature (the tensor parameters
    alone). Returns canonical args, kwargs."""
    if concrete._call is None:
        return args, kwargs
    binding = _binding(concrete)
    if binding is None:
        return args, kwargs
    fn, sig, no_defaults, traced, literals, params = binding
    try:   # (every parameter: TF's FunctionType has no defaults)
        given = dict(no_defaults.bind(*args, **kwargs).arguments)
    except TypeError as e:
        structured = str(e)
    else:
        for name in literals:
            trace_type = trace_type_of(traced[name])   # (its cast: a DatasetSpec's)
            if trace_type is not None:
                given[name] = trace_type.cast(given[name], None)
            model = traced[name].value if isinstance(traced[name], _Composite) else \
                traced[name]   # (keyed by its value, not as matched to its spec)
            if _cache_key((given[name],), {}) != _cache_key((model,), {}):
                structured = (f"Can not cast {given[name]!r} to "
                              f"{type_text(traced[name])}")
                break
        else:
            structured = _cast_composites(given, traced, params) or \
                _cast_python_values(given, traced, params)
        if structured is None:
            bound = inspect.BoundArguments(
                sig, {n: given[n] for n in sig.parameters if n in given})
            return bound.args, bound.kwargs
    # The flat signature: the tensor parameters, positionally or by name.
    keys = [_spec_name(traced[n], n) for n in params]   # (its keywords: the specs' names)
    extra = [k for k in kwargs if k not in keys]
    flat = list(args) + [kwargs[k] for k in keys[len(args):] if k in kwargs]
    if not extra and len(flat) == len(params) and all(
            _is_tensor_like(x) and (_is_tensor_like(traced[n]) or isinstance(
                traced[n], TensorSpec)) for x, n in zip(flat, params)):
        given = dict(traced, **dict(zip(params, flat)))
        bound = inspect.BoundArguments(sig, {n: given[n] for n in sig.parameters if n in given})
        return bound.args, bound.kwargs
    # (a composite's components are flat parameters x, x_1, ...)
    names = [f"{k}_{i}" if i else k for n, k in zip(params, keys) for i in range(
        len(traced[n]._component_specs) if _is_composite_spec(traced[n]) else 1)]
    why = (f"got unexpected keyword arguments: {', '.join(extra)}." if extra else
           f"missing required arguments: {', '.join(names[len(args):])}."
           if len(args) < len(names) != len(params) else
           f"takes {len(params)} positional arguments, got {len(args)}.")
    raise TypeError(
        f"Binding inputs to tf.function failed due to `{structured}`. Received args: "
        f"{args!r} and kwargs: {kwargs!r} for signature: {concrete._signature_text(False)}."
        f"\nFallback to flat signature also failed due to: "
        f"{getattr(fn, '__name__', 'f')}({', '.join(names)}) {why}")


def _cast_composites(given, traced, params):
    """Why a value given for a composite spec's parameter cannot be cast to it (TF's
    TypeSpec.cast errors), or None."""
    for name in params:
        if _is_composite_spec(traced[name]):
            try:
                _cast_to_spec(traced[name], given[name])
            except (TypeError, ValueError, AttributeError) as e:
                return str(e)
    return None


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
        _is_tensor_like(x) or isinstance(x, (TensorSpec, Variable)) or _is_composite_spec(x)
        for x in nest.flatten(v))}


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

    @x64
    def __call__(self, *tensors):
        tensors = [convert_to_tensor(t) for t in tensors]
        self._concrete._check_known_values(tensors)
        return self._concrete._call_flat(tensors)

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
