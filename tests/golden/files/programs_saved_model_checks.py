"""Programs of tests/test_saved_model_checks.py: SavedModels of tf.functions whose ops
check their values when they run (TF's kernel errors: a gather index out of range, an
integer division by zero...), saved, loaded and called with good and bad values. Each
runs under TF (recorded in saved_model_checks.json by tools/record_file_goldens.py) and
under tfcompat (the tests); see file_goldens.py.

An error is shown as its class and the kernel's text: TF's message around it names the
graph's node and function ("Graph execution error: ... [Op:__inference_restored_function_
body_153]"), which depend on TF's counters.
"""
import os

PROGRAMS = {}


def program(fn):
    PROGRAMS[fn.__name__] = fn
    return fn


def kernel_text(e):
    """The kernel's text of an op error raised by a function (see the docstring)."""
    text = str(e)
    if text.startswith("Graph execution error:"):
        text = text.split("\n\t [[")[0].split("\n")[-1]
    elif text.startswith("{{function_node"):
        text = text.split("}} ", 1)[1]
    return text.split(" [Op:")[0]


def outcome(fn, *args):
    """["ok", the values fn(*args) returns] or [its error's class name, kernel text]."""
    try:
        return ["ok", values(fn(*args))]
    except Exception as e:  # noqa: BLE001 - the exception is the observation
        return [type(e).__name__, kernel_text(e)]


def values(x):
    if isinstance(x, dict):
        return {k: values(v) for k, v in sorted(x.items())}
    return x.numpy().tolist()


def _gathers(tf):
    class Gathers(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0, 3.0])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def unknown(self, x):
            return tf.gather(self.v, tf.cast(x, tf.int32))

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
        def known(self, x):
            return tf.gather(self.v, tf.cast(x, tf.int32)) * 2.0

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                      tf.TensorSpec([None], tf.int32)])
        def params_unknown(self, p, i):   # (the bound is the size of an unknown dimension)
            return tf.gather(p, i)

        @tf.function
        def traced(self, i):
            self.v.assign_add([1.0, 1.0, 1.0])
            return tf.gather(self.v, i)
    return Gathers


@program
def gather_of_computed_indices(tf, d):
    """tf.gather of indices computed in the function: good indices give values, bad ones
    TF's InvalidArgumentError, for signatures of unknown and known shapes, a trace of a
    call (which assigns) and params whose size is an unknown dimension."""
    m = _gathers(tf)()
    m.traced(tf.constant([0, 1]))
    tf.saved_model.save(m, os.path.join(d, "m"))
    r = tf.saved_model.load(os.path.join(d, "m"))
    p = tf.constant([1.0, 2.0, 3.0, 4.0])
    # (not the variable after the failing call: TF runs the assignment before the failing
    # gather, tfcompat's functions, saved or not, write back no assignment of a failed call)
    return {
        "unknown": [outcome(r.unknown, tf.constant(x))
                    for x in ([0.0, 2.0], [5.0], [1.0, -1.0, 0.0], [2.0, 2.0, 2.0, 3.0])],
        "known": [outcome(r.known, tf.constant(x)) for x in ([0.0, 2.0], [1.0, 5.0])],
        "params_unknown": [outcome(r.params_unknown, p[:n], tf.constant(i))
                           for n, i in ((4, [3, 0]), (4, [4]), (2, [0, 1, 2]), (3, [2]))],
        "traced": outcome(r.traced, tf.constant([0, 2])),
        "v after": values(r.v),
        "traced, bad": outcome(r.traced, tf.constant([3, 1]))}


@program
def checks_inside_callers(tf, d):
    """A loaded function with a check called inside a tf.function, under a GradientTape
    (the gradient of good calls), and loaded again after being saved again."""
    tf.saved_model.save(_gathers(tf)(), os.path.join(d, "m"))
    r = tf.saved_model.load(os.path.join(d, "m"))

    @tf.function
    def outer(x):
        return r.unknown(x) + 1.0

    def gradient(i):
        p = tf.constant([1.0, 2.0, 3.0])
        with tf.GradientTape() as tape:
            tape.watch(p)
            y = tf.reduce_sum(r.params_unknown(p, tf.constant(i)) * 3.0)
        return tf.convert_to_tensor(tape.gradient(y, p))

    tf.saved_model.save(r, os.path.join(d, "again"))
    again = tf.saved_model.load(os.path.join(d, "again"))
    return {"outer": [outcome(outer, tf.constant(x)) for x in ([1.0], [3.0])],
            "gradient": [outcome(gradient, i) for i in ([0, 2, 2], [0, 3])],
            "saved again": [outcome(again.unknown, tf.constant(x))
                            for x in ([2.0], [9.0])] +
                           [outcome(again.params_unknown, tf.constant([1.0, 2.0]),
                                    tf.constant([0, 1, 2]))]}


@program
def checks_in_branches_and_maps(tf, d):
    """Checks in the branches of tf.cond and tf.switch_case (one nested in another): a
    branch's check fails only when the branch is taken; in tf.map_fn and tf.scan (a
    tf.cond in it): the first iteration's that fails. (Not where two iterations fail:
    TF's executor runs a later iteration's gather beside an earlier one's tf.cond, and
    which error it reports varies from run to run.)"""
    class Branches(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([1.0, 2.0, 3.0])

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
        def cond(self, i):
            return tf.cond(tf.reduce_sum(i) > 2, lambda: tf.gather(self.v, i),
                           lambda: tf.gather(self.v * 2.0, i + 1))

        @tf.function(input_signature=[tf.TensorSpec([2], tf.int32),
                                      tf.TensorSpec([], tf.int32)])
        def switch(self, i, k):
            return tf.switch_case(k, [
                lambda: tf.gather(self.v, i),
                lambda: tf.cast(i // k, tf.float32),
                lambda: tf.cond(k > 5, lambda: tf.gather(self.v, i + 1), lambda: self.v[:2])])

        @tf.function(input_signature=[tf.TensorSpec([3, 2], tf.int32)])
        def map(self, i):
            return tf.map_fn(lambda j: tf.reduce_sum(tf.gather(self.v, j)), i,
                             fn_output_signature=tf.float32)

        @tf.function(input_signature=[tf.TensorSpec([3, 2], tf.int32)])
        def scan(self, i):
            return tf.scan(lambda a, j: a + tf.gather(self.v, j) + tf.cast(
                tf.cond(j[0] > 0, lambda: j // j[1], lambda: j), tf.float32), i,
                initializer=tf.zeros([2]))

    tf.saved_model.save(Branches(), os.path.join(d, "b"))
    r = tf.saved_model.load(os.path.join(d, "b"))
    return {"cond": [outcome(r.cond, tf.constant(i))
                     for i in ([1, 2], [0, 2], [0, 0], [3, 0], [-2, 0], [2, -1])],
            "switch": [outcome(r.switch, tf.constant(i), tf.constant(k))
                       for i, k in (([0, 2], 0), ([0, 3], 0), ([4, 2], 1), ([1, 2], 2),
                                    ([1, 2], 6), ([1, 2], 9))],
            "map": [outcome(r.map, tf.constant(i)) for i in (
                [[0, 1], [2, 2], [1, 1]], [[0, 1], [2, 3], [4, 0]], [[0, 1], [-1, 0], [0, 0]])],
            "scan": [outcome(r.scan, tf.constant(i)) for i in (
                [[0, 1], [2, 2], [1, 1]], [[0, 1], [2, 0], [1, 1]], [[0, 1], [1, 1], [0, 5]],
                [[1, 2], [3, 1], [0, 0]], [[1, 0], [2, 1], [0, 0]])]}


@program
def other_op_checks(tf, d):
    """Other ops' checks: integer division and modulo by zero, segment ids, sparse
    softmax labels, tensor_scatter indices, negative integer powers, invert_permutation."""
    S = tf.TensorSpec
    cases = {
        "floordiv": ([S([None], tf.int32), S([], tf.int32)], lambda a, b: a // b,
                     [([4, 6], 2), ([4], 0)]),
        "floormod": ([S([2], tf.int32), S([2], tf.int32)], lambda a, b: tf.math.floormod(a, b),
                     [([4, 6], [3, 4]), ([4, 1], [1, 0])]),
        "segment_sum": ([S([2], tf.float32), S([2], tf.int32)],
                        lambda x, s: tf.math.unsorted_segment_sum(x, s, 3),
                        [([1.0, 2.0], [0, 2]), ([1.0, 2.0], [0, 3])]),
        "sparse_softmax": ([S([1, None], tf.float32), S([1], tf.int32)],
                           lambda z, y: tf.nn.sparse_softmax_cross_entropy_with_logits(
                               labels=y, logits=z),
                           [([[1.0, 2.0, 3.0]], [1]), ([[1.0, 2.0, 3.0]], [3])]),
        "scatter": ([S([3], tf.float32), S([None, 1], tf.int32)],
                    lambda t, i: tf.tensor_scatter_nd_update(t, i, tf.cast(i[:, 0],
                                                                           tf.float32)),
                    [([1.0, 2.0, 3.0], [[1]]), ([1.0, 2.0, 3.0], [[4]])]),
        "pow": ([S([2], tf.int32), S([2], tf.int32)], lambda a, b: a ** b,
                [([2, 3], [2, 1]), ([2, 3], [1, -1])]),
        "invert_permutation": ([S([3], tf.int32)], lambda p: tf.math.invert_permutation(p),
                               [([2, 0, 1],), ([2, 2, 1],)]),
    }
    out = {}
    for name, (signature, fn, calls) in cases.items():
        m = tf.Module()
        m.f = tf.function(fn, input_signature=signature)
        tf.saved_model.save(m, os.path.join(d, name))
        r = tf.saved_model.load(os.path.join(d, name))
        out[name] = [outcome(r.f, *[tf.constant(a, s.dtype) for a, s in zip(args, signature)])
                     for args in calls]
    return out


@program
def keras_embedding(tf, d):
    """A Keras model with an Embedding layer saved with tf.saved_model.save: its serving
    signature after loading, with ids in and out of the vocabulary."""
    keras = tf.keras
    inputs = keras.Input(shape=(3,), dtype="int32")
    x = keras.layers.Embedding(10, 4, embeddings_initializer="ones")(inputs)
    x = keras.layers.GlobalAveragePooling1D()(x)
    model = keras.Model(inputs, keras.layers.Dense(2, kernel_initializer="ones")(x))
    tf.saved_model.save(model, os.path.join(d, "k"))
    r = tf.saved_model.load(os.path.join(d, "k"))
    serve = r.signatures["serving_default"]
    return {"signatures": sorted(r.signatures),
            "calls": [outcome(serve, tf.constant(ids, tf.int32))
                      for ids in ([[1, 2, 3]], [[1, 2, 3], [0, 0, 9]], [[1, 2, 30]],
                                  [[1, 2, 3], [-1, 0, 0]])]}


@program
def called_before_the_save(tf, d):
    """A tf.function called before the save (its ops' kernels traced then) keeps its checks
    in the saved copy; a custom_gradient whose grad_fn gathers at computed indices is saved
    with its gradient (tfcompat leaves the gradient's own check out of the saved program:
    good indices only here)."""
    m = tf.Module()
    m.v = tf.Variable([1.0, 2.0, 3.0])
    m.f = tf.function(lambda i: tf.gather(m.v, i), input_signature=[tf.TensorSpec([None], tf.int32)])

    @tf.custom_gradient
    def rotate(x):
        idx = tf.math.floormod(tf.cast(x, tf.int32) + 1, 3)

        def grad(dy):
            return tf.gather(dy, idx)
        return x * 2.0, grad
    m.g = tf.function(rotate, input_signature=[tf.TensorSpec([3], tf.float32)])
    x = tf.constant([1.0, 2.0, 3.0])
    before = [outcome(m.f, tf.constant([0, 2])), outcome(m.g, x)]
    tf.saved_model.save(m, os.path.join(d, "m"))
    r = tf.saved_model.load(os.path.join(d, "m"))
    with tf.GradientTape() as t:
        t.watch(x)
        y = r.g(x) * tf.constant([1.0, 10.0, 100.0])
    return {"before": before, "good": outcome(r.f, tf.constant([2, 1])),
            "bad": outcome(r.f, tf.constant([0, 5])), "g": values(r.g(x)),
            "grad": values(t.gradient(y, x))}
