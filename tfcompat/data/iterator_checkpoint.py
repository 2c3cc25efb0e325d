"""The position of a tf.data iterator in a checkpoint: TF's ITERATOR_STATE
(``OwnedIterator._serialize_to_tensors``, SerializeIterator / DeserializeIterator).

The state holds how many elements the iterator gave, whether it reached the end, the kinds
of the datasets of its pipeline, and per random dataset (shuffle, Dataset.random, those of
sample_from_datasets) the samples its seed generator has drawn and the seeds the iterator
took from it, in order. A restore opens the pipeline again past that many elements
(Dataset._iter_flat_from: sources and element-wise transformations start there; others,
and repeats of random inputs, produce the elements before and drop them), handing the
saved seeds out again: the elements that follow are those the saved iterator would have
given. As TF's restore, it keeps the restored dataset's own generator seeds, with the
number of samples drawn from them set back (an unseeded reshuffling pipeline restored
into a new dataset continues the saved epoch, then shuffles later epochs its own way).

As TF (ExternalStatePolicy.FAIL, the default), a pipeline whose functions hold stateful
ops (random ops, variable reads, py_function), or from_generator, cannot be saved:
FailedPrecondition naming the op. With the options' WARN or IGNORE it is saved, that state
left out (TF's WARN logs from C++, not to the tensorflow logger: nothing here); a restored
function's random ops start again from their seeds (TF's too, after the elements its
parallel map computed ahead, which its state holds).

Deliberate differences: the state is tfcompat's encoding (neither reads the other's), one
element long (TF's variant vector has a length its runtime decides); a restore into a
pipeline of other kinds names tfcompat's datasets (TF's name its rewritten graph: an
injected Prefetch, ParallelMapV2); a function tfcompat runs eagerly (output shapes that
depend on values) is refused, its ops not being known.
"""
import collections
import functools
import json

import numpy as np

from ..framework import dtypes, errors
from ..framework.op_def import stateful_names
from ..framework.tensor_shape import TensorShape
from . import random_seed_ops
from .functions import DatasetFunction, StructuredFunction
from .options import ExternalStatePolicy

_VERSION = 1
# Stateful ops TF's check lets through (Assert), or whose bodies it checks instead (control
# flow, calls: tfcompat's graph lists their ops inline or not at all).
_ALLOWED = frozenset({"Assert", "While", "Case", "If", "StatefulPartitionedCall", "_Arg",
                      "_Retval"})


@functools.lru_cache(maxsize=1)
def _stateful_ops():
    """TF's stateful ops (their OpDefs' is_stateful) a dataset function must not hold."""
    return frozenset(name for name in stateful_names() if name not in _ALLOWED and
                     not name.endswith(("Dataset", "DatasetV2", "DatasetV3")))


class IteratorState:
    """The ITERATOR_STATE value a checkpoint saves (TF's variant tensor): dtype variant,
    its bytes tfcompat's encoding."""

    dtype = dtypes.variant

    def __init__(self, data):
        self._data = data
        self.shape = TensorShape([1])

    def numpy(self):
        return np.array([self._data], object)

    def __repr__(self):
        return f"<tf.Tensor: shape={self.shape}, dtype=variant>"


def _datasets(root):
    """The datasets of a pipeline, depth first from `root`: (depth, dataset)."""
    out, stack = [], [(0, root)]
    while stack:
        depth, ds = stack.pop()
        out.append((depth, ds))
        stack.extend((depth + 1, d) for d in reversed(ds._inputs))
    return out


def _kind(ds):
    """A dataset's kind as the state records it (TF's kernel name, roughly)."""
    name = (ds._repr_name or type(ds).__name__).lstrip("_")
    for suffix in ("DatasetV2", "DatasetV3", "Dataset"):
        if name.endswith(suffix) and name != suffix:
            return name[:-len(suffix)]
    return name


def _serialize_error(op):
    return errors.op_error(errors.FailedPreconditionError, "SerializeIterator",
                           f"{op} is stateful.", kernel="SerializeIterator")


def _check_function(fn, ds):
    """TF's refusal of a dataset function holding a stateful op."""
    if fn._call is not fn._fn:
        raise errors.op_error(
            errors.FailedPreconditionError, "SerializeIterator",
            f"tfcompat cannot save the position of an iterator of a {_kind(ds)} dataset "
            f"whose function runs eagerly (its output shapes depend on values): whether it "
            f"holds stateful ops is not known.")
    stateful = _stateful_ops()
    for concrete in fn._fn._concrete_functions():
        try:
            ops = concrete.graph.get_operations()
        except AttributeError:
            raise errors.op_error(
                errors.FailedPreconditionError, "SerializeIterator",
                f"tfcompat cannot save the position of an iterator of a {_kind(ds)} "
                f"dataset whose function has no recorded graph: whether it holds stateful "
                f"ops is not known.") from None
        for op in ops:
            if op.type in stateful:
                raise _serialize_error(op.type)


def generators(dataset):
    """The seed generators of the random datasets of `dataset`'s pipeline, in order."""
    return [ds._seed_generator for _, ds in _datasets(dataset) if hasattr(ds, "_seed_generator")]


def _check_saveable(nodes):
    """TF's refusal of a pipeline with external state: stateful ops in its functions,
    from_generator, a shuffle made by a function (its datasets for probe elements)."""
    for _, ds in nodes:
        op = getattr(ds, "_stateful_op", None)
        if op:
            raise _serialize_error(op)
        for value in vars(ds).values():
            if isinstance(value, StructuredFunction):
                _check_function(value, ds)
            elif isinstance(value, DatasetFunction):
                for probe in value.probes:
                    inner = _datasets(probe)
                    if any(_kind(d) == "Shuffle" for _, d in inner):
                        raise _serialize_error("DummySeedGenerator")
                    _check_saveable(inner)


def save(dataset, consumed, exhausted, log):
    """The state of an iterator of `dataset` that gave `consumed` elements (`exhausted`:
    it reached the end), the seeds of its pipeline in `log` (a SeedLog)."""
    nodes = _datasets(dataset)
    policy = dataset.options().experimental_external_state_policy
    if policy is None or policy == ExternalStatePolicy.FAIL:   # (WARN, IGNORE: saved)
        _check_saveable(nodes)
    if log.unseeded_made:   # (a random dataset a function makes is made alike if seeded)
        raise errors.op_error(
            errors.FailedPreconditionError, "SerializeIterator",
            "tfcompat cannot save the position of an iterator whose pipeline has a "
            "function making an unseeded random dataset (Dataset.random): it would not "
            "make the same one again.", kernel="SerializeIterator")
    states = [[g.count, [list(s) for s in taken + list(log.given.get(g, ()))]]
              for g, taken in zip(log.generators, log.taken)]   # (given: not yet taken)
    state = {"version": _VERSION, "consumed": consumed, "exhausted": exhausted,
             "kinds": _kinds(nodes), "generators": states}
    return IteratorState(json.dumps(state).encode())


def _decode(tensor):
    try:
        value = np.asarray(tensor.numpy() if hasattr(tensor, "numpy") else tensor, object)
        state = json.loads(value.reshape(-1)[0])
        if state["version"] != _VERSION:
            raise ValueError(state["version"])
        return state
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        raise errors.op_error(
            errors.InvalidArgumentError, "DeserializeIterator",
            "tfcompat cannot read this iterator state (it was not saved by tfcompat's "
            "tf.data iterator).", kernel="DeserializeIterator") from None


def _kinds(nodes):
    return [[depth, _kind(ds)] for depth, ds in nodes]


def _path(kinds, i):
    """The kinds from the root to dataset `i` of a pipeline."""
    path, depth = [kinds[i][1]], kinds[i][0]
    for d, kind in reversed(kinds[:i]):
        if d == depth - 1:
            path.insert(0, kind)
            depth = d
    return path


def _mismatch(saved, nodes):
    """TF's error restoring the state of another pipeline: the path of the first dataset
    that differs."""
    mine = _kinds(nodes)
    first = next((i for i, (a, b) in enumerate(zip(mine, saved)) if a != b),
                 min(len(mine), len(saved)))
    path = _path(mine, first) if first < len(mine) else _path(saved, first)
    return errors.op_error(
        errors.NotFoundError, "DeserializeIterator",
        f"Failed to restore dataset iterator from checkpoint: Iterator::Root::"
        f"{'::'.join(path)}. Make sure the dataset definition has not changed between the "
        f"process that saved the checkpoint and the process that is restoring it.",
        kernel="DeserializeIterator")


def restore(dataset, tensor):
    """Read a state: (elements to read past, exhausted, the SeedLog that hands the
    pipeline the saved seeds). The seed generators of `dataset` are set back."""
    state = _decode(tensor)
    nodes = _datasets(dataset)
    if state["kinds"] != _kinds(nodes):
        raise _mismatch(state["kinds"], nodes)
    given, gens = {}, generators(dataset)
    for g, (count, seeds) in zip(gens, state["generators"]):
        g.restore(count)
        given[g] = collections.deque(tuple(s) for s in seeds)
    return state["consumed"], state["exhausted"], random_seed_ops.SeedLog(gens, given)

