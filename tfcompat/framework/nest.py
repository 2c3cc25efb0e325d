"""tf.nest basics: flatten and pack_sequence_as over lists, tuples, namedtuples and dicts.

As TF's nest, dicts flatten in sorted-key order and None is a leaf.
"""


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def is_nested(x):
    return isinstance(x, (list, tuple, dict))


def _children(x):
    if isinstance(x, dict):
        return [x[k] for k in sorted(x)]
    return list(x)


def flatten(structure):
    if not is_nested(structure):
        return [structure]
    out = []
    for child in _children(structure):
        out.extend(flatten(child))
    return out


def pack_sequence_as(structure, flat):
    flat = list(flat)
    packed, used = _pack(structure, flat, 0)
    if used != len(flat):
        raise ValueError(f"Structure had {used} atoms, but flat_sequence had {len(flat)} items.")
    return packed


def _pack(structure, flat, i):
    if not is_nested(structure):
        return flat[i], i + 1
    items = []
    for child in _children(structure):
        item, i = _pack(child, flat, i)
        items.append(item)
    if isinstance(structure, dict):
        by_key = dict(zip(sorted(structure), items))
        return type(structure)((k, by_key[k]) for k in structure), i
    if _is_namedtuple(structure):
        return type(structure)(*items), i
    return type(structure)(items), i


def map_structure(fn, *structures):
    flats = [flatten(s) for s in structures]
    return pack_sequence_as(structures[0], [fn(*xs) for xs in zip(*flats)])


def assert_same_structure(a, b):
    """tf.nest.assert_same_structure (sequence types are compared loosely, as TF's
    default check_types=True does for list vs tuple: they must match)."""
    if is_nested(a) != is_nested(b):
        raise ValueError(f"The two structures don't have the same nested structure.\n\n"
                         f"First structure: {a!r}\n\nSecond structure: {b!r}")
    if not is_nested(a):
        return
    if type(a) is not type(b) and not (isinstance(a, dict) and isinstance(b, dict)):
        raise TypeError(f"The two structures don't have the same sequence type. Input "
                        f"structure has type {type(a)}, while shallow structure has type "
                        f"{type(b)}.")
    ca, cb = _children(a), _children(b)
    if len(ca) != len(cb) or (isinstance(a, dict) and sorted(a) != sorted(b)):
        raise ValueError(f"The two structures don't have the same number of elements.\n\n"
                         f"First structure: {a!r}\n\nSecond structure: {b!r}")
    for x, y in zip(ca, cb):
        assert_same_structure(x, y)
