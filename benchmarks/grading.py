"""End-to-end grading benchmark: latency, throughput, a naive runner, and memory.

    .venv/bin/python benchmarks/grading.py [--seconds 15] [--clients 8] [--json out.json]

Starts `shousi serve` on a free port and measures, in one run:

(a) HTTP submission latency (p50/p95/p99) for scaled-dot-product-attention and
    multi-head-attention in submit mode, one client at a time;
(b) sustained gradings per second with concurrent clients (mixed problems);
(c) the same submissions through a naive runner that starts a new Python and imports
    torch for each one, and the ratio between the two;
(d) the resident memory of the server and of its sandbox workers.

Uses only the standard library; nothing here talks to anything but 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = ("scaled-dot-product-attention", "multi-head-attention")
NAIVE_RUNNER = """
import sys, numpy, torch
source = sys.stdin.read()
namespace = {}
exec(compile(source, "solution.py", "exec"), namespace)
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


class Client:
    """One candidate: a keep-alive HTTP connection that keeps its session cookie."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = ""

    def submit(self, problem: str, code: str) -> tuple[int, dict]:
        body = json.dumps({"code": code, "mode": "submit"})
        headers = {"content-type": "application/json"}
        if self.cookie:
            headers["cookie"] = self.cookie
        self.conn.request("POST", f"/api/problems/{problem}/submissions", body, headers)
        response = self.conn.getresponse()
        # The first submission makes this candidate's (anonymous) learner; later ones are
        # theirs too, as a browser's would be.
        set_cookie = response.getheader("set-cookie")
        if set_cookie:
            self.cookie = set_cookie.split(";", 1)[0]
        return response.status, json.loads(response.read())

    def get(self, path: str) -> dict:
        self.conn.request("GET", path)
        return json.loads(self.conn.getresponse().read())


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def descendants(pid: int) -> list[int]:
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        found += [int(c) for c in children]
        stack += [int(c) for c in children]
    return found


def start_server(port: int, workers: int | None) -> subprocess.Popen:
    # All clients here share one address: lift the per-client share, which would otherwise
    # (rightly) turn most of them away with a 429, and the cap on its connections.
    env = {
        **os.environ,
        "SHOUSI_LOG_LEVEL": "warning",
        "SHOUSI_CLIENT_LIMIT": "64",
        "SHOUSI_CONNECTIONS_PER_ADDRESS": "0",
    }
    if workers:
        env["SHOUSI_WORKERS"] = str(workers)
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            health = Client(port).get("/healthz")
            draws = health.get("hidden_draws", {})
            # Steady state: workers warm and the start-up draws of hidden cases made.
            drawn = draws.get("wanted", 0) and draws.get("ready", 0) >= draws["wanted"]
            if health["workers_ready"] == health["workers"] and drawn:
                return process
        except (OSError, ValueError, http.client.HTTPException):
            pass
        time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not become ready")


def every_problem(port: int, count: int) -> dict:
    """Submit latency of each problem's own solution.py, a few times each."""
    figures = {}
    for row in Client(port).get("/api/problems"):
        code = (ROOT / "problems" / row["id"] / "solution.py").read_text()
        figures[row["id"]] = latency(port, row["id"], code, count, warm=2)
    return figures


def latency(port: int, problem: str, code: str, count: int, warm: int = 10) -> dict:
    client = Client(port)
    for _ in range(warm):  # warm-up: reference outputs, connection, caches
        client.submit(problem, code)
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        status, body = client.submit(problem, code)
        samples.append((time.perf_counter() - started) * 1000)
        assert status == 200 and body["verdict"] == "accepted", body
    return {
        "p50": percentile(samples, 50),
        "p95": percentile(samples, 95),
        "p99": percentile(samples, 99),
        "mean": statistics.fmean(samples),
        "n": count,
    }


def throughput(port: int, codes: dict[str, str], clients: int, seconds: float) -> dict:
    counts = {"ok": 0, "busy": 0, "error": 0}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def run(index: int) -> None:
        client = Client(port)
        problem = PROBLEMS[index % len(PROBLEMS)]
        while time.monotonic() < stop:
            status, body = client.submit(problem, codes[problem])
            key = (
                "ok"
                if status == 200 and body.get("verdict") == "accepted"
                else "busy"
                if status in (429, 503)
                else "error"
            )
            with lock:
                counts[key] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    return {**counts, "seconds": elapsed, "per_second": counts["ok"] / elapsed, "clients": clients}


def naive(code: str, count: int) -> dict:
    """A new interpreter per submission that imports numpy and torch, then runs the code."""
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", NAIVE_RUNNER],
            input=code,
            text=True,
            check=True,
            env={**os.environ, "OMP_NUM_THREADS": "1"},
        )
        samples.append((time.perf_counter() - started) * 1000)
    return {"p50": percentile(samples, 50), "mean": statistics.fmean(samples), "n": count}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300, help="latency samples per problem")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients")
    parser.add_argument("--seconds", type=float, default=15.0, help="throughput duration")
    parser.add_argument("--naive", type=int, default=10, help="naive-runner submissions")
    parser.add_argument("--workers", type=int, default=None, help="SHOUSI_WORKERS")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--every-problem",
        type=int,
        default=0,
        metavar="N",
        help="also time N submits of every problem's solution.py, against the first's p50",
    )
    args = parser.parse_args()

    codes = {p: (ROOT / "problems" / p / "solution.py").read_text() for p in PROBLEMS}
    port = free_port()
    server = start_server(port, args.workers)
    try:
        health = Client(port).get("/healthz")
        report: dict = {
            "workers": health["workers"],
            "cpus": os.cpu_count(),
            "layers": [k for k, v in health["sandbox"].items() if v["active"]],
        }
        report["latency_ms"] = {p: latency(port, p, codes[p], args.requests) for p in PROBLEMS}
        report["throughput"] = throughput(port, codes, args.clients, args.seconds)
        if args.every_problem:
            report["every_problem_ms"] = every_problem(port, args.every_problem)
        helpers = descendants(server.pid)
        report["rss_mb"] = {
            "server": rss_mb(server.pid),
            "server_and_workers": rss_mb(server.pid) + sum(map(rss_mb, helpers)),
        }
    finally:
        server.terminate()
        server.wait(timeout=30)
    report["naive_ms"] = naive(codes[PROBLEMS[0]], args.naive)
    ours = report["latency_ms"][PROBLEMS[0]]
    report["naive_ratio_latency"] = report["naive_ms"]["p50"] / ours["p50"]
    report["naive_ratio_throughput"] = report["throughput"]["per_second"] / (
        1000 / report["naive_ms"]["mean"] * min(os.cpu_count() or 1, args.clients)
    )

    print(
        f"workers: {report['workers']} on {report['cpus']} CPUs; "
        f"sandbox layers: {', '.join(report['layers'])}"
    )
    for problem, figures in report["latency_ms"].items():
        print(
            f"latency {problem:<30} p50 {figures['p50']:6.1f} ms  p95 {figures['p95']:6.1f} ms"
            f"  p99 {figures['p99']:6.1f} ms  (n={figures['n']})"
        )
    t = report["throughput"]
    print(
        f"throughput: {t['per_second']:.1f} gradings/s with {t['clients']} clients "
        f"({t['ok']} accepted, {t['busy']} busy, {t['error']} errors in {t['seconds']:.1f} s)"
    )
    n = report["naive_ms"]
    print(f"naive runner (new python + import torch): p50 {n['p50']:.0f} ms per submission")
    print(
        f"ratio: {report['naive_ratio_latency']:.0f}x lower latency, "
        f"{report['naive_ratio_throughput']:.0f}x more gradings/s than the naive runner"
    )
    print(
        f"memory: server {report['rss_mb']['server']:.0f} MB RSS; with workers "
        f"{report['rss_mb']['server_and_workers']:.0f} MB"
    )
    if args.every_problem:
        base = report["latency_ms"][PROBLEMS[0]]["p50"]
        print(f"every problem's submit, p50 against {PROBLEMS[0]}'s {base:.1f} ms:")
        ranked = sorted(report["every_problem_ms"].items(), key=lambda item: -item[1]["p50"])
        for problem, figures in ranked:
            ratio = figures["p50"] / base
            flag = "  over 3x" if ratio > 3 else ""
            print(f"  {problem:<30} p50 {figures['p50']:7.1f} ms  {ratio:4.1f}x{flag}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
