"""Known differences from TF 2.21 in the golden snippets, each with its reason.

tfcompat's output for each is pinned in known.json (``pin_known.py``) and checked by
tests/test_golden.py: a fix (output now TF's) or any other change fails the test.

``BAD_CALLS``: the bad-input calls (snippets_bad_*.py, issue 13) where tfcompat differs
from TF, each with the kind of difference (bad_calls.classify: "same class, other
message", "other class", "value where TF raises", ...), listed in known_bad_calls.json by
``tools/bad_input_agreement.py --pin``. They are pinned like the others, so the list only
shrinks: a call that starts to differ fails its test.
"""
import json
import pathlib

BAD_CALLS = json.loads(pathlib.Path(__file__).with_name("known_bad_calls.json").read_text(
    encoding="utf-8"))

KNOWN = {
    "control_flow_ops:while_loop_shape_invariants_in_function":
        "a loop variable whose shape changes across iterations cannot be an XLA loop carry: "
        "the traced tf.while_loop raises a ValueError naming it (shape_invariants accepted, "
        "but cannot relax shapes)",
    "control_flow:while_loop_gradient_without_maximum_iterations":
        "a traced tf.while_loop is an XLA loop: its reverse-mode gradient needs "
        "maximum_iterations, and raises TF's XLA InvalidArgumentError without it (the loop "
        "itself, and its gradient eagerly, match: "
        "while_loop_traced_bound_without_maximum_iterations)",
    "forwardprop:fwd_tangent_shape_mismatch":
        "TF meets a tangent whose shape is not its primal's only when it builds the op's JVP "
        "(by double backprop, in a graph): its shape-inference error names that graph's "
        "nodes and differs per op (for x * 2.0: AddN of gradient_tape/gradient_tape/Mul and "
        "Mul_2); tfcompat raises its own ValueError naming the op (Incompatible tangent for "
        "Mul: ...)",
    "ops_in_function:value_dependent_shapes":
        "XLA compiles static shapes: ops whose output shape depends on values computed inside "
        "a tf.function (unique, where(cond), boolean_mask, range, segment_sum, bincount, "
        "confusion_matrix) raise a TypeError naming the op, where TF gives unknown shapes "
        "(eagerly they match: value_dependent_shapes_eager)",
    "ops_in_function:traced_shape_arguments":
        "XLA compiles static shapes: a shape/axis/size argument computed inside a tf.function "
        "(reduce axis, reshape shape, tile multiples, one_hot depth, top_k k, slice bounds) "
        "raises a TypeError naming the op and argument (eagerly they match: "
        "traced_shape_arguments_eager)",
    "graph_gradients:tape_gather_variable_in_function":
        "inside a tf.function GradientTape gives a gathered Variable a dense gradient, not "
        "TF's IndexedSlices: Keras's optimizers (RMSprop, Adagrad, Adadelta, Adafactor) "
        "handle IndexedSlices with tf.where(cond) in a tf.cond, whose data-dependent shape "
        "XLA cannot trace (eagerly, and tf.gradients in a tf.function, give IndexedSlices; "
        "the values match)",
    "graph_gradients:tape_embedding_lookup_in_function":
        "a dense gradient inside a tf.function, as tape_gather_variable_in_function",
}
KNOWN.update({key: f"bad-input call: {kind}" for key, kind in BAD_CALLS.items()})
