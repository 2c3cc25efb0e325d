"""The input and output structures of saved concrete functions, as JSON.

An input structure is what one trace of a tf.function was called with, canonicalized as
tf.function canonicalizes calls (parameters bound, defaults filled in): nested lists,
tuples and dicts whose leaves are tensors (shape, with None for a dimension that any size
matches or None for any rank, and dtype) or Python constants (matched by equality, as TF
matches them). Encoded nodes:

  {"t": "tensor", "shape": [2, null] | null, "dtype": "float32", "name": "x"}
  {"t": "const", "type": "int", "value": 3}
  {"t": "list" | "tuple", "items": [...]}    {"t": "dict", "items": [[key, node], ...]}

An output structure is the same with {"t": "tensor"} and {"t": "none"} leaves.
"""
import pprint

import numpy as np

from ..framework import dtypes, nest
from ..framework.tensor_spec import TensorSpec
from ..framework.tensor import Tensor
from ..framework.tensor_shape import TensorShape
from ..framework.variables import Variable

_CONSTANT_TYPES = {"bool": bool, "int": int, "float": float, "str": str, "NoneType": type(None)}


class Unsupported(Exception):
    """A trace whose inputs tfcompat's format cannot describe (Variables or arbitrary
    Python objects as arguments)."""


# -- encoding -------------------------------------------------------------------------

def tensor_node(shape, dtype, name):
    shape = TensorShape(shape)
    dims = None if shape.rank is None else shape.as_list()
    return {"t": "tensor", "shape": dims, "dtype": dtypes.as_dtype(dtype).name, "name": name}


def const_node(value):
    kind = type(value).__name__
    if kind not in _CONSTANT_TYPES:
        raise Unsupported(f"a Python argument of type {kind}")
    return {"t": "const", "type": kind, "value": value}


def container_node(value, items):
    """The node of a list/tuple/dict `value` whose children encode to `items`."""
    if isinstance(value, dict):
        keys = sorted(value)
        if not all(isinstance(k, str) for k in keys):
            raise Unsupported("a dict argument with non-string keys")
        return {"t": "dict", "items": [[k, item] for k, item in zip(keys, items)]}
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        raise Unsupported("a namedtuple argument")
    return {"t": "list" if isinstance(value, list) else "tuple", "items": list(items)}


class UniqueNames:
    """TF's names of a function's placeholders (Graph.unique_name): a name already taken
    becomes name_1, name_2 ... (case-insensitively, as TF counts them)."""

    def __init__(self):
        self._used = {}

    def __call__(self, name):
        key = name.lower()
        i = self._used.get(key, 0)
        self._used[key] = i + 1
        if i == 0:
            return name
        base = key
        while key in self._used:
            key = f"{base}_{i}"
            i += 1
        self._used[key] = 1
        return f"{name}_{i - 1}"


def from_spec_structure(structure, name, leaf, names):
    """Encode a structure of TensorSpecs (an input_signature entry) whose leaves become
    ``leaf(spec, name)``: a leaf is named by its spec's name, else by `name`, made unique
    by `names` (UniqueNames) as TF names the placeholders (x, x_1 ...)."""
    def walk(x):
        if isinstance(x, (list, tuple, dict)):
            children = [x[k] for k in sorted(x)] if isinstance(x, dict) else list(x)
            return container_node(x, [walk(c) for c in children])
        return leaf(x, names(x.name or name))
    return walk(structure)


def from_cache_key(key, params, structured_input_signature=None):
    """The input structure (args, kwargs) of a trace from tf.function's cache key:
    (structure of args, flat leaf keys, ((kwarg, flat leaf keys), ...)). `params` are the
    parameter names, for tensor names (made unique as TF's placeholders); a TensorSpec
    name in the trace's `structured_input_signature` names its tensor instead."""
    structure, flat, kw = key
    leaves = iter(flat)
    names = UniqueNames()
    given = iter([x.name for x in nest.flatten(structured_input_signature)
                  if isinstance(x, TensorSpec)] if structured_input_signature is not None else [])

    def leaf(k, name):
        kind = k[0]
        if kind == "T":
            return tensor_node(k[1], np.dtype(k[2]), names(next(given, None) or name))
        if kind == "spec":    # (spec) or (spec, concrete shape of a per-shape trace)
            spec = k[1]
            return tensor_node(k[2] if len(k) == 3 else spec.shape, spec.dtype,
                               names(next(given, None) or spec.name or name))
        if kind == "P":
            return const_node(k[1])
        if kind == "V":
            raise Unsupported("a tf.Variable argument")
        if kind == "TT":   # (a SparseTensor, RaggedTensor or other composite)
            trace_type = getattr(k[1], "trace_type", k[1])   # (_SignatureTyped's)
            raise Unsupported(f"a composite argument (of "
                              f"{type(trace_type).__name__.strip('_')})")
        raise Unsupported(f"an argument keyed {kind!r}")

    def walk(s, name):
        if s is None:
            return leaf(next(leaves), name)
        kind, children = s
        if kind == "dict":
            items = [[k, walk(c, name)] for k, c in children]
            if not all(isinstance(k, str) for k, _ in items):
                raise Unsupported("a dict argument with non-string keys")
            return {"t": "dict", "items": items}
        if kind not in ("list", "tuple"):
            raise Unsupported(f"a {kind} argument")
        return {"t": kind, "items": [walk(c, name) for c in children]}

    if structure is None or structure[0] != "tuple":
        raise Unsupported("an unexpected tf.function cache key")
    args = [walk(s, params[i] if i < len(params) else f"args_{i}")
            for i, s in enumerate(structure[1])]
    kwargs = []
    for name, keys in kw:
        if len(keys) != 1:
            raise Unsupported("a nested keyword argument")
        kwargs.append([name, leaf(keys[0], name)])
    return {"args": args, "kwargs": kwargs}


def output_structure(result):
    """Encode a ConcreteFunction's structured outputs (leaves: traced values or None)."""
    if isinstance(result, (list, tuple, dict)):
        children = [result[k] for k in sorted(result)] if isinstance(result, dict) else result
        try:
            return container_node(result, [output_structure(c) for c in children])
        except Unsupported as e:
            raise Unsupported(f"{e} among the outputs".replace("argument", "value")) from None
    if hasattr(type(result), "_tf_extension_type_fields"):
        raise Unsupported(f"a tf.experimental.ExtensionType ({type(result).__qualname__})")
    return {"t": "none"} if result is None else {"t": "tensor"}


# -- decoding ---------------------------------------------------------------------------

def spec_of(node):
    """The TensorSpec of a tensor node."""
    shape = TensorShape(node["shape"])
    return TensorSpec(shape, dtypes.as_dtype(node["dtype"]), node["name"])


def pack_outputs(node, flat):
    """Rebuild an output structure from the flat non-None outputs (an iterator); an
    input structure's constants are their values."""
    t = node["t"]
    if t == "tensor":
        return next(flat)
    if t == "none":
        return None
    if t == "const":
        return node["value"]
    if t == "dict":
        return {k: pack_outputs(c, flat) for k, c in node["items"]}
    items = [pack_outputs(c, flat) for c in node["items"]]
    return items if t == "list" else tuple(items)


def tensor_leaves(inputs):
    """The tensor nodes of an input structure in TF's flat order (arguments, then keyword
    arguments by name; dict items by key): a signature's inputs."""
    out = []

    def walk(node):
        if node["t"] == "tensor":
            out.append(node)
        elif node["t"] in ("list", "tuple"):
            for c in node["items"]:
                walk(c)
        elif node["t"] == "dict":
            for _, c in node["items"]:
                walk(c)
    for node in inputs["args"] + [c for _, c in sorted(inputs["kwargs"])]:
        walk(node)
    return out


def pack_inputs(inputs, flat):
    """The (args, kwargs) of an input structure with its tensors from `flat` (an iterator
    in tensor_leaves' order)."""
    args = tuple(pack_outputs(a, flat) for a in inputs["args"])
    return args, {k: pack_outputs(c, flat) for k, c in sorted(inputs["kwargs"])}


def placeholder_structure(node):
    """An output structure with TensorSpec-free placeholders (True) for tensors."""
    return pack_outputs(node, iter(lambda: True, None))


# -- matching a call --------------------------------------------------------------------

def match(node, value, convert):
    """The flat tensors of `value` if it matches `node`, else None. With `convert`,
    Python values and NumPy arrays where a tensor is expected are converted to its
    dtype (TF's second matching pass)."""
    out = []
    return out if _match(node, value, convert, out) else None


def _match(node, value, convert, out):
    from ..framework.constant_op import convert_to_tensor
    t = node["t"]
    if t == "tensor":
        if isinstance(value, Variable):
            value = value._read()
        if isinstance(value, TensorSpec):    # get_concrete_function(TensorSpec(...))
            ok = value.dtype.name == node["dtype"] and \
                TensorShape(node["shape"]).is_compatible_with(value.shape)
            out.append(value)
            return ok
        if not isinstance(value, Tensor):
            if not convert:
                return False
            try:
                value = convert_to_tensor(value, dtype=dtypes.as_dtype(node["dtype"]))
            except (TypeError, ValueError):
                return False
        if value.dtype.name != node["dtype"]:
            return False
        if not TensorShape(node["shape"]).is_compatible_with(value.shape):
            return False
        out.append(value)
        return True
    if t == "const":
        if isinstance(value, (Tensor, Variable, np.ndarray)):
            return False
        try:
            return bool(value == node["value"])
        except Exception:  # noqa: BLE001 - any object may fail to compare: not equal
            return False
    if t == "dict":
        if not isinstance(value, dict) or sorted(value) != [k for k, _ in node["items"]]:
            return False
        return all(_match(c, value[k], convert, out) for k, c in node["items"])
    if not isinstance(value, (list, tuple)) or len(value) != len(node["items"]):
        return False
    return all(_match(c, v, convert, out) for c, v in zip(node["items"], value))


# -- TF's texts ---------------------------------------------------------------------------

class _Text:
    """Prints as the given text (inside pprint's containers too)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def _got(value, name):
    """A call argument as TF prints it: tensors as the symbolic tensors of the call."""
    if isinstance(value, dict):
        return {k: _got(value[k], f"{name}_{i}") for i, k in enumerate(sorted(value))}
    if isinstance(value, (list, tuple)):
        items = [_got(v, name if i == 0 else f"{name}_{i}") for i, v in enumerate(value)]
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, (Tensor, Variable)):
        return _Text(f"<tf.Tensor '{name}:0' shape={value.shape} dtype={value.dtype.name}>")
    return value


def _expected(node):
    t = node["t"]
    if t == "tensor":
        return _Text(repr(spec_of(node)))
    if t == "const":
        return node["value"]
    if t == "dict":
        return {k: _expected(c) for k, c in node["items"]}
    items = [_expected(c) for c in node["items"]]
    return items if t == "list" else tuple(items)


def _arguments(positional, keywords):
    lines = [f"  Positional arguments ({len(positional)} total):"]
    lines += [f"    * {pprint.pformat(p)}" for p in positional]
    lines.append(f"  Keyword arguments: {pprint.pformat(keywords)}")
    return "\n".join(lines)


def no_match_message(args, kwargs, names, inputs):
    """TF's ValueError text for a call of a loaded function that no saved trace matches.
    `names` are the parameter names; `inputs` the input structures of the options."""
    got = [_got(a, names[i] if i < len(names) else f"args_{i}") for i, a in enumerate(args)]
    text = ("Could not find matching concrete function to call loaded from the SavedModel. "
            "Got:\n" + _arguments(got, {k: _got(v, k) for k, v in kwargs.items()}) +
            f"\n\n Expected these arguments to match one of the following {len(inputs)} "
            f"option(s):")
    for i, inp in enumerate(inputs):
        text += f"\n\nOption {i + 1}:\n" + _arguments(
            [_expected(a) for a in inp["args"]], {k: _expected(c) for k, c in inp["kwargs"]})
    return text
