"""tf.data auto-sharding of MultiWorkerMirroredStrategy.experimental_distribute_dataset
across two worker processes (issue 18): the FILE policy (each worker reads its shard of
the files: TFRecordDataset, TextLineDataset, list_files + interleave, from_tensor_slices
of names + flat_map, the shuffles of the names moved after the shard), AUTO (FILE, else
DATA, keeping the shards a failed FILE rewrite inserted), DATA, OFF, TF's rebatching
(a partial last batch), TF's errors (no file source, fewer files than workers) and
distribute_datasets_from_function (whose dataset's policy is ignored), a distributed
iterator read inside a tf.function (DATA; FILE and OFF are read eagerly only).

TF_CLUSTER is what TF 2.21's two workers print
(``/tmp/tfref/bin/python tools/distribute_autoshard_reference.py``), TF_LOCAL the FILE
rewrite of single pipelines in one process (``... --local``: shuffles, caches, fewer files
than workers, sources without files); the tests run the same script under tfcompat
(``python -m tfcompat``: the workers are two processes with TF_CONFIG on 127.0.0.1,
bounded in time) and compare exactly."""
import ast
import os
import pathlib
import subprocess
import sys

import pytest

import tfcompat as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent

TF_LOCAL = {'cache_filled_before': [0, 1, 10, 11, 20, 21, 30, 31],
            'cached_before': 8,
            'concatenate': [10, 11, 30, 31],
            'csv': ('NotFoundError',
                    'Did not find a shardable source, walked to a node which is not a dataset'),
            'from_tensors': [],
            'generator': ('NotFoundError', 'Found an unshardable source dataset'),
            'names_shuffled': [30, 31, 10, 11],
            'parallel_reads': [0, 20, 1, 21],
            'range': ('NotFoundError', 'Found an unshardable source dataset'),
            'scan': ('NotFoundError',
                     'Did not find a shardable source, walked to a node which is not a dataset'),
            'take_repeat': [10, 11, 30, 10, 11, 30],
            'tensor_slices': ('NotFoundError', 'Found an unshardable source dataset'),
            'three_files_2_1': [10, 11],
            'three_files_4_0': ('InvalidArgumentError', 'Could not apply FILE based sharding'),
            'three_files_4_1': ('InvalidArgumentError', 'Could not apply FILE based sharding'),
            'three_files_4_3': [],
            'unique': ('NotFoundError',
                       'Did not find a shardable source, walked to a node which is not a dataset')}

TF_CLUSTER = [{'files_flat_map_FILE': [[[0]], [[1]], [[2]], [[3]], [[20]], [[21]], [[22]], [[23]]],
               'from_function_FILE': [[[0, 1]], [[2, 3]], [[10, 11]], [[12, 13]]],
               'in_function_DATA': [[[0, 1]], [[100, 110]], [[200, 210]], [[300, 310]]],
               'in_function_FILE': [[[0, 1]], [[20, 30]], [[200, 210]], [[220, 230]]],
               'in_function_OFF': [[[0, 1]], [[20, 30]], [[100, 110]], [[120, 130]]],
               'list_files_AUTO': [[[0, 20]], [[1, 21]], [[2, 22]], [[3, 23]]],
               'list_files_shuffled_FILE': [[[20, 0]], [[21, 1]], [[22, 2]], [[23, 3]]],
               'one_file_FILE': ('read', 'InvalidArgumentError', 'Could not apply FILE based sharding'),
               'partial_batch_FILE': [[[0, 1]], [[2, 3]], [[20, 21]]],
               'partial_batch_OFF': [[[0, 1]], [[2, 3]], [[10, 11]]],
               'range_AUTO': [[[0, 1]], [[4, 5]], [[8, 9]], [[12, 13]]],
               'range_FILE': ('distribute', 'NotFoundError', 'Found an unshardable source dataset'),
               'text_lines_AUTO': [[[100]], [[101]], [[102]], [[103]]],
               'tfrecord_AUTO': [[[0, 1]], [[2, 3]], [[20, 21]], [[22, 23]]],
               'tfrecord_DATA': [[[0, 1]], [[10, 11]], [[20, 21]], [[30, 31]]],
               'tfrecord_FILE': [[[0, 1]], [[2, 3]], [[20, 21]], [[22, 23]]],
               'tfrecord_OFF': [[[0, 1]],
                                [[2, 3]],
                                [[10, 11]],
                                [[12, 13]],
                                [[20, 21]],
                                [[22, 23]],
                                [[30, 31]],
                                [[32, 33]]],
               'tfrecord_map_shuffle_FILE': [[[120, 102]], [[101, 100]], [[103, 122]], [[121, 123]]],
               'unique_FILE': ('distribute',
                               'NotFoundError',
                               'Did not find a shardable source, walked to a node which is not a dataset'),
               'zip_with_range_AUTO': [[[0, 101]], [[2004, 2105]]]},
              {'files_flat_map_FILE': [[[10]], [[11]], [[12]], [[13]], [[30]], [[31]], [[32]], [[33]]],
               'from_function_FILE': [[[0, 1]], [[2, 3]], [[10, 11]], [[12, 13]]],
               'in_function_DATA': [[[2, 3]], [[120, 130]], [[220, 230]], [[320, 330]]],
               'in_function_FILE': [[[10, 11]], [[120, 130]], [[300, 310]], [[320, 330]]],
               'in_function_OFF': [[[0, 1]], [[20, 30]], [[100, 110]], [[120, 130]]],
               'list_files_AUTO': [[[10, 30]], [[11, 31]], [[12, 32]], [[13, 33]]],
               'list_files_shuffled_FILE': [[[30, 10]], [[31, 11]], [[32, 12]], [[33, 13]]],
               'one_file_FILE': ('read', 'UnavailableError', 'Collective ops is aborted by'),
               'partial_batch_FILE': [[[10, 11]], [[12, 13]], [[30, 31]]],
               'partial_batch_OFF': [[[0, 1]], [[2, 3]], [[10, 11]]],
               'range_AUTO': [[[2, 3]], [[6, 7]], [[10, 11]], [[14, 15]]],
               'range_FILE': ('distribute', 'NotFoundError', 'Found an unshardable source dataset'),
               'text_lines_AUTO': [[[110]], [[111]], [[112]], [[113]]],
               'tfrecord_AUTO': [[[10, 11]], [[12, 13]], [[30, 31]], [[32, 33]]],
               'tfrecord_DATA': [[[2, 3]], [[12, 13]], [[22, 23]], [[32, 33]]],
               'tfrecord_FILE': [[[10, 11]], [[12, 13]], [[30, 31]], [[32, 33]]],
               'tfrecord_OFF': [[[0, 1]],
                                [[2, 3]],
                                [[10, 11]],
                                [[12, 13]],
                                [[20, 21]],
                                [[22, 23]],
                                [[30, 31]],
                                [[32, 33]]],
               'tfrecord_map_shuffle_FILE': [[[130, 112]], [[111, 110]], [[113, 132]], [[131, 133]]],
               'unique_FILE': ('distribute',
                               'NotFoundError',
                               'Did not find a shardable source, walked to a node which is not a dataset'),
               'zip_with_range_AUTO': [[[1202, 1303]], [[3206, 3307]]]}]

# Deliberate differences: tfcompat reads the datasets where each worker reads its own
# input (FILE, OFF) eagerly only (inside a traced function a read is a host callback whose
# value JAX takes as the same on every process); TF reads them inside a tf.function too.
EAGER_ONLY = {"in_function_FILE", "in_function_OFF"}


@pytest.fixture(scope="module")
def our_cluster():
    p = subprocess.run([sys.executable, "-m", "tfcompat",
                        "tools/distribute_autoshard_reference.py"],
                       capture_output=True, text=True, cwd=ROOT, timeout=400,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.returncode == 0, p.stderr[-3000:]
    return ast.literal_eval(p.stdout)


@pytest.mark.parametrize("worker", [0, 1])
@pytest.mark.parametrize("case", sorted(TF_CLUSTER[0]))
def test_each_worker_reads_what_tf_workers_read(our_cluster, worker, case):
    if case in EAGER_ONLY:
        assert our_cluster[worker][case] == ("function", "NotImplementedError", "in user code")
        return
    assert our_cluster[worker][case] == TF_CLUSTER[worker][case]


@pytest.fixture(scope="module")
def our_local():
    p = subprocess.run([sys.executable, "-m", "tfcompat",
                        "tools/distribute_autoshard_reference.py", "--local"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.returncode == 0, p.stderr[-3000:]
    return ast.literal_eval(p.stdout)


@pytest.mark.parametrize("case", sorted(TF_LOCAL))
def test_file_rewrite_of_a_pipeline_matches_tf(our_local, case):
    assert our_local[case] == TF_LOCAL[case]


def test_hint_policy_names_itself():
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    strategy._num_workers = 2   # (the policy is checked before the cluster is used)
    options = tf.data.Options()
    options.experimental_distribute.auto_shard_policy = \
        tf.data.experimental.AutoShardPolicy.HINT
    with pytest.raises(NotImplementedError, match="AutoShardPolicy.HINT"):
        strategy.experimental_distribute_dataset(
            tf.data.Dataset.range(4).batch(2).with_options(options))
