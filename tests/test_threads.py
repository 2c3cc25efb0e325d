"""Several Python threads using tfcompat at once, as TF 2.21 allows.

TF keeps its execution state per thread (the eager context's tape stack, the graph being
traced, `executing_eagerly`), and its resource-variable kernels (AssignAddVariableOp,
ResourceScatterNdAdd, ResourceScatterAdd ...) update a variable under the variable's own
lock, so concurrent updates are never lost. `tf.config.run_functions_eagerly` is the one
process-wide switch here.

TF's answers (the literals marked "TF 2.21:") were obtained by running this very file
under tensorflow-cpu 2.21.0 (the reference venv /tmp/tfref of DEVELOPERS.md), with a
`tfcompat` package on the path that only does
`import sys, tensorflow; sys.modules["tfcompat"] = tensorflow`, and pytest from .venv:
every test passes there. Nothing here imports TF.

Every thread is a daemon, joined against one deadline; a thread still running then fails
its test (it does not hang the suite), and an exception raised in a thread is re-raised
in the test. Waits between threads (events, barriers) have timeouts too.
"""
import contextlib
import sys
import threading
import time

import numpy as np
import pytest

import tfcompat as tf

DEADLINE_S = 30.0   # for all of one test's threads together (a hang guard: the slowest test takes ~6 s on 2 cores)
WAIT_S = 15.0       # for one thread waiting on another (an Event or a Barrier)
N_THREADS = 4


def run_threads(*targets, deadline_s=DEADLINE_S):
    """Run each callable in its own daemon thread; return their results in order.

    Joins every thread against one deadline and fails the test if one is still running;
    re-raises the first exception a thread raised (in thread order)."""
    results = [None] * len(targets)
    raised = [None] * len(targets)

    def body(i, fn):
        try:
            results[i] = fn()
        except BaseException as e:  # noqa: BLE001 -- handed to the test's thread below
            raised[i] = e

    threads = [threading.Thread(target=body, args=(i, fn), name=f"test-thread-{i}", daemon=True)
               for i, fn in enumerate(targets)]
    for t in threads:
        t.start()
    end = time.monotonic() + deadline_s
    for t in threads:
        t.join(max(0.0, end - time.monotonic()))
    alive = [t.name for t in threads if t.is_alive()]
    assert not alive, f"threads still running after {deadline_s} s: {alive}"
    for e in raised:
        if e is not None:
            raise e
    return results


def wait(event):
    """Event.wait that fails (in the waiting thread) instead of blocking forever."""
    if not event.wait(WAIT_S):
        raise TimeoutError(f"no signal within {WAIT_S} s")


@contextlib.contextmanager
def frequent_switches():
    """Let the interpreter switch threads every few microseconds (default: 5 ms), so that
    a read-modify-write without a lock is interrupted often enough to lose updates."""
    saved = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(saved)


# -- 1. Variable updates are atomic: none is lost ------------------------------------------

STEPS = 2000

# (id, initial value, dtype, update applied STEPS times by each of N_THREADS threads,
#  TF 2.21's final value: 4 threads x 2000 updates, none lost)
UPDATES = [
    ("assign_add-float32", 0.0, tf.float32, lambda v: v.assign_add(1.0), 8000.0),
    ("assign_sub-float32", 0.0, tf.float32, lambda v: v.assign_sub(1.0), -8000.0),
    ("assign_add-int32", 0, tf.int32, lambda v: v.assign_add(1), 8000),
    ("assign_sub-int32", 0, tf.int32, lambda v: v.assign_sub(1), -8000),
    ("assign_add-no-read", 0.0, tf.float32, lambda v: v.assign_add(1.0, read_value=False), 8000.0),
    ("scatter_nd_add-float32", [0.0] * 4, tf.float32,
     lambda v: v.scatter_nd_add([[0], [2]], [1.0, 1.0]), [8000.0, 0.0, 8000.0, 0.0]),
    ("scatter_nd_sub-int32", [0] * 4, tf.int32,
     lambda v: v.scatter_nd_sub([[1], [3]], [1, 1]), [0, -8000, 0, -8000]),
    ("scatter_add-float32", [0.0] * 4, tf.float32,
     lambda v: v.scatter_add(tf.IndexedSlices(tf.constant([1.0, 1.0]), tf.constant([1, 3]))),
     [0.0, 8000.0, 0.0, 8000.0]),
    ("scatter_sub-int32", [0] * 4, tf.int32,
     lambda v: v.scatter_sub(tf.IndexedSlices(tf.constant([1, 1]), tf.constant([0, 2]))),
     [-8000, 0, -8000, 0]),
]


@pytest.mark.parametrize("initial, dtype, update, expected",
                         [u[1:] for u in UPDATES], ids=[u[0] for u in UPDATES])
def test_concurrent_updates_are_not_lost(initial, dtype, update, expected):
    v = tf.Variable(initial, dtype=dtype)
    start = threading.Barrier(N_THREADS, timeout=WAIT_S)

    def worker():
        start.wait()
        for _ in range(STEPS):
            update(v)

    with frequent_switches():
        run_threads(*[worker] * N_THREADS)
    got = v.numpy()
    assert got.dtype == dtype.as_numpy_dtype
    np.testing.assert_array_equal(got, np.array(expected, dtype.as_numpy_dtype))


def test_concurrent_updates_inside_tf_function_are_not_lost():
    v = tf.Variable(0.0)

    @tf.function
    def step():
        v.assign_add(1.0)
        v.assign_sub(0.5)

    step()   # traced here, once; then 4 threads x 500 calls
    v.assign(0.0)
    start = threading.Barrier(N_THREADS, timeout=WAIT_S)

    def worker():
        start.wait()
        for _ in range(500):
            step()

    with frequent_switches():
        run_threads(*[worker] * N_THREADS)
    assert v.numpy() == 1000.0   # TF 2.21: 1000.0 (2000 calls x +0.5)


# -- 2. A GradientTape records only its own thread's ops ----------------------------------

def test_tape_does_not_record_ops_of_another_thread():
    x = tf.constant(2.0)
    v = tf.Variable(2.0)
    tape_open = threading.Event()
    b_done = threading.Event()
    from_b = {}

    def a():
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            tape_open.set()
            wait(b_done)               # B computes while this tape is open
            own = x * 5.0
        return (tape.gradient(from_b["y"], x), tape.gradient(from_b["yv"], v),
                tape.watched_variables(), tape.gradient(own, x))

    def b():
        wait(tape_open)
        from_b["y"] = x * 3.0
        from_b["yv"] = v * 3.0         # a trainable Variable read in B
        b_done.set()

    (g_x, g_v, watched, g_own), _ = run_threads(a, b)
    # TF 2.21: None, None, () -- B's ops and reads are not on A's tape; A's own op is.
    assert g_x is None
    assert g_v is None
    assert watched == ()
    assert float(g_own) == 5.0
    assert float(from_b["y"]) == 6.0


def test_tapes_of_two_threads_interleaved_out_of_order():
    """A opens its tape, then B opens one; A closes first. Each tape keeps recording its
    own thread's ops until it closes, whatever the other thread does."""
    x = tf.constant(3.0)
    a_open, b_open, a_closed = threading.Event(), threading.Event(), threading.Event()

    def a():
        with tf.GradientTape() as tape:
            tape.watch(x)
            a_open.set()
            wait(b_open)
            y = x * x                  # d/dx = 2x = 6
        a_closed.set()
        return tape.gradient(y, x)

    def b():
        wait(a_open)
        with tf.GradientTape() as tape:
            tape.watch(x)
            b_open.set()
            wait(a_closed)
            y = x * 7.0                # recorded although A's tape, opened first, closed
        return tape.gradient(y, x)

    g_a, g_b = run_threads(a, b)
    assert float(g_a) == 6.0           # TF 2.21: 6.0
    assert float(g_b) == 7.0           # TF 2.21: 7.0


def test_concurrent_tapes_each_give_exact_gradients():
    shared = tf.Variable(2.0)          # read by every thread's tape
    start = threading.Barrier(N_THREADS, timeout=WAIT_S)

    def worker(k):
        def run():
            own = tf.Variable(float(k + 1))
            x = tf.constant(float(k + 2))
            start.wait()
            for step in range(200):
                c = float(step % 5 + 1)
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    y = shared * own * x * x * c
                g_shared, g_own, g_x = tape.gradient(y, [shared, own, x])
                # small integers: every product is exact in float32
                expected = ((k + 1) * (k + 2) ** 2 * c, 2.0 * (k + 2) ** 2 * c,
                            2.0 * (k + 1) * 2 * (k + 2) * c)
                got = (float(g_shared), float(g_own), float(g_x))
                assert got == expected, f"thread {k} step {step}: {got} != {expected}"
            return step + 1
        return run

    assert run_threads(*[worker(k) for k in range(N_THREADS)]) == [200] * N_THREADS


# -- 3. A trace in one thread while another trains eagerly --------------------------------

def test_tracing_races_with_eager_training():
    w = tf.Variable(2.0)               # shared: read by the traces and by the training loop
    b = tf.Variable(1.0)               # trained by B
    b_running, a_done = threading.Event(), threading.Event()
    during_a = {"steps": 0}

    def tracer():
        wait(b_running)
        try:
            out = []
            for n in range(1, 61):     # 60 new tf.functions, a new shape each
                f = tf.function(lambda x: tf.reduce_sum(x * w) + tf.cast(tf.size(x), tf.float32))
                out.append(float(f(tf.ones([n]))))
                assert f.experimental_get_tracing_count() == 1
            return out
        finally:
            a_done.set()

    def trainer():
        expected_b = 1.0
        step = 0
        while True:
            x = float(step % 7)
            with tf.GradientTape() as tape:
                loss = w * b * x
            g_w, g_b = tape.gradient(loss, [w, b])
            # integers below 2**24: exact in float32
            assert tf.executing_eagerly()
            assert (float(g_w), float(g_b)) == (expected_b * x, 2.0 * x), f"step {step}"
            b.assign_add(g_b)
            expected_b += 2.0 * x
            step += 1
            if step == 1:
                b_running.set()
            elif not a_done.is_set():
                during_a["steps"] = step
            else:
                break
        assert float(b) == expected_b
        return step

    traced, _ = run_threads(tracer, trainer)
    assert traced == [3.0 * n for n in range(1, 61)]    # 2n + n
    assert during_a["steps"] > 1, "B never ran while A traced"

    # Nothing leaked into the main thread: no tracer in the Variables, eager mode, no tape.
    assert w.numpy() == 2.0
    assert float(w + 1) == 3.0
    assert b.numpy() == float(b)
    assert tf.executing_eagerly()
    y0 = w * 4.0                       # outside any tape
    with tf.GradientTape(persistent=True) as tape:
        y1 = w * 5.0
    assert tape.watched_variables() == (w,)
    assert tape.gradient(y0, w) is None
    assert float(tape.gradient(y1, w)) == 5.0
    assert tape.gradient(y1, b) is None


# -- 4. executing_eagerly is per thread; run_functions_eagerly is process-wide ------------

def test_executing_eagerly_is_per_thread():
    in_trace = threading.Event()
    checked = [threading.Event(), threading.Event()]
    seen = {}

    @tf.function
    def f(x):
        seen["a"] = tf.executing_eagerly()
        in_trace.set()
        for event in checked:          # hold the trace open while B and C look
            wait(event)
        return x + 1.0

    def a():
        return float(f(tf.constant(1.0)))

    def looker(name, done):
        def run():
            wait(in_trace)
            seen[name] = tf.executing_eagerly()
            done.set()
        return run

    result, _, _ = run_threads(a, looker("b", checked[0]), looker("c", checked[1]))
    assert result == 2.0
    # TF 2.21: {'a': False, 'b': True, 'c': True}: False only in the thread tracing.
    assert seen == {"a": False, "b": True, "c": True}
    assert tf.executing_eagerly() is True


def test_run_functions_eagerly_is_process_wide():
    seen = {}

    def other():
        @tf.function
        def g():
            return tf.executing_eagerly()

        seen["flag"] = tf.config.functions_run_eagerly()
        seen["inside"] = bool(g())

    assert tf.config.functions_run_eagerly() is False
    tf.config.run_functions_eagerly(True)
    try:
        run_threads(other)
    finally:
        tf.config.run_functions_eagerly(False)
    # TF 2.21: {'flag': True, 'inside': True} -- set in the main thread, seen in another.
    assert seen == {"flag": True, "inside": True}
    assert tf.config.functions_run_eagerly() is False


# -- 5. One tf.function called from several threads at once ------------------------------

def _make_model():
    rng = np.random.default_rng(0)
    w = tf.Variable(rng.standard_normal((32, 8)).astype(np.float32))
    bias = tf.Variable(rng.standard_normal(8).astype(np.float32))

    @tf.function
    def f(x):
        h = tf.tanh(tf.matmul(x, w) + bias)
        return tf.reduce_sum(h * h, axis=1) + tf.reduce_mean(x)

    return f


def _inputs():
    rng = np.random.default_rng(1)
    inputs = [tf.constant(rng.standard_normal((16, 32)).astype(np.float32)) for _ in range(6)]
    return inputs + [tf.constant(rng.standard_normal((5, 32)).astype(np.float32)) for _ in range(2)]


def _call_from_threads(f, inputs, rounds):
    """Each of N_THREADS threads calls `f` on every input `rounds` times, from a common
    start (so that the first calls, which trace, race too); [(input index, output)] each."""
    start = threading.Barrier(N_THREADS, timeout=WAIT_S)

    def worker(k):
        def run():
            start.wait()
            got = []
            for r in range(rounds):
                for i in range(len(inputs)):
                    j = (i + k + r) % len(inputs)
                    got.append((j, f(inputs[j]).numpy()))
            return got
        return run

    return run_threads(*[worker(k) for k in range(N_THREADS)])


def test_concurrent_calls_match_one_thread_bit_for_bit():
    inputs = _inputs()
    ref_f = _make_model()
    reference = [ref_f(x).numpy() for x in inputs]
    f = _make_model()                  # the same weights, called first from the threads
    for got in _call_from_threads(f, inputs, rounds=25):
        assert len(got) == 25 * len(inputs)
        for j, out in got:
            assert out.dtype == reference[j].dtype and out.shape == reference[j].shape
            assert out.tobytes() == reference[j].tobytes(), f"input {j}"


def test_concurrent_first_calls_trace_once_per_shape():
    f = _make_model()
    _call_from_threads(f, _inputs(), rounds=2)
    # TF 2.21: 2 (one trace per input shape, although 4 threads made the first calls at
    # once: TF traces under the function's lock; the same in every one of 6 runs).
    assert f.experimental_get_tracing_count() == 2


# -- 6. Traces finish, and Variables are made, on several threads at once -----------------

def test_traces_and_variables_made_on_several_threads():
    # Each finished trace records its tensors' names in one process-wide table (a leaked
    # tensor is named as TF names it), and each Variable joins the process-wide list that
    # tf.function threads as state; tf.data's prefetch threads trace while Keras's thread
    # does. Unlocked, these raised "dictionary changed size during iteration" (Keras's
    # trainer_test in CI). TF 2.21: every thread's values below, no error, and distinct
    # names.
    names = []

    def worker(k):
        def run():
            values, leaked = [], []        # leaked tensors keep the table full
            for i in range(30):
                @tf.function
                def f(x):
                    with tf.init_scope():          # lists the live Variables
                        pass
                    for _ in range(16):
                        x = x * 2.0 - 1.0
                        leaked.append(x)
                    return x
                v = tf.Variable(float(i))
                x = tf.constant([2.0 + k + i])
                values.append((float(f(x)[0]), float(v)))
                names.append(f.get_concrete_function(x).name)
            return values
        return run

    with frequent_switches():
        results = run_threads(*(worker(k) for k in range(N_THREADS)))
    # x -> 2x - 1 sixteen times maps 1 + d to 1 + 2**16 * d (below 2**24: exact in float32)
    assert results == [[(1.0 + 2.0 ** 16 * (1 + k + i), float(i)) for i in range(30)]
                       for k in range(N_THREADS)]
    # each trace has a name of its own (b'__inference_f_<n>')
    assert len(set(names)) == len(names) == 30 * N_THREADS
    assert all(isinstance(n, bytes) and n.startswith(b"__inference_f_") for n in names)


def test_random_draws_of_several_threads_are_the_one_threads_draws():
    # An eager random op's kernel reserves its Philox counters under a lock: threads that
    # share the kernel (the same op and seeds) draw the numbers one thread would, each
    # once. Unlocked, two threads could read the same state and draw the same numbers.
    # TF 2.21: the same 600 draws, none repeated.
    def draws(n):
        return [tuple(tf.random.uniform([2], seed=5).numpy().tolist()) for _ in range(n)]

    tf.random.set_seed(1)
    reference = draws(N_THREADS * 150)
    tf.random.set_seed(1)
    with frequent_switches():
        results = run_threads(*(lambda: draws(150) for _ in range(N_THREADS)))
    drawn = [d for r in results for d in r]
    assert len(set(reference)) == len(reference)
    assert sorted(drawn) == sorted(reference)


def _control_flow_nodes(f, *args):
    return [(n.name, n.op) for n in f.get_concrete_function(*args).graph.as_graph_def().node
            if "While" in n.op or "If" in n.op]


def test_control_flow_traced_on_two_threads_at_once():
    # The cond and while constructs being traced, and AutoGraph's staging depth, are each
    # thread's own. While B traces its loop's body, A traces a loop that defines its
    # result (checked at the top level of its function) and a cond. They were
    # process-wide: A's check raised as if inside B's staged body, and B's while node
    # took the name of A's cond.
    b_in_body, a_in_branch, b_done = threading.Event(), threading.Event(), threading.Event()

    @tf.function
    def loop(n):
        i = tf.constant(0)
        while i < n:                   # AutoGraph stages the body
            b_in_body.set()
            wait(a_in_branch)
            i += 1
        return i

    def true_branch(x):
        a_in_branch.set()
        wait(b_done)
        return x * 2

    @tf.function
    def branch(x):
        return tf.cond(x > 0, lambda: true_branch(x), lambda: x)

    @tf.function
    def last(n):
        for i in tf.range(n):
            y = i
        return y

    def a():
        wait(b_in_body)
        return int(last(tf.constant(3))), int(branch(tf.constant(3)))

    def b():
        try:
            return int(loop(tf.constant(4)))
        finally:
            b_done.set()

    (last_i, doubled), counted = run_threads(a, b)
    assert (last_i, doubled, counted) == (2, 6, 4)
    # TF 2.21: the same nodes
    assert _control_flow_nodes(loop, tf.constant(4)) == [("while", "StatelessWhile")]
    assert _control_flow_nodes(branch, tf.constant(3)) == [("cond", "StatelessIf")]


@pytest.mark.parametrize("prefetch", [False, True])
def test_threads_sharing_an_iterator_each_get_their_own_elements(prefetch):
    # TF serializes IteratorGetNext: four threads reading one iterator get each element
    # once (TF 2.21: all 2,000, none twice). Unlocked, the reads of two threads raised
    # "generator already executing".
    ds = tf.data.Dataset.range(2000).map(lambda x: x * 2)
    it = iter(ds.prefetch(2) if prefetch else ds)

    def reader():
        return [int(next(it)) for _ in range(500)]

    with frequent_switches():
        results = run_threads(*(reader for _ in range(N_THREADS)))
    got = [x for r in results for x in r]
    assert sorted(got) == list(range(0, 4000, 2))
    assert all(r == sorted(r) for r in results)    # each thread's, in the dataset's order
    with pytest.raises(StopIteration):
        next(it)


@pytest.mark.parametrize("draw", ["normal", "binomial"])
def test_a_generator_shared_by_threads_draws_each_number_once(draw):
    # tf.random.Generator reads and skips its state under the state's lock (TF's
    # RngReadAndSkip and StatefulRandomBinomial): four threads draw what one would. TF
    # 2.21: the same 600 draws. Unlocked, about half were repeats (353 distinct of 800).
    def sample(g):
        if draw == "normal":
            return tuple(g.normal([2]).numpy().tolist())
        return tuple(g.binomial([2], counts=100.0, probs=0.5).numpy().tolist())

    reference_generator = tf.random.Generator.from_seed(1)
    reference = [sample(reference_generator) for _ in range(N_THREADS * 150)]
    g = tf.random.Generator.from_seed(1)
    with frequent_switches():
        results = run_threads(*(lambda: [sample(g) for _ in range(150)]
                                for _ in range(N_THREADS)))
    assert sorted(d for r in results for d in r) == sorted(reference)
    if draw == "normal":
        assert len(set(reference)) == len(reference)


def test_prints_of_overlapping_traces_on_two_threads(capsys):
    """A trace on the main thread and another thread's silent trace (an iterator's partial
    batch: TF traces once) overlap, the main one ending first. Each trace's prints reach
    stdout once, and sys.stdout is the same stream after (tfcompat holds a trace's prints
    per thread; swapping sys.stdout itself lost the stream, and every print after)."""
    stdout = sys.stdout
    main_in, other_in, main_done = threading.Event(), threading.Event(), threading.Event()
    calls = []

    @tf.function
    def first(x):
        print("traced first")
        main_in.set()
        wait(other_in)
        return x + 1

    @tf.function
    def take(iterator):
        x = next(iterator)
        calls.append(None)
        if len(calls) == 2:   # (tfcompat's trace of the partial batch, inside first's)
            other_in.set()
            wait(main_done)
        print("traced take")
        return x

    def other():
        iterator = iter(tf.data.Dataset.range(3).batch(2))
        out = [take(iterator).numpy().tolist()]
        wait(main_in)
        out.append(take(iterator).numpy().tolist())
        other_in.set()   # (TF made no second trace)
        return out

    results = []
    helper = threading.Thread(target=lambda: results.append(run_threads(other)[0]),
                              daemon=True)
    helper.start()
    try:
        assert int(first(tf.constant(1))) == 2
    finally:
        main_done.set()
        helper.join(DEADLINE_S)
    assert results == [[[0, 1], [2]]]
    assert sys.stdout is stdout
    print("after")
    assert sorted(capsys.readouterr().out.splitlines()) == \
        ["after", "traced first", "traced take"]


def test_a_variable_made_on_another_thread_during_an_init_scope_is_not_this_traces():
    # A tf.init_scope block inside a trace lifts the Variables it creates out of the
    # traces in progress, which are then traced again with them. A Variable another
    # thread creates meanwhile is not one of them: the trace stands, traced once. (It was
    # taken for the trace's own, so the trace gave no function and the call raised,
    # "'NoneType' object has no attribute '_call_flat'", in CI.) TF 2.21: 5.0 1 and 3.0.
    entered, made = threading.Event(), threading.Event()

    @tf.function
    def f(x):
        with tf.init_scope():
            entered.set()
            assert made.wait(WAIT_S)
        return x * 2.0 + 1.0

    def tracer():
        return float(f(tf.constant(2.0))), f.experimental_get_tracing_count()

    def creator():
        assert entered.wait(WAIT_S)
        v = tf.Variable(3.0)
        made.set()
        return float(v)

    assert run_threads(tracer, creator) == [(5.0, 1), 3.0]
