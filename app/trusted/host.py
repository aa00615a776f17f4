"""Run a problem's own code (reference, cases, mistakes, fixtures) outside the server.

An uploaded problem, or one from `SHOUSI_PROBLEMS_DIRS`, is code nobody here reviewed. The
server never imports it: it reads `problem.toml` and the texts, and asks a problem host for
everything else:

- `describe(folder)`: its mistakes' tags and messages, where each implementation lives,
  whether `build_cases(seed)` draws fresh cases;
- `fixed(folder)`: the cases of build_cases() with the reference's answers and each
  mistake's, as app.trusted.prepare prepares them;
- `draw(folder, seed)`: a fresh draw of the hidden cases, prepared the same way;
- `custom(folder, case)`: a candidate's own inputs through the reference;
- `diagnose(folder, cases, messages)`: which known mistakes explain a wrong answer.

The host is two levels of process. The *supervisor* (`python -m app.trusted.child`, in a
pid namespace of its own when the server is root) imports torch once and runs no problem
code. For each request it forks a *runner* that closes the supervisor's pipes to the
server, takes every layer of the submission sandbox (its own uid, an empty network
namespace, Landlock: read the standard library, the packages, the app's code and a copy of
this problem's folder, write nothing; the seccomp filter: no fork, no sockets, no opening
for writing; CPU, memory and process limits, an allow-listed environment), loads the
problem from the copy, answers on a pipe of its own and exits. The supervisor reads that
answer with the codec's caps, and relays it, tagged with the request's id, with at most
`PRINTED_BYTES` of what the code printed. So a runner can neither reach the server's
channel nor outlive its request, and one problem's code never sees another's answers.

Nothing crosses as pickle (app.trusted.wire). A request that takes longer than its limit
has its runner killed; the caller gets a `HostError` saying which. Requests run in
parallel, so a slow problem delays only the callers waiting for it. A supervisor that
sends anything malformed, or falls silent, is killed with every request in flight.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from app.codec import CodecError, decode, encode
from app.sandbox.protocol import FrameError, read_frame, write_frame
from app.trusted import wire

log = logging.getLogger("shousi.problems")

ROOT = Path(__file__).resolve().parents[2]
MEMORY_BYTES = 4 << 30  # a runner's memory beyond the supervisor's own (torch is mapped)
START_SECONDS = 60.0
SECONDS = {"describe": 30.0, "fixed": 240.0, "draw": 60.0, "custom": 20.0, "diagnose": 20.0}
MAX_SECONDS = 3600.0
GRACE_SECONDS = 30.0  # beyond a request's own limit, before the supervisor counts as hung
PRINTED_BYTES = 4096  # what a runner printed, relayed for the log and validation reports
MESSAGE_CHARS = 2000
RUNNERS_AT_MOST = 8  # requests running at once; more wait in the supervisor
PROBLEM_SLOT = 900  # the runners' uid is isolation.slot_uid(PROBLEM_SLOT), apart from workers
# What the supervisor keeps of the server's environment: no keys, no database URL.
PASSED_ENV = ("PATH", "LANG", "PYTHONPATH", "TMPDIR")
_THREADS = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


class HostError(Exception):
    """A problem's own code failed, took too long or used too much memory."""


@dataclasses.dataclass
class _Pending:
    what: str
    done: threading.Event = dataclasses.field(default_factory=threading.Event)
    answer: dict | None = None
    failure: str | None = None


class ProblemHost:
    """A supervisor process serving problems' own code, many requests at a time."""

    def __init__(self, name: str, *, memory_bytes: int = MEMORY_BYTES) -> None:
        self.name, self.memory_bytes = name, memory_bytes
        self._process: subprocess.Popen | None = None
        self._pending: dict[int, _Pending] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        # What problems' code printed lately: (request, folder name, text), newest last.
        self.printed: deque[tuple[str, str, str]] = deque(maxlen=32)
        self.layers: list[str] = []

    def _command(self) -> list[str]:
        command = [sys.executable, "-m", "app.trusted.child", str(self.memory_bytes)]
        unshare = shutil.which("unshare")
        if os.geteuid() == 0 and unshare:
            # pid 1 of its own namespace: when it ends, so does everything below it.
            return [unshare, "--pid", "--fork", "--kill-child", *command]
        return command

    def _start(self) -> subprocess.Popen:
        env = {key: os.environ[key] for key in PASSED_ENV if key in os.environ}
        env.update(_THREADS, PYTHONDONTWRITEBYTECODE="1")
        process = subprocess.Popen(
            self._command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=env,
            start_new_session=True,  # its own group: killed whole
        )
        try:
            frame = read_frame(
                process.stdout.fileno(),  # type: ignore[union-attr]
                max_size=1 << 16,
                deadline=time.monotonic() + START_SECONDS,
            )
            ready = decode(frame)
            if not isinstance(ready, dict) or ready.get("ready") is not True:
                raise FrameError(f"unexpected {ready!r}")
        except (FrameError, CodecError) as exc:
            self._kill(process)
            raise HostError(f"the problem host did not start ({exc})") from None
        self.layers = [str(layer) for layer in ready.get("layers", [])]
        threading.Thread(
            target=self._read_answers, args=(process,), name=f"host-{self.name}", daemon=True
        ).start()
        return process

    @staticmethod
    def _kill(process: subprocess.Popen) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        for stream in (process.stdin, process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]

    def _fail_all(self, process: subprocess.Popen, why: str) -> None:
        """End a supervisor that can no longer be trusted to answer, and its requests."""
        with self._lock:
            if self._process is process:
                self._process = None
            pending, self._pending = self._pending, {}
        self._kill(process)
        for request in pending.values():
            request.failure = why
            request.done.set()

    def _read_answers(self, process: subprocess.Popen) -> None:
        fd = process.stdout.fileno()  # type: ignore[union-attr]
        while True:
            try:
                answer = decode(read_frame(fd, max_size=wire.CAPS.max_bytes), wire.CAPS)
            except (FrameError, OSError, CodecError) as exc:
                if process.poll() is None and not isinstance(exc, FrameError):
                    log.warning("problem host %s sent an unreadable answer: %s", self.name, exc)
                self._fail_all(process, "the problem host stopped or sent an unreadable answer")
                return
            rid = answer.get("id") if isinstance(answer, dict) else None
            with self._lock:
                request = self._pending.pop(rid, None) if type(rid) is int else None
            if request is None or answer.get("status") not in ("ok", "error"):
                log.warning("problem host %s answered a request it was not asked", self.name)
                self._fail_all(process, "the problem host answered out of turn")
                return
            request.answer = answer
            request.done.set()

    def call(self, what: str, folder: Path, *args: Any) -> Any:
        """Ask for `what` on the problem in `folder`; the answer, or HostError."""
        seconds = SECONDS[what]
        try:
            payload = wire.to_plain(list(args))
        except wire.WireError as exc:
            raise HostError(f"the request cannot reach the problem host: {exc}") from None
        request = _Pending(what)
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = self._start()
            process, rid = self._process, next(self._ids)
            self._pending[rid] = request
            message = {
                "id": rid,
                "what": what,
                "folder": str(folder),
                "seconds": seconds,  # the server's limit: the supervisor enforces it
                "args": payload,
            }
            try:
                write_frame(process.stdin.fileno(), encode(message))  # type: ignore[union-attr]
            except (OSError, CodecError) as exc:
                self._pending.pop(rid, None)
                raise HostError(f"the problem host cannot be reached: {exc}") from None
        if not request.done.wait(seconds + GRACE_SECONDS):
            self._fail_all(process, "the problem host stopped answering")
        if request.failure is not None:
            raise HostError(f"{request.failure} ({what})")
        answer = request.answer or {}
        printed = answer.get("printed")
        if isinstance(printed, str) and printed:
            self.printed.append((what, Path(folder).name, printed))
            log.info("%s's own code printed (%s): %s", Path(folder).name, what, printed)
        if answer["status"] == "error":
            raise HostError(str(answer.get("message", "failed"))[:MESSAGE_CHARS])
        try:
            return _checked(what, wire.from_plain(answer.get("value")))
        except wire.WireError as exc:
            raise HostError(f"the problem's answer could not be read ({what}): {exc}") from None

    def close(self) -> None:
        """Stop the supervisor, if one is running (a later request starts another)."""
        with self._lock:
            process = self._process
        if process is not None:
            self._fail_all(process, "the problem host was stopped")

    def __del__(self) -> None:
        # A host let go of (a test's own) takes its supervisor along. No module globals
        # such as contextlib here: at interpreter exit they may already be gone.
        try:
            if self._process is not None:
                self._kill(self._process)
        except Exception:  # noqa: BLE001, S110 - nothing to be done this late
            pass


def _checked(what: str, value: Any) -> Any:
    """The answer, if it has the shape `what` answers with."""
    from app.trusted.prepare import PreparedCase
    from graders.families import Explanation

    ok = {
        "describe": lambda v: isinstance(v, dict),
        "fixed": lambda v: isinstance(v, list) and all(isinstance(p, PreparedCase) for p in v),
        "custom": lambda v: isinstance(v, PreparedCase),
        "diagnose": lambda v: isinstance(v, list) and all(isinstance(e, Explanation) for e in v),
    }
    if not ok.get(what, ok["fixed"])(value):
        raise wire.WireError(f"not what {what} answers with")
    return value


# The server's two hosts: background draws never wait behind a candidate's diagnosis, nor
# the other way round.
BACKGROUND = ProblemHost("background")
INTERACTIVE = ProblemHost("interactive")
