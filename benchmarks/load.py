"""Load test: many simulated candidates against several replicas behind a reverse proxy.

    .venv/bin/pip install -e '.[bench]'        # Locust
    apt-get install -y nginx postgresql        # the proxy and the database (Debian)
    .venv/bin/python benchmarks/load.py [--users 200] [--minutes 5] [--replicas 3]
        [--kill-after SECONDS] [--json out.json] [--compose]

Two deployments, both reached only through 127.0.0.1:
- native (the default): a throwaway PostgreSQL cluster (tests/postgres.py: a unix socket in a
  temporary folder, fsync off, removed afterwards), N replicas of `shousi serve` with one
  sandbox worker each, every one on that database, and nginx in front of them (round robin;
  a replica that refuses connections is skipped);
- --compose: the shipped deploy/compose/docker-compose.yml, `up --scale app=N` under a project
  name of its own on a free port, torn down with its volume at the end. Its images must be
  built first (`docker compose build` there, see docs/self-hosting.md); `docker compose` or Debian's
  `docker-compose` is used, whichever is installed.
Then Locust (as a library, headless) runs the candidates for the given time. Each loads the
problem list and a problem page, then loops: read a problem, Run, Submit (right or wrong
code), look at the history, with 2-6 s of thinking between steps. With --kill-after, one
replica is killed (SIGKILL, with its workers) that many seconds in.

Every simulated candidate comes from 127.0.0.1, so the per-client share of gradings
(SHOUSI_CLIENT_LIMIT) is raised for the run: otherwise they would be one client.

It prints requests per second and p50/p95/p99 per endpoint, the status codes (5xx apart;
429/503 are the overload answers and must carry Retry-After), and then, once the replicas
have had time to recover what the killed one was grading, every stored submission's status:
none may be left pending. Everything it starts is stopped at the end, and it stops by itself.
"""

# ruff: noqa: E402 - gevent must patch the standard library before anything imports it

from __future__ import annotations

from gevent import monkey

monkey.patch_all()  # Locust's users are greenlets

import argparse
import collections
import contextlib
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import gevent
from locust import HttpUser, between, events, task
from locust.env import Environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.postgres import start_cluster

PROBLEMS = ("softmax", "causal-mask", "scaled-dot-product-attention")
RECOVERY_SECONDS = 90  # a dead replica's heartbeat goes stale after 20 s; regrading follows


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def code_of(problem: str) -> tuple[str, str]:
    """(right code, wrong code) for a problem: its solution and its starter."""
    folder = ROOT / "problems" / problem
    return (folder / "solution.py").read_text(), (folder / "starter.py").read_text()


CODE = {problem: code_of(problem) for problem in PROBLEMS}
STATUS: collections.Counter = collections.Counter()
MISSING_RETRY_AFTER: collections.Counter = collections.Counter()


@events.request.add_listener
def _count(request_type, name, response_time, response_length, response=None, **_kw):  # noqa: ANN001, ANN202
    code = getattr(response, "status_code", 0) or 0
    STATUS[code] += 1
    if code in (429, 503) and not response.headers.get("Retry-After"):
        MISSING_RETRY_AFTER[code] += 1


class Candidate(HttpUser):
    """One candidate practising: reads, runs, submits, looks back."""

    wait_time = between(2, 6)

    def on_start(self) -> None:
        self.problem = random.choice(PROBLEMS)
        self.client.get("/", name="GET /")
        self.client.get(f"/problems/{self.problem}", name="GET /problems/[id]")

    def _post(self, mode: str, right: bool) -> None:
        right_code, wrong_code = CODE[self.problem]
        with self.client.post(
            f"/api/problems/{self.problem}/submissions",
            json={"code": right_code if right else wrong_code, "mode": mode},
            headers={"Idempotency-Key": secrets.token_hex(16)},  # as the problem page sends it
            name=f"POST /api/problems/[id]/submissions ({mode})",
            catch_response=True,
        ) as response:
            if response.status_code in (429, 503):
                response.success()  # an overload answer, counted by status below
            elif response.status_code != 200:
                response.failure(f"HTTP {response.status_code}")

    @task(3)
    def read(self) -> None:
        self.problem = random.choice(PROBLEMS)
        self.client.get(f"/problems/{self.problem}", name="GET /problems/[id]")

    @task(2)
    def run_samples(self) -> None:
        self._post("run", random.random() < 0.5)

    @task(2)
    def submit(self) -> None:
        self._post("submit", random.random() < 0.6)

    @task(1)
    def history(self) -> None:
        self.client.get(f"/api/submissions?problem={self.problem}", name="GET /api/submissions")


NGINX_CONF = """
worker_processes 1;
pid {base}/nginx.pid;
error_log {base}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {base}/body;
    proxy_temp_path {base}/proxy;
    fastcgi_temp_path {base}/fastcgi;
    uwsgi_temp_path {base}/uwsgi;
    scgi_temp_path {base}/scgi;
    client_max_body_size 12m;
    upstream shousi {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://shousi;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            # As deploy/compose/nginx.conf: a replica that fails is skipped, POSTs included
            # (they carry an Idempotency-Key).
            proxy_next_upstream error timeout non_idempotent;
            proxy_connect_timeout 2s;
            proxy_read_timeout 60s;
        }}
    }}
}}
"""


def start_replicas(count: int, url: str, base: Path) -> list[subprocess.Popen]:
    replicas = []
    for n in range(count):
        port = free_port()
        env = {
            **os.environ,
            "SHOUSI_DATABASE_URL": url,
            "SHOUSI_DATA_DIR": str(base / f"data-{n}"),
            "SHOUSI_INSTANCE_ID": f"replica-{n + 1}",
            "SHOUSI_WORKERS": "1",
            # Every request comes from the proxy's address: the per-client share would
            # otherwise make the proxy one client.
            "SHOUSI_CLIENT_LIMIT": "1000",
            # nginx, on this host, is the proxy: believed, and its connections not capped.
            "SHOUSI_FORWARDED_ALLOW_IPS": "127.0.0.1",
            "SHOUSI_LOG_LEVEL": "warning",
        }
        log = open(base / f"replica-{n + 1}.log", "w")  # noqa: SIM115 - kept open while it runs
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own group: killed with its workers
        )
        process.port = port  # type: ignore[attr-defined]
        replicas.append(process)
    for process in replicas:
        wait_ready(f"http://127.0.0.1:{process.port}", process)  # type: ignore[attr-defined]
    return replicas


def wait_ready(url: str, process: subprocess.Popen | None, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise SystemExit(f"a replica exited while starting ({url})")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                health = json.load(response)
            draws = health["hidden_draws"]
            if health["workers_ready"] >= 1 and draws["ready"] >= draws["wanted"]:
                return
        except (OSError, ValueError):
            pass
        time.sleep(0.5)
    raise SystemExit(f"a replica did not become ready in {seconds:.0f} s ({url})")


def kill_group(process: subprocess.Popen, sig: int = signal.SIGKILL) -> None:
    with contextlib.suppress(ProcessLookupError):  # already gone
        os.killpg(process.pid, sig)


def percentile_row(entry) -> dict:  # noqa: ANN001
    return {
        "requests": entry.num_requests,
        "failures": entry.num_failures,
        "rps": round(entry.total_rps, 1),
        "p50_ms": entry.get_response_time_percentile(0.5),
        "p95_ms": entry.get_response_time_percentile(0.95),
        "p99_ms": entry.get_response_time_percentile(0.99),
    }


class Native:
    """A throwaway PostgreSQL cluster, N `shousi serve` processes and nginx, all native."""

    def __init__(self, replicas: int) -> None:
        self.count = replicas
        self.cluster = None
        self.replicas: list[subprocess.Popen] = []
        self.proxy: subprocess.Popen | None = None

    def start(self) -> str:
        nginx = shutil.which("nginx") or (
            "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else ""
        )
        if not nginx:
            raise SystemExit("nginx is needed (Debian: apt-get install -y nginx)")
        cluster = start_cluster()
        if isinstance(cluster, str):
            raise SystemExit(f"PostgreSQL: {cluster}")
        self.cluster = cluster
        base = Path(tempfile.mkdtemp(prefix="shousi-load-"))
        base.chmod(0o755)  # nginx's workers run as another user
        self.database = cluster.url(cluster.create_database())
        self.replicas = start_replicas(self.count, self.database, base)
        port = free_port()
        servers = "\n".join(
            f"        server 127.0.0.1:{r.port} max_fails=1 fail_timeout=10s;"  # type: ignore[attr-defined]
            for r in self.replicas
        )
        (base / "nginx.conf").write_text(NGINX_CONF.format(base=base, servers=servers, port=port))
        self.proxy = subprocess.Popen(
            [nginx, "-c", str(base / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=open(base / "nginx.log", "w"),  # noqa: SIM115
        )
        host = f"http://127.0.0.1:{port}"
        wait_ready(host, self.proxy, 30)
        return host

    def kill_one(self) -> str:
        kill_group(self.replicas[-1])
        return f"replica-{len(self.replicas)}"

    def statuses(self) -> dict[str, int]:
        import psycopg

        url = self.database.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(url) as conn:
            rows = conn.execute(
                "SELECT status, count(*) FROM submissions GROUP BY status"
            ).fetchall()
        return {status: count for status, count in rows}

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.terminate()
        for process in self.replicas:
            kill_group(process, signal.SIGTERM)
        for process in self.replicas:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                kill_group(process)
        if self.cluster is not None:
            self.cluster.stop()


class Compose:
    """The shipped deploy/compose/docker-compose.yml: PostgreSQL, N app replicas, nginx."""

    FILE = ROOT / "deploy" / "compose" / "docker-compose.yml"

    def __init__(self, replicas: int) -> None:
        self.count = replicas
        self.project = f"shousi-load-{os.getpid()}"
        if (
            shutil.which("docker")
            and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode
            == 0
        ):
            self.tool = ["docker", "compose"]
        elif shutil.which("docker-compose"):
            self.tool = ["docker-compose"]
        else:
            raise SystemExit("docker compose (or Debian's docker-compose) is needed")
        self.port = free_port()
        self.env = {
            **os.environ,
            "SHOUSI_HTTP_PORT": f"127.0.0.1:{self.port}",
            "SHOUSI_DB_PASSWORD": secrets.token_hex(16),
            "SHOUSI_WORKERS": "1",
            "SHOUSI_CLIENT_LIMIT": "1000",
        }

    def _compose(self, *args: str, **kwargs) -> subprocess.CompletedProcess:  # noqa: ANN003
        command = [*self.tool, "-f", str(self.FILE), "-p", self.project, *args]
        return subprocess.run(command, env=self.env, text=True, **kwargs)

    def _app_containers(self) -> list[str]:
        """The app replicas' running containers (`compose ps -q` lists stopped ones too)."""
        listed = subprocess.run(
            ["docker", "ps", "-q", "--no-trunc"]
            + ["--filter", f"label=com.docker.compose.project={self.project}"]
            + ["--filter", "label=com.docker.compose.service=app"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return sorted(listed.split())

    def start(self) -> str:
        self._compose("up", "-d", "--no-build", "--scale", f"app={self.count}", check=True)
        deadline = time.monotonic() + 300
        for n in range(1, self.count + 1):
            # Each replica's own /readyz, asked inside its container: no container address
            # is reached from here.
            probe = (
                "import urllib.request; "
                "urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=3)"
            )
            while (
                self._compose(
                    "exec",
                    "-T",
                    "--index",
                    str(n),
                    "app",
                    "python",
                    "-c",
                    probe,
                    capture_output=True,
                ).returncode
                != 0
            ):
                if time.monotonic() > deadline:
                    raise SystemExit(f"app replica {n} did not become ready in 300 s")
                time.sleep(2)
        host = f"http://127.0.0.1:{self.port}"
        wait_ready(host, None, 60)
        return host

    def kill_one(self) -> str:
        victim = self._app_containers()[-1]
        subprocess.run(["docker", "kill", victim], check=True, capture_output=True)
        return f"app container {victim[:12]}"

    def statuses(self) -> dict[str, int]:
        query = "SELECT status, count(*) FROM submissions GROUP BY status"
        out = self._compose(
            "exec",
            "-T",
            "db",
            "psql",
            "-h",
            "/tmp",
            "-U",
            "shousi",
            "-d",
            "shousi",
            "-At",
            "-F",
            " ",
            "-c",
            query,
            capture_output=True,
            check=True,
        ).stdout
        return {status: int(count) for status, count in (ln.split() for ln in out.splitlines())}

    def running_apps(self) -> int:
        return len(self._app_containers())

    def proxy_errors(self) -> dict[str, int]:
        """nginx's error lines by kind: a connect that timed out, a replica that closed the
        connection before answering (its request then went to another), and so on."""
        logs = self._compose("logs", "--no-color", "proxy", capture_output=True).stdout
        kinds: collections.Counter = collections.Counter()
        for line in logs.splitlines():
            found = re.search(r"\[error\] [^*]*\*\d+ (.*?) while ", line)
            if found:
                kinds[found.group(1)] += 1
        return dict(kinds)

    def stop(self) -> None:
        self._compose("down", "-v", "--remove-orphans", capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--replicas", type=int, default=3)
    parser.add_argument("--spawn-rate", type=float, default=20.0, help="users started per s")
    parser.add_argument("--kill-after", type=float, default=None, help="seconds; kill one")
    parser.add_argument("--compose", action="store_true", help="run deploy/compose instead")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not 1 <= args.minutes <= 30 or not 1 <= args.users <= 1000:
        raise SystemExit("--minutes is 1-30 and --users 1-1000: this test must stop by itself")
    deployment = Compose(args.replicas) if args.compose else Native(args.replicas)
    try:
        started = time.monotonic()
        host = deployment.start()
        print(f"{args.replicas} replicas ready in {time.monotonic() - started:.0f} s", flush=True)

        env = Environment(user_classes=[Candidate], host=host, events=events)
        runner = env.create_local_runner()
        runner.start(args.users, spawn_rate=args.spawn_rate)
        seconds = args.minutes * 60
        killed_at = None
        if args.kill_after is not None:
            gevent.sleep(args.kill_after)
            victim = deployment.kill_one()
            killed_at = args.kill_after
            print(f"killed {victim} at {killed_at:.0f} s", flush=True)
            gevent.sleep(max(0.0, seconds - args.kill_after))
        else:
            gevent.sleep(seconds)
        runner.quit()
        stats = env.stats
        endpoints = {entry.name: percentile_row(entry) for entry in stats.entries.values()}
        total = percentile_row(stats.total)
        # Let a live replica pick up what the killed one was grading.
        deadline = time.monotonic() + (RECOVERY_SECONDS if killed_at is not None else 10)
        statuses = deployment.statuses()
        while statuses.get("pending") and time.monotonic() < deadline:
            time.sleep(2)
            statuses = deployment.statuses()
        report = {
            "deployment": "compose" if args.compose else "native",
            "users": args.users,
            "minutes": args.minutes,
            "replicas": args.replicas,
            "killed_at_s": killed_at,
            "total": total,
            "endpoints": endpoints,
            "status_codes": dict(sorted(STATUS.items())),
            "server_errors_5xx": sum(
                n for code, n in STATUS.items() if code >= 500 and code != 503
            ),
            "overload_429": STATUS.get(429, 0),
            "overload_503": STATUS.get(503, 0),
            "overload_without_retry_after": sum(MISSING_RETRY_AFTER.values()),
            "connection_errors": STATUS.get(0, 0),
            "submissions_by_status": statuses,
        }
        posted = sum(row["requests"] for name, row in endpoints.items() if name.startswith("POST "))
        # Each answered POST is one stored submission, a resent one included; a few more
        # may be stored than answered: those still in flight when the candidates stopped.
        report["submission_requests_answered"] = posted
        report["submissions_stored"] = sum(statuses.values())
        if isinstance(deployment, Compose):
            report["app_containers_running_at_end"] = deployment.running_apps()
            report["proxy_errors"] = deployment.proxy_errors()
        print(json.dumps(report, indent=2))
        if args.json:
            args.json.write_text(json.dumps(report, indent=2) + "\n")
    finally:
        deployment.stop()


if __name__ == "__main__":
    main()
