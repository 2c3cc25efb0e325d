"""The XLA:CPU flags tfcompat adds to ``XLA_FLAGS`` when it is imported (XLA reads them
once, at the process's first compile; a program that compiled with JAX before importing
tfcompat keeps XLA's defaults).

- ``--xla_cpu_experimental_ynn_fusion_type=individual_dot,reduce``: XLA's default
  (``individual_dot,individual_convolution,reduce``) without YNNPACK's convolutions, so
  convolutions run as XLA's own Eigen kernels (TF's CPU kernels are oneDNN's). On a 2-core
  AVX2 machine YNNPACK's took 1.3-4.5x Eigen's time for the filter gradients of 3x3, 5x5
  and 1x1 convolutions (the bulk of a CNN's training step) and 1.4x for a 3x3 forward one
  of 32 to 64 channels; the bench_conv training steps took 19-31% less CPU time. YNNPACK
  was faster only for the forward convolution of one input channel (3.5x), an input
  gradient into 3 channels (3.9x) and depthwise forward and input-gradient convolutions
  (2.3x; their filter gradient 2.1x slower). (YNNPACK takes only 2-D convolutions with
  more than 16 input or output channels and no base dilation; the others were Eigen's
  already.)

A flag already in ``XLA_FLAGS`` is left as the user set it.
"""
import os

_FLAGS = {"xla_cpu_experimental_ynn_fusion_type": "individual_dot,reduce"}


def configure():
    """Adds each flag the user's ``XLA_FLAGS`` does not set."""
    current = os.environ.get("XLA_FLAGS", "")
    added = [f"--{name}={value}" for name, value in _FLAGS.items()
             if f"--{name}=" not in current]
    if added:
        os.environ["XLA_FLAGS"] = " ".join(filter(None, [current.strip()] + added))
