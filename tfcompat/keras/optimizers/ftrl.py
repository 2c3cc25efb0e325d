"""keras.optimizers.Ftrl, Keras 3.15's update."""
import tfcompat as tf

from .base_optimizer import Optimizer, constant_initializer


class Ftrl(Optimizer):
    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5,
                 initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, l2_shrinkage_regularization_strength=0.0,
                 beta=0.0, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay,
                         clipnorm=clipnorm, clipvalue=clipvalue,
                         global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum,
                         ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        for arg, value, sign in (
                ("initial_accumulator_value", initial_accumulator_value, "positive or zero"),
                ("learning_rate_power", -learning_rate_power, "negative or zero"),
                ("l1_regularization_strength", l1_regularization_strength,
                 "positive or zero"),
                ("l2_regularization_strength", l2_regularization_strength,
                 "positive or zero")):
            if value < 0.0:
                shown = -value if arg == "learning_rate_power" else value
                raise ValueError(f"`{arg}` needs to be {sign}. Received: {arg}={shown}.")
        if l2_shrinkage_regularization_strength < 0.0:
            raise ValueError(
                "`l2_shrinkage_regularization_strength` needs to be positive "
                "or zero. Received: l2_shrinkage_regularization_strength"
                f"={l2_shrinkage_regularization_strength}.")
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulators, self._linears = self.add_optimizer_variables(
            var_list, ["accumulator", "linear"],
            initializer=[constant_initializer(self.initial_accumulator_value), "zeros"])

    def update_step(self, gradient, variable, learning_rate):
        lr = tf.cast(learning_rate, variable.dtype)
        gradient = tf.cast(gradient, variable.dtype)
        i = self._get_variable_index(variable)
        accum, linear = self._accumulators[i], self._linears[i]
        lr_power = self.learning_rate_power
        l2_reg = self.l2_regularization_strength
        l2_reg = l2_reg + self.beta / (2.0 * lr)
        grad_to_use = gradient + 2 * self.l2_shrinkage_regularization_strength * \
            tf.convert_to_tensor(variable)
        new_accum = accum + tf.square(gradient)
        self.assign_add(linear, grad_to_use - ((tf.pow(new_accum, -lr_power) -
                                               tf.pow(accum, -lr_power)) / lr) * variable)
        quadratic = tf.pow(new_accum, -lr_power) / lr + 2 * l2_reg
        linear_clipped = tf.clip_by_value(linear, -self.l1_regularization_strength,
                                          self.l1_regularization_strength)
        self.assign(variable, (linear_clipped - linear) / quadratic)
        self.assign(accum, new_accum)

    def get_config(self):
        config = super().get_config()
        config.update({
            "learning_rate_power": self.learning_rate_power,
            "initial_accumulator_value": self.initial_accumulator_value,
            "l1_regularization_strength": self.l1_regularization_strength,
            "l2_regularization_strength": self.l2_regularization_strength,
            "l2_shrinkage_regularization_strength":
                self.l2_shrinkage_regularization_strength,
            "beta": self.beta,
        })
        return config
