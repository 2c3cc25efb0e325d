"""Golden snippets for tf.image's box ops: non_max_suppression (V3),
non_max_suppression_with_scores (V5, Soft-NMS), non_max_suppression_overlaps and
crop_and_resize (bilinear and nearest, every crop-size case, dtypes, gradients to image
and boxes, inside tf.function), with TF's tie-breaking and errors."""
from snippet_registry import Snippets
from snippets_linalg import prelude

SNIPPETS = Snippets()
_b = SNIPPETS.adder(prelude("""
rng = np.random.RandomState(1)
n = 120
c = rng.uniform(0, 1, (n, 2)); wh = rng.uniform(0.02, 0.3, (n, 2))
boxes = np.concatenate([c - wh, c + wh], 1).astype(np.float32)
boxes[::7] = boxes[::7][:, [2, 3, 0, 1]]
boxes[5] = [0.3, 0.3, 0.3, 0.6]
scores = np.round(rng.uniform(0, 1, n), 2).astype(np.float32)
img = tf.constant(rng.uniform(-1, 1, (2, 7, 9, 3)).astype(np.float32))
crop_boxes = tf.constant([[0.1, 0.2, 0.8, 0.9], [0.5, 0.5, 1., 1.], [-0.2, 0.3, 0.6, 1.3],
                          [0.9, 0.8, 0.1, 0.05], [0.3, 0.3, 0.3, 0.3], [0.33, 0.11, 0.77, 0.59]])
bi = tf.constant([0, 1, 1, 0, 1, 0])
def S(x):
    print(x.dtype, x.shape, x.numpy().tolist())
"""))


_b("nms", """
for thr in [0.0, 0.3, 0.5, 0.9, 1.0]:
    S(tf.image.non_max_suppression(boxes, scores, 30, thr))
S(tf.image.non_max_suppression(boxes, scores, 100, 0.4, score_threshold=0.5))
S(tf.image.non_max_suppression(boxes, scores, 0))
S(tf.image.non_max_suppression(boxes, np.ones(n, np.float32), 10, 0.2))
S(tf.image.non_max_suppression(tf.cast(boxes, tf.float16), tf.cast(scores, tf.float16), 20))
S(tf.image.non_max_suppression(np.zeros([0, 4], np.float32), np.zeros([0], np.float32), 5))
S(tf.image.non_max_suppression(boxes, scores, tf.constant(7), tf.constant(0.6)))
""")
_b("nms_with_scores", """
for sig in [0.0, 0.1, 0.5, 2.0]:
    for t in tf.image.non_max_suppression_with_scores(boxes, scores, 40, 0.5, 0.2, sig):
        S(t)
for t in tf.image.non_max_suppression_with_scores(boxes, scores, 200, 1.0, soft_nms_sigma=0.3):
    S(t)
""")
_b("nms_overlaps", """
ov = np.abs(np.sin(np.arange(n * n).reshape(n, n))).astype(np.float32)
S(tf.image.non_max_suppression_overlaps(ov, scores, 40, 0.8, 0.1))
S(tf.image.non_max_suppression_overlaps(ov, scores, 40))
S(tf.image.non_max_suppression_overlaps(ov * 0.1, scores, 10, 0.5, 0.95))
""")
_b("nms_in_function", """
@tf.function
def f():
    return (tf.image.non_max_suppression(boxes, scores, 10, 0.5),
            tf.image.non_max_suppression_with_scores(boxes, scores, 5, 0.5, 0.0, 0.5))
a, (b, c) = f()
S(a), S(b), S(c)
""")
_b("nms_errors", """
E(lambda: tf.image.non_max_suppression(boxes, scores, -1))
E(lambda: tf.image.non_max_suppression(boxes, scores, 5, 1.5))
E(lambda: tf.image.non_max_suppression(boxes[:, :3], scores, 5))
E(lambda: tf.image.non_max_suppression(boxes[None], scores, 5))
E(lambda: tf.image.non_max_suppression(boxes, scores[:5], 5))
E(lambda: tf.image.non_max_suppression(boxes, scores[None], 5))
E(lambda: tf.image.non_max_suppression(boxes, scores, [5]))
E(lambda: tf.image.non_max_suppression(boxes, scores, tf.constant([5])))
E(lambda: tf.image.non_max_suppression(boxes, scores, 5, [0.5]))
E(lambda: tf.image.non_max_suppression(boxes, scores, 5, 0.5, [0.5]))
E(lambda: tf.image.non_max_suppression_with_scores(boxes, scores, 5, soft_nms_sigma=-1.))
E(lambda: tf.image.non_max_suppression_with_scores(boxes, scores, [5]))
E(lambda: tf.image.non_max_suppression_with_scores(boxes, scores, 5, 1.5))
E(lambda: tf.image.non_max_suppression_with_scores(boxes, scores, 5, 0.5, 0.5, [0.5]))
ov = np.eye(n, dtype=np.float32)
E(lambda: tf.image.non_max_suppression_overlaps(ov[:3], scores, 5))
E(lambda: tf.image.non_max_suppression_overlaps(ov[0], scores, 5))
E(lambda: tf.image.non_max_suppression_overlaps(ov, scores, [5]))
E(lambda: tf.image.non_max_suppression_overlaps(ov, scores, 5, 0.5, [0.5]))
E(lambda: tf.image.non_max_suppression_overlaps(ov, scores, tf.constant(-5)))
""")
_b("crop_and_resize", """
for size in [[3, 4], [1, 5], [4, 1], [1, 1], [6, 6]]:
    for m in ['bilinear', 'nearest']:
        S(tf.image.crop_and_resize(img, crop_boxes, bi, size, method=m, extrapolation_value=-7.5))
S(tf.image.crop_and_resize(tf.cast(img * 100, tf.int32), crop_boxes, bi, [3, 3]))
S(tf.image.crop_and_resize(tf.cast(img * 100 + 100, tf.uint8), crop_boxes, bi, [2, 3], 'nearest'))
S(tf.image.crop_and_resize(tf.cast(img, tf.float64), crop_boxes, bi, [3, 3]))
S(tf.image.crop_and_resize(tf.cast(img, tf.float16), crop_boxes, bi, [3, 3]))
S(tf.image.crop_and_resize(img, tf.zeros([0, 4]), tf.zeros([0], tf.int32), [3, 3]))
@tf.function
def f(x, b):
    return tf.image.crop_and_resize(x, b, bi, [3, 2])
S(f(img, crop_boxes))
""")
_b("crop_and_resize_gradients", """
for size in [[3, 4], [1, 5], [4, 1], [5, 5]]:
    for m in ['bilinear', 'nearest']:
        for dt in [tf.float32, tf.float64]:
            x = tf.cast(img, dt)
            w = tf.reshape(tf.range(1., 1. + size[0] * size[1] * 3), size + [3])
            with tf.GradientTape() as t:
                t.watch([x, crop_boxes])
                y = tf.image.crop_and_resize(x, crop_boxes, bi, size, method=m) * w
            for g in t.gradient(y, [x, crop_boxes]):
                S(g)
with tf.GradientTape() as t:
    t.watch(crop_boxes)
    y = tf.image.crop_and_resize(tf.cast(img * 100, tf.int32), crop_boxes, bi, [2, 2])
S(t.gradient(y, crop_boxes))
@tf.function
def g(x, b):
    with tf.GradientTape() as t:
        t.watch([x, b])
        y = tf.reduce_sum(tf.image.crop_and_resize(x, b, bi, [3, 3]) ** 2)
    return t.gradient(y, [x, b])
for v in g(img, crop_boxes):
    S(v)
""")
_b("crop_and_resize_errors", """
E(lambda: tf.image.crop_and_resize(img[0], crop_boxes, bi, [2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes[:, :3], bi, [2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes, bi[:3], [2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes, bi + 1, [2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes, bi, [0, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes, bi, [2, 2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes * np.inf, bi, [2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes, bi, [2, 2], method='bicubic'))
E(lambda: tf.image.crop_and_resize(img, crop_boxes[0], bi, [2, 2]))
E(lambda: tf.image.crop_and_resize(img, crop_boxes, bi[None], [2, 2]))
""")
_b("draw_bounding_boxes", """
im = tf.reshape(tf.range(2 * 6 * 7 * 3, dtype=tf.float32) / 300., [2, 6, 7, 3])
bx = tf.constant([[[0.1, 0.2, 0.8, 0.9], [0.5, 0.5, 1., 1.], [-0.2, 0.3, 0.6, 1.3]],
                  [[0.9, 0.8, 0.1, 0.05], [0.3, 0.3, 0.3, 0.3], [1.5, 0., 2., 1.]]])
S(tf.image.draw_bounding_boxes(im, bx, None))
S(tf.image.draw_bounding_boxes(im, bx, [[1., 0, 0], [0, 0.5, 1]]))
S(tf.image.draw_bounding_boxes(im[..., :1], bx, None))
S(tf.image.draw_bounding_boxes(tf.concat([im, im[..., :1]], -1), bx, tf.zeros([0, 4])))
S(tf.image.draw_bounding_boxes(tf.cast(im, tf.float16), bx, [[0.3, 0.7, 0.1, 1.]]))
S(tf.image.draw_bounding_boxes(im, tf.constant([[[np.nan, 0, 1, 1]], [[0, 0, np.inf, 1]]]), None))
@tf.function
def f(a, b):
    return tf.image.draw_bounding_boxes(a, b, tf.constant([[0., 1., 0.]]))
S(f(im, bx))
x = tf.constant(im)
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.image.draw_bounding_boxes(x, bx, None)
print(t.gradient(y, x))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.image.draw_bounding_boxes(x, bx, [[1., 0, 0]])
E(lambda: t.gradient(y, x))
E(lambda: tf.image.draw_bounding_boxes(im[0], bx, None))
E(lambda: tf.image.draw_bounding_boxes(im, bx[0], None))
E(lambda: tf.image.draw_bounding_boxes(im[:1], bx, None))
E(lambda: tf.image.draw_bounding_boxes(im[..., :2], bx, None))
E(lambda: tf.image.draw_bounding_boxes(im, bx[..., :3], None))
E(lambda: tf.image.draw_bounding_boxes(im, bx, [1., 0, 0]))
E(lambda: tf.image.draw_bounding_boxes(im, bx, [[1., 0]]))
E(lambda: tf.image.draw_bounding_boxes(im, bx, tf.constant([[1., 0]])))
E(lambda: tf.image.draw_bounding_boxes(tf.cast(im, tf.uint8), bx, None))
E(lambda: tf.image.draw_bounding_boxes(tf.cast(im, tf.float64), bx, [[1., 0, 0]]))
""")
_b("combined_nms", """
rng = np.random.RandomState(2)
B, N, C = 3, 60, 5
c = rng.uniform(0, 1, (B, N, 1, 2)); wh = rng.uniform(0.02, 0.3, (B, N, 1, 2))
bx = np.concatenate([c - wh, c + wh], -1).astype(np.float32)
bxq = np.concatenate([bx + rng.uniform(-0.05, 0.05, (B, N, 1, 4)).astype(np.float32)
                      for _ in range(C)], 2)
for dec in [1, 6]:
    sc = np.round(rng.uniform(0, 1, (B, N, C)), dec).astype(np.float32)
    for args in [dict(), dict(pad_per_class=True), dict(clip_boxes=False),
                 dict(score_threshold=0.3, iou_threshold=0.3)]:
        for out in tf.image.combined_non_max_suppression(bx, sc, 7, 20, **args):
            S(out)
        for out in tf.image.combined_non_max_suppression(bxq, sc, 30, 100, **args):
            S(out)
    for out in tf.image.combined_non_max_suppression(bx, sc, 3, 8, pad_per_class=True):
        S(out)
for out in tf.image.combined_non_max_suppression(bxq, np.ones((B, N, C), np.float32), 50, 300,
                                                 iou_threshold=1.0):
    S(out)
@tf.function
def f(b, s):
    return tf.image.combined_non_max_suppression(b, s, 4, 10, pad_per_class=True)
for i in range(2):
    for out in f(bx, sc * (0.5 + i)):
        S(out)
""")
_b("combined_nms_errors", """
bx = np.zeros([3, 6, 1, 4], np.float32)
sc = np.zeros([3, 6, 5], np.float32)
cnms = tf.image.combined_non_max_suppression
E(lambda: cnms(bx[0], sc, 4, 10))
E(lambda: cnms(bx, sc[..., None], 4, 10))
E(lambda: cnms(bx[:, :, 0], sc, 4, 10))
E(lambda: cnms(np.zeros([3, 6, 2, 4], np.float32), sc, 4, 10))
E(lambda: cnms(bx[..., :3], sc, 4, 10))
E(lambda: cnms(bx, sc[:, :5], 4, 10))
E(lambda: cnms(bx, sc[:2], 4, 10))
E(lambda: cnms(bx[None], sc[None], 4, 10))
E(lambda: cnms(bx, sc, 0, 10))
E(lambda: cnms(bx, sc, 4, 0))
E(lambda: cnms(bx, sc, 4, 10, 1.5))
E(lambda: cnms(bx, sc, [4], 10))
E(lambda: cnms(bx, sc, tf.constant([4]), 10))
E(lambda: cnms(bx, sc, 4, 2 ** 40))
""")
_b("nms_padded", """
tb = tf.constant(boxes)
for thr in [0.0, 0.5, 1.0]:
    for t in tf.image.non_max_suppression_padded(tb, scores, 30, thr):
        S(t)
    for t in tf.image.non_max_suppression_padded(tb, scores, 30, thr,
                                                 pad_to_max_output_size=True, tile_size=16):
        S(t)
for t in tf.image.non_max_suppression_padded(tb, scores, 100, 0.4, score_threshold=0.5):
    S(t)
for t in tf.image.non_max_suppression_padded(tf.gather(tb, [2, 3, 0, 1], axis=1), scores, 20,
                                             0.4, score_threshold=0.3):
    S(t)
bb = tf.stack([tb, tb[::-1], tb * 0.5])
ss = np.stack([scores, scores[::-1], np.round(scores * 3) / 3])
for t in tf.image.non_max_suppression_padded(bb, ss, 25, 0.5, pad_to_max_output_size=True):
    S(t)
for t in tf.image.non_max_suppression_padded(bb[None], ss[None], 7, 0.5,
                                             pad_to_max_output_size=True, tile_size=8):
    S(t)
for t in tf.image.non_max_suppression_padded(bb, ss, 25, 0.5, pad_to_max_output_size=True,
                                             sorted_input=True,
                                             canonicalized_coordinates=True):
    S(t)
@tf.function
def f(b, s):
    return tf.image.non_max_suppression_padded(b, s, 10, 0.5, pad_to_max_output_size=True)
for t in f(bb, ss):
    S(t)
E(lambda: tf.image.non_max_suppression_padded(bb, ss, 10))
E(lambda: tf.image.non_max_suppression_padded(boxes, scores, 10))
""")
_b("crop_and_resize_forward_mode", """
def fw(x, t, f):
    with tf.autodiff.ForwardAccumulator(x, t) as acc:
        y = f(x)
    return acc.jvp(y)
E(lambda: fw(img, tf.ones_like(img), lambda v: tf.image.crop_and_resize(v, crop_boxes, bi, [3, 4])))
E(lambda: fw(crop_boxes, tf.ones_like(crop_boxes),
             lambda v: tf.image.crop_and_resize(img, v, bi, [3, 4])))
""")


_b("combined_nms_returns_tfs_namedtuple", """
# TF's CombinedNonMaxSuppression namedtuple, eagerly and from a tf.function.
boxes = tf.reshape(tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 10, 1, 11]], tf.float32),
                   [1, 3, 1, 4])
scores = tf.constant([[[0.9], [0.75], [0.95]]])
r = tf.image.combined_non_max_suppression(boxes, scores, 3, 3)
print(type(r).__name__, r._fields)
print(r.nmsed_boxes.numpy().tolist(), r.nmsed_scores.numpy().tolist(),
      r.nmsed_classes.numpy().tolist(), r.valid_detections.numpy().tolist())
@tf.function
def f(b, s):
    return tf.image.combined_non_max_suppression(b, s, 2, 2)
r = f(boxes, scores)
print(type(r).__name__, r.valid_detections.numpy().tolist(), r.nmsed_scores.numpy().tolist())
""")
