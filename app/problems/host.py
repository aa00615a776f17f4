"""Run a problem's own code (reference, cases, mistakes, fixtures) outside the server.

An uploaded problem, or one from `SHOUSI_PROBLEMS_DIRS`, is code nobody here reviewed. The
server never imports it: it reads `problem.toml` and the texts, and asks a problem host for
everything else:

- `describe(folder)`: its mistakes' tags and messages, where each implementation lives,
  whether `build_cases(seed)` draws fresh cases;
- `fixed(folder)`: the cases of build_cases() with the reference's answers and each
  mistake's, as app.cases prepares them;
- `draw(folder, seed)`: a fresh draw of the hidden cases, prepared the same way;
- `custom(folder, case)`: a candidate's own inputs through the reference;
- `diagnose(folder, cases, messages)`: which known mistakes explain a wrong answer.

The host is two levels of process. The *supervisor* (`python -m app.problems.host`, in a
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

Nothing crosses as pickle (app.problems.wire). A request that takes longer than its limit
has its runner killed; the caller gets a `HostError` saying which. Requests run in
parallel, so a slow problem delays only the callers waiting for it. A supervisor that
sends anything malformed, or falls silent, is killed with every request in flight.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import itertools
import logging
import os
import resource
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from app.codec import CodecError, decode, encode
from app.problems import wire
from app.sandbox.protocol import FrameError, read_frame, write_frame

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
        command = [sys.executable, "-m", "app.problems.host", str(self.memory_bytes)]
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
    from app.cases import PreparedCase
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


def load_hosted(folder: Path) -> Any:
    """A problem whose own code runs only in a host: texts from its folder, the rest asked."""
    from app.problems.bank import load_texts
    from app.problems.model import SourceRef

    problem = load_texts(folder)
    described = BACKGROUND.call("describe", folder)
    try:
        problem.reference = SourceRef.of(folder, described["reference"])
        problem.mistakes = {
            str(tag): SourceRef.of(folder, ref) for tag, ref in described["mistakes"].items()
        }
        problem.mistake_messages = {
            str(tag): {"en": str(text["en"]), "zh": str(text["zh"])}
            for tag, text in described["messages"].items()
        }
        problem.seeded = bool(described["seeded"])
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise HostError(f"the problem host described {folder.name} oddly: {exc}") from None
    problem.hosted = True
    return problem


def load_served(dirs: list[Path], builtin: Path) -> Any:
    """The bank a server serves: `builtin` in this process, every other folder hosted."""
    from app.problems.bank import Bank, load_bank

    bank = Bank()
    for root in dirs:
        loaded = load_bank([root], load=None if root == builtin else load_hosted)
        for problem_id, problem in loaded.problems.items():
            if problem_id in bank.problems:
                loaded.errors.append((problem.path, f"duplicate problem id {problem_id!r}"))
            else:
                bank.problems[problem_id] = problem
        bank.errors.extend(loaded.errors)
    return bank


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
    from app import cases
    from app.diagnosis import diagnose
    from app.problems.bank import load_problem

    problem = load_problem(folder)
    if what == "describe":
        return {
            "reference": _where(problem.reference, folder),
            "mistakes": {tag: _where(v, folder) for tag, v in problem.mistakes.items()},
            "messages": problem.mistake_messages,
            "seeded": cases.takes_seed(problem),
        }
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
        from app.sandbox import isolation
        from app.sandbox.limits import SandboxLimits

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
    import app.cases  # noqa: F401
    import app.diagnosis  # noqa: F401
    import app.problems.bank  # noqa: F401
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
