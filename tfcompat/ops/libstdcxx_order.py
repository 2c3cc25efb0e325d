"""The orders libstdc++'s std::priority_queue and std::sort leave equal elements in, on the
host: TF's CPU kernels that rank by a comparison that ties (CombinedNonMaxSuppression's
scores) give the order these algorithms produce (bits/stl_heap.h, bits/stl_algo.h),
which a stable sort does not reproduce. `less(a, b)` is the kernel's comparator."""

_THRESHOLD = 16   # (std::sort's _S_threshold)


def _push_heap(v, hole, top, value, less):
    parent = (hole - 1) // 2
    while hole > top and less(v[parent], value):
        v[hole] = v[parent]
        hole = parent
        parent = (hole - 1) // 2
    v[hole] = value


def _adjust_heap(v, first, hole, length, value, less):
    """std::__adjust_heap on v[first:first + length]."""
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(v[first + child], v[first + child - 1]):
            child -= 1
        v[first + hole] = v[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        v[first + hole] = v[first + child - 1]
        hole = child - 1
    window = _Window(v, first)
    _push_heap(window, hole, top, value, less)


class _Window:
    """v[first:] as a list the heap helpers index from 0."""

    def __init__(self, v, first):
        self.v, self.first = v, first

    def __getitem__(self, i):
        return self.v[self.first + i]

    def __setitem__(self, i, x):
        self.v[self.first + i] = x


def _pop_heap(v, first, last, result, less):
    """std::__pop_heap: the heap v[first:last]'s top to v[result]."""
    value = v[result]
    v[result] = v[first]
    _adjust_heap(v, first, 0, last - first, value, less)


class PriorityQueue:
    """std::priority_queue<T, std::vector<T>, less>: push, top, pop."""

    def __init__(self, less):
        self.v, self.less = [], less

    def push(self, x):
        self.v.append(x)
        _push_heap(self.v, len(self.v) - 1, 0, x, self.less)

    def top(self):
        return self.v[0]

    def pop(self):
        if len(self.v) > 1:
            _pop_heap(self.v, 0, len(self.v) - 1, len(self.v) - 1, self.less)
        self.v.pop()

    def __len__(self):
        return len(self.v)


def _make_heap(v, first, last, less):
    length = last - first
    if length < 2:
        return
    parent = (length - 2) // 2
    while True:
        _adjust_heap(v, first, parent, length, v[first + parent], less)
        if parent == 0:
            return
        parent -= 1


def _heap_sort(v, first, last, less):
    """std::__partial_sort(first, last, last): make_heap, then sort_heap."""
    _make_heap(v, first, last, less)
    while last - first > 1:
        last -= 1
        _pop_heap(v, first, last, last, less)


def _move_median_to_first(v, result, a, b, c, less):
    if less(v[a], v[b]):
        if less(v[b], v[c]):
            pick = b
        elif less(v[a], v[c]):
            pick = c
        else:
            pick = a
    elif less(v[a], v[c]):
        pick = a
    elif less(v[b], v[c]):
        pick = c
    else:
        pick = b
    v[result], v[pick] = v[pick], v[result]


def _unguarded_partition(v, first, last, pivot, less):
    while True:
        while less(v[first], v[pivot]):
            first += 1
        last -= 1
        while less(v[pivot], v[last]):
            last -= 1
        if not first < last:
            return first
        v[first], v[last] = v[last], v[first]
        first += 1


def _introsort_loop(v, first, last, depth, less):
    while last - first > _THRESHOLD:
        if depth == 0:
            _heap_sort(v, first, last, less)
            return
        depth -= 1
        _move_median_to_first(v, first, first + 1, first + (last - first) // 2, last - 1, less)
        cut = _unguarded_partition(v, first + 1, last, first, less)
        _introsort_loop(v, cut, last, depth, less)
        last = cut


def _linear_insert(v, last, less):
    value = v[last]
    prev = last - 1
    while less(value, v[prev]):
        v[last] = v[prev]
        last = prev
        prev -= 1
    v[last] = value


def _insertion_sort(v, first, last, less):
    for i in range(first + 1, last):
        if less(v[i], v[first]):
            value = v[i]
            v[first + 1:i + 1] = v[first:i]
            v[first] = value
        else:
            _linear_insert(v, i, less)


def sort(v, less):
    """std::sort(v.begin(), v.end(), less), in place (introsort)."""
    n = len(v)
    if n < 2:
        return
    _introsort_loop(v, 0, n, 2 * (n.bit_length() - 1), less)
    if n > _THRESHOLD:
        _insertion_sort(v, 0, _THRESHOLD, less)
        for i in range(_THRESHOLD, n):
            _linear_insert(v, i, less)
    else:
        _insertion_sort(v, 0, n, less)
