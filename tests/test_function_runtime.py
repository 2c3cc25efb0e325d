"""tf.function at run time: host callbacks run on every call, also with constant
arguments, and their exceptions reach the caller; a trace that fails leaves no tracer in
the variables it created.

TF 2.21 (checked with tensorflow-cpu 2.21.0): `tf.print("hi", 1)` inside a tf.function
prints "hi 1" on each of two calls; its graph-mode print writes to the process's file
descriptor, not Python's sys.stdout, so this is not a golden snippet.
"""
import io

import tfcompat as tf


def test_tf_print_with_constant_arguments_prints_on_every_call():
    out = io.StringIO()

    @tf.function
    def f():
        tf.print("hi", 1, output_stream=out)
        return 1

    assert out.getvalue() == ""
    f()
    f()
    assert out.getvalue() == "hi 1\nhi 1\n"
    assert f.experimental_get_tracing_count() == 1


def test_callback_exception_reaches_the_caller_as_raised():
    it = iter(tf.data.Dataset.from_tensor_slices([1, 2]))

    @tf.function
    def f(it):
        return next(it)

    assert [int(f(it)), int(f(it))] == [1, 2]
    try:
        f(it)
    except tf.errors.OutOfRangeError as e:
        assert "End of sequence" in str(e)
    else:
        raise AssertionError("no OutOfRangeError")


def test_variable_created_by_a_failed_trace_raises_when_read():
    """No Variable keeps a tracer: one created in a trace that raised was never
    initialized, and reading it says so (TF leaves it uninitialized too)."""
    import pytest

    class M(tf.Module):
        def __init__(self):
            self.w = None

        @tf.function
        def __call__(self, x):
            if self.w is None:
                self.w = tf.Variable(tf.ones([3]))
            raise ValueError("boom")

    m = M()
    with pytest.raises(ValueError, match="boom"):
        m(tf.ones([3]))
    with pytest.raises(tf.errors.FailedPreconditionError, match="never initialized"):
        m.w + 1


def test_a_call_waits_for_a_program_whose_host_callbacks_may_raise():
    """A call of a program holding a host callback (a run-time check in a loop, a parse, an
    iterator read) waits for the program, so that the callback's error is raised by the
    call, as TF raises it. JAX runs programs on a GPU asynchronously: on an H200 the
    InvalidArgumentError of a tf.gather in a while loop reached the next read of a result,
    as JAX's runtime error. (Here JAX's CPU client runs such programs in the calling
    thread, so only the flag is to see.)"""
    x = tf.constant([1.0, 2.0, 3.0])

    @tf.function
    def loop(i):
        return tf.while_loop(lambda k, acc: k < 3,
                             lambda k, acc: (k + 1, acc + tf.gather(x, i + k)), [0, 0.0])

    @tf.function
    def plain(i):
        return tf.gather(x, i) * 2.0

    assert loop.get_concrete_function(tf.constant(0))._sync
    assert not plain.get_concrete_function(tf.constant(0))._sync
    try:
        loop(tf.constant(1))
        raise AssertionError("no error")
    except tf.errors.InvalidArgumentError as e:
        assert "indices = 3 is not in [0, 3)" in str(e)
