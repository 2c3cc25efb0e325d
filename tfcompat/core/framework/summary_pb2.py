"""``tensorflow.core.framework.summary_pb2``: the messages of TF's summary.proto and of the
histogram.proto it imports publicly: summary/event_protos.py."""
from ...summary.event_protos import (HistogramProto, Summary, SummaryDescription,
                                     SummaryMetadata)

__all__ = ["HistogramProto", "Summary", "SummaryDescription", "SummaryMetadata"]
