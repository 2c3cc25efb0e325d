"""tf.keras.losses: Keras 3.15's loss functions and classes (reductions
'sum_over_batch_size', 'sum', 'mean', 'mean_with_sample_weight', 'none'/None;
sample_weight; from_logits), with the TF backend's cross-entropy formulas."""
import warnings

import tfcompat as tf

from . import _ops
from .naming import auto_name

EPSILON = 1e-7


def _rank(x):
    return len(x.shape)


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    r1, r2 = _rank(x1), _rank(x2)
    if r1 == r2:
        return x1, x2
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = tf.expand_dims(x2, axis=-1)
        else:
            x1 = tf.squeeze(x1, axis=-1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = tf.expand_dims(x1, axis=-1)
        else:
            x2 = tf.squeeze(x2, axis=-1)
    return x1, x2


def standardize_reduction(reduction):
    allowed = {"sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight"}
    if reduction not in allowed:
        raise ValueError("Invalid value for argument `reduction`. "
                         f"Expected one of {allowed}. Received: reduction={reduction}")
    return reduction


def reduce_values(values, sample_weight=None, reduction="sum_over_batch_size"):
    shape = tuple(values.shape.as_list())
    if reduction is None or reduction == "none" or shape == () or shape == (0,):
        return values
    loss = tf.reduce_sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = tf.cast(tf.reduce_sum(sample_weight), loss.dtype)
        else:
            size = 1
            for d in shape:
                size *= d
            divisor = tf.cast(tf.constant(size, tf.int32), loss.dtype)
        loss = _ops.divide_no_nan(loss, divisor)
    return loss


def apply_mask(sample_weight, mask, dtype, reduction):
    """Merge a boolean mask into the sample weights, as Keras does."""
    if mask is None:
        return sample_weight
    if reduction in ("mean", "sum_over_batch_size"):
        size = 1
        for d in mask.shape.as_list():
            size *= d
        total = tf.cast(tf.constant(size, tf.int32), dtype)
        valid = tf.reduce_sum(tf.cast(mask, dtype))
        mask_weight = _ops.divide_no_nan(total, valid)
        float_mask = tf.where(tf.cast(mask, tf.bool), mask_weight + tf.zeros(mask.shape, dtype),
                              tf.zeros(mask.shape, dtype))
    else:
        float_mask = tf.cast(mask, dtype)
    if sample_weight is not None:
        sample_weight = tf.cast(sample_weight, dtype)
        float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, sample_weight)
        return sample_weight * float_mask
    return float_mask


def reduce_weighted_values(values, sample_weight=None, mask=None,
                           reduction="sum_over_batch_size", dtype=None):
    reduction = standardize_reduction(reduction)
    values = _to_tensor(values, dtype)
    if sample_weight is not None:
        sample_weight = _to_tensor(sample_weight, dtype)
    sample_weight = apply_mask(sample_weight, mask, values.dtype, reduction)
    if sample_weight is not None:
        sample_weight = tf.cast(sample_weight, values.dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


def _to_tensor(x, dtype=None):
    if dtype is None:
        return tf.convert_to_tensor(x)
    if isinstance(x, tf.Tensor) or hasattr(x, "__tf_tensor__") or \
            isinstance(x, tf.Variable):
        x = tf.convert_to_tensor(x)
        return x if x.dtype == tf.as_dtype(dtype) else tf.cast(x, dtype)
    return tf.cast(tf.convert_to_tensor(x), dtype) if not isinstance(x, (int, float)) \
        else tf.convert_to_tensor(x, dtype=dtype)


# -- loss functions ---------------------------------------------------------------------

def mean_squared_error(y_true, y_pred):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true, y_pred):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)


def huber(y_true, y_pred, delta=1.0):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    delta = _to_tensor(delta, y_pred.dtype)
    error = y_pred - y_true
    abs_error = tf.abs(error)
    half = tf.constant(0.5, dtype=abs_error.dtype)
    return tf.reduce_mean(tf.where(abs_error <= delta, half * tf.square(error),
                                   delta * abs_error - half * tf.square(delta)), axis=-1)


def _check_same_shape(target, output, what="the same shape"):
    if _rank(target) != _rank(output):
        raise ValueError(
            "Arguments `target` and `output` must have the same rank "
            "(ndim). Received: "
            f"target.shape={target.shape}, output.shape={output.shape}")
    for e1, e2 in zip(target.shape, output.shape):
        if e1 is not None and e2 is not None and e1 != e2:
            raise ValueError(
                "Arguments `target` and `output` must have the same shape. "
                "Received: "
                f"target.shape={target.shape}, output.shape={output.shape}")


def _backend_binary_crossentropy(target, output, from_logits=False):
    target = tf.convert_to_tensor(target)
    output = tf.convert_to_tensor(output)
    _check_same_shape(target, output)
    if from_logits:
        return _ops.sigmoid_cross_entropy_with_logits(target, output)
    output = tf.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    bce = target * tf.math.log(output)
    bce += (1 - target) * tf.math.log(1 - output)
    return -bce


def _backend_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target = tf.convert_to_tensor(target)
    output = tf.convert_to_tensor(output)
    if _rank(target) < 1:
        raise ValueError(
            "Arguments `target` and `output` must be at least rank 1. "
            f"Received: target.shape={target.shape}, output.shape={output.shape}")
    _check_same_shape(target, output)
    if from_logits:
        return _ops.softmax_cross_entropy_with_logits(target, output, axis=axis)
    output = output / tf.reduce_sum(output, axis, keepdims=True)
    output = tf.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def _backend_sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    output = tf.convert_to_tensor(output)
    if axis != -1 and axis != _rank(output) - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    target = tf.cast(tf.convert_to_tensor(target), tf.int64)
    if _rank(target) == _rank(output) and target.shape[-1] == 1:
        target = tf.squeeze(target, axis=-1)
    if _rank(target) != _rank(output) - 1:
        raise ValueError(
            "Argument `output` must have rank (ndim) `target.ndim - 1`. "
            f"Received: target.shape={target.shape}, output.shape={output.shape}")
    if not from_logits:
        output = tf.clip_by_value(output, EPSILON, 1 - EPSILON)
        output = tf.math.log(output)
    return _ops.sparse_softmax_cross_entropy_with_logits(target, output)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    return tf.reduce_mean(_backend_binary_crossentropy(y_true, y_pred, from_logits),
                          axis=axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0,
                             axis=-1):
    if isinstance(axis, bool):
        raise ValueError("`axis` must be of type `int`. "
                         f"Received: axis={axis} of type {type(axis)}")
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    if y_pred.shape[-1] == 1:
        warnings.warn(
            "In loss categorical_crossentropy, expected "
            "y_pred.shape to be (batch_size, num_classes) "
            f"with num_classes > 1. Received: y_pred.shape={y_pred.shape}. "
            "Consider using 'binary_crossentropy' if you only have 2 classes.",
            SyntaxWarning, stacklevel=2)
    if label_smoothing:
        num_classes = tf.cast(y_true.shape[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + (label_smoothing / num_classes)
    return _backend_categorical_crossentropy(y_true, y_pred, from_logits=from_logits,
                                             axis=axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None,
                                    axis=-1):
    # Keras reads the arguments' .shape as given: a list (no .shape) raises AttributeError.
    squeeze = len(y_true.shape) == len(y_pred.shape) and y_true.shape[axis] == 1
    y_true = tf.convert_to_tensor(y_true)
    y_pred = tf.convert_to_tensor(y_pred)
    if squeeze:
        y_true = tf.squeeze(y_true, axis=axis)
    if ignore_class is not None:
        valid = tf.not_equal(y_true, tf.cast(ignore_class, y_true.dtype))
        y_true = tf.where(valid, y_true, tf.zeros_like(y_true))
        y_pred = tf.where(tf.expand_dims(valid, axis), y_pred, tf.zeros_like(y_pred))
    res = _backend_sparse_categorical_crossentropy(y_true, y_pred, from_logits=from_logits,
                                                   axis=axis)
    if ignore_class is not None:
        res = tf.where(valid, res, tf.zeros_like(res))
    return res


# tf.keras.losses exports these two only by their short names.
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
del mean_squared_error, mean_absolute_error


# -- loss classes -----------------------------------------------------------------------

class Loss:
    """keras.losses.Loss: `call(y_true, y_pred)` reduced with sample weights."""

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or auto_name(self.__class__.__name__)
        self.reduction = standardize_reduction(reduction)
        self._dtype = dtype or "float32"

    dtype = property(lambda self: self._dtype)

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_pred = _to_tensor(y_pred, self.dtype)
        y_true = _to_tensor(y_true, self.dtype)
        losses = self.call(y_true, y_pred)
        return reduce_weighted_values(losses, sample_weight=sample_weight,
                                      mask=self._loss_mask(y_true, y_pred),
                                      reduction=self.reduction, dtype=self.dtype)

    def _loss_mask(self, y_true, y_pred):
        """The Keras mask the loss values carry (None: every value counts)."""
        return None

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class LossFunctionWrapper(Loss):
    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None,
                 **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        config = super().get_config()
        config.update(self._fn_kwargs)
        return config

    def __repr__(self):
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error",
                 dtype=None):
        super().__init__(mse, name=name, reduction=reduction, dtype=dtype)

    def get_config(self):
        return Loss.get_config(self)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error",
                 dtype=None):
        super().__init__(mae, name=name, reduction=reduction, dtype=dtype)

    def get_config(self):
        return Loss.get_config(self)


class Huber(LossFunctionWrapper):
    def __init__(self, delta=1.0, reduction="sum_over_batch_size", name="huber_loss",
                 dtype=None):
        super().__init__(huber, name=name, reduction=reduction, dtype=dtype, delta=delta)

    def get_config(self):
        return Loss.get_config(self)


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size", name="binary_crossentropy", dtype=None):
        super().__init__(binary_crossentropy, name=name, reduction=reduction, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing,
                         axis=axis)
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis

    def get_config(self):
        config = Loss.get_config(self)
        config.update({"from_logits": self.from_logits,
                       "label_smoothing": self.label_smoothing, "axis": self.axis})
        return config


class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size", name="categorical_crossentropy",
                 dtype=None):
        super().__init__(categorical_crossentropy, name=name, reduction=reduction,
                         dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis

    def get_config(self):
        config = Loss.get_config(self)
        config.update({"from_logits": self.from_logits,
                       "label_smoothing": self.label_smoothing, "axis": self.axis})
        return config


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, ignore_class=None,
                 reduction="sum_over_batch_size", axis=-1,
                 name="sparse_categorical_crossentropy", dtype=None):
        super().__init__(sparse_categorical_crossentropy, name=name, reduction=reduction,
                         dtype=dtype, from_logits=from_logits, ignore_class=ignore_class,
                         axis=axis)
        self.from_logits = from_logits
        self.ignore_class = ignore_class
        self._axis = axis

    def _loss_mask(self, y_true, y_pred):
        if self.ignore_class is None:
            return None
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        if _rank(y_true) == _rank(y_pred) and y_true.shape[self._axis] == 1:
            y_true = tf.squeeze(y_true, axis=self._axis)
        return tf.not_equal(y_true, tf.cast(self.ignore_class, y_true.dtype))

    def get_config(self):
        config = Loss.get_config(self)
        config.update({"from_logits": self.from_logits, "ignore_class": self.ignore_class})
        return config


_ALL = {c.__name__: c for c in (MeanSquaredError, MeanAbsoluteError, Huber,
                                BinaryCrossentropy, CategoricalCrossentropy,
                                SparseCategoricalCrossentropy)}
_FUNCTIONS = {f.__name__: f for f in (mse, mae, huber,
                                      binary_crossentropy, categorical_crossentropy,
                                      sparse_categorical_crossentropy)}
_FUNCTIONS.update(mse=mse, mae=mae, MSE=mse, MAE=mae)


def get(identifier):
    """keras.losses.get: a loss class instance or function by name, or a callable."""
    if identifier is None or callable(identifier):
        return identifier
    if isinstance(identifier, str):
        if identifier in _ALL:
            return _ALL[identifier]()
        if identifier in _FUNCTIONS:
            return _FUNCTIONS[identifier]
    raise ValueError(f"Could not interpret loss identifier: {identifier}")
