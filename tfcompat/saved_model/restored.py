"""The functions of a loaded SavedModel: TF's RestoredFunction and its concrete functions.

A restored concrete function runs the deserialized ``jax.export`` computation as a
tfcompat ConcreteFunction made of it (``jax.make_jaxpr`` of the exported call), so that a
call goes the way a tf.function's does: variables read are passed in, assigned ones
written back, tf.debugging assertions and op checks (saved_checks.py) raised, the call
recorded on active tapes as one op whose gradient is the exported VJP, and inlined when
called inside a tf.function. A trace with symbolic dimensions gets one ConcreteFunction
per concrete input shapes.

A RestoredFunction call is canonicalized with the saved Python signature and matched
against the saved traces as TF does: first exactly (tensors by dtype and compatible
shape, Python values by equality), then converting Python values to tensors.
"""
import inspect

import jax

from ..framework import dtypes, errors, nest
from ..framework.tensor_shape import TensorShape
from ..framework.tensor_spec import TensorSpec
from ..framework.context import x64_methods
from ..framework.constant_op import convert_to_tensor
from ..framework.tensor import Tensor
from ..framework.variables import Variable
from ..polymorphic_function.concrete_function import ConcreteFunction, inference_name
from ..polymorphic_function.function_type_utils import type_text
from . import saved_checks, structures


class _Unencodable:
    """A default value the SavedModel could not store: no saved trace matches it."""

    def __repr__(self):
        return "<unsaved default>"


def encode_parameters(signature):
    """The parameters of a Python signature as JSON (defaults that are constants)."""
    out = []
    for p in signature.parameters.values():
        entry = {"name": p.name, "kind": int(p.kind)}
        if p.default is not p.empty:
            try:
                entry["default"] = structures.const_node(p.default)
            except structures.Unsupported:
                entry["default"] = None
        out.append(entry)
    return out


def decode_parameters(entries):
    params = []
    for e in entries:
        default = inspect.Parameter.empty
        if "default" in e:
            default = _Unencodable() if e["default"] is None else e["default"]["value"]
        params.append(inspect.Parameter(e["name"], inspect._ParameterKind(e["kind"]),
                                        default=default))
    return inspect.Signature(params)


@x64_methods
class RestoredConcreteFunction:
    """One saved trace, callable with the arguments it was traced for."""

    def __init__(self, exported, record, variables_of):
        self._exported = exported
        self._inputs = record["inputs"]
        self._display = record.get("display", record["inputs"])
        self._outputs = record["outputs"]
        self._reads = variables_of(record["variables"])
        assigned = variables_of(record["assigned"])
        self._state = self._reads + [v for v in assigned if all(v is not r for r in self._reads)]
        self._assigned = [next(i for i, s in enumerate(self._state) if s is v) for v in assigned]
        self._checks = record["checks"]
        # (none in files saved before them)
        self._op_checks = saved_checks.loaded_checks(record.get("op_checks", []))
        self._symbolic = any(not isinstance(d, int) for a in exported.in_avals
                             for d in a.shape)
        self._concrete = {}    # shapes of the tensor arguments -> ConcreteFunction
        self.param_names = []  # set by the RestoredFunction holding it

    inputs = property(lambda self: self._inputs)
    structured_outputs = property(lambda self: structures.placeholder_structure(self._outputs))
    variables = property(lambda self: tuple(self._reads))
    trainable_variables = property(lambda self: tuple(v for v in self._reads if v.trainable))

    @property
    def structured_input_signature(self):
        def spec(node):
            t = node["t"]
            if t == "tensor":
                return structures.spec_of(node)
            if t == "const":
                return node["value"]
            if t == "dict":
                return {k: spec(c) for k, c in node["items"]}
            items = [spec(c) for c in node["items"]]
            return items if t == "list" else tuple(items)
        return (tuple(spec(a) for a in self._display["args"]),
                {k: spec(c) for k, c in self._display["kwargs"]})

    def match(self, args, kwargs, convert):
        """The flat tensor arguments if (args, kwargs) match this trace, else None."""
        if len(args) != len(self._inputs["args"]) or \
                sorted(kwargs) != sorted(k for k, _ in self._inputs["kwargs"]):
            return None
        flat = structures.match({"t": "tuple", "items": self._inputs["args"]}, tuple(args),
                                convert)
        if flat is None:
            return None
        for name, node in sorted(self._inputs["kwargs"]):
            more = structures.match(node, kwargs[name], convert)
            if more is None:
                return None
            flat += more
        return flat

    def __call__(self, *args, **kwargs):
        for convert in (False, True):
            flat = self.match(args, kwargs, convert)
            if flat is not None:
                return self._call_flat(flat)
        raise TypeError(f"{self!r} was called with arguments that do not match the ones "
                        f"it was traced for: {self.structured_input_signature}")

    def _call_flat(self, tensors):
        shapes = tuple(t._value.shape for t in tensors) if self._symbolic else ()
        concrete = self._concrete.get(shapes)
        if concrete is None:
            try:
                concrete = self._build(tensors)
            except ValueError as e:   # (dimensions its trace needed equal: save's symbols)
                if "polymorphic shapes specification" not in str(e):
                    raise
                raise errors.InvalidArgumentError(
                    None, None, f"tfcompat: the saved function computes with input "
                    f"dimensions that must be equal (TF checks them when it runs): "
                    f"{str(e).splitlines()[0]}") from None
            self._concrete[shapes] = concrete
        return concrete._call_flat(tensors)

    def _build(self, tensors):
        exported = self._exported
        n_state = len(self._reads)

        def call(state, args):
            return saved_checks.check_outputs(self._op_checks,
                                              exported.call(*state[:n_state], *args))
        state_avals = [jax.ShapeDtypeStruct(v._value.shape, v._value.dtype)
                       for v in self._state]
        arg_avals = [jax.ShapeDtypeStruct(t._value.shape, t._value.dtype) for t in tensors]
        closed = jax.make_jaxpr(call)(state_avals, arg_avals)
        args, kwargs = self.structured_input_signature
        names = self.param_names + [f"args_{i}" for i in range(len(self.param_names),
                                                                 len(args))]
        inputs = [(n, "POSITIONAL_OR_KEYWORD", type_text(a)) for n, a in zip(names, args)]
        inputs += [(k, "KEYWORD_ONLY", type_text(v)) for k, v in sorted(kwargs.items())]
        structure = {"result": structures.placeholder_structure(self._outputs),
                     "assigned": self._assigned, "checks": self._checks,
                     "inputs": inputs, "input_signature": (args, kwargs)}
        return ConcreteFunction(closed, self._state, structure)

    def __repr__(self):
        return f"<ConcreteFunction (restored) {self.structured_input_signature}>"


@x64_methods
class RestoredFunction:
    """What a tf.function of a saved object is after loading (TF's RestoredFunction)."""

    def __init__(self, name, parameters, concrete_functions):
        self.__name__ = name
        self._parameters = parameters
        self._signature = decode_parameters(parameters)
        self._concrete_functions = []
        self.add_concrete_functions(concrete_functions)

    def add_concrete_functions(self, concrete_functions):
        names = list(self._signature.parameters)
        for concrete in concrete_functions:
            concrete.param_names = names
            self._concrete_functions.append(concrete)

    concrete_functions = property(lambda self: list(self._concrete_functions))

    def __call__(self, *args, **kwargs):
        if not self._concrete_functions:
            raise ValueError("Found zero restored functions for caller function.")
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        args, kwargs = tuple(bound.args), dict(bound.kwargs)
        for convert in (False, True):
            for concrete in self._concrete_functions:
                flat = concrete.match(args, kwargs, convert)
                if flat is not None:
                    return concrete._call_flat(flat)
        options = []
        for c in self._concrete_functions:
            if c._display not in options:
                options.append(c._display)
        raise ValueError(structures.no_match_message(args, kwargs, list(self._signature.parameters),
                                                     options))

    def get_concrete_function(self, *args, **kwargs):
        """The saved trace these arguments (tensors or TensorSpecs) match."""
        bound = self._signature.bind(*args, **kwargs)
        bound.apply_defaults()
        for concrete in self._concrete_functions:
            if concrete.match(tuple(bound.args), dict(bound.kwargs), True) is not None:
                return concrete
        raise ValueError(structures.no_match_message(
            tuple(bound.args), dict(bound.kwargs), list(self._signature.parameters),
            [c._display for c in self._concrete_functions]))

    def __get__(self, instance, owner):
        return self


RestoredFunction.__module__ = "tensorflow.python.saved_model.function_deserialization"


@x64_methods
class WrapperFunction:
    """A serving signature: a saved trace called with its flat tensors, returning a dict of
    tensors (TF's _WrapperFunction, a ConcreteFunction of keyword-only parameters named
    `signature_wrapper[_<function>]`). Nested inputs are flattened as TF's signatures
    flatten them: each tensor by its placeholder's name (inputs, inputs_1 ...). A signature
    of unknown rank has one trace per rank saved. Deliberate difference: TF runs its graph
    on tensors of any shape; a saved XLA program runs only on those its trace allows."""

    def __init__(self, concretes, function_name):
        self._concretes = concretes
        self._names = [n["name"] for n in structures.tensor_leaves(concretes[0].inputs)]
        self._function_name = function_name
        self.name = inference_name(function_name).encode()

    @property
    def variables(self):
        """The variables its traces read (TF's ConcreteFunction.variables)."""
        out = []
        for concrete in self._concretes:
            out += [v for v in concrete.variables if all(v is not o for o in out)]
        return tuple(out)

    trainable_variables = property(lambda self: tuple(v for v in self.variables
                                                      if v.trainable))

    @property
    def structured_input_signature(self):
        display = self._concretes[0]._display
        specs = [structures.spec_of(n) for n in structures.tensor_leaves(display)]
        return (), {name: TensorSpec(s.shape, s.dtype, name)
                    for name, s in zip(self._names, specs)}

    @property
    def structured_outputs(self):
        """The output dict's TensorSpecs, named by their keys (unknown dimensions None, and
        an unknown shape where the traces of the ranks of a signature of unknown rank
        differ; TF orders the keys as its protobuf map does, tfcompat sorts them)."""
        names = output_dict(structures.placeholder_structure(self._concretes[0]._outputs))
        out = {}
        for i, name in enumerate(names):
            avals = [c._exported.out_avals[i] for c in self._concretes]
            shape = TensorShape(None) if len({len(a.shape) for a in avals}) > 1 else \
                TensorShape([dims[0] if all(isinstance(d, int) and d == dims[0] for d in dims)
                             else None for dims in zip(*(a.shape for a in avals))])
            out[name] = TensorSpec(shape, dtypes.as_dtype(avals[0].dtype), name)
        return out

    @property
    def function_type(self):
        """TF's FunctionType, as printed: ``(*, name: TensorSpec, ...) -> Dict[...]``."""
        return _SignatureType(self)

    def _outputs_text(self):
        items = ", ".join(f"[{k!r}, {v!r}]" for k, v in self.structured_outputs.items())
        return f"Dict[{items}]"

    def _type_text(self):
        inputs = self.structured_input_signature[1]
        return (f"(*, {', '.join(f'{n}: {inputs[n]!r}' for n in self._names)}) -> "
                f"{self._outputs_text()}")

    def __call__(self, *args, **kwargs):
        """TF's ConcreteFunction call: the structured signature (keyword arguments cast to
        their specs), else the flat one (tensors by position or name), else TF's error
        naming both."""
        try:
            flat = self._structured_inputs(args, kwargs)
        except TypeError as structured:
            try:
                flat = self._flat_inputs(args, kwargs)
            except TypeError as flat_error:
                raise TypeError(f"{structured}\nFallback to flat signature also failed due "
                                f"to: {flat_error}") from None
        return self._run(flat)

    def _structured_inputs(self, args, kwargs):
        specs = self.structured_input_signature[1]
        signature = inspect.Signature([inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY)
                                       for n in self._names])
        try:
            bound = signature.bind(*args, **kwargs).arguments
            flat = []
            for n in self._names:
                value, spec = bound[n], specs[n]
                t = value if isinstance(value, (Tensor, Variable)) else \
                    convert_to_tensor(value, dtype=spec.dtype)
                if t.dtype != spec.dtype or not spec.shape.is_compatible_with(t.shape):
                    raise TypeError(f"Can not cast {TensorSpec(t.shape, t.dtype, n)!r} to "
                                    f"{spec!r}")
                flat.append(t)
        except (TypeError, ValueError) as e:
            raise TypeError(f"Binding inputs to tf.function failed due to `{e}`. Received "
                            f"args: {args} and kwargs: {kwargs} for signature: "
                            f"{self._type_text()}.") from None
        return flat

    def _flat_inputs(self, args, kwargs):
        """TF's _call_with_flat_signature: positionally where it takes one tensor, else by
        the parameters' names."""
        summary = f"{self._function_name}({', '.join(self._names)})"
        positional = 1 if len(self._names) == 1 else 0   # (TF's _num_positional_args)
        if len(args) > positional:
            raise TypeError(f"{summary} takes {positional} positional arguments, got "
                            f"{len(args)}.")
        flat, kwargs = list(args), dict(kwargs)
        for name in self._names[len(flat):]:
            if name not in kwargs:
                given = set(self._names[:len(flat)]) | set(kwargs)
                raise TypeError(f"{summary} missing required arguments: "
                                f"{', '.join(sorted(set(self._names) - given))}.")
            flat.append(kwargs.pop(name))
        if kwargs:
            raise TypeError(f"{summary} got unexpected keyword arguments: "
                            f"{', '.join(sorted(kwargs))}.")
        for i, a in enumerate(flat):
            if not isinstance(a, (Tensor, Variable)):
                raise TypeError(f"{summary}: expected argument #{i}(zero-based) to be a "
                                f"Tensor; got {type(a).__name__} ({a}).")
        return flat

    def _run(self, flat):
        name = self.name.decode()
        specs = self.structured_input_signature[1]
        for i, (t, n) in enumerate(zip(flat, self._names)):
            if t.dtype != specs[n].dtype:   # (TF's function call kernel)
                raise errors.InvalidArgumentError(
                    None, None, f"cannot compute {name} as input #{i}(zero-based) was "
                    f"expected to be a {specs[n].dtype._tf_name} tensor but is a "
                    f"{t.dtype._tf_name} tensor [Op:{name}]")
        for concrete in self._concretes:
            args, kwargs = structures.pack_inputs(concrete.inputs, iter(flat))
            tensors = concrete.match(args, kwargs, True)
            if tensors is not None:
                return output_dict(concrete._call_flat(tensors))
        shapes = ", ".join(f"{n}: {tuple(t.shape)}" for n, t in zip(self._names, flat))
        raise ValueError(f"tfcompat: the signature function {name} cannot run on inputs of "
                         f"shapes {shapes}: its saved XLA program takes "
                         f"{self._type_text().split(' -> ')[0]} (TF runs its graph on "
                         f"tensors of any shape).")

    def __str__(self):
        """TF's printed signature: its keyword parameters by name, the output dict, the
        captured variables."""
        inputs = self.structured_input_signature[1]
        captures = [f"  {id(v._handle)}: TensorSpec(shape=(), dtype=tf.resource, name=None)"
                    for v in self.variables]
        return "\n".join(["ConcreteFunction Input Parameters:"] +
                         [f"  {k} (KEYWORD_ONLY): {inputs[k]!r}" for k in sorted(inputs)] +
                         ["Output Type:", f"  {self._outputs_text()}", "Captures:"] +
                         (captures or ["  None"]))

    def __repr__(self):
        return f"<ConcreteFunction (*, {', '.join(self._names)}) (signature)>"


WrapperFunction.__name__ = WrapperFunction.__qualname__ = "_WrapperFunction"
WrapperFunction.__module__ = "tensorflow.python.saved_model.load"


class _SignatureType:
    """A signature's FunctionType: str is TF's compact form."""

    def __init__(self, function):
        self._function = function

    def __str__(self):
        return self._function._type_text()


def output_dict(result):
    """TF's signature outputs: a dict stays, anything else becomes output_0, output_1..."""
    if isinstance(result, dict):
        return dict(result)
    flat = [x for x in nest.flatten(result) if x is not None]
    return {f"output_{i}": x for i, x in enumerate(flat)}


class SignatureMap(dict):
    """loaded.signatures (TF's _SignatureMap)."""

    def __repr__(self):
        return f"_SignatureMap({dict.__repr__(self)})"

