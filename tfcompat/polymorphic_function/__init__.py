"""tf.function (TF's polymorphic_function): the decorator and ``Function``
(polymorphic_function.py), how calls are keyed and bound (function_type_utils.py), the
tracing into jaxprs (tracing.py), the traced ConcreteFunctions (concrete_function.py),
their run-time checks (runtime_checks.py), and tf.types.experimental's types (types.py)."""
