"""keras.optimizers.Nadam, Keras 3.15's update (with its `u_product` variable)."""
import tfcompat as tf

from ..variables import Variable
from .base_optimizer import Optimizer


class Nadam(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None,
                 loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay,
                         clipnorm=clipnorm, clipvalue=clipvalue,
                         global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum,
                         ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        dtype = var_list[0].dtype if var_list else "float32"
        dtype = dtype if isinstance(dtype, str) else dtype.name
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"])
        from ..naming import auto_name
        name = auto_name("Variable")
        self._u_product = Variable(1.0, dtype=dtype, name=name, path=f"{self.name}/{name}")
        self._variables.append(self._u_product)

    def _backend_update_step(self, grads, trainable_variables, learning_rate):
        dtype = self._u_product.dtype
        self.assign(self._u_product,
                    self._u_product * self.beta_1 *
                    (1.0 - 0.5 * tf.pow(0.96, tf.cast(self.iterations + 1, dtype))))
        super()._backend_update_step(grads, trainable_variables, learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        var_dtype = variable.dtype
        lr = tf.cast(learning_rate, var_dtype)
        gradient = tf.cast(gradient, var_dtype)
        local_step = tf.cast(self.iterations + 1, var_dtype)
        next_step = tf.cast(self.iterations + 2, var_dtype)
        decay = tf.cast(0.96, var_dtype)
        beta_1 = tf.cast(self.beta_1, var_dtype)
        beta_2 = tf.cast(self.beta_2, var_dtype)
        u_t = beta_1 * (1.0 - 0.5 * (tf.pow(decay, local_step)))
        u_t_1 = beta_1 * (1.0 - 0.5 * (tf.pow(decay, next_step)))
        u_product_t = tf.cast(self._u_product, var_dtype)
        u_product_t_1 = u_product_t * u_t_1
        beta_2_power = tf.pow(beta_2, local_step)
        i = self._get_variable_index(variable)
        m, v = self._momentums[i], self._velocities[i]
        self.assign_add(m, (gradient - m) * (1 - beta_1))
        self.assign_add(v, (tf.square(gradient) - v) * (1 - beta_2))
        m_hat = (u_t_1 * m) / (1 - u_product_t_1) + ((1 - u_t) * gradient) / (1 - u_product_t)
        v_hat = v / (1 - beta_2_power)
        self.assign_sub(variable, (m_hat * lr) / (tf.sqrt(v_hat) + self.epsilon))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2,
                       "epsilon": self.epsilon})
        return config
