"""keras.optimizers.schedules: Keras 3.15's learning-rate schedules, op for op."""
import math

import tfcompat as tf


class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' "
            "must override `__call__(self, step)`.")

    def get_config(self):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' "
            "must override `get_config()` in order to be serializable.")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _check_steps(name, steps):
    if steps <= 0:
        raise ValueError(f"Argument `{name}` must be > 0. Received: {name}={steps}")


def _tensor(x):
    return tf.convert_to_tensor(x)


class _RateDecay(LearningRateSchedule):
    """What ExponentialDecay and InverseTimeDecay share: their arguments and the decay
    progress step / decay_steps (floored with `staircase`)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name=None):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_steps("decay_steps", decay_steps)

    def __call__(self, step):
        initial_learning_rate = _tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        decay_steps = tf.cast(self.decay_steps, dtype)
        decay_rate = tf.cast(self.decay_rate, dtype)
        p = tf.cast(step, dtype) / decay_steps
        if self.staircase:
            p = tf.floor(p)
        return self._decay(initial_learning_rate, decay_rate, p, dtype)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class ExponentialDecay(_RateDecay):
    """keras.optimizers.schedules.ExponentialDecay."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name="ExponentialDecay"):
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def _decay(self, initial_learning_rate, decay_rate, p, dtype):
        return initial_learning_rate * tf.pow(decay_rate, p)


class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        super().__init__()
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length of "
                f"values. Received: boundaries={boundaries} of length "
                f"{len(boundaries)}, and values={values} "
                f"of length {len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        boundaries = [_tensor(x) for x in self.boundaries]
        values = [_tensor(x) for x in self.values]
        step = _tensor(step)
        boundaries = [b if b.dtype == step.dtype else tf.cast(b, step.dtype)
                      for b in boundaries]
        result_dtype = values[0].dtype
        result = tf.zeros((), result_dtype)
        result += tf.cast(step <= boundaries[0], result_dtype) * values[0]
        result += tf.cast(step > boundaries[-1], result_dtype) * values[-1]
        for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
            result += tf.cast(tf.logical_and(step > low, step <= high), result_dtype) * value
        return result

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001,
                 power=1.0, cycle=False, name="PolynomialDecay"):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name
        _check_steps("decay_steps", decay_steps)

    def __call__(self, step):
        initial_learning_rate = _tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        end_learning_rate = tf.cast(self.end_learning_rate, dtype)
        power = tf.cast(self.power, dtype)
        global_step = tf.cast(step, dtype)
        decay_steps = tf.cast(self.decay_steps, dtype)
        if self.cycle:
            multiplier = tf.where(tf.equal(global_step, 0), 1.0,
                                  tf.math.ceil(global_step / self.decay_steps))
            decay_steps = decay_steps * multiplier
        else:
            global_step = tf.minimum(global_step, decay_steps)
        p = global_step / decay_steps
        return (initial_learning_rate - end_learning_rate) * tf.pow(1 - p, power) + \
            end_learning_rate

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps,
                "end_learning_rate": self.end_learning_rate, "power": self.power,
                "cycle": self.cycle, "name": self.name}


class InverseTimeDecay(_RateDecay):
    """keras.optimizers.schedules.InverseTimeDecay."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name="InverseTimeDecay"):
        super().__init__(initial_learning_rate, decay_steps, decay_rate, staircase, name)

    def _decay(self, initial_learning_rate, decay_rate, p, dtype):
        return initial_learning_rate / (tf.cast(tf.constant(1), dtype) + decay_rate * p)


class CosineDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay",
                 warmup_target=None, warmup_steps=0):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target
        _check_steps("decay_steps", decay_steps)

    def _decay_function(self, step, decay_steps, decay_from_lr, dtype):
        completed_fraction = step / decay_steps
        pi = tf.constant(math.pi, dtype=dtype)
        cosine_decayed = 0.5 * (1.0 + tf.cos(pi * completed_fraction))
        decayed = (1 - self.alpha) * cosine_decayed + self.alpha
        return decay_from_lr * decayed

    def _warmup_function(self, step, warmup_steps, warmup_target, initial_learning_rate):
        completed_fraction = step / warmup_steps
        total_step_delta = warmup_target - initial_learning_rate
        return total_step_delta * completed_fraction + initial_learning_rate

    def __call__(self, step):
        initial_learning_rate = _tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        decay_steps = tf.cast(self.decay_steps, dtype)
        global_step = tf.cast(step, dtype)
        if self.warmup_target is None:
            global_step = tf.minimum(global_step, decay_steps)
            return self._decay_function(global_step, decay_steps, initial_learning_rate,
                                        dtype)
        warmup_target = tf.cast(self.warmup_target, dtype)
        warmup_steps = tf.cast(self.warmup_steps, dtype)
        global_step = tf.minimum(global_step, decay_steps + warmup_steps)
        return tf.cond(
            global_step < warmup_steps,
            lambda: self._warmup_function(global_step, warmup_steps, warmup_target,
                                          initial_learning_rate),
            lambda: self._decay_function(global_step - warmup_steps, decay_steps,
                                         warmup_target, dtype))

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "alpha": self.alpha, "name": self.name,
                "warmup_target": self.warmup_target, "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0,
                 alpha=0.0, name="SGDRDecay"):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name
        _check_steps("first_decay_steps", first_decay_steps)

    def __call__(self, step):
        initial_learning_rate = _tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        first_decay_steps = tf.cast(self.first_decay_steps, dtype)
        alpha = tf.cast(self.alpha, dtype)
        t_mul = tf.cast(self._t_mul, dtype)
        m_mul = tf.cast(self._m_mul, dtype)
        completed_fraction = tf.cast(step, dtype) / first_decay_steps

        def compute_step(completed_fraction, geometric=False):
            if geometric:
                i_restart = tf.floor(
                    tf.math.log(tf.cast(1.0 - completed_fraction * (1.0 - t_mul), dtype)) /
                    tf.math.log(t_mul))
                sum_r = (1.0 - tf.pow(t_mul, i_restart)) / (1.0 - t_mul)
                completed_fraction = (completed_fraction - sum_r) / tf.pow(t_mul, i_restart)
            else:
                i_restart = tf.floor(completed_fraction)
                completed_fraction -= i_restart
            return i_restart, completed_fraction

        i_restart, completed_fraction = tf.cond(
            tf.equal(t_mul, 1.0),
            lambda: compute_step(completed_fraction, geometric=False),
            lambda: compute_step(completed_fraction, geometric=True))
        m_fac = tf.pow(m_mul, i_restart)
        cosine_decayed = 0.5 * m_fac * (
            1.0 + tf.cos(tf.constant(math.pi, dtype=dtype) * completed_fraction))
        decayed = (1 - alpha) * cosine_decayed + alpha
        return initial_learning_rate * decayed

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "first_decay_steps": self.first_decay_steps, "t_mul": self._t_mul,
                "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


def serialize(learning_rate_schedule):
    return {"module": "keras.optimizers.schedules",
            "class_name": type(learning_rate_schedule).__name__,
            "config": learning_rate_schedule.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    cls = (custom_objects or {}).get(config["class_name"]) or globals()[config["class_name"]]
    return cls.from_config(config["config"])
