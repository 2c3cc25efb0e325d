"""The TF ops keras.ops.numpy calls on its TensorFlow backend (issue 14): tf.SparseTensor,
the tf.sparse ops, tf.sets.intersection, tf.raw_ops.Bucketize/UniqueV2/UniqueWithCountsV2,
and tf.cast/shape/size of a SparseTensor. The literals are TF 2.21's answers, printed by
tools/keras_numpy_reference.py (run there under real TF; here the same script runs on
tfcompat, with `python -m tfcompat`, in its own interpreter)."""

import pytest

import tfcompat

import reference_scripts


TF = {'add': ([[0, 0], [0, 1], [1, 1], [1, 2]], [0, 5, 2, 3], [2, 3]),
      'add_dense': [[2, 1, 1], [1, 3, 4]],
      'add_rank_error': ('InvalidArgumentError',
                         'Two operands have different ranks; received: 2 and 1 '
                         '[Op:SparseTensorDenseAdd] name: '),
      'bucketize': [0, 1, 2, 3, 3, 3],
      'bucketize_int': [0, 2, 3, 3],
      'bucketize_unsorted': ('InvalidArgumentError',
                             'Expected sorted boundaries [Op:Bucketize] name: '),
      'cast': (([[0, 0], [1, 1], [1, 2]], [1.0, 2.0, 3.0], [2, 3]), 'float32'),
      'concat': ([[0, 0], [0, 3], [0, 4], [1, 1], [1, 2]], [1, -1, 5, 2, 3], [2, 6]),
      'expand_dims': ([[0, 0, 0], [1, 0, 1], [1, 0, 2]], [1, 2, 3], [2, 1, 3]),
      'from_dense': ([[0, 1], [1, 0]], [1, 2], [2, 2]),
      'intersection': ([], [], [2, 3, 0]),
      'intersection_empty': ([], [], [2, 3, 0]),
      'map_values': ([[0, 0], [1, 1], [1, 2]], [-1, -2, -3], [2, 3]),
      'map_values_mismatch': ('InvalidArgumentError',
                              'Incompatible shapes: [3,2] vs. [2,2] [Op:Equal] name: '),
      'maximum': ([[0, 0], [0, 1], [1, 1], [1, 2]], [1, 5, 2, 3], [2, 3]),
      'minimum': ([[0, 0], [0, 1], [1, 1], [1, 2]], [-1, 0, 0, 0], [2, 3]),
      'reduce_sum': [1, 5],
      'reduce_sum_sparse': ([[0], [1]], [1, 5], [2]),
      'reduce_sum_sparse_keepdims': ([[0, 0], [0, 1], [0, 2]], [1, 2, 3], [1, 3]),
      'reorder': ([[0, 0], [0, 1]], [2.0, 1.0], [2, 2]),
      'reshape': ([[0, 0], [2, 0], [2, 1]], [1, 2, 3], [3, 2]),
      'reshape_error': ('InvalidArgumentError',
                        'Input to reshape is a SparseTensor with 6 dense values, but the '
                        'requested shape requires a multiple of 4. input_shape=[2,3] '
                        'output_shape=[4,1] [Op:SparseReshape] name: '),
      'retain': ([[1, 1]], [2], [2, 3]),
      'size_shape': (6, [2, 3]),
      'to_dense': [[1, 0, 0], [0, 2, 3]],
      'to_dense_default': [[-1, 5, 7], [7, 7, 7]],
      'to_dense_repeated': ('InvalidArgumentError',
                            'indices[1] = [0,0] is repeated [Op:SparseToDense] name: '),
      'to_dense_unordered': ('InvalidArgumentError',
                             'indices[1] = [0,0] is out of order. Many sparse ops require '
                             'sorted indices.'),
      'transpose': ([[0, 0], [1, 1], [2, 1]], [1, 2, 3], [3, 2]),
      'unique_v2': ([[1, 2], [3, 4], [0, 0]], [0, 1, 0, 2]),
      'unique_v2_axis_error': ('InvalidArgumentError',
                               'axis has to be between [0, 2) [Op:UniqueV2]'),
      'unique_v2_last': ([[1, 2], [3, 4], [1, 2], [0, 0]], [0, 1]),
      'unique_with_counts_v2': ([[1, 2], [3, 4], [0, 0]], [0, 1, 0, 2], [2, 1, 1], 'int64')}


@pytest.fixture(scope="module")
def ours():
    return reference_scripts.run("keras_numpy_reference")


@pytest.mark.parametrize("case", sorted(TF))
def test_matches_tf(ours, case):
    assert ours[case] == TF[case]


def test_sparse_tensor_checks_its_components():
    tf = tfcompat
    with pytest.raises(ValueError, match="Dimensions 2 and 3 are not compatible"):
        tf.SparseTensor([[0, 0], [1, 1]], [1., 2., 3.], [2, 2])
    with pytest.raises(ValueError, match=r"Shape \(2,\) must have rank 2"):
        tf.SparseTensor([0, 1], [1., 2.], [2, 2])
    s = tf.SparseTensor([[0, 0]], [1], (2, 3))
    assert (s.dtype, s.indices.dtype, s.shape.as_list()) == (tf.int32, tf.int64, [2, 3])
    assert tf.is_tensor(s) and isinstance(s, tf.sparse.SparseTensor)
