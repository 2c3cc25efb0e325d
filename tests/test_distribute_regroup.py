"""tf.distribute's regrouping of values and prints across two replicas (issue 18), against
TF_PRINTED, TF 2.21's stdout of tools/distribute_regroup_reference.py
(``/tmp/tfref/bin/python tools/distribute_regroup_reference.py``), run here on tfcompat in
its own interpreter (the devices must be configured before JAX starts): tf.print outside
the replicas of a tf.function whose program spans both devices (in a loop over a
distributed iterator, also one whose partial last batch comes within the call: the call
then runs eagerly, its prints written once: distribute/traced_partial.py);
ReplicaContext.all_reduce of captured and per-replica tensors (eagerly, in tf.function,
in a run on a partial batch); what MirroredStrategy.run (one and two devices: captured
tensors, variables, variable updates) and OneDeviceStrategy.run return, printed."""

import reference_scripts

TF_PRINTED = """\
== print outside the replicas
step ([0 10], [20 30])
step ([40 50], [60 70])
partial ([1 2], [3 4])
partial ([5 6], [7 8])
partial ([9], [])
after partial
start 3
local (5, 5)
loop 0 10
loop 1 11
end 4
tf.Tensor(10.0, shape=(), dtype=float32)
start 4
local (8, 8)
loop 0 16
loop 1 17
end 5
tf.Tensor(16.0, shape=(), dtype=float32)
== all_reduce
captured SUM eager PerReplica [2.0, 2.0] function PerReplica [2.0, 2.0]
captured MEAN eager PerReplica [2.0, 2.0] function PerReplica [2.0, 2.0]
computed SUM eager PerReplica [8.0, 8.0] function PerReplica [8.0, 8.0]
computed MEAN eager PerReplica [4.0, 4.0] function PerReplica [4.0, 4.0]
made SUM eager PerReplica [8.0, 8.0] function PerReplica [8.0, 8.0]
made MEAN eager PerReplica [4.0, 4.0] function PerReplica [4.0, 4.0]
mirrored_read SUM eager PerReplica [6.0, 6.0] function PerReplica [6.0, 6.0]
mirrored_read MEAN eager PerReplica [3.0, 3.0] function PerReplica [3.0, 3.0]
plain_read SUM eager PerReplica [10.0, 10.0] function PerReplica [10.0, 10.0]
plain_read MEAN eager PerReplica [5.0, 5.0] function PerReplica [5.0, 5.0]
mirrored SUM eager PerReplica [6.0, 6.0] function PerReplica [6.0, 6.0]
mirrored MEAN eager PerReplica [3.0, 3.0] function PerReplica [3.0, 3.0]
PerReplica:{
  0: tf.Tensor(2.0, shape=(), dtype=float32),
  1: tf.Tensor(2.0, shape=(), dtype=float32)
}
uneven: ('PerReplica', 'PerReplica')
(PerReplica:{
  0: <tf.Tensor: shape=(), dtype=float32, numpy=2.0>,
  1: <tf.Tensor: shape=(), dtype=float32, numpy=2.0>
}, PerReplica:{
  0: <tf.Tensor: shape=(), dtype=float32, numpy=3.0>,
  1: <tf.Tensor: shape=(), dtype=float32, numpy=3.0>
})
uneven: ('PerReplica', 'PerReplica')
(PerReplica:{
  0: <tf.Tensor: shape=(), dtype=float32, numpy=2.0>,
  1: <tf.Tensor: shape=(), dtype=float32, numpy=2.0>
}, PerReplica:{
  0: <tf.Tensor: shape=(), dtype=float32, numpy=4.0>,
  1: <tf.Tensor: shape=(), dtype=float32, numpy=4.0>
})
== run results
one captured eager: EagerTensor
tf.Tensor(2.0, shape=(), dtype=float32)
one captured function: EagerTensor
tf.Tensor(2.0, shape=(), dtype=float32)
one computed eager: EagerTensor
tf.Tensor(4.0, shape=(), dtype=float32)
one computed function: EagerTensor
tf.Tensor(4.0, shape=(), dtype=float32)
one all_reduce eager: EagerTensor
tf.Tensor(2.0, shape=(), dtype=float32)
one all_reduce function: EagerTensor
tf.Tensor(2.0, shape=(), dtype=float32)
one mirrored eager: MirroredVariable
MirroredVariable:{
  0: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=6.0>
}
one mirrored function: EagerTensor
tf.Tensor(6.0, shape=(), dtype=float32)
one mirrored_read eager: EagerTensor
tf.Tensor(6.0, shape=(), dtype=float32)
one mirrored_read function: EagerTensor
tf.Tensor(6.0, shape=(), dtype=float32)
one python eager: int
3
one python function: EagerTensor
tf.Tensor(3, shape=(), dtype=int32)
one replica_id eager: EagerTensor
tf.Tensor(0, shape=(), dtype=int32)
one replica_id function: EagerTensor
tf.Tensor(0, shape=(), dtype=int32)
two captured eager: EagerTensor
tf.Tensor(2.0, shape=(), dtype=float32)
two captured function: EagerTensor
tf.Tensor(2.0, shape=(), dtype=float32)
two computed eager: PerReplica
PerReplica:{
  0: tf.Tensor(4.0, shape=(), dtype=float32),
  1: tf.Tensor(4.0, shape=(), dtype=float32)
}
two computed function: PerReplica
PerReplica:{
  0: tf.Tensor(4.0, shape=(), dtype=float32),
  1: tf.Tensor(4.0, shape=(), dtype=float32)
}
two all_reduce eager: PerReplica
PerReplica:{
  0: tf.Tensor(4.0, shape=(), dtype=float32),
  1: tf.Tensor(4.0, shape=(), dtype=float32)
}
two all_reduce function: PerReplica
PerReplica:{
  0: tf.Tensor(4.0, shape=(), dtype=float32),
  1: tf.Tensor(4.0, shape=(), dtype=float32)
}
two mirrored eager: MirroredVariable
MirroredVariable:{
  0: <tf.Variable 'Variable:0' shape=() dtype=float32, numpy=3.0>,
  1: <tf.Variable 'Variable/replica_1:0' shape=() dtype=float32, numpy=3.0>
}
two mirrored function: EagerTensor
tf.Tensor(3.0, shape=(), dtype=float32)
two mirrored_read eager: PerReplica
PerReplica:{
  0: tf.Tensor(3.0, shape=(), dtype=float32),
  1: tf.Tensor(3.0, shape=(), dtype=float32)
}
two mirrored_read function: PerReplica
PerReplica:{
  0: tf.Tensor(3.0, shape=(), dtype=float32),
  1: tf.Tensor(3.0, shape=(), dtype=float32)
}
two python eager: int
3
two python function: EagerTensor
tf.Tensor(3, shape=(), dtype=int32)
two replica_id eager: PerReplica
PerReplica:{
  0: tf.Tensor(0, shape=(), dtype=int32),
  1: tf.Tensor(1, shape=(), dtype=int32)
}
two replica_id function: PerReplica
PerReplica:{
  0: tf.Tensor(0, shape=(), dtype=int32),
  1: tf.Tensor(1, shape=(), dtype=int32)
}
one update eager: _UnreadVariable
<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=5.0>
5.0
one update function: EagerTensor
tf.Tensor(9.0, shape=(), dtype=float32)
9.0
two update eager: PerReplica
PerReplica:{
  0: tf.Tensor(9.0, shape=(), dtype=float32),
  1: tf.Tensor(9.0, shape=(), dtype=float32)
}
9.0
two update function: PerReplica
PerReplica:{
  0: tf.Tensor(17.0, shape=(), dtype=float32),
  1: tf.Tensor(17.0, shape=(), dtype=float32)
}
17.0
<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=11.0>
tf.Tensor(2.0, shape=(), dtype=float32)
one_device eager: EagerTensor
tf.Tensor(4.0, shape=(), dtype=float32)
one_device function: EagerTensor
tf.Tensor(4.0, shape=(), dtype=float32)
end
"""


def test_regroup_and_prints_match_tf():
    assert reference_scripts.stdout("distribute_regroup_reference") == TF_PRINTED
