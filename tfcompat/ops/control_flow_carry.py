"""How control flow carries loop variables and branch outputs as arrays: Tensors as
themselves, tf.TensorArrays as their stacked buffers and composites
(tf.experimental.Optional) as the Tensors they carry."""
from ..framework import dtypes, nest
from ..framework.constant_op import convert_to_tensor
from ..framework.strings import StringIds
from ..framework.strings import traced as handles
from ..framework.tensor import EagerTensor, Tensor
from ..framework.variables import Variable


def _tensor_array(x):
    """The TensorArray `x` is or stands for (its flow Tensor), else None."""
    from .tensor_array_ops import TensorArray
    return x if isinstance(x, TensorArray) else getattr(x, "_tensor_array", None)


def _composite(x):
    """Whether `x` is a composite carried as its tensors (tf.experimental.Optional: its
    `_carry`, `_from_carry`, `_carry_unknown` and `_typed_like`)."""
    return hasattr(type(x), "_carry_unknown")


def _carrier(x):
    """What carries `x` as several tensors: its TensorArray or itself (a composite)."""
    return x if _composite(x) else _tensor_array(x)


def _flat(structure):
    """The Tensors of a structure's leaves, a TensorArray or composite giving the Tensors
    it carries; a None leaf (a tf.cond branch's output, as TF's) carries none."""
    out = []
    for x in nest.flatten(structure):
        if x is None:
            continue
        ta = _carrier(x)
        out.extend(ta._carry() if ta is not None else [convert_to_tensor(x)])
    return out


def _pack(template, tensors):
    """`tensors` (as `_flat(template)` gives them) packed as `template`."""
    it = iter(tensors)
    leaves = []
    for x in nest.flatten(template):
        if x is None:
            leaves.append(None)
            continue
        ta = _carrier(x)
        leaves.append(ta._from_carry([next(it) for _ in ta._carry()]) if ta is not None
                      else _like(x, next(it)))
    return nest.pack_sequence_as(template, leaves)


def _like(x, t):
    """`t` (a result of a lax op) as a string tensor where `x` is one (handles)."""
    if isinstance(x, (Tensor, Variable)) and x.dtype is dtypes.string and \
            type(t._value) is not StringIds:
        return EagerTensor(StringIds(t._value))
    return t


def _arrays(structure):
    """The arrays a lax op carries for a structure (strings as handles)."""
    return [handles(t._value) for t in _flat(structure)]

