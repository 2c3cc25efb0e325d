"""tensorflow.python.platform.benchmark: tf.test.Benchmark (TF's TensorFlowBenchmark),
its registry, and the --benchmark_filter runner of tf.test.main.

report_benchmark logs and prints TF's BenchmarkEntries text, or writes the serialized
message to $TEST_REPORT_FILE_PREFIX<name>, as TF. Deliberate differences: `extras` are
written in key order (TF's order is its protobuf map's hash order), and run_op_benchmark
(it times a v1 Session) is not supported."""
import inspect
import math
import numbers
import os
import re
import struct
import sys

from ...framework import tf_logging
from ...ops.proto_wire import bytes_field, varint, varint_field

__all__ = ["Benchmark", "TensorFlowBenchmark", "benchmarks_main"]

GLOBAL_BENCHMARK_REGISTRY = set()
TEST_REPORTER_TEST_ENV = "TEST_REPORT_FILE_PREFIX"
OVERRIDE_GLOBAL_THREADPOOL = "TF_OVERRIDE_GLOBAL_THREADPOOL"


def _text_double(v):
    """A double as protobuf's text format writes it (shortest round trip, no '.0')."""
    v = float(v)
    if math.isnan(v) or math.isinf(v):
        return repr(v)
    r = repr(v)
    return r[:-2] if r.endswith(".0") else r


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "'": "\\'", "\\": "\\\\"}


def _text_string(s):
    """A string as protobuf's text format quotes it (C escapes, other control characters
    in octal, UTF-8 as is)."""
    return '"' + "".join(_ESCAPES.get(c) or ("\\%03o" % ord(c) if ord(c) < 32 or c == "\x7f" else c)
                         for c in s) + '"'


def _present(v):
    """Whether a proto3 double or int64 field is written: its bits are not all zero."""
    v = float(v)
    return v != 0 or math.copysign(1.0, v) < 0


def _double(number, v):
    return varint(number << 3 | 1) + struct.pack("<d", float(v))


def _entry(name, iters, cpu_time, wall_time, throughput, extras, metrics):
    """The BenchmarkEntry fields: ([text lines], serialized bytes)."""
    text = [f"name: {_text_string(name)}"]
    wire = bytes_field(1, name)
    if iters:
        text.append(f"iters: {int(iters)}")
        wire += varint_field(2, iters)
    for number, field, value in ((3, "cpu_time", cpu_time), (4, "wall_time", wall_time),
                                 (5, "throughput", throughput)):
        if value is not None and _present(value):
            text.append(f"{field}: {_text_double(value)}")
            wire += _double(number, value)
    for k in sorted(extras or {}):
        v = extras[k]
        if isinstance(v, numbers.Number):
            value_text, value_wire = f"double_value: {_text_double(v)}", _double(1, v)
        else:
            value_text = f"string_value: {_text_string(str(v))}"
            value_wire = bytes_field(2, str(v), always=True)
        text += ["extras {", f"  key: {_text_string(k)}", "  value {", f"    {value_text}",
                 "  }", "}"]
        wire += bytes_field(6, bytes_field(1, k) + bytes_field(2, value_wire, always=True),
                            always=True)
    for metric in metrics or []:
        body_text = [f"name: {_text_string(metric['name'])}"]
        body = bytes_field(1, metric["name"])
        if _present(metric["value"]):
            body_text.append(f"value: {_text_double(metric['value'])}")
            body += _double(2, metric["value"])
        for number, key in ((3, "min_value"), (4, "max_value")):
            if key in metric:   # (a google.protobuf.DoubleValue)
                present = _present(metric[key])
                body_text += [f"{key} {{", *([f"  value: {_text_double(metric[key])}"] if present
                                             else []), "}"]
                body += bytes_field(number, _double(1, metric[key]) if present else b"",
                                    always=True)
        text += ["metrics {", *["  " + line for line in body_text], "}"]
        wire += bytes_field(7, body, always=True)
    return text, wire


def _global_report_benchmark(name, iters=None, cpu_time=None, wall_time=None,
                             throughput=None, extras=None, metrics=None):
    tf_logging.get_logger().info(
        "Benchmark [%s] iters: %d, wall_time: %g, cpu_time: %g,"
        "throughput: %g, extras: %s, metrics: %s", name,
        iters if iters is not None else -1, wall_time if wall_time is not None else -1,
        cpu_time if cpu_time is not None else -1, throughput if throughput is not None else -1,
        str(extras) if extras else "None", str(metrics) if metrics else "None")
    if extras is not None and not isinstance(extras, dict):
        raise TypeError("extras must be a dict")
    if metrics is not None:
        if not isinstance(metrics, list):
            raise TypeError("metrics must be a list")
        for metric in metrics:
            if "name" not in metric:
                raise TypeError("metric must has a 'name' field")
            if "value" not in metric:
                raise TypeError("metric must has a 'value' field")
    text, wire = _entry(name, iters, cpu_time, wall_time, throughput, extras, metrics)
    test_env = os.environ.get(TEST_REPORTER_TEST_ENV, None)
    if test_env is None:
        print("\n".join(["entry {", *["  " + line for line in text], "}", ""]))
        return
    output_path = "%s%s" % (test_env, name.replace("/", "__"))
    if os.path.exists(output_path):
        raise OSError("File already exists: %s" % output_path)
    with open(output_path, "wb") as out:
        out.write(bytes_field(1, wire, always=True))   # BenchmarkEntries.entry


class _BenchmarkRegistrar(type):
    """Registers every concrete Benchmark class (GLOBAL_BENCHMARK_REGISTRY)."""

    def __new__(mcs, clsname, base, attrs):
        newclass = type.__new__(mcs, clsname, base, attrs)
        if not newclass.is_abstract():
            GLOBAL_BENCHMARK_REGISTRY.add(newclass)
        return newclass


class Benchmark(metaclass=_BenchmarkRegistrar):
    """TF's abstract Benchmark: subclasses are registered; their methods whose names
    start with "benchmark" are what --benchmark_filter runs."""

    @classmethod
    def is_abstract(cls):
        return len(cls.mro()) <= 2

    def _get_name(self, overwrite_name=None):
        """Class.method of the outermost Benchmark method on the stack."""
        calling_class = name = None
        for frame in inspect.stack()[::-1]:
            f_self = frame[0].f_locals.get("self", None)
            if isinstance(f_self, Benchmark):
                calling_class, name = f_self, frame[3]
                break
        if calling_class is None:
            raise ValueError("Unable to determine calling Benchmark class.")
        return "%s.%s" % (type(calling_class).__name__, overwrite_name or name)

    def report_benchmark(self, iters=None, cpu_time=None, wall_time=None, throughput=None,
                         extras=None, name=None, metrics=None):
        """Report a benchmark entry (named Class.method unless `name` is given)."""
        _global_report_benchmark(name=self._get_name(overwrite_name=name), iters=iters,
                                 cpu_time=cpu_time, wall_time=wall_time,
                                 throughput=throughput, extras=extras, metrics=metrics)


class TensorFlowBenchmark(Benchmark):
    """tf.test.Benchmark."""

    def __init__(self):
        os.environ[OVERRIDE_GLOBAL_THREADPOOL] = "1"
        super().__init__()

    @classmethod
    def is_abstract(cls):
        return len(cls.mro()) <= 3

    def run_op_benchmark(self, sess, op_or_tensor, feed_dict=None, burn_iters=2, min_iters=10,
                         store_trace=False, store_memory_usage=True, name=None, extras=None,
                         mbs=0):
        raise NotImplementedError("tf.test.Benchmark.run_op_benchmark is not supported by "
                                  "tfcompat (it times a v1 Session); time the eager calls "
                                  "and call report_benchmark")


def _run_benchmarks(regex):
    """Run the registered benchmark methods whose module.Class.method matches `regex`."""
    selected = []
    for benchmark in list(GLOBAL_BENCHMARK_REGISTRY):
        benchmark_name = "%s.%s" % (benchmark.__module__, benchmark.__name__)
        instance = None
        for attr in dir(benchmark):
            if not attr.startswith("benchmark") or not callable(getattr(benchmark, attr)):
                continue
            full_name = "%s.%s" % (benchmark_name, attr)
            if regex == "all" or re.search(regex, full_name):
                selected.append(full_name)
                instance = instance or benchmark()
                getattr(instance, attr)()
    if not selected:
        raise ValueError("No benchmarks matched the pattern: '{}'".format(regex))


def benchmarks_main(true_main, argv=None):
    """Run the benchmarks --benchmark_filter=REGEX selects, else `true_main()`."""
    from absl import app
    if argv is None:
        argv = sys.argv
    found = [a for a in argv if a.startswith(("--benchmark_filter=", "-benchmark_filter="))]
    if found:
        argv.remove(found[0])
        regex = found[0].split("=")[1]
        app.run(lambda _: _run_benchmarks(regex), argv=argv)
    else:
        true_main()
