"""TF's order of backpropagation and of summing gradients on an eager tape
(tf.GradientTape.gradient: ComputeGradient in tensorflow/c/eager/tape.h).

TF runs the ops of a tape backward from a FIFO queue: an op enters it when every use of
its used outputs has been backpropagated (one count per input slot of a consumer), and
its backward function appends one gradient per input, in input order, to that input's
list. A tensor's list is summed by one AddN (in list order) when its producer runs, or
at the end for a watched tensor. A Variable's reads are ReadVariableOps of its handle,
so its gradient is the AddN of its reads' gradients in the order those reads complete.

`schedule` computes that order for a slice's structure; `add_n` sums as TF's CPU AddN
kernel (Eigen, aggregate_ops.cc): a left fold of the first ``n % 8`` inputs (8 or 9 when
that is 0 or 1), then each following chunk of 8 folded on its own and added. Each term
is materialized (`rounding.unfused`), so that XLA fuses no product into the sum.
Deliberately different: where several ops start the queue (targets made by different
ops, none used by another), TF takes them in its hash map's iteration order, which
depends on the tape's op ids; here, the last target's op first (TF's order on a tape
of up to 13 ops).
"""
from .rounding import unfused


def add_n(terms):
    """The sum of arrays `terms` (at least one) in TF's AddN order."""
    n = len(terms)
    if n == 1:
        return terms[0]
    terms = [unfused(t) for t in terms]
    r = n % 8
    r = min(r + 8 if r < 2 else r, n)
    total = _fold(terms[:r])
    for i in range(r, n, 8):
        total = total + _fold(terms[i:i + 8])
    return total


def sum_terms(terms, key, add):
    """The gradient of node `key` in `terms` (node -> its gradients so far): its list
    summed by `add` (TF's AddN), kept as its one term; None if it has none."""
    listed = terms.get(key)
    if not listed:
        return None
    if len(listed) > 1:
        listed[:] = [add(listed)]
    return listed[0]


def _fold(terms):
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    return total


def schedule(step_refs, target_refs, groups):
    """TF's backward order over the steps of a slice (per step, its input refs as
    gradient_program.wire numbers them; per user source, its source slots): the step indices in
    the order TF runs their gradients, and per source group the order in which its nodes
    (a Variable's reads) complete."""
    usage = {}
    for refs in step_refs:
        for r in refs:
            if r[0] != "l":
                usage[r] = usage.get(r, 0) + 1
    missing = [0] * len(step_refs)
    for r in usage:
        if r[0] == "v":
            missing[r[1]] += 1
    # The ops no other op waits for (the targets' producers) start the queue, the last
    # target's first: TF's walk from the targets pops them last first.
    last_use = {r[1]: k for k, r in enumerate(target_refs) if r[0] == "v"}
    queue = sorted((n for n in range(len(step_refs)) if missing[n] == 0),
                   key=lambda n: -last_use.get(n, -1))
    done = []    # source slots, in the order their last use is backpropagated
    order = []
    head = 0
    while head < len(queue):
        n = queue[head]
        head += 1
        order.append(n)
        for r in step_refs[n]:
            if r[0] == "l":
                continue
            usage[r] -= 1
            if usage[r]:
                continue
            if r[0] == "s":
                done.append(r[1])
            else:
                missing[r[1]] -= 1
                if missing[r[1]] == 0:
                    queue.append(r[1])
    # A source node no step uses (a target itself) completes first.
    rank = {s: i for i, s in enumerate(done)}
    read_orders = tuple(tuple(sorted(g, key=lambda s: rank.get(s, -1))) for g in groups)
    return tuple(order), read_orders
