"""tensorflow.python.framework.test_util: tf.test.TestCase (TF's TensorFlowTestCase, an
absltest.TestCase) with TF 2.21's eager behaviour, its assertion messages included.

Deliberate differences (tfcompat has no v1 graph Session and no protobuf messages):
`evaluate`, `session`, `cached_session` and `test_session` inside a tf.function, and
`assertProtoEquals`/`assertProtoEqualsVersion`, raise NotImplementedError naming the
method; setUp does not clear the default summary writer. Eagerly, as in TF,
`cached_session()` yields a session whose `run` is `evaluate`, `session()` one whose every
attribute raises TF's AttributeError, and `test_session()` yields None. An assertion
called inside a tf.function runs when the function runs (a host callback), as TF's
py_func, and its failure reaches the caller as TF's tf.errors.UnknownError holding the
AssertionError's message (without TF's op traceback)."""
import collections.abc
import contextlib
import functools
import itertools
import math
import os
import random
import re
import tempfile
import threading
import time

import numpy as np
from absl.testing import absltest

from ...framework import dtypes, errors, graph_scope, host_callback, test_util, tf_logging
from ...framework.constant_op import convert_to_tensor
from ...framework.context import executing_eagerly, inside_function
from ...framework.device_spec import DeviceSpecV2
from ...framework.indexed_slices import IndexedSlices
from ...framework.nest import map_structure
from ...framework.sparse_tensor import SparseTensor
from ...framework.tensor import EagerTensor, Tensor
from ...framework.tensor_util import is_tf_type
from ...framework.tensor_values import IndexedSlicesValue, RaggedTensorValue, SparseTensorValue
from ...framework.test_util import gpu_device_name, is_gpu_available
from ...framework.variables import Variable
from ...ops import random_seed
from ...ops.ragged_tensor import RaggedTensor

__all__ = ["TensorFlowTestCase", "gpu_device_name", "is_gpu_available"]

_log = tf_logging.get_logger()   # (at import, as TF: its own stderr handler)


def _is_ragged(x):
    return isinstance(x, (RaggedTensor, RaggedTensorValue))


def _np_where(condition):
    return np.atleast_1d(np.asarray(condition)).nonzero()


def _unsupported(method, why):
    raise NotImplementedError(f"tf.test.TestCase.{method} is not supported by tfcompat ({why})")


def py_func_if_in_function(f):
    """TF's decorator: inside a tf.function the assertion runs on the values of its
    Tensor arguments when the function runs (a host callback, as TF's py_func)."""
    @functools.wraps(f)
    def decorated(*args, **kwds):
        if not inside_function():
            return f(*args, **kwds)
        indices = [i for i, a in enumerate(args) if isinstance(a, (Tensor, Variable))]
        tensors = [convert_to_tensor(args[i]) for i in indices]
        if any(t.dtype == dtypes.string for t in tensors):
            _unsupported(f.__name__, "on tf.string Tensors inside a tf.function")

        def inner_f(*values):
            my_args = list(args)
            for i, v in zip(indices, values):
                my_args[i] = np.asarray(v)
            try:
                f(*my_args, **kwds)
            except Exception as exc:  # noqa: BLE001 - TF's py_func error, as TF reports it
                raise errors.UnknownError(
                    None, None, f"Graph execution error:\n\n{type(exc).__name__}: {exc}\n\t "
                    f"[[{{{{node PyFunc}}}}]]") from exc
        host_callback.debug_callback(inner_f, *[t._value for t in tensors])
    return decorated


def canonical_device_name(device):
    """TF's device.canonical_name for a device name string (DeviceSpec.to_string)."""
    return "" if device is None else DeviceSpecV2.from_string(device).to_string()


class CapturedWrites:
    """The writes captureWritesToStream captured."""

    def __init__(self, capture_location):
        self.capture_location = capture_location

    def contents(self):
        with open(self.capture_location) as f:
            return "".join(f.readlines())


class FakeEagerSession:
    """What cached_session() yields eagerly: `run(fetches)` is `evaluate(fetches)`."""

    def __init__(self, test_case):
        self._test_case = test_case

    def run(self, fetches, *args, **kwargs):
        if kwargs.pop("feed_dict", {}):
            raise RuntimeError(
                "feed_dict is not supported when eager execution is enabled "
                "(in this case, sess.run(t) is shorthand for t.numpy()")
        if args or kwargs:
            raise RuntimeError(
                "Optional args are not supported when eager execution is enabled "
                "(in this case, sess.run(t) is shorthand for t.numpy()")
        return self._test_case.evaluate(fetches)


class EagerSessionWarner:
    """What session() yields eagerly: any attribute raises TF's AttributeError."""

    def __getattr__(self, attr):
        raise AttributeError(
            "Trying to access properties or call methods on the result of "
            "self.session(), self.cached_session(), etc while eager execution "
            "is enabled. If you're porting this test case to TF 2.0, either "
            "adapt the test to work with eager execution or insert a call to "
            "tf.disable_eager_execution() in the main() function of this test "
            "file.")


class _CheckedThread:
    """A thread whose exception fails the test at join(); see checkedThread."""

    def __init__(self, testcase, target, args=None, kwargs=None):
        self._testcase = testcase
        self._target = target
        self._args = () if args is None else args
        self._kwargs = {} if kwargs is None else kwargs
        self._thread = threading.Thread(target=self._protected_run)
        self._exception = None
        self._is_thread_joined = False

    def _protected_run(self):
        try:
            self._target(*self._args, **self._kwargs)
        except Exception as e:  # noqa: BLE001 - reported by join(), as TF
            self._exception = e

    def start(self):
        self._thread.start()

    def join(self):
        self._is_thread_joined = True
        self._thread.join()
        if self._exception is not None:
            self._testcase.fail("Error in checkedThread: %s" % str(self._exception))

    def is_alive(self):
        return self._thread.is_alive()

    def check_termination(self):
        if self._is_thread_joined:
            if self.is_alive():
                raise RuntimeError("Thread was not joined with main thread, and is still "
                                   "running when the test finished.")
        else:
            self._testcase.fail("A checked thread was not joined.")


class TensorFlowTestCase(absltest.TestCase):
    """tf.test.TestCase: the base class of TensorFlow tests."""

    def __init__(self, methodName="runTest"):
        super().__init__(methodName)
        self._threads = []
        self._tempdir = None
        self._cached_session = None
        self._test_start_time = None
        self._set_default_seed = True

    def setUp(self):
        super().setUp()
        self._ClearCachedSession()
        random.seed(random_seed.DEFAULT_GRAPH_SEED)
        np.random.seed(random_seed.DEFAULT_GRAPH_SEED)
        graph_scope.reset_default_graph()
        if self._set_default_seed:
            random_seed.set_seed(random_seed.DEFAULT_GRAPH_SEED)
        # Avoiding calling setUp() for the poorly named test_session method.
        if self.id().endswith(".test_session"):
            self.skipTest("Not a test.")
        self._test_start_time = time.time()

    def tearDown(self):
        if self._test_start_time is not None:
            _log.info("time(%s): %ss", self.id(), round(time.time() - self._test_start_time, 2))
        for thread in self._threads:
            thread.check_termination()
        self._ClearCachedSession()
        super().tearDown()

    def _ClearCachedSession(self):
        self._cached_session = None

    def get_temp_dir(self):
        """A temporary directory of this test (the same one on every call)."""
        if not self._tempdir:
            self._tempdir = tempfile.mkdtemp(dir=test_util.get_temp_dir())
        return self._tempdir

    @contextlib.contextmanager
    def captureWritesToStream(self, stream):
        """Captures what is written to `stream`'s file descriptor (CapturedWrites)."""
        stream.flush()
        fd = stream.fileno()
        tmp_file, tmp_file_path = tempfile.mkstemp(dir=self.get_temp_dir())
        orig_fd = os.dup(fd)
        os.dup2(tmp_file, fd)
        try:
            yield CapturedWrites(tmp_file_path)
        finally:
            os.close(tmp_file)
            os.dup2(orig_fd, fd)

    def assertProtoEquals(self, expected_message_maybe_ascii, validate_message, msg=None,
                          relative_tolerance=None):
        _unsupported("assertProtoEquals", "tfcompat has no protobuf messages")

    def assertProtoEqualsVersion(self, expected, actual, producer=None, min_consumer=None,
                                 msg=None):
        _unsupported("assertProtoEqualsVersion", "tfcompat has no protobuf messages")

    def assertStartsWith(self, actual, expected_start, msg=None):
        if not actual.startswith(expected_start):
            fail_msg = "%r does not start with %r" % (actual, expected_start)
            fail_msg += " : %r" % (msg) if msg else ""
            self.fail(fail_msg)

    # -- evaluate ---------------------------------------------------------------------

    def _eval_tensor(self, tensor):
        if tensor is None:
            return None
        if callable(tensor):
            return self._eval_helper(tensor())
        try:
            if isinstance(tensor, (SparseTensor, SparseTensorValue)):
                return SparseTensorValue(tensor.indices.numpy(), tensor.values.numpy(),
                                         tensor.dense_shape.numpy())
            if _is_ragged(tensor):
                return RaggedTensorValue(self._eval_tensor(tensor.values),
                                         self._eval_tensor(tensor.row_splits))
            if isinstance(tensor, IndexedSlices):
                return IndexedSlicesValue(
                    values=tensor.values.numpy(), indices=tensor.indices.numpy(),
                    dense_shape=None if tensor.dense_shape is None else tensor.dense_shape.numpy())
            if hasattr(tensor, "numpy") and callable(tensor.numpy):
                return tensor.numpy()
            return map_structure(lambda t: t.numpy(), tensor, expand_composites=True)
        except AttributeError as e:
            raise ValueError(f"Unsupported type {type(tensor).__name__!r}.") from e

    def _eval_helper(self, tensors):
        if tensors is None:
            return None
        return map_structure(self._eval_tensor, tensors)

    def evaluate(self, tensors):
        """The NumPy values of a nested structure of Tensors (SparseTensorValue,
        RaggedTensorValue, IndexedSlicesValue for composites)."""
        if not executing_eagerly():
            _unsupported("evaluate", "inside a tf.function; TF runs it in a v1 Session")
        return self._eval_helper(tensors)

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Eagerly an EagerSessionWarner, as TF; there is no graph-mode Session."""
        if not executing_eagerly():
            _unsupported("session", "in graph mode; tfcompat has no v1 Session")
        yield EagerSessionWarner()

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Eagerly a session whose run() is evaluate(), as TF."""
        if not executing_eagerly():
            _unsupported("cached_session", "in graph mode; tfcompat has no v1 Session")
        yield FakeEagerSession(self)

    @contextlib.contextmanager
    def test_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Deprecated: use cached_session. Eagerly yields None, as TF."""
        if self.id().endswith(".test_session"):
            self.skipTest(
                "Tests that have the name \"test_session\" are automatically skipped "
                "by TensorFlow test fixture, as the name is reserved for creating "
                "sessions within tests. Please rename your test if you have a test "
                "with this name.")
        if not executing_eagerly():
            _unsupported("test_session", "in graph mode; tfcompat has no v1 Session")
        yield None

    def checkedThread(self, target, args=None, kwargs=None):
        """A thread wrapper whose target's exception fails the test at join()."""
        ret = _CheckedThread(self, target, args, kwargs)
        self._threads.append(ret)
        return ret

    # -- assertions on values --------------------------------------------------------

    @py_func_if_in_function
    def assertNear(self, f1, f2, err, msg=None):
        f1 = np.squeeze(f1)
        f2 = np.squeeze(f2)
        if f1 != f2:
            diff = math.fabs(f1 - f2)
            self.assertTrue(diff <= err, "%f != %f +/- %f (difference: %g)%s" % (
                f1, f2, err, diff, " (%s)" % msg if msg is not None else ""))

    @py_func_if_in_function
    def assertArrayNear(self, farray1, farray2, err, msg=None):
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def _NDArrayNear(self, ndarray1, ndarray2, err):
        return np.linalg.norm(ndarray1 - ndarray2) < err

    @py_func_if_in_function
    def assertNDArrayNear(self, ndarray1, ndarray2, err, msg=None):
        self.assertTrue(self._NDArrayNear(ndarray1, ndarray2, err), msg=msg)

    def _GetNdArray(self, a):
        if is_tf_type(a):
            a = a.numpy() if isinstance(a, EagerTensor) else self.evaluate(a)
        if not isinstance(a, np.ndarray):
            try:
                return np.array(a)
            except ValueError as e:
                if "inhomogeneous shape" in str(e):
                    return np.array(a, dtype=object)
                raise
        return a

    def evaluate_if_both_tensors(self, a, b):
        if (is_tf_type(a) and is_tf_type(b) and not isinstance(a, EagerTensor)
                and not isinstance(b, EagerTensor)):
            return self.evaluate((a, b))
        return (a, b)

    def _assertArrayLikeAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        (a, b) = self.evaluate_if_both_tensors(a, b)
        a = self._GetNdArray(a)
        b = self._GetNdArray(b)
        if a.shape != b.shape and (b.ndim <= 3 or b.size < 500):
            shape_mismatch_msg = ("Shape mismatch: expected %s, got %s with contents "
                                  "%s.") % (a.shape, b.shape, b)
        else:
            shape_mismatch_msg = "Shape mismatch: expected %s, got %s." % (a.shape, b.shape)
        self.assertEqual(a.shape, b.shape, shape_mismatch_msg)

        msgs = [msg]
        a_dtype = a.dtype
        # np.allclose cannot promote bfloat16 and float8 arrays: compared as float32.
        a = a.astype(np.float32) if _is_custom_float(a.dtype) else a
        b = b.astype(np.float32) if _is_custom_float(b.dtype) else b
        if not np.allclose(a, b, rtol=rtol, atol=atol):
            cond = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b),
                                 np.isnan(a) != np.isnan(b))
            if a.ndim:
                x = a[_np_where(cond)]
                y = b[_np_where(cond)]
                msgs.append("not close where = {}".format(_np_where(cond)))
            else:
                x, y = a, b
            msgs.append("not close lhs = {}".format(x))
            msgs.append("not close rhs = {}".format(y))
            msgs.append("not close dif = {}".format(np.abs(x - y)))
            msgs.append("not close tol = {}".format(atol + rtol * np.abs(y)))
            msgs.append("dtype = {}, shape = {}".format(a_dtype, a.shape))
            np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(msgs),
                                       equal_nan=True)

    def _assertAllCloseRecursive(self, a, b, rtol=1e-6, atol=1e-6, path=None, msg=None):
        if _is_ragged(a) or _is_ragged(b):
            return self._assertRaggedClose(a, b, rtol, atol, msg)
        path = path or []
        path_str = (("[" + "][".join(str(p) for p in path) + "]") if path else "")
        msg = msg if msg else ""
        if hasattr(a, "_asdict"):
            a = a._asdict()
        if hasattr(b, "_asdict"):
            b = b._asdict()
        a_is_dict = isinstance(a, collections.abc.Mapping)
        if a_is_dict != isinstance(b, collections.abc.Mapping):
            raise ValueError("Can't compare dict to non-dict, a%s vs b%s. %s" %
                             (path_str, path_str, msg))
        if a_is_dict:
            self.assertItemsEqual(
                a.keys(), b.keys(),
                msg="mismatched keys: a%s has keys %s, but b%s has keys %s. %s" %
                (path_str, a.keys(), path_str, b.keys(), msg))
            for k in a:
                path.append(k)
                self._assertAllCloseRecursive(a[k], b[k], rtol=rtol, atol=atol, path=path,
                                              msg=msg)
                del path[-1]
        elif isinstance(a, (list, tuple)):
            # Compared as arrays when they convert, else element by element.
            try:
                (a, b) = self.evaluate_if_both_tensors(a, b)
                self._assertArrayLikeAllClose(
                    self._GetNdArray(a), self._GetNdArray(b), rtol=rtol, atol=atol,
                    msg="Mismatched value: a%s is different from b%s. %s" % (path_str, path_str, msg))
            except (ValueError, TypeError, NotImplementedError) as e:
                if len(a) != len(b):
                    raise ValueError(
                        "Mismatched length: a%s has %d items, but b%s has %d items. %s" %
                        (path_str, len(a), path_str, len(b), msg)) from e
                for idx, (a_ele, b_ele) in enumerate(zip(a, b)):
                    path.append(str(idx))
                    self._assertAllCloseRecursive(a_ele, b_ele, rtol=rtol, atol=atol, path=path,
                                                  msg=msg)
                    del path[-1]
        else:
            try:
                self._assertArrayLikeAllClose(
                    a, b, rtol=rtol, atol=atol,
                    msg=("Mismatched value: a%s is different from b%s. %s" % (path_str, path_str, msg)))
            except TypeError as e:
                msg = ("Error: a%s has %s, but b%s has %s. %s" %
                       (path_str, type(a), path_str, type(b), msg))
                e.args = ((e.args[0] + " : " + msg,) + e.args[1:])
                raise

    @py_func_if_in_function
    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        """Asserts that two nested structures (dicts, namedtuples, tuples, lists) of arrays
        or Tensors are elementwise close (numpy.allclose's rule)."""
        self._assertAllCloseRecursive(a, b, rtol=rtol, atol=atol, msg=msg)

    @py_func_if_in_function
    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6,
                                      float_atol=1e-6, half_rtol=1e-3, half_atol=1e-3,
                                      bfloat16_rtol=1e-2, bfloat16_atol=1e-2, msg=None):
        """assertAllClose with the tolerances widened for float32/complex64, float16 and
        bfloat16 arguments."""
        (a, b) = self.evaluate_if_both_tensors(a, b)
        a = self._GetNdArray(a)
        b = self._GetNdArray(b)
        if (a.dtype == np.float32 or b.dtype == np.float32 or
                a.dtype == np.complex64 or b.dtype == np.complex64):
            rtol = max(rtol, float_rtol)
            atol = max(atol, float_atol)
        if a.dtype == np.float16 or b.dtype == np.float16:
            rtol = max(rtol, half_rtol)
            atol = max(atol, half_atol)
        if a.dtype == dtypes.bfloat16.as_numpy_dtype or b.dtype == dtypes.bfloat16.as_numpy_dtype:
            rtol = max(rtol, bfloat16_rtol)
            atol = max(atol, bfloat16_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    @py_func_if_in_function
    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)
        except AssertionError:
            return
        msg = msg or ""
        raise AssertionError("The two values are close at all elements. %s" % msg)

    @py_func_if_in_function
    def assertAllEqual(self, a, b, msg=None):
        """Asserts that two arrays or Tensors (or ragged values) have the same values."""
        if _is_ragged(a) or _is_ragged(b):
            return self._assertRaggedEqual(a, b, msg)
        msg = msg if msg else ""
        (a, b) = self.evaluate_if_both_tensors(a, b)
        a = self._GetNdArray(a)
        b = self._GetNdArray(b)
        if b.ndim <= 3 or b.size < 500:
            self.assertEqual(a.shape, b.shape, "Shape mismatch: expected %s, got %s."
                             " Contents: %r. \n%s." % (a.shape, b.shape, b, msg))
        else:
            self.assertEqual(a.shape, b.shape, "Shape mismatch: expected %s, got %s."
                             " %s" % (a.shape, b.shape, msg))
        same = (a == b)
        if dtypes.as_dtype(a.dtype).is_floating:
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        msgs = [msg]
        if not np.all(same):
            diff = np.logical_not(same)
            if a.ndim:
                x = a[_np_where(diff)]
                y = b[_np_where(diff)]
                msgs.append("not equal where = {}".format(_np_where(diff)))
            else:
                x, y = a, b
            msgs.append("not equal lhs = %r" % x)
            msgs.append("not equal rhs = %r" % y)
            if (a.dtype.kind != b.dtype.kind and
                    {a.dtype.kind, b.dtype.kind}.issubset({"U", "S", "O"})):
                a, b = ([item.encode("utf-8") if isinstance(item, str) else item
                         for item in arr.flat] for arr in (a, b))
                a, b = np.array(a), np.array(b)
            np.testing.assert_array_equal(a, b, err_msg="\n".join(msgs))

    @py_func_if_in_function
    def assertNotAllEqual(self, a, b, msg=None):
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        msg = msg or ""
        raise AssertionError("The two values are equal at all elements. %s" % msg)

    @py_func_if_in_function
    def assertAllGreater(self, a, comparison_target):
        (a, comparison_target) = self.evaluate_if_both_tensors(a, comparison_target)
        self.assertGreater(np.min(self._GetNdArray(a)), comparison_target)

    @py_func_if_in_function
    def assertAllLess(self, a, comparison_target):
        (a, comparison_target) = self.evaluate_if_both_tensors(a, comparison_target)
        self.assertLess(np.max(self._GetNdArray(a)), comparison_target)

    @py_func_if_in_function
    def assertAllGreaterEqual(self, a, comparison_target):
        (a, comparison_target) = self.evaluate_if_both_tensors(a, comparison_target)
        self.assertGreaterEqual(np.min(self._GetNdArray(a)), comparison_target)

    @py_func_if_in_function
    def assertAllLessEqual(self, a, comparison_target):
        (a, comparison_target) = self.evaluate_if_both_tensors(a, comparison_target)
        self.assertLessEqual(np.max(self._GetNdArray(a)), comparison_target)

    def _format_subscripts(self, subscripts, value, limit=10, indent=2):
        lines = []
        subscripts = np.transpose(subscripts)
        prefix = " " * indent
        if np.ndim(value) == 0:
            return [prefix + "[0] : " + str(value)]
        for subscript in itertools.islice(subscripts, limit):
            lines.append(prefix + str(subscript) + " : " + str(value[tuple(subscript)]))
        if len(subscripts) > limit:
            lines.append(prefix + "...")
        return lines

    @py_func_if_in_function
    def assertAllInRange(self, target, lower_bound, upper_bound, open_lower_bound=False,
                         open_upper_bound=False):
        target = self._GetNdArray(target)
        if not (np.issubdtype(target.dtype, np.floating) or
                np.issubdtype(target.dtype, np.integer)):
            raise AssertionError(
                "The value of %s does not have an ordered numeric type, instead it "
                "has type: %s" % (target, target.dtype))
        nan_subscripts = _np_where(np.isnan(target))
        if np.size(nan_subscripts):
            raise AssertionError(
                "%d of the %d element(s) are NaN. "
                "Subscripts(s) and value(s) of the NaN element(s):\n" %
                (len(nan_subscripts[0]), np.size(target)) +
                "\n".join(self._format_subscripts(nan_subscripts, target)))
        range_str = (("(" if open_lower_bound else "[") + str(lower_bound) + ", " +
                     str(upper_bound) + (")" if open_upper_bound else "]"))
        violations = (np.less_equal(target, lower_bound) if open_lower_bound
                      else np.less(target, lower_bound))
        violations = np.logical_or(violations, np.greater_equal(target, upper_bound)
                                   if open_upper_bound else np.greater(target, upper_bound))
        violation_subscripts = _np_where(violations)
        if np.size(violation_subscripts):
            raise AssertionError(
                "%d of the %d element(s) are outside the range %s. " %
                (len(violation_subscripts[0]), np.size(target), range_str) +
                "Subscript(s) and value(s) of the offending elements:\n" +
                "\n".join(self._format_subscripts(violation_subscripts, target)))

    @py_func_if_in_function
    def assertAllInSet(self, target, expected_set):
        target = self._GetNdArray(target)
        diff = np.setdiff1d(target.flatten(), list(expected_set))
        if np.size(diff):
            raise AssertionError("%d unique element(s) are not in the set %s: %s" %
                                 (np.size(diff), expected_set, diff))

    @py_func_if_in_function
    def assertDTypeEqual(self, target, expected_dtype):
        self.assertEqual(self._GetNdArray(target).dtype, expected_dtype)

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):
        """A context expecting `exception_type` whose message matches a regex (searched)
        or that satisfies a predicate."""
        if callable(expected_err_re_or_predicate):
            predicate = expected_err_re_or_predicate
        else:
            def predicate(e):
                err_str = e.message if isinstance(e, errors.OpError) else str(e)
                _log.info("Searching within error strings: '%s' within '%s'",
                          expected_err_re_or_predicate, err_str)
                return re.search(expected_err_re_or_predicate, err_str)
        try:
            yield
            self.fail(exception_type.__name__ + " not raised")
        except Exception as e:  # noqa: BLE001 - TF's check of any exception
            if not isinstance(e, exception_type) or not predicate(e):
                raise AssertionError("Exception of type %s: %s" % (str(type(e)), str(e))) from e

    def assertRaisesOpError(self, expected_err_re_or_predicate):
        return self.assertRaisesWithPredicateMatch(errors.OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(self, exception_type=errors.InvalidArgumentError):
        return self.assertRaisesWithPredicateMatch(
            exception_type, r"Incompatible shapes|Dimensions must be equal|"
            r"required broadcastable shapes")

    def assertShapeEqual(self, input_a, input_b, msg=None):
        """Asserts that two arrays or Tensors have the same (static) shape."""
        if not isinstance(input_a, (np.ndarray, np.generic, Tensor)):
            raise TypeError("input_a must be a Numpy ndarray, Numpy scalar, or a Tensor."
                            f"Instead received {type(input_a)}")
        if not isinstance(input_b, (np.ndarray, np.generic, Tensor)):
            raise TypeError("input_b must be a Numpy ndarray, Numpy scalar, or a Tensor."
                            f"Instead received {type(input_b)}")
        shape_a = input_a.get_shape().as_list() if isinstance(input_a, Tensor) else input_a.shape
        shape_b = input_b.get_shape().as_list() if isinstance(input_b, Tensor) else input_b.shape
        self.assertAllEqual(shape_a, shape_b, msg=msg)

    def assertDeviceEqual(self, device1, device2, msg=None):
        """Asserts that two device names are the same device."""
        device1 = canonical_device_name(device1)
        device2 = canonical_device_name(device2)
        self.assertEqual(device1, device2,
                         "Devices %s and %s are not equal. %s" % (device1, device2, msg))

    @py_func_if_in_function
    def assertDictEqual(self, a, b, msg=None):
        """unittest's assertDictEqual, else TF's: the same keys, values compared with
        assertAllClose (floats) or assertAllEqual."""
        try:
            super().assertDictEqual(a, b, msg)
        except Exception:  # noqa: BLE001 - then the Tensor-aware comparison, as TF
            self.assertSameElements(a.keys(), b.keys())
            for k, v in a.items():
                (a_k, b_k) = self.evaluate_if_both_tensors(v, b[k])
                a_k = self._GetNdArray(a_k)
                if np.issubdtype(a_k.dtype, np.floating):
                    self.assertAllClose(v, b[k], msg=k)
                else:
                    self.assertAllEqual(v, b[k], msg=k)

    def _GetPyList(self, a):
        if isinstance(a, RaggedTensor):
            return self.evaluate(a).to_list()
        if isinstance(a, Tensor):
            a = self.evaluate(a)
            return a.tolist() if isinstance(a, np.ndarray) else a
        if isinstance(a, np.ndarray):
            return a.tolist()
        if isinstance(a, RaggedTensorValue):
            return a.to_list()
        return np.array(a, dtype=object).tolist()

    def _assertRaggedEqual(self, a, b, msg):
        self.assertEqual(self._GetPyList(a), self._GetPyList(b), msg)
        self._assertSameRaggedRank(a, b, msg)

    def _assertRaggedClose(self, a, b, rtol, atol, msg=None):
        self._assertListCloseRecursive(self._GetPyList(a), self._GetPyList(b), rtol, atol, msg)
        self._assertSameRaggedRank(a, b, msg)

    def _assertSameRaggedRank(self, a, b, msg):
        if not (isinstance(a, (list, tuple)) or isinstance(b, (list, tuple))):
            self.assertEqual(a.ragged_rank if _is_ragged(a) else 0,
                             b.ragged_rank if _is_ragged(b) else 0, msg)

    def _assertListCloseRecursive(self, a, b, rtol, atol, msg, path="value"):
        self.assertEqual(type(a), type(b))
        if isinstance(a, (list, tuple)):
            self.assertLen(a, len(b), "Length differs for %s" % path)
            for i in range(len(a)):
                self._assertListCloseRecursive(a[i], b[i], rtol, atol, msg, "%s[%s]" % (path, i))
        else:
            self._assertAllCloseRecursive(a, b, rtol, atol, path, msg)

    assertRaisesRegexp = absltest.TestCase.assertRaisesRegex
    assertItemsEqual = absltest.TestCase.assertCountEqual


def _is_custom_float(dtype):
    """bfloat16 and the float8 types (ml_dtypes), which np.allclose cannot promote."""
    return dtype in (dtypes.bfloat16.as_numpy_dtype, dtypes.float8_e5m2.as_numpy_dtype,
                     dtypes.float8_e4m3fn.as_numpy_dtype, dtypes.float8_e4m3fnuz.as_numpy_dtype,
                     dtypes.float8_e4m3b11fnuz.as_numpy_dtype,
                     dtypes.float8_e5m2fnuz.as_numpy_dtype)
