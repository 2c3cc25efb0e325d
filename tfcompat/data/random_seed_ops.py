"""The seeds and random streams of tf.data's random kernels (ShuffleDatasetV3,
RandomDatasetV2; tensorflow/core/kernels/data/random_seed_ops.cc).

A dataset gets (seed, seed2) from TF's random_seed.get_seed (its op seed drawn like a
stateful op's) and owns a seed generator: each iterator it makes draws its
(seed, seed2) from it. RandomSeedGenerator (reshuffle/rerandomize each iteration) draws
two uint32 samples of ``PhiloxRandom(seed, seed2)`` per iterator; FixedSeedGenerator
gives (seed, seed2) each time. Seeds (0, 0) mean fresh random seeds (RandomSeeds).
The iterator's own generator is ``SingleSampleAdapter<PhiloxRandom>(seed, seed2)``.

A random dataset made inside a tf.function is made anew each time the function runs (its
op runs then, with the seeds of the trace): its seed generator starts again on each call
(new random seeds where they are (0, 0)), ordered with the call's element reads.

While an iterator is made and while it reads, `recording` holds its SeedLog (a prefetch
thread inherits it): the seeds drawn when it is made are its own (another iterator made
before it starts does not take them), and for checkpoints (iterator_checkpoint.py) the
seeds its pipeline takes are logged, and a restored one is given the saved seeds again;
a generator's count of samples drawn can be set back.
"""
import collections
import contextvars
import secrets
import threading

from ..framework.context import executing_eagerly
from ..framework.host_callback import io_callback
from ..ops import philox, random_seed

_BLOCK = 1024   # samples generated at a time


def dataset_seeds(seed):
    """tf.data's random_seed.get_seed: the (seed, seed2) of a random dataset op, 0s when
    neither a global nor an op seed is set."""
    return random_seed.get_seed(seed)


class SeedLog:
    """The seeds of one iterator's pipeline, whose random datasets' SeedGenerators are
    `generators`: `given` ({SeedGenerator: deque of seeds} its inputs take first: those
    drawn when the iterator was made, or restored), `taken` (per generator, the seeds its
    inputs took, in order) and `unseeded_made` (whether an unseeded random dataset a
    function of the pipeline made took seeds)."""

    def __init__(self, generators, given=None):
        self.generators = generators
        self._index = {id(g): i for i, g in enumerate(generators)}
        self.given = given or {}
        self.taken = [[] for _ in generators]
        self.unseeded_made = False

    def take(self, generator, seeds):
        i = self._index.get(id(generator))
        if i is not None:
            self.taken[i].append(seeds)
        elif generator.unseeded:
            self.unseeded_made = True


# The SeedLog of the iterator reading (None: none is logged).
recording = contextvars.ContextVar("tf.data iterator's seed log", default=None)


def samples(seed, seed2, start=0):
    """The uint32 samples (Python ints) of ``SingleSampleAdapter<PhiloxRandom>(seed,
    seed2)`` from sample `start` on, endless."""
    while True:
        yield from philox.host_stream(seed, seed2, start, _BLOCK).tolist()
        start += _BLOCK


class SeedGenerator:
    """The seed generator resource of a random dataset: `generate()` gives the
    (seed, seed2) of its next iterator. TF draws them when the iterator is created:
    `initialize()` draws them then (an iterator made and never used takes its seeds;
    they are the iterator's SeedLog's), `iterator_seeds()` takes them when the iterator
    starts (drawing them if they were not drawn: a repeated input, opened when the
    previous repetition ends)."""

    def __init__(self, seed, seed2, reshuffle):
        self._attrs = (seed, seed2)
        self._reshuffle = reshuffle
        self._lock = threading.Lock()   # (a prefetch thread may open an input meanwhile)
        self._start()
        if not executing_eagerly():   # (on each call, in order with the element reads)
            io_callback(self._start, [])

    def _start(self):
        """The generator as its dataset op makes it."""
        seed, seed2 = self._attrs
        if seed == 0 and seed2 == 0:   # (RandomSeeds: random::New64 for both)
            seed, seed2 = secrets.randbits(64), secrets.randbits(64)
        with self._lock:
            self._seeds = (seed, seed2)
            self._samples = samples(seed, seed2) if self._reshuffle else None
            self._count = 0   # (samples drawn: TF's num_random_samples)
            self._drawn = None
        return []

    def generate(self):
        if self._samples is None:
            return self._seeds
        with self._lock:
            self._count += 2
            return next(self._samples), next(self._samples)

    def initialize(self):
        seeds = self.generate()
        log = recording.get()
        if log is None:   # (as_numpy_iterator's)
            self._drawn = seeds
        else:
            log.given.setdefault(self, collections.deque()).append(seeds)

    def iterator_seeds(self):
        log = recording.get()
        given = log.given.get(self) if log is not None else None
        if given:
            seeds = given.popleft()
        else:
            with self._lock:
                seeds, self._drawn = self._drawn, None
            seeds = seeds or self.generate()
        if log is not None:
            log.take(self, seeds)
        return seeds

    @property
    def unseeded(self):
        """Whether its seeds are drawn at random (neither a global nor an op seed)."""
        return self._attrs == (0, 0)

    @property
    def count(self):
        """The samples drawn (TF's num_random_samples)."""
        return self._count

    def restore(self, count):
        """TF's restore of the generator's state: `count` samples drawn from its own
        seeds (which stay its own)."""
        with self._lock:
            if self._reshuffle:
                self._samples = samples(*self._seeds, start=count)
                self._count = count
