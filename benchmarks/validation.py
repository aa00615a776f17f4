"""Whole-bank validation benchmark: wall and CPU time of `shousi problems validate`.

    .venv/bin/python benchmarks/validation.py [--runs 3] [--jobs N] [--checkout DIR] [DIR ...]

Runs `python -m app problems validate --no-cache` (every problem validated for real) `--runs`
times in the checkout (this one by default; `--checkout` times another, e.g. a `git worktree`
of an older commit, whose own command is run as it was, without the flags it did not have:
`--old`), then twice more (filling the cache, then from it). Prints the median wall and CPU
seconds (CPU: user + system of the command and every process it waited for). Standard
library only.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(command: list[str], cwd: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, exit status) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        sys.stderr.write(done.stderr.decode(errors="replace")[-2000:])
    return wall, cpu, done.returncode


def main() -> None:
    """Time cold and cached whole-bank validations and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dirs", nargs="*", help="problem directories (default: the bank)")
    parser.add_argument("--runs", type=int, default=3, help="cold runs")
    parser.add_argument("--jobs", type=int, default=None, help="--jobs for the command")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout to time")
    parser.add_argument(
        "--old", action="store_true", help="the checkout's command has no --no-cache/--jobs"
    )
    args = parser.parse_args()
    base = [sys.executable, "-m", "app", "problems", "validate", *args.dirs]
    cold = base if args.old else [*base, "--no-cache"]
    if args.jobs and not args.old:
        cold += ["--jobs", str(args.jobs)]
    print(f"checkout {args.checkout}; {os.cpu_count()} CPUs; command: {' '.join(cold[1:])}")
    walls, cpus = [], []
    for run in range(args.runs):
        wall, cpu, status = timed(cold, args.checkout)
        walls.append(wall)
        cpus.append(cpu)
        print(f"cold run {run + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, exit {status}", flush=True)
    print(
        f"cold: median {statistics.median(walls):.1f} s wall "
        f"(min {min(walls):.1f}, max {max(walls):.1f}), {statistics.median(cpus):.1f} s CPU"
    )
    if not args.old:
        warm = [c for c in cold if c != "--no-cache"]
        timed(warm, args.checkout)  # fills the cache
        wall, cpu, status = timed(warm, args.checkout)
        print(f"cached: {wall:.1f} s wall, {cpu:.1f} s CPU, exit {status}")


if __name__ == "__main__":
    main()
