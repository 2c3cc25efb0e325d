"""tf.keras.metrics: Keras 3.15's Mean, Sum and the accuracy metrics (update_state,
result, reset_state, __call__), their state in keras Variables so they work eagerly and
inside tf.function (created eagerly with the metric)."""
import tfcompat as tf

from . import _ops
from .losses import (
    binary_crossentropy, categorical_crossentropy, huber, mae, mse,
    sparse_categorical_crossentropy, squeeze_or_expand_to_same_rank)
from .naming import auto_name
from .variables import Variable

FLOATX = "float32"


class Metric:
    """keras.metrics.Metric: state variables, update_state, result, reset_state."""

    def __init__(self, dtype=None, name=None):
        self.name = name or auto_name(self.__class__.__name__)
        self._dtype = dtype or FLOATX
        self._variables = []

    dtype = property(lambda self: self._dtype)
    variables = property(lambda self: self._variables[:])

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="sum",
                     name=None):
        v = Variable(lambda shape, dtype: tf.zeros(shape, dtype), shape=shape,
                     dtype=dtype or self._dtype, trainable=False, name=name,
                     path=f"{self.name}/{name}")
        self._variables.append(v)
        return v

    def add_weight(self, shape=(), initializer="zeros", dtype=None, name=None):
        return self.add_variable(shape, initializer=initializer, dtype=dtype, name=name)

    def reset_state(self):
        for v in self._variables:
            v.assign(tf.zeros(v.shape, dtype=v.dtype))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{self.__class__.__name__} name={self.name}>"

    __str__ = __repr__


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    values = tf.cast(values, dtype)
    if sample_weight is not None:
        sample_weight = tf.convert_to_tensor(sample_weight)
        if sample_weight.dtype != tf.as_dtype(dtype):
            sample_weight = tf.cast(sample_weight, dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        weight_ndim = len(sample_weight.shape)
        values_ndim = len(values.shape)
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=list(range(weight_ndim, values_ndim)))
        sample_weight = sample_weight + tf.zeros_like(values)   # broadcast_to
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, weight_ndim)))
    values_ndim = len(values.shape)
    if values_ndim > 1:
        values = reduce_fn(values, axis=list(range(1, values_ndim)))
    return values, sample_weight


class Sum(Metric):
    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), dtype=self.dtype, name="total")

    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(values, sample_weight, tf.reduce_sum,
                                                self.dtype)
        self.total.assign_add(tf.reduce_sum(values))

    def reset_state(self):
        self.total.assign(0)

    def result(self):
        return tf.cast(self.total, self.dtype)


class Mean(Metric):
    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), dtype=self.dtype, name="total")
        self.count = self.add_variable(shape=(), dtype=self.dtype, name="count")

    def update_state(self, values, sample_weight=None):
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight,
                                                            tf.reduce_mean, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))
        if sample_weight is not None:
            num_samples = tf.reduce_sum(sample_weight)
        elif len(values.shape) >= 1:
            num_samples = values.shape[0]
        else:
            num_samples = 1
        self.count.assign_add(tf.cast(num_samples, dtype=self.dtype))

    def reset_state(self):
        self.total.assign(0)
        self.count.assign(0)

    def result(self):
        return _ops.divide_no_nan(tf.convert_to_tensor(self.total),
                                  tf.cast(self.count, dtype=self.dtype))


class MeanMetricWrapper(Mean):
    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        return super().update_state(values, sample_weight=sample_weight)

    def get_config(self):
        config = super().get_config()
        config.update(self._fn_kwargs)
        return config


def _as(x, dtype=None):
    x = tf.convert_to_tensor(x) if dtype is None or not isinstance(x, (int, float)) \
        else tf.convert_to_tensor(x, dtype=dtype)
    if dtype is not None and x.dtype != tf.as_dtype(dtype):
        x = tf.cast(x, dtype)
    return x


def _accuracy(y_true, y_pred):
    y_pred = _as(y_pred)
    y_true = _as(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.cast(tf.equal(y_true, y_pred), FLOATX)


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = _as(y_pred)
    y_true = _as(y_true)
    threshold = _as(threshold, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    y_pred = tf.cast(tf.greater(y_pred, threshold), y_true.dtype)
    return tf.cast(tf.equal(y_true, y_pred), FLOATX)


def categorical_accuracy(y_true, y_pred):
    y_true = _ops.argmax(y_true, axis=-1)
    reshape_matches = False
    y_pred = _as(y_pred)
    y_true = _as(y_true, y_pred.dtype)
    y_true_org_shape = y_true.shape
    if len(y_true.shape) == len(y_pred.shape):
        y_true = tf.squeeze(y_true, -1)
        reshape_matches = True
    y_pred = _ops.argmax(y_pred, axis=-1)
    if y_pred.dtype != y_true.dtype:
        y_pred = tf.cast(y_pred, y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), FLOATX)
    if reshape_matches:
        matches = tf.reshape(matches, y_true_org_shape.as_list())
    return matches


def sparse_categorical_accuracy(y_true, y_pred):
    reshape_matches = False
    y_pred = _as(y_pred)
    y_true = _as(y_true, y_pred.dtype)
    y_true_org_shape = y_true.shape
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = tf.squeeze(y_true, -1)
        reshape_matches = True
    y_pred = _ops.argmax(y_pred, axis=-1)
    if y_pred.dtype != y_true.dtype:
        y_pred = tf.cast(y_pred, y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), FLOATX)
    if reshape_matches:
        matches = tf.reshape(matches, y_true_org_shape.as_list())
    if len(matches.shape) > 1 and matches.shape[-1] == 1:
        matches = tf.squeeze(matches, -1)
    return matches


class Accuracy(MeanMetricWrapper):
    def __init__(self, name="accuracy", dtype=None):
        super().__init__(fn=_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class BinaryAccuracy(MeanMetricWrapper):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(fn=binary_accuracy, name=name, dtype=dtype, threshold=threshold)
        self.threshold = threshold

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "threshold": self.threshold}


class CategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(fn=categorical_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class SparseCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(fn=sparse_categorical_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}
