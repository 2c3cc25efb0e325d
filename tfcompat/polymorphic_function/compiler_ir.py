"""tf.function's experimental_get_compiler_ir (TF's polymorphic_function/compiler_ir.py):
the XLA program of a `jit_compile=True` function for given arguments, at one of XLA's
stages, from jax's lowering and compilation of the trace's program. Nothing runs.

The IR is the program tfcompat traces, named as jax names it (module `jit___inference_f_3`,
instructions), not TF's: as TF says, it is for debugging, with no guarantee on its form.
The program takes the trace's captured constants and the Variables it uses before its
arguments (TF: the arguments, then the captured inputs). "optimized_hlo_proto_serialized"
is an HloProto holding the module, without TF's buffer assignment."""
import warnings

import jax
from jax._src.interpreters import mlir   # (module_to_bytecode: StableHLO's bytecode)
from jax._src.lib import xla_client      # (XlaComputation: an HLO module's dot graph)

from ..framework import config
from ..framework.context import x64
from ..framework.tensor_spec import TensorSpec
from ..ops.proto_wire import bytes_field
from .function_type_utils import _flat_tensors

_STAGES = ("stablehlo", "stablehlo_serialized", "hlo", "hlo_serialized", "optimized_hlo",
           "optimized_hlo_serialized", "optimized_hlo_proto_serialized", "optimized_hlo_dot")
_PLATFORMS = ("CPU", "GPU", "TPU")


def get_compiler_ir(function, args, kwargs):
    """Function.experimental_get_compiler_ir(*args, **kwargs): `compiler_ir_generator(
    stage="hlo", device_name=None, platform_name=None)` giving the IR (str; bytes for the
    serialized stages) for these arguments, all tensors (and Python values) or all
    TensorSpecs of static shapes."""
    if not function._jit_compile:
        raise ValueError("Compiler IR can only be returned for functions marked with "
                         "'jit_compile=True'")
    given = list(args) + list(kwargs.values())
    specs = [isinstance(x, TensorSpec) for x in given]
    if any(specs) and not all(specs):
        raise ValueError("experimental_get_compiler_ir supports either (1) all inputs are "
                         "TensorSpec  or (2) all inputs are tf.Tensor/python variables")
    concrete = function.get_concrete_function(*args, **kwargs)
    if given and all(specs):
        shapes = list(zip(concrete._in_shapes, concrete._in_dtypes))
        if any(d is None for shape, _ in shapes for d in shape):
            raise ValueError(f"Only support static input shape but got inputs = "
                             f"{concrete.inputs}")
    else:
        _, bound, bound_kw = function._concrete_for(args, kwargs)   # (cached above)
        shapes = [(t._value.shape, t._value.dtype) for t in _flat_tensors(bound, bound_kw)]

    @x64
    def compiler_ir_generator(stage="hlo", device_name=None, platform_name=None):
        """The IR at `stage`, compiled for `platform_name` ("CPU", "GPU", "TPU") or the
        device `device_name` (deprecated), else for the default device."""
        if device_name is not None:
            if platform_name is not None:
                raise ValueError("device_name and platform_name cannot be provided at the "
                                 "same time.")
            warnings.warn("device_name is being deprecated. Use platform_name.", stacklevel=1)
        if stage not in _STAGES:
            raise ValueError(f"Invalid stage selected: '{stage}'. Valid values are: 'hlo', "
                             f"'hlo_serialized', 'optimized_hlo', "
                             f"'optimized_hlo_serialized', 'optimized_hlo_dot'")
        device = _device(device_name, platform_name, stage)
        unsupported = "IteratorGetNext" if concrete._reads else \
            "a tf.string tensor" if concrete._strings else None
        if unsupported is not None:
            raise ValueError(f"Failed getting HLO text: 'Detected unsupported operations "
                             f"when trying to compile graph {concrete._name}[] on "
                             f"XLA_{(device or jax.devices()[0]).platform.upper()}_JIT: "
                             f"{unsupported}'")
        return _stage(concrete._lower(shapes, device), stage)
    return compiler_ir_generator


def _device(device_name, platform_name, stage):
    """The JAX device the IR is for (None: the default device)."""
    if device_name is not None:
        device = config.jax_device_of(device_name)
        if device is None:
            raise ValueError(f"No matching device found for '{device_name}'")
        return device
    if platform_name is None:
        return None
    device = config.jax_device_of(f"/device:{platform_name}:0") \
        if platform_name in _PLATFORMS else None
    if device is None:   # (TF lowers for an absent platform only where its kernels are)
        raise ValueError("Failed getting HLO text: '" + (
            "GetCompilerIr with requested stage is not supported on this device."
            if stage.startswith("optimized") else
            f"No JIT device registered for {platform_name}") + "'")
    return device


def _stage(lowered, stage):
    if stage == "stablehlo":
        return lowered.as_text()
    if stage == "stablehlo_serialized":
        return mlir.module_to_bytecode(lowered.compiler_ir())
    if stage == "hlo":
        return lowered.as_text(dialect="hlo")
    if stage == "hlo_serialized":
        return lowered.compiler_ir("hlo").as_serialized_hlo_module_proto()
    module = lowered.compile().runtime_executable().hlo_modules()[0]
    if stage == "optimized_hlo":
        return module.to_string()
    proto = module.as_serialized_hlo_module_proto()
    if stage == "optimized_hlo_serialized":
        return proto
    if stage == "optimized_hlo_proto_serialized":   # HloProto: field 1, the module
        return bytes_field(1, proto, always=True)
    return xla_client.XlaComputation(proto).as_hlo_dot_graph()
