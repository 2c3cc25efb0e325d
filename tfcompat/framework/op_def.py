"""TF's OpDefs (tensorflow/core/framework/op_def.proto) of the ops tfcompat runs: one spec
per op, recorded from TF 2.21 into op_defs.json by tools/record_op_defs.py.

Everything tfcompat says about an op that TF's OpDef says is derived from here: the input
names (the graph's ``<node>/<arg>`` Consts, the op-def TypeErrors), the allowed dtypes
and the ``Op<name=...; signature=...>`` text of TF's "not in the list of allowed values"
errors, the attribute defaults. The JSON is read once, on first use.
"""
import functools
import json
import os

from . import errors

_PATH = os.path.join(os.path.dirname(__file__), "op_defs.json")


@functools.lru_cache(maxsize=1)
def _all():
    with open(_PATH, encoding="utf-8") as f:
        data = json.load(f)
    data.pop("tensorflow")
    return data


class OpSpec:
    """One op's OpDef. `inputs`: ((name, kind), ...), kind as TF's signature writes it
    (``T``, ``N*T``, ``int32``; empty for a type list); `attrs`: name -> its JSON entry
    (type, default, minimum, allowed); `outputs`: ((name, number_attr, type_list_attr),
    ...); `summary`: TF's SummarizeOpDef text without ``Op<``/``>``."""

    __slots__ = ("name", "inputs", "outputs", "attrs", "summary")

    def __init__(self, name, entry):
        self.name = name
        self.inputs = tuple((a["name"], _kind(a)) for a in entry["inputs"])
        self.outputs = tuple((a["name"], a.get("number_attr"), a.get("type_list_attr"))
                             for a in entry["outputs"])
        self.attrs = {a["name"]: a for a in entry["attrs"]}
        self.summary = entry["summary"]

    def input_names(self, n=None):
        """The names of the inputs: for `n` inputs, those of a list argument (``N*T``)
        numbered as TF names the tensors it converts (``values_0``, ``values_1`` ...)."""
        names = []
        lists = sum(1 for _, kind in self.inputs if "*" in kind)
        fixed = len(self.inputs) - lists
        for name, kind in self.inputs:
            if "*" in kind and n is not None and lists == 1:
                names.extend(f"{name}_{i}" for i in range(max(n - fixed, 0)))
            else:
                names.append(name)
        return tuple(names)

    def allowed(self, attr="T"):
        """TF's names of the dtypes type attribute `attr` allows ('float', 'qint8' ...) in
        the OpDef's order, or None where it allows any."""
        values = self.attrs[attr].get("allowed")
        return None if values is None else tuple(v[3:].lower() for v in values)

    def default(self, attr):
        return self.attrs[attr].get("default")


def _kind(arg):
    kind = arg.get("type") or arg.get("type_attr", "")
    if "number_attr" in arg:
        kind = f"{arg['number_attr']}*{kind}"
    return kind


@functools.lru_cache(maxsize=None)
def get(name):
    """The OpSpec of TF op `name`, or None where TF has no such op."""
    entry = _all().get(name)
    return None if entry is None else OpSpec(name, entry)


def spec(name):
    """The OpSpec of TF op `name` (KeyError where tfcompat recorded none)."""
    found = get(name)
    if found is None:
        raise KeyError(f"no OpDef recorded for {name!r} (tools/record_op_defs.py)")
    return found


def summary(name):
    """TF's SummarizeOpDef text of op `name` (``name=...; signature=...; attr=...``)."""
    return spec(name).summary


def attr_rejected(name, text, node_name=None):
    """TF's eager InvalidArgumentError for an attr value op `name`'s OpDef rejects (a value
    not in its allowed list, a list under its minimum length): ``text`` then the NodeDef and
    ``Op<...>`` summary, ``[Op:name]``, then `` name: NODE_NAME`` when `node_name` is not
    None (TF prints it empty for the ops whose wrappers pass no name)."""
    suffix = "" if node_name is None else f" name: {node_name}"
    return errors.InvalidArgumentError(
        None, None, f"{text}\n\t; NodeDef: {{{{node {name}}}}}; Op<{summary(name)}> "
                    f"[Op:{name}]{suffix}")


def attr_value_error(name, attr, value, node_name=None):
    """`attr_rejected` for value `value` of attr `attr`, worded from the OpDef as TF words
    it: a list shorter than the attr's minimum length, an int under its minimum, a string
    or a dtype (a DType) not in its allowed values."""
    entry = spec(name).attrs[attr]
    if isinstance(value, (list, tuple)):
        text = f"Length for attr '{attr}' of {len(value)} must be at least minimum {entry['minimum']}"
    elif isinstance(value, str):
        allowed = ", ".join(f'"{a}"' for a in entry["allowed"])
        text = f"Value for attr '{attr}' of \"{value}\" is not in the list of allowed values: {allowed}"
    elif hasattr(value, "_tf_name"):
        allowed = ", ".join(spec(name).allowed(attr))
        text = f"Value for attr '{attr}' of {value._tf_name} is not in the list of allowed values: {allowed}"
    else:
        text = f"Value for attr '{attr}' of {value} must be at least minimum {entry['minimum']}"
    return attr_rejected(name, text, node_name)


def graph_attr_length_error(name, attr, length):
    """TF's ValueError where an op being added to a graph gets a list attr under its
    minimum length (op_def_library)."""
    return ValueError(f"Attr '{attr}' of '{name}' Op passed list of length {length} less "
                      f"than minimum {spec(name).attrs[attr]['minimum']}.")


def stateful_names():
    """The names of TF's ops whose OpDef is_stateful."""
    return frozenset(name for name, entry in _all().items() if "is_stateful" in entry["flags"])
