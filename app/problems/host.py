"""Run an uploaded problem's own code in a child process with a time and memory limit.

An instructor's reference, cases and mistakes are trusted, but they may be buggy: a draw of
hidden cases that loops forever on some seeds, a reference that allocates 50 GB on one
input. Validation runs them contained (app.problems.contained), but a published problem
keeps running its code for every fresh draw, custom input and diagnosis. For an uploaded
problem all of that happens here, in a long-lived child that loads the problem's folder:

- `fixed(problem)`: the cases of build_cases() with the reference's answers (and each
  mistake's), as app.cases prepares them;
- `draw(problem, seed)`: a fresh draw of the hidden cases, prepared the same way;
- `custom(problem, case)`: a candidate's own inputs through the reference;
- `diagnose(problem, cases, messages)`: which known mistakes explain a wrong answer.

A request that takes longer than its limit kills the child (its whole process group), and
so does one that leaves it over its memory cap; the caller gets a `HostError` saying which,
and the next request starts a new child. The built-in problems do not use this.

The child runs the instructor's code only, never a candidate's: what a candidate sent
reaches it as plain arrays the server decoded from raw bytes (app.codec), and what it sends
back is read with pickle because its code is the problem's own, trusted code (the issue it
guards against is bugs, not malice).
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import resource
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("shousi.problems")

MEMORY_BYTES = 6 << 30  # address space, as for validation: torch alone maps ~1.5 GB
START_SECONDS = 60.0
SECONDS = {"fixed": 240.0, "draw": 60.0, "custom": 20.0, "diagnose": 20.0}
_HEADER = struct.Struct("!Q")
LOADED_AT_MOST = 32  # problem versions a child keeps loaded (previews add versions)


class HostError(Exception):
    """An uploaded problem's own code failed, took too long or used too much memory."""


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes:
    chunks, left = [], size
    while left:
        if deadline is not None:
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                raise TimeoutError
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _send(fd: int, value: Any) -> None:
    _send_bytes(fd, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def _send_bytes(fd: int, data: bytes) -> None:
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


class ProblemHost:
    """One child process serving uploaded problems' code, one request at a time."""

    def __init__(self, name: str, *, memory_bytes: int = MEMORY_BYTES) -> None:
        self.name, self.memory_bytes = name, memory_bytes
        self._process: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen:
        process = subprocess.Popen(
            [sys.executable, "-m", "app.problems.host", str(self.memory_bytes)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[2],
            start_new_session=True,  # its own group: killed whole, with anything it started
        )
        try:
            ready = self._receive(process, time.monotonic() + START_SECONDS)
        except (TimeoutError, EOFError) as exc:
            self._kill(process)
            raise HostError(f"the problem host did not start ({type(exc).__name__})") from None
        if ready != "ready":
            self._kill(process)
            raise HostError(f"the problem host did not start: {ready!r}")
        return process

    @staticmethod
    def _receive(process: subprocess.Popen, deadline: float) -> Any:
        fd = process.stdout.fileno()  # type: ignore[union-attr]
        (size,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size, deadline))
        return pickle.loads(_read_exactly(fd, size, deadline))  # noqa: S301 - see the docstring

    @staticmethod
    def _kill(process: subprocess.Popen) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]

    def call(self, what: str, folder: Path, *args: Any) -> Any:
        """Ask the child to do `what` for the problem in `folder`; its answer, or HostError."""
        seconds = SECONDS[what]
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = self._start()
            process = self._process
            try:
                _send(process.stdin.fileno(), (what, str(folder), args))  # type: ignore[union-attr]
                status, value = self._receive(process, time.monotonic() + seconds)
            except TimeoutError:
                self._kill(process)
                self._process = None
                raise HostError(
                    f"the problem's own code took longer than {seconds:.0f} s ({what})"
                ) from None
            except (EOFError, BrokenPipeError):
                self._kill(process)
                self._process = None
                raise HostError(
                    f"the problem's own code ended the process that ran it ({what}): "
                    "out of memory, or it exited"
                ) from None
        if status == "error":
            raise HostError(f"the problem's own code failed ({what}): {value}")
        return value

    def close(self) -> None:
        """Stop the child, if one is running (a later request starts another; a child whose
        server died ends by itself, when its requests pipe closes)."""
        with self._lock:
            if self._process is not None:
                self._kill(self._process)
                self._process = None

    def __del__(self) -> None:
        # A host let go of (a test's own) takes its child along. No module globals such as
        # contextlib here: at interpreter exit they may already be gone.
        try:
            if self._process is not None:
                self._kill(self._process)
        except Exception:  # noqa: BLE001, S110 - nothing to be done this late
            pass


# The server's two hosts: background draws never wait behind a candidate's diagnosis, nor
# the other way round.
BACKGROUND = ProblemHost("background")
INTERACTIVE = ProblemHost("interactive")


# --- the child ------------------------------------------------------------------------


def _serve(what: str, folder: str, args: tuple, loaded: dict[str, Any]) -> Any:
    from app import cases
    from app.diagnosis import diagnose
    from app.problems.bank import load_problem

    problem = loaded.pop(folder, None)
    if problem is None:
        problem = load_problem(Path(folder))
    loaded[folder] = problem  # the newest last: the least recently used goes first
    while len(loaded) > LOADED_AT_MOST:
        del loaded[next(iter(loaded))]
    if what == "fixed":
        return _plain(cases.prepare_here(problem, list(problem.build_cases())))
    if what == "draw":
        (seed,) = args
        return _plain(cases.prepare_here(problem, cases.fresh_hidden_cases(problem, seed)))
    if what == "custom":
        (case,) = args
        return cases.prepare_custom_here(problem, case)
    if what == "diagnose":
        prepared, messages = args
        return diagnose(problem, prepared, messages, here=True)
    raise ValueError(f"unknown request {what!r}")


def _plain(prepared: list) -> list:
    """Prepared cases with every mistake's outputs computed now: the parent never runs them."""
    import dataclasses

    return [dataclasses.replace(p, variants=dict(p.variants)) for p in prepared]


def main() -> None:
    """The child: answer requests on stdin until it closes."""
    memory = int(sys.argv[1])
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    os.environ.update(OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    out = os.dup(1)
    os.dup2(2, 1)  # what the problem's code prints goes to the server's log, not the pipe
    import app.cases  # noqa: F401 - torch and numpy loaded before the first request

    _send(out, "ready")
    loaded: dict[str, Any] = {}
    while True:
        try:
            (size,) = _HEADER.unpack(_read_exactly(0, _HEADER.size, None))
            what, folder, args = pickle.loads(_read_exactly(0, size, None))  # noqa: S301
        except EOFError:
            return
        try:
            answer = ("ok", _serve(what, folder, args, loaded))
        except MemoryError:
            # Unwinding a MemoryError can leave numpy's or torch's allocator in a bad way:
            # say so and end; the server starts a new child for its next request.
            _send(out, ("error", "out of memory"))
            return
        except Exception as exc:  # noqa: BLE001 - reported to the server, which names it
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - e.g. a Case holding a class of cases.py
            data = pickle.dumps(("error", f"its cases cannot leave its process: {exc}"))
        _send_bytes(out, data)


if __name__ == "__main__":
    main()
