"""keras.optimizers.Optimizer: Keras 3.15's BaseOptimizer with its TF backend.

Variables: `iterations` (int64) and, for a float learning rate, `learning_rate` (float32)
are created with the optimizer; the slots on `build(var_list)`, which the first
`apply`/`apply_gradients` calls (eagerly, or inside the first tf.function trace, where
tfcompat allows creating variables). Per step, as Keras: drop None gradients (with Keras'
UserWarning), clip (clipnorm, global_clipnorm or clipvalue), apply weight decay, run
`update_step` for each variable, apply constraints, then `iterations += 1`.
IndexedSlices gradients are made dense first (Keras' TF backend gives the same values).
"""
import re
import warnings

import tfcompat as tf

from ..naming import auto_name
from ..variables import Variable
from . import schedules as _schedules


def zeros_initializer(shape, dtype):
    return tf.zeros(shape, dtype=dtype)


def constant_initializer(value):
    def init(shape, dtype):
        return tf.fill(shape, tf.cast(value, dtype)) if shape else tf.cast(value, dtype)
    return init


def _is_variable(x):
    return isinstance(x, (Variable, tf.Variable))


def _var_name(v):
    return v.name


class _TrackedList(list):
    pass


class Optimizer:
    """The base of every optimizer: subclasses define `build` and `update_step`."""

    def __init__(self, learning_rate, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored.", stacklevel=2)
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        if name is None:
            name = auto_name(self.__class__.__name__)
        self.name = name
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.global_clipnorm = global_clipnorm
        self.clipvalue = clipvalue
        self.use_ema = use_ema
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        if gradient_accumulation_steps:
            if not gradient_accumulation_steps >= 2:
                raise ValueError(
                    "`gradient_accumulation_steps` must be an integer >= 2. "
                    f"Received: gradient_accumulation_steps={gradient_accumulation_steps}")
            raise ValueError("tfcompat's Keras optimizers do not support "
                             "`gradient_accumulation_steps`.")
        if use_ema:
            if ema_momentum > 1 or ema_momentum < 0:
                raise ValueError("`ema_momentum` must be in the range [0, 1]. "
                                 f"Received: ema_momentum={ema_momentum}")
            raise ValueError("tfcompat's Keras optimizers do not support `use_ema=True`.")
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        if sum(a is not None for a in [clipnorm, clipvalue, global_clipnorm]) > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can "
                f"be set. Received: clipnorm={clipnorm}, "
                f"clipvalue={clipvalue}, global_clipnorm={global_clipnorm}")
        self.built = False
        self._variables = []
        self._trainable_variables = []
        self._trainable_variables_indices = {}
        self._iterations = self._make_variable(0, "iteration", "int")
        if isinstance(learning_rate, _schedules.LearningRateSchedule) or \
                callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance "
                    "of LearningRateSchedule, or a callable "
                    "(that takes in the current iteration value "
                    "and returns the corresponding learning rate value). "
                    f"Received instead: learning_rate={learning_rate}")
            self._learning_rate = self._make_variable(learning_rate, "learning_rate",
                                                      "float32")

    # -- variables ------------------------------------------------------------------
    def _make_variable(self, value, name, dtype):
        v = Variable(value, dtype=dtype, trainable=False, name=name,
                     path=f"{self.name}/{name}")
        self._variables.append(v)
        return v

    @property
    def iterations(self):
        return self._iterations

    @property
    def variables(self):
        return self._variables[:]

    def _var_key(self, variable):
        if isinstance(variable, Variable):
            variable = variable.value
        return id(getattr(variable, "_handle", variable))

    def _get_variable_index(self, variable):
        return self._trainable_variables_indices[self._var_key(variable)]

    def build(self, variables):
        for i, variable in enumerate(variables):
            self._trainable_variables_indices[self._var_key(variable)] = i
        self._trainable_variables = list(variables)
        self.built = True

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="none",
                     layout=None, name=None):
        if initializer == "zeros":
            initializer = zeros_initializer
        elif not callable(initializer):
            initializer = constant_initializer(initializer)
        v = Variable(initializer, shape=shape, dtype=dtype, trainable=False, name=name,
                     path=f"{self.name}/{name}" if name else None)
        self._variables.append(v)
        return v

    def add_variable_from_reference(self, reference_variable, name=None,
                                    initializer="zeros"):
        name = name or "var"
        if hasattr(reference_variable, "path"):
            name = f"{reference_variable.path.replace('/', '_')}_{name}"
        else:
            ref = str(reference_variable.name).replace("/", "_").replace(":", "_")
            name = f"{ref}_{name}"
        dtype = reference_variable.dtype
        dtype = dtype if isinstance(dtype, str) else dtype.name
        return self.add_variable(shape=tuple(reference_variable.shape.as_list())
                                 if hasattr(reference_variable.shape, "as_list")
                                 else tuple(reference_variable.shape),
                                 initializer=initializer, dtype=dtype, name=name)

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        names = [name] if isinstance(name, str) else list(name)
        inits = initializer if isinstance(initializer, (list, tuple)) else \
            [initializer] * len(names)
        if len(names) != len(inits):
            raise ValueError(
                "The number of provided names must match the number of "
                f"provided initializers.  Received name='{name}', "
                f"initializer='{initializer}'")
        out = tuple([] for _ in names)
        for variable in trainable_variables:   # interleaved, as Keras creates them
            for i, (n, init) in enumerate(zip(names, inits)):
                out[i].append(self.add_variable_from_reference(variable, name=n,
                                                               initializer=init))
        return out[0] if isinstance(name, str) else out

    def _check_variables_are_known(self, variables):
        for v in variables:
            if self._var_key(v) not in self._trainable_variables_indices:
                raise ValueError(
                    f"Unknown variable: {v!s}. This optimizer can only "
                    "be called for the variables it was originally built with. "
                    "When working with a new set of variables, you should "
                    "recreate a new optimizer instance.")

    # -- assignment (the TF backend's, with the value cast to the variable's dtype) ------
    def assign(self, variable, value):
        variable.assign(tf.cast(value, variable.dtype))

    def assign_add(self, variable, value):
        variable.assign_add(tf.cast(value, variable.dtype))

    def assign_sub(self, variable, value):
        variable.assign_sub(tf.cast(value, variable.dtype))

    # -- learning rate ------------------------------------------------------------------
    @property
    def learning_rate(self):
        return self._get_current_learning_rate()

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        prev = self._learning_rate if isinstance(self._learning_rate, Variable) else None
        if isinstance(learning_rate, _schedules.LearningRateSchedule) or \
                callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if isinstance(self._learning_rate, _schedules.LearningRateSchedule):
                raise TypeError(
                    "This optimizer was created with a `LearningRateSchedule`"
                    " object as its `learning_rate` constructor argument, "
                    "hence its learning rate is not settable. If you need the"
                    " learning rate to be settable, you should instantiate "
                    "the optimizer with a float `learning_rate` argument.")
            self._learning_rate.assign(learning_rate)
        if prev is not None and not isinstance(self._learning_rate, Variable):
            self._variables = [v for v in self._variables if v is not prev]

    def _get_current_learning_rate(self):
        if isinstance(self._learning_rate, _schedules.LearningRateSchedule):
            return self._learning_rate(self._iterations)
        if isinstance(self._learning_rate, Variable):
            return self._learning_rate
        if callable(self._learning_rate):
            return self._learning_rate()
        return self._learning_rate

    # -- applying gradients ---------------------------------------------------------------
    def update_step(self, gradient, variable, learning_rate):
        raise NotImplementedError

    def apply_gradients(self, grads_and_vars):
        grads, trainable_variables = zip(*grads_and_vars)
        self.apply(grads, trainable_variables)
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        if len(grads) == 0:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the optimizer "
                    "must already be built on a list of variables. "
                    "Call `optimizer.build(trainable_variables)` first. ")
            if len(grads) != len(self._trainable_variables_indices):
                raise ValueError(
                    "When passing `grads` as a list of gradient tensors, the "
                    f"gradients must match `optimizer.variables` one-to-on. "
                    f"Received a list of {len(grads)} gradients, but the "
                    f"optimizer is tracking {len(self._trainable_variables)} "
                    "trainable variables.")
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            if not self.built:
                self.build(trainable_variables)
                self.built = True
            self._check_variables_are_known(trainable_variables)
        grads, trainable_variables = self._filter_empty_gradients(grads, trainable_variables)
        if len(grads) > 0:
            grads = [_dense(g) for g in grads]
            scale = self.loss_scale_factor
            if scale is not None:
                grads = [g / scale for g in grads]
            grads = self._clip_gradients(grads)
            self._apply_weight_decay(trainable_variables)
            self._backend_update_step(grads, trainable_variables, self.learning_rate)
            for variable in trainable_variables:
                if getattr(variable, "constraint", None) is not None:
                    variable.assign(variable.constraint(variable))
        self._iterations.assign_add(1)

    def _backend_update_step(self, grads, trainable_variables, learning_rate):
        for grad, var in zip(grads, trainable_variables):
            self.update_step(grad, var, learning_rate)

    def _filter_empty_gradients(self, grads, variables):
        grads, variables = list(grads), list(variables)
        missing = []
        for i in range(len(grads) - 1, -1, -1):
            if grads[i] is None:
                grads.pop(i)
                v = variables.pop(i)
                missing.append(getattr(v, "path", None) or v.name)
        if not grads:
            raise ValueError("No gradients provided for any variable.")
        if missing:
            warnings.warn(
                "Gradients do not exist for variables "
                f"{list(reversed(missing))} when minimizing the loss."
                " If using `model.compile()`, did you forget to provide a "
                "`loss` argument?", stacklevel=2)
        return grads, variables

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [_clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            v = self.clipvalue
            return [tf.clip_by_value(g, -v, v) for g in grads]
        return grads

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        if self.built:
            raise ValueError(
                "`exclude_from_weight_decay()` can only be configured before "
                "the optimizer is built.")
        self._exclude_from_weight_decay = set(self._var_key(v) for v in var_list or [])
        self._exclude_from_weight_decay_pattern = (
            re.compile("|".join(set(var_names))) if var_names else None)

    def _use_weight_decay(self, variable):
        if self._var_key(variable) in getattr(self, "_exclude_from_weight_decay", set()):
            return False
        pattern = getattr(self, "_exclude_from_weight_decay_pattern", None)
        return pattern is None or re.search(pattern, variable.name) is None

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        for variable in variables:
            if self._use_weight_decay(variable):
                lr = tf.cast(self.learning_rate, variable.dtype)
                wd = tf.cast(self.weight_decay, variable.dtype)
                variable.assign_sub(variable * wd * lr)

    def finalize_variable_values(self, var_list):
        pass

    def scale_loss(self, loss):
        if self.loss_scale_factor is not None:
            return loss * self.loss_scale_factor
        return loss

    def set_weights(self, weights):
        if not self.built:
            raise ValueError(
                "You are calling `set_weights()` on an optimizer that has not "
                "yet been built. Please call "
                "`optimizer.build(trainable_variables)` to create the "
                "optimizer weights before calling `set_weights()`.")
        for variable, weight in zip(self._variables, weights):
            variable.assign(weight)

    # -- config ---------------------------------------------------------------------
    def get_config(self):
        if isinstance(self._learning_rate, _schedules.LearningRateSchedule):
            learning_rate = _schedules.serialize(self._learning_rate)
        elif isinstance(self._learning_rate, Variable):
            learning_rate = float(self._learning_rate.numpy())
        elif callable(self._learning_rate):
            learning_rate = self._learning_rate
        else:
            learning_rate = 0.5
        return {
            "name": self.name,
            "learning_rate": learning_rate,
            "weight_decay": self.weight_decay,
            "clipnorm": self.clipnorm,
            "global_clipnorm": self.global_clipnorm,
            "clipvalue": self.clipvalue,
            "use_ema": self.use_ema,
            "ema_momentum": self.ema_momentum,
            "ema_overwrite_frequency": self.ema_overwrite_frequency,
            "loss_scale_factor": self.loss_scale_factor,
            "gradient_accumulation_steps": self.gradient_accumulation_steps,
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        # (in place, as Keras: a schedule's config in `config` becomes the schedule)
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = _schedules.deserialize(config["learning_rate"])
        return cls(**config)


def _dense(g):
    if isinstance(g, tf.IndexedSlices):
        return tf.convert_to_tensor(g)
    return g


def _clip_by_norm(t, clip_norm):
    """tf.clip_by_norm, as TF computes it."""
    t = tf.convert_to_tensor(t)
    l2sum = tf.reduce_sum(t * t, None, keepdims=True)
    pred = l2sum > 0
    l2sum_safe = tf.where(pred, l2sum, tf.ones_like(l2sum))
    l2norm = tf.where(pred, tf.sqrt(l2sum_safe), l2sum)
    intermediate = t * clip_norm
    return intermediate / tf.maximum(l2norm, clip_norm)


def global_norm(value_list):
    squared = [tf.reduce_sum(tf.square(v)) for v in value_list if v is not None]
    return tf.sqrt(tf.reduce_sum(tf.stack(squared)))


def clip_by_global_norm(value_list, clip_norm):
    use_norm = global_norm(value_list)
    scale_for_finite = clip_norm * tf.minimum(1.0 / use_norm, 1.0 / clip_norm)
    scale = scale_for_finite + (use_norm - use_norm)
    return [v * scale if v is not None else v for v in value_list]
