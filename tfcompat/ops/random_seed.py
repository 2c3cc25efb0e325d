"""The eager random state of TF's stateful ops, kept here and only here.

- the global seed (`tf.random.set_seed`) and the op-seed sequence it starts: TF draws
  the op seed of an op called without one from ``random.Random(global_seed)``
  (context.internal_operation_seed), so the values depend on the call order; in a graph
  (a tf.function or tf.data function being traced, a cond branch, a loop body) the op
  seeds are 0, 1, 2 ... counted per graph (random_seed._graph_to_seed_dict), and the
  eager sequence is left alone;
- the Philox state of every seeded stateful kernel. TF caches one kernel per
  (op, attributes incl. seed and seed2) whose generator advances on each call, so a
  repeated ``tf.random.uniform([2], seed=1)`` gives new numbers; `set_seed` clears that
  cache, which restarts the sequences.
- inside a tf.function each stateful op is its own kernel (a graph op), whose stream
  starts when it is traced and advances on every call of the function: its state is a
  constant of the trace that the ConcreteFunction replaces after each call.
"""
import contextlib
import random
import secrets
import threading
import weakref

import jax
import jax.numpy as jnp
import numpy as np

from . import philox
from ..framework.context import ctx, current_trace


DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1

_global_seed = None
_op_seeds = random.Random()
_kernels = {}  # (op name, attrs, seed, seed2) -> Philox state [counter_lo, counter_hi, key]
_kernels_lock = threading.Lock()
_generation = [0]
_graph_op_seeds = weakref.WeakKeyDictionary()   # graph being traced -> its next op seed
_eager_graphs = threading.local()   # .graphs: the _EagerGraph of each graph_op_seeds block


def set_seed(seed):
    """tf.random.set_seed."""
    global _global_seed, _op_seeds
    try:
        hash(seed)
    except TypeError:
        seed = int(np.array(seed))
    _global_seed = seed
    _op_seeds = random.Random(seed)
    _kernels.clear()
    _generation[0] += 1


def generation():
    """How many times tf.random.set_seed has cleared the kernel cache (kernels that keep
    state besides their Philox stream key it by this)."""
    return _generation[0]


def get_seed(op_seed):
    """TF's random_seed.get_seed: the (seed, seed2) attributes of a stateful op."""
    if _global_seed is not None:
        if op_seed is None:
            trace = current_trace()
            graphs = getattr(_eager_graphs, "graphs", None)
            if trace is None and graphs:
                op_seed = graphs[-1].next_seed
                graphs[-1].next_seed += 1
            elif trace is None:
                op_seed = _op_seeds.randint(0, _MAXINT32)
            else:   # (a cond branch or loop body is a graph of its own)
                graph = trace if trace.graph is None else trace.graph
                op_seed = _graph_op_seeds.get(graph, 0)
                _graph_op_seeds[graph] = op_seed + 1
        seeds = _global_seed % _MAXINT32, int(op_seed % _MAXINT32)
    elif op_seed is not None:   # (TF's `op_seed % _MAXINT32`: a str seed raises its TypeError)
        seeds = DEFAULT_GRAPH_SEED, int(op_seed % _MAXINT32)
    else:
        return 0, 0
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


class GraphKernels:
    """The Philox states of the stateful random ops of a function TF runs as a graph and
    tfcompat runs eagerly, kept by the function across its runs: by the ops' position in
    a run (the n-th stateful op a run calls is the graph's n-th kernel). Like TF's kernel
    cache, tf.random.set_seed clears them."""

    def __init__(self):
        self.states = {}
        self.generation = _generation[0]

    def current(self):
        """Its states, cleared where tf.random.set_seed was called since their last use."""
        if self.generation != _generation[0]:
            self.states.clear()
            self.generation = _generation[0]
        return self.states


class _EagerGraph:
    """One eager run of a function TF runs as a graph: its next op seed, and where given,
    its GraphKernels' states, and the position of its next stateful op."""

    def __init__(self, kernels):
        self.next_seed = 0
        self.kernels = None if kernels is None else kernels.current()
        self.position = 0


@contextlib.contextmanager
def graph_op_seeds(kernels=None):
    """Inside, op seeds are drawn as in a graph of their own (0, 1, 2 ...), not from the
    eager sequence: for a function TF traces that tfcompat calls eagerly (a tf.data
    function returning a Dataset, as in flat_map; a tf.function XLA cannot compile),
    each call being one run of that graph. With `kernels` (the function's GraphKernels),
    its stateful ops draw from streams of their own that go on across its calls, never
    shared with eager ops or other functions."""
    graphs = _eager_graphs.__dict__.setdefault("graphs", [])
    graphs.append(_EagerGraph(kernels))
    try:
        yield
    finally:
        graphs.pop()


def reserve(kernel, seed, seed2, calls):
    """The Philox state (uint64 [3]) for one call of the stateful kernel `kernel` with
    attributes seed/seed2, which then skips `calls` engine calls (GuardedPhiloxRandom).
    Seeds (0, 0) mean a random generator, as in TF."""
    if ctx.traces:
        return _traced_state(seed, seed2, calls)
    key, kernels = (kernel, seed, seed2), _kernels
    graphs = getattr(_eager_graphs, "graphs", None)
    if graphs and graphs[-1].kernels is not None:
        key, kernels = (graphs[-1].position,) + key, graphs[-1].kernels
        graphs[-1].position += 1
    with _kernels_lock:   # one reservation at a time, as the kernel's mutex in TF
        state = kernels.get(key)
        if state is None:
            if seed == 0 and seed2 == 0:
                seed, seed2 = secrets.randbits(64), secrets.randbits(64)
            state = kernels[key] = [0, seed2, seed]
        kernels[key] = philox.advance(state, calls)
    return np.array(state, np.uint64)


def _traced_state(seed, seed2, calls):
    """The Philox state of a stateful op being traced into a tf.function: an array the
    trace captures as a constant, registered with the trace so that each call of the
    function passes the state advanced by the previous calls (by as many draws as the
    call made: a loop draws from it on each iteration, as TF's kernel does)."""
    if seed == 0 and seed2 == 0:
        seed, seed2 = secrets.randbits(64), secrets.randbits(64)
    with jax.ensure_compile_time_eval():   # a concrete array, which the trace captures
        state = jnp.asarray(np.array([0, seed2, seed], np.uint64))

    def advance(value, draws=1):
        return np.array(philox.advance([int(x) for x in np.asarray(value)], calls * draws),
                        np.uint64)
    trace = current_trace()
    trace.add_random_state(state, advance)
    state, base = trace.random_draw(state, calls)
    trace.random_drawn(state, base + 1)
    if isinstance(base, int) and base == 0:
        return state
    return _skip(state, jnp.asarray(base, jnp.uint64) * jnp.uint64(calls))


@jax.jit
def _skip(state, skip):
    """`state` with its counter advanced by `skip` (PhiloxRandom::Skip), as a staged op
    (so that the trace keeps `state` itself as its constant)."""
    low = state[0] + skip
    return jnp.stack([low, state[1] + (low < state[0]).astype(jnp.uint64), state[2]])


@contextlib.contextmanager
def same_op_seeds():
    """Inside, op seeds drawn in graphs are given back afterwards (a loop body traced
    again draws the same ones)."""
    saved = dict(_graph_op_seeds)
    try:
        yield
    finally:
        _graph_op_seeds.clear()
        _graph_op_seeds.update(saved)
