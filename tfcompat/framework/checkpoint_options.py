"""tf.train.CheckpointOptions (TF's python/checkpoint/checkpoint_options.py).

tfcompat's Checkpoint writes from the host and synchronously (what an async save
guarantees once it is synced), so `experimental_io_device` and `enable_async` change
nothing. Deliberate difference: the options tfcompat's Checkpoint does not carry out
raise NotImplementedError when set (write callbacks, skipping slot variables); a
sharding callback must be a tf.train.experimental.ShardingCallback, which tfcompat does
not have, so any is refused with TF's ValueError."""
import copy
import inspect

from .deprecation import warn_deprecated


def _unsupported(option, why):
    return NotImplementedError(
        f"tf.train.CheckpointOptions({option}=...) is not supported by tfcompat ({why})")


class CheckpointOptions:
    """tf.train.CheckpointOptions: options of Checkpoint.save/write/read/restore."""

    __slots__ = ("experimental_io_device", "experimental_enable_async_checkpoint",
                 "experimental_write_callbacks", "enable_async",
                 "experimental_sharding_callback", "experimental_skip_slot_variables")

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=None,
                 experimental_write_callbacks=None, enable_async=False,
                 experimental_skip_slot_variables=False, experimental_sharding_callback=None):
        if experimental_enable_async_checkpoint is not None:
            warn_deprecated("CheckpointOptions.__init__",
                            "tensorflow.python.checkpoint.checkpoint_options",
                            "Use enable_async instead", arg="experimental_enable_async_checkpoint")
        self.experimental_io_device = experimental_io_device
        self.enable_async = bool(experimental_enable_async_checkpoint) or enable_async
        self.experimental_enable_async_checkpoint = self.enable_async
        if experimental_write_callbacks is not None:
            for callback in experimental_write_callbacks:
                assert len(inspect.signature(callback).parameters) <= 1  # noqa: S101 (TF's)
            if experimental_write_callbacks:
                raise _unsupported("experimental_write_callbacks",
                                   "tf.train.Checkpoint does not run write callbacks")
        self.experimental_write_callbacks = experimental_write_callbacks
        if experimental_sharding_callback is not None:
            raise ValueError("The experimental_sharding_callback checkpoint option"
                             "must be of type ShardingCallback. The option provided"
                             f"was of type {type(experimental_sharding_callback)}.")
        self.experimental_sharding_callback = experimental_sharding_callback
        if experimental_skip_slot_variables:
            raise _unsupported("experimental_skip_slot_variables",
                               "tf.train.Checkpoint restores every saved variable")
        self.experimental_skip_slot_variables = experimental_skip_slot_variables

    def __copy__(self):
        result = CheckpointOptions.__new__(CheckpointOptions)
        for name in self.__slots__:
            setattr(result, name, getattr(self, name))
        result.experimental_write_callbacks = copy.copy(self.experimental_write_callbacks)
        return result
