"""tf.nest: flatten, pack_sequence_as, map_structure, assert_same_structure, is_nested.

TF 2.21's semantics (tensorflow/python/util/nest_util.py and the C++ helpers of
util.cc): a structure is any collections.abc.Sequence other than str/bytes (lists,
tuples, namedtuples, range, ...), any collections.abc.Mapping (flattened in sorted-key
order, packed back in the structure's own key order), a MappingView, or an attrs
class; everything else (None included) is a leaf.  With ``expand_composites`` an
IndexedSlices, a composite tensor whose TypeSpec has TF's component protocol (RaggedTensor,
SparseTensor) and such a TypeSpec itself are structures of their components.  The error
messages are TF's.
"""
import collections
import collections.abc as _abc

__all__ = ["assert_same_structure", "flatten", "is_nested", "map_structure",
           "pack_sequence_as"]

# How a type nests (classified once per type).
_LEAF, _LIST, _TUPLE, _DICT, _MAPPING, _VIEW, _ATTRS, _NAMEDTUPLE, _SEQUENCE = range(9)
_KIND = {list: _LIST, tuple: _TUPLE, dict: _DICT, type(None): _LEAF, int: _LEAF,
         float: _LEAF, bool: _LEAF, str: _LEAF, bytes: _LEAF}


def _is_namedtuple_type(t):
    if not issubclass(t, tuple):
        return False
    fields = getattr(t, "_fields", None)
    return isinstance(fields, _abc.Sequence) and all(isinstance(f, str) for f in fields)


def _classify(t):
    if issubclass(t, (str, bytes)):
        return _LEAF
    if issubclass(t, _abc.Mapping):
        return _DICT if issubclass(t, dict) else _MAPPING
    if issubclass(t, _abc.MappingView):
        return _VIEW
    if hasattr(t, "__attrs_attrs__"):
        return _ATTRS
    if issubclass(t, tuple):
        return _NAMEDTUPLE if _is_namedtuple_type(t) else _TUPLE
    if issubclass(t, list):
        return _LIST
    if issubclass(t, _abc.Sequence):
        return _SEQUENCE
    return _LEAF


def _kind(x):
    t = type(x)
    k = _KIND.get(t)
    if k is None:
        k = _KIND[t] = _classify(t)
    return k


def is_nested(seq):
    """tf.nest.is_nested."""
    return _kind(seq) != _LEAF


def _is_composite(x):
    from .indexed_slices import IndexedSlices
    if isinstance(x, IndexedSlices) or _is_spec(x):
        return True
    return hasattr(type(x), "_type_spec") and _is_spec(x._type_spec)


def _is_spec(x):
    """Whether `x` is a TypeSpec with TF's component protocol (RaggedTensorSpec ...)."""
    return hasattr(x, "_component_specs") and hasattr(x, "_from_components")


def _components(x):
    """A composite's components: an IndexedSlices' tensors as TF's IndexedSlicesSpec lists
    them, a TypeSpec's component specs, or a composite tensor's component tensors."""
    from .indexed_slices import IndexedSlices
    if isinstance(x, IndexedSlices):
        comps = [x.values, x.indices]
        if x.dense_shape is not None:
            comps.append(x.dense_shape)
        return comps
    if _is_spec(x):
        return list(x._component_specs)
    return list(x._type_spec._to_components(x))


def _nested(x, expand_composites):
    return _kind(x) != _LEAF or (expand_composites and _is_composite(x))


def _values(x, kind, expand_composites=False):
    """The children of a structure, in flattening order (C++'s value iterators: a
    sort failure of a mapping's keys propagates as it is)."""
    if kind in (_LIST, _TUPLE, _NAMEDTUPLE):
        return x
    if kind in (_DICT, _MAPPING):
        keys = list(x.keys())
        keys.sort()
        return [x[k] for k in keys]
    if kind == _ATTRS:
        return [getattr(x, a.name) for a in type(x).__attrs_attrs__]
    if kind == _LEAF and expand_composites and _is_composite(x):
        return _components(x)
    return list(x)


def _sorted_keys(mapping):
    try:
        return sorted(mapping.keys())
    except TypeError:
        raise TypeError("nest only supports dicts with sortable keys.") from None


def _packing_values(x, kind, expand_composites):
    """The children in pack_sequence_as' order (Python's _tf_core_yield_value)."""
    if kind in (_DICT, _MAPPING):
        return [x[k] for k in _sorted_keys(x)]
    return _values(x, kind, expand_composites)


def _flatten_into(x, out, expand_composites):
    kind = _kind(x)
    if kind == _LEAF and not (expand_composites and _is_composite(x)):
        out.append(x)
        return
    for child in _values(x, kind, expand_composites):
        _flatten_into(child, out, expand_composites)


def flatten(structure, expand_composites=False):
    """tf.nest.flatten."""
    kind = _kind(structure)
    if kind == _LEAF and not expand_composites:
        return [structure]
    if kind in (_LIST, _TUPLE):
        # The common case: a flat list/tuple of leaves.
        for v in structure:
            if _kind(v) != _LEAF or (expand_composites and _is_composite(v)):
                break
        else:
            return list(structure)
    out = []
    _flatten_into(structure, out, bool(expand_composites))
    return out


def _sequence_like(instance, args):
    """A structure like `instance` holding `args` (TF's nest_util.sequence_like)."""
    kind = _kind(instance)
    if kind == _LIST and type(instance) is list:
        return list(args)
    if kind == _TUPLE and type(instance) is tuple:
        return tuple(args)
    if kind in (_DICT, _MAPPING):
        result = dict(zip(_sorted_keys(instance), args))
        instance_type = type(instance)
        if isinstance(instance, _abc.MutableMapping):
            if instance_type is collections.defaultdict:
                d = collections.defaultdict(instance.default_factory)
            else:
                d = instance_type()
            for key in instance:
                d[key] = result[key]
            return d
        try:
            return instance_type((key, result[key]) for key in instance)
        except TypeError as err:
            raise TypeError(
                f"Error creating an object of type {type(instance)} like {instance}. Note "
                f"that it must accept a single positional argument representing an "
                f"iterable of key-value pairs, in addition to self. Cause: {err}") from None
    if kind == _VIEW:
        return list(args)
    if kind in (_NAMEDTUPLE, _ATTRS):
        return type(instance)(*args)
    if kind == _LEAF and _is_composite(instance):
        from .indexed_slices import IndexedSlices
        if isinstance(instance, IndexedSlices):
            return IndexedSlices(*args)
        spec = instance if _is_spec(instance) else instance._type_spec
        return spec._from_components(list(args))
    if isinstance(instance, range):
        return list(args)
    return type(instance)(args)


def _packed_nest_with_indices(structure, flat, index, expand_composites):
    packed = []
    for s in _packing_values(structure, _kind(structure), expand_composites):
        if _nested(s, expand_composites):
            index, child = _packed_nest_with_indices(s, flat, index, expand_composites)
            packed.append(_sequence_like(s, child))
        else:
            packed.append(flat[index])
            index += 1
    return index, packed


def _truncate(value, length):
    value_str = str(value)
    return value_str[:length] + (value_str[length:] and "...")


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """tf.nest.pack_sequence_as."""
    expand_composites = bool(expand_composites)
    if not _nested(flat_sequence, expand_composites):
        raise TypeError(
            f"Attempted to pack value:\n  {_truncate(flat_sequence, 100)}\ninto a structure, "
            f"but found incompatible type `{type(flat_sequence)}` instead.")
    if not _nested(structure, expand_composites):
        if len(flat_sequence) != 1:
            raise ValueError(
                f"The target structure is of type `{type(structure)}`\n  "
                f"{_truncate(structure, 100)}\nHowever the input is a sequence "
                f"({type(flat_sequence)}) of length {len(flat_sequence)}.\n  "
                f"{_truncate(flat_sequence, 100)}\nnest cannot guarantee that it is safe to "
                f"map one to the other.")
        return flat_sequence[0]
    try:
        final_index, packed = _packed_nest_with_indices(structure, flat_sequence, 0,
                                                        expand_composites)
        if final_index < len(flat_sequence):
            raise IndexError
    except IndexError:
        flat_structure = flatten(structure, expand_composites=expand_composites)
        if len(flat_structure) != len(flat_sequence):
            raise ValueError(
                "Could not pack sequence. Structure had %d atoms, but flat_sequence had %d "
                "items.  Structure: %s, flat_sequence: %s."
                % (len(flat_structure), len(flat_sequence), structure, flat_sequence)
            ) from None
    return _sequence_like(structure, packed)


def _type_name(x):
    """C++'s name of a type: its tp_name after the last dot (an ExtensionType's
    "MaskedTensor.Spec" is "Spec")."""
    return type(x).__name__.rsplit(".", 1)[-1]


def _type_spec(x):
    return x if _is_spec(x) else getattr(x, "_type_spec", None)


def _to_string(x):
    return f"type={_type_name(x)} str={str(x)}"


def _different_keys(a, b):
    return (f"The two dictionaries don't have the same set of keys. First structure has "
            f"keys {_to_string(list(a.keys()))}, while second structure has keys "
            f"{_to_string(list(b.keys()))}")


def _same_structure_error(a, b, check_types, expand_composites):
    """(message, is_type_error) of C++'s AssertSameStructureHelper; None when the two
    structures match."""
    nested_a, nested_b = _nested(a, expand_composites), _nested(b, expand_composites)
    if nested_a != nested_b:
        seq, non_seq = (a, b) if nested_a else (b, a)
        return (f'Substructure "{_to_string(seq)}" is a sequence, while substructure '
                f'"{_to_string(non_seq)}" is not'), False
    if not nested_a:
        return None
    kind_a, kind_b = _kind(a), _kind(b)
    if check_types:
        ta, tb = type(a), type(b)
        if kind_a == _NAMEDTUPLE and kind_b == _NAMEDTUPLE:
            mismatch = ta._fields != tb._fields or ta.__name__ != tb.__name__
        else:
            mapping = (_DICT, _MAPPING)
            mismatch = (ta is not tb and not (isinstance(a, list) and isinstance(b, list))
                        and not (kind_a in mapping and kind_b in mapping)
                        and not (expand_composites and _is_composite(a)
                                 and _is_composite(b)))
        if mismatch:
            return (f"The two namedtuples don't have the same sequence type. First structure "
                    f"{_to_string(a)} has type {_type_name(a)}, while second structure "
                    f"{_to_string(b)} has type {_type_name(b)}"), True
        if kind_a in (_DICT, _MAPPING) and (len(a) != len(b) or any(k not in b for k in a)):
            return _different_keys(a, b), False
        if expand_composites and _is_composite(a) and _is_composite(b):
            spec_a, spec_b = _type_spec(a), _type_spec(b)
            common = getattr(spec_a, "most_specific_common_supertype", None)
            if common is not None and common([spec_b]) is None:
                return (f"Incompatible CompositeTensor TypeSpecs: {_to_string(spec_a)} vs. "
                        f"{_to_string(spec_b)}"), False
    va = _values(a, kind_a, expand_composites)
    vb = _values(b, kind_b, expand_composites)
    for x, y in zip(va, vb):
        err = _same_structure_error(x, y, check_types, expand_composites)
        if err is not None:
            return err
    if len(va) != len(vb):
        return (f"The two structures don't have the same number of elements. First "
                f"structure: {_to_string(a)}. Second structure: {_to_string(b)}"), False
    return None


class _DotString:
    __slots__ = []

    def __str__(self):
        return "."

    __repr__ = __str__


_DOT = _DotString()


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """tf.nest.assert_same_structure."""
    check_types, expand_composites = bool(check_types), bool(expand_composites)
    err = _same_structure_error(nest1, nest2, check_types, expand_composites)
    if err is None:
        return
    message, is_type_error = err
    message = (f"The two structures don't have the same nested structure.\n\n"
               f"First structure: {_to_string(nest1)}\n\nSecond structure: "
               f"{_to_string(nest2)}\n\nMore specifically: {message}")
    str1 = str(map_structure(lambda _: _DOT, nest1))
    str2 = str(map_structure(lambda _: _DOT, nest2))
    raise (TypeError if is_type_error else ValueError)(
        f"{message}\nEntire first structure:\n{str1}\nEntire second structure:\n{str2}")


def map_structure(func, *structure, **kwargs):
    """tf.nest.map_structure."""
    if not callable(func):
        raise TypeError("func must be callable, got: %s" % func)
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    expand_composites = kwargs.pop("expand_composites", False)
    if kwargs:
        raise ValueError("Only valid keyword arguments are `check_types` and "
                         "`expand_composites`, not: `%s`" % "`, `".join(kwargs.keys()))
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types,
                              expand_composites=expand_composites)
    flat = [flatten(s, expand_composites) for s in structure]
    return pack_sequence_as(structure[0], [func(*x) for x in zip(*flat)],
                            expand_composites=expand_composites)
