"""An exception that tfcompat raises to user code leaves without tfcompat's (and jax's)
frames, as TF's traceback_utils leaves TF's out: the user's frames stay, and the innermost
frame where no other is left; tf.debugging.disable_traceback_filtering (per thread) keeps
them all."""
import os
import threading
import traceback

import jax

import tfcompat as tf

INTERNAL = (os.path.dirname(tf.__file__) + os.sep, os.path.dirname(jax.__file__) + os.sep)


def _raised(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the exception is the result
        return e
    raise AssertionError("nothing raised")


def _files(exc):
    return [frame.filename for frame in traceback.extract_tb(exc.__traceback__)]


def _internal(exc):
    return [f for f in _files(exc) if f.startswith(INTERNAL)]


def test_an_op_error_keeps_the_callers_frames_and_the_raising_one():
    e = _raised(lambda: tf.reshape(tf.zeros([4]), [3]))
    assert isinstance(e, tf.errors.InvalidArgumentError)
    files = _files(e)
    assert files[0] == __file__ and files[-1].startswith(INTERNAL)
    assert len(_internal(e)) == 1
    e = _raised(lambda: tf.Variable(1.0).assign([1.0, 2.0]))   # (a method's entry)
    assert isinstance(e, ValueError) and len(_internal(e)) == 1


def test_user_code_called_by_tfcompat_keeps_its_frames():
    def bad(x):
        raise ValueError("bad input")

    @tf.function
    def f(x):
        return bad(x)
    e = _raised(lambda: f(tf.constant(1)))
    assert isinstance(e, ValueError) and "bad input" in str(e)
    assert not _internal(e)
    assert traceback.extract_tb(e.__traceback__)[-1].name.endswith("bad")   # (tf__bad)
    e = _raised(lambda: list(tf.data.Dataset.range(2).map(
        lambda x: tf.py_function(bad, [x], tf.int64))))
    assert isinstance(e, tf.errors.InvalidArgumentError) and len(_internal(e)) <= 1


def test_disabling_keeps_every_frame_in_that_thread_only():
    tf.debugging.disable_traceback_filtering()
    try:
        assert not tf.debugging.is_traceback_filtering_enabled()
        seen = []
        thread = threading.Thread(target=lambda: seen.append(
            (tf.debugging.is_traceback_filtering_enabled(),
             len(_internal(_raised(lambda: tf.reshape(tf.zeros([4]), [3])))))))
        thread.start()
        thread.join()
        assert seen == [(True, 1)]
        e = _raised(lambda: tf.reshape(tf.zeros([4]), [3]))
        assert len(_internal(e)) > 1
    finally:
        tf.debugging.enable_traceback_filtering()
    assert tf.debugging.is_traceback_filtering_enabled()


def test_a_converted_lambdas_frame_is_named_none_and_shows_the_lambda_alone():
    # TF's "in user code:" text names a lambda AutoGraph converted None and shows the
    # lambda's own source, not the whole line it is on (TF 2.21 through the shim:
    # passes).
    f = tf.function(lambda x: tf.reshape(x, [5]))
    e = _raised(lambda: f(tf.ones([2, 3])))
    line = f.python_function.__code__.co_firstlineno
    assert str(e).split("\n")[:4] == [
        "in user code:", "", f'    File "{__file__}", line {line}, in None  *',
        "        lambda x: tf.reshape(x, [5])"]
    e = _raised(lambda: tf.data.Dataset.range(3).map(lambda i: tf.reshape(i, [2])))
    assert isinstance(e, ValueError)
    assert str(e).split("\n")[2:4] == [
        f'    File "{__file__}", line {line + 6}, in None  *',
        "        lambda i: tf.reshape(i, [2])"]


def test_two_lambdas_alike_on_one_line_are_not_converted_with_tfs_warning():
    # TF's parser cannot tell apart two lambdas of the same signature on one line: it
    # warns (no bug report asked: UnsupportedLanguageElementError) and runs the function
    # unconverted, on each conversion. TF 2.21 prints the same text (checked with a
    # script; it repeats the warning for the second dataset).
    import logging
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    logger = logging.getLogger("tensorflow")
    logger.addHandler(handler)
    try:
        a, b = (tf.data.Dataset.range(5).take_while(lambda x: x < 3), tf.data.Dataset.range(5).take_while(lambda x: x < 3))  # noqa: E501
    finally:
        logger.removeHandler(handler)
    assert [int(v) for v in a] == [0, 1, 2] and [int(v) for v in b] == [0, 1, 2]
    texts = [r.getMessage() for r in records if "could not transform" in r.getMessage()]
    assert len(texts) == 2
    head, cause = texts[0].split("\n", 1)
    assert head.startswith("AutoGraph could not transform <function ") and \
        head.endswith("> and will run it as-is.")
    assert cause.endswith(
        ": found multiple definitions with identical signatures at the location. This error "
        "may be avoided by defining each lambda on a single line and with unique argument "
        "names. The matching definitions were:\nMatch 0:\nlambda x: x < 3\n\nMatch 1:\n"
        "lambda x: x < 3\n\nTo silence this warning, decorate the function with "
        "@tf.autograph.experimental.do_not_convert")
    assert cause.startswith("Cause: could not parse the source code of <function ")
