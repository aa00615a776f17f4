"""Length-prefixed frames on pipes, with deadlines and size caps."""

from __future__ import annotations

import os
import select
import struct
import time

from app.codec import MAGIC

_LEN = struct.Struct("<I")
# The child's last frame: not a codec message, so no case result can be mistaken for it.
DONE = b"\x00shousi:done"
DONE_FRAME = _LEN.pack(len(DONE)) + DONE
# Room on the result pipe beyond the output cap, for the harness's small frames: the load
# frame, and a case whose outputs did not fit said in a few bytes (harness._send).
FRAME_SLACK = 64 << 10
# Exit statuses of a child that never got to run user code properly.
EXIT_HARNESS_FAILED = 70
EXIT_ISOLATION_FAILED = 71


class FrameError(OSError):
    """Raised when a frame is truncated, too large or late."""


def write_frame(fd: int, payload: bytes) -> None:
    """Write one frame (length prefix + payload) to a blocking file descriptor."""
    view = memoryview(_LEN.pack(len(payload)) + payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_exact(fd: int, size: int, deadline: float | None) -> bytes:
    """Read exactly `size` bytes before `deadline` (a time.monotonic() value)."""
    chunks: list[bytes] = []
    remaining = size
    while remaining:
        if deadline is not None:
            timeout = deadline - time.monotonic()
            if timeout <= 0 or not select.select([fd], [], [], timeout)[0]:
                raise FrameError("timed out waiting for the sandbox")
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            raise FrameError("pipe closed mid-frame")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int, *, max_size: int, deadline: float | None = None) -> bytes:
    """Read one frame, refusing a declared length above `max_size`."""
    (size,) = _LEN.unpack(read_exact(fd, _LEN.size, deadline))
    if size > max_size:
        raise FrameError(f"frame of {size} bytes exceeds the {max_size}-byte cap")
    return read_exact(fd, size, deadline)


def split_frames(data: bytes) -> tuple[list[bytes], bool]:
    """Split a byte stream into complete frames; report whether a partial tail was left."""
    frames: list[bytes] = []
    offset = 0
    while offset + _LEN.size <= len(data):
        (size,) = _LEN.unpack_from(data, offset)
        if offset + _LEN.size + size > len(data):
            break
        frames.append(data[offset + _LEN.size : offset + _LEN.size + size])
        offset += _LEN.size + size
    return frames, offset != len(data)


def result_cap(output_bytes: int) -> int:
    """Bytes a child may write on its result pipe, its last (done) frame included."""
    return output_bytes + FRAME_SLACK + len(DONE_FRAME)


class FrameScanner:
    """Counts the complete frames at the start of a growing buffer, reading only prefixes,
    and tells when the frame in progress cannot be one the harness writes.

    The harness keeps every frame within the cap and starts each with the codec's magic
    (or is its done frame), so a frame that claims more bytes than the cap leaves, or
    starts otherwise, was written by the code under test. Waiting for the rest of it would
    only wait for the wall limit: the child is waiting for its next case meanwhile.
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.seen = 0
        self.offset = 0

    def count(self, buffer: bytes | bytearray) -> int:
        """How many complete frames the buffer starts with."""
        while self.offset + _LEN.size <= len(buffer):
            (size,) = _LEN.unpack_from(buffer, self.offset)
            if self.offset + _LEN.size + size > len(buffer):
                break
            self.seen += 1
            self.offset += _LEN.size + size
        return self.seen

    def fault(self, buffer: bytes | bytearray) -> str | None:
        """Why the frame in progress cannot be the harness's, or None if it may be."""
        if self.offset + _LEN.size > len(buffer):
            return None
        (size,) = _LEN.unpack_from(buffer, self.offset)
        room = self.cap - self.offset - _LEN.size
        if size > room:
            return f"a frame claims {size} bytes, more than the {room} left"
        start = bytes(buffer[self.offset + _LEN.size : self.offset + _LEN.size + len(MAGIC)])
        if not (MAGIC.startswith(start) or DONE.startswith(start)):
            return "a frame that is not a codec message"
        return None

    def partial(self, buffer: bytes | bytearray) -> bool:
        """Whether the buffer ends inside a frame."""
        self.count(buffer)
        return self.offset != len(buffer)


MEMORY_MARKERS = ("can't allocate memory", "DefaultCPUAllocator", "not enough memory")


def out_of_memory(error: dict | None) -> bool:
    """Whether an error reported for a case means the memory limit was hit."""
    return bool(error) and (
        error.get("type") == "MemoryError"
        or any(marker in error.get("message", "") for marker in MEMORY_MARKERS)
    )
