"""Trusted side of the sandbox: a pool of warm workers, replaced when they die or hang."""

from __future__ import annotations

import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from app.codec import Caps, CodecError, decode
from app.limits import SandboxLimits
from app.sandbox import isolation
from app.sandbox.isolation import LayerReport
from app.sandbox.job import Job
from app.sandbox.protocol import (
    FrameError,
    read_frame,
    result_cap,
    split_frames,
    write_frame,
)

log = logging.getLogger("shousi.sandbox")

WORKER_START_SECONDS = 60.0


class SandboxBusy(RuntimeError):
    """Every worker stayed busy for longer than the caller was willing to wait."""


class SandboxFailure(RuntimeError):
    """The worker itself failed (died or stopped answering) while running a job."""


@dataclass(frozen=True)
class RunReport:
    """How the child ended and the raw frames it produced (still untrusted bytes)."""

    status: str
    exit_code: int
    cpu_seconds: float
    wall_ms: float
    max_rss_kb: int
    frames: list[bytes]
    truncated: bool
    stdout: str
    # Bytes of output the child had written before each of its frames (load, then cases).
    marks: tuple[int, ...] = ()
    stdout_bytes: bytes = b""
    # The child's peak resident memory (kB, read by the worker from the kernel) when each
    # of its frames came in; only for jobs with a case that has its own memory cap.
    peaks_kb: tuple[int, ...] = ()

    def case_memory_kb(self, index: int) -> int | None:
        """How far case `index` raised the child's peak resident memory, if measured."""
        if index + 1 >= len(self.peaks_kb):
            return None
        return self.peaks_kb[index + 1] - self.peaks_kb[index]

    def stdout_before_case(self, index: int) -> tuple[str, int]:
        """What was printed before case `index` was handed to the child, and how many bytes
        came after. marks[i] is the output length when the child's (i+1)-th frame came in,
        and case i goes out only after the load frame and i answers: after marks[i]."""
        if index >= len(self.marks):  # the child never got that case: all of it is before
            return self.stdout, 0
        end = self.marks[index]
        return self.stdout_bytes[:end].decode("utf-8", "replace"), len(self.stdout_bytes) - end


# What a worker's reply holds (app.sandbox.worker.run_job), and the type of each.
_REPORT_FIELDS = {
    "status": str,
    "exit_code": int,
    "cpu_seconds": int | float,
    "wall_ms": int | float,
    "max_rss_kb": int,
    "results": bytes,
    "stdout": bytes,
    "marks": list,
    "peaks_kb": list,
}


def _worker_report(report: object) -> dict:
    """The worker's reply, if it has the fields and types it should; else a CodecError."""
    if not (
        isinstance(report, dict)
        and report.keys() == _REPORT_FIELDS.keys()
        and all(
            isinstance(report[key], kind) and not isinstance(report[key], bool)
            for key, kind in _REPORT_FIELDS.items()
        )
    ):
        raise CodecError("the worker's reply is malformed")
    return report


class _Worker:
    def __init__(self, slot: int, config: dict) -> None:
        self.slot = slot
        # The worker must not inherit the server's secrets either.
        passed = ("PATH", "PYTHONPATH", "TMPDIR")
        env = {key: os.environ[key] for key in passed if key in os.environ}
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app.sandbox.worker", json.dumps({**config, "slot": slot})],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            close_fds=True,
        )
        self.ready = False

    def wait_ready(self) -> None:
        deadline = time.monotonic() + WORKER_START_SECONDS
        read_frame(self.process.stdout.fileno(), max_size=16, deadline=deadline)
        self.ready = True

    def run(self, job: bytes, deadline: float, max_reply: int) -> bytes:
        write_frame(self.process.stdin.fileno(), job)
        return read_frame(self.process.stdout.fileno(), max_size=max_reply, deadline=deadline)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()


class SandboxPool:
    """A fixed number of warm workers; `run` blocks until one is free (or gives up)."""

    def __init__(
        self,
        *,
        size: int,
        limits: SandboxLimits,
        layers: LayerReport | None = None,
        private: Sequence[Path] = (),
        first_slot: int = 0,
    ) -> None:
        self.size = size
        # Slots name the workers' unprivileged uids; two pools on one host use distinct ones.
        self.first_slot = first_slot
        self.limits = limits
        self.layers = layers or isolation.probe()
        self._config = {
            "limits": limits.to_dict(),
            "plan": self.layers.plan.to_dict(),
            "private": [str(p) for p in private],
        }
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self.stuck_margin = 5.0
        self._closed = False
        self._lock = threading.Lock()
        self._workers: set[_Worker] = set()
        self._waiting = 0  # jobs waiting for an idle worker (for /metrics)
        self._busy = 0  # workers running a job

    def start(self, *, wait: bool = True) -> None:
        """Spawn the workers; with wait=False they warm up in the background."""
        threads = [
            threading.Thread(target=self._spawn, args=(slot,), daemon=True)
            for slot in range(self.first_slot, self.first_slot + self.size)
        ]
        for thread in threads:
            thread.start()
        if wait:
            for thread in threads:
                thread.join()

    def _spawn(self, slot: int) -> None:
        if self._closed:
            return
        worker = _Worker(slot, self._config)
        with self._lock:
            self._workers.add(worker)
        try:
            worker.wait_ready()
        except (OSError, FrameError):
            if not self._closed:
                log.exception("sandbox worker failed to start")
            self._discard(worker)
            return
        self._idle.put(worker)

    def _discard(self, worker: _Worker) -> None:
        worker.kill()
        with self._lock:
            self._workers.discard(worker)

    def _replace(self, worker: _Worker) -> None:
        self._discard(worker)
        threading.Thread(target=self._spawn, args=(worker.slot,), daemon=True).start()

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers."""
        with self._lock:
            return [worker.process.pid for worker in self._workers]

    @property
    def ready_workers(self) -> int:
        """Workers currently idle and warm."""
        return self._idle.qsize()

    def _acquire(self, wait_seconds: float) -> _Worker:
        """An idle, live worker; a worker found dead while idle is replaced, not used."""
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                worker = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise SandboxBusy("all sandbox workers are busy") from None
            if worker.process.poll() is None:
                return worker
            log.warning("sandbox worker %d died while idle; replacing it", worker.process.pid)
            self._replace(worker)

    @property
    def waiting_jobs(self) -> int:
        """Jobs waiting for an idle worker now."""
        return self._waiting

    @property
    def busy_workers(self) -> int:
        """Workers running a job now."""
        return self._busy

    def _count(self, name: str, step: int) -> None:
        with self._lock:
            setattr(self, name, getattr(self, name) + step)

    def run(self, job: Job, *, wait_seconds: float = 30.0) -> RunReport:
        """Run one submission job in a fresh child; the raw report."""
        self._count("_waiting", 1)
        try:
            worker = self._acquire(wait_seconds)
        finally:
            self._count("_waiting", -1)
        self._count("_busy", 1)
        try:
            return self._run_on(worker, job)
        finally:
            self._count("_busy", -1)

    def _run_on(self, worker: _Worker, job: Job) -> RunReport:
        max_reply = result_cap(self.limits.output_bytes) + self.limits.stdout_bytes + (64 << 10)
        # The worker enforces the wall limit itself; this margin only catches a stuck worker.
        deadline = time.monotonic() + self.limits.wall_seconds + self.stuck_margin
        try:
            reply = worker.run(job.frames(), deadline, max_reply)
            report = _worker_report(decode(reply, Caps(max_bytes=max_reply)))
        except (OSError, FrameError, CodecError) as exc:
            log.warning("sandbox worker lost (%s); replacing it", exc)
            self._replace(worker)
            raise SandboxFailure(str(exc)) from exc
        self._idle.put(worker)
        if report["status"] == "isolation_failed":
            raise SandboxFailure("the sandbox could not apply its isolation layers")
        frames, truncated = split_frames(report["results"])
        return RunReport(
            status=report["status"],
            exit_code=report["exit_code"],
            cpu_seconds=report["cpu_seconds"],
            wall_ms=report["wall_ms"],
            max_rss_kb=report["max_rss_kb"],
            frames=frames,
            truncated=truncated,
            stdout=report["stdout"].decode("utf-8", "replace"),
            marks=tuple(mark for mark in report["marks"] if isinstance(mark, int)),
            stdout_bytes=report["stdout"],
            peaks_kb=tuple(peak for peak in report["peaks_kb"] if isinstance(peak, int)),
        )

    def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        with self._lock:
            workers = list(self._workers)
            self._workers.clear()
        for worker in workers:
            worker.kill()
