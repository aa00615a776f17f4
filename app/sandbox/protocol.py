"""Length-prefixed frames on pipes, with deadlines and size caps."""

from __future__ import annotations

import os
import select
import struct
import time

_LEN = struct.Struct("<I")
# The child's last frame: not a codec message, so no case result can be mistaken for it.
DONE = b"\x00shousi:done"
DONE_FRAME = _LEN.pack(len(DONE)) + DONE
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


MEMORY_MARKERS = ("can't allocate memory", "DefaultCPUAllocator", "not enough memory")


def out_of_memory(error: dict | None) -> bool:
    """Whether an error reported for a case means the memory limit was hit."""
    return bool(error) and (
        error.get("type") == "MemoryError"
        or any(marker in error.get("message", "") for marker in MEMORY_MARKERS)
    )
