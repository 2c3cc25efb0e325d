"""Golden snippets: tf.data's random datasets (shuffle, Dataset.random) made inside a
tf.function, which TF makes anew on each call from the seeds of the trace (the same
order every call), next to datasets made outside (reshuffled on each call), with and
without tf.random.set_seed, with several op seeds, epochs (repeat) and loops over the
same dataset within one call. Compared exactly (integers); without any seed the order
is random in TF, so only whether calls agree is printed."""
from snippet_registry import Snippets

SNIPPETS = Snippets(prelude="""\
def collect(ds, n):
    out = tf.TensorArray(tf.int64, size=n)
    i = 0
    for x in ds:
        out = out.write(i, tf.cast(x, tf.int64))
        i += 1
    return out.stack()
def triple(x):
    return x * 3
def calls(f, k=3):
    return [f().numpy().tolist() for _ in range(k)]
""")
_s = SNIPPETS.add


def _calls_grid(name, global_seed, op_seeds):
    lines = [f"tf.random.set_seed({global_seed})"]
    for seed in op_seeds:
        for reshuffle in (True, False):
            lines += [
                "@tf.function",
                "def f():",
                f"    return collect(tf.data.Dataset.range(7).shuffle(5, seed={seed}, "
                f"reshuffle_each_iteration={reshuffle}).repeat(2), 14)",
                "print(calls(f))"]
    _s(name, "\n".join(lines))


_calls_grid("inside_op_seeds", None, (3, 17, 2**33))
_calls_grid("inside_global_seed", 1, (None, 5))
_calls_grid("inside_global_seed_42", 42, (None, 0))

_s("inside_vs_outside", """
    tf.random.set_seed(7)
    outside = tf.data.Dataset.range(8).shuffle(8)
    fixed = tf.data.Dataset.range(8).shuffle(8, reshuffle_each_iteration=False)
    @tf.function
    def f():
        inside = tf.data.Dataset.range(8).shuffle(8)
        return collect(inside, 8), collect(outside, 8), collect(fixed, 8)
    for _ in range(3):
        print([t.numpy().tolist() for t in f()])
    print([int(x) for x in outside], [int(x) for x in fixed])
    print([t.numpy().tolist() for t in f()])
""")

_s("inside_two_loops_one_call", """
    for seed in (None, 4):
        for reshuffle in (True, False):
            tf.random.set_seed(2)
            @tf.function
            def f():
                ds = tf.data.Dataset.range(6).shuffle(6, seed=seed,
                                                      reshuffle_each_iteration=reshuffle)
                return tf.concat([collect(ds, 6), collect(ds, 6), collect(ds, 6)], 0)
            print(seed, reshuffle, calls(f))
""")

_s("inside_two_datasets_and_random_op", """
    tf.random.set_seed(9)
    @tf.function
    def f():
        a = tf.data.Dataset.range(6).shuffle(6)
        r = tf.random.uniform([], maxval=100, dtype=tf.int64)
        b = tf.data.Dataset.range(6).shuffle(6)
        return tf.concat([collect(a, 6), collect(b, 6), [r]], 0)
    print(calls(f))
""")

_s("inside_dataset_random", """
    tf.random.set_seed(3)
    for seed in (None, 4):
        for rerandomize in (None, False, True):
            @tf.function
            def f():
                return collect(tf.data.Dataset.random(
                    seed=seed, rerandomize_each_iteration=rerandomize).take(3).repeat(2), 6)
            print(seed, rerandomize, calls(f))
    outside = tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True).take(3)
    @tf.function
    def g():
        return collect(outside, 3)
    print(calls(g))
""")

_s("inside_shuffle_map_batch", """
    tf.random.set_seed(11)
    @tf.function
    def f():
        ds = tf.data.Dataset.range(10).shuffle(4).map(triple).batch(
            5, drop_remainder=True)
        out = tf.TensorArray(tf.int64, size=2, element_shape=[5])
        i = 0
        for x in ds:
            out = out.write(i, x)
            i += 1
        return out.stack()
    print(calls(f))
""")

_s("inside_iter_next", """
    tf.random.set_seed(5)
    @tf.function
    def f():
        it = iter(tf.data.Dataset.range(6).shuffle(6, seed=1))
        return tf.stack([next(it), next(it), next(it)])
    print(calls(f))
""")

_s("eager_remade_each_call", """
    tf.random.set_seed(8)
    def g():
        return [int(x) for x in tf.data.Dataset.range(6).shuffle(6, seed=2).repeat(2)]
    print(g(), g())
""")

_s("unseeded_calls_differ", """
    tf.random.set_seed(None)
    for reshuffle in (True, False):
        @tf.function
        def f():
            return collect(tf.data.Dataset.range(20).shuffle(
                20, reshuffle_each_iteration=reshuffle), 20)
        r = calls(f)
        print(reshuffle, sorted(r[0]) == list(range(20)), r[0] == r[1] or r[1] == r[2])
    @tf.function
    def g():
        return collect(tf.data.Dataset.random().take(4), 4)
    r = calls(g)
    print(r[0] == r[1] or r[1] == r[2])
""")

_s("get_single_element_in_function", """
    tf.random.set_seed(1)
    outside = tf.data.Dataset.range(6).shuffle(6)
    @tf.function
    def f():
        a = outside.batch(6, drop_remainder=True).get_single_element()
        b = tf.data.Dataset.range(6).shuffle(6).batch(6, drop_remainder=True)
        c = outside.reduce(tf.constant(0, tf.int64), lambda s, x: s * 10 + x)
        d = tf.data.Dataset.from_tensors(
            (tf.constant(2), {"k": tf.constant([1.5, 2.5])})).get_single_element()
        return a, b.get_single_element(), c, d
    for _ in range(3):
        print(tf.nest.map_structure(lambda v: v.numpy().tolist(), f()))
    for n in (3, 0):
        @tf.function
        def g():
            return tf.data.Dataset.range(n).get_single_element()
        try:
            g()
        except tf.errors.InvalidArgumentError as e:
            lines = e.message.splitlines()
            print(type(e).__name__, lines[:3], lines[-2:])
""")

# Loops over datasets whose element shapes vary (a batch without drop_remainder, a
# generator without output_shapes, ragged batches): TF's graph loops over unknown shapes;
# tfcompat's calls of such a function run eagerly (one XLA program cannot).
_s("loops_over_varying_shapes", """
    def to_float(i):
        return tf.cast(i, tf.float32)
    ds = tf.data.Dataset.range(10).map(to_float).batch(4)
    v = tf.Variable(0.)
    @tf.function
    def epoch(ds):
        n = 0
        for x in ds:
            v.assign_add(tf.reduce_sum(x))
            tf.print("batch", tf.shape(x))
            n += 1
        return n
    for _ in range(2):
        print(epoch(ds), v.numpy())
    print(epoch.experimental_get_tracing_count())
    def pairs():
        return [(1, [1, 2]), (3, [4])] * 2
    gen = tf.data.Dataset.from_generator(pairs, (tf.int32, tf.int32))
    @tf.function
    def train(dataset):
        loss = tf.constant(0)
        for x, y in dataset:
            loss += tf.abs(tf.reduce_sum(y) - x)
        return loss
    print(train(gen), train(gen))
    rag = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3], [], [4, 5, 6]]))
    @tf.function
    def rows():
        total = tf.constant(0)
        for r in rag.batch(3):
            total += tf.reduce_sum(r.flat_values) * tf.cast(r.nrows(), tf.int32)
        return total
    print(rows())
""")

# Datasets passed as arguments: one trace per DatasetSpec (element_spec), whatever the
# dataset; each call reads the dataset it passes.
_s("dataset_arguments", """
    def even(x):
        return x % 2 == 0
    def odd(x):
        return x % 2 == 1
    def add(s, x):
        return s + x
    def digits(s, x):
        return s * 10 + x
    def times5(x):
        return tf.cast(x, tf.int64) * 5
    @tf.function
    def total(ds):
        print("tracing", ds)
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return s
    print(total(tf.data.Dataset.range(5)), total(tf.data.Dataset.range(7)))
    print(total(tf.data.Dataset.range(3).map(triple)), total(tf.data.Dataset.range(4).repeat(2)))
    print(total(tf.data.Dataset.range(9).filter(even)))
    print(total.experimental_get_tracing_count())
    print(total(tf.data.Dataset.range(3, output_type=tf.int32).map(times5)))
    print(total.experimental_get_tracing_count())
    @tf.function
    def reduce_in(ds):
        print("tracing reduce_in")
        return ds.reduce(tf.constant(0, tf.int64), digits), ds.cardinality()
    print(reduce_in(tf.data.Dataset.range(4)))
    print(reduce_in(tf.data.Dataset.range(6).filter(even)))
    print(reduce_in(tf.data.Dataset.range(8).filter(odd).take(3)))
    print(reduce_in.experimental_get_tracing_count())
    @tf.function
    def batched(ds):
        s = tf.constant(0, tf.int64)
        for x in ds.map(triple).batch(2, drop_remainder=True):
            s += tf.reduce_sum(x) * tf.size(x, tf.int64)
        return s
    print(batched(tf.data.Dataset.range(5)), batched(tf.data.Dataset.range(8)))
    @tf.function
    def inner(ds):
        return ds.reduce(tf.constant(0, tf.int64), add)
    @tf.function
    def outer(ds):
        return inner(ds.skip(1)) + 100
    print(outer(tf.data.Dataset.range(3)), outer(tf.data.Dataset.range(5)))
    @tf.function
    def joined(ds):
        out = tf.constant("")
        for s in ds:
            out = tf.strings.join([out, s])
        return out
    print(joined(tf.data.Dataset.from_tensor_slices(["a", "b"])),
          joined(tf.data.Dataset.from_tensor_slices(["c", "d", "e"])))
    print(joined.experimental_get_tracing_count())
    tf.random.set_seed(3)
    @tf.function
    def shuffled(ds):
        return ds.shuffle(10, seed=1).reduce(tf.constant(0, tf.int64), digits)
    d = tf.data.Dataset.range(5)
    print(shuffled(d), shuffled(d), shuffled(tf.data.Dataset.range(5)))
    @tf.function
    def first(ds):
        return next(iter(ds))
    print(first(tf.data.Dataset.range(3, 9)), first(tf.data.Dataset.range(4, 6)))
    print(first.experimental_get_tracing_count())
""")

# A tf.function called inside another with no tensor inputs, that reads a dataset or
# draws random integers: each call of the outer function runs it again.
_s("nested_function_reads_each_call", """
    tf.random.set_seed(1)
    ds = tf.data.Dataset.range(4).shuffle(4)
    def digits(s, x):
        return s * 10 + x
    @tf.function
    def inner():
        return ds.reduce(tf.constant(0, tf.int64), digits)
    @tf.function
    def outer():
        return inner()
    print(outer(), outer(), outer())
    @tf.function
    def draw():
        return tf.random.uniform([3], maxval=100, dtype=tf.int32)
    @tf.function
    def outer_draw():
        return draw()
    print(outer_draw(), outer_draw())
""")

# A DatasetSpec in an input_signature: one trace, datasets of its elements passed to it.
_s("dataset_signatures", """
    def add(s, x):
        return s + x
    def above_two(x):
        return x > 2
    spec = tf.data.DatasetSpec(tf.TensorSpec([], tf.int64))
    @tf.function(input_signature=[spec])
    def total(ds):
        print("tracing", ds)
        return ds.reduce(tf.constant(0, tf.int64), add)
    print(total(tf.data.Dataset.range(4)), total(tf.data.Dataset.range(5).filter(above_two)))
    for bad in (tf.data.Dataset.range(3, output_type=tf.int32),
                tf.data.Dataset.range(4).batch(2, drop_remainder=True)):
        try:
            total(bad)
        except tf.errors.InvalidArgumentError as e:
            print(type(e).__name__, [line for line in e.message.splitlines()
                                     if line.startswith(("Type mismatch", "Incompatible"))])
    try:
        total(tf.constant(1))
    except TypeError as e:
        print(type(e).__name__, e)
    print(total.experimental_get_tracing_count())
    cf = total.get_concrete_function()
    print(cf(tf.data.Dataset.range(3)))
    print(cf.structured_input_signature)
    print(cf.pretty_printed_signature())
    @tf.function
    def total2(ds):
        return ds.reduce(tf.constant(0, tf.int64), add)
    cf2 = total2.get_concrete_function(spec)
    print(cf2(tf.data.Dataset.range(6)), cf2.structured_input_signature)
    print(total2(tf.data.Dataset.range(2)), total2.experimental_get_tracing_count())
""")

# A dataset argument is traced by its DatasetSpec alone: a ConcreteFunction takes datasets
# of any length, whose cardinality (and that of datasets made from them) is read when the
# function runs.
_s("dataset_argument_any_length", """
    def positive(x):
        return x > 0
    def as_int32(x):
        return tf.cast(x, tf.int32)
    @tf.function
    def f(ds):
        print("tracing", ds)
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return (s, ds.cardinality(), ds.batch(2).cardinality(), ds.repeat(2).cardinality(),
                ds.take(2).cardinality())
    cf = f.get_concrete_function(tf.data.Dataset.range(5))
    print(cf(tf.data.Dataset.range(7)))
    print(f(tf.data.Dataset.range(3)))
    print(f(tf.data.Dataset.range(4).filter(positive)))
    print(f.experimental_get_tracing_count())
    print(cf.structured_input_signature)
    print(cf.pretty_printed_signature())
    print(f.pretty_printed_concrete_signatures())
    try:
        cf(tf.data.Dataset.range(3).map(as_int32))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, [line for line in e.message.splitlines()
                                 if line.startswith("Type mismatch")])
    try:
        cf(tf.data.Dataset.range(3).batch(2))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
""")
