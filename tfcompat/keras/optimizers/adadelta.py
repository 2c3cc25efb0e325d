"""keras.optimizers.Adadelta, Keras 3.15's update."""
import tfcompat as tf

from .base_optimizer import Optimizer


class Adadelta(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False,
                 ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
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
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulated_grads, self._accumulated_delta_vars = \
            self.add_optimizer_variables(var_list,
                                         ["accumulated_grad", "accumulated_delta_var"])

    def update_step(self, grad, variable, learning_rate):
        lr = tf.cast(learning_rate, variable.dtype)
        grad = tf.cast(grad, variable.dtype)
        rho = self.rho
        i = self._get_variable_index(variable)
        accumulated_grad = self._accumulated_grads[i]
        accumulated_delta_var = self._accumulated_delta_vars[i]

        def rms(x):
            return tf.sqrt(x + self.epsilon)

        self.assign(accumulated_grad, rho * accumulated_grad + (1 - rho) * tf.square(grad))
        delta_var = -((rms(accumulated_delta_var) * grad) / rms(accumulated_grad))
        self.assign(accumulated_delta_var,
                    rho * accumulated_delta_var + (1 - rho) * tf.square(delta_var))
        self.assign_add(variable, lr * delta_var)

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "epsilon": self.epsilon})
        return config
