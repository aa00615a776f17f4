"""The warm worker: imports numpy and torch once, then forks one child per submission.

Run as ``python -m app.sandbox.worker CONFIG_JSON``. The child for the next job is forked
and fully isolated *before* that job arrives, so a job only pays for writing its bytes to
a pipe. Jobs arrive as frames on stdin; each reply on stdout carries the child's raw result
frames, its captured output and how it ended. The worker holds nothing secret: no reference
outputs, settings or database handles, and it never decodes what a child sends.
"""

from __future__ import annotations

import os

# One BLAS/OpenMP thread, set before torch is imported so no pool is ever started.
for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ[_name] = "1"

import contextlib  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import resource  # noqa: E402
import selectors  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import struct  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy  # noqa: E402, F401 - imported here so every child starts warm
import torch  # noqa: E402

from app.codec import Caps, decode, encode  # noqa: E402
from app.limits import SandboxLimits  # noqa: E402
from app.sandbox import harness, hugepages, isolation, landlock, reach  # noqa: E402
from app.sandbox.job import Header, Job, read_header  # noqa: E402
from app.sandbox.protocol import (  # noqa: E402
    DONE,
    DONE_FRAME,
    EXIT_HARNESS_FAILED,
    EXIT_ISOLATION_FAILED,
    FrameScanner,
    read_frame,
    result_cap,
    split_frames,
    write_frame,
)

MAX_JOB_BYTES = 64 << 20
# The job comes from the trusted side; its header holds the code, which JSON escaping can
# make six times longer than the 64 KiB limit on code.
_JOB_CAPS = Caps(max_bytes=MAX_JOB_BYTES, max_header=MAX_JOB_BYTES, max_elements=1 << 26)
READY = b"ready"


@dataclass
class Config:
    """What the pool tells a worker when it starts it."""

    slot: int
    limits: SandboxLimits
    plan: isolation.Plan
    private: list[Path]
    ruleset_fd: int | None = None

    @classmethod
    def from_json(cls, text: str) -> Config:
        """Parse the worker's command-line argument."""
        data = json.loads(text)
        return cls(
            slot=data["slot"],
            limits=SandboxLimits.from_dict(data["limits"]),
            plan=isolation.Plan(**data["plan"]),
            private=[Path(p) for p in data["private"]],
        )


@dataclass
class Armed:
    """A child forked and isolated ahead of time, waiting for its job."""

    pid: int
    pidfd: int
    job_w: int
    result_r: int
    out_r: int
    workdir: str

    def close(self) -> None:
        for fd in (self.job_w, self.result_r, self.out_r, self.pidfd):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.workdir, ignore_errors=True)


def _child(
    config: Config,
    workdir: str,
    job_r: int,
    result_w: int,
    out_w: int,
    expect: Forbidden | None = None,
) -> None:
    """Body of the forked child; never returns."""
    code = 0
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(out_w, 2)
        keep = sorted({job_r, result_w, *([config.ruleset_fd] if config.ruleset_fd else [])})
        low = 3
        for fd in keep:
            os.closerange(low, fd)
            low = fd + 1
        os.closerange(low, 1 << 16)
        try:
            isolation.apply(
                plan=config.plan,
                limits=config.limits,
                workdir=workdir,
                slot=config.slot,
                ruleset_fd=config.ruleset_fd,
            )
        except BaseException:  # noqa: BLE001 - never run user code with a layer missing
            os._exit(EXIT_ISOLATION_FAILED)
        if config.ruleset_fd is not None:
            os.close(config.ruleset_fd)
        sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
        # While waiting for the job: first the paths every job takes, on made-up data (before
        # any trap, which could forbid what they use)...
        with contextlib.suppress(Exception):
            harness.rehearse()
        # ...then the traps the last job had, likely the next one's too. They are sealed or
        # taken back when the job arrives, before its code runs.
        ready = None
        if expect is not None:
            with contextlib.suppress(Exception):
                ready = harness.Traps(*expect)
        try:
            raw = read_frame(job_r, max_size=MAX_JOB_BYTES)
        except OSError:
            os._exit(0)  # the worker went away before sending a job
        job = Job.from_header(decode(raw, _JOB_CAPS))

        def next_case() -> dict | None:
            # The worker sends a case only once the child has answered the one before.
            try:
                frame = read_frame(job_r, max_size=MAX_JOB_BYTES)
            except OSError:
                return None  # no more cases: the worker closed the pipe
            return decode(frame, _JOB_CAPS)

        harness.run_submission(
            job, result_w, next_case, max_output=config.limits.output_bytes, ready=ready
        )
        sys.stdout.flush()
        sys.stderr.flush()
        write_frame(result_w, DONE)
    except BaseException:  # noqa: BLE001 - a harness failure must still end the child
        code = EXIT_HARNESS_FAILED
    os._exit(code)


# The forbidden APIs and kernel stems of a job, as the harness's Traps take them.
Forbidden = tuple[list[str], list[str]]


def arm(config: Config, expect: Forbidden | None = None) -> Armed:
    """Fork and isolate the child that will run the next job, with `expect`'s traps ready."""
    workdir = tempfile.mkdtemp(prefix="shousi-")
    if config.plan.uid:
        os.chown(workdir, isolation.slot_uid(config.slot), isolation.slot_uid(config.slot))
    job_r, job_w = os.pipe()
    result_r, result_w = os.pipe()
    out_r, out_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        for fd in (job_w, result_r, out_r):
            os.close(fd)
        _child(config, workdir, job_r, result_w, out_w, expect)
    for fd in (job_r, result_w, out_w):
        os.close(fd)
    return Armed(pid, os.pidfd_open(pid), job_w, result_r, out_r, workdir)


def run_job(
    armed: Armed, frames: list[bytes], limits: SandboxLimits, header: Header
) -> tuple[dict, int | None]:
    """Hand a job to the armed child, supervise it to its end, and collect what it sent.

    `frames` are the job's (app.sandbox.job): its header, then one frame per case. The child
    gets the header at once and each case only after answering the one before, so the code
    under test never holds the inputs of a case it is not running (nor can it read ahead).

    Returns the report and, when the child finished cleanly, its pid still to be reaped:
    tearing down a process that mapped torch takes milliseconds, so it happens after the
    reply has been sent.
    """
    started = time.monotonic()
    try:
        # A child that died while armed breaks the pipe; its exit status tells how it died.
        with contextlib.suppress(BrokenPipeError):
            write_frame(armed.job_w, frames[0])
        # Only a job with a memory-capped case pays for reading the child's peak memory.
        return _supervise(armed, limits, started, frames[1:], header.measure_memory)
    finally:
        armed.close()


def _peak_kb(pid: int) -> int:
    """The process's peak resident memory so far (VmHWM), from the kernel; 0 if unknown."""
    with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def _supervise(
    armed: Armed,
    limits: SandboxLimits,
    started: float,
    cases: list[bytes],
    measure: bool = False,
) -> tuple[dict, int | None]:
    deadline = started + limits.wall_seconds
    selector = selectors.DefaultSelector()
    selector.register(armed.result_r, selectors.EVENT_READ, "result")
    selector.register(armed.out_r, selectors.EVENT_READ, "out")
    selector.register(armed.pidfd, selectors.EVENT_READ, "exit")
    buffers = {"result": bytearray(), "out": bytearray()}
    caps = {"result": result_cap(limits.output_bytes), "out": limits.stdout_bytes}
    feed = _CaseFeed(armed, cases, selector)
    frames = FrameScanner(caps["result"])
    os.set_blocking(armed.out_r, False)  # drained at each answer without waiting
    # Bytes of output written before each answer (the load frame, then each case's), so
    # the trusted side can tell what was printed during which case.
    marks: list[int] = []
    peaks: list[int] = []  # the child's peak memory at each answer, when measured
    status = None
    exited = False
    open_pipes = 2
    feed.advance(0)
    while open_pipes and status is None:
        timeout = deadline - time.monotonic()
        if timeout <= 0:
            status = "timeout"
            break
        # After the child is gone, only drain what is already buffered.
        events = selector.select(0 if exited else timeout)
        if exited and not events:
            break
        for key, _ in events:
            if key.data == "exit":
                exited = True
                selector.unregister(armed.pidfd)
                continue
            if key.data == "job":
                feed.write()
                continue
            try:
                chunk = os.read(key.fd, 1 << 16)
            except BlockingIOError:  # drained already, after an answer earlier in this batch
                continue
            if not chunk:
                selector.unregister(key.fd)
                open_pipes -= 1
                continue
            room = caps[key.data] - len(buffers[key.data])
            buffers[key.data] += chunk[:room]
            if len(chunk) > room and key.data == "result":
                status = "output_limit"
            elif key.data == "result" and buffers["result"].endswith(DONE_FRAME):
                status = "done"
            if key.data == "result":
                answered = frames.count(buffers["result"])
                if status is None and frames.fault(buffers["result"]):
                    status = "malformed"  # the code wrote on the result pipe: stop at once
                    continue
                if answered > len(marks):
                    # Everything the child printed before this answer is in the pipe by now.
                    _drain(armed.out_r, buffers["out"], limits.stdout_bytes)
                    if measure:  # before the next case goes out
                        peaks += [_peak_kb(armed.pid)] * (answered - len(marks))
                    marks += [len(buffers["out"])] * (answered - len(marks))
                    feed.advance(answered)
    selector.close()
    _kill_group(armed.pid)
    report = {
        "status": status,
        "exit_code": 0,
        "cpu_seconds": 0.0,
        "max_rss_kb": 0,
        "wall_ms": (time.monotonic() - started) * 1000,
        "results": bytes(buffers["result"]),
        "stdout": bytes(buffers["out"]),
        "marks": marks,
        "peaks_kb": peaks,
    }
    if status == "done":
        _drain(armed.out_r, buffers["out"], limits.stdout_bytes)
        report.update(
            status="exited",
            results=report["results"][: -len(DONE_FRAME)],
            stdout=bytes(buffers["out"]),
        )
        return report, armed.pid
    _, wait_status, usage = os.wait4(armed.pid, 0)
    exit_code = os.waitstatus_to_exitcode(wait_status)
    if status is None:
        status = "exited" if os.WIFEXITED(wait_status) else "signaled"
        if exit_code == EXIT_ISOLATION_FAILED:
            status = "isolation_failed"
        elif status == "exited" and frames.partial(buffers["result"]):
            # The harness writes whole frames: half of one left behind is the code's doing.
            status = "malformed"
    report.update(
        status=status,
        exit_code=exit_code,
        max_rss_kb=usage.ru_maxrss,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
    )
    return report, None


class _CaseFeed:
    """Writes case frames to the child's job pipe, one per answer it has given, never ahead.

    Writes are non-blocking (a case with module weights can be larger than the pipe), and
    the pipe is closed after the last case, which is how the child learns there are no more.
    """

    def __init__(self, armed: Armed, cases: list[bytes], selector: selectors.BaseSelector):
        self.armed, self.cases, self.selector = armed, cases, selector
        self.sent = 0
        self.pending = bytearray()
        os.set_blocking(armed.job_w, False)

    def advance(self, answered: int) -> None:
        """Queue the next case once the child has answered everything sent (load included)."""
        while self.sent < len(self.cases) and answered >= self.sent + 1:
            frame = self.cases[self.sent]
            self.pending += struct.pack("<I", len(frame)) + frame
            self.sent += 1
        self.write()

    def write(self) -> None:
        """Write what is pending; close the pipe after the last case."""
        if self.armed.job_w < 0:
            return
        try:
            while self.pending:
                written = os.write(self.armed.job_w, self.pending)
                del self.pending[:written]
        except BlockingIOError:
            pass
        except OSError:  # the child is gone (EPIPE): nothing more to feed
            self.pending.clear()
            self.sent = len(self.cases)
        waiting = bool(self.pending)
        registered = self.armed.job_w in self.selector.get_map()
        if waiting and not registered:
            self.selector.register(self.armed.job_w, selectors.EVENT_WRITE, "job")
        elif not waiting and registered:
            self.selector.unregister(self.armed.job_w)
        if not waiting and self.sent == len(self.cases):
            os.close(self.armed.job_w)
            self.armed.job_w = -1


def _drain(fd: int, buffer: bytearray, cap: int) -> None:
    """Read what is already in a (non-blocking) pipe without waiting for more."""
    with contextlib.suppress(BlockingIOError, OSError):
        while chunk := os.read(fd, 1 << 16):
            buffer += chunk[: max(0, cap - len(buffer))]


def _kill_group(pid: int) -> None:
    for kill in (os.killpg, os.kill):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill(pid, signal.SIGKILL)


def main() -> None:
    """Warm up, then serve jobs from stdin until it closes."""
    config = Config.from_json(sys.argv[1])
    stdin, stdout = sys.stdin.fileno(), sys.stdout.fileno()
    if config.plan.netns:
        isolation.enter_empty_network_namespace()
    torch.set_num_threads(1)
    harness.warm_up()
    if config.plan.uid:  # after warming up: the worker itself needs nothing more from disk
        reach.grant(landlock.readable_paths(config.private), isolation.slot_uid(config.slot))
    if config.plan.landlock:
        config.ruleset_fd = landlock.build_ruleset(
            config.private, signal_scope=config.plan.landlock_signal_scope
        )
        os.set_inheritable(config.ruleset_fd, True)
    gc.collect()
    gc.freeze()  # keep the warm heap out of every child's collections: fewer copied pages
    hugepages.collapse_anonymous_memory()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    armed = arm(config)
    write_frame(stdout, READY)
    while True:
        try:
            job = read_frame(stdin, max_size=MAX_JOB_BYTES)
        except OSError:
            armed.close()
            _kill_group(armed.pid)
            return
        frames, _ = split_frames(job)
        header = read_header(frames[0], _JOB_CAPS) if frames else Header(None, False)
        report, pending = run_job(armed, frames or [b""], config.limits, header)
        write_frame(stdout, encode(report))
        if pending is not None:
            os.waitpid(pending, 0)
        # After replying, off the grading path: reaping, forking, and the next child's traps
        # (the same problem is the likeliest next job).
        armed = arm(config, header.forbidden)


if __name__ == "__main__":
    main()
