"""The sandbox job: what the judge hands a worker, and the child's first frame. Its fields are
named here and nowhere else.

A job travels as a run of codec frames: the header (`Job` without its cases), then one frame
per case, each sent to the child only after it answered the one before. The judge builds a
`Job`; the worker reads the header with `read_header` (the forbidden lists for the next
child, and whether to measure memory) and the harness with `Job.from_header`.
"""

from __future__ import annotations

import dataclasses
import struct
from dataclasses import dataclass, field
from typing import Any

from app.codec import Caps, decode, encode


@dataclass(frozen=True)
class Job:
    """One submission's run: the code, how to call it, and its cases (encoded)."""

    code: str
    entry: str
    kind: str  # "function" or "module"
    framework: str  # "numpy" or "torch"
    load_state_dict: bool = False
    forbidden_api: list[str] = field(default_factory=list)
    forbidden_aten: list[str] = field(default_factory=list)
    capture_softmax: bool = False
    returns: int = 1
    fixtures: str = ""  # the source of fixtures.py, built in the child
    unchanged: list[str] = field(default_factory=list)  # inputs the code must not modify
    # Each case's memory cap in MiB (0: none); None when no case has one.
    case_memory_mb: list[int] | None = None
    case_frames: list[bytes] = field(default_factory=list, repr=False)

    def header(self) -> dict[str, Any]:
        """The first frame's fields: everything but the cases."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        del fields["case_frames"]
        if fields["case_memory_mb"] is None:
            del fields["case_memory_mb"]
        return fields

    def frames(self) -> bytes:
        """The job as the worker takes it: the header, then one frame per case."""
        return b"".join(_framed(part) for part in [encode(self.header()), *self.case_frames])

    @classmethod
    def from_header(cls, header: dict[str, Any]) -> Job:
        """The job a child received (its cases come one at a time after it)."""
        names = {f.name for f in dataclasses.fields(cls)} - {"case_frames"}
        return cls(**{key: value for key, value in header.items() if key in names})


@dataclass(frozen=True)
class Header:
    """What a worker needs of a job before its child runs it."""

    forbidden: tuple[list[str], list[str]] | None  # (APIs, kernel stems); None if unreadable
    measure_memory: bool  # a case is memory-capped: read the child's peak after each case


def read_header(frame: bytes, caps: Caps) -> Header:
    """The worker's view of a job's first frame; never raises (a guess for the next child)."""
    try:
        header = decode(frame, caps)
        api, stems = header["forbidden_api"], header["forbidden_aten"]
        measure = header.get("case_memory_mb") is not None
    except Exception:  # noqa: BLE001 - a malformed job fails in the child, not here
        return Header(None, False)
    lists = (api, stems)
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists):
        return Header(None, bool(measure))
    return Header((api, stems), bool(measure))


def _framed(payload: bytes) -> bytes:
    return struct.pack("<I", len(payload)) + payload
