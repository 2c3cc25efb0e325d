"""The run-time checks (tf.debugging assertions, check_numerics, the checks
tf.debugging.enable_check_numerics adds) of the branches and loop bodies that tf.cond,
tf.while_loop and tf.scan trace. Each check a body registers (trace_state.body_checks)
becomes outputs of it: whether it held and the data its message shows. A branch's are
outputs of the construct (those of branches not taken hold); a loop carries them, keeping
the data of the first check that fails, in the first iteration where one does, and stops
there. Once the construct is built they are registered with the enclosing trace (or the
enclosing body, in turn), which checks them after the call, as TF's Assert ops in a branch
or loop body raise when that branch or iteration runs."""
import jax.numpy as jnp

from ..framework.context import current_trace


def outputs(checks):
    """The arrays a traced body returns for the checks it registered (`checks`: the
    trace's entries): per check, whether it held, then its data."""
    return [a for check in checks
            for a in [jnp.all(check[0])] + list(check[2] if len(check) > 2 else ())]


class BodyChecks:
    """The checks of one or more traced bodies: `infos` (each one's message or TF's
    Assert info), `counts` (how many arrays each has: its flag, then its data) and the
    abstract values of all those arrays."""

    def __init__(self, infos=(), counts=(), avals=()):
        self.infos, self.counts, self.avals = list(infos), list(counts), list(avals)
        self.size = len(self.avals)

    @classmethod
    def traced(cls, checks, avals):
        """Those a body registered (trace entries); `avals`: those of the body's outputs,
        which end with theirs."""
        counts = [1 + len(c[2]) if len(c) > 2 else 1 for c in checks]
        return cls([c[1] for c in checks], counts, avals[len(avals) - sum(counts):])

    @classmethod
    def joined(cls, parts):
        """The checks of several bodies, in order (a construct's)."""
        return cls([i for p in parts for i in p.infos], [n for p in parts for n in p.counts],
                   [a for p in parts for a in p.avals])

    def __bool__(self):
        return bool(self.infos)

    def _flags(self):
        at = 0
        for n in self.counts:
            yield at, n
            at += n

    def passed(self):
        """Arrays for checks that held (a branch not taken, a loop before its first
        iteration): true flags, zero data."""
        out = [jnp.zeros(a.shape, a.dtype) for a in self.avals]
        for at, _ in self._flags():
            out[at] = jnp.ones((), bool)
        return out

    def all_held(self, arrays):
        """Whether every check held (`arrays`: its outputs)."""
        ok = jnp.ones((), bool)
        for at, _ in self._flags():
            ok = ok & arrays[at]
        return ok

    def first_failure(self, carried, new):
        """A loop's checks after an iteration: `carried` (those so far, of which at most
        one failed) unchanged where one failed before or every check of `new` (this
        iteration's) held; else with the first check of `new` that failed, and its data."""
        fresh = self.all_held(carried)
        out = list(carried)
        for at, n in self._flags():
            failed = fresh & ~new[at]
            fresh = fresh & new[at]
            out[at] = carried[at] & ~failed
            for j in range(at + 1, at + n):
                out[j] = jnp.where(failed, new[j], carried[j])
        return out

    def register(self, arrays):
        """Register the checks with the enclosing trace or body being traced (`arrays`:
        the construct's outputs for them, Tensors or arrays)."""
        trace = current_trace()
        values = [getattr(a, "_value", a) for a in arrays]
        for info, (at, n) in zip(self.infos, self._flags()):
            trace.add_check(values[at], info, values[at + 1:at + n] if n > 1 else None)

    def _numerics(self):
        return [(info, at, n) for info, (at, n) in zip(self.infos, self._flags())
                if isinstance(info, dict) and "numerics" in info]

    def vectorized(self, frames):
        """The checks of a body batched by jax.vmap (tf.vectorized_map) as TF's pfor
        converts them: CheckNumerics ops, as ``<node>/pfor/CheckNumerics`` defined where
        tf.vectorized_map was called (`frames`). Assertions, which pfor drops (no output
        depends on them), are not checked."""
        kept = self._numerics()
        return BodyChecks(
            [dict(info, node=f"{info['node']}/pfor/CheckNumerics", frames=frames)
             for info, _, _ in kept], [n for _, _, n in kept],
            [a for _, at, n in kept for a in self.avals[at:at + n]])

    def vectorized_outputs(self, arrays):
        """The outputs of the checks `vectorized` keeps, from the batched `arrays` of
        all: whether every element held; CheckNumerics' data, whether any element had
        a NaN or an Inf."""
        return [a for _, at, n in self._numerics()
                for a in [jnp.all(arrays[at])] + [jnp.any(d) for d in arrays[at + 1:at + n]]]
