"""A distributed dataset's partial last global batch over two replicas (issue 18), against
TF_PRINTED, TF 2.21's stdout of tools/distribute_partial_reference.py
(``/tmp/tfref/bin/python tools/distribute_partial_reference.py``), run here on tfcompat in
its own interpreter with a time bound (a read that raised on one device while the other
waited in a collective made XLA abort the process after 40 s: distribute/traced_partial.py);
and what tfcompat refuses with a clear error: ``for x in iterator`` over a distributed
iterator inside tf.function (TF loops over it), and tf.saved_model.save of a function
that calls tf.print in a loop (TF saves it; jax.export does not serialize host
callbacks)."""
import os
import subprocess
import sys

import pytest

import tfcompat as tf
from reference_scripts import ROOT

TF_PRINTED = """\
eager next [[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[8], [9]], 'StopIteration']
eager get_next [[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[8], [9]], 'OutOfRangeError']
function next [[[0, 2], [4, 6]], [[8, 10], [12, 14]], [[16], [18]], 'OutOfRangeError']
function get_next [[[0, 2], [4, 6]], [[8, 10], [12, 14]], [[16], [18]], 'OutOfRangeError']
function two reads [[10, 18], 'OutOfRangeError', 'OutOfRangeError']
range(9).batch(4) [[[0, 2], [4, 6]], [[8, 10], [12, 14]], [[16], []], 'OutOfRangeError']
range(3).batch(2) [[[0], [2]], [[4], []], 'OutOfRangeError', 'OutOfRangeError']
range(5).batch(4) [[[0, 2], [4, 6]], [[8], []], 'OutOfRangeError', 'OutOfRangeError']
range(1).batch(4) [[[0], []], 'OutOfRangeError', 'OutOfRangeError', 'OutOfRangeError']
range(8).batch(4) [[[0, 2], [4, 6]], [[8, 10], [12, 14]], 'OutOfRangeError', 'OutOfRangeError']
function next of a captured iterator [[[0, 2], [4, 6]], [[8, 10], [12, 14]], 'OutOfRangeError']
loop (1, 5)
loop (9, 13)
loop (8, 9)
loop past the end ['OutOfRangeError']
start
rows ([0 1], [2 3])
rows ([4 5], [6 7])
rows ([8], [9])
total 45
start
loop within the end [[45], 'OutOfRangeError']
start
rows ([0 1], [2 3])
rows ([4 5], [6 7])
total 28
start
rows ([8 9], [10 11])
rows ([12 13], [14 15])
total 92
start
loop of full batches [[28], [92], 'OutOfRangeError']
end
"""


def test_partial_batches_match_tf_and_never_hang():
    p = subprocess.run([sys.executable, "-m", "tfcompat", "tools/distribute_partial_reference.py"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout == TF_PRINTED


def test_for_over_a_distributed_iterator_in_a_function_names_the_way_out():
    strategy = tf.distribute.MirroredStrategy(["cpu:0"])
    iterator = iter(strategy.experimental_distribute_dataset(
        tf.data.Dataset.range(8).batch(4)))

    @tf.function
    def loop(iterator):
        total = tf.constant(0, tf.int64)
        for x in iterator:
            total += strategy.reduce("SUM", x, axis=None)
        return total
    with pytest.raises(NotImplementedError, match="get_next_as_optional"):
        loop(iterator)


@pytest.mark.parametrize("shape", [[2], [None]])
def test_saving_a_tf_print_in_a_loop_names_tf_print(shape, tmp_path):
    """(A top-level tf.print is saved: the loaded function writes it after its program,
    golden tf_print_in_a_saved_function_prints_when_loaded. One in a loop would stay a host
    callback, which jax.export cannot serialize.)"""
    class Module(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(shape, tf.float32)])
        def f(self, x):
            for i in tf.range(2):
                tf.print("f", i, x)
            return x * 2
    with pytest.raises(NotImplementedError, match="'f': it calls tf.print.*jax.export"):
        tf.saved_model.save(Module(), str(tmp_path))
