"""The TF behaviour Keras's ops tests (cases/ops) need (issue 14): tf.linalg.band_part with
counts computed inside a tf.function (keras.ops.tril/triu with a tensor k under
jit_compile), tf.convert_to_tensor of lists holding eager Tensors (TF's autopacking: the
first Tensor's dtype, so float16/bfloat16 Tensors keep theirs) and tf.test.is_gpu_available.
The literals are TF 2.21's answers, printed by tools/keras_ops_fixes_reference.py (run
there under real TF; here the same script runs on tfcompat, with `python -m tfcompat`, in
its own interpreter)."""

import pytest

import reference_scripts


TF = {'band_grad': ([[0.0, 2.0, 0.0], [0.0, 2.0, 4.0], [0.0, 0.0, 4.0]], 'float32'),
      'band_jit': ([[[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0]],
                    [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]],
                   'float32'),
      'band_tensor_upper': ([[0.0, 0.0, 0.0, 0.0],
                             [4.0, 5.0, 0.0, 0.0],
                             [8.0, 9.0, 10.0, 0.0]],
                            'float32'),
      'band_traced': ([[0.0, 1.0, 0.0, 0.0], [0.0, 5.0, 6.0, 0.0], [0.0, 0.0, 10.0, 11.0]],
                      'float32'),
      'band_traced_int64': ([[0.0, 0.0, 0.0, 0.0],
                             [4.0, 5.0, 0.0, 0.0],
                             [0.0, 9.0, 10.0, 0.0]],
                            'float32'),
      'band_traced_negative': ([[0.0, 1.0, 2.0, 3.0],
                                [4.0, 5.0, 6.0, 7.0],
                                [8.0, 9.0, 10.0, 11.0]],
                               'float32'),
      'band_traced_too_wide': 'InvalidArgumentError',
      'pack_bf16': ([1.5, 1.5], 'bfloat16'),
      'pack_bf16_as_f32': ([1.5, 1.5], 'float32'),
      'pack_f16': ([5.0, 5.0], 'float16'),
      'pack_f16_nested': ([[5.0], [2.0]], 'float16'),
      'pack_f16_python': ([1.0, 5.0], 'float16'),
      'pack_i32_as_i64': ([3, 2], 'int64'),
      'pack_i32_float': ('TypeError', 'Cannot convert 2.5 to EagerTensor of dtype int32'),
      'test_gpu_matches_config': (True, True)}


@pytest.fixture(scope="module")
def ours():
    return reference_scripts.run("keras_ops_fixes_reference")


@pytest.mark.parametrize("case", sorted(TF))
def test_matches_tf(ours, case):
    assert ours[case] == TF[case]
