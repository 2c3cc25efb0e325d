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
    "retracing:static_shapes_of_a_signature_traced_per_shape":
        "a function of unknown dimensions that XLA cannot trace shape-polymorphically (a "
        "size read as a value: tf.range(tf.shape(x)[0])) is traced per concrete shape, and "
        "its arguments and ops show the concrete shapes ((2, 3)) where TF's one trace shows "
        "the signature's ((None, 3)): tfcompat's op code still takes static sizes from "
        "arguments traced so (tf.experimental.numpy under [None, None] fails with None)",
    "kinks:signed_zero_scalar_cache_and_reductions":
        "TF's eager scalar cache (TFE_TensorHandleCache) keys Python numbers by value, so a "
        "-0.0 converted after 0.0 is that +0.0 (history-dependent); tfcompat converts each "
        "value exactly. reduce_max/reduce_min over +0.0 and -0.0 give the sign XLA's "
        "reduction picks, not the one Eigen's reduction order gives",
    "value_shapes:python_after_the_op_and_side_effects":
        "a tf.function whose calls run eagerly (an op's output shape depends on computed "
        "values) runs its Python on each call: the first call prints what TF's trace prints, "
        "but with the shapes computed (after (1,) where TF's trace has (None,)), and side "
        "effects such as a list append happen per call (TF: once)",
    "forwardprop:fwd_tangent_shape_mismatch":
        "TF meets a tangent whose shape is not its primal's only when it builds the op's JVP "
        "(by double backprop, in a graph): its shape-inference error names that graph's "
        "nodes and differs per op (for x * 2.0: AddN of gradient_tape/gradient_tape/Mul and "
        "Mul_2); tfcompat raises its own ValueError naming the op (Incompatible tangent for "
        "Mul: ...)",
    "function:jit_compile_numerics":
        "under jit_compile=True TF computes with XLA: tfcompat's forward adds and "
        "subtracts fuse with products into FMAs as TF's XLA fuses them (913 elements), but "
        "its gradients keep TF's CPU kernels' rounding (TF's XLA fuses 1,346 of these "
        "elements) and so do its exp, log and the other functions it computes as Eigen "
        "does (XLA's exp differs in the last bit of some values), and its sums keep Eigen's "
        "order",
    "function:leaked_constant_used_eagerly":
        "a tensor of known value made inside a tf.function (tf.constant(3.0)) and leaked "
        "out of it stays the eager tensor tfcompat computed it as: it prints its value, "
        ".numpy() gives it and ops take it. TF's is a graph tensor (Const:0) whose .numpy() "
        "raises AttributeError and whose use raises the out-of-scope TypeError. (A leaked "
        "tensor computed from the arguments behaves as TF's: golden "
        "function:leaked_tensor_used_eagerly.)",
    "graph_errors:check_in_nested_while_loop_body":
        "a function defined inside an AutoGraph-converted one (here a tf.while_loop body) "
        "is named after the converted function in the frames of a node's definition (in w, "
        "not TF's in body: framework/tf_stack.py registers nested code under the outer name)",
    "graph_errors:nested_lambda_functions":
        "a node in a tf.function called by another is named alone ([[{{node GatherV2}}]]): "
        "TF's message also names the inner function ({{function_node __inference_inner_N}}"
        "{{node GatherV2}}) where it cannot parse a function's name (a lambda's), and then "
        "has no stack traces for the node of an inner lambda",
    "body_checks:loop_stops_at_failure_later_effects":
        "a tf.function's run-time checks are outputs of its program, checked after it runs "
        "(a loop stops at the iteration where a check in its body fails): a tf.print after "
        "the failing check in that iteration (or after a failing top-level check) still "
        "prints, and a Variable the failed loop assigned is still assigned after the loop, "
        "where TF's Assert stops the ops ordered after it (the prints after it, the "
        "Variable's later updates; others, w here, run in both)",
    "nn_more:ctc_unique_labels":
        "TF's ctc_unique_labels maps tf.unique with map_fn's deprecated dtype argument, so "
        "its first call logs TF's deprecation warning naming a line of TF's own ctc_ops.py "
        "(a path in TF's installation); tfcompat computes the labels in one kernel of static "
        "shape and logs nothing (the values match)",
    "data_experimental:rejection_resample":
        "TF's rejection_resample traces a function calling the deprecated v1 tf.Print (its "
        "'Proportion of examples rejected by sampler is high' line on stderr), so TF logs "
        "the deprecation naming a line of its own dataset_ops.py (a path in TF's "
        "installation); tfcompat writes no such stderr line and logs nothing (the resampled "
        "elements match)",
    # -- tf.linalg.eigh_tridiagonal (task B, linalg_more) --
    "linalg_more:eigh_tridiagonal_cluster":
        "the eigenvectors of a cluster of equal eigenvalues are orthogonalized by a QR "
        "decomposition: tfcompat's (LAPACK's Householder QR) gives -0.0 where TF's Eigen "
        "HouseholderQR gives +0.0 in the identity's zero entries (the values match)",
    # -- tf.exp on complex values (task M, exp_bits) --
    "exp_bits:exp_complex":
        "TF's complex Exp kernel evaluates Eigen's vectorised pexp_complex (pexp_float and "
        "psincos_float, exp(x) * cis(y)); tfcompat's is XLA's complex exp, so the real and "
        "imaginary parts (and the gradient grad * conj(y) through them) can differ in the "
        "last bit (the gradient's signed zeros match: exp_complex_gradient_signed_zeros)",
    # -- tf.linalg.LinearOperatorToeplitz (task N, linear_operator_more) --
    "linear_operator_more:toeplitz_gradients":
        "TF's gradient of a real-to-complex tf.cast is a complex-to-real tf.cast (_CastGrad), "
        "which logs its 'discard the imaginary part' warning once more per backward pass; "
        "tfcompat's cast gradient (JAX's) logs nothing (the gradients match)",
}
KNOWN.update({key: f"bad-input call: {kind}" for key, kind in BAD_CALLS.items()})
