"""The run-time op checks of a saved tf.function (TF's kernel errors, such as a gather
index out of range: ``host_callback.checked``), which ``jax.export`` cannot serialize as
the host callbacks they are.

A saved trace's top-level checks are outputs of its exported program: the arrays each
checks (polymorphic_function/deferred_checks.py), then the values of the symbolic
dimensions its error function holds. Each check's error function is saved as JSON (a
"recipe"): a function of a tfcompat module by module, qualified name and a digest of its
code; a closure by its code (found again among the code objects of its module's
function) and the values of its cells; a ``functools.partial`` by its function and
arguments. No Python code is stored: loading rebuilds functions from the code of the
tfcompat modules only, and refuses one whose code changed since the save. The loaded
function checks those outputs on the host after each call, as the saved one did, and
raises the same error, as TF words it for a node of a restored function (its graph node,
kept apart, but no stack traces)."""
import builtins
import functools
import hashlib
import importlib
import inspect
import itertools
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Jaxpr

from ..framework import dtypes, errors, func_graph, host_callback
from ..polymorphic_function import deferred_checks


_SYMBOLIC = type(jax.export.symbolic_shape("d")[0])
_NODE_CHECK = func_graph.node_check(("", None), None).__code__   # (its checks' code)


class Unsupported(Exception):
    """A value of an error function that a SavedModel cannot store."""


def encode_checks(name, deferred):
    """([JSON record of each deferred check (error function, number of arrays): its
    recipe, its numbers of arrays and of symbolic dimensions, the graph node it names],
    [those dimensions, whose values the exported program returns after all the checked
    arrays])."""
    records, dims = [], []
    for error, n in deferred:
        mine = []
        node = None
        if getattr(error, "__code__", None) is _NODE_CHECK:   # (the graph node apart)
            node, error = _cells(error)["name"], _cells(error)["error"]
        try:
            recipe = _encode(error, mine)
        except (Unsupported, RecursionError) as e:
            what = e if isinstance(e, Unsupported) else "a function that refers to itself"
            raise ValueError(f"tfcompat.saved_model.save cannot save the tf.function '{name}': "
                             f"its run-time check {_describe(error)} holds {what}, which "
                             f"tfcompat's SavedModel cannot store.") from None
        records.append({"error": recipe, "arrays": n, "dims": len(mine)} |
                       ({} if node is None else {"node": node}))
        dims += mine
    return records, dims


def refuse_nested_checks(name, jaxpr):
    """Raise ValueError if a check is left in `jaxpr` (one in a while loop or a reverse
    scan: a host callback, which jax.export cannot serialize)."""
    for eqn in jaxpr.eqns:
        call = host_callback.check_call(eqn)
        if call is not None:
            raise ValueError(
                f"tfcompat.saved_model.save cannot save the tf.function '{name}': its "
                f"run-time check {_describe(call[0])} is inside a loop (tf.while_loop, "
                f"tf.foldr, ...), where tfcompat runs it as a host callback, which "
                f"jax.export cannot serialize.")
        for param in eqn.params.values():
            for sub in param if isinstance(param, (tuple, list)) else (param,):
                sub = getattr(sub, "jaxpr", sub)
                if isinstance(sub, Jaxpr):
                    refuse_nested_checks(name, sub)


def _cells(fn):
    """The values of a closure's cells, by name."""
    return dict(zip(fn.__code__.co_freevars, (c.cell_contents for c in fn.__closure__)))


def _describe(error):
    """The kernel function a check belongs to, as module.function."""
    while True:
        if getattr(error, "__code__", None) is _NODE_CHECK:
            error = _cells(error)["error"]
        elif isinstance(error, functools.partial) and error.func in (
                deferred_checks.in_branch, host_callback.each_example,
                deferred_checks.first_error, deferred_checks.gated):
            error = error.args[0][0][0] if error.func is deferred_checks.first_error else \
                error.args[-1]
        else:
            break
    fn = error.func if isinstance(error, functools.partial) else error
    qualname = getattr(fn, "__qualname__", repr(fn)).split(".<locals>")[0]
    return f"of {getattr(fn, '__module__', '?')}.{qualname}"


# -- recipes --------------------------------------------------------------------------------

def _encode(x, dims):
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, list):
        return {"list": [_encode(v, dims) for v in x]}
    if isinstance(x, tuple):
        return {"tuple": [_encode(v, dims) for v in x]}
    if isinstance(x, dict):
        if not all(isinstance(k, str) for k in x):
            raise Unsupported("a dict with keys that are not strings")
        return {"dict": [[k, _encode(v, dims)] for k, v in x.items()]}
    if isinstance(x, dtypes.DType):
        return {"tf_dtype": x.name}
    if isinstance(x, np.dtype):
        return {"dtype": x.str}
    if isinstance(x, np.generic):
        return {"scalar": x.dtype.str, "value": x.item()}
    if isinstance(x, jax.core.Tracer):   # (only its static shape and dtype can be used)
        return {"aval": _encode(tuple(x.shape), dims), "dtype": np.dtype(x.dtype).str}
    if isinstance(x, (np.ndarray, jax.Array)):
        x = np.asarray(x)
        return {"array": x.dtype.str, "shape": list(x.shape), "values": x.ravel().tolist()}
    if isinstance(x, _SYMBOLIC):   # a symbolic dimension: a value of the program
        dims.append(x)
        return {"dim": len(dims) - 1}
    if isinstance(x, functools.partial):
        return {"partial": _encode(x.func, dims), "args": _encode(list(x.args), dims),
                "keywords": _encode(dict(x.keywords), dims)}
    if getattr(x, "__code__", None) is _NODE_CHECK:   # (a SavedModel keeps no frames)
        cells = _cells(x)
        return {"node": cells["name"], "check": _encode(cells["error"], dims)}
    if isinstance(x, types.FunctionType):
        return _encode_function(x, dims)
    if isinstance(x, type) and getattr(errors, x.__name__, None) is x:   # TF's error class
        return {"error_class": x.__name__}
    if isinstance(x, type) and getattr(builtins, x.__name__, None) is x:
        return {"builtin": x.__name__}
    raise Unsupported(f"a value of type {type(x).__name__}")


def _encode_function(fn, dims):
    module = fn.__module__ or ""
    if not module.startswith("tfcompat."):
        raise Unsupported(f"the function {module}.{fn.__qualname__}, not tfcompat's")
    closure = []
    for cell in fn.__closure__ or ():
        try:
            closure.append(_encode(cell.cell_contents, dims))
        except ValueError:   # an empty cell
            closure.append({"empty": True})
    return {"function": module, "qualname": fn.__qualname__, "code": _digest(fn.__code__),
            "closure": closure, "defaults": _encode(fn.__defaults__, dims),
            "kwdefaults": _encode(fn.__kwdefaults__, dims)}


def _digest(code):
    """A fingerprint of a function's source text: the same across Python versions and
    edits elsewhere in its module, so a SavedModel loads until that function changes (its
    bytecode where the source is not installed)."""
    try:
        text = inspect.getsource(code)
    except (OSError, TypeError):
        consts = [c for c in code.co_consts if not isinstance(c, types.CodeType)]
        text = repr((code.co_code, code.co_names, code.co_varnames, code.co_freevars,
                     consts))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _decode(r, dims):
    if not isinstance(r, dict):
        return r
    if "list" in r:
        return [_decode(v, dims) for v in r["list"]]
    if "tuple" in r:
        return tuple(_decode(v, dims) for v in r["tuple"])
    if "dict" in r:
        return {k: _decode(v, dims) for k, v in r["dict"]}
    if "tf_dtype" in r:
        return dtypes.as_dtype(r["tf_dtype"])
    if "aval" in r:
        return jax.ShapeDtypeStruct(_decode(r["aval"], dims), np.dtype(r["dtype"]))
    if "dtype" in r:
        return np.dtype(r["dtype"])
    if "scalar" in r:
        return np.dtype(r["scalar"]).type(r["value"])
    if "array" in r:
        return np.asarray(r["values"], np.dtype(r["array"])).reshape(r["shape"])
    if "dim" in r:
        return int(dims[r["dim"]])
    if "partial" in r:
        return functools.partial(_decode(r["partial"], dims), *_decode(r["args"], dims),
                                 **_decode(r["keywords"], dims))
    if "node" in r:
        return func_graph.node_check((r["node"], None), _decode(r["check"], dims))
    if "function" in r:
        return _decode_function(r, dims)
    if "error_class" in r:
        return getattr(errors, r["error_class"])
    if "builtin" in r and isinstance(getattr(builtins, r["builtin"], None), type):
        return getattr(builtins, r["builtin"])
    raise ValueError(f"tfcompat.saved_model.load: unknown run-time check value {r!r}")


def _decode_function(r, dims):
    code = _find_code(r["function"], r["qualname"], r["code"])
    module = importlib.import_module(r["function"])
    cells = tuple(types.CellType() if isinstance(v, dict) and v.get("empty") else
                  types.CellType(_decode(v, dims)) for v in r["closure"])
    fn = types.FunctionType(code, module.__dict__, code.co_name,
                            _decode(r["defaults"], dims), cells or None)
    fn.__kwdefaults__ = _decode(r["kwdefaults"], dims)
    fn.__qualname__ = r["qualname"]
    return fn


def _resolve(module_name, qualname):
    """Object `qualname` of tfcompat module `module_name`, or None."""
    if not module_name.startswith("tfcompat."):
        raise ValueError(f"tfcompat.saved_model.load: a run-time check names "
                         f"{module_name}.{qualname}, which is not tfcompat's.")
    obj = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return obj


@functools.lru_cache(maxsize=None)
def _find_code(module_name, qualname, digest):
    """The code object of function `qualname` of tfcompat module `module_name` (a
    function nested in another is found among that one's constants) whose digest is
    `digest`."""
    obj = _resolve(module_name, qualname.split(".<locals>.")[0])
    code = getattr(inspect.unwrap(obj), "__code__", None) if obj is not None else None
    codes = [code] if code is not None else []
    while codes:
        code = codes.pop()
        if code.co_qualname == qualname and _digest(code) == digest:
            return code
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    raise ValueError(f"tfcompat.saved_model.load: the run-time check {module_name}."
                     f"{qualname} of this SavedModel is not in this version of tfcompat: "
                     f"save it again with this version.")


# -- the loaded function's checks --------------------------------------------------------------

def loaded_checks(records):
    """The op check `records` of a loaded trace, once the code of each function they name
    is found in this tfcompat (else ValueError)."""
    def functions(r):
        if isinstance(r, dict):
            if "function" in r:
                yield r
            for v in r.values():
                yield from functions(v)
        elif isinstance(r, list):
            for v in r:
                yield from functions(v)
    for f in functions(records):
        _find_code(f["function"], f["qualname"], f["code"])
    return records


def check_outputs(records, outs):
    """`outs`, the outputs of a loaded trace's exported program, without the trailing
    arrays of its op checks (`records`), each output guarded by those checks: they run
    on the host after a call (the ConcreteFunction defers them) and raise their error."""
    if not records:
        return list(outs)
    name = f"__inference_restored_function_body_{next(_restored_bodies)}"
    n = sum(r["arrays"] + r["dims"] for r in records)
    outs = list(outs)
    outs, checked = outs[:len(outs) - n], [jax.lax.stop_gradient(a)
                                           for a in outs[len(outs) - n:]]
    n_arrays = sum(r["arrays"] for r in records)
    arrays, dims = checked[:n_arrays], checked[n_arrays:]
    ok = jnp.bool_(True)
    for r in records:
        mine, arrays = arrays[:r["arrays"]], arrays[r["arrays"]:]
        values, dims = dims[:r["dims"]], dims[r["dims"]:]
        # (one with symbolic dimensions is rebuilt with their values at each call)
        error = functools.partial(_run_check, r["error"], len(mine)) if values else \
            _decode(r["error"], ())
        if "node" in r:
            error = func_graph.node_check((r["node"], None), error)
        ok = host_callback.checked(ok, _restored(error, name), *mine, *values)
    # (not where(ok, o, o), which XLA folds, dropping the check)
    return [jnp.where(ok, o, jnp.zeros_like(o)) for o in outs]


_restored_bodies = itertools.count(1)


def _restored(error, name):
    """`error` of a loaded function's check, raised as TF's error of a node of the
    function `name` it restores (whose nodes have no stack traces)."""
    def check(*arrays):
        exc = error(*arrays)
        node = getattr(exc, "graph_node", None)
        return exc if node is None else func_graph.runtime_error(type(exc), node[0], None,
                                                                 node[2], name)
    return check


def _run_check(recipe, n, *values):
    """The error of a saved check on its arrays (values[:n]), or None."""
    return _decode(recipe, values[n:])(*values[:n])
