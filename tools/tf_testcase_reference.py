"""Prints the reference outcomes of tests/test_tf_testcase.py: run it under real TF 2.21
(``/tmp/tfref/bin/python tools/tf_testcase_reference.py``) and under tfcompat
(``python -m tfcompat tools/tf_testcase_reference.py``); the test holds TF's output as
literals. Each test method of the tf.test.TestCase subclasses below runs under unittest;
its outcome is ("ok", printed values), ("fail", message) for an AssertionError, ("error",
exception class, message) or ("skip", reason)."""
import collections
import contextlib
import io
import os
import pprint
import random
import sys
import tempfile
import unittest

import numpy as np
import tensorflow as tf

Point = collections.namedtuple("Point", ["x", "y"])


class Outcomes(unittest.TestResult):
    def __init__(self, printed):
        super().__init__()
        self.printed = printed
        self.outcomes = {}

    def _name(self, test):
        return test.id().rsplit(".", 1)[-1]

    def addSuccess(self, test):
        self.outcomes[self._name(test)] = ("ok", self.printed.getvalue())

    def addFailure(self, test, err):
        self.outcomes[self._name(test)] = ("fail", str(err[1]))

    def addError(self, test, err):
        self.outcomes[self._name(test)] = ("error", type(err[1]).__name__, str(err[1]))

    def addSkip(self, test, reason):
        self.outcomes[self._name(test)] = ("skip", reason)


class Assertions(tf.test.TestCase):
    """The assertion methods, passing and failing."""

    def test_allclose_pass(self):
        self.assertAllClose(tf.constant([1.0, 2.0]), [1.0, 2.0000001])

    def test_allclose_fail(self):
        self.assertAllClose(tf.constant([1.0, 2.0, 3.0]), [1.0, 2.1, 3.0])

    def test_allclose_scalar_fail(self):
        self.assertAllClose(1.0, tf.constant(1.1))

    def test_allclose_msg_fail(self):
        self.assertAllClose(np.array([[1.0, 2.0], [3.0, 4.0]]), [[1.0, 2.0], [3.0, 4.5]],
                            msg="custom")

    def test_allclose_tolerance(self):
        self.assertAllClose([1.0, 2.0], [1.01, 2.0], rtol=0.02, atol=0.0)

    def test_allclose_nested_fail(self):
        self.assertAllClose({"a": [1.0, 2.0], "b": (tf.constant(3.0),)},
                            {"a": [1.0, 2.0], "b": (3.5,)})

    def test_allclose_namedtuple(self):
        self.assertAllClose(Point(tf.constant(1.0), [2.0, 3.0]), Point(1.0, [2.0, 3.0]))

    def test_allclose_dict_vs_list(self):
        self.assertAllClose({"a": 1.0}, [1.0])

    def test_allclose_keys_fail(self):
        self.assertAllClose({"a": 1.0}, {"b": 1.0})

    def test_allclose_length_fail(self):
        self.assertAllClose([[1.0], [1.0, 2.0]], [[1.0], [1.0, 2.0], [3.0]])

    def test_allclose_ragged_lists(self):
        self.assertAllClose([[1.0], [1.0, 2.0]], [[1.0], [1.0, 2.0]])

    def test_allclose_shape_fail(self):
        self.assertAllClose(tf.ones([2, 3]), np.ones([3, 2]))

    def test_allclose_nan(self):
        self.assertAllClose([np.nan, 1.0], tf.constant([np.nan, 1.0]))

    def test_allclose_nan_fail(self):
        self.assertAllClose([np.nan, 1.0], [1.0, 1.0])

    def test_allclose_bfloat16_fail(self):
        self.assertAllClose(tf.constant([1.0, 2.0], tf.bfloat16), [1.0, 2.5])

    def test_allclose_ragged(self):
        self.assertAllClose(tf.ragged.constant([[1.0], [2.0, 3.0]]), [[1.0], [2.0, 3.0]])

    def test_allclose_ragged_fail(self):
        self.assertAllClose(tf.ragged.constant([[1.0], [2.0, 3.0]]), [[1.0], [2.0, 3.5]])

    def test_allclose_variable(self):
        self.assertAllClose(tf.Variable([1.0, 2.0]), tf.constant([1.0, 2.0]))

    def test_according_to_type_half(self):
        self.assertAllCloseAccordingToType(np.array([1.0, 2.0], np.float16),
                                           np.array([1.0, 2.001], np.float16))

    def test_according_to_type_float_fail(self):
        self.assertAllCloseAccordingToType(tf.constant([1.0, 2.0]), [1.0, 2.001])

    def test_not_allclose(self):
        self.assertNotAllClose([1.0, 2.0], [1.0, 3.0])

    def test_not_allclose_fail(self):
        self.assertNotAllClose([1.0, 2.0], tf.constant([1.0, 2.0]), msg="m")

    def test_allequal_pass(self):
        self.assertAllEqual(tf.constant([[1, 2], [3, 4]]), [[1, 2], [3, 4]])

    def test_allequal_fail(self):
        self.assertAllEqual(tf.constant([[1, 2], [3, 4]]), [[1, 2], [3, 5]])

    def test_allequal_scalar_fail(self):
        self.assertAllEqual(tf.constant(1), 2, msg="scalar")

    def test_allequal_shape_fail(self):
        self.assertAllEqual(tf.constant([1, 2]), [1, 2, 3])

    def test_allequal_strings(self):
        self.assertAllEqual(tf.constant(["a", "b"]), ["a", "b"])

    def test_allequal_strings_fail(self):
        self.assertAllEqual(tf.constant(["a", "b"]), ["a", "c"])

    def test_allequal_nan(self):
        self.assertAllEqual([np.nan, 1.0], tf.constant([np.nan, 1.0]))

    def test_allequal_ragged(self):
        self.assertAllEqual(tf.ragged.constant([[1], [2, 3]]), [[1], [2, 3]])

    def test_allequal_ragged_fail(self):
        self.assertAllEqual(tf.ragged.constant([[1], [2, 3]]), tf.ragged.constant([[1], [2, 4]]))

    def test_allequal_ragged_rank_fail(self):
        self.assertAllEqual(tf.ragged.constant([[[1]], [[2]]], ragged_rank=1),
                            tf.ragged.constant([[[1]], [[2]]]))

    def test_not_allequal_fail(self):
        self.assertNotAllEqual([1, 2], tf.constant([1, 2]))

    def test_near(self):
        self.assertNear(1.0, 1.05, 0.1)

    def test_near_fail(self):
        self.assertNear(1.0, 1.5, 0.1, msg="m")

    def test_array_near_fail(self):
        self.assertArrayNear([1.0, 2.0], [1.0, 2.5], 0.1)

    def test_array_near_length_fail(self):
        self.assertArrayNear([1.0, 2.0], [1.0], 0.1)

    def test_ndarray_near_fail(self):
        self.assertNDArrayNear(np.array([1.0, 2.0]), np.array([1.0, 2.5]), 0.1)

    def test_greater_fail(self):
        self.assertAllGreater(tf.constant([1, 2, 3]), 1)

    def test_less_fail(self):
        self.assertAllLess(tf.constant([1.0, 2.0]), 2.0)

    def test_greater_equal(self):
        self.assertAllGreaterEqual(tf.constant([1, 2, 3]), 1)

    def test_less_equal_fail(self):
        self.assertAllLessEqual([1, 5], 4)

    def test_in_range_fail(self):
        self.assertAllInRange(tf.constant([[0.0, 1.0], [2.0, 3.0]]), 1.0, 2.0)

    def test_in_range_open_fail(self):
        self.assertAllInRange(tf.range(12), 0, 11, open_lower_bound=True,
                              open_upper_bound=True)

    def test_in_range_nan_fail(self):
        self.assertAllInRange([1.0, np.nan], 0.0, 2.0)

    def test_in_range_type_fail(self):
        self.assertAllInRange(tf.constant(["a"]), 0, 1)

    def test_in_set_fail(self):
        self.assertAllInSet(tf.constant([1, 2, 5, 7]), [1, 2])

    def test_shape_equal(self):
        self.assertShapeEqual(tf.ones([2, 3]), np.ones([2, 3]))

    def test_shape_equal_fail(self):
        self.assertShapeEqual(tf.ones([2, 3]), np.ones([3, 2]))

    def test_shape_equal_type_error(self):
        self.assertShapeEqual([1, 2], np.ones([2]))

    def test_device_equal(self):
        self.assertDeviceEqual("/cpu:0", "/device:CPU:0")
        self.assertDeviceEqual("/job:a/replica:1/task:2/gpu", "/job:a/replica:1/task:2/device:GPU:*")

    def test_device_equal_bad_name(self):
        self.assertDeviceEqual("/foo:1", "/cpu:0")

    def test_device_equal_fail(self):
        self.assertDeviceEqual("/job:worker/task:1/gpu:0", "/cpu:0")

    def test_dtype_equal(self):
        self.assertDTypeEqual(tf.constant([1.0]), np.float32)

    def test_dtype_equal_fail(self):
        self.assertDTypeEqual(tf.constant([1]), np.int64)

    def test_raises_op_error(self):
        with self.assertRaisesOpError("Input to reshape"):
            tf.reshape(tf.range(6), [4])

    def test_raises_op_error_not_raised(self):
        with self.assertRaisesOpError("x"):
            tf.constant(1)

    def test_op_error_other_text(self):
        with self.assertRaisesOpError("something else"):
            tf.reshape(tf.range(6), [4])

    def test_raises_predicate(self):
        with self.assertRaisesWithPredicateMatch(ValueError, lambda e: "bad" in str(e)):
            raise ValueError("bad value")

    def test_raises_predicate_wrong_type(self):
        with self.assertRaisesWithPredicateMatch(TypeError, "bad"):
            raise ValueError("bad value")

    def test_starts_with_fail(self):
        self.assertStartsWith("hello", "world", msg="m")

    def test_dict_equal_tensors(self):
        self.assertDictEqual({"a": tf.constant([1.0, 2.0]), "b": tf.constant([1])},
                             {"a": np.array([1.0, 2.0]), "b": [1]})

    def test_dict_equal_fail(self):
        self.assertDictEqual({"a": tf.constant([1.0, 2.0])}, {"a": np.array([1.0, 2.5])})

    def test_items_equal(self):
        self.assertItemsEqual([1, 2, 3], [3, 2, 1])


class Evaluation(tf.test.TestCase):
    """evaluate, the sessions, temp dirs, threads, seeds and tf.function."""

    def test_evaluate(self):
        v = tf.Variable([1.5, 2.5])
        out = self.evaluate({"a": tf.constant([1, 2]), "b": [v, None], "c": (tf.constant("s"),),
                             "d": lambda: tf.constant(3.0)})
        print(sorted(out), repr(out["a"]), repr(out["b"]), repr(out["c"]), repr(out["d"]))

    def test_evaluate_sparse(self):
        st = self.evaluate(tf.sparse.from_dense([[1, 0], [0, 2]]))
        print(type(st).__name__, repr(st))
        print(type(st).__name__, st.indices.dtype, st.values.dtype, st.dense_shape.dtype)

    def test_evaluate_ragged(self):
        rt = self.evaluate(tf.ragged.constant([[[1, 2]], [], [[3]]]))
        print(type(rt).__name__, str(rt), repr(rt))
        print(rt.ragged_rank, rt.shape, rt.dtype, rt.flat_values, rt.nested_row_splits,
              rt.to_list())

    def test_evaluate_indexed_slices(self):
        s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([3, 2]))
        print(repr(self.evaluate(s)))

    def test_evaluate_bad(self):
        self.evaluate([tf.constant(1), 3])

    def test_cached_session(self):
        with self.cached_session() as sess:
            print(type(sess).__name__, repr(sess.run(tf.constant([1.0]))),
                  repr(sess.run({"x": tf.constant(2)})))

    def test_cached_session_feed(self):
        with self.cached_session() as sess:
            sess.run(tf.constant(1), feed_dict={"a": 1})

    def test_cached_session_args(self):
        with self.cached_session() as sess:
            sess.run(tf.constant(1), None)

    def test_session_warner(self):
        with self.session() as sess:
            print(type(sess).__name__)
            sess.run(tf.constant(1))

    def test_test_session_none(self):
        with self.test_session() as sess:
            print(sess)

    def test_temp_dir(self):
        d = self.get_temp_dir()
        print(d == self.get_temp_dir(), os.path.isdir(d), os.listdir(d))

    def test_capture_writes(self):
        with self.captureWritesToStream(sys.stderr) as captured:
            sys.stderr.write("to stderr\n")
        print(repr(captured.contents()))

    def test_according_to_type_bfloat16(self):
        self.assertAllCloseAccordingToType(tf.constant([1.0, 2.0], tf.bfloat16), [1.0, 2.01])
        self.assertAllCloseAccordingToType(tf.constant([1.0, 2.0], tf.bfloat16), [1.0, 2.1])

    def test_seeds(self):
        print(random.random(), np.random.rand())
        print(tf.random.uniform([2]).numpy(), tf.random.normal([2], seed=3).numpy())

    def test_checked_thread(self):
        out = []
        t = self.checkedThread(target=out.append, args=(1,))
        t.start()
        t.join()
        print(out, t.is_alive())

    def test_checked_thread_raises(self):
        def target():
            raise ValueError("in thread")
        t = self.checkedThread(target=target)
        t.start()
        t.join()

    def test_checked_thread_not_joined(self):
        self.checkedThread(target=lambda: None).start()

    def test_assert_in_function(self):
        @tf.function
        def f(x):
            self.assertAllEqual(x, [1, 2])
            self.assertAllClose(x * 2, [2, 4])
            self.assertAllInRange(x, 0, 3)
            return x + 1
        print(f(tf.constant([1, 2])).numpy())

    def test_assert_in_function_fail(self):
        @tf.function
        def f(x):
            self.assertAllClose(x, [1.0, 3.0])
            return x
        try:
            f(tf.constant([1.0, 2.0]))
        except tf.errors.UnknownError as e:   # (TF's message adds the op's traceback)
            start = e.message.index("AssertionError: ")
            print(type(e).__name__, e.message[start:e.message.index("DESIRED", start)])

    @tf.test.disable_with_predicate(lambda: True, "disabled here")
    def test_disabled(self):
        print("ran")

    @tf.test.disable_with_predicate(lambda: False, "disabled here")
    def test_not_disabled(self):
        print("ran")


@tf.test.with_eager_op_as_function
class Decorated(tf.test.TestCase):

    def test_class_kept(self):
        print(type(self).__name__, tf.test.with_eager_op_as_function(only_as_function=True)(int))


class Bench(tf.test.Benchmark):

    def benchmark_entry(self):
        self.report_benchmark(iters=7, wall_time=0.25, cpu_time=-0.0, throughput=3.0,
                              extras={"k": "v\u00e9"},
                              metrics=[{"name": "m", "value": 0.0, "min_value": 0.0},
                                       {"name": "n", "value": 1e-07, "max_value": 2.5}])

    def benchmark_nested(self):
        def inner():
            self.report_benchmark(name="sub/x", extras={"n": 0.0})
        inner()


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def benchmarks():
    """Benchmark entries as printed, then as written under $TEST_REPORT_FILE_PREFIX."""
    out = {"abstract": [tf.test.Benchmark.is_abstract(), Bench.is_abstract()]}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        Bench().benchmark_entry()
        Bench().benchmark_nested()
        tf.test.Benchmark().report_benchmark(wall_time=float("inf"))
    out["printed"] = printed.getvalue()
    for bad in ({"extras": [1]}, {"metrics": {}}, {"metrics": [{"value": 1}]},
                {"metrics": [{"name": "a"}]}):
        try:
            Bench().report_benchmark(**bad)
        except TypeError as e:
            out.setdefault("errors", []).append(str(e))
    d = tempfile.mkdtemp()
    os.environ["TEST_REPORT_FILE_PREFIX"] = d + "/r_"
    try:
        Bench().benchmark_entry()
        Bench().benchmark_nested()
        out["files"] = {f: _read(os.path.join(d, f)) for f in sorted(os.listdir(d))}
        Bench().benchmark_entry()
    except OSError as e:
        out["exists"] = (type(e).__name__, str(e).replace(d, "DIR"))
    finally:
        del os.environ["TEST_REPORT_FILE_PREFIX"]
    return out


def functions():
    return {
        "is_built_with_cuda": tf.test.is_built_with_cuda(),
        "is_built_with_rocm": tf.test.is_built_with_rocm(),
        "is_built_with_gpu_support": tf.test.is_built_with_gpu_support(),
        "is_built_with_xla": tf.test.is_built_with_xla(),
        "cpu_targets": [tf.test.is_cpu_target_available(t) for t in
                        ("x86", "x86_64", "aarch64", "arm", "ppc64le", "powerpc", "s390x")],
        "is_gpu_available": tf.test.is_gpu_available(),
        "gpu_device_name": tf.test.gpu_device_name(),
        "sync_devices": tf.test.experimental.sync_devices(),
    }


def run_all():
    out = {}
    for case in (Assertions, Evaluation, Decorated):
        for name in unittest.TestLoader().getTestCaseNames(case):
            printed = io.StringIO()
            result = Outcomes(printed)
            with contextlib.redirect_stdout(printed):
                case(name).run(result)
            out[f"{case.__name__}.{name}"] = result.outcomes[name]
    out["functions"] = functions()
    out["benchmarks"] = benchmarks()
    try:
        tf.test.is_cpu_target_available("mips")
    except AssertionError as e:
        out["cpu_target_unknown"] = str(e)
    try:
        tf.test.compute_gradient(lambda x: x, 1.0)
    except ValueError as e:
        out["compute_gradient_not_list"] = str(e)
    out["testcase_mro"] = [c.__name__ for c in tf.test.TestCase.__mro__]
    return out


if __name__ == "__main__":
    sys.stdout.write(pprint.pformat(run_all(), width=100) + "\n")
