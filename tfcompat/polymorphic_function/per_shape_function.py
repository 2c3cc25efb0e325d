"""What get_concrete_function returns for TensorSpecs XLA cannot trace as one program:
a function typed by its specs that runs the trace for each call's concrete shapes."""

import jax

from ..framework import dtypes, errors, nest, strings
from ..framework.context import x64
from ..framework.func_graph import GraphTensor
from ..framework.strings import StringIds
from ..framework.tensor import EagerTensor, Tensor
from ..framework.tensor_spec import TensorSpec
from ..framework.trace_state import captured_output
from .concrete_function import ConcreteFunction, _bind_call, _Typed
from .function_type_utils import (_cache_key, _check_spec, _Composite, _flat_tensors,
                                  _flat_variables, _input_types, _is_composite_spec, _Shaped,
                                  _tf_key)


class PerShapeFunction(_Typed):
    """What get_concrete_function returns for TensorSpecs XLA cannot trace as one program
    (an unknown rank, code needing static shapes), and for the specs of composites
    (tf.SparseTensorSpec, tf.RaggedTensorSpec: traced per structure): typed and printed by
    its specs (its output specs from traces at two probe shapes, composites empty then
    filled: dimensions that differ are unknown); called, it runs the trace for the call's
    concrete shapes (a composite's structure). TF traces once: the per-shape traces are
    silent and not counted (Python side effects run at the first probe only); a new
    composite structure is traced as a call of the tf.function would be."""

    def __init__(self, function, args, kwargs):
        self._function = function
        probes = []
        count = function._tracing_count
        key = _cache_key(args, kwargs)
        seen = key in function._traced_specs   # (traced per shape already: silent)
        like_tf = None   # (composites: TF's key, their specs; a call may have traced it)
        for k, sizes in enumerate(((7,), (11, 13))):
            def shaped(x, sizes=sizes, filled=k == 1):
                if isinstance(x, TensorSpec) and not x.shape.is_fully_defined():
                    dims = list(sizes) if x.shape.rank is None else \
                        [sizes[0] if d is None else d for d in x.shape.as_list()]
                    value = jax.numpy.zeros(dims, strings.traced_dtype(x.dtype._np))
                    value = StringIds(value) if x.dtype is dtypes.string else value
                    return _Shaped(EagerTensor(value), x)
                if _is_composite_spec(x):
                    return _Composite(x._probe_value(sizes[0], filled), x)
                return x
            probe_args = nest.map_structure(shaped, args)
            probe_kwargs = nest.map_structure(shaped, kwargs)
            if k == 0:
                like_tf = _tf_key(_cache_key(probe_args, probe_kwargs))
                seen = seen or like_tf in function._traced_specs
            with captured_output() as output:
                probes.append(function._trace(probe_args, probe_kwargs, polymorphic=False))
            function._tracing_count = count + (not seen)   # (TF traces once)
            if k == 0 and not seen:
                output.replay()
        function._traced_specs.add(key)
        if like_tf is not None:
            function._traced_specs.add(like_tf)
        for probe in probes:
            if not isinstance(probe, ConcreteFunction):   # (calls run eagerly: no graph)
                raise probe.error(function._python_function)
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

    @x64
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
    """The TensorSpec both probe outputs fit (differing dimensions or ranks unknown); for
    a composite with TF's TypeSpec relations (an ExtensionType), the spec both fit."""
    if a is None:
        return None
    common = getattr(getattr(a, "_type_spec", None), "most_specific_common_supertype", None)
    if common is not None:
        return common([b._type_spec])
    shape_a, shape_b = a.shape.as_list(), b.shape.as_list()
    shape = None if len(shape_a) != len(shape_b) else [
        p if p == q else None for p, q in zip(shape_a, shape_b)]
    return TensorSpec(shape, a.dtype)
