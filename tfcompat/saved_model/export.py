"""The concrete functions of a tf.function, serialized with ``jax.export``.

What is saved of a tfcompat ``Function``, as TF saves it: each trace made so far and,
when it has an input_signature, the trace for that signature (only that one: calls with
other shapes of the same signature need no trace of their own). A signature with unknown
dimensions is traced once, shape-polymorphically (``jax.export`` symbolic dimensions); a
TensorSpec of unknown rank is traced for each rank 0 to ``MAX_UNKNOWN_RANK`` that traces
(deliberate difference: TF's graph accepts any rank).

A trace is exported as a function of (the values of the variables it reads, the tensor
arguments) returning (outputs, new values of the variables it assigns, assertion results),
as ConcreteFunction's jaxpr does, then the arrays its run-time op checks check (and the
values of symbolic dimensions they use: saved_checks.py), with the trace-time constants
baked in, for CPU and CUDA, and serialized with its VJP (``vjp_order=1``) so that loaded
functions have first order gradients, the custom ones included.

Each trace saved is the one TF makes under its save context: traced again on the first
save, and kept for later ones (``Function._saved_trace``).

Reads private state of polymorphic_function/: ``Function._concrete`` (keyed by
``_cache_key``), ``_save_traces``, ``_python_function``, ``_input_signature``, ``_autograph``,
``_signature``, and ConcreteFunction's ``_run_jaxpr`` (its program, top-level checks
deferred), ``_deferred``, ``_consts``, ``_variables``, ``_assigned``, ``_result``,
``_checks``, ``_strings``.
"""
import functools
import re

import jax
from jax import export as jax_export
from jax.extend.core import ClosedJaxpr, jaxpr_as_fun

from ..autograph import api as autograph
from ..framework import dtypes, host_callback, nest, ordered_print, tf_logging
from ..framework.tensor import EagerTensor
from ..framework.trace_state import captured_output
from ..framework.tensor_spec import TensorSpec
from ..ops import logging_ops
from ..polymorphic_function import deferred_checks
from ..polymorphic_function.concrete_function import ConcreteFunction
from ..polymorphic_function.tracing import trace_function
from . import saved_checks, structures

MAX_UNKNOWN_RANK = 4
_PLATFORMS = ("cpu", "cuda")


class Trace:
    """One concrete function ready to serialize: its tf.function's name, the
    ConcreteFunction, its input structure, and the input structure shown in errors (the
    input_signature's, for a trace at one of its unknown ranks)."""

    def __init__(self, name, concrete, inputs, display=None):
        self.name = name
        self.concrete = concrete
        self.inputs = inputs
        self.display = inputs if display is None else display


def traces(fn):
    """The Traces of tfcompat Function `fn` to save (traced with checks on symbolic
    dimensions saveable: host_callback.exporting)."""
    with host_callback.exporting():
        return _traces(fn)


def _traces(fn):
    name = fn._python_function.__name__
    if fn._input_signature is not None:
        return _signature_traces(fn, name)
    params = list(fn._signature.parameters)
    out = []
    for key, concrete in list(fn._concrete.items()):
        if not isinstance(concrete, ConcreteFunction):   # a marker of per-shape traces
            continue
        if getattr(concrete, "_inline_only", False):
            # traced inside another function's symbolic trace, with dimensions derived
            # from its (ConcreteFunction): saved as TF saves it, for its TensorSpecs with
            # those dimensions unknown (not saved when it has other arguments: the
            # function that calls it is)
            args = tuple(concrete.structured_input_signature[0])
            if all(isinstance(s, TensorSpec) for s in nest.flatten(args)):
                out += _signature_traces(fn, name, args)
            continue
        if concrete._known_values:
            tf_logging.get_logger().warning(
                f"tfcompat.saved_model.save: a trace of the tf.function '{name}' is not "
                f"saved: it was traced for the values of its arguments (XLA compiles static "
                f"shapes, and shapes in it depend on them), which its SavedModel could not "
                f"take as inputs.")
            continue
        try:
            inputs = structures.from_cache_key(key, params,
                                               concrete.structured_input_signature)
        except structures.Unsupported as e:
            tf_logging.get_logger().warning(
                f"tfcompat.saved_model.save: a trace of the tf.function '{name}' is not "
                f"saved: tfcompat's SavedModel cannot describe {e}.")
            continue
        args, kwargs = concrete.structured_input_signature
        out.append(Trace(name, fn._saved_trace(key, args, kwargs) or concrete, inputs))
    return out


def spec_traces(per_shape):
    """The Traces to save of a PerShapeFunction (what get_concrete_function returns for
    TensorSpecs of unknown rank): as those of an input_signature of its specs."""
    fn = per_shape._function
    _, args, kwargs = per_shape._call
    if kwargs:
        raise ValueError(f"tfcompat.saved_model.save cannot save the concrete function of "
                         f"'{fn._python_function.__name__}' for keyword TensorSpecs "
                         f"{kwargs}: pass them positionally.")
    with host_callback.exporting():
        return _signature_traces(fn, fn._python_function.__name__, tuple(args))


def _signature_traces(fn, name, given=None):
    """The Traces of `fn` for the input signature `given` (by default its own)."""
    params = list(fn._signature.parameters)
    own = given is None
    signature = fn._input_signature if own else given
    specs = [s for entry in signature for s in nest.flatten(entry)]
    composite = next((s for s in specs if not isinstance(s, TensorSpec)), None)
    if composite is not None:
        raise ValueError(
            f"tfcompat.saved_model.save cannot save the tf.function '{name}': its "
            f"input_signature holds {composite!r}, and tfcompat's SavedModel saves "
            f"functions of tf.TensorSpec inputs only (not tf.SparseTensorSpec, "
            f"tf.RaggedTensorSpec or other composite specs).")
    if any(s.dtype is dtypes.string for s in specs):
        raise _strings_error(name)
    if all(s.shape.is_fully_defined() for s in specs):
        inputs = _signature_inputs(signature, params, lambda s: s.shape.as_list())
        concrete = fn._saved_trace("input_signature" if own else ("specs", repr(signature)),
                                   signature, {}) or fn.get_concrete_function(*signature)
        return [Trace(name, concrete, inputs)]
    unknown_rank = any(s.shape.rank is None for s in specs)
    ranks = range(MAX_UNKNOWN_RANK + 1) if unknown_rank else [None]
    out, errors = [], []
    for rank in ranks:
        try:
            key = ("input_signature" if own else ("specs", repr(signature)), rank)
            if key not in fn._save_traces:   # traced on the first save only, as TF
                fn._save_traces[key] = _symbolic_trace(fn, name, signature, specs, params,
                                                       rank)
            out.append(fn._save_traces[key])
        except NotImplementedError:
            raise
        except Exception as e:
            if not unknown_rank:
                raise ValueError(f"tfcompat.saved_model.save could not trace the tf.function "
                                 f"'{name}' for its input_signature with unknown dimensions: "
                                 f"{type(e).__name__}: {e}") from e
            errors.append(f"rank {rank}: {type(e).__name__}: {e}")
    if not out:
        raise ValueError(f"tfcompat.saved_model.save could not trace the tf.function '{name}' "
                         f"for its input_signature of unknown rank at any rank up to "
                         f"{MAX_UNKNOWN_RANK}:\n" + "\n".join(errors))
    return out


def _signature_inputs(signature, params, shape_of):
    args, names = [], structures.UniqueNames()
    for i, entry in enumerate(signature):
        name = params[i] if i < len(params) else f"args_{i}"
        args.append(structures.from_spec_structure(
            entry, name, lambda s, n: structures.tensor_node(shape_of(s), s.dtype, n), names))
    return {"args": args, "kwargs": []}


def _symbolic_trace(fn, name, signature, specs, params, rank):
    """Trace for the input_signature with its unknown dimensions symbolic (and specs of
    unknown rank at `rank`). Each is its own symbol, as TF leaves them independent; where
    the function needs two to be equal (a sum or concatenation of two inputs' batches,
    which TF checks when it runs), the trace fails naming them, and they are traced as
    one symbol: the loaded function then takes inputs where they are equal (else
    InvalidArgumentError). What the failed traces print is dropped."""
    shapes = [s.shape.as_list() if s.shape.rank is not None else [None] * rank
              for s in specs]
    n_unknown = sum(d is None for shape in shapes for d in shape)
    same = list(range(n_unknown))   # the symbol of each unknown dimension
    python_function = autograph.convert(fn._python_function) if fn._autograph else \
        fn._python_function
    while True:
        try:
            with captured_output() as output:
                concrete = _trace_symbolic_dims(python_function, signature, specs, shapes,
                                                same)
            break
        except Exception as e:   # noqa: BLE001 -- re-raised where no symbols are named
            named = {same[int(i)] for i in _SYMBOL.findall(str(e)) if int(i) < n_unknown}
            if len(named) < 2:
                raise
            same = [min(named) if k in named else k for k in same]
    output.replay()
    by_spec = {id(s): shape for s, shape in zip(specs, shapes)}
    inputs = _signature_inputs(signature, params, lambda s: by_spec[id(s)])
    display = _signature_inputs(signature, params, lambda s: s.shape)
    return Trace(name, concrete, inputs, display)


_SYMBOL = re.compile(r"\bd(\d+)\b")   # (a symbolic dimension in an error message)


def _trace_symbolic_dims(python_function, signature, specs, shapes, same):
    """The ConcreteFunction of `python_function` for placeholders of `shapes`, their k-th
    unknown dimension symbol d{same[k]}."""
    names = sorted(set(same))
    symbols = dict(zip(names, jax_export.symbolic_shape(
        ", ".join(f"d{i}" for i in names)))) if names else {}
    unknown = iter(same)
    placeholders = iter([EagerTensor(jax.ShapeDtypeStruct(
        tuple(symbols[next(unknown)] if d is None else d for d in shape), s.dtype._np))
        for s, shape in zip(specs, shapes)])
    args = tuple(nest.map_structure(lambda s: next(placeholders), entry)
                 for entry in signature)
    concrete, _ = trace_function(python_function, args, {}, allow_creation=False)
    return concrete


def _strings_error(name):
    return ValueError(
        f"tfcompat.saved_model.save cannot save the tf.function '{name}': it takes, returns "
        f"or computes tf.string values, which tfcompat runs as host callbacks that "
        f"jax.export cannot serialize.")


def _saved_print(fn, name):
    """The saved check that writes a tf.print (`fn`, its callback's function) of the
    tf.function `name` after each call of the loaded function."""
    saved = getattr(getattr(fn.args[0], "host_fn", None), "saved", None)
    if saved is None:
        raise host_callback.unsaveable("tf.print with another output_stream than "
                                       "sys.stdout or sys.stderr", name)
    return functools.partial(logging_ops.saved_print, *saved)


def serialize(trace, custom_gradients=True):
    """(the trace as ``jax.export`` bytes of f(variable values..., tensor arguments...),
    the JSON records of its run-time op checks: saved_checks.py). With `custom_gradients`
    False (SaveOptions(experimental_custom_gradients=False)), a trace with a custom
    gradient is refused: TF would save the gradient of its forward computation instead,
    which tfcompat cannot separate from the custom one."""
    concrete = trace.concrete
    if concrete._strings:
        raise _strings_error(trace.name)
    if concrete._reruns:
        raise ValueError(f"tfcompat.saved_model.save cannot save the tf.function "
                         f"'{trace.name}': a tf.cond in it has a branch that XLA cannot "
                         f"compile (its output shape depends on values), which its calls "
                         f"run eagerly; a SavedModel holds compiled programs only.")
    consts = tuple(c._value for c in concrete._consts)
    # (the program with its top-level checks and those of its conditionals' branches and
    # scans' bodies made trailing outputs)
    jaxpr = concrete._run_jaxpr
    closed, nested = deferred_checks.defer_nested_checks(ClosedJaxpr(jaxpr, []))
    saved_checks.refuse_nested_checks(trace.name, closed.jaxpr)
    closed, prints = ordered_print.lift(closed)   # (after the checks, as their outputs)
    host = host_callback.host_calls(closed.jaxpr)
    if host is not None:
        raise host_callback.unsaveable(host, trace.name)
    checks, dims = saved_checks.encode_checks(
        trace.name, list(concrete._deferred) + nested + [
            (_saved_print(fn, trace.name), n) for fn, n in prints])
    inner = jaxpr_as_fun(closed)

    def fn(*arrays):
        return [*inner(*consts, *arrays), *(jax.numpy.asarray(d) for d in dims)]
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype)
             for v in jaxpr.invars[len(consts):]]
    if not custom_gradients and "custom_vjp" in str(jax.make_jaxpr(fn)(*avals)):
        raise ValueError(
            f"tfcompat.saved_model.save does not support SaveOptions("
            f"experimental_custom_gradients=False) for the tf.function "
            f"'{trace.name}', which has a custom gradient (tf.custom_gradient): save it "
            f"with experimental_custom_gradients=True.")
    try:
        exported = jax_export.export(jax.jit(fn), platforms=_PLATFORMS)(*avals)
    except Exception:  # noqa: BLE001 -- an op with no lowering for one platform: this one
        exported = jax_export.export(jax.jit(fn))(*avals)
    # The gradient is traced now (a tf.custom_gradient's grad_fn runs again): its run-time
    # checks cannot be outputs of a VJP program, so they are left out of it, not callbacks.
    with host_callback.exporting():
        return bytes(exported.serialize(vjp_order=1)), checks
