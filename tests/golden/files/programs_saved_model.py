"""Programs of tests/test_saved_model.py: tf.saved_model.save / load. Each runs under TF
(recorded in saved_model.json by tools/record_file_goldens.py) and under tfcompat (the
tests); see file_goldens.py. The classes are defined inside the programs, from the `tf`
given. Paths in messages are shown as "<dir>".
"""
import os

PROGRAMS = {}


def program(fn):
    PROGRAMS[fn.__name__] = fn
    return fn


def outcome(fn, d=None):
    """["ok", fn()] or [exception type name, message] (`d` shown as "<dir>")."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001 - the exception is the observation
        message = str(e)
        return [type(e).__name__, message.replace(d, "<dir>") if d else message]


def values(t):
    return t.numpy().tolist()


def _model(tf):
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0], name="vv")
            self.c = tf.Variable(3, trainable=False)
            self.lst = [tf.Variable(1.0), {"a": tf.Variable(2.0)}]
            self.sub = tf.Module()
            self.sub.w = tf.Variable(5.0)

        @tf.function
        def f(self, x, k=2):
            return self.v * x * k

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def g(self, x):
            self.v.assign_add(x)
            return {"out": self.v * 2.0, "n": self.c}

        @tf.function
        def untraced(self, x):
            return x
    return Model


def _loaded_model(tf, d):
    """A Model with f traced for k=2 and k=3, saved to d/m and loaded."""
    m = _model(tf)()
    m.f(tf.constant([1.0, 1.0]))
    m.f(tf.constant([1.0, 1.0]), 3)
    tf.saved_model.save(m, os.path.join(d, "m"))
    return tf.saved_model.load(os.path.join(d, "m"))


@program
def object_graph_and_variables(tf, d):
    loaded = _loaded_model(tf, d)
    return {"type": type(loaded).__qualname__, "f_type": type(loaded.f).__name__,
            "is_module": isinstance(loaded, tf.Module),
            "v": repr(loaded.v), "c": repr(loaded.c),
            "trainable": [loaded.v.trainable, loaded.c.trainable],
            "lst": [float(loaded.lst[0].numpy()), float(loaded.lst[1]["a"].numpy())],
            "sub.w": float(loaded.sub.w.numpy()),
            "contains": [tf.saved_model.contains_saved_model(os.path.join(d, "m")),
                         tf.saved_model.contains_saved_model(os.path.join(d, "nothing"))]}


@program
def calls_match_saved_traces(tf, d):
    """The restored f matches its saved traces (k=2, k=3), by position and keyword;
    calls matching none raise."""
    loaded = _loaded_model(tf, d)
    x = tf.constant([1.0, 1.0])
    calls = {
        "f(x)": lambda: loaded.f(x),
        "f(x, 3)": lambda: loaded.f(x, 3),
        "f(x, k=3)": lambda: loaded.f(x, k=3),
        "f(x=x)": lambda: loaded.f(x=x),
        "f([1.0, 2.0])": lambda: loaded.f([1.0, 2.0]),
        "f(x, k=2.0)": lambda: loaded.f(x, k=2.0),
        "f(float32[3])": lambda: loaded.f(tf.constant([1.0, 1.0, 1.0])),
        "f(int32[2])": lambda: loaded.f(tf.constant([1, 1])),
        "f(x, tensor k)": lambda: loaded.f(x, tf.constant(2)),
        "untraced": lambda: loaded.untraced(tf.constant(1.0)),
    }
    return {name: outcome(lambda call=call: values(call())) for name, call in calls.items()}


@program
def assignments_and_default_signature(tf, d):
    loaded = _loaded_model(tf, d)
    out = loaded.g(tf.constant([1.0, 1.0]))
    result = {"keys": sorted(out), "out": values(out["out"]), "n": int(out["n"].numpy()),
              "v": values(loaded.v), "g(list)": values(loaded.g([1.0, 1.0])["out"]),
              "signatures": list(loaded.signatures)}
    out = loaded.signatures["serving_default"](x=tf.constant([1.0, 1.0]))
    result["serving_default"] = {k: values(t) for k, t in sorted(out.items())}
    result["v after"] = values(loaded.v)
    return result


def _lin(tf):
    class Lin(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
            self.b = tf.Variable([0.5, -0.5], name="b")

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def __call__(self, x):
            return tf.nn.relu(tf.matmul(x, self.w) + self.b)
    return Lin


@program
def unknown_dimension_and_gradients(tf, d):
    tf.saved_model.save(_lin(tf)(), os.path.join(d, "lin"))
    lin = tf.saved_model.load(os.path.join(d, "lin"))
    x = tf.constant([[1.0, -1.0], [0.5, 2.0], [1.0, 1.0]])
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(lin(x) ** 2)
    gx, gw, gb = t.gradient(y, [x, lin.w, lin.b])
    out = lin.signatures["serving_default"](x=tf.ones([1, 2]))
    return {"y": float(y.numpy()), "gx": values(gx), "gw": values(gw), "gb": values(gb),
            "lin(ones)": values(lin(tf.ones([1, 2]))),
            "serving_default": {k: values(t) for k, t in sorted(out.items())}}


def _custom(tf):
    @tf.custom_gradient
    def clip_gradients(y):
        def backward(dy):
            return tf.clip_by_norm(dy, 0.5)
        return y, backward

    class Custom(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None)])
        def call_custom_grad(self, x):
            return clip_gradients(x)
    return Custom


@program
def custom_gradient_survives(tf, d):
    """A custom gradient saved with experimental_custom_gradients=True is used after
    loading."""
    tf.saved_model.save(_custom(tf)(), os.path.join(d, "c"), options=tf.saved_model.SaveOptions(
        experimental_custom_gradients=True))
    loaded = tf.saved_model.load(os.path.join(d, "c"))
    v = tf.Variable(2.0)
    with tf.GradientTape() as t:
        out = loaded.call_custom_grad(v * v)
    scalar_grad = float(t.gradient(out, v).numpy())
    v = tf.Variable([3.0, 4.0])
    with tf.GradientTape() as t:
        out = loaded.call_custom_grad(v * v)
    return {"scalar grad": scalar_grad, "out": values(out), "grad": values(t.gradient(out, v))}


def _gen(tf):
    class Gen(tf.Module):
        def __init__(self):
            super().__init__()
            self.g = tf.random.Generator.from_seed(0)

        @tf.function
        def __call__(self):
            return self.g.normal([])

        @tf.function
        def state(self):
            return self.g.state
    return Gen


@program
def generator_state_advances(tf, d):
    """A tf.random.Generator's state is saved, and advances in the loaded object."""
    m = _gen(tf)()
    out = {"first": float(m().numpy()), "state": values(m.state())}
    tf.saved_model.save(m, os.path.join(d, "g"))
    out["after save"] = float(m().numpy())
    imported = tf.saved_model.load(os.path.join(d, "g"))
    out["loaded"] = []
    out["loaded state"] = [values(imported.state())]
    for _ in range(2):
        out["loaded"].append(float(imported().numpy()))
        out["loaded state"].append(values(imported.state()))
    return out


def _counter(tf):
    class Counter(tf.Module):
        def __init__(self):
            super().__init__()
            self.n = tf.Variable(0, dtype=tf.int64)

        @tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
        def add(self, k):
            self.n.assign_add(k)
            return self.n.read_value()
    return Counter


@program
def called_inside_tf_function(tf, d):
    tf.saved_model.save(_counter(tf)(), os.path.join(d, "n"))
    loaded = tf.saved_model.load(os.path.join(d, "n"))

    @tf.function
    def twice(k):
        loaded.add(k)
        return loaded.add(k) * 10
    return {"twice": int(twice(tf.constant(3, tf.int64)).numpy()), "n": int(loaded.n.numpy())}


@program
def nested_inputs_and_outputs(tf, d):
    class Nested(tf.Module):
        @tf.function
        def f(self, d, pair):
            return (d["a"] + pair[0], [pair[1] * 2, None])

    m = Nested()
    m.f({"a": tf.constant(1.0)}, (tf.constant(2.0), tf.constant(3)))
    tf.saved_model.save(m, os.path.join(d, "s"))
    loaded = tf.saved_model.load(os.path.join(d, "s"))
    a, (b, none) = loaded.f({"a": tf.constant(5.0)}, (tf.constant(2.0), tf.constant(4)))
    return {"a": float(a.numpy()), "b": int(b.numpy()), "b dtype": b.dtype.name,
            "none": none is None}


@program
def explicit_signatures(tf, d):
    class Pair(tf.Module):
        @tf.function
        def g(self, x):
            return [x, x * 2]

    m = Pair()
    concrete = m.g.get_concrete_function(tf.TensorSpec([3], tf.float32))
    tf.saved_model.save(m, os.path.join(d, "p"), signatures={"b": concrete})
    loaded = tf.saved_model.load(os.path.join(d, "p"))
    out = loaded.signatures["b"](x=tf.constant([1.0, 2.0, 3.0]))
    first, second = loaded.g(tf.constant([1.0, 2.0, 3.0]))
    return {"signatures": list(loaded.signatures),
            "b": {k: values(t) for k, t in sorted(out.items())},
            "g": [values(first), values(second)]}


@program
def signature_specs(tf, d):
    """The input and output specs of signatures given as a tf.function with an
    input_signature, a concrete function and a dict of both."""
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0)

        @tf.function
        def f(self, x):
            return x * self.v

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def g(self, x):
            return {"m": x + self.v, "b": tf.cast(tf.shape(x), tf.int64)}

    def specs(signature):
        _, inputs = signature.structured_input_signature
        return ({k: [s.shape.as_list(), s.dtype.name, s.name] for k, s in inputs.items()},
                {k: [s.shape.as_list(), s.dtype.name, s.name]
                 for k, s in sorted(signature.structured_outputs.items())})

    m = M()
    tf.saved_model.save(m, os.path.join(d, "a"), signatures=m.g)
    tf.saved_model.save(m, os.path.join(d, "b"), signatures={
        "plus": m.g, "times": m.f.get_concrete_function(tf.TensorSpec([2], tf.float32))})
    a = tf.saved_model.load(os.path.join(d, "a"))
    b = tf.saved_model.load(os.path.join(d, "b"))
    out = b.signatures["times"](x=tf.constant([1.0, 2.0]))
    return {"a": [list(a.signatures), specs(a.signatures["serving_default"])],
            "b": [sorted(b.signatures), specs(b.signatures["plus"]),
                  specs(b.signatures["times"])],
            "times": {k: values(t) for k, t in out.items()}}


@program
def save_retraces(tf, d):
    """tf.saved_model.save traces each exported function again once (its side effects run
    again, the tracing count grows) and keeps that trace for later saves."""
    events = []

    class M(tf.Module):
        @tf.function
        def f(self, x):
            events.append(f"f {x.shape}")
            return x * 2

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def g(self, x):
            events.append("g")
            return x + 1

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def h(self, x):
            events.append("h")
            return x - 1

    m = M()
    m.f(tf.constant(1.0))
    m.g(tf.constant([1.0, 2.0]))
    counts = [(m.f.experimental_get_tracing_count(), m.g.experimental_get_tracing_count())]
    tf.saved_model.save(m, os.path.join(d, "a"))
    events.append("saved a")
    counts.append((m.f.experimental_get_tracing_count(), m.g.experimental_get_tracing_count()))
    m.f(tf.constant(1.0))
    tf.saved_model.save(m, os.path.join(d, "b"))
    events.append("saved b")
    m.f(tf.constant([1.0]))
    tf.saved_model.save(m, os.path.join(d, "c"))
    loaded = tf.saved_model.load(os.path.join(d, "c"))
    return {"events": events, "counts": counts, "f": values(loaded.f(tf.constant([3.0]))),
            "h": values(loaded.h(tf.constant([3.0, 4.0, 5.0])))}


@program
def missing_directory(tf, d):
    return outcome(lambda: tf.saved_model.load(os.path.join(d, "none")), d)


@program
def resave_and_overwrite(tf, d):
    """Saving over an existing SavedModel replaces it; a loaded object can be saved
    again; variables/variables is a checkpoint tf.train.Checkpoint(obj) restores."""
    path = os.path.join(d, "m")
    c = _counter(tf)()
    tf.saved_model.save(c, path)
    c.add(tf.constant(5, tf.int64))
    tf.saved_model.save(c, path)
    loaded = tf.saved_model.load(path)
    out = {"loaded n": int(loaded.n.numpy())}
    tf.saved_model.save(loaded, os.path.join(d, "again"))
    again = tf.saved_model.load(os.path.join(d, "again"))
    out["again.add(2)"] = int(again.add(tf.constant(2, tf.int64)).numpy())
    out["listdir"] = sorted(os.listdir(d))
    c.n.assign(0)
    tf.train.Checkpoint(c).restore(os.path.join(path, "variables", "variables"))
    out["restored n"] = int(c.n.numpy())
    return out


@program
def string_variable_saved(tf, d):
    """A tf.string variable is saved and restored."""
    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable("pre")
            self.w = tf.Variable(2.0)

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def g(self, x):
            return self.w * x

    tf.saved_model.save(M(), os.path.join(d, "b"))
    back = tf.saved_model.load(os.path.join(d, "b"))
    return {"g(3)": float(back.g(tf.constant(3.0))), "v": back.v.numpy(),
            "v dtype": back.v.dtype.name}


@program
def functions_from_properties(tf, d):
    """A tf.Module's attributes that are tf.functions, properties included (Keras's
    `_default_save_signature`), as TF's AutoTrackable finds them; a property that raises
    is skipped."""
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0)

        @property
        def _default_save_signature(self):
            @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
            def serve(x):
                return {"y": x * self.v}
            return serve

        @property
        def doubled(self):
            return tf.function(lambda x: x * 2.0,
                               input_signature=[tf.TensorSpec([], tf.float32)])

        @property
        def broken(self):
            raise RuntimeError("an accessor that fails")

    tf.saved_model.save(M(), os.path.join(d, "m"))
    back = tf.saved_model.load(os.path.join(d, "m"))
    return {"signatures": sorted(back.signatures),
            "serving_default": values(back.signatures["serving_default"](
                tf.constant([1.0, 3.0]))["y"]),
            "doubled(4)": float(back.doubled(tf.constant(4.0))),
            "broken": hasattr(back, "broken")}


@program
def kernels_of_unknown_size(tf, d):
    """Elementwise kernels that TF's CPU Eigen code rounds per AVX packet (sigmoid, its
    gradient), saved with an unknown dimension and called on sizes that do and do not
    fill whole packets."""
    m = tf.Module()
    m.f = tf.function(lambda x: tf.sigmoid(x) * x,
                      input_signature=[tf.TensorSpec([None], tf.float32)])
    tf.saved_model.save(m, os.path.join(d, "m"))
    loaded = tf.saved_model.load(os.path.join(d, "m"))
    out = {}
    for n in (3, 8, 11):
        x = tf.linspace(-7.0, 7.0, n) * 1.37
        with tf.GradientTape() as t:
            t.watch(x)
            y = loaded.f(x)
        out[n] = {"y": values(y), "grad": values(t.gradient(y, x))}
    return out
