"""tf.distribute.MultiWorkerMirroredStrategy across processes, CentralStorageStrategy, the
cluster resolvers (issue 18).

Multi-worker: two worker processes on 127.0.0.1 (free ports chosen here), each with two
virtual CPUs (a CPU-only TF worker has one replica, its first CPU: two replicas in all)
and a TF_CONFIG naming both, run tests/data/multi_worker_train.py: both end with the same
weights, equal to one process's MirroredStrategy over two CPUs on the same global
batches (tight rtol: only the reduction order may differ); a worker killed mid-run makes
the other fail within a bounded time. Every process is started and stopped here.

TF's answers: tools/distribute_multi_worker_reference.py runs on tfcompat in its own
interpreter; TF_OUT is TF 2.21's output of that script on one host without TF_CONFIG
(``/tmp/tfref/bin/python tools/distribute_multi_worker_reference.py``), TF_CLUSTER what
its two workers print (``... tools/distribute_multi_worker_reference.py --cluster``:
TF's own MultiWorkerMirroredStrategy on two processes). Both are compared exactly but for
the training loop's floats (rtol 1e-5: the all-reduce and the matmuls sum in another
order)."""
import ast
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import time

import numpy as np
import pytest

import tfcompat as tf

import reference_scripts

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKER = ROOT / "tests" / "data" / "multi_worker_train.py"

TF_OUT = {'bad_options': None,
 'collective_alias': True,
 'cs': {'dataset': [[[0, 1, 2, 3]], [[4, 5]]],
        'reduce_mean_axis': 1.5,
        'reduce_sum': [1.0, 2.0],
        'replicas': 1,
        'run': [[1.0, 2.0]],
        'run_traced': [[6.0, 8.0]],
        's': 3.0,
        'should_checkpoint': True,
        'should_save_summary': True,
        'variable_repr': "<tf.Variable 'v:0' shape=() dtype=float32, numpy=2.0>",
        'variable_type': 'ResourceVariable',
        'worker_devices': ['/job:localhost/replica:0/task:0/device:CPU:0']},
 'cs_one': 1,
 'empty_resolver': [{}, None, None, '', None, None],
 'gpu_mirrored': [2],
 'implementations': ['CommunicationImplementation.AUTO',
                     'CommunicationImplementation.RING',
                     'CommunicationImplementation.NCCL'],
 'mw': {'dataset': [[[0, 1, 2, 3]], [[4, 5]]],
        'reduce_mean_axis': 1.5,
        'reduce_sum': [1.0, 2.0],
        'replicas': 1,
        'run': [[1.0, 2.0]],
        'run_traced': [[6.0, 8.0]],
        's': 3.0,
        'should_checkpoint': True,
        'should_save_summary': True,
        'variable_repr': 'MirroredVariable:{\n'
                         "  0: <tf.Variable 'v:0' shape=() dtype=float32, numpy=2.0>\n"
                         '}',
        'variable_type': 'MirroredVariable',
        'worker_devices': ['/job:localhost/replica:0/task:0/device:CPU:0']},
 'mw_experimental_isinstance': True,
 'mw_nccl': 1,
 'mw_resolver': 'TFConfigClusterResolver',
 'mw_type': 'CollectiveAllReduceStrategy',
 'options': ['CommunicationImplementation.RING', 50, 10.0],
 'simple': [{'chief': ['localhost:2224'], 'worker': ['localhost:2222', 'localhost:2223']},
            'worker',
            0,
            'grpc://',
            {'GPU': 2},
            'grpc'],
 'spec': ["ClusterSpec({'chief': ['localhost:2224'], 'worker': ['localhost:2222', "
          "'localhost:2223']})",
          ['worker', 'chief'],
          2,
          [0, 1],
          'localhost:2223',
          ['localhost:2224'],
          {'chief': ['localhost:2224'], 'worker': ['localhost:2222', 'localhost:2223']},
          True,
          False],
 'spec_errors': [('ValueError', "No task with index 5 in job 'worker'"),
                 ('ValueError', "No such job in cluster: 'ps'"),
                 ('TypeError',
                  '`cluster` must be a dictionary mapping one or more job names to lists of '
                  'network addresses, or a `ClusterDef` protocol buffer')],
 'spec_sparse': {'ps': {1: 'h:1', 3: 'h:3'}},
 'tf_config_bad': ('JSONDecodeError', 'Expecting value: line 1 column 1 (char 0)'),
 'tf_config_override': ['grpc://host:1'],
 'tf_config_resolver': [{'chief': ['host:1'], 'worker': ['localhost:12345', 'localhost:23456']},
                        'worker',
                        1,
                        'grpc://localhost:23456',
                        'grpc',
                        'grpc://host:1',
                        'localhost:23456'],
 'tpu_local': ['', 'IndexError'],
 'tpu_resolver': ('ValueError', 'Please provide a TPU Name to connect to.'),
 'tpu_strategy': ('ValueError', 'Please provide a TPU Name to connect to.')}

TF_CLUSTER = [{'dataset': {'AUTO': [[[0, 1]], [[4, 5]], [[8, 9]], [[12, 13]]],
              'DATA': [[[0, 1]], [[4, 5]], [[8, 9]], [[12, 13]]],
              'OFF': [[[0, 1]],
                      [[2, 3]],
                      [[4, 5]],
                      [[6, 7]],
                      [[8, 9]],
                      [[10, 11]],
                      [[12, 13]],
                      [[14, 15]]]},
  'from_function': [[[0, 2]], [[4, 6]], [[8, 10]], [[12, 14]]],
  'gather': [1.0, 2.0, 12.0, 14.0],
  'reduce': [[13.0, 16.0], [6.5, 8.0], 29.0, 7.25],
  'reduce_repr': '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([13., 16.], dtype=float32)>',
  'replicas': 2,
  'run': [[[1.0, 2.0]], [[3.0, 6.0]], [[1.5, 3.0]]],
  'run_plain': [[[2.0, 4.0]], [6.0, 12.0], [1.5, 3.0]],
  'run_repr': '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>',
  'should_checkpoint': True,
  'should_save_summary': True,
  'task': ['worker', 0],
  'traced': [[13.0, 16.0], [3.0, 6.0]],
  'train': {'b': [-0.2624853849411011],
            'losses': [1.2791109085083008,
                       0.31217655539512634,
                       0.43761831521987915,
                       0.16182659566402435,
                       0.4139264225959778,
                       0.3100898861885071,
                       0.3374500274658203,
                       0.15905877947807312],
            'w': [[0.5057851076126099], [-0.38114044070243835], [0.683612585067749]],
            'w2': [[-0.010112699121236801], [0.18341641128063202], [0.20870469510555267]]},
  'variable_local': [1.0],
  'variable_repr': 'MirroredVariable:{\n'
                   "  0: <tf.Variable 'v:0' shape=() dtype=float32, numpy=1.0>\n"
                   '}',
  'variables_after_run': [9.0, 4.5, 1.0],
  'variables_after_traced': [18.0, 4.5],
  'worker_devices': ['/job:worker/replica:0/task:0/device:CPU:0']},
 {'dataset': {'AUTO': [[[2, 3]], [[6, 7]], [[10, 11]], [[14, 15]]],
              'DATA': [[[2, 3]], [[6, 7]], [[10, 11]], [[14, 15]]],
              'OFF': [[[0, 1]],
                      [[2, 3]],
                      [[4, 5]],
                      [[6, 7]],
                      [[8, 9]],
                      [[10, 11]],
                      [[12, 13]],
                      [[14, 15]]]},
  'from_function': [[[1, 3]], [[5, 7]], [[9, 11]], [[13, 15]]],
  'gather': [1.0, 2.0, 12.0, 14.0],
  'reduce': [[13.0, 16.0], [6.5, 8.0], 29.0, 7.25],
  'reduce_repr': '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([13., 16.], dtype=float32)>',
  'replicas': 2,
  'run': [[[12.0, 14.0]], [[3.0, 6.0]], [[1.5, 3.0]]],
  'run_plain': [[[4.0, 8.0]], [6.0, 12.0], [1.5, 3.0]],
  'run_repr': '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([12., 14.], dtype=float32)>',
  'should_checkpoint': False,
  'should_save_summary': False,
  'task': ['worker', 1],
  'traced': [[13.0, 16.0], [3.0, 6.0]],
  'train': {'b': [-0.2624853849411011],
            'losses': [1.2791109085083008,
                       0.31217655539512634,
                       0.43761831521987915,
                       0.16182659566402435,
                       0.4139264225959778,
                       0.3100898861885071,
                       0.3374500274658203,
                       0.15905877947807312],
            'w': [[0.5057851076126099], [-0.38114044070243835], [0.683612585067749]],
            'w2': [[-0.010112699121236801], [0.18341641128063202], [0.20870469510555267]]},
  'variable_local': [1.0],
  'variable_repr': 'MirroredVariable:{\n'
                   "  0: <tf.Variable 'v:0' shape=() dtype=float32, numpy=1.0>\n"
                   '}',
  'variables_after_run': [9.0, 4.5, 1.0],
  'variables_after_traced': [18.0, 4.5],
  'worker_devices': ['/job:worker/replica:0/task:1/device:CPU:0']}]


def _free_ports(n):
    sockets = [socket.socket() for _ in range(n)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def _start(mode, index=None, ports=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT),
               XLA_FLAGS="--xla_force_host_platform_device_count=2")
    env.pop("TF_CONFIG", None)
    if ports is not None:
        env["TF_CONFIG"] = json.dumps({
            "cluster": {"worker": [f"127.0.0.1:{p}" for p in ports]},
            "task": {"type": "worker", "index": index}})
    return subprocess.Popen([sys.executable, str(WORKER), mode], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(process, timeout):
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"a worker did not finish within {timeout} s: {err[-3000:]}")
    return process.returncode, out, err


def _result(process, timeout=120):
    rc, out, err = _finish(process, timeout)
    assert rc == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def trained():
    ports = _free_ports(2)
    workers = [_start("multi", i, ports) for i in range(2)]
    try:
        results = [_result(w) for w in workers]
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
                w.communicate()
    return results, _result(_start("single"))


def test_workers_end_with_the_same_weights(trained):
    (first, second), _ = trained
    for key in ("w", "b", "w2", "losses", "replicas"):
        assert first[key] == second[key], key
    assert first["replicas"] == 2
    assert first["worker_devices"] == ["/job:worker/replica:0/task:0/device:CPU:0"]
    assert second["worker_devices"] == ["/job:worker/replica:0/task:1/device:CPU:0"]
    assert (first["should_checkpoint"], second["should_checkpoint"]) == (True, False)
    # (a global batch of 4 split over the two workers' replicas, as TF's DATA sharding)
    assert first["inside"] == [[0, 10], [40, 50], [80, 90], [120, 130]]
    assert second["inside"] == [[20, 30], [60, 70], [100, 110], [140, 150]]
    assert "Found an unshardable source dataset" in first["errors"]["file"]
    assert "drop_remainder=True" in first["errors"]["uneven"]


def test_workers_train_as_one_process_on_the_global_batch(trained):
    (first, _), single = trained
    assert single["replicas"] == 2
    for key in ("w", "b", "w2", "losses"):
        np.testing.assert_allclose(first[key], single[key], rtol=1e-6, err_msg=key)
    # (it trained: the loss went down)
    assert first["losses"][-1] < first["losses"][0] / 4


def test_a_lost_worker_fails_the_other_in_bounded_time():
    ports = _free_ports(2)
    workers = [_start("forever", i, ports) for i in range(2)]
    try:
        deadline = time.monotonic() + 90
        for w in workers:   # both trained an epoch
            line = ""
            while "epoch" not in line and time.monotonic() < deadline and w.poll() is None:
                line = w.stdout.readline()
            assert "epoch" in line, w.stderr.read()[-3000:] if w.poll() is not None else ""
        workers[1].send_signal(signal.SIGKILL)
        workers[1].communicate()
        killed = time.monotonic()
        rc, _, err = _finish(workers[0], timeout=60)
        assert time.monotonic() - killed < 60
        assert rc != 0
        # (TF's class: tf.errors.UnavailableError, "Collective ops is aborted by: ...")
        assert "UnavailableError: " in err and "a worker of the cluster was lost" in err, \
            err[-3000:]
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
                w.communicate()


@pytest.fixture(scope="module")
def ours():
    return reference_scripts.run("distribute_multi_worker_reference")


@pytest.mark.parametrize("case", sorted(TF_OUT))
def test_single_host_matches_tf(ours, case):
    assert ours[case] == TF_OUT[case]


@pytest.fixture(scope="module")
def our_cluster():
    p = subprocess.run([sys.executable, "-m", "tfcompat", "tools/distribute_multi_worker_reference.py",
                        "--cluster"], capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.returncode == 0, p.stderr[-3000:]
    return ast.literal_eval(p.stdout)


@pytest.mark.parametrize("worker", [0, 1])
@pytest.mark.parametrize("case", sorted(TF_CLUSTER[0]))
def test_each_worker_sees_what_tf_workers_see(our_cluster, worker, case):
    got, want = our_cluster[worker][case], TF_CLUSTER[worker][case]
    if case != "train":
        assert got == want
        return
    assert sorted(got) == sorted(want)
    for key in want:
        np.testing.assert_allclose(got[key], want[key], rtol=1e-5, err_msg=key)


def test_a_cluster_without_tasks_of_this_strategy_raises(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": {"worker": ["a:1", "b:2"]}}))
    with pytest.raises(ValueError, match="task_type"):
        tf.distribute.MultiWorkerMirroredStrategy()


def test_joining_a_cluster_after_the_first_op_raises(monkeypatch):
    tf.constant(1.0) + 1.0   # (JAX's runtime has started)
    monkeypatch.setenv("TF_CONFIG", json.dumps({
        "cluster": {"worker": ["127.0.0.1:1", "127.0.0.1:2"]},
        "task": {"type": "worker", "index": 1}}))
    with pytest.raises(RuntimeError, match="program startup"):
        tf.distribute.MultiWorkerMirroredStrategy()


def test_a_cluster_of_one_worker_is_a_local_strategy(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", json.dumps({
        "cluster": {"worker": ["127.0.0.1:1"]}, "task": {"type": "worker", "index": 0}}))
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    assert strategy.num_replicas_in_sync == 1
    assert strategy.extended.worker_devices == ("/job:worker/replica:0/task:0/device:CPU:0",)
    assert float(strategy.reduce("SUM", strategy.run(lambda: tf.constant(2.0)), axis=None)) == 2.0


def test_parameter_server_training_names_the_supported_strategies():
    for api in (tf.distribute.ParameterServerStrategy,
                tf.distribute.experimental.ParameterServerStrategy,
                tf.distribute.experimental.coordinator.ClusterCoordinator,
                tf.distribute.coordinator.ClusterCoordinator):
        with pytest.raises(NotImplementedError, match="MultiWorkerMirroredStrategy"):
            api()


def test_a_mirrored_strategy_over_absent_gpus_fails_when_used():
    strategy = tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
    assert strategy.num_replicas_in_sync == 2
    with pytest.raises(ValueError, match="'/gpu:0'"), strategy.scope():
        tf.Variable(1.0)
