"""Run-time op checks of a traced function (TF's kernels' errors, such as a gather index
out of range: `host_callback.checked`) run on the host after the function returns, not
as callbacks inside its program: a callback makes XLA stop and wait for Python mid-way
(~0.1 ms each), and keeps jax off its fast dispatch path.

A check at the top level of the jaxpr is replaced by outputs: the arrays it checks. The
call then runs the check on them before it writes the function's assignments back or
returns, as the program would have stopped before. A check whose result nothing needs
is dropped first, as TF prunes the op. Checks inside loops and conditionals stay
callbacks."""
import jax
import numpy as np
from jax.extend.core import Literal, Var

from ..framework import host_callback


def defer_checks(jaxpr):
    """(`jaxpr` with its live top-level checks made trailing outputs, [(error function,
    number of its arrays)]), or (`jaxpr`, ()) when it has none. Ops run as jit calls:
    those that hold checks are inlined first."""
    if not _has_check(jaxpr):
        return jaxpr, ()
    sub, eqns = {}, []
    _inline(jaxpr, sub, eqns)
    outvars = [_at(sub, v) for v in jaxpr.outvars]
    live = {v for v in outvars if isinstance(v, Var)}
    kept = []
    for eqn in reversed(eqns):   # (dead code elimination, keeping effects)
        if eqn.effects or any(v in live for v in eqn.outvars):
            kept.append(eqn)
            live.update(v for v in eqn.invars if isinstance(v, Var))
    checks, checked, passed, eqns = [], [], {}, []
    for eqn in reversed(kept):
        call = host_callback.check_call(eqn)
        if call is not None:
            error, arrays = call
            checks.append((error, len(arrays)))
            checked.extend(_at(passed, v) for v in arrays)
            passed[eqn.outvars[0]] = Literal(np.bool_(True), eqn.outvars[0].aval)
        else:
            eqns.append(_substituted(eqn, passed))
    if not checks:
        return jaxpr, ()
    outvars = [_at(passed, v) for v in outvars] + checked
    info = jaxpr.debug_info
    if info.result_paths is not None:
        info = info._replace(result_paths=tuple(info.result_paths) + tuple(
            f"check{i}" for i in range(len(checked))))
    return jaxpr.replace(eqns=eqns, outvars=outvars, debug_info=info), checks


def _at(sub, v):
    return sub.get(v, v) if isinstance(v, Var) else v


def _substituted(eqn, sub):
    invars = [_at(sub, v) for v in eqn.invars]
    return eqn if all(a is b for a, b in zip(invars, eqn.invars)) else eqn.replace(invars=invars)


def _calls(eqn):
    """The jaxpr of a jit call equation (an op's kernel), else None."""
    closed = eqn.params.get("jaxpr") if eqn.primitive.name in ("jit", "pjit") else None
    return closed.jaxpr if closed is not None and not closed.consts else None


def _has_check(jaxpr):
    return any(host_callback.check_call(e) is not None or
               (_calls(e) is not None and _has_check(_calls(e))) for e in jaxpr.eqns)


def _inline(jaxpr, sub, out):
    """Append the equations of `jaxpr` to `out`, `sub` substituted in them, with the jit
    calls that hold checks inlined (their variables fresh: one kernel's jaxpr may be
    called twice); `sub` gains their outputs."""
    for eqn in jaxpr.eqns:
        inner = _calls(eqn)
        if inner is not None and _has_check(inner):
            local = dict(zip(inner.invars, _substituted(eqn, sub).invars))
            for e in inner.eqns:
                local.update((v, Var(v.aval)) for v in e.outvars if type(v) is Var)
            _inline(inner, local, out)
            # (its outputs, under the names the equations after it use)
            sub.update((o, _at(local, v)) for o, v in zip(eqn.outvars, inner.outvars))
            continue
        eqn = _substituted(eqn, sub)
        if any(v in sub for v in eqn.outvars if type(v) is Var):
            eqn = eqn.replace(outvars=[_at(sub, v) for v in eqn.outvars])
        out.append(eqn)


def run_checks(checks, arrays):
    """Run the deferred `checks` on their arrays (the trailing outputs of a call): the
    first failing one's exception."""
    arrays = jax.device_get(list(arrays))   # (the copies to the host started together)
    at = 0
    for error, n in checks:
        exc = error(*[np.asarray(a) for a in arrays[at:at + n]])
        if exc is not None:
            return exc
        at += n
    return None
