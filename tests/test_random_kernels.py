"""Eager random fills run one compiled kernel per op and dtype, in chunks (random_ops
.run_filled): a model's initializers of many weight shapes compile once, not once per
shape, and draw the numbers each shape's own kernel (a tf.function's) draws."""
import numpy as np

import tfcompat as tf
from tfcompat.framework import debug_settings
from tfcompat.ops import random_ops, stateless_random_ops as S

SHAPES = [(3, 3, 17, 5), (1, 1, 96, 1152), (11,), (300, 301), (65536,), (65537,), (2, 0)]


def _fresh(op):
    op.kernels.clear()
    for key in [k for k in random_ops._chunked if k[0] == op.name]:
        del random_ops._chunked[key]


def test_many_shapes_compile_one_kernel_and_draw_their_own_kernels_numbers():
    _fresh(S.truncated_normal_v2)
    eager = [tf.random.stateless_truncated_normal(s, seed=(4, 2)).numpy() for s in SHAPES]
    assert list(S.truncated_normal_v2.kernels) == [
        (("shape", (random_ops._CHUNK,)), ("dtype", np.dtype(np.float32)))]
    for shape, value in zip(SHAPES, eager):
        traced = tf.function(tf.random.stateless_truncated_normal)(shape, (4, 2)).numpy()
        assert value.shape == shape and value.tobytes() == traced.tobytes()


def test_a_shape_drawn_often_gets_its_own_kernel():
    _fresh(S.normal_v2)
    shape = (5, 7, 3)
    draws = [tf.random.stateless_normal(shape, seed=(1, i)).numpy() for i in range(10)]
    own = (("shape", shape), ("dtype", np.dtype(np.float32)))
    assert own in S.normal_v2.kernels and len(S.normal_v2.kernels) == 2
    again = [tf.random.stateless_normal(shape, seed=(1, i)).numpy() for i in range(10)]
    assert all(a.tobytes() == b.tobytes() for a, b in zip(draws, again))


def test_stateful_draws_go_on_from_call_to_call_across_chunks():
    tf.random.set_seed(7)
    eager = [tf.random.uniform((70001,), seed=3).numpy() for _ in range(2)]
    tf.random.set_seed(7)
    draw = tf.function(lambda: tf.random.uniform((70001,), seed=3))
    traced = [draw().numpy() for _ in range(2)]
    assert eager[0].tobytes() == traced[0].tobytes()
    assert eager[1].tobytes() == traced[1].tobytes()
    assert not np.array_equal(eager[0], eager[1])


def test_tf_debugging_hooks_see_one_run_of_a_large_draw():
    runs = []
    debug_settings.op_hooks.append(lambda op, inputs, outputs: runs.append(
        (op.name, tuple(outputs[0].shape))))
    try:
        tf.random.stateless_normal((70001,), seed=(1, 2))
    finally:
        debug_settings.op_hooks.pop()
    assert [r for r in runs if r[0] == "StatelessRandomNormalV2"] == [
        ("StatelessRandomNormalV2", (70001,))]
