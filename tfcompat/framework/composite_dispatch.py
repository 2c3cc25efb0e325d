"""TF's dispatch of public APIs to composite-tensor overrides (tf.experimental.
dispatch_for_api and add_dispatch_support; dispatch_for_unary/binary_elementwise_apis):
one registry. A public op names the arguments that may hold composites with
`@dispatchable(...)`; `register(api, cls, override)` routes its calls where one of those
arguments (or an element of a list argument) is an instance of `cls` to `override`, called
with the call's arguments (positional parameters positionally). APIs made with a `group`
(every elementwise op, every reduction) share one table, and their overrides receive the
API first. Types match exactly (no subclass lookup).

The wrapper is generated with the op's own signature, so a dense call pays one dict
lookup per named argument and no argument packing."""
import functools
import inspect

from .context import _X64, leaving

# The groups: every elementwise op of one and of two arguments, every tf.math.reduce_*,
# every binary elementwise assertion (tf.debugging.assert_equal ...).
UNARY_ELEMENTWISE, BINARY_ELEMENTWISE, REDUCTION = "unary_elementwise", "binary_elementwise", \
    "reduction"
BINARY_ELEMENTWISE_ASSERT = "binary_elementwise_assert"
# group name -> {composite type: override}; an ungrouped API keeps its own table.
_GROUPS = {}
GROUP_APIS = {}   # group name -> its public APIs, in the order they were made


def dispatchable(*arg_names, group=None):
    """Decorator: the public op may be overridden for composites held by `arg_names`
    (a name ending in "[]" is a list of values, as tf.concat's `values`)."""
    def decorate(fn):
        table = {} if group is None else _GROUPS.setdefault(group, {})
        params = inspect.signature(fn).parameters.values()
        signature, call, defaults = [], [], {}
        for p in params:
            if p.kind is p.KEYWORD_ONLY and not any(s.startswith("*") for s in signature):
                signature.append("*")
            stars = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "")
            default = ""
            if p.default is not p.empty:
                defaults[f"_d_{p.name}"] = p.default
                default = f"=_d_{p.name}"
            signature.append(stars + p.name + default)
            call.append(f"{p.name}={p.name}" if p.kind is p.KEYWORD_ONLY else stars + p.name)
        route = "_override(_public, " if group else "_override("
        checks = []
        for n in arg_names:
            if n.endswith("[]"):
                checks.append(f"    if _type({n[:-2]}) in _LISTS:\n"
                              f"        for _v in {n[:-2]}:\n"
                              f"            if _type(_v) in _table:\n"
                              f"                _override = _table[_type(_v)]\n"
                              f"                return {route}{', '.join(call)})\n")
            else:
                checks.append(f"    if _type({n}) in _table:\n"
                              f"        _override = _table[_type({n})]\n"
                              f"        return {route}{', '.join(call)})\n")
        body = "".join(checks) + f"    return _fn({', '.join(call)})\n"
        # (JAX's 64-bit mode on for the call: context.x64, inlined)
        source = (f"def _public({', '.join(signature)}):\n"
                  "    _prev = _X64.swap_local(True)\n    try:\n" +
                  "".join("    " + line + "\n" for line in body.splitlines()) +
                  "    except Exception as _e:\n        _leaving(_e, _prev)\n        raise\n"
                  "    finally:\n        _X64.set_local(_prev)\n")
        scope = dict(defaults, _fn=fn, _table=table, _LISTS=(list, tuple), _type=type,
                     _X64=_X64, _leaving=leaving)
        # (as dataclasses and namedtuple make their methods; named as this file, so that
        # tracebacks of user code leave it out as they leave out tfcompat's own frames)
        exec(compile(source, __file__, "exec"), scope)
        public = functools.wraps(fn)(scope["_public"])
        scope["_public"] = public
        public.composite_overrides = table
        public.dispatch_args = tuple(n.rstrip("[]") for n in arg_names)
        public.dispatch_group = group
        if group is not None:
            GROUP_APIS.setdefault(group, []).append(public)
        return public
    return decorate


def register(api, cls, override):
    """Route the calls of `api` (a `dispatchable` function, or the name of a group) on
    instances of `cls` to `override` (TF's dispatch_for_api)."""
    table = _GROUPS[api] if isinstance(api, str) else api.composite_overrides
    table[cls] = override
