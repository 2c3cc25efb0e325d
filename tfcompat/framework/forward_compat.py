"""tf.compat.forward_compatible and tf.compat.forward_compatibility_horizon, with TF
2.21's horizon (2026-01-16, moved by TF_FORWARD_COMPATIBILITY_DELTA_DAYS days)."""
import contextlib
import datetime
import os

from . import tf_logging

_HORIZON = datetime.date(2026, 1, 16)
_DELTA_DAYS_VAR = "TF_FORWARD_COMPATIBILITY_DELTA_DAYS"
_date_number = [None]


def _date_to_date_number(year, month, day):
    return (year << 9) | (month << 5) | day


def _update_date_number(date_to_override=None):
    if date_to_override:
        date = date_to_override
    else:
        date = _HORIZON
        delta_days = os.getenv(_DELTA_DAYS_VAR)
        if delta_days:
            date += datetime.timedelta(days=int(delta_days))
    if date < _HORIZON:
        tf_logging.get_logger().warning(
            f"Trying to set the forward compatibility date to the past date {date}. This will "
            "be ignored by TensorFlow.")
        return
    _date_number[0] = _date_to_date_number(date.year, date.month, date.day)


_update_date_number()


def forward_compatible(year, month, day):
    """tf.compat.forward_compatible: whether the horizon is after (year, month, day)."""
    return _date_number[0] > _date_to_date_number(year, month, day)


@contextlib.contextmanager
def forward_compatibility_horizon(year, month, day):
    """tf.compat.forward_compatibility_horizon: the horizon is (year, month, day) inside."""
    try:
        _update_date_number(datetime.date(year, month, day))
        yield
    finally:
        _update_date_number()
