"""The problem host's own side: the supervisor and the runners it forks (app.trusted.host
is the server's side, and says what the two do).

`python -m app.trusted.child MEMORY` is the supervisor. It imports torch and the trusted
modules once, runs no problem code itself, and forks one isolated runner per request; the
runner loads the problem from a copy of its folder, answers on a pipe of its own, and exits.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import resource
import selectors
import shutil
import signal
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any

from app.codec import CodecError, decode, encode
from app.sandbox.protocol import FrameError, read_frame, write_frame
from app.trusted import wire
from app.trusted.host import (
    _THREADS,
    MAX_SECONDS,
    MESSAGE_CHARS,
    PRINTED_BYTES,
    PROBLEM_SLOT,
    ROOT,
    RUNNERS_AT_MOST,
    SECONDS,
)

# --- the runner: one request, in a forked, isolated process -----------------------------


def _where(implementation: Any, folder: Path) -> dict[str, str]:
    """Where an implementation is defined: a file of the folder, or a module of ours."""
    code = implementation.forward if isinstance(implementation, type) else implementation
    module = sys.modules.get(getattr(implementation, "__module__", ""))
    filename = getattr(module, "__file__", None) or code.__code__.co_filename
    name = getattr(implementation, "__name__", "")
    path = Path(filename).resolve()
    if folder.resolve() in path.parents:
        return {"file": str(path.relative_to(folder.resolve())), "name": name}
    return {"module": getattr(module, "__name__", ""), "name": name}


def _serve(what: str, folder: Path, args: list) -> Any:
    from app.bank.loader import load_problem
    from app.trusted import prepare
    from app.trusted.diagnosis import diagnose

    problem = load_problem(folder)
    if what == "describe":
        return {
            "reference": _where(problem.reference, folder),
            "mistakes": {tag: _where(v, folder) for tag, v in problem.mistakes.items()},
            "messages": problem.mistake_messages,
            "seeded": prepare.takes_seed(problem),
        }
    if what == "fixed":
        return _plain(prepare.prepare(problem, list(problem.build_cases())))
    if what == "draw":
        (seed,) = args
        return _plain(prepare.prepare(problem, prepare.fresh_hidden_cases(problem, seed)))
    if what == "custom":
        (case,) = args
        return prepare.prepare_custom(problem, case)
    if what == "diagnose":
        prepared, messages = args
        return diagnose(problem, prepared, messages)
    raise ValueError(f"unknown request {what!r}")


def _plain(prepared: list) -> list:
    """Prepared cases with every mistake's outputs computed now: the server never runs them."""
    return [dataclasses.replace(p, variants=dict(p.variants)) for p in prepared]


def _runner(request: dict, folder: Path, workdir: str, fds: tuple[int, int], isolate: Any) -> None:
    """Body of the forked runner; never returns."""
    result_w, out_w = fds
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(out_w, 2)
        ruleset = isolate.ruleset_for(folder)
        keep = sorted({result_w, *([ruleset] if ruleset is not None else [])})
        low = 3
        for fd in keep:
            os.closerange(low, fd)
            low = fd + 1
        os.closerange(low, 1 << 16)
        isolate.apply(workdir, ruleset, request["seconds"])  # the seccomp filter last
    except BaseException:  # noqa: BLE001 - never run problem code with a layer missing
        os._exit(71)
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    try:
        value = _serve(request["what"], folder, wire.from_plain(request["args"]))
        frame = wire.dumps({"status": "ok", "value": value})
    except MemoryError:
        frame = wire.dumps({"status": "error", "message": "its own code ran out of memory"})
    except wire.WireError as exc:
        frame = wire.dumps({"status": "error", "message": f"its answer cannot leave: {exc}"})
    except BaseException as exc:  # noqa: BLE001 - reported to the server, which names it
        text = f"{type(exc).__name__}: {exc}"[:MESSAGE_CHARS]
        frame = wire.dumps({"status": "error", "message": text})
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
        sys.stderr.flush()
        write_frame(result_w, frame)
    os._exit(0)


class Isolation:
    """The layers every runner takes, prepared once in the supervisor."""

    def __init__(self, memory_bytes: int) -> None:
        from app.sandbox import isolation, landlock, reach

        self.memory_bytes = memory_bytes
        self.plan = isolation.probe().plan
        self.uid = isolation.slot_uid(PROBLEM_SLOT) if self.plan.uid else os.getuid()
        self.scratch = Path(tempfile.mkdtemp(prefix="shousi-problems-"))
        self.scratch.chmod(0o755)  # walkable; Landlock grants only the copy being run
        self._rulesets: dict[str, int] = {}
        self._copies: dict[str, tuple[str, Path]] = {}
        self.code = [ROOT / name for name in ("app", "graders", "reference_impl")]
        if self.plan.landlock:
            private = [ROOT / name for name in landlock.PRIVATE_NAMES]
            self.readable = [*landlock.readable_paths(private), *self.code]
        else:
            self.readable = []
        if self.plan.uid:
            reach.grant([*self.readable, *self.code, self.scratch], self.uid)
        if self.plan.netns:
            isolation.enter_empty_network_namespace()

    def layers(self) -> list[str]:
        """The layers a runner takes here."""
        plan = self.plan
        on = {
            "rlimits": True,
            "pidns": os.getpid() == 1,
            "netns": plan.netns,
            "uid": plan.uid,
            "landlock": plan.landlock,
            "seccomp": plan.seccomp_arch is not None,
        }
        return [name for name, active in on.items() if active]

    def copy_of(self, folder: Path) -> Path:
        """A copy of the problem's folder the runner may read, made again when it changed."""
        stamp = hashlib.sha256()
        for path in sorted(folder.rglob("*")):
            info = path.lstat()
            stamp.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
        key, version = str(folder), stamp.hexdigest()
        known = self._copies.get(key)
        if known and known[0] == version:
            return known[1]
        target = Path(tempfile.mkdtemp(dir=self.scratch)) / folder.name
        shutil.copytree(folder, target, symlinks=False, ignore_dangling_symlinks=True)
        for path in [target.parent, target, *target.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        if known:
            shutil.rmtree(known[1].parent, ignore_errors=True)
            old = self._rulesets.pop(str(known[1]), None)
            if old is not None:
                os.close(old)
        self._copies[key] = (version, target)
        return target

    def ruleset_for(self, copy: Path) -> int | None:
        """The Landlock ruleset of a runner on this copy (built once per copy)."""
        if not self.plan.landlock:
            return None
        from app.sandbox import landlock

        key = str(copy)
        if key not in self._rulesets:
            self._rulesets[key] = landlock.build_ruleset(
                [],
                signal_scope=self.plan.landlock_signal_scope,
                readable=[*self.readable, copy],
            )
        return self._rulesets[key]

    def workdir(self) -> str:
        """An empty working folder of the runner's own."""
        path = tempfile.mkdtemp(dir=self.scratch)
        os.chown(path, self.uid, self.uid)
        return path

    def apply(self, workdir: str, ruleset: int | None, seconds: float) -> None:
        """Take every layer, in the forked runner."""
        from app.limits import SandboxLimits
        from app.sandbox import isolation

        limits = SandboxLimits(
            cpu_seconds=seconds, wall_seconds=seconds, memory_bytes=self.memory_bytes
        )
        # No second process, also where no per-runner uid or syscall filter is available
        # (set before the filter, which forbids changing limits).
        resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))
        isolation.apply(
            plan=self.plan, limits=limits, workdir=workdir, slot=PROBLEM_SLOT, ruleset_fd=ruleset
        )
        os.environ.update(_THREADS)


@dataclasses.dataclass
class _Running:
    rid: int
    what: str
    folder: str
    pid: int
    result_r: int
    out_r: int
    workdir: str
    deadline: float
    result: bytearray = dataclasses.field(default_factory=bytearray)
    printed: bytearray = dataclasses.field(default_factory=bytearray)
    pidfd: int = -1
    open: set[int] = dataclasses.field(default_factory=set)
    timed_out: bool = False
    too_large: bool = False
    seconds: float = 0.0


def _valid_request(request: Any) -> bool:
    return (
        isinstance(request, dict)
        and type(request.get("id")) is int
        and request.get("what") in SECONDS
        and isinstance(request.get("folder"), str)
        and isinstance(request.get("seconds"), int | float)
        and 0 < request["seconds"] <= MAX_SECONDS
        and isinstance(request.get("args"), list)
    )


class Supervisor:
    """Reads requests, runs each in a runner, relays the answers; runs no problem code."""

    def __init__(self, out: int, isolate: Isolation) -> None:
        self.out, self.isolate = out, isolate
        self.selector = selectors.DefaultSelector()
        self.running: dict[int, _Running] = {}
        self.waiting: deque[dict] = deque()

    def send(self, message: dict) -> None:
        """One answer to the server."""
        write_frame(self.out, encode(message))

    def serve(self) -> None:
        """Until the server closes the requests pipe."""
        self.selector.register(0, selectors.EVENT_READ, None)
        while True:
            now = time.monotonic()
            deadlines = [r.deadline for r in self.running.values() if not r.timed_out]
            timeout = max(0.0, min(deadlines) - now) if deadlines else None
            for key, _ in self.selector.select(timeout):
                if key.data is None:
                    if not self._take_request():
                        self._stop_all()
                        return
                else:
                    self._read(key.data, key.fd)
            for running in list(self.running.values()):
                if not running.timed_out and time.monotonic() > running.deadline:
                    running.timed_out = True
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(running.pid, signal.SIGKILL)
            self._start_waiting()

    def _take_request(self) -> bool:
        try:
            frame = read_frame(0, max_size=wire.CAPS.max_bytes)
        except (FrameError, OSError):
            return False  # the server went away
        try:
            request = decode(frame, wire.CAPS)
        except CodecError:
            return False
        if not _valid_request(request):
            return False
        self.waiting.append(request)
        return True

    def _start_waiting(self) -> None:
        while self.waiting and len(self.running) < RUNNERS_AT_MOST:
            request = self.waiting.popleft()
            try:
                self._start(request)
            except Exception as exc:  # noqa: BLE001 - a folder that cannot be copied, say
                self.send({"id": request["id"], "status": "error", "message": f"{exc}"})

    def _start(self, request: dict) -> None:
        folder = Path(request["folder"])
        if not (folder / "problem.toml").is_file():
            raise FileNotFoundError(f"no problem folder at {folder}")
        copy = self.isolate.copy_of(folder)
        self.isolate.ruleset_for(copy)
        workdir = self.isolate.workdir()
        result_r, result_w = os.pipe()
        out_r, out_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(result_r)
            os.close(out_r)
            _runner(request, copy, workdir, (result_w, out_w), self.isolate)
        os.close(result_w)
        os.close(out_w)
        deadline = time.monotonic() + request["seconds"]
        running = _Running(
            request["id"], request["what"], folder.name, pid, result_r, out_r, workdir, deadline
        )
        running.seconds = request["seconds"]
        running.open = {result_r, out_r}
        for fd in (result_r, out_r):
            os.set_blocking(fd, False)
            self.selector.register(fd, selectors.EVENT_READ, running)
        # Its end, not its pipes' end, finishes a request: code that closes its descriptors
        # and loops on is still running, and is killed at its deadline.
        running.pidfd = os.pidfd_open(pid)
        self.selector.register(running.pidfd, selectors.EVENT_READ, running)
        self.running[running.rid] = running

    def _read(self, running: _Running, fd: int) -> None:
        if fd == running.pidfd:
            for pipe in (running.result_r, running.out_r):  # drain what it left: it has ended
                while pipe in running.open and self._read_pipe(running, pipe):
                    pass
            self._finish(running)
            return
        self._read_pipe(running, fd)

    def _read_pipe(self, running: _Running, fd: int) -> bool:
        """Take what the pipe holds now; False once there is nothing more to read."""
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:
            return False
        if chunk:
            if fd == running.out_r:
                running.printed += chunk[: max(0, PRINTED_BYTES - len(running.printed))]
            elif len(running.result) + len(chunk) <= wire.CAPS.max_bytes + 4:
                running.result += chunk
            elif not running.too_large:
                running.too_large = True
                running.result = bytearray()
                with contextlib.suppress(ProcessLookupError):
                    os.kill(running.pid, signal.SIGKILL)
            return True
        self.selector.unregister(fd)
        os.close(fd)
        running.open.discard(fd)
        return False

    def _finish(self, running: _Running) -> None:
        _, status = os.waitpid(running.pid, 0)
        for fd in (*running.open, running.pidfd):
            self.selector.unregister(fd)
            os.close(fd)
        del self.running[running.rid]
        shutil.rmtree(running.workdir, ignore_errors=True)
        answer: dict[str, Any] = {"id": running.rid}
        printed = running.printed.decode("utf-8", "replace")
        if printed:
            answer["printed"] = printed
        seconds = running.seconds
        value = _answer_of(bytes(running.result))
        if value is not None:
            answer.update(value)
        elif running.too_large:
            message = f"the problem's answer is larger than {wire.CAPS.max_bytes} bytes"
            answer.update(status="error", message=f"{message} ({running.what})")
        elif running.timed_out or _spent_its_cpu(status):
            message = f"the problem's own code took longer than {seconds:.0f} s ({running.what})"
            answer.update(status="error", message=message)
        else:
            message = (
                f"the problem's own code ended the process that ran it ({running.what}, exit "
                f"status {os.waitstatus_to_exitcode(status)}): out of memory, or it exited"
            )
            answer.update(status="error", message=message)
        self.send(answer)

    def _stop_all(self) -> None:
        for running in self.running.values():
            with contextlib.suppress(ProcessLookupError):
                os.kill(running.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(running.pid, 0)


def _spent_its_cpu(status: int) -> bool:
    """Whether RLIMIT_CPU ended the runner: on a quiet machine it can fire before the wall timer."""
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU


def _answer_of(data: bytes) -> dict | None:
    """A runner's one frame, as the codec decodes it, if that is all it wrote."""
    if len(data) < 4:
        return None
    size = int.from_bytes(data[:4], "little")
    if size != len(data) - 4:
        return None
    try:
        value = decode(data[4:], wire.CAPS)
    except CodecError:
        return None
    if not isinstance(value, dict) or value.get("status") not in ("ok", "error"):
        return None
    if value["status"] == "error":
        return {"status": "error", "message": str(value.get("message", ""))[:MESSAGE_CHARS]}
    return {"status": "ok", "value": value.get("value")}


def main() -> None:
    """The supervisor: answer requests on stdin until it closes."""
    memory = int(sys.argv[1])
    out = os.dup(1)
    os.dup2(2, 1)  # anything printed here goes to the server's log, not the answers
    # Loaded once, before any runner: what every request needs is already in memory.
    import app.bank.loader  # noqa: F401
    import app.trusted.diagnosis  # noqa: F401
    import app.trusted.prepare  # noqa: F401
    import reference_impl.knobs  # noqa: F401
    import reference_impl.numpy_ops  # noqa: F401
    import reference_impl.torch_ops  # noqa: F401

    isolate = Isolation(memory)
    supervisor = Supervisor(out, isolate)
    supervisor.send({"ready": True, "layers": isolate.layers()})
    try:
        supervisor.serve()
    finally:
        shutil.rmtree(isolate.scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
