"""tf.test.TestCase and the tf.test functions: tools/tf_testcase_reference.py defines
tf.test.TestCase subclasses (every assertion passing and failing, evaluate on nested and
composite values, the eager sessions, temp dirs, checked threads, the per-test seeds,
assertions inside tf.function, disable_with_predicate) and runs them with unittest; TF_OUT
is TF 2.21's output of that script (``/tmp/tfref/bin/python
tools/tf_testcase_reference.py``), each test's outcome with TF's failure messages.
tf.test.Benchmark's printed and written entries are in TF_OUT too; tf.test.main is run on
test files in a subprocess (the tests, and the benchmarks --benchmark_filter selects).
compute_gradient is the golden suite test_module's."""
import subprocess
import sys

import pytest

import reference_scripts

TF_OUT = {'Assertions.test_according_to_type_float_fail': ('fail',
                                                  '\n'
                                                  'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                                  'Mismatched value: a is different from b. \n'
                                                  'not close where = (array([1]),)\n'
                                                  'not close lhs = [2.]\n'
                                                  'not close rhs = [2.001]\n'
                                                  'not close dif = [0.001]\n'
                                                  'not close tol = [3.001e-06]\n'
                                                  'dtype = float32, shape = (2,)\n'
                                                  'Mismatched elements: 1 / 2 (50%)\n'
                                                  'Mismatch at index:\n'
                                                  ' [1]: 2.0 (ACTUAL), 2.001 (DESIRED)\n'
                                                  'Max absolute difference among violations: '
                                                  '0.001\n'
                                                  'Max relative difference among violations: '
                                                  '0.00049975\n'
                                                  ' ACTUAL: array([1., 2.], dtype=float32)\n'
                                                  ' DESIRED: array([1.   , 2.001])'),
 'Assertions.test_according_to_type_half': ('ok', ''),
 'Assertions.test_allclose_bfloat16_fail': ('fail',
                                            '\n'
                                            'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                            'Mismatched value: a is different from b. \n'
                                            'not close where = (array([1]),)\n'
                                            'not close lhs = [2.]\n'
                                            'not close rhs = [2.5]\n'
                                            'not close dif = [0.5]\n'
                                            'not close tol = [3.5e-06]\n'
                                            'dtype = bfloat16, shape = (2,)\n'
                                            'Mismatched elements: 1 / 2 (50%)\n'
                                            'Mismatch at index:\n'
                                            ' [1]: 2.0 (ACTUAL), 2.5 (DESIRED)\n'
                                            'Max absolute difference among violations: 0.5\n'
                                            'Max relative difference among violations: 0.2\n'
                                            ' ACTUAL: array([1., 2.], dtype=float32)\n'
                                            ' DESIRED: array([1. , 2.5])'),
 'Assertions.test_allclose_dict_vs_list': ('error',
                                           'ValueError',
                                           "Can't compare dict to non-dict, a vs b. "),
 'Assertions.test_allclose_fail': ('fail',
                                   '\n'
                                   'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                   'Mismatched value: a is different from b. \n'
                                   'not close where = (array([1]),)\n'
                                   'not close lhs = [2.]\n'
                                   'not close rhs = [2.1]\n'
                                   'not close dif = [0.1]\n'
                                   'not close tol = [3.1e-06]\n'
                                   'dtype = float32, shape = (3,)\n'
                                   'Mismatched elements: 1 / 3 (33.3%)\n'
                                   'Mismatch at index:\n'
                                   ' [1]: 2.0 (ACTUAL), 2.1 (DESIRED)\n'
                                   'Max absolute difference among violations: 0.1\n'
                                   'Max relative difference among violations: 0.04761905\n'
                                   ' ACTUAL: array([1., 2., 3.], dtype=float32)\n'
                                   ' DESIRED: array([1. , 2.1, 3. ])'),
 'Assertions.test_allclose_keys_fail': ('fail',
                                        'Element counts were not equal:\n'
                                        "First has 1, Second has 0:  'a'\n"
                                        "First has 0, Second has 1:  'b' : mismatched keys: a has "
                                        "keys dict_keys(['a']), but b has keys dict_keys(['b']). "),
 'Assertions.test_allclose_length_fail': ('fail',
                                          'Tuples differ: (2,) != (3,)\n'
                                          '\n'
                                          'First differing element 0:\n'
                                          '2\n'
                                          '3\n'
                                          '\n'
                                          '- (2,)\n'
                                          '?  ^\n'
                                          '\n'
                                          '+ (3,)\n'
                                          '?  ^\n'
                                          ' : Shape mismatch: expected (2,), got (3,) with '
                                          'contents [list([1.0]) list([1.0, 2.0]) list([3.0])].'),
 'Assertions.test_allclose_msg_fail': ('fail',
                                       '\n'
                                       'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                       'Mismatched value: a is different from b. custom\n'
                                       'not close where = (array([1]), array([1]))\n'
                                       'not close lhs = [4.]\n'
                                       'not close rhs = [4.5]\n'
                                       'not close dif = [0.5]\n'
                                       'not close tol = [5.5e-06]\n'
                                       'dtype = float64, shape = (2, 2)\n'
                                       'Mismatched elements: 1 / 4 (25%)\n'
                                       'Mismatch at index:\n'
                                       ' [1, 1]: 4.0 (ACTUAL), 4.5 (DESIRED)\n'
                                       'Max absolute difference among violations: 0.5\n'
                                       'Max relative difference among violations: 0.11111111\n'
                                       ' ACTUAL: array([[1., 2.],\n'
                                       '       [3., 4.]])\n'
                                       ' DESIRED: array([[1. , 2. ],\n'
                                       '       [3. , 4.5]])'),
 'Assertions.test_allclose_namedtuple': ('ok', ''),
 'Assertions.test_allclose_nan': ('ok', ''),
 'Assertions.test_allclose_nan_fail': ('fail',
                                       '\n'
                                       'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                       'Mismatched value: a is different from b. \n'
                                       'not close where = (array([0]),)\n'
                                       'not close lhs = [nan]\n'
                                       'not close rhs = [1.]\n'
                                       'not close dif = [nan]\n'
                                       'not close tol = [2.e-06]\n'
                                       'dtype = float64, shape = (2,)\n'
                                       'nan location mismatch:\n'
                                       ' ACTUAL: array([nan,  1.])\n'
                                       ' DESIRED: array([1., 1.])'),
 'Assertions.test_allclose_nested_fail': ('fail',
                                          '\n'
                                          'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                          'Mismatched value: a[b] is different from b[b]. \n'
                                          'not close where = (array([0]),)\n'
                                          'not close lhs = [3.]\n'
                                          'not close rhs = [3.5]\n'
                                          'not close dif = [0.5]\n'
                                          'not close tol = [4.5e-06]\n'
                                          'dtype = float32, shape = (1,)\n'
                                          'Mismatched elements: 1 / 1 (100%)\n'
                                          'Mismatch at index:\n'
                                          ' [0]: 3.0 (ACTUAL), 3.5 (DESIRED)\n'
                                          'Max absolute difference among violations: 0.5\n'
                                          'Max relative difference among violations: 0.14285714\n'
                                          ' ACTUAL: array([3.], dtype=float32)\n'
                                          ' DESIRED: array([3.5])'),
 'Assertions.test_allclose_pass': ('ok', ''),
 'Assertions.test_allclose_ragged': ('ok', ''),
 'Assertions.test_allclose_ragged_fail': ('fail',
                                          '\n'
                                          'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                          'Mismatched value: a[v][a][l][u][e][[][1][]][[][1][]] is '
                                          'different from b[v][a][l][u][e][[][1][]][[][1][]]. \n'
                                          'not close lhs = 3.0\n'
                                          'not close rhs = 3.5\n'
                                          'not close dif = 0.5\n'
                                          'not close tol = 4.5e-06\n'
                                          'dtype = float64, shape = ()\n'
                                          'Mismatched elements: 1 / 1 (100%)\n'
                                          'Max absolute difference among violations: 0.5\n'
                                          'Max relative difference among violations: 0.14285714\n'
                                          ' ACTUAL: array(3.)\n'
                                          ' DESIRED: array(3.5)'),
 'Assertions.test_allclose_ragged_lists': ('ok', ''),
 'Assertions.test_allclose_scalar_fail': ('fail',
                                          '\n'
                                          'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                          'Mismatched value: a is different from b. \n'
                                          'not close lhs = 1.0\n'
                                          'not close rhs = 1.100000023841858\n'
                                          'not close dif = 0.10000002384185791\n'
                                          'not close tol = 2.100000074278796e-06\n'
                                          'dtype = float64, shape = ()\n'
                                          'Mismatched elements: 1 / 1 (100%)\n'
                                          'Max absolute difference among violations: 0.10000002\n'
                                          'Max relative difference among violations: 0.09090911\n'
                                          ' ACTUAL: array(1.)\n'
                                          ' DESIRED: array(1.1, dtype=float32)'),
 'Assertions.test_allclose_shape_fail': ('fail',
                                         'Tuples differ: (2, 3) != (3, 2)\n'
                                         '\n'
                                         'First differing element 0:\n'
                                         '2\n'
                                         '3\n'
                                         '\n'
                                         '- (2, 3)\n'
                                         '+ (3, 2) : Shape mismatch: expected (2, 3), got (3, 2) '
                                         'with contents [[1. 1.]\n'
                                         ' [1. 1.]\n'
                                         ' [1. 1.]].'),
 'Assertions.test_allclose_tolerance': ('ok', ''),
 'Assertions.test_allclose_variable': ('ok', ''),
 'Assertions.test_allequal_fail': ('fail',
                                   '\n'
                                   'Arrays are not equal\n'
                                   '\n'
                                   'not equal where = (array([1]), array([1]))\n'
                                   'not equal lhs = array([4], dtype=int32)\n'
                                   'not equal rhs = array([5])\n'
                                   'Mismatched elements: 1 / 4 (25%)\n'
                                   'Mismatch at index:\n'
                                   ' [1, 1]: 4 (ACTUAL), 5 (DESIRED)\n'
                                   'Max absolute difference among violations: 1\n'
                                   'Max relative difference among violations: 0.2\n'
                                   ' ACTUAL: array([[1, 2],\n'
                                   '       [3, 4]], dtype=int32)\n'
                                   ' DESIRED: array([[1, 2],\n'
                                   '       [3, 5]])'),
 'Assertions.test_allequal_nan': ('ok', ''),
 'Assertions.test_allequal_pass': ('ok', ''),
 'Assertions.test_allequal_ragged': ('ok', ''),
 'Assertions.test_allequal_ragged_fail': ('fail',
                                          'Lists differ: [[1], [2, 3]] != [[1], [2, 4]]\n'
                                          '\n'
                                          'First differing element 1:\n'
                                          '[2, 3]\n'
                                          '[2, 4]\n'
                                          '\n'
                                          '- [[1], [2, 3]]\n'
                                          '?           ^\n'
                                          '\n'
                                          '+ [[1], [2, 4]]\n'
                                          '?           ^\n'),
 'Assertions.test_allequal_ragged_rank_fail': ('fail', '1 != 2'),
 'Assertions.test_allequal_scalar_fail': ('fail',
                                          '\n'
                                          'Arrays are not equal\n'
                                          'scalar\n'
                                          'not equal lhs = array(1, dtype=int32)\n'
                                          'not equal rhs = array(2)\n'
                                          'Mismatched elements: 1 / 1 (100%)\n'
                                          'Max absolute difference among violations: 1\n'
                                          'Max relative difference among violations: 0.5\n'
                                          ' ACTUAL: array(1, dtype=int32)\n'
                                          ' DESIRED: array(2)'),
 'Assertions.test_allequal_shape_fail': ('fail',
                                         'Tuples differ: (2,) != (3,)\n'
                                         '\n'
                                         'First differing element 0:\n'
                                         '2\n'
                                         '3\n'
                                         '\n'
                                         '- (2,)\n'
                                         '?  ^\n'
                                         '\n'
                                         '+ (3,)\n'
                                         '?  ^\n'
                                         ' : Shape mismatch: expected (2,), got (3,). Contents: '
                                         'array([1, 2, 3]). \n'
                                         '.'),
 'Assertions.test_allequal_strings': ('ok', ''),
 'Assertions.test_allequal_strings_fail': ('fail',
                                           '\n'
                                           'Arrays are not equal\n'
                                           '\n'
                                           'not equal where = (array([0, 1]),)\n'
                                           "not equal lhs = array([b'a', b'b'], dtype=object)\n"
                                           "not equal rhs = array(['a', 'c'], dtype='<U1')\n"
                                           'Mismatched elements: 1 / 2 (50%)\n'
                                           'Mismatch at index:\n'
                                           " [1]: b'b' (ACTUAL), b'c' (DESIRED)\n"
                                           " ACTUAL: array([b'a', b'b'], dtype='|S1')\n"
                                           " DESIRED: array([b'a', b'c'], dtype='|S1')"),
 'Assertions.test_array_near_fail': ('fail',
                                     'False is not true : 2.000000 != 2.500000 +/- 0.100000 '
                                     '(difference: 0.5)'),
 'Assertions.test_array_near_length_fail': ('fail', '2 != 1'),
 'Assertions.test_device_equal': ('ok', ''),
 'Assertions.test_device_equal_bad_name': ('error',
                                           'ValueError',
                                           "Unknown attribute 'foo' is encountered while parsing "
                                           "the device spec: '/foo:1'."),
 'Assertions.test_device_equal_fail': ('fail',
                                       'Devices /job:worker/task:1/device:GPU:0 and /device:CPU:0 '
                                       'are not equal. None:\n'
                                       '- /job:worker/task:1/device:GPU:0\n'
                                       '+ /device:CPU:0\n'),
 'Assertions.test_dict_equal_fail': ('fail',
                                     '\n'
                                     'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                     'Mismatched value: a is different from b. a\n'
                                     'not close where = (array([1]),)\n'
                                     'not close lhs = [2.]\n'
                                     'not close rhs = [2.5]\n'
                                     'not close dif = [0.5]\n'
                                     'not close tol = [3.5e-06]\n'
                                     'dtype = float32, shape = (2,)\n'
                                     'Mismatched elements: 1 / 2 (50%)\n'
                                     'Mismatch at index:\n'
                                     ' [1]: 2.0 (ACTUAL), 2.5 (DESIRED)\n'
                                     'Max absolute difference among violations: 0.5\n'
                                     'Max relative difference among violations: 0.2\n'
                                     ' ACTUAL: array([1., 2.], dtype=float32)\n'
                                     ' DESIRED: array([1. , 2.5])'),
 'Assertions.test_dict_equal_tensors': ('ok', ''),
 'Assertions.test_dtype_equal': ('ok', ''),
 'Assertions.test_dtype_equal_fail': ('fail', "dtype('int32') != <class 'numpy.int64'>"),
 'Assertions.test_greater_equal': ('ok', ''),
 'Assertions.test_greater_fail': ('fail', 'np.int32(1) not greater than 1'),
 'Assertions.test_in_range_fail': ('fail',
                                   '2 of the 4 element(s) are outside the range [1.0, 2.0]. '
                                   'Subscript(s) and value(s) of the offending elements:\n'
                                   '  [0 0] : 0.0\n'
                                   '  [1 1] : 3.0'),
 'Assertions.test_in_range_nan_fail': ('fail',
                                       '1 of the 2 element(s) are NaN. Subscripts(s) and value(s) '
                                       'of the NaN element(s):\n'
                                       '  [1] : nan'),
 'Assertions.test_in_range_open_fail': ('fail',
                                        '2 of the 12 element(s) are outside the range (0, 11). '
                                        'Subscript(s) and value(s) of the offending elements:\n'
                                        '  [0] : 0\n'
                                        '  [11] : 11'),
 'Assertions.test_in_range_type_fail': ('fail',
                                        "The value of [b'a'] does not have an ordered numeric "
                                        'type, instead it has type: object'),
 'Assertions.test_in_set_fail': ('fail', '2 unique element(s) are not in the set [1, 2]: [5 7]'),
 'Assertions.test_items_equal': ('ok', ''),
 'Assertions.test_less_equal_fail': ('fail', 'np.int64(5) not less than or equal to 4'),
 'Assertions.test_less_fail': ('fail', 'np.float32(2.0) not less than 2.0'),
 'Assertions.test_ndarray_near_fail': ('fail', 'np.False_ is not true'),
 'Assertions.test_near': ('ok', ''),
 'Assertions.test_near_fail': ('fail',
                               'False is not true : 1.000000 != 1.500000 +/- 0.100000 (difference: '
                               '0.5) (m)'),
 'Assertions.test_not_allclose': ('ok', ''),
 'Assertions.test_not_allclose_fail': ('fail', 'The two values are close at all elements. m'),
 'Assertions.test_not_allequal_fail': ('fail', 'The two values are equal at all elements. '),
 'Assertions.test_op_error_other_text': ('fail',
                                         'Exception of type <class '
                                         "'tensorflow.python.framework.errors_impl.InvalidArgumentError'>: "
                                         '{{function_node '
                                         '__wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                                         'Input to reshape is a tensor with 6 values, but the '
                                         'requested shape has 4 [Op:Reshape]'),
 'Assertions.test_raises_op_error': ('ok', ''),
 'Assertions.test_raises_op_error_not_raised': ('fail',
                                                "Exception of type <class 'AssertionError'>: "
                                                'OpError not raised'),
 'Assertions.test_raises_predicate': ('ok', ''),
 'Assertions.test_raises_predicate_wrong_type': ('fail',
                                                 "Exception of type <class 'ValueError'>: bad "
                                                 'value'),
 'Assertions.test_session': ('skip', 'Not a test.'),
 'Assertions.test_shape_equal': ('ok', ''),
 'Assertions.test_shape_equal_fail': ('fail',
                                      '\n'
                                      'Arrays are not equal\n'
                                      '\n'
                                      'not equal where = (array([0, 1]),)\n'
                                      'not equal lhs = array([2, 3])\n'
                                      'not equal rhs = array([3, 2])\n'
                                      'Mismatched elements: 2 / 2 (100%)\n'
                                      'Mismatch at indices:\n'
                                      ' [0]: 2 (ACTUAL), 3 (DESIRED)\n'
                                      ' [1]: 3 (ACTUAL), 2 (DESIRED)\n'
                                      'Max absolute difference among violations: 1\n'
                                      'Max relative difference among violations: 0.5\n'
                                      ' ACTUAL: array([2, 3])\n'
                                      ' DESIRED: array([3, 2])'),
 'Assertions.test_shape_equal_type_error': ('error',
                                            'TypeError',
                                            'input_a must be a Numpy ndarray, Numpy scalar, or a '
                                            "Tensor.Instead received <class 'list'>"),
 'Assertions.test_starts_with_fail': ('fail', "'hello' does not start with 'world' : 'm'"),
 'Decorated.test_class_kept': ('ok', "Decorated <class 'int'>\n"),
 'Decorated.test_session': ('skip', 'Not a test.'),
 'Evaluation.test_according_to_type_bfloat16': ('fail',
                                                '\n'
                                                'Not equal to tolerance rtol=0.01, atol=0.01\n'
                                                'Mismatched value: a is different from b. \n'
                                                'not close where = (array([1]),)\n'
                                                'not close lhs = [2.]\n'
                                                'not close rhs = [2.1]\n'
                                                'not close dif = [0.1]\n'
                                                'not close tol = [0.031]\n'
                                                'dtype = bfloat16, shape = (2,)\n'
                                                'Mismatched elements: 1 / 2 (50%)\n'
                                                'Mismatch at index:\n'
                                                ' [1]: 2.0 (ACTUAL), 2.1 (DESIRED)\n'
                                                'Max absolute difference among violations: 0.1\n'
                                                'Max relative difference among violations: '
                                                '0.04761905\n'
                                                ' ACTUAL: array([1., 2.], dtype=float32)\n'
                                                ' DESIRED: array([1. , 2.1])'),
 'Evaluation.test_assert_in_function': ('ok', '[2 3]\n'),
 'Evaluation.test_assert_in_function_fail': ('ok',
                                             'UnknownError AssertionError: \n'
                                             'Not equal to tolerance rtol=1e-06, atol=1e-06\n'
                                             'Mismatched value: a is different from b. \n'
                                             'not close where = (array([1]),)\n'
                                             'not close lhs = [2.]\n'
                                             'not close rhs = [3.]\n'
                                             'not close dif = [1.]\n'
                                             'not close tol = [4.e-06]\n'
                                             'dtype = float32, shape = (2,)\n'
                                             'Mismatched elements: 1 / 2 (50%)\n'
                                             'Mismatch at index:\n'
                                             ' [1]: 2.0 (ACTUAL), 3.0 (\n'),
 'Evaluation.test_cached_session': ('ok',
                                    "FakeEagerSession array([1.], dtype=float32) {'x': "
                                    'np.int32(2)}\n'),
 'Evaluation.test_cached_session_args': ('error',
                                         'RuntimeError',
                                         'Optional args are not supported when eager execution is '
                                         'enabled (in this case, sess.run(t) is shorthand for '
                                         't.numpy()'),
 'Evaluation.test_cached_session_feed': ('error',
                                         'RuntimeError',
                                         'feed_dict is not supported when eager execution is '
                                         'enabled (in this case, sess.run(t) is shorthand for '
                                         't.numpy()'),
 'Evaluation.test_capture_writes': ('ok', "'to stderr\\n'\n"),
 'Evaluation.test_checked_thread': ('ok', '[1] False\n'),
 'Evaluation.test_checked_thread_not_joined': ('fail', 'A checked thread was not joined.'),
 'Evaluation.test_checked_thread_raises': ('fail', 'Error in checkedThread: in thread'),
 'Evaluation.test_disabled': ('skip', 'disabled here'),
 'Evaluation.test_evaluate': ('ok',
                              "['a', 'b', 'c', 'd'] array([1, 2], dtype=int32) [array([1.5, 2.5], "
                              "dtype=float32), None] (b's',) np.float32(3.0)\n"),
 'Evaluation.test_evaluate_bad': ('error', 'ValueError', "Unsupported type 'int'."),
 'Evaluation.test_evaluate_indexed_slices': ('ok',
                                             'IndexedSlicesValue(values=array([[1., 2.]], '
                                             'dtype=float32), indices=array([1], dtype=int32), '
                                             'dense_shape=array([3, 2], dtype=int32))\n'),
 'Evaluation.test_evaluate_ragged': ('ok',
                                     'RaggedTensorValue <tf.RaggedTensorValue [[[1, 2]], [], '
                                     '[[3]]]> '
                                     'tf.RaggedTensorValue(values=tf.RaggedTensorValue(values=array([1, '
                                     '2, 3], dtype=int32), row_splits=array([0, 2, 3])), '
                                     'row_splits=array([0, 1, 1, 2]))\n'
                                     '2 (3, None, None) int32 [1 2 3] (array([0, 1, 1, 2]), '
                                     'array([0, 2, 3])) [[[1, 2]], [], [[3]]]\n'),
 'Evaluation.test_evaluate_sparse': ('ok',
                                     'SparseTensorValue SparseTensorValue(indices=array([[0, 0],\n'
                                     '       [1, 1]]), values=array([1, 2], dtype=int32), '
                                     'dense_shape=array([2, 2]))\n'
                                     'SparseTensorValue int64 int32 int64\n'),
 'Evaluation.test_not_disabled': ('ok', 'ran\n'),
 'Evaluation.test_seeds': ('ok',
                           '0.3499765785632496 0.18463433217903202\n'
                           '[0.5836375 0.2972299] [ 1.0616621 -0.8785783]\n'),
 'Evaluation.test_session': ('skip', 'Not a test.'),
 'Evaluation.test_session_warner': ('error',
                                    'AttributeError',
                                    'Trying to access properties or call methods on the result of '
                                    'self.session(), self.cached_session(), etc while eager '
                                    "execution is enabled. If you're porting this test case to TF "
                                    '2.0, either adapt the test to work with eager execution or '
                                    'insert a call to tf.disable_eager_execution() in the main() '
                                    'function of this test file.'),
 'Evaluation.test_temp_dir': ('ok', 'True True []\n'),
 'Evaluation.test_test_session_none': ('ok', 'None\n'),
 'benchmarks': {'abstract': [True, False],
                'errors': ['extras must be a dict',
                           'metrics must be a list',
                           "metric must has a 'name' field",
                           "metric must has a 'value' field"],
                'exists': ('OSError', 'File already exists: DIR/r_Bench.benchmark_entry'),
                'files': {'r_Bench.benchmark_entry': b'\n`\n\x15Bench.benchmark_entry\x10\x07\x19'
                                                     b'\x00\x00\x00\x00\x00\x00\x00\x80'
                                                     b'!\x00\x00\x00\x00\x00\x00\xd0?)\x00\x00'
                                                     b'\x00\x00\x00\x00\x08@2\n\n\x01k\x12'
                                                     b'\x05\x12\x03v\xc3\xa9:\x05\n\x01m\x1a'
                                                     b'\x00:\x17\n\x01n\x11H\xaf\xbc\x9a\xf2\xd7z>"'
                                                     b'\t\t\x00\x00\x00\x00\x00\x00\x04@',
                          'r_Bench.sub__x': b'\n\x1d\n\x0bBench.sub/x2\x0e\n\x01n\x12\t\t\x00'
                                            b'\x00\x00\x00\x00\x00\x00\x00'},
                'printed': 'entry {\n'
                           '  name: "Bench.benchmark_entry"\n'
                           '  iters: 7\n'
                           '  cpu_time: -0\n'
                           '  wall_time: 0.25\n'
                           '  throughput: 3\n'
                           '  extras {\n'
                           '    key: "k"\n'
                           '    value {\n'
                           '      string_value: "vé"\n'
                           '    }\n'
                           '  }\n'
                           '  metrics {\n'
                           '    name: "m"\n'
                           '    min_value {\n'
                           '    }\n'
                           '  }\n'
                           '  metrics {\n'
                           '    name: "n"\n'
                           '    value: 1e-07\n'
                           '    max_value {\n'
                           '      value: 2.5\n'
                           '    }\n'
                           '  }\n'
                           '}\n'
                           '\n'
                           'entry {\n'
                           '  name: "Bench.sub/x"\n'
                           '  extras {\n'
                           '    key: "n"\n'
                           '    value {\n'
                           '      double_value: 0\n'
                           '    }\n'
                           '  }\n'
                           '}\n'
                           '\n'
                           'entry {\n'
                           '  name: "TensorFlowBenchmark.report_benchmark"\n'
                           '  wall_time: inf\n'
                           '}\n'
                           '\n'},
 'compute_gradient_not_list': '`x` must be a list or tuple of values convertible to a Tensor '
                              "(arguments to `f`), not a <class 'float'>",
 'cpu_target_unknown': 'Unknown CPU target: mips',
 'functions': {'cpu_targets': [True, True, True, True, True, True, True],
               'gpu_device_name': '',
               'is_built_with_cuda': False,
               'is_built_with_gpu_support': False,
               'is_built_with_rocm': False,
               'is_built_with_xla': True,
               'is_gpu_available': False,
               'sync_devices': None},
 'testcase_mro': ['TensorFlowTestCase', 'TestCase', 'TestCase', 'object']}


@pytest.fixture(scope="module")
def ours():
    return reference_scripts.run("tf_testcase_reference")


@pytest.mark.parametrize("case", sorted(TF_OUT))
def test_matches_tf(ours, case):
    assert ours[case] == TF_OUT[case]


def test_failing_assertions_fail():
    """The literal holds failures: a TestCase whose assertions never failed would differ."""
    outcomes = [v[0] for v in TF_OUT.values() if isinstance(v, tuple)]
    assert outcomes.count("fail") >= 40 and outcomes.count("error") >= 5


MAIN_TEST = """
import tensorflow as tf


class MainTest(tf.test.TestCase):

    def test_add(self):
        self.assertAllEqual(tf.add(1, 2), 3)

    def test_fails(self):
        self.assertAllClose([1.0], [2.0])


if __name__ == "__main__":
    tf.test.main()
"""

# TF 2.21's stderr for MAIN_TEST (``/tmp/tfref/bin/python main_test.py``), less its
# timing, TPU-probe and oneDNN log lines and the traceback's frames.
MAIN_LINES = [
    "[ RUN      ] MainTest.test_add",
    "INFO:tensorflow:time(__main__.MainTest.test_add): ",
    "[       OK ] MainTest.test_add",
    "[ RUN      ] MainTest.test_fails",
    "[  FAILED  ] MainTest.test_fails",
    "[ RUN      ] MainTest.test_session",
    "[  SKIPPED ] MainTest.test_session - Not a test.",
    "FAIL: test_fails (__main__.MainTest.test_fails)",
    "Mismatched value: a is different from b. ",
    "not close tol = [3.e-06]",
    "Ran 3 tests in ",
    "FAILED (failures=1, skipped=1)",
]


def _run(tmp_path, source, *args):
    script = tmp_path / "main_test.py"
    script.write_text(source)
    return subprocess.run([sys.executable, "-m", "tfcompat", str(script), *args],
                          capture_output=True, text=True, timeout=600, cwd=reference_scripts.ROOT)


def test_main(tmp_path):
    p = _run(tmp_path, MAIN_TEST)
    assert p.returncode == 1
    lines = [line for line in p.stderr.splitlines()
             if any(line.startswith(want) for want in MAIN_LINES)]
    assert [next(w for w in MAIN_LINES if line.startswith(w)) for line in lines] == MAIN_LINES


BENCHMARK_MAIN = """
import tensorflow as tf


class Bench(tf.test.Benchmark):

    def benchmark_one(self):
        self.report_benchmark(iters=3, wall_time=0.5)

    def helper(self):
        raise AssertionError("not a benchmark")


if __name__ == "__main__":
    tf.test.main()
"""


def test_main_runs_benchmarks(tmp_path):
    """TF 2.21: --benchmark_filter=REGEX runs the matching benchmark methods instead of
    the tests, and no match is TF's ValueError."""
    p = _run(tmp_path, BENCHMARK_MAIN, "--benchmark_filter=Bench")
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout == ('entry {\n  name: "Bench.benchmark_one"\n  iters: 3\n'
                        '  wall_time: 0.5\n}\n\n')
    assert "Benchmark [Bench.benchmark_one] iters: 3, wall_time: 0.5, cpu_time: -1," \
           "throughput: -1, extras: None, metrics: None" in p.stderr
    p = _run(tmp_path, BENCHMARK_MAIN, "--benchmark_filter=nomatch")
    assert p.returncode == 1
    assert p.stderr.strip().splitlines()[-1] == \
        "ValueError: No benchmarks matched the pattern: 'nomatch'"
