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
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy  # noqa: E402, F401 - imported here so every child starts warm
import torch  # noqa: E402

from app.codec import Caps, decode, encode  # noqa: E402
from app.sandbox import harness, hugepages, isolation, landlock, reach  # noqa: E402
from app.sandbox.limits import SandboxLimits  # noqa: E402
from app.sandbox.protocol import (  # noqa: E402
    DONE,
    DONE_FRAME,
    EXIT_HARNESS_FAILED,
    EXIT_ISOLATION_FAILED,
    read_frame,
    write_frame,
)

MAX_JOB_BYTES = 64 << 20
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


def _child(config: Config, workdir: str, job_r: int, result_w: int, out_w: int) -> None:
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
        try:
            raw = read_frame(job_r, max_size=MAX_JOB_BYTES)
        except OSError:
            os._exit(0)  # the worker went away before sending a job
        os.close(job_r)
        job = decode(raw, Caps(max_bytes=MAX_JOB_BYTES, max_elements=1 << 26))
        harness.run_submission(job, result_w, max_output=config.limits.output_bytes)
        sys.stdout.flush()
        sys.stderr.flush()
        write_frame(result_w, DONE)
    except BaseException:  # noqa: BLE001 - a harness failure must still end the child
        code = EXIT_HARNESS_FAILED
    os._exit(code)


def arm(config: Config) -> Armed:
    """Fork and isolate the child that will run the next job."""
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
        _child(config, workdir, job_r, result_w, out_w)
    for fd in (job_r, result_w, out_w):
        os.close(fd)
    return Armed(pid, os.pidfd_open(pid), job_w, result_r, out_r, workdir)


def run_job(armed: Armed, job: bytes, limits: SandboxLimits) -> tuple[dict, int | None]:
    """Hand `job` to the armed child, supervise it to its end, and collect what it sent.

    Returns the report and, when the child finished cleanly, its pid still to be reaped:
    tearing down a process that mapped torch takes milliseconds, so it happens after the
    reply has been sent.
    """
    started = time.monotonic()
    try:
        # A child that died while armed breaks the pipe; its exit status tells how it died.
        with contextlib.suppress(BrokenPipeError):
            write_frame(armed.job_w, job)
        os.close(armed.job_w)
        armed.job_w = -1
        return _supervise(armed, limits, started)
    finally:
        armed.close()


def _supervise(armed: Armed, limits: SandboxLimits, started: float) -> tuple[dict, int | None]:
    deadline = started + limits.wall_seconds
    selector = selectors.DefaultSelector()
    selector.register(armed.result_r, selectors.EVENT_READ, "result")
    selector.register(armed.out_r, selectors.EVENT_READ, "out")
    selector.register(armed.pidfd, selectors.EVENT_READ, "exit")
    buffers = {"result": bytearray(), "out": bytearray()}
    caps = {"result": limits.output_bytes + len(DONE_FRAME), "out": limits.stdout_bytes}
    status = None
    exited = False
    open_pipes = 2
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
            chunk = os.read(key.fd, 1 << 16)
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
    report.update(
        status=status,
        exit_code=exit_code,
        max_rss_kb=usage.ru_maxrss,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
    )
    return report, None


def _drain(fd: int, buffer: bytearray, cap: int) -> None:
    """Read what is already in a pipe without waiting for more."""
    os.set_blocking(fd, False)
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
    # Case inputs of every problem, sent once: children inherit them instead of decoding
    # them from every job. Inputs only; expected outputs never reach a worker.
    harness.PRELOADED.update(
        decode(
            read_frame(stdin, max_size=MAX_JOB_BYTES),
            Caps(max_bytes=MAX_JOB_BYTES, max_elements=1 << 26),
        )
    )
    if config.plan.netns:
        isolation.enter_empty_network_namespace()
    torch.set_num_threads(1)
    harness.warm_up()
    if config.plan.uid:  # after warming up: the worker itself needs nothing more from disk
        reach.grant(landlock.readable_paths(config.private), isolation.slot_uid(config.slot))
    if config.plan.landlock:
        config.ruleset_fd = landlock.build_ruleset(config.private)
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
        report, pending = run_job(armed, job, config.limits)
        write_frame(stdout, encode(report))
        if pending is not None:
            os.waitpid(pending, 0)
        armed = arm(config)  # after replying: reaping and forking are off the grading path


if __name__ == "__main__":
    main()
