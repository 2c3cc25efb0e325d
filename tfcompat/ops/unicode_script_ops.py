"""tf.strings.unicode_script (raw op UnicodeScript): the ICU script code (UScriptCode) of
each int32 code point, -1 for a value that is no code point, as TF's kernel gives
uscript_getScript's. The codes are runs recorded from TF itself
(unicode_scripts.npz, tools/record_unicode_scripts.py), looked up with a binary search,
so the op also runs inside a tf.function."""
import functools
import os

import jax.numpy as jnp
import numpy as np

from ..framework import dtypes
from ..framework.constant_op import convert_to_tensor
from ..framework.dispatch import Op, execute, mismatch_error
from ..framework.tensor import Tensor
from ..framework.variables import Variable

_MAX_CODE_POINT = 0x10FFFF


@functools.lru_cache(maxsize=None)
def _runs():
    """(first code point of each run, its script code), loaded on first use."""
    with np.load(os.path.join(os.path.dirname(__file__), "unicode_scripts.npz")) as f:
        return f["starts"], f["scripts"].astype(np.int32)


def _script(x):
    starts, scripts = _runs()
    run = jnp.searchsorted(starts, x, side="right") - 1
    return jnp.where((x < 0) | (x > _MAX_CODE_POINT), np.int32(-1),
                     jnp.asarray(scripts)[jnp.maximum(run, 0)])


_script_op = Op("UnicodeScript", _script, differentiable=False)


def unicode_script(input, name=None):
    """tf.strings.unicode_script: int32 code points to ICU script codes (-1 for values
    outside 0..0x10FFFF)."""
    x = input._read() if isinstance(input, Variable) else \
        input if isinstance(input, Tensor) else convert_to_tensor(input, dtypes.int32)
    if x.dtype is not dtypes.int32:
        raise mismatch_error("UnicodeScript", 0, dtypes.int32, x.dtype, value=x)
    return execute(_script_op, (x,))
