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

from app.codec import Caps, CodecError, decode, encode
from app.sandbox import isolation
from app.sandbox.isolation import LayerReport
from app.sandbox.limits import SandboxLimits
from app.sandbox.protocol import FrameError, read_frame, split_frames, write_frame

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


class _Worker:
    def __init__(self, slot: int, config: dict, preload: bytes) -> None:
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
        write_frame(self.process.stdin.fileno(), preload)

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
        self._preload = encode({})
        self.preloaded: frozenset[str] = frozenset()
        self._closed = False
        self._lock = threading.Lock()
        self._workers: set[_Worker] = set()

    def preload(self, cases: dict[str, list]) -> None:
        """Give workers started from now on these case inputs, by key (before `start`)."""
        self._preload = encode(cases)
        self.preloaded = frozenset(cases)

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
        worker = _Worker(slot, self._config, self._preload)
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

    def run(self, job: dict, *, wait_seconds: float = 30.0) -> RunReport:
        """Run one submission job in a fresh child and return its raw report."""
        worker = self._acquire(wait_seconds)
        max_reply = self.limits.output_bytes + self.limits.stdout_bytes + (64 << 10)
        # The worker enforces the wall limit itself; this margin only catches a stuck worker.
        deadline = time.monotonic() + self.limits.wall_seconds + self.stuck_margin
        try:
            reply = worker.run(encode(job), deadline, max_reply)
            report = decode(reply, Caps(max_bytes=max_reply))
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
        )

    def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        with self._lock:
            workers = list(self._workers)
            self._workers.clear()
        for worker in workers:
            worker.kill()
