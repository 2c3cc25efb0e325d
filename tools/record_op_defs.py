"""Record TensorFlow's OpDefs of the ops tfcompat names into tfcompat/framework/op_defs.json.

The ops are every string literal in tfcompat's sources that names a registered TF op
(``Op("AddV2", ...)``, ``op_def.summary("Reshape")`` ...). For each, the JSON holds its
input and output arguments, its attributes (type, default, minimum, allowed values), its
flags and the summary TF prints in its errors (``Op<name=AddV2; signature=x:T, y:T ->
z:T; attr=T:type,allowed=[...]; is_aggregate=true; is_commutative=true>``, without the
``Op<`` ``>``), written the way TF's SummarizeOpDef (core/framework/op_def_util.cc)
writes it. One line per op. Run it from the repository root in the reference
environment (see tests/golden/record.py; NOT the project's .venv):

    /tmp/tfref/bin/python tools/record_op_defs.py           # write the JSON
    /tmp/tfref/bin/python tools/record_op_defs.py --check   # compare, write nothing
"""
import json
import os
import pathlib
import re

import generated_file

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tfcompat" / "framework" / "op_defs.json"
_LITERAL = re.compile(r"""["']([A-Z_][A-Za-z0-9_]+)["']""")
# Ops whose names tfcompat builds at run time (f"TensorScatter{kind.title()}").
_BUILT = tuple(f"{op}{k}" for op in ("TensorScatter", "ResourceScatterNd")
               for k in ("Update", "Add", "Sub", "Min", "Max")) + tuple(
    f"ResourceScatter{k}" for k in ("Update", "Add", "Sub", "Mul", "Div", "Min", "Max")) + tuple(
    f"_MklNative{op}" for op in ("Conv2D", "Conv3D", "DepthwiseConv2dNative",
                                 "Conv2DBackpropInput", "AvgPool", "AvgPool3D"))


def _names(op_def_registry):
    names = set(_BUILT)
    for path in sorted((ROOT / "tfcompat").rglob("*.py")):
        for name in _LITERAL.findall(path.read_text(encoding="utf-8")):
            if name not in names and op_def_registry.get(name) is not None:
                names.add(name)
    return sorted(names)


def _float(f):
    """TF's FloatToBuffer: %g with 6 digits, or 9 where 6 do not round-trip."""
    import numpy as np
    text = "%.6g" % f
    return text if np.float32(text) == np.float32(f) else "%.9g" % f


def _value(attr_value, types_pb2):
    """An AttrValue as JSON and as TF's SummarizeAttrValue text."""
    kind = attr_value.WhichOneof("value")
    if kind == "list":
        lst = attr_value.list
        for field in ("s", "i", "f", "b", "type", "shape", "tensor", "func"):
            items = getattr(lst, field)
            if len(items):
                break
        else:
            return [], "[]"
        pairs = [_scalar(field, v, types_pb2) for v in items]
        return [p[0] for p in pairs], "[" + ", ".join(p[1] for p in pairs) + "]"
    return _scalar(kind, getattr(attr_value, kind), types_pb2)


def _scalar(kind, v, types_pb2):
    if kind == "s":
        text = v.decode("utf-8", "backslashreplace")
        return text, json.dumps(text)
    if kind == "i":
        return v, str(v)
    if kind == "f":
        return v, _float(v)
    if kind == "b":
        return v, "true" if v else "false"
    if kind == "type":
        name = types_pb2.DataType.Name(v)
        return name, name
    if kind == "shape":
        text = "<unknown>" if v.unknown_rank else \
            "[" + ",".join("?" if d.size < 0 else str(d.size) for d in v.dim) + "]"
        return text, text
    if kind == "func":
        return v.name, v.name + "[]"
    raise ValueError(f"no summary for an attr value of kind {kind}")


def _dtype_name(dtype, types_pb2):
    """TF's DataTypeString: DT_FLOAT -> float."""
    name = types_pb2.DataType.Name(dtype)[3:].lower()
    return name[:-4] + "_ref" if name.endswith("_ref") else name


def _arg(arg, types_pb2):
    out = {"name": arg.name}
    text = arg.name + ":" + ("Ref(" if arg.is_ref else "")
    if arg.number_attr:
        out["number_attr"] = arg.number_attr
        text += arg.number_attr + "*"
    if arg.type:
        out["type"] = _dtype_name(arg.type, types_pb2)
        text += out["type"]
    else:
        if arg.type_attr:
            out["type_attr"] = arg.type_attr
        if arg.type_list_attr:
            out["type_list_attr"] = arg.type_list_attr
        text += arg.type_attr
    if arg.is_ref:
        out["is_ref"] = True
        text += ")"
    return out, text


_FLAGS = ("is_commutative", "is_aggregate", "is_stateful", "allows_uninitialized_input",
          "is_distributed_communication")


def record(op_def, types_pb2):
    """One op's entry, its summary written as TF's SummarizeOpDef writes it (tensorflow/
    core/framework/op_def_util.cc)."""
    inputs = [_arg(a, types_pb2) for a in op_def.input_arg]
    outputs = [_arg(a, types_pb2) for a in op_def.output_arg]
    text = (f"name={op_def.name}; signature={', '.join(t for _, t in inputs)} -> "
            f"{', '.join(t for _, t in outputs)}")
    attrs = []
    for attr in op_def.attr:
        entry = {"name": attr.name, "type": attr.type}
        text += f"; attr={attr.name}:{attr.type}"
        if attr.HasField("default_value"):
            entry["default"], summary = _value(attr.default_value, types_pb2)
            text += ",default=" + summary
        if attr.has_minimum:
            entry["minimum"] = attr.minimum
            text += f",min={attr.minimum}"
        if attr.HasField("allowed_values"):
            entry["allowed"], summary = _value(attr.allowed_values, types_pb2)
            text += ",allowed=" + summary
        attrs.append(entry)
    flags = [f for f in _FLAGS if getattr(op_def, f)]
    text += "".join(f"; {f}=true" for f in flags)
    return {"inputs": [a for a, _ in inputs], "outputs": [a for a, _ in outputs],
            "attrs": attrs, "flags": flags, "summary": text}


def render():
    from tensorflow.core.framework import types_pb2
    from tensorflow.python.framework import op_def_registry
    import tensorflow as tf
    lines = [f'"{name}": ' + json.dumps(record(op_def_registry.get(name), types_pb2),
                                        separators=(",", ":"), ensure_ascii=False)
             for name in _names(op_def_registry)]
    return ('{"tensorflow": ' + json.dumps(tf.__version__) + ",\n"
            + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    generated_file.main(__doc__, OUT, render, ROOT, "ops")
