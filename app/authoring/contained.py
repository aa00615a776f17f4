"""Validating a problem nobody has checked yet, in a process of its own.

An uploaded problem's reference, cases and mistakes are code nobody here reviewed: buggy (a
reference that loops forever, a `cases.py` that allocates 50 GB) or hostile. The checker,
`shousi problems validate --contained`, runs none of it itself: the problem's code runs in
the problem host's runners (app.trusted.host: their own uid, Landlock, seccomp, no
network, a pid namespace) and its reference and mistakes as submissions in the sandbox.
The checker runs in a child process with an allow-listed environment, an address-space
cap, a CPU-time cap and a wall-clock timeout, in its own process group (killed whole at
the timeout), so the server or the command that asked is unharmed. What it prints is the
report: the problem's own output reaches it only as labelled, bounded excerpts.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WALL_SECONDS = 300.0
CPU_SECONDS = 240
MEMORY_MB = 6144  # the checker, torch and one sandbox worker fit; 50 GB does not
MAX_OUTPUT = 1 << 20
# What the checker may see of the server's environment: no database, no keys.
PASSED_ENV = ("PATH", "HOME", "LANG", "PYTHONPATH", "TMPDIR")


@dataclass(frozen=True)
class Contained:
    """How a contained validation ended: `ok`, its printed report, and why it stopped
    early when it did ("timeout", "memory", "crashed"), with the exit status."""

    ok: bool
    output: str
    stopped: str | None
    exit_code: int | None

    def summary(self) -> str:
        """One line for a person."""
        if self.ok:
            return "valid"
        return {
            "timeout": "stopped: validation took longer than the time allowed; "
            "does the reference or cases.py loop forever?",
            "memory": "stopped: validation needed more memory than allowed; "
            "does cases.py or the reference build something too large?",
            "crashed": "stopped: validation crashed before it could report (see the output)",
        }.get(self.stopped or "", "not valid: see the report")


def _limits(memory_mb: int, cpu_seconds: int) -> None:  # runs in the child, before exec
    os.setsid()
    space = memory_mb << 20
    resource.setrlimit(resource.RLIMIT_AS, (space, space))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def validate_contained(
    folder: Path,
    *,
    wall_seconds: float | None = None,
    cpu_seconds: int | None = None,
    memory_mb: int | None = None,
) -> Contained:
    """Run `shousi problems validate FOLDER` in a limited child; how it ended (limits
    default to this module's WALL_SECONDS, CPU_SECONDS and MEMORY_MB)."""
    wall_seconds = wall_seconds or WALL_SECONDS
    cpu_seconds = cpu_seconds or CPU_SECONDS
    memory_mb = memory_mb or MEMORY_MB
    env = {key: os.environ[key] for key in PASSED_ENV if key in os.environ}
    env.update({"SHOUSI_WORKERS": "1", "PYTHONDONTWRITEBYTECODE": "1"})
    with tempfile.TemporaryFile() as out:  # a file, not a pipe: a chatty child cannot block
        process = subprocess.Popen(
            # --contained: the problem's own code runs only in the problem host's runners.
            [sys.executable, "-m", "app", "problems", "validate", "--contained"]
            # One process (its limits are one process's), and a real run: never the cache.
            + ["--jobs", "1", "--no-cache", str(folder)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: _limits(memory_mb, cpu_seconds),  # noqa: PLW1509 - no threads in the child yet
        )
        try:
            code = process.wait(timeout=wall_seconds)
            timed_out = False
        except subprocess.TimeoutExpired:
            timed_out = True
            code = None
        finally:
            # The checker and everything it started (its sandbox workers).
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        out.seek(0)
        output = out.read(MAX_OUTPUT).decode("utf-8", "replace")
    if timed_out:
        return Contained(False, output, "timeout", None)
    if code == 0:
        return Contained(True, output, None, 0)
    # The problem host's own words (app.trusted.host) when it stopped the problem's code.
    hosted_memory = ("its own code ran out of memory", "out of memory, or it exited")
    killed = code in (-signal.SIGKILL, -signal.SIGSEGV)
    if killed or any(words in output for words in ("MemoryError", *hosted_memory)):
        stopped = "memory"
    elif code == -signal.SIGXCPU or "the problem's own code took longer than" in output:
        stopped = "timeout"
    elif code == 1 and ("valid," in output):
        stopped = None  # it ran to the end and found problems
    else:
        stopped = "crashed"
    return Contained(False, output, stopped, code)
