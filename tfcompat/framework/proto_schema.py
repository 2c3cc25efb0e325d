"""TF's protocol messages as protobuf classes, built at import from descriptors written in
Python with TF's file, message and field names, numbers and types (no generated code, no
protoc): one descriptor pool for all of them (tensor_proto.py, summary/event_protos.py),
so that a message of one file can hold those of another, as TF's do."""
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

F = descriptor_pb2.FieldDescriptorProto
_POOL = descriptor_pool.DescriptorPool()


def field(name, number, kind, type_name=None, repeated=False, oneof=None):
    """A field (`kind`: F.TYPE_*; `type_name`: a message or enum's full name; `oneof`: the
    index of its message's oneof)."""
    out = F(name=name, number=number, type=kind,
            label=F.LABEL_REPEATED if repeated else F.LABEL_OPTIONAL)
    if type_name:
        out.type_name = "." + type_name
    if oneof is not None:
        out.oneof_index = oneof
    return out


def proto_file(name, dependency=()):
    """An empty proto3 FileDescriptorProto of package tensorflow."""
    return descriptor_pb2.FileDescriptorProto(name=name, package="tensorflow",
                                              syntax="proto3", dependency=list(dependency))


def message(parent, name, fields, oneofs=()):
    """A message type added to a FileDescriptorProto (or a nested one, to a message)."""
    out = (parent.message_type if hasattr(parent, "message_type") else
           parent.nested_type).add(name=name)
    out.field.extend(fields)
    for oneof in oneofs:
        out.oneof_decl.add(name=oneof)
    return out


def enum(parent, name, values):
    """An enum type ([(name, number)]) added to a file or a message."""
    out = parent.enum_type.add(name=name)
    for value_name, number in values:
        out.value.add(name=value_name, number=number)
    return out


def add(*files):
    """Add FileDescriptorProtos to the pool (each after the files it depends on)."""
    for f in files:
        _POOL.Add(f)


def message_class(full_name):
    """The protobuf message class of the type `full_name` (e.g. tensorflow.Event)."""
    return message_factory.GetMessageClass(_POOL.FindMessageTypeByName(full_name))
