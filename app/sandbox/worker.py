"""The warm worker: imports numpy and torch once, then forks one child per submission.

Run as ``python -m app.sandbox.worker``. Jobs arrive as frames on stdin; each reply frame
on stdout carries the child's raw result frames, its captured output and how it ended.
The worker holds nothing secret: no reference outputs, settings or database handles.
"""

from __future__ import annotations

import os

# One BLAS/OpenMP thread, set before torch is imported so no pool is ever started.
for _name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ[_name] = "1"

import contextlib  # noqa: E402
import gc  # noqa: E402
import resource  # noqa: E402
import selectors  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import numpy  # noqa: E402, F401 - imported here so every child starts warm
import torch  # noqa: E402

from app.codec import Caps, decode, encode  # noqa: E402
from app.sandbox import harness  # noqa: E402
from app.sandbox.limits import SandboxLimits, isolate  # noqa: E402
from app.sandbox.protocol import read_frame, write_frame  # noqa: E402

MAX_JOB_BYTES = 64 << 20
READY = b"ready"


def _child(job: dict, limits: SandboxLimits, workdir: str, result_w: int, out_w: int) -> None:
    """Body of the forked child; never returns."""
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(out_w, 2)
        os.closerange(3, result_w)
        os.closerange(result_w + 1, 1 << 16)
        isolate(limits, workdir)
        sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
        harness.run_submission(job, result_w)
        code = 0
    except BaseException:  # noqa: BLE001 - a harness failure must still end the child
        code = 70
    os._exit(code)


def run_job(job: dict) -> dict:
    """Fork a child for `job`, supervise it to its end, and collect what it sent."""
    limits = SandboxLimits.from_dict(job["limits"])
    workdir = tempfile.mkdtemp(prefix="shousi-")
    result_r, result_w = os.pipe()
    out_r, out_w = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(result_r)
        os.close(out_r)
        _child(job, limits, workdir, result_w, out_w)
    os.close(result_w)
    os.close(out_w)
    try:
        return _supervise(pid, limits, result_r, out_r, started)
    finally:
        os.close(result_r)
        os.close(out_r)
        shutil.rmtree(workdir, ignore_errors=True)


def _supervise(pid: int, limits: SandboxLimits, result_r: int, out_r: int, started: float) -> dict:
    deadline = started + limits.wall_seconds
    pidfd = os.pidfd_open(pid)
    selector = selectors.DefaultSelector()
    selector.register(result_r, selectors.EVENT_READ, "result")
    selector.register(out_r, selectors.EVENT_READ, "out")
    selector.register(pidfd, selectors.EVENT_READ, "exit")
    buffers = {"result": bytearray(), "out": bytearray()}
    caps = {"result": limits.output_bytes, "out": limits.stdout_bytes}
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
                selector.unregister(pidfd)
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
    selector.close()
    _kill_group(pid)
    _, wait_status, usage = os.wait4(pid, 0)
    os.close(pidfd)
    if status is None:
        status = "exited" if os.WIFEXITED(wait_status) else "signaled"
    return {
        "status": status,
        "exit_code": os.waitstatus_to_exitcode(wait_status),
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "max_rss_kb": usage.ru_maxrss,
        "wall_ms": (time.monotonic() - started) * 1000,
        "results": bytes(buffers["result"]),
        "stdout": bytes(buffers["out"]),
    }


def _kill_group(pid: int) -> None:
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            target()


def main() -> None:
    """Serve jobs from stdin until it closes."""
    torch.set_num_threads(1)
    harness.warm_up()
    gc.collect()
    gc.freeze()  # keep the warm heap out of every child's collections: fewer copied pages
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    stdin, stdout = sys.stdin.fileno(), sys.stdout.fileno()
    write_frame(stdout, READY)
    caps = Caps(max_bytes=MAX_JOB_BYTES, max_elements=1 << 26)
    while True:
        try:
            job = decode(read_frame(stdin, max_size=MAX_JOB_BYTES), caps)
        except OSError:
            return
        write_frame(stdout, encode(run_job(job)))


if __name__ == "__main__":
    main()
