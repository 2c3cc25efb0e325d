"""tf.train.ClusterSpec and tf.distribute.cluster_resolver (TF's server_lib.ClusterSpec and
cluster_resolver/): the cluster a multi-worker strategy runs on, read from ``TF_CONFIG``
as TF reads it. ``ClusterSpec.as_cluster_def`` (a protocol buffer) is not supported."""
import abc
import collections
import json
import os

import jax


class ClusterSpec:
    """tf.train.ClusterSpec: job names mapped to their tasks' network addresses (a list,
    or a dict of task index to address for a sparse job)."""

    def __init__(self, cluster):
        if isinstance(cluster, ClusterSpec):
            cluster = cluster._cluster_spec
        if not isinstance(cluster, dict):
            raise TypeError("`cluster` must be a dictionary mapping one or more job names to "
                            "lists of network addresses, or a `ClusterDef` protocol buffer")
        self._cluster_spec = {}
        for job_name, tasks in cluster.items():
            if isinstance(tasks, (list, tuple)):
                self._cluster_spec[job_name] = dict(enumerate(tasks))
            elif isinstance(tasks, dict):
                self._cluster_spec[job_name] = {int(i): t for i, t in tasks.items()}
            else:
                raise TypeError(f"The tasks for job {job_name!r} must be a list or a "
                                f"dictionary from integers to strings.")

    def __bool__(self):
        return bool(self._cluster_spec)

    def __eq__(self, other):
        return self._cluster_spec == other

    def __ne__(self, other):
        return self._cluster_spec != other

    __hash__ = None

    def __repr__(self):
        values = self.as_dict()
        return "ClusterSpec({" + ", ".join(
            f"{k!r}: {values[k]!r}" for k in sorted(values)) + "})"

    def as_dict(self):
        """Each job's addresses: a list when its task indices are dense, else a dict."""
        result = {}
        for job in self.jobs:
            indices = self.task_indices(job)
            if not indices:
                result[job] = {}
            elif max(indices) + 1 == len(indices):
                result[job] = self.job_tasks(job)
            else:
                result[job] = {i: self.task_address(job, i) for i in indices}
        return result

    def as_cluster_def(self):
        raise NotImplementedError("tf.train.ClusterSpec.as_cluster_def is not supported by "
                                  "tfcompat (it has no protocol buffers); use as_dict()")

    @property
    def jobs(self):
        return list(self._cluster_spec)

    def _job(self, job_name):
        try:
            return self._cluster_spec[job_name]
        except KeyError:
            raise ValueError(f"No such job in cluster: {job_name!r}") from None

    def num_tasks(self, job_name):
        return len(self._job(job_name))

    def task_indices(self, job_name):
        return sorted(self._job(job_name))

    def task_address(self, job_name, task_index):
        job = self._job(job_name)
        try:
            return job[task_index]
        except KeyError:
            raise ValueError(f"No task with index {task_index!r} in job {job_name!r}") from None

    def job_tasks(self, job_name):
        """The job's addresses by task index (None where a sparse job has no task)."""
        job = self._job(job_name)
        tasks = [None] * (max(job) + 1)
        for i, address in job.items():
            tasks[i] = address
        return tasks


def format_master_url(master, rpc_layer=None):
    return f"{rpc_layer}://{master}" if rpc_layer else master


class ClusterResolver(abc.ABC):
    """tf.distribute.cluster_resolver.ClusterResolver: the abstract base."""

    @abc.abstractmethod
    def cluster_spec(self):
        raise NotImplementedError()

    @abc.abstractmethod
    def master(self, task_type=None, task_id=None, rpc_layer=None):
        raise NotImplementedError()

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        """This process's accelerators by type ({'GPU': n} or {'TPU': n}; CPUs are not
        counted), from JAX's local devices (TF asks the master's session)."""
        counts = collections.defaultdict(int)
        for d in jax.local_devices():
            if d.platform in ("gpu", "cuda", "rocm", "tpu"):
                counts["TPU" if d.platform == "tpu" else "GPU"] += 1
        return counts

    @property
    def environment(self):
        return ""

    @property
    def task_type(self):
        return getattr(self, "_task_type", None)

    @property
    def task_id(self):
        return getattr(self, "_task_id", None)

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def rpc_layer(self):
        return getattr(self, "_rpc_layer", None)

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer


class SimpleClusterResolver(ClusterResolver):
    """tf.distribute.cluster_resolver.SimpleClusterResolver: a given ClusterSpec."""

    def __init__(self, cluster_spec, master="", task_type=None, task_id=None,
                 environment="", num_accelerators=None, rpc_layer=None):
        if not isinstance(cluster_spec, ClusterSpec):
            raise TypeError("cluster_spec must be a `tf.train.ClusterSpec`.")
        if not isinstance(master, str):
            raise TypeError("master must be a string.")
        self._cluster_spec = cluster_spec
        self._master = master
        self._task_type = task_type
        self._task_id = task_id
        self._environment = environment
        self._num_accelerators = num_accelerators
        self._rpc_layer = rpc_layer

    def cluster_spec(self):
        return self._cluster_spec

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        if task_type is not None and task_id is not None:
            master = self._cluster_spec.task_address(task_type, task_id)
        else:
            master = self._master
        return format_master_url(master, rpc_layer=rpc_layer or self._rpc_layer)

    @property
    def environment(self):
        return self._environment

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return {} if self._num_accelerators is None else self._num_accelerators


def _tf_config():
    return json.loads(os.environ.get("TF_CONFIG", "{}"))


class TFConfigClusterResolver(ClusterResolver):
    """tf.distribute.cluster_resolver.TFConfigClusterResolver: the cluster, this task and
    the rpc layer from the ``TF_CONFIG`` environment variable (read on each call, as TF);
    the arguments override its task and rpc layer."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        self._task_type = task_type
        self._task_id = task_id
        self._rpc_layer = rpc_layer
        self._environment = environment

    @property
    def task_type(self):
        if self._task_type is None:
            task = _tf_config().get("task", {})
            return str(task["type"]) if "type" in task else None
        return str(self._task_type)

    @property
    def task_id(self):
        if self._task_id is None:
            task = _tf_config().get("task", {})
            return int(task["index"]) if "index" in task else None
        return int(self._task_id)

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        return self._environment

    @property
    def rpc_layer(self):
        return _tf_config().get("rpc_layer") if self._rpc_layer is None else self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer

    def cluster_spec(self):
        config = _tf_config()
        return ClusterSpec(config.get("cluster", {}))

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        """This task's address with its rpc layer ('' for a cluster of one task)."""
        session_master = _tf_config().get("session_master")
        if session_master is not None:
            return session_master
        spec = self.cluster_spec()
        if not spec.jobs or (len(spec.jobs) == 1 and len(spec.job_tasks(spec.jobs[0])) == 1):
            return ""
        task_type = self.task_type if task_type is None else task_type
        task_id = self.task_id if task_id is None else task_id
        rpc_layer = self.rpc_layer if rpc_layer is None else rpc_layer
        return format_master_url(spec.task_address(task_type, task_id), rpc_layer)


class TPUClusterResolver(ClusterResolver):
    """tf.distribute.cluster_resolver.TPUClusterResolver of this host's TPUs (JAX's TPU
    devices): ``tpu='local'`` (or TPU_NAME) as TF; without a name TF's ValueError. Cloud
    TPU names are not looked up (TF asks the Cloud TPU API)."""

    def __init__(self, tpu=None, zone=None, project=None, job_name="worker",
                 coordinator_name=None, coordinator_address=None, credentials="default",
                 service=None, discovery_url=None):
        tpu = tpu or os.environ.get("TPU_NAME")
        if not tpu:
            raise ValueError("Please provide a TPU Name to connect to.")
        if tpu != "local" and not tpu_devices():
            raise ValueError(f"tfcompat's TPUClusterResolver connects to this host's TPUs "
                             f"only (tpu='local'); it does not look up the Cloud TPU "
                             f"{tpu!r}, and JAX sees no TPU here")
        self._tpu = tpu
        self._job_name = job_name
        self._task_type = job_name
        self._task_id = 0

    def cluster_spec(self):
        return ClusterSpec({})

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        return ""

    def get_master(self):
        return self.master()

    def get_job_name(self):
        return self._job_name

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return {"TPU": len(tpu_devices())}


def tpu_devices():
    """This process's TPU devices in JAX ([] without TPUs)."""
    try:
        return jax.local_devices(backend="tpu")
    except RuntimeError:
        return []
