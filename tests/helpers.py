"""Plain helpers the test modules share: no fixtures here (those are in the conftest files),
and no test module imports another one."""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.authoring.scaffold import scaffold
from app.sandbox.pool import RunReport
from app.settings import Settings
from app.store import Store
from app.store.models import Learner

ROOT = Path(__file__).resolve().parents[1]
# Short limits keep the hostile cases quick; the defaults are documented separately.
TEST_LIMITS = {"cpu_seconds": 2.0, "wall_seconds": 4.0, "memory_mb": 512}
ACCOUNT_PASSWORD = "correct horse battery"
# The twelve problems of the foundation issue, the ones tested one by one over HTTP.
CORE = [
    "softmax",
    "scaled-dot-product-attention",
    "attention",
    "causal-mask",
    "padding-mask",
    "multi-head-attention-numpy",
    "multi-head-attention",
    "positional-encoding",
    "positional-encoding-module",
    "layer-norm",
    "feed-forward",
    "encoder-layer",
]
# Readiness can take long on a loaded machine: /readyz once took 97 s.
READY_SECONDS = 240.0


def problem_tomls() -> dict[str, dict]:
    """Every built-in problem's problem.toml, by id: the bank as its folders list it."""
    tomls = [tomllib.loads(path.read_text()) for path in (ROOT / "problems").glob("*/problem.toml")]
    return {toml["id"]: toml for toml in tomls}


def qa_tomls() -> dict[str, dict]:
    """Every built-in Q&A card's file (qa/<topic>/<id>.toml), parsed, by id."""
    return {path.stem: tomllib.loads(path.read_text()) for path in (ROOT / "qa").glob("*/*.toml")}


# Readiness: a test talks to a server only once /readyz says 200, never to one starting up.


def wait_until_ready(client: TestClient, seconds: float = READY_SECONDS) -> None:
    """Wait for start-up (workers warm, first hidden draws made): a 503 before is not a test."""
    deadline = time.monotonic() + seconds
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, client.get("/readyz").json()
        time.sleep(0.2)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_url_ready(
    url: str,
    process: subprocess.Popen | None = None,
    log_path: Path | None = None,
    seconds: float = READY_SECONDS,
) -> None:
    """Wait until the server at `url` answers /readyz with 200; fail with its log if the
    process ends first or time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        ended = process is not None and process.poll() is not None
        if ended or time.monotonic() > deadline:
            log = log_path.read_text() if log_path is not None and log_path.exists() else ""
            pytest.fail(f"server at {url} never became ready; its log:\n{log}")
        try:
            with urllib.request.urlopen(f"{url}/readyz", timeout=2) as response:
                if response.status == 200 and json.load(response)["ready"]:
                    return
        except (OSError, ValueError):  # refused while starting, or a 503 (an HTTPError)
            pass
        time.sleep(0.3)


def server_env(data_dir: Path, workers: int = 2) -> dict[str, str]:
    """The environment of a test's own `shousi serve`: its data folder, no database URL."""
    env = {
        **os.environ,
        "SHOUSI_WORKERS": str(workers),
        "SHOUSI_LOG_LEVEL": "warning",
        "SHOUSI_DATA_DIR": str(data_dir),
    }
    env.pop("SHOUSI_DATABASE_URL", None)
    return env


def start_server(
    port: int, env: dict[str, str], log_path: Path, **popen: object
) -> subprocess.Popen:
    """`shousi serve` on `port` with this environment, its output appended to `log_path`;
    returned once it is ready."""
    with open(log_path, "a") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            **popen,
        )
    try:
        wait_until_url_ready(f"http://127.0.0.1:{port}", process, log_path)
    except BaseException:
        stop_server(process)
        raise
    return process


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


@contextmanager
def running_server(log_path: Path, env: dict[str, str]) -> Iterator[str]:
    """`shousi serve` on a free port with this environment, until it is ready; its URL.
    Stopped when the block ends; its log is shown if it never gets ready."""
    port = free_port()
    process = start_server(port, env, log_path)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(process)


class Server:
    """`shousi serve` on a data folder that outlives it, started and stopped at will."""

    def __init__(self, folder: Path, workers: int = 1) -> None:
        self.folder, self.env, self.port = folder, server_env(folder / "data", workers), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = start_server(self.port, self.env, self.folder / "server.log")

    def stop(self) -> None:
        if self.process is not None:
            stop_server(self.process)


def read_response(sock: socket.socket, timeout: float = 10) -> tuple[int, dict | None]:
    """Status and JSON body of the response on `sock` (None for a body that is not JSON)."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        ),
        0,
    )
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    try:
        return int(head.split()[1]), json.loads(body)
    except ValueError:
        return int(head.split()[1]), None


# Forms and accounts, as a browser posts them.


def token_of(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, "the form carries a CSRF token"
    return found.group(1)


def error_of(page: str) -> str:
    found = re.search(r'<p class="form-error" role="alert">(.*?)</p>', page, re.S)
    return found.group(1).strip() if found else ""


def log_in(client: TestClient, username: str, password: str = ACCOUNT_PASSWORD, **extra: str):
    token = token_of(client.get("/login").text)
    form = {"csrf_token": token, "username": username, "password": password, **extra}
    return client.post("/login", data=form, follow_redirects=False)


def new_learner(store: Store, username: str | None = None) -> int:
    """A learner row, made directly in the store."""
    with store.session() as session:
        learner = Learner(username=username)
        session.add(learner)
        session.flush()
        return learner.id


def submit(client: TestClient, problem_id: str, code: str, mode: str = "submit"):
    """The JSON API's submission, as a script sends it."""
    return client.post(f"/api/problems/{problem_id}/submissions", json={"code": code, "mode": mode})


# Authoring: archives, uploads, validation.


def archive_of(tmp: Path, problem_id: str, kind: str = "function", **changes: str) -> bytes:
    """A zip of a scaffolded problem (numpy functions, torch modules), files changed."""
    folder = scaffold(tmp, problem_id, "numpy" if kind == "function" else "torch", kind)
    for name, text in changes.items():
        (folder / name).write_text(text)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(folder.iterdir()):
            archive.write(path, path.name)
    return buffer.getvalue()


def upload(client: TestClient, files: dict | None = None, **more):  # noqa: ANN003, ANN201
    """The API upload, as a script with a session sends it (multipart needs the token)."""
    token = client.get("/api/me").json()["csrf_token"]
    return client.post(
        "/api/authoring/problems", files=files, headers={"X-CSRF-Token": token}, **more
    )


def settled(client: TestClient, problem_id: str, seconds: float = 240) -> dict:
    """An uploaded problem's row once its validation has finished."""
    deadline = time.monotonic() + seconds
    while True:
        row = client.get(f"/api/authoring/problems/{problem_id}").json()
        if row["status"] != "checking":
            return row
        assert time.monotonic() < deadline, "validation never finished"
        time.sleep(0.5)


# The interview questions of the two subject articles (../shared/seeds), by card id.
SEED_QUESTIONS = {
    "why-scale-sqrt-dk": "为什么要缩放点积？",
    "attention-complexity": "注意力机制 / Transformer 的计算复杂度是多少？",
    "transformer-vs-rnn": "Transformer 相比 RNN/LSTM 的优势？为什么比 RNN 更好？",
    "why-multi-head": "为什么要使用多头而不是单头？只用一个注意力头不行吗？",
    "what-heads-learn": "多头注意力中，每个头学习到的是什么？",
    "why-sinusoidal-pe": "位置编码为什么使用正弦和余弦函数？",
    "efficient-transformer-methods": "如何优化 Transformer 的内存和计算效率？",
    "layernorm-vs-batchnorm": "为什么 Transformer 用 LayerNorm 而不用 BatchNorm？",
    "residual-connection-role": "残差连接的作用是什么？",
    "long-sequences-vs-rnn": "Transformer 为什么比 RNN 更适合处理长序列？",
    "encoder-vs-decoder": "Encoder 和 Decoder 的主要区别是什么？",
    "where-parameters": "Transformer 中主要参数都集中在哪些地方？",
}


# Forged result frames (test_forged_frames.py, test_codec_fuzz.py).

LIMITS = Settings(**TEST_LIMITS).sandbox_limits()


class ForgingPool:
    """A pool whose child 'answered' with frames hostile code could have written."""

    def __init__(self, frames: list[bytes]) -> None:
        self.frames, self.limits, self.preloaded = frames, LIMITS, frozenset()

    def run(self, job: dict, wait_seconds: float) -> RunReport:
        return RunReport("exited", 0, 0.01, 1.0, 0, list(self.frames), False, "")

    def start(self, *, wait: bool = True) -> None:
        """Nothing to start."""

    def close(self) -> None:
        """Nothing to stop."""


# Chinese text: messages in the candidate's language.

CHINESE = re.compile(r"[\u4e00-\u9fff]")
# Python's own words: an exception's or a warning's text, up to our next Chinese punctuation.
PYTHON_TEXT = re.compile(r"\b\w*(?:Error|Exception|Warning): [^；（）。，—]*")
CODE = re.compile(r"`[^`]*`")
CASE_NAME = re.compile(r"“[^”]*”")  # case names are names, quoted as they are
BREAK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef—]")
WORD = re.compile(r"[A-Za-z]+")


def english_runs(text: str, least: int = 3) -> list[str]:
    """Runs of `least` or more English words outside code, case names and Python's own text."""
    for pattern in (CODE, CASE_NAME, PYTHON_TEXT):
        text = pattern.sub(" ", text)
    runs: list[str] = []
    for stretch in BREAK.split(text):
        run: list[str] = []
        for token in [*stretch.split(), ""]:
            if WORD.fullmatch(token.strip("()[]{},.;:!?'\"")):
                run.append(token)
                continue
            if len(run) >= least:
                runs.append(" ".join(run))
            run = []
    return runs


# Pages in a real browser (tests/browser/).

EDITOR = "form.submission .cm-content"  # not the solution's, once it is unlocked


def new_page(browser, cookies=None):  # noqa: ANN001, ANN201
    """A page in a fresh context (a fresh browser profile), its uncaught errors in .errors."""
    context = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    if cookies:
        context.add_cookies(cookies)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def replace_code(page, code: str) -> None:  # noqa: ANN001
    """Type `code` into the submission editor in place of what it holds."""
    code_tab = page.locator(".problem-tabs:not([hidden]) #ptab-code")
    if code_tab.count():  # a phone: the editor is on the Code tab
        code_tab.click()
    page.click(EDITOR)
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


# Recorded before any of the page's own scripts run, in every document the page opens.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
