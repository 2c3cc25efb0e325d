"""tf.data.Options: the option groups TF defines, stored and merged (tfcompat's pipelines
run sequentially in Python, so the performance options have no effect)."""


class _OptionsGroup:
    """A fixed set of options, None meaning 'the default'; unknown names raise as TF's."""

    _fields = ()
    _groups = {}

    def __init__(self):
        for name in self._fields:
            object.__setattr__(self, name, None)
        for name, group in self._groups.items():
            object.__setattr__(self, name, group())

    def __setattr__(self, name, value):
        if name not in self._fields and name not in self._groups:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")
        object.__setattr__(self, name, value)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n)
                   for n in self._fields + tuple(self._groups))

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def _merge_from(self, other):
        for name in self._fields:
            value = getattr(other, name)
            if value is not None:
                object.__setattr__(self, name, value)
        for name in self._groups:
            getattr(self, name)._merge_from(getattr(other, name))


class AutotuneOptions(_OptionsGroup):
    _fields = ("autotune_algorithm", "cpu_budget", "enabled", "initial_parallelism",
               "min_parallelism", "ram_budget")


class DistributeOptions(_OptionsGroup):
    _fields = ("auto_shard_policy", "num_devices")


class OptimizationOptions(_OptionsGroup):
    _fields = ("apply_default_optimizations", "filter_fusion", "filter_parallelization",
               "inject_prefetch", "map_and_batch_fusion", "map_and_filter_fusion",
               "map_fusion", "map_parallelization", "noop_elimination", "parallel_batch",
               "seq_interleave_prefetch", "shuffle_and_repeat_fusion")


class ThreadingOptions(_OptionsGroup):
    _fields = ("max_intra_op_parallelism", "private_threadpool_size")


class Options(_OptionsGroup):
    """tf.data.Options."""

    _fields = ("dataset_name", "deterministic", "experimental_external_state_policy",
               "experimental_slack", "experimental_symbolic_checkpoint",
               "experimental_warm_start", "framework_type")
    _groups = {"autotune": AutotuneOptions, "experimental_distribute": DistributeOptions,
               "experimental_optimization": OptimizationOptions,
               "threading": ThreadingOptions}

    def merge(self, options):
        """A new Options: these, overridden by the options set in `options`."""
        merged = Options()
        merged._merge_from(self)
        merged._merge_from(options)
        return merged
