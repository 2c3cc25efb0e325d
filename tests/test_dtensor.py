"""tf.experimental.dtensor on four virtual CPU devices (issue 18): tools/dtensor_reference.py
runs on tfcompat in its own interpreter (the devices must be configured before JAX starts)
and prints what it checks; TF_OUT is TF 2.21's output of that script
(``/tmp/tfref/bin/python tools/dtensor_reference.py``), with
'/job:localhost/replica:0/task:0/device:' written '~' to keep the lines short.

Printed forms, layouts, components, devices and error messages compare exactly; the float
results of the softmax cross entropy and the training step to float32 rounding (rtol 1e-6:
XLA and TF's kernels sum in another order)."""
import os
import socket
import subprocess
import sys

import numpy as np
import pytest

import reference_scripts

TF_OUT = {'clients': [1, 0, 4, 4, 'localhost', 'localhost/replica:0/task:0', '~CUSTOM:0'],
 'copy_to_mesh': [['x', 'unsharded'],
                  [[[0.0, 1.0], [2.0, 3.0]],
                   [[0.0, 1.0], [2.0, 3.0]],
                   [[4.0, 5.0], [6.0, 7.0]],
                   [[4.0, 5.0], [6.0, 7.0]]]],
 'cross_entropy': [['x'],
                   [[1.31326162815094],
                    [0.9740769863128662],
                    [0.12692804634571075],
                    [3.529750347137451]],
                   [],
                   0.7200948596000671],
 'default_mesh': 'Mesh.from_string(|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
 'default_mesh_error': ('ValueError', "Expect `mesh` to be `Mesh`, got <class 'str'>"),
 'distributed_mesh': ['Mesh.from_string(|x=4|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
                      ('ValueError',
                       'Global number of devices (4 per client * 1 clients = 4) must be equal to '
                       'total size of the mesh of shape (3,)')],
 'dvariable': ['<tf.Variable \'Variable:0\' shape=(2, 4) dtype=float32, value={"CPU:0": [[1 2]], '
               '"CPU:1": [[3 4]], "CPU:2": [[5 6]], "CPU:3": [[7 8]]}, layout="sharding_specs:x,y, '
               'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3">',
               'DVariable',
               '~CUSTOM:0',
               ['x', 'y'],
               ['x', 'y'],
               ['x', 'y'],
               [[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]], [[7.0, 8.0]]]],
 'dvariable_assign': [['x', 'y'], [[[2.0, 4.0]], [[6.0, 8.0]], [[10.0, 12.0]], [[14.0, 16.0]]]],
 'dvariable_assign_add': [['x', 'y'], [[[2.0, 4.0]], [[6.0, 8.0]], [[10.0, 12.0]], [[14.0, 16.0]]]],
 'dvariable_errors': [('ValueError',
                       "Cannot assign value to variable ' Variable:0': Shape mismatch.The variable "
                       'shape (2, 4), and the assigned value shape (4, 2) are incompatible.'),
                      ('InvalidArgumentError',
                       'Neither layout nor DTensor initial value are provided.')],
 'dvariable_layout_arg': [['unsharded', 'unsharded'], ['unsharded', 'unsharded']],
 'dvariable_relayout': [['x', 'y'], [[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]], [[7.0, 8.0]]]],
 'function_relayout': [['unsharded', 'unsharded'],
                       [[[2.0, 4.0, 6.0, 8.0], [10.0, 12.0, 14.0, 16.0]],
                        [[2.0, 4.0, 6.0, 8.0], [10.0, 12.0, 14.0, 16.0]],
                        [[2.0, 4.0, 6.0, 8.0], [10.0, 12.0, 14.0, 16.0]],
                        [[2.0, 4.0, 6.0, 8.0], [10.0, 12.0, 14.0, 16.0]]]],
 'initial': [['unsharded', 'unsharded'],
             [[0.5485811233520508, 0.8008143901824951],
              [0.14422130584716797, -0.9095954895019531],
              [-0.64581298828125, 0.4666130542755127]],
             ['unsharded']],
 'layout': ['Layout.from_string(sharding_specs:x,y, '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'Layout.from_string(sharding_specs:unsharded,unsharded, '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'sharding_specs:x,y, mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3',
            ['x', 'y'],
            2,
            [2, 2],
            [2, 2],
            [(0, 0), (0, 1), (1, 0), (1, 1)],
            'Layout.from_string(sharding_specs:unsharded,y,unsharded, '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'Layout.from_string(sharding_specs:unsharded,x, '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'Layout.from_string(sharding_specs: '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'Layout.from_string(sharding_specs:y, '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'Layout.from_string(sharding_specs:unsharded, '
            'mesh:|batch=4|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            True,
            False,
            True,
            True,
            False,
            True,
            'Mesh.from_string(|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
            'unsharded',
            'match',
            (2, 3),
            (4, 6)],
 'layout_errors': [('ValueError',
                    "Mesh dimension x was repeated in sharding specification ['x', 'x']. Mesh "
                    'dimensions must be unique in a layout.'),
                   ('ValueError',
                    'z: A dimension sharding must either be a valid mesh dimension or UNSHARDED.'),
                   ('ValueError', 'mesh is not a valid Mesh object.'),
                   ('ValueError', 'Dimension z does not exist in mesh.Available dimensions: x,y'),
                   ('ValueError', 'Expected 2 items but found 1garbage'),
                   ('ValueError', 'Input string is invalid: garbage'),
                   ('RuntimeError',
                    'Bad StatusOr access: INVALID_ARGUMENT: sharding spec (z) refers to mesh '
                    'dimension not contained in mesh '
                    '|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3'),
                   ('UnknownError',
                    '<unknown>:0: error: loc(fused["Relayout:", "eager_operation"]): '
                    "'tf.DTensorLayout' op requires dimension 0 to be divisible by sharding "
                    'specified in DTensorLayout, but got dimension size=3 is not divisible by '
                    'number of shards in layout for this dimension=2.'),
                   ('ValueError', 'Device type XPU is not CPU, GPU, or TPU.')],
 'long_repr': '<tf.Tensor: shape=(40,), dtype=int32, value={"CPU:0": [1 1 1 ... 1 1 1], "CPU:1": '
              '[1 1 1 ... 1 1 1], "CPU:2": [1 1 1 ... 1 1 1], "CPU:3": [1 1 1 ... 1 1 1]}, '
              'layout="sharding_specs:batch, '
              'mesh:|batch=4|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3">',
 'mesh': ['Mesh.from_string(|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
          'Mesh.from_string(|batch=4|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
          'Mesh.from_string(|m=2|0,1|0,1|~CPU:2,~CPU:3)',
          '|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3',
          ['x', 'y'],
          [2, 2],
          [[0, 1], [2, 3]],
          [0, 1, 2, 3],
          ['~CPU:0', '~CPU:1', '~CPU:2', '~CPU:3'],
          4,
          'CPU',
          4,
          [2, 1],
          2,
          ('x', 2),
          True,
          False,
          [{'x': 0, 'y': 0}, {'x': 0, 'y': 1}, {'x': 1, 'y': 0}, {'x': 1, 'y': 1}],
          {0: {'x': 0, 'y': 0}, 1: {'x': 0, 'y': 1}, 2: {'x': 1, 'y': 0}, 3: {'x': 1, 'y': 1}},
          0,
          ['~CPU:2', '~CPU:3'],
          [0, 1],
          '',
          False,
          'Mesh.from_string(|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)',
          True,
          False,
          False],
 'mesh_ctor': 'Mesh.from_string(named|a=2|0,1|0,1|CPU:0,CPU:1)',
 'mesh_errors': [('ValueError',
                  'length of devices (4) must be equal to total size of the mesh of shape [3]'),
                 ('ValueError',
                  'length of devices (1) must be equal to total size of the mesh of shape [2]'),
                 ('ValueError', 'Variable global_device_ids must be an ndarray.'),
                 ('ValueError', 'global_device_ids must sequentially increase: [1 0]'),
                 ('ValueError',
                  'Number of mesh dimensions does not match number of dimension names.'),
                 ('ValueError',
                  'Variable local_device_ids does not have same size as local_devices.'),
                 ('ValueError',
                  'Accelerators are uninitialized, please run '
                  'dtensor.initialize_accelerator_system() first.'),
                 ('ValueError',
                  "Duplicate devices found in mesh specification ['CPU:0', 'CPU:0']."),
                 'Mesh.from_string(|a=2|0,1|0,1|CPU:0,CPU:0)'],
 'no_default_mesh': None,
 'ops': {'add_scalar': (['x', 'y'], [[[2.0, 3.0]], [[4.0, 5.0]], [[6.0, 7.0]], [[8.0, 9.0]]]),
         'argmax': (['x'], [[1, 1], [1, 1], [1, 1], [1, 1]]),
         'batch_matmul': (['x', 'unsharded'],
                          [[[6.0, 9.0], [6.0, 9.0]],
                           [[6.0, 9.0], [6.0, 9.0]],
                           [[6.0, 9.0], [6.0, 9.0]],
                           [[6.0, 9.0], [6.0, 9.0]]]),
         'matmul_replicated': (['unsharded', 'unsharded'],
                               [[[30.0, 70.0], [70.0, 174.0]],
                                [[30.0, 70.0], [70.0, 174.0]],
                                [[30.0, 70.0], [70.0, 174.0]],
                                [[30.0, 70.0], [70.0, 174.0]]]),
         'mean': ([], [7.5, 7.5, 7.5, 7.5]),
         'mul': (['x', 'y'], [[[1.0, 4.0]], [[9.0, 16.0]], [[25.0, 36.0]], [[49.0, 64.0]]]),
         'reduce_0': (['y'], [[6.0, 8.0], [10.0, 12.0], [6.0, 8.0], [10.0, 12.0]]),
         'reduce_1': (['x'], [[10.0], [10.0], [26.0], [26.0]]),
         'reduce_all': ([], [36.0, 36.0, 36.0, 36.0]),
         'relu': (['x', 'y'], [[[0.0, 0.0]], [[0.0, 0.0]], [[1.0, 2.0]], [[3.0, 4.0]]]),
         'square': (['x', 'y'], [[[1.0, 4.0]], [[9.0, 16.0]], [[25.0, 36.0]], [[49.0, 64.0]]]),
         'transpose': (['y', 'x'],
                       [[[1.0], [2.0]], [[3.0], [4.0]], [[5.0], [6.0]], [[7.0], [8.0]]])},
 'pack': ['<tf.Tensor: shape=(2, 4), dtype=float32, value={"CPU:0": [[1 2]], "CPU:1": [[3 4]], '
          '"CPU:2": [[5 6]], "CPU:3": [[7 8]]}, layout="sharding_specs:x,y, '
          'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3">',
          'tf.Tensor({"CPU:0": [[1 2]], "CPU:1": [[3 4]], "CPU:2": [[5 6]], "CPU:3": [[7 8]]}, '
          'layout="sharding_specs:x,y, mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3", '
          'shape=(2, 4), dtype=float32)',
          [2, 4],
          'float32',
          ['x', 'y'],
          [[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]], [[7.0, 8.0]]],
          ['~CPU:0', '~CPU:1', '~CPU:2', '~CPU:3'],
          '~CUSTOM:0',
          True,
          False],
 'pack_errors': [('InvalidArgumentError',
                  'The dtensor device ~CUSTOM:0 expected 4 inputs to DTensorPack, but got 3'),
                 ('InvalidArgumentError',
                  'Packed layout should have the same rank as the rank for each component. The '
                  'rank of each component is: 2, while layout has rank: 1'),
                 ('InvalidArgumentError',
                  'DTensorUnpack expects a tensor placed on the DTensor device: ~CUSTOM:0, but '
                  'input was placed on device: ~CPU:0'),
                 ('InvalidArgumentError',
                  'FetchLayout expects a tensor placed on the layout device.'),
                 ('ValueError',
                  'Layout of tensor: Layout.from_string(sharding_specs:x,y, '
                  'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3), did not match '
                  'expected layout: Layout.from_string(sharding_specs:unsharded,unsharded, '
                  'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3)'),
                 None],
 'pack_int': ['<tf.Tensor: shape=(8,), dtype=int32, value={"CPU:0": [0 0], "CPU:1": [1 10], '
              '"CPU:2": [2 20], "CPU:3": [3 30]}, layout="sharding_specs:batch, '
              'mesh:|batch=4|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3">',
              [[0, 0], [1, 10], [2, 20], [3, 30]],
              ['batch']],
 'permuted_mesh': ['<tf.Tensor: shape=(2,), dtype=float32, value={"CPU:0": [1], "CPU:1": [2]}, '
                   'layout="sharding_specs:a, mesh:|a=2|0,1|1,0|~CPU:0,~CPU:1">',
                   [[1.0], [2.0]],
                   ['~CPU:0', '~CPU:1'],
                   [2.0, 1.0],
                   '<tf.Tensor: shape=(), dtype=float32, value=12, layout="sharding_specs: '
                   'mesh:|a=2|0,1|1,0|~CPU:0,~CPU:1">'],
 'propagation': {'bias': ['batch', 'model'],
                 'cast': ['batch', 'model'],
                 'einsum': ['batch', 'model'],
                 'expand_dims': ['unsharded', 'batch', 'model'],
                 'gather': ['unsharded', 'model'],
                 'l2_loss': [],
                 'matmul_contract': ['batch', 'unsharded'],
                 'matmul_model': ['batch', 'model'],
                 'mixed_add': ['batch', 'model'],
                 'reduce_max': ['batch'],
                 'reshape': ['batch', 'model', 'unsharded'],
                 'softmax': ['batch', 'model'],
                 'stack': ['unsharded', 'batch', 'unsharded'],
                 'where': ['batch', 'model']},
 'relayout': [['unsharded', 'unsharded'],
              [[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]],
               [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]],
               [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]],
               [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]],
              ['unsharded', 'y'],
              [[[1.0, 2.0], [5.0, 6.0]],
               [[3.0, 4.0], [7.0, 8.0]],
               [[1.0, 2.0], [5.0, 6.0]],
               [[3.0, 4.0], [7.0, 8.0]]],
              ['x', 'unsharded'],
              [[[1.0, 2.0, 3.0, 4.0]],
               [[1.0, 2.0, 3.0, 4.0]],
               [[5.0, 6.0, 7.0, 8.0]],
               [[5.0, 6.0, 7.0, 8.0]]],
              [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]],
 'relayout_gradient': [['x', 'y'],
                       [[[18.0, 18.0], [18.0, 18.0]],
                        [[18.0, 18.0], [18.0, 18.0]],
                        [[18.0, 18.0], [18.0, 18.0]],
                        [[18.0, 18.0], [18.0, 18.0]]]],
 'replicated_repr': '<tf.Tensor: shape=(2, 3), dtype=float32, value=[[1.5 1.5 1.5]\n'
                    ' [1.5 1.5 1.5]], layout="sharding_specs:unsharded,unsharded, '
                    'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3">',
 'scalar': ['<tf.Tensor: shape=(), dtype=float32, value=2.5, layout="sharding_specs: '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3">',
            'tf.Tensor(2.5, layout="sharding_specs: '
            'mesh:|x=2,y=2|0,1,2,3|0,1,2,3|~CPU:0,~CPU:1,~CPU:2,~CPU:3", shape=(), dtype=float32)',
            2.5,
            2.5],
 'step': [[],
          0.14114442467689514,
          ['unsharded', 'unsharded'],
          [[-0.15952372550964355, 0.15952368080615997],
           [-0.13117343187332153, 0.13117340207099915],
           [0.13117343187332153, -0.13117340207099915]],
          ['unsharded'],
          [-0.13117343187332153, 0.13117340207099915],
          ['x', 'unsharded'],
          [[[0.790034294128418, -1.3762085437774658]],
           [[1.3386154174804688, -0.5753941535949707]],
           [[1.8871965408325195, 0.22542023658752441]],
           [[2.4357776641845703, 1.0262346267700195]]],
          ['unsharded', 'unsharded'],
          [[0.6283429861068726, 0.7210525274276733],
           [0.20980802178382874, -0.9751821756362915],
           [-0.7113996744155884, 0.5321997404098511]],
          [0.06558671593666077, -0.06558670103549957]],
 'step2': [0.08173730969429016,
           [[0.6709180474281311, 0.6784774661064148],
            [0.24903889000415802, -1.0144129991531372],
            [-0.7506305575370789, 0.5714306235313416]]]}


def _same(got, want, path):
    """`got` is TF's `want`, with full device names shortened to '~' ('~CPU:0')."""
    if isinstance(got, str):
        got = got.replace("/job:localhost/replica:0/task:0/device:", "~")
    if isinstance(want, float) and isinstance(got, float):
        assert np.isclose(got, want, rtol=1e-6, atol=0), path
    elif isinstance(want, (list, tuple)):
        assert type(got) is type(want) and len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{path}[{i}]")
    elif isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for k in want:
            _same(got[k], want[k], f"{path}[{k!r}]")
    else:
        assert got == want, path


@pytest.fixture(scope="module")
def ours():
    return reference_scripts.run("dtensor_reference")


@pytest.mark.parametrize("case", sorted(TF_OUT))
def test_matches_tf(ours, case):
    _same(ours[case], TF_OUT[case], case)


_EIGHT = """
import tfcompat as tf
from tfcompat.experimental import dtensor
mesh = dtensor.create_mesh([("batch", 8)])
x = dtensor.pack([tf.fill([2, 3], float(i)) for i in range(8)],
                 dtensor.Layout(["batch", dtensor.UNSHARDED], mesh))
w = dtensor.DVariable(dtensor.call_with_layout(tf.ones, dtensor.Layout.replicated(mesh, 2),
                                               shape=(3, 2)))


@tf.function
def grad(x):
    with tf.GradientTape() as tape:
        z = tf.matmul(x, w)
        y = tf.reduce_sum(z)
    return z, y, tape.gradient(y, w)


z, y, g = grad(x)
print(dtensor.fetch_layout(z).sharding_specs, float(y), g.numpy().tolist(),
      dtensor.fetch_layout(g).sharding_specs, len(dtensor.unpack(x)), mesh.shape())
"""


def test_eight_devices_from_xla_flags():
    """Eight CPU devices set through XLA_FLAGS: a batch-sharded matmul and its gradient in
    tf.function. TF's output is that of the same program with `import tensorflow as tf`
    and tf.config.set_logical_device_configuration(..., [LogicalDeviceConfiguration()] * 8)
    in place of XLA_FLAGS."""
    p = subprocess.run([sys.executable, "-c", _EIGHT], capture_output=True, text=True,
                       timeout=300, cwd=reference_scripts.ROOT,
                       env=dict(os.environ, PYTHONPATH=str(reference_scripts.ROOT),
                                XLA_FLAGS="--xla_force_host_platform_device_count=8"))
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.strip() == ("['batch', 'unsharded'] 336.0 [[56.0, 56.0], [56.0, 56.0], "
                                "[56.0, 56.0]] ['unsharded', 'unsharded'] 8 [8]")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_two_clients_on_jax_distributed():
    """Two JAX processes (jax.distributed, two CPUs each) as two DTensor clients:
    create_distributed_mesh numbers each client's devices in turn (TF's mesh_util: client
    c holds global ids 2c, 2c+1 as /task:c devices); a reduction and a tf.function gradient
    run over the four devices. The expected values are the sums themselves (TF's own
    multi-client runtime needs a DTensor cluster, not run here)."""
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(reference_scripts.ROOT),
               XLA_FLAGS="--xla_force_host_platform_device_count=2")
    procs = [subprocess.Popen([sys.executable, "tests/data/dtensor_multi_client.py", str(port),
                               str(i)], cwd=reference_scripts.ROOT, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for i in range(2)]
    try:
        outs = [p.communicate(timeout=240) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    for p, (_, err) in zip(procs, outs):
        assert p.returncode == 0, err[-3000:]
    task = "/job:localhost/replica:0/task:{0}/device:CPU:0,/job:localhost/replica:0/task:{0}/device:CPU:1"
    want = [f"2 0 |batch=4|0,1,2,3|0,1|{task.format(0)} [0, 1] [[[0.0, 0.0]], [[1.0, 1.0]]] "
            f"12.0 12.0 ['unsharded'] [6.0, 6.0]",
            f"2 1 |batch=4|0,1,2,3|2,3|{task.format(1)} [2, 3] [[[2.0, 2.0]], [[3.0, 3.0]]] "
            f"12.0 12.0 ['unsharded'] [6.0, 6.0]"]
    assert [out.strip().split("\n")[-1] for out, _ in outs] == want
