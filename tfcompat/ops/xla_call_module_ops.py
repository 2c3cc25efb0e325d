"""XlaCallModule (tf.raw_ops.XlaCallModule, tensorflow.compiler.tf2xla.python.xla's
call_module): a serialized StableHLO module, as jax2tf's native serialization emits it, run
by JAX itself as a ``jax.export.Exported``.

As TF's kernel does, the module's ``main`` is refined to the static shapes of the inputs
(StableHLO shape refinement, which also checks the module's shape assertions); its results
then give the output shapes. In a shape-polymorphic trace (unknown dimensions of a
tf.function's input signature, a graph being built, a SavedModel's trace) the module is
called unrefined, and refined when the enclosing computation is compiled for actual
shapes; the symbolic shapes of its results are inferred (see _symbolic_results), where TF's
graph shows ``Sout``. Deliberate differences: a ``Tout`` that differs from the module's
result types is an InvalidArgumentError (TF reinterprets the bytes, or aborts); modules
with token arguments (ordered effects), ``function_list`` (TF functions called back from
the module) and modules for more than one device raise NotImplementedError; a result
shape that is not an integer linear function of the inputs' unknown dimensions raises
NotImplementedError in a shape-polymorphic trace (a tf.function is then traced per shape).
"""
import functools
import io

import jax
import numpy as np
from jax import export as jax_export
from jax.extend import backend as jax_backend
from jax.extend import mlir as jax_mlir
from jax.extend.mlir import ir
from jax.extend.mlir.dialects import stablehlo

from ..framework import dtypes, errors
from ..framework.dispatch import Op, execute, to_tensor
from .math_common import raise_on_gradient

MIN_VERSION = 4
MAX_VERSION = 10   # tensorflow.compiler.tf2xla.python.xla.call_module_maximum_supported_version
_NAME = "XlaCallModule"
_NO_GRADIENT = LookupError("gradient registry has no entry for: XlaCallModule")

# MLIR element types and XLA's short names of them (XLA prints shapes as f32[2,3]).
_ELEMENT_TYPES = {
    "f16": ("float16", "f16"), "bf16": ("bfloat16", "bf16"), "f32": ("float32", "f32"),
    "f64": ("float64", "f64"), "i1": ("bool", "pred"), "i8": ("int8", "s8"),
    "i16": ("int16", "s16"), "i32": ("int32", "s32"), "i64": ("int64", "s64"),
    "ui8": ("uint8", "u8"), "ui16": ("uint16", "u16"), "ui32": ("uint32", "u32"),
    "ui64": ("uint64", "u64"), "complex<f32>": ("complex64", "c64"),
    "complex<f64>": ("complex128", "c128"),
}
_XLA_NAMES = {np.dtype(getattr(dtypes, tf)._np): xla for tf, xla in _ELEMENT_TYPES.values()}


class _Module:
    """A deserialized module: its ``main``'s argument and result types."""

    def __init__(self, serialized):
        self.context = ir.Context()
        self.module = jax_mlir.deserialize_portable_artifact(serialized, self.context)
        self.main = next(op for op in self.module.body.operations
                         if ir.StringAttr(op.attributes["sym_name"]).value == "main")
        ftype = ir.FunctionType(ir.TypeAttr(self.main.attributes["function_type"]).value)
        self.inputs = list(ftype.inputs)
        self.results = list(ftype.results)
        self.devices = 1
        for attr in ("mhlo.num_partitions", "mhlo.num_replicas"):
            if attr in self.module.operation.attributes:
                self.devices *= ir.IntegerAttr(self.module.operation.attributes[attr]).value

    def refined(self, first, shapes):
        """The module serialized again with main's arguments from `first` on given the
        static `shapes`, after shape refinement; and main's result types."""
        with self.context, ir.Location.unknown():
            module = ir.Module.parse(_bytecode(self.module))
            main = next(op for op in module.body.operations
                        if ir.StringAttr(op.attributes["sym_name"]).value == "main")
            block = main.regions[0].blocks[0]
            inputs = list(self.inputs)
            for i, shape in enumerate(shapes):
                old = inputs[first + i]
                inputs[first + i] = ir.RankedTensorType.get(shape, old.element_type)
                arg = block.arguments[first + i]
                arg.set_type(inputs[first + i])
                # (main's body keeps the dynamic type: refinement propagates the shape)
                with ir.InsertionPoint.at_block_begin(block):
                    convert = stablehlo.ConvertOp(old, arg)
                arg.replace_all_uses_except(convert.result, convert.operation)
            main.attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get(inputs, self.results))
            text = jax_mlir.refine_polymorphic_shapes(
                _bytecode(module), enable_shape_assertions=True, validate_static_shapes=True,
                enable_shardy=jax.config.jax_use_shardy_partitioner)
            refined = ir.Module.parse(text)
            main = next(op for op in refined.body.operations
                        if ir.StringAttr(op.attributes["sym_name"]).value == "main")
            results = list(ir.FunctionType(
                ir.TypeAttr(main.attributes["function_type"]).value).results)
            serialized = jax_mlir.serialize_portable_artifact(
                refined, stablehlo.get_current_version())
        return serialized, results


def _bytecode(module):
    out = io.BytesIO()
    module.operation.write_bytecode(file=out)
    return out.getvalue()


@functools.lru_cache(maxsize=64)
def _load(serialized):
    return _Module(serialized)


def _error(cls, n_in, n_out, text):
    return errors.op_error(cls, _NAME, f"{text}\n\t [[{{{{node {_NAME}}}}}]]",
                           kernel=f"{_NAME}_Tin_{n_in}_Tout_{n_out}")


def _static(t):
    return not isinstance(t, ir.RankedTensorType) or t.has_static_shape


def _aval(t, what):
    """(shape, numpy dtype) of an MLIR tensor type (None for dynamic dimensions)."""
    if not isinstance(t, ir.RankedTensorType):
        raise NotImplementedError(f"XlaCallModule: the module's main has a {what} of type "
                                  f"{t}, which tfcompat does not support (token arguments "
                                  "model ordered effects)")
    element = str(t.element_type)
    if element not in _ELEMENT_TYPES:
        raise NotImplementedError(f"XlaCallModule: element type {element} of the module's "
                                  "main is not supported")
    shape = tuple(None if t.is_dynamic_dim(i) else t.get_dim_size(i) for i in range(t.rank))
    return shape, np.dtype(getattr(dtypes, _ELEMENT_TYPES[element][0])._np)


def _xla_shape(shape, dtype):
    return f"{_XLA_NAMES.get(np.dtype(dtype), str(dtype))}[{','.join(map(str, shape))}]"


def _current_platform():
    backend = jax_backend.get_backend()
    if backend.platform == "gpu":
        return "ROCM" if "rocm" in backend.platform_version.lower() else "CUDA"
    return backend.platform.upper()


def _symbolic_results(mod, first, shapes):
    """(shape, dtype) of the module's results for inputs of `shapes` with unknown
    (symbolic) dimensions. A dynamic result dimension is found as an integer linear
    combination of the input's symbolic dimensions, fitted from the module refined at
    sample sizes and checked at one more (the values themselves always have the module's
    shapes: when the function is compiled for actual sizes, the module is refined again);
    a dimension that is not such a combination raises NotImplementedError."""
    if all(_static(t) for t in mod.results):
        return [_aval(t, "result") for t in mod.results]
    symbols = {}
    for shape in shapes:
        for d in shape:
            if not isinstance(d, int):
                if not str(d).isidentifier():
                    raise NotImplementedError(
                        f"XlaCallModule: tfcompat infers result shapes of inputs whose "
                        f"unknown dimensions are symbols, not {d}")
                symbols.setdefault(str(d), d)
    names = sorted(symbols)

    def refined(values):
        concrete = [tuple(values[str(d)] if not isinstance(d, int) else d for d in shape)
                    for shape in shapes]
        try:
            return [_aval(t, "result")[0] for t in mod.refined(first, concrete)[1]]
        except Exception as exc:   # noqa: BLE001 -- jaxlib raises its own error types
            raise NotImplementedError(
                f"XlaCallModule: cannot infer the result shapes for inputs {list(shapes)} "
                f"with unknown dimensions: refined at sizes {concrete}: {exc}") from None

    base = {name: 24 * (i + 2) for i, name in enumerate(names)}
    at_base = refined(base)
    steps = [refined({**base, name: base[name] + 24}) for name in names]
    check_values = {name: base[name] + 24 * (i + 3) for i, name in enumerate(names)}
    at_check = refined(check_values)
    out = []
    for r, (static, dtype) in enumerate(_aval(t, "result") for t in mod.results):
        dims = []
        for k, d in enumerate(static):
            if d is not None:
                dims.append(d)
                continue
            coefficients = [(step[r][k] - at_base[r][k]) / 24 for step in steps]
            constant = at_base[r][k] - sum(c * base[n] for c, n in zip(coefficients, names))
            predicted = constant + sum(c * check_values[n]
                                       for c, n in zip(coefficients, names))
            if any(c != int(c) for c in coefficients) or predicted != at_check[r][k]:
                raise NotImplementedError(
                    f"XlaCallModule: dimension {k} of result {r} is not a linear function "
                    f"of the unknown input dimensions {names}; tfcompat cannot infer it")
            dim = int(constant)
            for c, n in zip(coefficients, names):
                if c:
                    dim = dim + int(c) * symbols[n]
            dims.append(dim)
        out.append((tuple(dims), dtype))
    return out


@functools.lru_cache(maxsize=256)
def _exported(serialized, version, platforms, disabled_checks, shapes, in_dtypes, n_out):
    """The Exported that calls the module on inputs of `shapes` (tuples of ints, or
    symbolic dimensions) and `in_dtypes`."""
    n = len(shapes)
    try:
        mod = _load(serialized)
    except Exception as exc:   # noqa: BLE001 -- jaxlib raises its own error types
        raise _error(errors.InvalidArgumentError, n, n_out,
                     f"Cannot deserialize computation: {exc}") from None
    if mod.devices != 1:
        raise NotImplementedError("XlaCallModule: tfcompat calls modules for one device only")
    first = 1 if len(platforms) > 1 else 0
    if len(mod.inputs) != first + n:
        raise _error(errors.InvalidArgumentError, n, n_out,
                     f"Incorrect number of arguments passed to XlaCallModule = {n}. It must "
                     f"be called with {len(mod.inputs) - first} because the module main "
                     f"function takes {len(mod.inputs)} arguments of which {first} platform "
                     "index arguments, and 0 token arguments.")
    for i, (shape, dtype) in enumerate(zip(shapes, in_dtypes)):
        expected, expected_dtype = _aval(mod.inputs[first + i], "argument")
        if (expected_dtype != dtype or len(expected) != len(shape) or any(
                e is not None and isinstance(d, int) and e != d
                for e, d in zip(expected, shape))):
            raise _error(errors.InvalidArgumentError, n, n_out,
                         f"Call parameter must match argument; got parameter {i} shape: "
                         f"{_xla_shape([-1 if e is None else e for e in expected], expected_dtype)}"
                         f", argument shape: {_xla_shape(shape, dtype)}.")
        if any(e is not None and not isinstance(d, int) for e, d in zip(expected, shape)):
            raise NotImplementedError(
                f"XlaCallModule: argument {i} of the module has the static shape {expected}, "
                f"called with unknown dimensions {shape}")
    symbolic = any(not isinstance(d, int) for shape in shapes for d in shape)
    needs_refining = not all(_static(t) for t in mod.inputs + mod.results)
    if symbolic:
        out = _symbolic_results(mod, first, shapes)
    else:
        if needs_refining:
            try:
                serialized, results = mod.refined(first, shapes)
            except Exception as exc:   # noqa: BLE001 -- jaxlib raises its own error types
                text = str(exc).removeprefix("INVALID_ARGUMENT: ")
                if not text.startswith("Module shape refinement failed"):
                    text = f"Module shape refinement failed: {text}"
                raise _error(errors.InvalidArgumentError, n, n_out, text) from None
        else:
            results = mod.results
        out = [_aval(t, "result") for t in results]
    in_avals = tuple(jax.core.ShapedArray(s, d) for s, d in zip(shapes, in_dtypes))
    out_avals = tuple(jax.core.ShapedArray(s, d) for s, d in out)
    return jax_export.Exported(
        fun_name=_NAME,
        in_tree=jax.tree_util.tree_structure((tuple(range(n)), {})),
        in_avals=in_avals,
        out_tree=jax.tree_util.tree_structure(tuple(range(len(out)))),
        out_avals=out_avals,
        _has_named_shardings=False,
        _in_named_shardings=(None,) * n, _out_named_shardings=(None,) * len(out),
        in_shardings_hlo=(None,) * n, out_shardings_hlo=(None,) * len(out),
        nr_devices=1,
        platforms=tuple(p.lower() for p in platforms) or (_current_platform().lower(),),
        ordered_effects=(), unordered_effects=(),
        disabled_safety_checks=tuple(jax_export.DisabledSafetyCheck(c)
                                     for c in disabled_checks),
        mlir_module_serialized=serialized,
        calling_convention_version=version,
        module_kept_var_idx=tuple(range(n)),
        uses_global_constants=symbolic and needs_refining,
        _get_vjp=None)


def _call(*arrays, exported):
    return list(raise_on_gradient(exported.call, _NO_GRADIENT)(*arrays))


_xla_call_module_op = Op(_NAME, _call)


def xla_call_module(args, version, module, Sout, Tout, dim_args_spec=(), platforms=(),
                    function_list=(), has_token_input_output=False, disabled_checks=(),
                    use_shardy_partitioner=False, name=None):
    """tf.raw_ops.XlaCallModule: the StableHLO `module` (serialized) called on `args`;
    a list of tensors of dtypes `Tout`. `Sout` (the output shapes a graph shows) is not
    needed: the shapes come from the module."""
    del Sout, use_shardy_partitioner, name
    inputs = [to_tensor(a) for a in args]
    n_in, n_out = len(inputs), len(Tout)
    if not MIN_VERSION <= version <= MAX_VERSION:
        raise _error(errors.InvalidArgumentError, n_in, n_out, (
            f"XlaCallModuleOp with version {version} is not supported anymore. Must be >= "
            f"{MIN_VERSION}") if version < MIN_VERSION else (
            f"XlaCallModuleOp with version {version} is not supported by this build. Must "
            f"be <= {MAX_VERSION}"))
    if dim_args_spec:
        raise _error(errors.InvalidArgumentError, n_in, n_out,
                     "The dim_args_spec attribute is not supported anymore.")
    if function_list:
        raise NotImplementedError("XlaCallModule: tfcompat does not call TF functions from a "
                                  f"module (function_list={list(function_list)})")
    if has_token_input_output and version < 9:
        raise NotImplementedError("XlaCallModule: tfcompat does not support "
                                  "has_token_input_output (modules with side effects)")
    platforms = tuple(p.decode() if isinstance(p, bytes) else str(p) for p in platforms)
    disabled_checks = tuple(c.decode() if isinstance(c, bytes) else str(c)
                            for c in disabled_checks)
    if not platforms and version >= 6:   # (a version without platforms skips the check)
        raise _error(errors.InvalidArgumentError, n_in, n_out,
                     f"XlaCallModuleOp with version {version} must have non-empty platforms.")
    current = _current_platform()
    if platforms and current not in platforms and "platform" not in disabled_checks:
        raise _error(errors.NotFoundError, n_in, n_out,
                     f"The current platform {current} is not among the platforms required "
                     f"by the module: [{', '.join(platforms)}]")
    exported = _exported(bytes(module), int(version), platforms, disabled_checks,
                         tuple(tuple(t._value.shape) for t in inputs),
                         tuple(np.dtype(t._value.dtype) for t in inputs), n_out)
    tout = [dtypes.as_dtype(t) for t in Tout]
    got = [dtypes.as_dtype(a.dtype) for a in exported.out_avals]
    if tout != got:
        raise _error(errors.InvalidArgumentError, n_in, n_out,
                     f"Tout {[t.name for t in tout]} does not match the module's result "
                     f"types {[t.name for t in got]}")
    if not n_out:
        return []
    out = execute(_xla_call_module_op, inputs, (("exported", exported),))
    return out if isinstance(out, list) else [out]
