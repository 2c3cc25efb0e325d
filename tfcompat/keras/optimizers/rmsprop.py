"""keras.optimizers.RMSprop (momentum, centered): epsilon inside the square root."""
import tfcompat as tf

from .base_optimizer import Optimizer


class RMSprop(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7,
                 centered=False, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay,
                         clipnorm=clipnorm, clipvalue=clipvalue,
                         global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum,
                         ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, "velocity")
        self._momentums = []
        if self.momentum > 0:
            self._momentums = self.add_optimizer_variables(var_list, "momentum")
        self._average_gradients = []
        if self.centered:
            self._average_gradients = self.add_optimizer_variables(var_list,
                                                                   "average_gradient")

    def update_step(self, gradient, variable, learning_rate):
        lr = tf.cast(learning_rate, variable.dtype)
        gradient = tf.cast(gradient, variable.dtype)
        i = self._get_variable_index(variable)
        velocity = self._velocities[i]
        rho = self.rho
        self.assign(velocity, rho * velocity + (1 - rho) * tf.square(gradient))
        if self.centered:
            average_grad = self._average_gradients[i]
            self.assign(average_grad, rho * average_grad + (1 - rho) * gradient)
            denominator = velocity - tf.square(average_grad) + self.epsilon
        else:
            denominator = velocity + self.epsilon
        increment = (lr * gradient) / tf.sqrt(denominator)
        if self.momentum > 0:
            momentum = self._momentums[i]
            self.assign(momentum, self.momentum * momentum + increment)
            self.assign_sub(variable, momentum)
        else:
            self.assign_sub(variable, increment)

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "momentum": self.momentum,
                       "epsilon": self.epsilon, "centered": self.centered})
        return config
