"""tf.train.checkpoints_iterator (TF's python/training/checkpoint_utils.py)."""
import time

from ..framework import tf_logging
from ..framework.checkpoint_management import latest_checkpoint


def _wait_for_new_checkpoint(checkpoint_dir, last_checkpoint=None, seconds_to_sleep=1,
                             timeout=None):
    """The directory's latest checkpoint once it is not `last_checkpoint`, or None after
    `timeout` seconds."""
    logger = tf_logging.get_logger()
    logger.info("Waiting for new checkpoint at %s", checkpoint_dir)
    stop_time = time.time() + timeout if timeout is not None else None
    while True:
        checkpoint_path = latest_checkpoint(checkpoint_dir)
        if checkpoint_path is not None and checkpoint_path != last_checkpoint:
            logger.info("Found new checkpoint at %s", checkpoint_path)
            return checkpoint_path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None, timeout_fn=None):
    """tf.train.checkpoints_iterator: yields each new checkpoint of `checkpoint_dir` (at
    most one per `min_interval_secs`), until `timeout` seconds pass without one and
    `timeout_fn` (if given) returns True."""
    checkpoint_path = None
    logger = tf_logging.get_logger()
    while True:
        new_checkpoint_path = _wait_for_new_checkpoint(checkpoint_dir, checkpoint_path,
                                                       timeout=timeout)
        if new_checkpoint_path:
            start = time.time()
            checkpoint_path = new_checkpoint_path
            yield checkpoint_path
            time_to_next_eval = start + min_interval_secs - time.time()
            if time_to_next_eval > 0:
                time.sleep(time_to_next_eval)
        elif timeout_fn is None:
            logger.info("Timed-out waiting for a checkpoint (without timeout_fn).")
            return
        if timeout_fn is not None and timeout_fn():
            logger.info("Done. No new checkpoints will be generated.")
            return
