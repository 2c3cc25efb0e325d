"""tf.data.Options and its option groups, as TF 2.21's (tensorflow/python/data/ops/options.py
and data/util/options.py): each option a type-checked property (None until set, or its
default), unknown names refused, options merged as TF merges them, and a dataset's
options() read-only. tfcompat's pipelines run sequentially in Python, so the
performance options have no effect."""
import enum
import logging

__all__ = ["AutoShardPolicy", "AutotuneAlgorithm", "AutotuneOptions", "DistributeOptions",
           "ExternalStatePolicy", "OptimizationOptions", "Options", "OptionsBase",
           "ServiceOptions", "ThreadingOptions", "merge_options"]

_absl = logging.getLogger("absl")   # where TF's Python side logs its options warnings

_TF_MODULE = "tensorflow.python.data.ops.options"


class AutotuneAlgorithm(enum.Enum):
    """tf.data.experimental.AutotuneAlgorithm."""
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


class AutoShardPolicy(enum.IntEnum):
    """tf.data.experimental.AutoShardPolicy."""
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class ExternalStatePolicy(enum.Enum):
    """tf.data.experimental.ExternalStatePolicy."""
    WARN = 0
    IGNORE = 1
    FAIL = 2


class OptionsBase:
    """A set of tf.data options (TF's options_lib.OptionsBase)."""

    def __init__(self):
        object.__setattr__(self, "_options", {})
        object.__setattr__(self, "_mutable", True)

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name)
                   for name in set(self._options) | set(other._options))

    def __ne__(self, other):
        if isinstance(other, self.__class__):
            return not self.__eq__(other)
        return NotImplemented

    __hash__ = None

    def __setattr__(self, name, value):
        if not self._mutable:
            raise ValueError("Mutating `tf.data.Options()` returned by "
                             "`tf.data.Dataset.options()` has no effect. Use "
                             "`tf.data.Dataset.with_options(options)` to set or update "
                             "dataset options.")
        if hasattr(self, name):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")

    def _set_mutable(self, mutable):
        object.__setattr__(self, "_mutable", mutable)

    def _copy(self):
        """A deep copy of the options set (TF's round trip through the options proto)."""
        new = type(self)()
        for name, value in self._options.items():
            new._options[name] = value._copy() if isinstance(value, OptionsBase) else (
                list(value) if isinstance(value, list) else value)
        return new


def create_option(name, ty, docstring, default_factory=lambda: None):
    """A type-checked property (TF's options_lib.create_option)."""
    def get_fn(option):
        if name not in option._options:
            option._options[name] = default_factory()
        return option._options.get(name)

    def set_fn(option, value):
        if not isinstance(value, ty):
            raise TypeError(f'Property "{name}" must be of type {ty}, got: '
                            f"{value} (type: {type(value)})")
        option._options[name] = value

    return property(get_fn, set_fn, None, docstring)


def merge_options(*options_list, warn=True):
    """TF's options_lib.merge_options: a new options object, later settings overriding
    earlier ones (with a warning when a set value changes)."""
    if len(options_list) < 1:
        raise ValueError("At least one options should be provided")
    result_type = type(options_list[0])
    for options in options_list:
        if not isinstance(options, result_type):
            raise TypeError(f"Could not merge incompatible options of type {type(options)} "
                            f"and {result_type}.")
    if not isinstance(options_list[0], OptionsBase):
        raise TypeError(f"All options to be merged should inherit from `OptionsBase` but "
                        f"found option of type {type(options_list[0])} which does not.")
    default_options = result_type()
    result = result_type()
    for options in options_list:
        for name in options._options:
            this = getattr(result, name)
            that = getattr(options, name)
            default = getattr(default_options, name)
            if that == default:
                continue
            elif this == default:
                setattr(result, name, that)
            elif isinstance(this, OptionsBase):
                setattr(result, name, merge_options(this, that, warn=warn))
            elif name == "framework_type":
                setattr(result, name, this + that)
            elif this != that:
                if warn:
                    _absl.warning("Changing the value of option %s from %r to %r.", name,
                                  this, that)
                setattr(result, name, that)
    return result


class AutotuneOptions(OptionsBase):
    """tf.data.experimental.AutotuneOptions."""
    enabled = create_option("enabled", bool, "Whether to automatically tune performance "
                            "knobs. If None, defaults to True.")
    cpu_budget = create_option("cpu_budget", int, "When autotuning is enabled, determines "
                               "the CPU budget to use. If None, defaults to the number of "
                               "schedulable CPU cores.")
    ram_budget = create_option("ram_budget", int, "When autotuning is enabled, determines "
                               "the RAM budget to use.")
    autotune_algorithm = create_option("autotune_algorithm", AutotuneAlgorithm,
                                       "When autotuning is enabled, determines the "
                                       "algorithm to use.")
    initial_parallelism = create_option("initial_parallelism", int, "The initial "
                                        "parallelism of autotuned transformations.")
    min_parallelism = create_option("min_parallelism", int, "The minimum parallelism of "
                                    "autotuned transformations.")


class DistributeOptions(OptionsBase):
    """tf.data.experimental.DistributeOptions."""
    auto_shard_policy = create_option("auto_shard_policy", AutoShardPolicy,
                                      "The type of sharding to use.",
                                      default_factory=lambda: AutoShardPolicy.AUTO)
    num_devices = create_option("num_devices", int, "The number of devices attached to this "
                                "input pipeline.")


class OptimizationOptions(OptionsBase):
    """tf.data.experimental.OptimizationOptions."""
    apply_default_optimizations = create_option(
        "apply_default_optimizations", bool, "Whether to apply default graph "
        "optimizations. If False, only graph optimizations that have been explicitly "
        "enabled will be applied.")
    filter_fusion = create_option("filter_fusion", bool, "Whether to fuse filter "
                                  "transformations. If None, defaults to False.")
    filter_parallelization = create_option("filter_parallelization", bool, "Whether to "
                                           "parallelize stateless filter transformations.")
    inject_prefetch = create_option("inject_prefetch", bool, "Whether to inject prefetch "
                                    "transformation as the last transformation.")
    seq_interleave_prefetch = create_option("seq_interleave_prefetch", bool, "Whether to "
                                            "replace parallel interleave using a sequential "
                                            "interleave that prefetches elements.")
    map_and_batch_fusion = create_option("map_and_batch_fusion", bool, "Whether to fuse map "
                                         "and batch transformations.")
    map_and_filter_fusion = create_option("map_and_filter_fusion", bool, "Whether to fuse "
                                          "map and filter transformations.")
    map_fusion = create_option("map_fusion", bool, "Whether to fuse map transformations.")
    map_parallelization = create_option("map_parallelization", bool, "Whether to "
                                        "parallelize stateless map transformations.")
    noop_elimination = create_option("noop_elimination", bool, "Whether to eliminate no-op "
                                     "transformations.")
    parallel_batch = create_option("parallel_batch", bool, "Whether to parallelize copying "
                                   "of batch elements.")
    shuffle_and_repeat_fusion = create_option("shuffle_and_repeat_fusion", bool, "Whether "
                                              "to fuse shuffle and repeat transformations.")


class ServiceOptions(OptionsBase):
    """tf.data.experimental.ServiceOptions."""
    pinned = create_option("pinned", bool, "If true, the tf.data service client allocates "
                           "data to pinned memory.")


class ThreadingOptions(OptionsBase):
    """tf.data.ThreadingOptions (also tf.data.experimental.ThreadingOptions): the threading
    options of a dataset, through tf.data.Options' `threading` property."""
    max_intra_op_parallelism = create_option(
        "max_intra_op_parallelism", int,
        "If set, it overrides the maximum degree of intra-op parallelism.")
    private_threadpool_size = create_option(
        "private_threadpool_size", int,
        "If set, the dataset will use a private threadpool of the given size. The value 0 "
        "can be used to indicate that the threadpool size should be determined at runtime "
        "based on the number of available CPU cores.")


class Options(OptionsBase):
    """tf.data.Options."""
    autotune = create_option("autotune", AutotuneOptions, "The autotuning options "
                             "associated with the dataset.", default_factory=AutotuneOptions)
    deterministic = create_option("deterministic", bool, "Whether the outputs need to be "
                                  "produced in deterministic order. If None, defaults to True.")
    experimental_deterministic = create_option("experimental_deterministic", bool,
                                               "DEPRECATED. Use `deterministic` instead.")
    experimental_distribute = create_option(
        "experimental_distribute", DistributeOptions, "The distribution strategy options "
        "associated with the dataset.", default_factory=DistributeOptions)
    experimental_external_state_policy = create_option(
        "experimental_external_state_policy", ExternalStatePolicy, "How to handle external "
        "state when serializing a dataset or checkpointing its iterator.")
    experimental_optimization = create_option(
        "experimental_optimization", OptimizationOptions, "The optimization options "
        "associated with the dataset.", default_factory=OptimizationOptions)
    experimental_slack = create_option("experimental_slack", bool, "Whether to introduce "
                                       "'slack' in the last `prefetch` of the input pipeline.")
    experimental_symbolic_checkpoint = create_option(
        "experimental_symbolic_checkpoint", bool, "Whether to checkpoint internal input "
        "pipeline state maintaining cursors into data sources.")
    experimental_service = create_option("experimental_service", ServiceOptions, "The "
                                         "tf.data service options associated with the "
                                         "dataset.", default_factory=ServiceOptions)
    experimental_threading = create_option("experimental_threading", ThreadingOptions,
                                           "DEPRECATED. Use `threading` instead.")
    experimental_warm_start = create_option("experimental_warm_start", bool, "Whether to "
                                            "start background threads of asynchronous "
                                            "transformations upon iterator creation.")
    dataset_name = create_option("dataset_name", str, "A name for the dataset, to help in "
                                 "debugging.")
    framework_type = create_option("framework_type", list, "The list of frameworks that are "
                                   "used to generate this pipeline, used for telemetry.")
    threading = create_option("threading", ThreadingOptions, "The threading options "
                              "associated with the dataset.", default_factory=ThreadingOptions)

    def __getattribute__(self, name):
        if name == "experimental_threading":
            _absl.warning("options.experimental_threading is deprecated. "
                          "Use options.threading instead.")
            return self.threading
        if name == "experimental_deterministic":
            return self.deterministic
        return super().__getattribute__(name)

    def __setattr__(self, name, value):
        if name == "experimental_threading":
            _absl.warning("options.experimental_threading is deprecated. "
                          "Use options.threading instead.")
            super().__setattr__("threading", value)
            return
        if name == "experimental_deterministic":
            super().__setattr__("deterministic", value)
            return
        super().__setattr__(name, value)

    def _set_mutable(self, mutable):
        """This and its option groups (TF leaves experimental_service out)."""
        object.__setattr__(self, "_mutable", mutable)
        self.autotune._set_mutable(mutable)
        self.experimental_distribute._set_mutable(mutable)
        self.experimental_optimization._set_mutable(mutable)
        self.threading._set_mutable(mutable)

    def merge(self, options):
        """A new Options: these merged with `options` (whose set values win, with a
        warning where they change one set here)."""
        return merge_options(self, options)


def dataset_options(options_list):
    """What Dataset.options() returns: the options along a pipeline (inputs first, then
    the dataset's own, later settings winning) as a new, read-only Options."""
    result = merge_options(Options(), *[o._copy() for o in options_list], warn=False)
    result._set_mutable(False)
    return result


for _cls in (AutotuneAlgorithm, AutoShardPolicy, ExternalStatePolicy, OptionsBase,
             AutotuneOptions, DistributeOptions, OptimizationOptions, ServiceOptions,
             ThreadingOptions, Options):
    _cls.__module__ = _TF_MODULE if _cls is not OptionsBase else \
        "tensorflow.python.data.util.options"
del _cls
