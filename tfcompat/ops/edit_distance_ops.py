"""tf.edit_distance (raw op EditDistance): the Levenshtein distance between the sequences
of two SparseTensors, grouped by all but their last index, as TF's EditDistanceOp computes
it (a host kernel: values of any dtype, strings too).

Like TF's kernel it groups consecutive entries with equal leading indices (the indices
are taken as sorted) and merges the two group lists in order: a hypothesis without a
truth gives its length (inf normalized), a truth without a hypothesis its length (1.0
normalized). Inside a tf.function the output shape must be static: both SparseTensors'
static shapes fully known (TF gives an unknown shape); otherwise a TypeError naming the
API."""
import numpy as np

from ..framework import errors
from ..framework.dispatch import execute, mismatch_error
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import symbolic
from .io_ops import _host_op
from .op_args import dims, dynamic_shape_error, kernel_error

__all__ = ["edit_distance"]


def _levenshtein(truth, hypothesis):
    """gtl::LevenshteinDistance: the fewest insertions, deletions and substitutions."""
    previous = list(range(len(hypothesis) + 1))
    for i, t in enumerate(truth, 1):
        current = [i]
        for j, h in enumerate(hypothesis, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (0 if t == h else 1)))
        previous = current
    return previous[-1]


def _groups(indices, values):
    """sparse::SparseTensor::group over all but the last dimension: (leading index,
    values) of each run of entries with equal leading indices."""
    out = []
    for index, value in zip(indices[:, :-1].tolist(), values.tolist()):
        if out and out[-1][0] == index:
            out[-1][1].append(value)
        else:
            out.append((index, [value]))
    return out


def _check(hi, hv, hs, ti, tv, ts):
    """EditDistance's ValidateShapes: the message of the first failed check, or None."""
    for arg, a in (("hypothesis_indices", hi), ("truth_indices", ti)):
        if a.ndim != 2:
            return f"{arg} should be a matrix, but got shape: {dims(a.shape)}"
    for arg, a in (("hypothesis_values", hv), ("truth_values", tv),
                   ("hypothesis_shape", hs), ("truth_shape", ts)):
        if a.ndim != 1:
            return f"{arg} should be a vector, but got shape: {dims(a.shape)}"
    if hs.size != hi.shape[1]:
        return (f"Expected hypothesis_shape.NumElements == #cols(hypothesis_indices), their "
                f"shapes are: {dims(hs.shape)} and {dims(hi.shape)}")
    if ts.size < 2:
        return (f"Input SparseTensors must have rank at least 2, but truth_shape rank is: "
                f"{ts.size}")
    if ts.size != ti.shape[1]:
        return (f"Expected truth_shape.NumElements == #cols(truth_indices), their shapes "
                f"are: {dims(ts.shape)} and {dims(ti.shape)}")
    if ts.size != hs.size:
        return (f"Expected truth and hypothesis to have matching ranks, but their shapes "
                f"are: {dims(ts.shape)} and {dims(hs.shape)}")
    return None


def _edit_distance(hi, hv, hs, ti, tv, ts, normalize, name):
    """The EditDistance kernel."""
    problem = _check(hi, hv, hs, ti, tv, ts)
    if problem:
        raise kernel_error("EditDistance", problem, name)
    shape = tuple(max(int(a), int(b)) for a, b in zip(hs[:-1], ts[:-1]))
    out = np.zeros(shape, np.float32)
    flat = out.reshape(-1)
    strides = np.array([int(np.prod(shape[d + 1:])) for d in range(len(shape))], np.int64)

    def put(group, value):
        loc = int(np.dot(group, strides)) if len(group) else 0
        if not 0 <= loc < flat.size:
            raise kernel_error("EditDistance", f"Got an inner product {loc} which would "
                               f"require writing to outside of the buffer for the output "
                               f"tensor (max elements {flat.size})", name,
                               cls=errors.InternalError)
        flat[loc] = value

    one = np.float32(1)
    hyps, truths = _groups(hi, hv), _groups(ti, tv)
    h = t = 0
    with np.errstate(divide="ignore"):
        while h < len(hyps) and t < len(truths):
            (g_hyp, hyp), (g_truth, truth) = hyps[h], truths[t]
            if g_truth == g_hyp:
                distance = np.float32(_levenshtein(truth, hyp))
                put(g_truth, distance / np.float32(len(truth)) if normalize else distance)
                h, t = h + 1, t + 1
            elif g_truth > g_hyp:
                put(g_hyp, np.float32(len(hyp)) / np.float32(0) if normalize else len(hyp))
                h += 1
            else:
                put(g_truth, one if normalize else len(truth))
                t += 1
        for g_hyp, hyp in hyps[h:]:
            put(g_hyp, np.float32(len(hyp)) / np.float32(0) if normalize else len(hyp))
        for g_truth, truth in truths[t:]:
            put(g_truth, one if normalize else len(truth))
    return out


def _shape(hi, hv, hs, ti, tv, ts, normalize, name, static):
    return static


_op = _host_op("EditDistance", lambda *arrays, static, **attrs: _edit_distance(
    *arrays, **attrs), outputs=(np.float32,), shape=_shape)


def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """tf.edit_distance: the Levenshtein distance of each sequence of `hypothesis` to the
    one of `truth` at the same leading indices (divided by the truth's length when
    `normalize`), a float32 tensor of the leading dimensions (the larger of the two)."""
    if not isinstance(hypothesis, SparseTensor):
        raise TypeError("Hypothesis must be a SparseTensor.")
    if not isinstance(truth, SparseTensor):
        raise TypeError("Truth must be a SparseTensor.")
    if hypothesis.values.dtype != truth.values.dtype:
        raise mismatch_error("EditDistance", 4, hypothesis.values.dtype, truth.values.dtype,
                             op_suffix=name)
    inputs = (hypothesis.indices, hypothesis.values, hypothesis.dense_shape,
              truth.indices, truth.values, truth.dense_shape)
    static = None
    if any(symbolic(t._value) for t in inputs):
        shapes = (hypothesis.shape, truth.shape)
        if not all(s.is_fully_defined() for s in shapes) or shapes[0].rank != shapes[1].rank \
                or shapes[0].rank < 2:
            raise dynamic_shape_error("tf.edit_distance", "hypothesis and truth dense_shape")
        static = tuple(max(a, b) for a, b in zip(shapes[0].as_list()[:-1],
                                                   shapes[1].as_list()[:-1]))
    return execute(_op, inputs, (("normalize", bool(normalize)), ("name", name),
                                 ("static", static)))
