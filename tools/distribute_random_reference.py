"""Prints the reference values of tests/test_distribute_random.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/distribute_random_reference.py``) and under tfcompat
(``python -m tfcompat tools/distribute_random_reference.py``); the test holds TF's output
as literals. Three virtual CPU devices carry MirroredStrategies of two and three
replicas: every public tf.random.Generator method (normal, uniform, uniform_full_int,
truncated_normal, binomial, make_seeds, split, skip) drawn in the replicas of a run,
eagerly and inside tf.function, by a generator made in the strategy's scope (each replica
its own stream) and by one made outside any strategy (the replicas draw from its one
state in turn), with the generator's state afterwards."""
import contextlib
import pprint

import tensorflow as tf

tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0], [tf.config.LogicalDeviceConfiguration()] * 3)


def error(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the class and message are what is compared
        return type(e).__name__, str(e).strip().split("\n")[-1].strip()


strategies = {"two": tf.distribute.MirroredStrategy(["cpu:0", "cpu:1"]),
              "three": tf.distribute.MirroredStrategy(["cpu:0", "cpu:1", "cpu:2"])}


def local(strategy, value):
    return [t.numpy().tolist() for t in strategy.experimental_local_results(value)]


def draws(g):
    """One of each draw (the replica functions below run it)."""
    return {
        "normal": lambda: g.normal([3]),
        "normal64": lambda: g.normal([2], 1.0, 2.0, tf.float64),
        "truncated_normal": lambda: g.truncated_normal([3]),
        "uniform": lambda: g.uniform([2], -1.0, 1.0),
        "uniform_int": lambda: g.uniform([3], 0, 1000, tf.int64),
        "uniform_full_int": lambda: g.uniform_full_int([2], tf.int32),
        "make_seeds": lambda: g.make_seeds(2),
        "skip": lambda: g.skip(3),
        "binomial": lambda: g.binomial([3], counts=10.0, probs=0.5),
        "binomial_batch": lambda: g.binomial([2, 2], counts=[10.0, 40.0], probs=[0.3, 0.6]),
    }


def generator(strategy, made, seed=5):
    """A generator made in `strategy`'s scope ("in_scope") or outside any ("outside")."""
    with strategy.scope() if made == "in_scope" else contextlib.nullcontext():
        return tf.random.Generator.from_seed(seed)


def drawn(strategy, made, kind):
    """A draw in the replicas: eagerly, then twice in a tf.function; the states after."""
    g = generator(strategy, made)
    fn = draws(g)[kind]
    eager = error(lambda: local(strategy, strategy.run(fn)))
    state = g.state.numpy().tolist()
    traced = tf.function(lambda: strategy.run(fn))
    calls = [error(lambda: local(strategy, traced())) for _ in range(2)]
    return [eager, state, calls, g.state.numpy().tolist()]


def split(strategy, made):
    """split outside the run (the new generators made in the scope draw a stream per
    replica), and in a replica of a run, where TF makes the new generators once, from the
    first replica's keys, and shares them between the replicas: tfcompat raises."""
    g = generator(strategy, made)
    with strategy.scope() if made == "in_scope" else contextlib.nullcontext():
        gs = g.split(2)
    outside = [local(strategy, strategy.run(lambda: tf.stack([s.normal([]) for s in gs]))),
               g.state.numpy().tolist(), [s.state.numpy().tolist() for s in gs]]
    g = generator(strategy, made)
    inside = error(lambda: local(strategy, strategy.run(
        lambda: tf.stack([s.normal([]) for s in g.split(2)]))))
    return outside, inside


def mixed(strategy):
    """Several draws in one replica function, with a collective between them."""
    g = generator(strategy, "outside", 11)

    def fn():
        a = g.binomial([2], counts=20.0, probs=0.25)
        b = g.normal([2])
        total = tf.distribute.get_replica_context().all_reduce("sum", a)
        return a, b, total, g.skip(1), g.uniform([], 0, 100, tf.int64)
    return [[local(strategy, x) for x in strategy.run(fn)], g.state.numpy().tolist()]


def binomial_in_scope(strategy):
    """A generator made in a strategy's scope: TF's StatefulRandomBinomial kernel updates
    the copy of the state it read before its copy-on-write (random_binomial_op.cc), so
    the replicas' copies diverge; tfcompat raises (tests/test_distribute_random.py)."""
    g = generator(strategy, "in_scope")
    with strategy.scope():
        in_scope = error(lambda: g.binomial([3], counts=10.0, probs=0.5))
    return [in_scope, error(lambda: local(strategy, strategy.run(
        lambda: g.binomial([3], counts=10.0, probs=0.5))))]


out = {}
for sname, strategy in strategies.items():
    for made in ("outside", "in_scope"):
        for kind in draws(None):
            if made == "outside" or not kind.startswith("binomial"):
                out[f"{sname} {made} {kind}"] = drawn(strategy, made, kind)
        out[f"{sname} {made} split"], out[f"{sname} {made} split_in_run"] = \
            split(strategy, made)
    out[f"{sname} outside mixed"] = mixed(strategy)
    out[f"{sname} in_scope binomial"] = binomial_in_scope(strategy)

one = tf.distribute.OneDeviceStrategy("cpu:0")
with one.scope():
    g = tf.random.Generator.from_seed(5)
out["one_device binomial"] = [one.run(lambda: g.binomial([3], 10.0, 0.5)).numpy().tolist(),
                              g.state.numpy().tolist()]
single = tf.distribute.MirroredStrategy(["cpu:0"])   # (one copy of the state: as anywhere)
g = generator(single, "in_scope")
out["one_replica binomial"] = [local(single, single.run(lambda: g.binomial([3], 10.0, 0.5))),
                               g.binomial([2], 10.0, 0.5).numpy().tolist(),
                               g.state.numpy().tolist()]

if __name__ == "__main__":
    print(pprint.pformat(out, width=92))
