"""tf.nn.ctc_loss, tf.nn.ctc_greedy_decoder and tf.nn.ctc_beam_search_decoder.

The loss is TF's dense CTC loss (ctc_loss_dense): the forward algorithm in log space over
the label states, as a `lax.scan`, with TF's log(0) (log(1e-307) in float32) for the
states a path cannot start or end in; its gradient is the VJP of that scan (TF's
softmax minus the state occupancies). The decoders, whose output sizes depend on the
values, run TF's CTCGreedyDecoder and CTCBeamSearchDecoder kernels on the host and give
SparseTensors.
"""
import heapq
import math

import jax
import jax.numpy as jnp
import numpy as np

from ..framework import dtypes, errors
from ..framework.constant_op import convert_to_tensor, device_array
from ..framework.dispatch import Op, check_dtype, execute, mismatch_error, to_tensor
from ..framework.sparse_tensor import SparseTensor
from ..framework.tensor import EagerTensor
from .cast_ops import cast
from .manip_ops import transpose
from .op_args import concrete

_LOG_0 = float(np.float32(np.log(1e-307)))   # TF's log(0) in ctc_state_log_probs


def _ctc_loss_dense(logits, labels, label_length, logit_length, blank_index):
    """-log p(labels | logits) per batch entry; logits [time, batch, classes]. As TF, a
    blank other than 0 becomes class 0, and labels below it move up by one."""
    if blank_index:
        logits = jnp.concatenate([logits[..., blank_index:blank_index + 1],
                                  logits[..., :blank_index], logits[..., blank_index + 1:]], -1)
        labels = jnp.where(labels < blank_index, labels + 1, labels)
    logp = jax.nn.log_softmax(logits, axis=-1)
    steps, batch, _ = logits.shape
    n_states = 2 * labels.shape[1] + 1
    ext = jnp.zeros((batch, n_states), jnp.int32).at[:, 1::2].set(
        labels.astype(jnp.int32))
    repeated = jnp.concatenate([jnp.ones((batch, 2), bool), ext[:, 2:] == ext[:, :-2]], 1)
    skip = (jnp.arange(n_states) % 2 == 1)[None] & ~repeated   # label states s-2 reaches
    observed = jnp.take_along_axis(
        logp, jnp.broadcast_to(ext[None], (steps, batch, n_states)), axis=2)
    none = jnp.full((batch, 2), -jnp.inf, logp.dtype)
    lengths = logit_length.astype(jnp.int32)

    def step(alpha, inputs):
        t, obs = inputs
        from_prev = jnp.concatenate([none[:, :1], alpha[:, :-1]], 1)
        from_skip = jnp.where(skip, jnp.concatenate([none, alpha[:, :-2]], 1), -jnp.inf)
        new = jax.nn.logsumexp(jnp.stack([alpha, from_prev, from_skip]), axis=0) + obs
        return jnp.where((t < lengths)[:, None], new, alpha), None

    initial = jnp.full((batch, n_states), _LOG_0, logp.dtype).at[:, 0].set(0)
    alpha, _ = jax.lax.scan(step, initial, (jnp.arange(steps), observed))
    last = 2 * label_length.astype(jnp.int32)[:, None]
    states = jnp.arange(n_states)[None]
    final = jnp.where((states == last) | (states == last - 1), 0.0, _LOG_0).astype(logp.dtype)
    return -jax.nn.logsumexp(alpha + final, axis=1)


_ctc_loss_op = Op("CTCLoss", _ctc_loss_dense, allowed=None)


def _dense_labels(labels):
    """A SparseTensor of labels as TF's CTCLoss reads it: dense rows and their lengths."""
    idx = concrete(labels.indices, "tf.nn.ctc_loss", "labels")
    values = concrete(labels.values, "tf.nn.ctc_loss", "labels")
    rows = int(concrete(labels.dense_shape, "tf.nn.ctc_loss", "labels")[0])
    lengths = np.bincount(idx[:, 0], minlength=rows).astype(np.int32)
    dense = np.zeros((rows, max(int(lengths.max(initial=0)), 1)), np.int32)
    dense[idx[:, 0], idx[:, 1]] = values
    return EagerTensor(device_array(dense)), EagerTensor(device_array(lengths))


def ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, unique=None,
             blank_index=None, name=None):
    """tf.nn.ctc_loss: the negative log-likelihood of each label sequence (dense, padded,
    with `label_length`, or a SparseTensor), float16/bfloat16 computed in float32."""
    if isinstance(labels, SparseTensor):
        if blank_index is None:
            raise ValueError("Argument `blank_index` must be provided when `labels` is a "
                             "`SparseTensor`.")
        labels, label_length = _dense_labels(labels)
    x = to_tensor(logits)
    orig = x.dtype
    if orig in (dtypes.float16, dtypes.bfloat16):
        x = cast(x, dtypes.float32)
    elif orig == dtypes.float64:   # (TF's log(0) constants are float32)
        raise mismatch_error("Mul", 1, dtypes.float64, dtypes.float32)
    if not logits_time_major:
        x = transpose(x, (1, 0, 2))
    labels = to_tensor(labels)
    label_length = convert_to_tensor(label_length, dtypes.int32)
    logit_length = convert_to_tensor(logit_length, dtypes.int32)
    batch = x._value.shape[1]
    for t in (labels, label_length, logit_length):
        if t._value.shape[0] != batch:
            raise errors.op_error(errors.InvalidArgumentError, "Mul",
                                  f"Incompatible shapes: [{t._value.shape[0]}] vs. [{batch}]",
                                  kernel="Mul")
    blank = 0 if blank_index is None else int(blank_index)
    if blank < 0:
        blank += x._value.shape[2]
    loss = execute(_ctc_loss_op, (x, labels, label_length, logit_length),
                   (("blank_index", blank),))
    return cast(loss, orig) if orig != x.dtype else loss


# -- decoders (host kernels) --------------------------------------------------------------

_greedy_op = Op("CTCGreedyDecoder", None, differentiable=False)
_beam_op = Op("CTCBeamSearchDecoder", None, differentiable=False)


def _failure(cls, op_name, text, kernel):
    """A decoder kernel's error (TF's message has no " name: " after [Op:...])."""
    return cls(None, None, f"{{{{function_node __wrapped__{kernel}_device_/job:localhost/"
                           f"replica:0/task:0/device:CPU:0}}}} {text} [Op:{op_name}]")


def _decoder_inputs(op, inputs, sequence_length, kernel):
    x = to_tensor(inputs)
    check_dtype(op, x)
    lengths = convert_to_tensor(sequence_length, dtypes.int32)
    api = f"tf.nn.{'ctc_greedy_decoder' if op is _greedy_op else 'ctc_beam_search_decoder'}"
    xs, ls = concrete(x, api, "inputs"), concrete(lengths, api, "sequence_length")

    def fail(cls, text):
        return _failure(cls, op.name, text, kernel)
    if xs.ndim != 3:
        raise fail(errors.InvalidArgumentError, "inputs is not a 3-Tensor")
    if ls.ndim != 1:
        raise fail(errors.InvalidArgumentError, "sequence_length is not a vector")
    if ls.shape[0] != xs.shape[1]:
        raise fail(errors.FailedPreconditionError,
                   f"len(sequence_length) != batch_size.  len(sequence_length):  "
                   f"{ls.shape[0]} batch_size: {xs.shape[1]}")
    for b, n in enumerate(ls):
        if n > xs.shape[0]:
            raise fail(errors.FailedPreconditionError, f"sequence_length({b}) <= {xs.shape[0]}")
    return xs, ls


def _sparse(paths):
    """One SparseTensor of decoded label sequences, a list per batch entry."""
    idx = [[b, i] for b, path in enumerate(paths) for i in range(len(path))]
    values = [v for path in paths for v in path]
    shape = [len(paths), max((len(p) for p in paths), default=0)]
    return SparseTensor(EagerTensor(device_array(np.array(idx, np.int64).reshape(-1, 2))),
                        EagerTensor(device_array(np.array(values, np.int64))),
                        EagerTensor(device_array(np.array(shape, np.int64))))


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """tf.nn.ctc_greedy_decoder: the most likely class of each frame, repeats merged and
    blanks (by default the last class) removed; the score is minus the sum of the
    frames' largest logits."""
    xs, ls = _decoder_inputs(_greedy_op, inputs, sequence_length, _greedy_op.name)
    blank = -1 if blank_index is None else blank_index
    blank = blank + xs.shape[2] if blank < 0 else blank
    paths, scores = [], np.zeros((xs.shape[1], 1), xs.dtype)
    for b in range(xs.shape[1]):
        path, prev = [], -1
        for t in range(ls[b]):
            c = int(np.argmax(xs[t, b]))
            scores[b, 0] -= xs[t, b, c]
            if c != blank and not (merge_repeated and c == prev):
                path.append(c)
            prev = c
        paths.append(path)
    return [_sparse(paths)], EagerTensor(device_array(scores))


def _log_sum_exp(a, b):
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    hi, lo = (a, b) if a > b else (b, a)
    return hi + np.log1p(np.exp(lo - hi))


class _Beam:
    """A prefix of TF's beam search: its label, parent and probabilities (log space) of
    ending in a label or a blank at the previous and current frame."""

    __slots__ = ("label", "parent", "children", "old", "new")

    def __init__(self, label, parent, dtype):
        self.label, self.parent, self.children = label, parent, None
        zero = dtype.type(-np.inf)
        self.old = [zero, zero, zero]   # blank, label, total
        self.new = [zero, zero, zero]

    def labels(self, merge_repeated):
        out, node = [], self
        while node.parent is not None:
            if not (merge_repeated and out and out[-1] == node.label):
                out.append(node.label)
            node = node.parent
        return out[::-1]


def _bottom(leaves):
    return min(leaves, key=lambda e: e.new[2])


def _candidate(p, leaves, beam_width):
    """Whether probabilities `p` enter the beam: nonzero, and the beam not full or its
    lowest entry less likely."""
    return p[2] > -np.inf and (len(leaves) < beam_width or p[2] > _bottom(leaves).new[2])


def _beam_search(x, length, beam_width, top_paths, merge_repeated):
    """TF's CTCBeamSearchDecoder (ctc_beam_search.h) on one batch entry: x [time, classes],
    blank the last class; the top paths and their log-probabilities."""
    dtype = x.dtype
    blank = x.shape[1] - 1
    root = _Beam(-1, None, dtype)
    root.new = [dtype.type(0), dtype.type(-np.inf), dtype.type(0)]
    leaves = [root]
    for t in range(length):
        row = x[t] - x[t].max()
        norm = np.log(np.exp(row).sum())
        branches = sorted(leaves, key=lambda e: -e.new[2])
        for e in branches:
            e.old = list(e.new)
        leaves = []
        for e in branches:
            if e.parent is not None:
                if e.parent.new[2] != -np.inf:   # (the parent is still a beam)
                    prev = e.parent.old[0] if e.label == e.parent.label else e.parent.old[2]
                    e.new[1] = _log_sum_exp(e.new[1], prev)
                e.new[1] = e.new[1] + row[e.label] - norm
            e.new[0] = e.old[2] + row[blank] - norm
            e.new[2] = _log_sum_exp(e.new[0], e.new[1])
            leaves.append(e)
        for e in sorted(branches, key=lambda e: -e.old[2]):
            if not _candidate(e.old, leaves, beam_width):
                continue
            if e.children is None:
                e.children = [_Beam(c, e, dtype) for c in range(blank)]
            for c in e.children:
                if c.new[2] != -np.inf:
                    continue
                c.new[0] = dtype.type(-np.inf)
                prev = e.old[0] if c.label == e.label else e.old[2]
                c.new[1] = row[c.label] - norm + prev
                c.new[2] = c.new[1]
                if _candidate(c.new, leaves, beam_width):
                    if len(leaves) >= beam_width:
                        gone = _bottom(leaves)
                        leaves.remove(gone)
                        gone.new = [dtype.type(-np.inf)] * 3
                    leaves.append(c)
                else:
                    c.old = [dtype.type(-np.inf)] * 3
                    c.new = [dtype.type(-np.inf)] * 3
    best = heapq.nlargest(top_paths, leaves, key=lambda e: e.new[2])
    return [e.labels(merge_repeated) for e in best], [e.new[2] for e in best], len(leaves)


def ctc_beam_search_decoder(inputs, sequence_length, beam_width=100, top_paths=1):
    """tf.nn.ctc_beam_search_decoder: the `top_paths` most likely label sequences (blank
    the last class, repeats not merged) by TF's prefix beam search over the softmax of
    `inputs`, and their log-probabilities."""
    kernel = f"CTCBeamSearchDecoder_top_paths_{top_paths}"
    xs, ls = _decoder_inputs(_beam_op, inputs, sequence_length, kernel)
    if top_paths > beam_width:
        raise _failure(errors.InvalidArgumentError, _beam_op.name,
                       "requested more paths than the beam width.", kernel)
    decoded = [[] for _ in range(top_paths)]
    scores = np.zeros((xs.shape[1], top_paths), xs.dtype)
    for b in range(xs.shape[1]):
        paths, probs, n = _beam_search(xs[:, b], int(ls[b]), beam_width, top_paths, False)
        if n < top_paths:
            raise _failure(errors.InvalidArgumentError, _beam_op.name,
                           "Less leaves in the beam search than requested.", kernel)
        for k in range(top_paths):
            decoded[k].append(paths[k])
            scores[b, k] = probs[k]
    return [_sparse(p) for p in decoded], EagerTensor(device_array(scores))
