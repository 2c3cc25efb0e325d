"""TF's frequent-retracing warning (polymorphic_function._FrequentTracingDetector): per
Python function (its code object, so functions made in a loop share it), over the last 10
eager calls, "N out of the last M calls ... triggered tf.function retracing", at most
twice."""
import weakref

from . import tf_logging
from .tf_logging import get_logger

_RETRACING_WARNING = (
    "{} out of the last {} calls to {} triggered tf.function retracing. Tracing is expensive "
    "and the excessive number of tracings could be due to (1) creating @tf.function "
    "repeatedly in a loop, (2) passing tensors with different shapes, (3) passing Python "
    "objects instead of tensors. For (1), please define your @tf.function outside of the "
    "loop. For (2), @tf.function has reduce_retracing=True option that can avoid unnecessary "
    "retracing. For (3), please refer to "
    "https://www.tensorflow.org/guide/function#controlling_retracing and "
    "https://www.tensorflow.org/api_docs/python/tf/function for  more details.")
_MAX_WARNINGS = 2
_call_stats = weakref.WeakKeyDictionary()   # code object -> [calls per trace, warnings]


def stats_of(python_function):
    """The call statistics [calls per trace, warnings given] kept for a function."""
    key = python_function
    while hasattr(key, "__wrapped__"):
        key = key.__wrapped__
    key = getattr(key, "__func__", key)
    key = getattr(key, "__code__", key)   # TF: functions made in a loop share their stats
    stats = _call_stats.get(key)
    if stats is None:
        stats = _call_stats[key] = [[0], 0]
    return stats


def reset_counts():
    """Forget the first-n log counts and every function's retracing statistics (tests
    start each case afresh; TF's are its log counters and _frequent_tracing_detector_manager)."""
    tf_logging.reset_counts()
    _call_stats.clear()


def silent_stats():
    """Statistics that never warn (their warnings are used up)."""
    return [[0], _MAX_WARNINGS]


def count_call(python_function, stats, traced):
    """Count a call; TF's warning when 5 of the last 10 calls traced."""
    calls = stats[0]
    if not traced:
        calls[-1] += 1
        return
    if calls == [0]:
        calls.clear()
    calls.append(1)
    while calls and sum(calls) - calls[0] > 10:
        calls.pop(0)
    if stats[1] < _MAX_WARNINGS and len(calls) >= 5:
        stats[1] += 1
        get_logger().warning(_RETRACING_WARNING.format(len(calls), sum(calls),
                                                       python_function))
