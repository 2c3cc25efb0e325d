"""Keeping Python's cyclic garbage collector off the objects that live as long as the
process (tfcompat's own choice; TF leaves the collector as Python sets it).

The modules that `import tfcompat` loads (jax, numpy, tfcompat: ~117,000 objects the
collector tracks) and those of Keras (~43,000 more) stay alive until the process exits,
but each full collection walks them all again: ~160 ms at a time on a 2-core machine,
once per ~50 Keras `evaluate` calls (the traces and datasets each call makes are cyclic
garbage that reaches the oldest generation), 3 ms a call on average. `gc.freeze()`
moves the objects alive at that moment to the permanent generation, which collections
skip; reference counting still frees each of them when its last reference goes."""
import gc


def freeze_loaded(collect=False):
    """gc.freeze() the objects alive now, after `gc.collect()` when `collect` (where the
    program has run before: its cyclic garbage is freed, not frozen for good)."""
    if collect:
        gc.collect()
    gc.freeze()
