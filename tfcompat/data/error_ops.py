"""Dataset.ignore_errors and tf.data.experimental.ignore_errors (TF's
_IgnoreErrorsDataset): an input element whose production fails is dropped and the input
goes on with the next one.

A failure ends the input's chain of generators here, so the input is opened again past
the failed element (Dataset._iter_flat_from), which starts there without producing the
elements before it where the chain is made of sources, maps, zips, repeats, prefetches
and batches of a map (TF's fused MapAndBatch, whose failed batch is dropped whole):
`resumable`. Differs from TF: where it is not (a filter, take, shuffle, interleave, a
batch not of a map ... between the failure and this dataset, whose TF kernels go on from
the element after the failure in ways of their own), a failure raises a TypeError saying so
instead of being skipped; a map function's stateful random ops start again from their
seeds after a failure. An iterator goes on past a failed element of a resumable chain too
(iterator_ops), as TF's does."""
from ..framework import errors
from .dataset_ops import UNKNOWN_CARDINALITY as UNKNOWN
from .iterator_ops import ElementError
from .prefetch import _PrefetchDataset
from .sources import _RangeDataset, _TensorDataset, _TensorSliceDataset, _VariantDataset
from .transformations import (
    _BatchDataset, _MapDataset, _OptionsDataset, _RepeatDataset, _Unary, _ZipDataset,
)

_SOURCES = (_TensorSliceDataset, _TensorDataset, _RangeDataset, _VariantDataset)
_ELEMENTWISE = (_MapDataset, _OptionsDataset, _PrefetchDataset, _ZipDataset)


def resumable(ds):
    """Whether `ds._iter_flat_from(n)` starts at element n without producing the ones
    before it (so without meeting their failures again)."""
    if isinstance(ds, _SOURCES):
        return True
    if isinstance(ds, _BatchDataset):   # (a failed batch of a map is dropped whole)
        return ds._fused and resumable(ds._input)
    if isinstance(ds, _RepeatDataset):
        return ds._input._cardinality() > 0 and not ds._input._draws_seeds() and \
            resumable(ds._input)
    return isinstance(ds, _ELEMENTWISE) and all(resumable(d) for d in ds._inputs)


class _IgnoreErrorsDataset(_Unary):
    def __init__(self, input_dataset, log_warning=False):
        super().__init__(input_dataset)
        self._log_warning = bool(log_warning)

    def _iter_flat(self):
        position = 0   # (the input elements produced or failed)
        it = self._input._iter_flat()
        while True:
            try:
                flat = next(it)
            except StopIteration:
                return
            except (ElementError, errors.OpError) as e:
                if not resumable(self._input):
                    raise TypeError(
                        f"tfcompat cannot skip the failed element of the input of "
                        f"Dataset.ignore_errors() ({self._input!r}): only a chain of "
                        f"sources, map, zip, repeat, prefetch and batches of a map is "
                        f"resumed past a failure. The failure: {type(e).__name__}: "
                        f"{getattr(e, 'text', e)}") from e
                position += 1
                it = self._input._iter_flat_from(position)
                continue
            position += 1
            yield flat

    def _cardinality(self):
        return UNKNOWN


def ignore_errors(dataset, log_warning=False):
    """Dataset.ignore_errors."""
    return _IgnoreErrorsDataset(dataset, log_warning)
