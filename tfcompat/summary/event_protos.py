"""TF's event file messages as protobuf classes (framework/proto_schema.py): those of
xla/tsl/protobuf/histogram.proto, tensorflow/core/framework/summary.proto and
tensorflow/core/util/event.proto (the worker heartbeat messages of event.proto left out),
with TF's names, field numbers and types. ``tensorflow.core.util.event_pb2`` and
``tensorflow.core.framework.summary_pb2`` re-export them; tf.compat.v1.SummaryMetadata
is this SummaryMetadata."""
from ..framework import proto_schema, tensor_proto
from ..framework.proto_schema import F, enum, field, message, proto_file

_DATA_CLASSES = ("DATA_CLASS_UNKNOWN", "DATA_CLASS_SCALAR", "DATA_CLASS_TENSOR",
                 "DATA_CLASS_BLOB_SEQUENCE")


def _files():
    histogram = proto_file("xla/tsl/protobuf/histogram.proto")
    message(histogram, "HistogramProto", [
        field(name, number, F.TYPE_DOUBLE) for number, name in
        enumerate(("min", "max", "num", "sum", "sum_squares"), 1)] + [
        field("bucket_limit", 6, F.TYPE_DOUBLE, repeated=True),
        field("bucket", 7, F.TYPE_DOUBLE, repeated=True)])
    summary = proto_file("tensorflow/core/framework/summary.proto",
                         [histogram.name, tensor_proto.TensorProto.DESCRIPTOR.file.name])
    enum(summary, "DataClass", [(name, k) for k, name in enumerate(_DATA_CLASSES)])
    message(summary, "SummaryDescription", [field("type_hint", 1, F.TYPE_STRING)])
    metadata = message(summary, "SummaryMetadata", [
        field("plugin_data", 1, F.TYPE_MESSAGE, "tensorflow.SummaryMetadata.PluginData"),
        field("display_name", 2, F.TYPE_STRING),
        field("summary_description", 3, F.TYPE_STRING),
        field("data_class", 4, F.TYPE_ENUM, "tensorflow.DataClass")])
    message(metadata, "PluginData", [field("plugin_name", 1, F.TYPE_STRING),
                                     field("content", 2, F.TYPE_BYTES)])
    proto = message(summary, "Summary", [
        field("value", 1, F.TYPE_MESSAGE, "tensorflow.Summary.Value", True)])
    message(proto, "Image", [
        field("height", 1, F.TYPE_INT32), field("width", 2, F.TYPE_INT32),
        field("colorspace", 3, F.TYPE_INT32), field("encoded_image_string", 4, F.TYPE_BYTES)])
    message(proto, "Audio", [
        field("sample_rate", 1, F.TYPE_FLOAT), field("num_channels", 2, F.TYPE_INT64),
        field("length_frames", 3, F.TYPE_INT64),
        field("encoded_audio_string", 4, F.TYPE_BYTES),
        field("content_type", 5, F.TYPE_STRING)])
    message(proto, "Value", [
        field("node_name", 7, F.TYPE_STRING), field("tag", 1, F.TYPE_STRING),
        field("metadata", 9, F.TYPE_MESSAGE, "tensorflow.SummaryMetadata"),
        field("simple_value", 2, F.TYPE_FLOAT, oneof=0),
        field("obsolete_old_style_histogram", 3, F.TYPE_BYTES, oneof=0),
        field("image", 4, F.TYPE_MESSAGE, "tensorflow.Summary.Image", oneof=0),
        field("histo", 5, F.TYPE_MESSAGE, "tensorflow.HistogramProto", oneof=0),
        field("audio", 6, F.TYPE_MESSAGE, "tensorflow.Summary.Audio", oneof=0),
        field("tensor", 8, F.TYPE_MESSAGE, "tensorflow.TensorProto", oneof=0)],
        oneofs=("value",))
    event = proto_file("tensorflow/core/util/event.proto", [summary.name])
    message(event, "Event", [
        field("wall_time", 1, F.TYPE_DOUBLE), field("step", 2, F.TYPE_INT64),
        field("file_version", 3, F.TYPE_STRING, oneof=0),
        field("graph_def", 4, F.TYPE_BYTES, oneof=0),
        field("summary", 5, F.TYPE_MESSAGE, "tensorflow.Summary", oneof=0),
        field("log_message", 6, F.TYPE_MESSAGE, "tensorflow.LogMessage", oneof=0),
        field("session_log", 7, F.TYPE_MESSAGE, "tensorflow.SessionLog", oneof=0),
        field("tagged_run_metadata", 8, F.TYPE_MESSAGE, "tensorflow.TaggedRunMetadata",
              oneof=0),
        field("meta_graph_def", 9, F.TYPE_BYTES, oneof=0),
        field("source_metadata", 10, F.TYPE_MESSAGE, "tensorflow.SourceMetadata")],
        oneofs=("what",))
    message(event, "SourceMetadata", [field("writer", 1, F.TYPE_STRING)])
    log = message(event, "LogMessage", [
        field("level", 1, F.TYPE_ENUM, "tensorflow.LogMessage.Level"),
        field("message", 2, F.TYPE_STRING)])
    enum(log, "Level", [("UNKNOWN", 0), ("DEBUGGING", 10), ("INFO", 20), ("WARN", 30),
                        ("ERROR", 40), ("FATAL", 50)])
    session = message(event, "SessionLog", [
        field("status", 1, F.TYPE_ENUM, "tensorflow.SessionLog.SessionStatus"),
        field("checkpoint_path", 2, F.TYPE_STRING), field("msg", 3, F.TYPE_STRING)])
    enum(session, "SessionStatus", [("STATUS_UNSPECIFIED", 0), ("START", 1), ("STOP", 2),
                                    ("CHECKPOINT", 3)])
    message(event, "TaggedRunMetadata", [field("tag", 1, F.TYPE_STRING),
                                         field("run_metadata", 2, F.TYPE_BYTES)])
    return histogram, summary, event


proto_schema.add(*_files())
(HistogramProto, SummaryDescription, SummaryMetadata, Summary, Event, SourceMetadata,
 LogMessage, SessionLog, TaggedRunMetadata) = (proto_schema.message_class(f"tensorflow.{n}")
                                               for n in (
    "HistogramProto", "SummaryDescription", "SummaryMetadata", "Summary", "Event",
    "SourceMetadata", "LogMessage", "SessionLog", "TaggedRunMetadata"))
