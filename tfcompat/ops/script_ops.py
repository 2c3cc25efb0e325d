"""tf.py_function and tf.numpy_function: Python code as an op.

Eagerly the function just runs (a py_function's ops are recorded on active tapes, so it
is differentiable). Inside tf.function it runs on the host each time the function runs
(an ordered io_callback); a py_function's gradient there comes from running the function
under a GradientTape on the host, as TF does. Deliberate difference: XLA needs static
output shapes, so while tracing, the function is called once, eagerly, on zeros of its
inputs' shapes (its printed output discarded) to learn them (the outputs show TF's
unknown shapes: RelaxedTensors). A function whose output shape depends on its input
values then fails at run time with a clear error. tf.string inputs and outputs cross the callback as handles
(framework/strings.py); a scalar string reaches a numpy_function inside tf.function as
bytes, as in TF's graph mode. A py_function's ExtensionType inputs and outputs (specs in
Tout) cross the op as their tensors.
"""
import functools
import itertools
import traceback

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors, func_graph, host_callback, nest, strings
from ..framework.backprop import GradientTape
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, to_tensor
from ..framework.context import ctx, executing_eagerly
from ..framework.trace_state import ValueDependentShape, captured_output, init_scope
from ..framework.relaxed_shapes import UNKNOWN_RANK, RelaxedTensor
from ..framework.tensor import EagerTensor, Tensor, symbolic
from .assert_ops import Operation

__all__ = ["numpy_function", "py_function"]

_TOKENS = itertools.count()
# The op errors of the exceptions a py_function or numpy_function raises (else UnknownError).
_RAISED = ((StopIteration, errors.OutOfRangeError),
           ((ValueError, TypeError), errors.InvalidArgumentError),
           (NotImplementedError, errors.UnimplementedError),
           (MemoryError, errors.ResourceExhaustedError))


def py_function(func=None, inp=None, Tout=None, name=None):
    """tf.py_function (also as a decorator: ``@tf.py_function(Tout=...)``)."""
    if func is None:
        def decorate(f):
            return functools.wraps(f)(lambda *args: py_function(f, list(args), Tout))
        return decorate
    from .extension_type import ExtensionType, ExtensionTypeSpec
    if any(isinstance(x, ExtensionType) for x in nest.flatten(inp or [])) or any(
            isinstance(t, ExtensionTypeSpec) for t in nest.flatten(Tout or [])):
        return _extension_call(func, list(inp), Tout, ExtensionTypeSpec)
    return _call(_Script(func, Tout, tensors=True), inp)


def _extension_call(func, inp, Tout, spec_type):
    """tf.py_function with ExtensionTypes among `inp` or specs of them in Tout: their
    tensors cross the op, `func` gets them rebuilt, and its outputs are rebuilt by Tout's
    specs (TF's composite inputs and outputs)."""
    single = not isinstance(Tout, (list, tuple))
    touts = [Tout] if single else list(Tout)

    def parts(t):
        return nest.flatten(t, expand_composites=True) if isinstance(t, spec_type) else [t]

    def flat_func(*tensors):
        out = func(*nest.pack_sequence_as(inp, list(tensors), expand_composites=True))
        return [x for o in ([out] if single else list(out))
                for x in nest.flatten(o, expand_composites=True)]
    flat_touts = [s.dtype if isinstance(t, spec_type) else t for t in touts for s in parts(t)]
    it = iter(_call(_Script(flat_func, flat_touts, tensors=True),
                    nest.flatten(inp, expand_composites=True)))
    results = [nest.pack_sequence_as(t, [next(it) for _ in parts(t)], expand_composites=True)
               if isinstance(t, spec_type) else next(it) for t in touts]
    return results[0] if single else results


def numpy_function(func, inp, Tout, stateful=True, name=None):
    """tf.numpy_function: `func` takes and returns numpy arrays; not differentiable."""
    inputs, traced = _inputs(inp)
    if executing_eagerly() and not traced:
        return _eager_numpy(func, inputs)
    return _call(_Script(func, Tout, tensors=False), inp)


class _Script:
    """A Python function called as an op, with the dtypes of its outputs."""

    def __init__(self, func, Tout, tensors):
        self.func = func
        self.single = Tout is not None and not isinstance(Tout, (list, tuple))
        self.touts = [] if Tout is None else [dtypes.as_dtype(Tout)] if self.single else \
            [dtypes.as_dtype(t) for t in Tout]
        self.tensors = tensors      # py_function: Tensors in and out; else numpy
        self.shapes = None          # the output shapes, once known (traced calls)
        self.string_inputs = ()     # which inputs are tf.string (handles; traced calls)
        self.node = None            # its graph node's (name, definition frames), traced
        self.token = next(_TOKENS)  # TF's name of the registered function (pyfunc_N)

    def op_name(self, n_in):
        kind = "EagerPyFunc" if self.tensors else "PyFunc"
        return kind, f"{kind}_Tin_{n_in}_Tout_{len(self.touts)}"

    def run(self, arrays, graph=False):
        """Call the function on numpy `arrays`; its outputs as Tensors of Tout. In a
        graph (`graph`), a numpy_function's results must have Tout's dtypes exactly."""
        args = [EagerTensor(a if strings.is_string(a) else jnp.asarray(a))
                for a in arrays] if self.tensors else [
            a if isinstance(a, bytes) else np.asarray(a) for a in arrays]
        return self.outputs(self.called(args) if graph else self.func(*args), len(arrays))

    def called(self, args):
        """The function called on `args`, an exception it raises reported as TF's kernel
        reports it (py_func.cc): ValueError and TypeError as InvalidArgumentError,
        StopIteration as OutOfRangeError, NotImplementedError as UnimplementedError,
        MemoryError as ResourceExhaustedError, any other as UnknownError, with the
        exception's traceback in the message."""
        try:
            return self.func(*args)
        except Exception as exc:  # noqa: BLE001 -- every exception becomes an op error
            cls = next((c for types, c in _RAISED if isinstance(exc, types)),
                       errors.UnknownError)
            raise self.kernel_error(cls, len(args), f"{type(exc).__name__}: {exc}\n" +
                                    "\n".join(traceback.format_exception(exc)) + "\n") \
                from None

    def kernel_error(self, cls, n_in, text):
        """TF's error of its kernel (naming its graph node inside tf.function)."""
        op, kernel = self.op_name(n_in)
        error = errors.op_error(cls, op, text, kernel=kernel)
        if self.node is not None:
            error.graph_node = self.node + (text,)
        return error

    def check_dtypes(self, values):
        """TF's PyFunc kernel check of a numpy_function's results against Tout."""
        for i, (v, t) in enumerate(zip(values, self.touts)):
            have = np.asarray(v).dtype
            if t is not dtypes.string and have != t._np:
                raise errors.InvalidArgumentError(
                    None, None, f"{i}-th value returned by pyfunc_{self.token} is "
                    f"{dtypes.from_numpy(have)._tf_name}, but expects {t._tf_name}")

    def outputs(self, result, n_in):
        """The function's result as Tensors of Tout, as TF's kernels take it: a list or
        tuple is its values (a py_function's cut to len(Tout): TF zips them with Tout,
        so a single Tout takes the first), anything else one value; other than Tout's
        number of values is TF's error (fewer, for a py_function). A numpy_function's
        values must have Tout's dtypes exactly."""
        if not self.touts:
            return []
        values = list(result) if isinstance(result, (list, tuple)) else [result]
        if self.tensors:
            values = values[:len(self.touts)]
        if len(values) != len(self.touts):
            raise self.kernel_error(
                errors.InvalidArgumentError, n_in, f"pyfunc_{self.token} returns "
                f"{len(values)} values, but expects to see {len(self.touts)} values.")
        if not self.tensors:
            self.check_dtypes(values)
        try:
            return [convert_to_tensor(v, dtype=t) for v, t in zip(values, self.touts)]
        except (TypeError, ValueError) as exc:
            raise self.error(n_in, exc) from None

    def error(self, n_in, exc):
        op, kernel = self.op_name(n_in)
        return errors.op_error(errors.InvalidArgumentError, op,
                               f"{type(exc).__name__}: {exc}", kernel=kernel)

    def host_run(self, *arrays):
        """The io_callback: the outputs as numpy, of the shapes the trace promised."""
        arrays = [_host_strings(a, self.tensors) if s else a
                  for a, s in zip(arrays, self.string_inputs)] + list(
            arrays[len(self.string_inputs):])
        out = [np.asarray(t._value) for t in self.run(arrays, graph=True)]
        for value, shape in zip(out, self.shapes):
            if value.shape != shape:
                raise self.error(len(arrays), ValueError(
                    f"tfcompat: the function returned shape {value.shape} where its call "
                    f"while tracing returned {shape}; inside tf.function its output shapes "
                    f"must not depend on the input values."))
        return [strings.to_ids(v) if t is dtypes.string else v
                for v, t in zip(out, self.touts)]

    def host_grad(self, *arrays):
        """The gradient io_callback: inputs then output cotangents -> input cotangents."""
        n = len(arrays) - len(self.touts)
        xs = [EagerTensor(jnp.asarray(a)) for a in arrays[:n]]
        with GradientTape() as tape:
            for x in xs:
                tape.watch(x)
            ys = self.outputs(self.func(*xs), n)
        grads = tape.gradient(ys, xs, output_gradients=[
            EagerTensor(jnp.asarray(c)) for c in arrays[n:]])
        return [np.zeros(x.shape, x.dtype._np) if g is None else np.asarray(
            convert_to_tensor(g)._value) for x, g in zip(xs, grads)]


def _inputs(inp):
    """The inputs as tensors, and whether one is traced."""
    inputs = [to_tensor(x) for x in nest.flatten(inp if inp is not None else [])]
    return inputs, any(symbolic(t._value) for t in inputs)


def _call(script, inp):
    inputs, traced = _inputs(inp)
    if executing_eagerly() and not traced:
        outs = script.outputs(script.called(inputs), len(inputs))
        if not script.touts and not script.single:
            return outs
    else:
        script.shapes = _probe(script, inputs) if script.touts else []
        script.string_inputs = [strings.is_string(t._value) for t in inputs]
        inputs = [EagerTensor(strings.traced_ids(t._value)) if s else t
                  for t, s in zip(inputs, script.string_inputs)]
        op = _PY_FUNC if script.tensors else _NUMPY_FUNC
        outs = execute(op, tuple(inputs), (("script", script),))
        outs = [outs] if isinstance(outs, Tensor) else list(outs)
        builder = func_graph.current()
        name = builder.display_name(outs[0]) if builder is not None and outs else None
        if name is not None:   # (its errors name the node, as TF's graph errors do)
            script.node = (name.rsplit(":", 1)[0], tuple(func_graph.definition_frames()))
        outs = [RelaxedTensor(strings.StringIds(o._value), o.shape) if t is dtypes.string
                else o for o, t in zip(outs, script.touts)]
        if not script.touts and not script.single:   # (runs for its effects alone)
            kind = script.op_name(len(inputs))[0]
            return Operation(kind, kind)
    if script.single:
        return outs[0]
    return outs


def _eager_numpy(func, inputs):
    """A numpy_function called eagerly, as TF's: the function on numpy arrays (its
    exceptions as they are), its flattened results as tensors of their own dtypes (Tout
    is not applied), one unwrapped, none None."""
    args = [np.array(t.numpy()) if t.dtype is dtypes.string else np.asarray(t._value)
            for t in inputs]
    outs = [x if x is None else convert_to_tensor(x)
            for x in nest.flatten(func(*args))]
    return outs[0] if len(outs) == 1 else outs or None


def _probe(script, inputs):
    """The output shapes: the function called eagerly on zeros (output discarded)."""
    with init_scope(), captured_output():
        zeros = [np.full(t._value.shape, b"", object) if t.dtype is dtypes.string else
                 np.zeros(t._value.shape, t.dtype._np) for t in inputs]   # (traced shapes)
        try:
            return [tuple(t.shape.as_list()) for t in script.run(zeros, graph=True)]
        except errors.InvalidArgumentError:
            raise   # its results do not fit Tout (TF's error, at run time)
        except Exception as exc:  # noqa: BLE001 -- reported with what was attempted
            if ctx.spec_traces:   # (its outputs' shapes are unknown anyway: TF's)
                ctx.unprobed = True
                return [()] * len(script.touts)
            # (a tf.function's calls then run eagerly, where the function's own error is
            # TF's InvalidArgumentError of the op)
            raise ValueDependentShape(
                f"tfcompat needs the output shapes of {script.op_name(len(inputs))[0]}'s "
                f"function inside tf.function (XLA has static shapes); calling it on zeros "
                f"of its inputs' shapes to find them failed: {type(exc).__name__}: "
                f"{exc}") from None


def _results(script):
    return [jax.ShapeDtypeStruct(s, strings.traced_dtype(t._np))
            for s, t in zip(script.shapes, script.touts)]


def _host_strings(ids, tensors):
    """A string input in the callback: an object array (bytes for a numpy_function's
    scalar, as TF's graph mode passes it)."""
    value = strings.from_ids(ids)
    return value[()] if not tensors and value.ndim == 0 else value


def _numpy_func(*arrays, script):
    return host_callback.io_callback(script.host_run, _results(script), *arrays)


def _py_func(*arrays, script):
    @jax.custom_vjp
    def run(*xs):
        return host_callback.io_callback(script.host_run, _results(script), *xs)

    def fwd(*xs):
        return run(*xs), xs

    def bwd(xs, cts):
        floats = [i for i, x in enumerate(xs) if jnp.issubdtype(x.dtype, jnp.inexact)]
        grads = host_callback.io_callback(
            script.host_grad, [jax.ShapeDtypeStruct(x.shape, x.dtype) for x in xs],
            *xs, *cts)
        return tuple(grads[i] if i in floats else np.zeros(x.shape, jax.dtypes.float0)
                     for i, x in enumerate(xs))

    run.defvjp(fwd, bwd)
    return run(*arrays)


def _unknown_shapes(attrs):
    """TF's static shapes of the outputs in a graph: unknown (set_shape or ensure_shape
    gives them one)."""
    return [UNKNOWN_RANK] * len(dict(attrs)["script"].touts)


_PY_FUNC = Op("EagerPyFunc", _py_func, stateful=True, static_shapes=_unknown_shapes)
_NUMPY_FUNC = Op("PyFunc", _numpy_func, differentiable=False, stateful=True,
                 static_shapes=_unknown_shapes)
