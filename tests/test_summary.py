"""tf.summary and tf.profiler: event files written by tfcompat, decoded here (TFRecord
framing with its CRCs, protobuf wire format) and compared with what TF 2.21 (with
TensorBoard 2.21) writes for the same calls: tags, steps, plugins, dtypes, shapes,
values, histogram buckets, image pixels. Wall times are not compared.

TF_EVENTS was recorded once from TF's file (tools/check_summary_with_tf.py prints it;
that script also checked that TF's summary_iterator reads tfcompat's files and finds
the same contents). Nothing here imports TensorFlow.
"""
import glob
import os
import struct
import zlib

import numpy as np
import pytest

import tfcompat as tf
from tfcompat.summary import _event_file, _trace

# ---------------------------------------------------------------------------
# A decoder for the tests: TFRecords and the few messages written.


def _records(path):
    data = open(path, "rb").read()
    pos = 0
    while pos < len(data):
        header = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", header)
        (crc,) = struct.unpack("<I", data[pos + 8:pos + 12])
        assert crc == _event_file.masked_crc32c(header)
        body = data[pos + 12:pos + 12 + length]
        (crc,) = struct.unpack("<I", data[pos + 12 + length:pos + 16 + length])
        assert crc == _event_file.masked_crc32c(body)
        yield body
        pos += 16 + length


def _fields(buf):
    """{field number: [values]}: ints for varints, bytes for length-delimited, floats
    for fixed64 (doubles)."""
    out = {}
    pos = 0
    while pos < len(buf):
        key, pos = _read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _read_varint(buf, pos)
        elif wire == 1:
            (value,) = struct.unpack("<d", buf[pos:pos + 8])
            pos += 8
        elif wire == 2:
            n, pos = _read_varint(buf, pos)
            value, pos = buf[pos:pos + n], pos + n
        else:
            raise AssertionError(f"wire type {wire}")
        out.setdefault(number, []).append(value)
    return out


def _read_varint(buf, pos):
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, pos


def _one(fields, number, default=b""):
    return fields.get(number, [default])[0]


_NP = {1: np.float32, 2: np.float64, 3: np.int32, 9: np.int64, 10: np.bool_}


def _tensor(buf):
    f = _fields(buf)
    dtype = _one(f, 1, 0)
    shape = tuple(_one(_fields(d), 1, 0) for d in _fields(_one(f, 2)).get(2, []))
    if dtype == 7:
        return "string", shape, list(f.get(8, []))
    array = np.frombuffer(_one(f, 4), _NP[dtype]).reshape(shape)
    return np.dtype(_NP[dtype]).name, shape, array.tolist()


def _decode_png(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            width, height, _, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    channels = {0: 1, 4: 2, 2: 3, 6: 4}[color]
    rows = np.frombuffer(zlib.decompress(idat), np.uint8).reshape(height, 1 + width * channels)
    assert not rows[:, 0].any()   # unfiltered
    return rows[:, 1:].reshape(height, width, channels).tolist()


def decode(logdir):
    """The events of the one event file in `logdir`, as the tuples TF_EVENTS holds."""
    paths = glob.glob(os.path.join(logdir, "events.out.tfevents.*"))
    assert len(paths) == 1, paths
    rows = []
    for record in _records(paths[0]):
        e = _fields(record)
        if 3 in e:
            rows.append(("file_version", e[3][0].decode()))
        for summary in e.get(5, []):
            for value in _fields(summary).get(1, []):
                v = _fields(value)
                meta = _fields(_one(v, 9))
                plugin = _fields(_one(meta, 1))
                dtype, shape, values = _tensor(_one(v, 8))
                name = _one(plugin, 1).decode()
                if name == "images":
                    values = (values[:2], [_decode_png(s) for s in values[2:]])
                elif dtype == "string":
                    values = [len(s) for s in values]
                elif shape == ():
                    values = values
                rows.append((_one(e, 2, 0), _one(v, 1).decode(), name, _one(plugin, 2),
                             _one(meta, 3).decode(), dtype, shape, values))
    return rows


# ---------------------------------------------------------------------------
# What TF 2.21 (TensorBoard 2.21) wrote for the calls of `_write_reference`.

_H30 = [[1.0, 1.3, 1.0], [1.3, 1.6, 0.0], [1.6, 1.9, 0.0], [1.9, 2.2, 1.0], [2.2, 2.5, 0.0],
        [2.5, 2.8, 0.0], [2.8, 3.1, 1.0], [3.1, 3.4, 0.0], [3.4, 3.6999999999999997, 0.0],
        [3.6999999999999997, 4.0, 0.0], [4.0, 4.3, 1.0], [4.3, 4.6, 0.0], [4.6, 4.9, 0.0],
        [4.9, 5.2, 0.0], [5.2, 5.5, 0.0], [5.5, 5.8, 0.0], [5.8, 6.1, 0.0],
        [6.1, 6.3999999999999995, 0.0], [6.3999999999999995, 6.7, 0.0], [6.7, 7.0, 0.0],
        [7.0, 7.3, 0.0], [7.3, 7.6, 0.0], [7.6, 7.8999999999999995, 0.0],
        [7.8999999999999995, 8.2, 0.0], [8.2, 8.5, 0.0], [8.5, 8.8, 0.0], [8.8, 9.1, 0.0],
        [9.1, 9.4, 0.0], [9.4, 9.7, 0.0], [9.7, 10.0, 1.0]]
TF_EVENTS = [
    ("file_version", "brain.Event:2"),
    (1, "loss", "scalars", b"", "", "float32", (), 0.5),
    (2, "outer/acc", "scalars", b"", "accuracy", "float32", (), 3.0),
    (3, "h", "histograms", b"", "", "float64", (30, 3), _H30),
    (3, "h5", "histograms", b"", "", "float64", (5, 3),
     [[1.0, 2.8, 2.0], [2.8, 4.6, 2.0], [4.6, 6.4, 0.0], [6.4, 8.2, 0.0], [8.2, 10.0, 1.0]]),
    (4, "const", "histograms", b"", "", "float64", (3, 3),
     [[2.0, 2.0, 0.0], [2.0, 2.0, 0.0], [2.0, 2.0, 3.0]]),
    (5, "empty", "histograms", b"", "", "float64", (3, 3), [[0.0] * 3] * 3),
    (6, "img", "images", b"", "", "string", (3,),
     ([b"2", b"2"], [[[[0, 21, 42], [63, 85, 106]], [[127, 149, 170], [191, 212, 234]]]])),
    (7, "in_fn", "scalars", b"", "", "float32", (), 2.0),
    (8, "in_fn", "scalars", b"", "", "float32", (), 4.0),
]


def _write_reference(logdir):
    w = tf.summary.create_file_writer(logdir)
    with w.as_default():
        tf.summary.scalar("loss", 0.5, step=1)
        with tf.name_scope("outer"):
            tf.summary.scalar("acc", 3, step=2, description="accuracy")
        tf.summary.histogram("h", [1., 2., 3., 4., 10.], step=3)
        tf.summary.histogram("h5", [1., 2., 3., 4., 10.], step=3, buckets=5)
        tf.summary.histogram("const", [2., 2., 2.], step=4, buckets=3)
        tf.summary.histogram("empty", tf.zeros([0]), step=5, buckets=3)
        tf.summary.image("img", tf.reshape(tf.range(12, dtype=tf.float32) / 12., [1, 2, 2, 3]),
                         step=6)

        @tf.function
        def f(x, s):
            tf.summary.scalar("in_fn", x * 2, step=s)
            return x + 1
        f(tf.constant(1.0), tf.constant(7, tf.int64))
        f(tf.constant(2.0), tf.constant(8, tf.int64))
    w.close()


def test_same_events_as_tf(tmp_path):
    _write_reference(str(tmp_path))
    assert decode(str(tmp_path)) == TF_EVENTS


def test_event_file_name(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path / "logs"))
    (path,) = glob.glob(str(tmp_path / "logs" / "*"))
    parts = os.path.basename(path).split(".")
    assert parts[:3] == ["events", "out", "tfevents"] and parts[-1] == "v2"
    assert parts[3].isdigit() and len(parts[3]) == 10 and parts[-3] == str(os.getpid())
    w.close()


def test_crc32c_known_values():
    assert _event_file.crc32c(b"123456789") == 0xE3069283   # the standard check value
    assert _event_file.crc32c(b"") == 0


def test_function_writes_on_every_call_constant_arguments(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))

    @tf.function
    def f():
        return tf.summary.scalar("c", 1.5, step=3)
    with w.as_default():
        results = [f().numpy() for _ in range(3)]
    w.close()
    assert results == [True] * 3
    assert [r[:2] for r in decode(str(tmp_path))[1:]] == [(3, "c")] * 3


def test_function_with_variable_step_and_traced_record_if(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    step = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def train(x):
        step.assign_add(1)
        with tf.summary.record_if(step % 2 == 0):
            return tf.summary.histogram("x", x, step=step, buckets=2)
    with w.as_default():
        recorded = [bool(train(tf.constant([float(i), 0.0]))) for i in range(4)]
    w.close()
    assert recorded == [False, True, False, True]
    rows = decode(str(tmp_path))[1:]
    assert [(r[0], r[1], r[7]) for r in rows] == [
        (2, "x", [[0.0, 0.5, 1.0], [0.5, 1.0, 1.0]]),
        (4, "x", [[0.0, 1.5, 1.0], [1.5, 3.0, 1.0]])]


def test_audio_wav_as_tf(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))
    with w.as_default():
        tf.summary.audio("a", tf.constant([[[0.5], [-1.0], [2.0]], [[0.1], [0.2], [0.3]]]),
                         8000, step=1, max_outputs=1)
    w.close()
    row = decode(str(tmp_path))[1]
    assert row[:7] == (1, "a", "audio", b"\x10\x0b", "", "string", (1, 2))
    # TF's bytes (tf.audio.encode_wav) for the first clip, and its empty label.
    assert record_strings(str(tmp_path)) == [
        b"RIFF*\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00@\x1f\x00\x00\x80>"
        b"\x00\x00\x02\x00\x10\x00data\x06\x00\x00\x00\x00@\x00\x80\xff\x7f", b""]


def test_trace_export_writes_function_graph(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path))

    @tf.function
    def my_func(x):
        return tf.nn.relu(x * 2.0)
    concrete = my_func.get_concrete_function(tf.constant([1.0]))
    tf.summary.trace_on(graph=True)
    _trace.function_traced("my_func", jax_closed_jaxpr(concrete))
    with w.as_default():
        assert tf.summary.trace_export("my_func_trace", step=0) is None
    w.close()
    (row,) = decode(str(tmp_path))[1:]
    assert row[:7] == (0, "my_func_trace", "graph_run_metadata_graph", b"1", "", "string", ())
    data = _fields(record_strings(str(tmp_path))[0])
    (graph,) = [_fields(_one(_fields(fg), 2)) for fg in data[4]]
    nodes = [_fields(n) for n in graph[1]]
    ops = [(_one(n, 1).decode(), _one(n, 2).decode()) for n in nodes]
    assert ops[0] == ("my_func/arg0", "_Arg") and ops[-1][1] == "_Retval"
    assert all(name.startswith("my_func/") for name, _ in ops)


def jax_closed_jaxpr(concrete):
    import jax
    return jax.make_jaxpr(concrete._fn)(*concrete._const_values, jax.numpy.ones([1]))


def record_strings(logdir):
    (path,) = glob.glob(os.path.join(logdir, "*"))
    out = []
    for record in _records(path):
        for summary in _fields(record).get(5, []):
            for value in _fields(summary)[1]:
                out.extend(_fields(_one(_fields(value), 8)).get(8, []))
    return out


def test_flush_waits_for_function_writes(tmp_path):
    w = tf.summary.create_file_writer(str(tmp_path), max_queue=1000)

    @tf.function
    def f(x):
        tf.summary.scalar("x", x, step=1)
    with w.as_default():
        for i in range(5):
            f(tf.constant(float(i)))
        tf.summary.flush()
        assert [r[7] for r in decode(str(tmp_path))[1:]] == [0.0, 1.0, 2.0, 3.0, 4.0]
    w.close()


def test_profiler(tmp_path):
    with pytest.raises(tf.errors.UnavailableError):
        tf.profiler.experimental.stop()
    tf.profiler.experimental.start(str(tmp_path))
    with pytest.raises(tf.errors.AlreadyExistsError):
        tf.profiler.experimental.start(str(tmp_path))
    with tf.profiler.experimental.Trace("train", step_num=1) as t:
        t.set_metadata(extra=2)
        tf.reduce_sum(tf.ones([4]))
    tf.profiler.experimental.stop()
    assert glob.glob(str(tmp_path / "plugins" / "profile" / "*" / "*.xplane.pb"))
    with tf.profiler.experimental.Profile(str(tmp_path / "p2")):
        tf.ones([2]) * 2
    assert glob.glob(str(tmp_path / "p2" / "plugins" / "profile" / "*" / "*.xplane.pb"))
    tf.profiler.experimental.start(str(tmp_path / "p3"))
    tf.profiler.experimental.stop(save=False)
    assert not os.path.exists(tmp_path / "p3")
