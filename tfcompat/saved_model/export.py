"""The concrete functions of a tf.function, serialized with ``jax.export``.

What is saved of a tfcompat ``Function``, as TF saves it: each trace made so far and,
when it has an input_signature, the trace for that signature (only that one: calls with
other shapes of the same signature need no trace of their own). A signature with unknown
dimensions is traced once, shape-polymorphically (``jax.export`` symbolic dimensions); a
TensorSpec of unknown rank is traced for each rank 0 to ``MAX_UNKNOWN_RANK`` that traces
(deliberate difference: TF's graph accepts any rank).

A trace is exported as a function of (the values of the variables it reads, the tensor
arguments) returning (outputs, new values of the variables it assigns, assertion results),
as ConcreteFunction's jaxpr does, with the trace-time constants baked in, for CPU and
CUDA, and serialized with its VJP (``vjp_order=1``) so that loaded functions have first
order gradients, the custom ones included.

Each trace saved is the one TF makes under its save context: traced again on the first
save, and kept for later ones (``Function._saved_trace``).

Reads private state of polymorphic_function/: ``Function._concrete`` (keyed by
``_cache_key``), ``_save_traces``, ``_python_function``, ``_input_signature``, ``_autograph``,
``_signature``, and ConcreteFunction's ``_fn`` (a ``jaxpr_as_fun`` or an
``Exported.call``), ``_consts``, ``_variables``, ``_assigned``, ``_result``, ``_checks``.
"""
import functools

import jax
from jax import export as jax_export

from ..autograph import api as autograph
from ..framework import dtypes, nest, tf_logging
from ..framework.tensor import EagerTensor
from ..framework.tensor_spec import TensorSpec
from ..polymorphic_function.concrete_function import ConcreteFunction
from ..polymorphic_function.tracing import trace_function
from . import structures

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
    """The Traces of tfcompat Function `fn` to save."""
    name = fn._python_function.__name__
    if fn._input_signature is not None:
        return _signature_traces(fn, name)
    params = list(fn._signature.parameters)
    out = []
    for key, concrete in list(fn._concrete.items()):
        if not isinstance(concrete, ConcreteFunction):   # a marker of per-shape traces
            continue
        try:
            inputs = structures.from_cache_key(key, params)
        except structures.Unsupported as e:
            tf_logging.get_logger().warning(
                f"tfcompat.saved_model.save: a trace of the tf.function '{name}' is not "
                f"saved: tfcompat's SavedModel cannot describe {e}.")
            continue
        args, kwargs = concrete.structured_input_signature
        out.append(Trace(name, fn._saved_trace(key, args, kwargs) or concrete, inputs))
    return out


def _signature_traces(fn, name):
    params = list(fn._signature.parameters)
    signature = fn._input_signature
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
        concrete = fn._saved_trace("input_signature", signature, {}) or \
            fn.get_concrete_function()
        return [Trace(name, concrete, inputs)]
    unknown_rank = any(s.shape.rank is None for s in specs)
    ranks = range(MAX_UNKNOWN_RANK + 1) if unknown_rank else [None]
    out, errors = [], []
    for rank in ranks:
        try:
            key = ("input_signature", rank)
            if key not in fn._save_traces:   # traced on the first save only, as TF
                fn._save_traces[key] = _symbolic_trace(fn, name, signature, specs, params,
                                                       rank)
            out.append(fn._save_traces[key])
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
    args = []
    for i, entry in enumerate(signature):
        name = params[i] if i < len(params) else f"args_{i}"
        args.append(structures.from_spec_structure(
            entry, name, lambda s, n: structures.tensor_node(shape_of(s), s.dtype, n)))
    return {"args": args, "kwargs": []}


def _symbolic_trace(fn, name, signature, specs, params, rank):
    """Trace for the input_signature with its unknown dimensions symbolic (and specs of
    unknown rank at `rank`)."""
    shapes = [s.shape.as_list() if s.shape.rank is not None else [None] * rank
              for s in specs]
    n_unknown = sum(d is None for shape in shapes for d in shape)
    symbols = iter(jax_export.symbolic_shape(", ".join(f"d{i}" for i in range(n_unknown)))
                   if n_unknown else ())
    placeholders = iter([EagerTensor(jax.ShapeDtypeStruct(
        tuple(next(symbols) if d is None else d for d in shape), s.dtype._np))
        for s, shape in zip(specs, shapes)])
    args = tuple(nest.map_structure(lambda s: next(placeholders), entry)
                 for entry in signature)
    python_function = autograph.convert(fn._python_function) if fn._autograph else \
        fn._python_function
    concrete, _ = trace_function(python_function, args, {}, allow_creation=False)
    by_spec = {id(s): shape for s, shape in zip(specs, shapes)}
    inputs = _signature_inputs(signature, params, lambda s: by_spec[id(s)])
    display = _signature_inputs(signature, params, lambda s: s.shape.dims)
    return Trace(name, concrete, inputs, display)


def _in_avals(concrete):
    """The abstract arguments of a ConcreteFunction's ``_fn`` (constants, variables,
    tensors): from its jaxpr, or from its export when it is shape-polymorphic."""
    fn = concrete._fn
    closed = fn.args[0] if isinstance(fn, functools.partial) and fn.args else None
    if hasattr(closed, "in_avals"):
        return list(closed.in_avals)
    exported = getattr(fn, "__self__", None)
    if hasattr(exported, "in_avals"):
        return list(exported.in_avals)
    raise TypeError("tfcompat.saved_model.save cannot read the arguments of a traced "
                    "tf.function (polymorphic_function's ConcreteFunction changed).")


def _strings_error(name):
    return ValueError(
        f"tfcompat.saved_model.save cannot save the tf.function '{name}': it takes, returns "
        f"or computes tf.string values, which tfcompat runs as host callbacks that "
        f"jax.export cannot serialize.")


def serialize(trace, custom_gradients=True):
    """The trace as ``jax.export`` bytes of f(variable values..., tensor arguments...).
    With `custom_gradients` False (SaveOptions(experimental_custom_gradients=False)), a
    trace with a custom gradient is refused: TF would save the gradient of its forward
    computation instead, which tfcompat cannot separate from the custom one."""
    concrete = trace.concrete
    if concrete._strings:
        raise _strings_error(trace.name)
    consts = tuple(c._value for c in concrete._consts)
    inner = concrete._fn

    def fn(*arrays):
        return inner(*consts, *arrays)
    avals = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in _in_avals(concrete)[len(consts):]]
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
    return bytes(exported.serialize(vjp_order=1))
