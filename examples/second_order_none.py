"""A second derivative that is not connected to its source is None.

y = x * w + b is linear in w, so dy/dw = x does not depend on w at all:
the outer tape finds no path from dy_dw back to w and returns None
(not zero) for d2y/dw2.
"""
import tfcompat as tf

w = tf.Variable(1.0)
b = tf.Variable(2.0)
x = tf.Variable(3.0)

with tf.GradientTape() as t1:
    with tf.GradientTape() as t2:
        y = x * w + b
    dy_dw, dy_db = t2.gradient(y, [w, b])   # a list of sources gives a list
d2y_dw2 = t1.gradient(dy_dw, w)

print(dy_dw)     # x = 3
print(dy_db)     # 1
print(d2y_dw2)   # None: dy_dw does not depend on w
