"""The composite-dispatch registry (tfcompat/framework/composite_dispatch.py): overrides
receive the call's arguments, list arguments are searched, groups pass the API, dense
calls reach the op itself; and the clear errors where an output size depends on values
computed inside a tf.function (TF's values for the same calls are in
tests/golden/snippets_ragged_dispatch.py)."""
import pytest

import tfcompat as tf
from tfcompat.framework.composite_dispatch import dispatchable, register


class _Box:
    """A stand-in composite type."""


def test_override_gets_the_call_arguments():
    @dispatchable("x", "y")
    def op(x, y=2, *, scale=1, name=None):
        return ("dense", x, y, scale)

    assert op(1) == ("dense", 1, 2, 1)
    register(op, _Box, lambda x, y=2, *, scale=1, name=None: ("box", y, scale, name))
    assert op(1, 3) == ("dense", 1, 3, 1)
    assert op(_Box(), 3, scale=5) == ("box", 3, 5, None)
    box = _Box()
    assert op(1, y=box, name="n") == ("box", box, 1, "n")
    assert op.__name__ == "op" and op.__wrapped__(_Box())[0] == "dense"


def test_list_arguments_and_exact_types():
    @dispatchable("values[]")
    def op(values, axis=0, name=None):
        return "dense"

    class Sub(_Box):
        pass

    register(op, _Box, lambda values, axis=0, name=None: f"box {axis}")
    assert op([1, _Box()], 3) == "box 3"
    assert op((_Box(),)) == "box 0"
    assert op([1, 2]) == "dense"
    assert op([Sub()]) == "dense"   # (exact types, as documented)


def test_group_overrides_receive_the_api():
    a = dispatchable("x", group="test_group")(lambda x, name=None: "a")
    b = dispatchable("x", group="test_group")(lambda x, name=None: "b")
    register("test_group", _Box, lambda api, x, name=None: api)
    assert a(_Box()) is a and b(_Box()) is b and a(1) == "a"


def test_public_ops_route_ragged_tensors():
    rt = tf.ragged.constant([[1, 2], [3]])
    for api in (tf.concat, tf.tile, tf.where, tf.nn.relu, tf.math.add, tf.reduce_all,
                tf.math.unsorted_segment_sum, tf.nn.softmax, tf.math.cumsum):
        assert tf.RaggedTensor in api.composite_overrides, api
    assert tf.reverse(rt, [1]).to_list() == [[2, 1], [3]]


def test_traced_partitions():
    # TF gives these an unknown shape inside a tf.function; XLA takes the partitions from
    # the arguments (their values read when traced); with computed ones the calls run
    # eagerly, and a ConcreteFunction of a TensorSpec raises naming the API.
    @tf.function
    def partition(x, p):
        return tf.dynamic_partition(x, p, 2)

    parts = partition(tf.constant([1., 2.]), tf.constant([0, 1]))
    assert [p.numpy().tolist() for p in parts] == [[1.], [2.]]

    @tf.function
    def computed(x):
        return tf.dynamic_partition(x, tf.cast(x > 1.5, tf.int32), 2)

    assert [p.numpy().tolist() for p in computed(tf.constant([1., 2.]))] == [[1.], [2.]]
    with pytest.raises(TypeError, match=r"tf\.dynamic_partition is not supported on a "
                                        r"tensor computed inside a tf\.function"):
        computed.get_concrete_function(tf.TensorSpec([2]))

    @tf.function
    def stitch(x):
        return tf.dynamic_stitch([tf.cast(x, tf.int32)], [tf.constant([1., 2.])])

    assert stitch(tf.constant([1., 0.])).numpy().tolist() == [2., 1.]
    with pytest.raises(TypeError, match=r"tf\.dynamic_stitch is not supported"):
        stitch.get_concrete_function(tf.TensorSpec([2]))
    indices = tf.function(lambda i: tf.dynamic_stitch([i], [tf.constant([1., 2.])]))
    assert indices(tf.constant([1, 0])).numpy().tolist() == [2., 1.]

    @tf.function
    def from_dense(x):
        return tf.sparse.from_dense(x)

    sparse = from_dense(tf.constant([[0., 1.]]))
    assert sparse.indices.numpy().tolist() == [[0, 1]] and sparse.values.numpy().tolist() == [1.]
    with pytest.raises(TypeError, match=r"tf\.sparse\.from_dense is not supported"):
        from_dense.get_concrete_function(tf.TensorSpec([1, 2]))
