"""Programs of tests/test_summary.py: tf.summary's event files, tf.summary.trace_on /
trace_export, tf.profiler.experimental. Each runs under TF (recorded in summary.json by
tools/record_file_goldens.py) and under tfcompat (the tests); see file_goldens.py.

Files are decoded with file_readers (no TF); wall times, host names, process ids and the
timestamps in file and directory names are left out of what is returned.
"""
import contextlib
import glob
import logging
import os
import socket

import file_readers as fr

PROGRAMS = {}


def program(fn):
    PROGRAMS[fn.__name__] = fn
    return fn


@contextlib.contextmanager
def warnings_logged(into):
    """The messages of the WARNING records on the ``tensorflow`` logger, into `into`."""
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: into.append(record.getMessage())
    logger = logging.getLogger("tensorflow")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


def outcome(fn):
    """["ok", fn()] or [exception type name, message]."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001 - the exception is the observation
        return [type(e).__name__, str(e)]


@program
def reference_events(tf, d):
    """Scalars, histograms (default and given buckets, a constant, an empty one), an
    image, and scalars written from a tf.function on each call."""
    w = tf.summary.create_file_writer(d)
    with w.as_default():
        tf.summary.scalar("loss", 0.5, step=1)
        with tf.name_scope("outer"):
            tf.summary.scalar("acc", 3, step=2, description="accuracy")
        tf.summary.histogram("h", [1., 2., 3., 4., 10.], step=3)
        tf.summary.histogram("h5", [1., 2., 3., 4., 10.], step=3, buckets=5)
        tf.summary.histogram("const", [2., 2., 2.], step=4, buckets=3)
        tf.summary.histogram("empty", tf.zeros([0]), step=5, buckets=3)
        tf.summary.image("img", tf.reshape(tf.range(12, dtype=tf.float32) / 12., [1, 2, 2, 3]),
                         step=6)

        @tf.function
        def f(x, s):
            tf.summary.scalar("in_fn", x * 2, step=s)
            return x + 1
        f(tf.constant(1.0), tf.constant(7, tf.int64))
        f(tf.constant(2.0), tf.constant(8, tf.int64))
    w.close()
    return fr.event_rows(d)


@program
def event_file_name(tf, d):
    """The event file's name: events.out.tfevents.<seconds>.<host>.<pid>.<n><suffix>."""
    w = tf.summary.create_file_writer(os.path.join(d, "logs"))
    (name,) = os.listdir(os.path.join(d, "logs"))
    w.close()
    host = socket.gethostname()
    prefix, _, rest = name.partition(f".{host}.")
    parts = prefix.split(".") + rest.split(".")
    seconds, pid, n = parts[3], parts[4], parts[5]
    return {"parts": parts[:3] + ["<seconds>", "<host>", "<pid>", "<n>"] + parts[6:],
            "seconds": [seconds.isdigit(), len(seconds)], "pid": pid == str(os.getpid()),
            "n": n.isdigit()}


@program
def function_writes_on_every_call(tf, d):
    """A tf.function with constant arguments writes on each call."""
    w = tf.summary.create_file_writer(d)

    @tf.function
    def f():
        return tf.summary.scalar("c", 1.5, step=3)
    with w.as_default():
        results = [bool(f().numpy()) for _ in range(3)]
    w.close()
    return {"results": results, "rows": fr.event_rows(d)}


@program
def variable_step_and_traced_record_if(tf, d):
    """The step a Variable, record_if a traced condition."""
    w = tf.summary.create_file_writer(d)
    step = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def train(x):
        step.assign_add(1)
        with tf.summary.record_if(step % 2 == 0):
            return tf.summary.histogram("x", x, step=step, buckets=2)
    with w.as_default():
        recorded = [bool(train(tf.constant([float(i), 0.0]))) for i in range(4)]
    w.close()
    return {"recorded": recorded, "rows": fr.event_rows(d)}


@program
def audio_wav(tf, d):
    """tf.summary.audio: the WAV bytes of the first clip and its (empty) label."""
    w = tf.summary.create_file_writer(d)
    with w.as_default():
        tf.summary.audio("a", tf.constant([[[0.5], [-1.0], [2.0]], [[0.1], [0.2], [0.3]]]),
                         8000, step=1, max_outputs=1)
    w.close()
    return fr.event_rows(d, raw_strings=True)


@program
def flush_waits_for_function_writes(tf, d):
    """tf.summary.flush() inside the writer: what a tf.function wrote is in the file."""
    w = tf.summary.create_file_writer(d, max_queue=1000)

    @tf.function
    def f(x):
        tf.summary.scalar("x", x, step=1)
    with w.as_default():
        for i in range(5):
            f(tf.constant(float(i)))
        tf.summary.flush()
        rows = fr.event_rows(d)
    w.close()
    return rows


def _traced_functions(tf):
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def my_func(x):
        return tf.nn.relu(x * 2.0)

    @tf.function
    def step_fn(x, y):
        v.assign_add(x)
        return x + y, v * 3.0
    # (the inputs exist before the trace starts: TF would export the function of each
    # eager op that makes one while it is on)
    return my_func, step_fn, tf.constant([1.0, -1.0]), tf.constant(0.5), tf.constant(0, tf.int64)


def _trace_summary(d):
    """The rows of the one event file in `d`, the RunMetadata's fields, and the
    pre-optimization graph of each function (what TensorBoard's graph plugin shows)."""
    (e,) = [e for e in fr.events(d) if "summary" in e]
    (value,) = e["summary"]["value"]
    meta = fr.run_metadata(value["tensor"]["string_val"][0])
    graphs = [g["pre_optimization_graph"] for g in meta.get("function_graphs", [])]
    # TF also exports the one-op function of an eager op run while the trace is on
    # (``input`` -> op -> ``output_RetVal``) the first time the process runs it (with
    # the profiler: a string Identity); tfcompat exports tf.functions only. Left out.
    graphs = [g for g in graphs if not any(n.get("name") == "output_RetVal"
                                           for n in g.get("node", []))]
    return {"rows": [row[:7] for row in fr.event_rows(d)],
            "function_graphs": [{"nodes": fr.graph_nodes(g), "versions": g.get("versions"),
                                 "library": g.get("library")} for g in graphs]}


@program
def trace_export_graph(tf, d):
    """trace_on(graph=True), two tf.functions called (one twice), trace_export."""
    w = tf.summary.create_file_writer(d)
    my_func, step_fn, x, y, step = _traced_functions(tf)
    logged = []
    with warnings_logged(logged):
        tf.summary.trace_on(graph=True, profiler=False)
        outputs = [my_func(x).numpy().tolist()]
        for _ in range(2):
            outputs.append([t.numpy().tolist() for t in step_fn(x, y)])
        with w.as_default():
            exported = tf.summary.trace_export("my_trace", step=step)
    w.close()
    return {"outputs": outputs, "exported": exported, "warnings": logged} | _trace_summary(d)


@program
def trace_export_with_profiler(tf, d):
    """trace_on(graph=True, profiler=True, profiler_outdir=...): the graphs as a
    "graph_run_metadata" summary, a profile under profiler_outdir."""
    w = tf.summary.create_file_writer(os.path.join(d, "events"))
    my_func, _, x, _, step = _traced_functions(tf)
    logged = []
    with warnings_logged(logged):
        tf.summary.trace_on(graph=True, profiler=True,
                            profiler_outdir=os.path.join(d, "profile"))
        output = my_func(x).numpy().tolist()
        with w.as_default():
            exported = tf.summary.trace_export("my_trace", step=step)
    w.close()
    profile = os.path.join(d, "profile")
    files = fr.profile_files(profile)
    (xplane,) = _xplanes(profile)
    names = {event[2] for event in fr.xspace_events(fr.xspace(xplane))}
    return {"output": output, "exported": exported, "warnings": logged,
            "profile_files": files, "my_func_in_profile": any("my_func" in n for n in names)
            } | _trace_summary(os.path.join(d, "events"))


def _xplanes(logdir):
    root = os.path.join(logdir, "plugins", "profile")
    return [os.path.join(root, run, name) for run in sorted(os.listdir(root))
            for name in sorted(os.listdir(os.path.join(root, run)))
            if name.endswith(".xplane.pb")]


@program
def profiler(tf, d):
    """start/stop (its errors), a Trace with metadata around a tf.function call, the
    profile's files and events; Profile; stop(save=False)."""
    @tf.function
    def my_step(x):
        return tf.reduce_sum(x * 2.0)
    x = tf.ones([4])
    out = {"stop_unstarted": outcome(tf.profiler.experimental.stop)[0]}
    tf.profiler.experimental.start(os.path.join(d, "p1"))
    out["start_twice"] = outcome(lambda: tf.profiler.experimental.start(d))[0]
    with tf.profiler.experimental.Trace("train", step_num=1) as t:
        t.set_metadata(extra=2)
        out["result"] = float(my_step(x))
    tf.profiler.experimental.stop()
    out["files"] = fr.profile_files(os.path.join(d, "p1"))
    (xplane,) = _xplanes(os.path.join(d, "p1"))
    space = fr.xspace(xplane)
    events = fr.xspace_events(space)
    out["hostnames"] = [h == socket.gethostname() for h in space.get("hostnames", [])]
    out["train"] = [e for e in events if e[2] == "train"]
    out["my_step_in_profile"] = any("my_step" in e[2] for e in events)
    # jax's Chrome trace beside the XSpace (TF writes none: None)
    traces = glob.glob(os.path.join(d, "p1", "plugins", "profile", "*", "*.trace.json.gz"))
    out["trace_json"] = [e for e in fr.trace_json_events(traces[0])
                         if e[0] == "train" or e[0].startswith("PjitFunction(__inference_my_step")
                         ] if traces else None
    with tf.profiler.experimental.Profile(os.path.join(d, "p2")):
        tf.ones([2]) * 2
    out["profile_files"] = fr.profile_files(os.path.join(d, "p2"))
    tf.profiler.experimental.start(os.path.join(d, "p3"))
    tf.profiler.experimental.stop(save=False)
    out["unsaved_exists"] = os.path.exists(os.path.join(d, "p3"))
    return out
