"""Huge requests against a real server: refused early, and its memory stays where it was.

`shousi serve` runs in a subprocess on a free port, as a deployment would. The requests are
written on raw sockets, so a body can be declared, streamed lazily, or never finished, and
the server's resident memory (VmRSS of its own process) is read before and after.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import subprocess
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.web.limits import MAX_HEADER_BYTES, MAX_HEADERS
from tests.conftest import solution
from tests.helpers import free_port, read_response, start_server, stop_server

MB = 1 << 20
LIMIT = Settings().max_body_kb * 1024
RSS_SLACK_KB = 20 * 1024  # what a request may leave behind; the 600 MB bodies of the issue
CHUNK = b"0" * MB


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    def rss_kb(self) -> int:
        """The server process's resident memory (not its sandbox workers')."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = free_port()
    log_path = tmp_path_factory.mktemp("server") / "server.log"
    env = {**os.environ, "SHOUSI_WORKERS": "1", "SHOUSI_LOG_LEVEL": "warning"}
    # Ready, not only alive: the memory the start-up's draws take is not what a body costs,
    # and the RSS checks below must not count it.
    process = start_server(port, env, log_path)
    try:
        yield Server(process, port, log_path)
    finally:
        stop_server(process)


def _head(path: str, *headers: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *headers, "", ""]
    return "\r\n".join(lines).encode()


def _stream(sock: socket.socket, total: int, *, chunked: bool) -> tuple[int, tuple | None]:
    """Send up to `total` bytes of body, stopping when the server answers or hangs up.

    Returns how many body bytes went out and the response, if one came.
    """
    sent = 0
    while sent < total:
        if select.select([sock], [], [], 0)[0]:  # the server has answered: stop sending
            try:
                return sent, read_response(sock)
            except (ConnectionError, OSError):
                return sent, None
        piece = CHUNK[: min(MB, total - sent)]
        frame = b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece
        try:
            sock.sendall(frame)
        except OSError:  # reset or broken pipe: the server closed the connection
            break
        sent += len(piece)
    try:
        if chunked and sent >= total:
            sock.sendall(b"0\r\n\r\n")
        return sent, read_response(sock)
    except (ConnectionError, OSError):
        return sent, None


def test_a_declared_600_mb_body_is_a_413_before_it_is_read(server: Server) -> None:
    before = server.rss_kb()
    with server.connect() as sock:
        sock.sendall(
            _head(
                "/api/problems/softmax/submissions",
                "Content-Type: application/json",
                f"Content-Length: {600 * MB}",
            )
        )
        # The answer comes before any of the body is sent.
        status, body = read_response(sock)
        assert status == 413 and "larger than" in body["detail"]
        sent, _ = _stream(sock, 600 * MB, chunked=False)
    assert sent < 600 * MB  # the server hung up instead of reading on
    assert server.rss_kb() - before < RSS_SLACK_KB, (before, server.rss_kb())


def test_three_streamed_400_mb_bodies_are_cut_off_at_the_limit(server: Server) -> None:
    before = server.rss_kb()
    outcomes: list[tuple[int, tuple | None]] = []

    def post() -> None:
        with server.connect() as sock:
            sock.sendall(
                _head(
                    "/api/problems/softmax/submissions",
                    "Content-Type: application/json",
                    "Transfer-Encoding: chunked",
                )
            )
            outcomes.append(_stream(sock, 400 * MB, chunked=True))

    threads = [threading.Thread(target=post) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(outcomes) == 3
    for sent, response in outcomes:
        # The server stops after the limit: a 413, or a hang-up once the answer is lost.
        assert sent < LIMIT + 64 * MB, sent
        if response is not None:
            status, body = response
            assert status == 413 and "larger than" in body["detail"]
    assert server.rss_kb() - before < RSS_SLACK_KB, (before, server.rss_kb())


def test_an_endless_header_is_refused_without_filling_memory(server: Server) -> None:
    before = server.rss_kb()
    with server.connect() as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: ")
        sent, status = 0, None
        while sent < 200 * MB:
            if select.select([sock], [], [], 0)[0]:
                with contextlib.suppress(ConnectionError, OSError):  # closed before it came
                    status = read_response(sock)[0]
                break
            try:
                sock.sendall(CHUNK[: 64 * 1024])
            except OSError:
                break
            sent += 64 * 1024
    assert sent < 16 * MB and status in (400, None)
    assert server.rss_kb() - before < RSS_SLACK_KB


def test_headers_over_the_size_limit_are_refused(server: Server) -> None:
    # Sent whole, the head reaches the app, which says 431; arriving slowly, h11 stops it
    # at the limit with a 400. Either way it is refused.
    with server.connect() as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * MAX_HEADER_BYTES)
        sock.sendall(b"\r\n\r\n")
        try:
            status = read_response(sock)[0]
        except (ConnectionError, OSError):
            status = None  # closed before the answer could be read
    assert status in (400, 431, None)


def test_too_many_headers_are_a_431(server: Server) -> None:
    headers = "".join(f"X-H{i}: 1\r\n" for i in range(MAX_HEADERS + 1))
    with server.connect() as sock:
        sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: x\r\n{headers}\r\n".encode())
        status, body = read_response(sock)
    assert status == 431 and "headers" in body["detail"]


def test_a_normal_submission_and_a_large_honest_one_still_work(server: Server) -> None:
    code = solution("softmax")
    plain = json.dumps({"code": code, "mode": "run"}).encode()
    # JSON may escape every character: 40,000 "a" of a comment written as \u0061 make a
    # 240 KB body for 40 KB of code, near the worst a client's escaping can do.
    padded = json.dumps({"code": code + "\n# PAD\n", "mode": "run"}).replace(
        "PAD", "\\u0061" * 40_000
    )
    for body in (plain, padded.encode()):
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.port}/api/problems/softmax/submissions",
            data=body,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200
            assert json.load(response)["verdict"] == "accepted"
    assert 200_000 < len(padded) < LIMIT


def test_the_app_refuses_a_large_body_under_the_test_client_too(client: TestClient) -> None:
    # The same middleware in the ASGI app: a 413 with a JSON detail and the connection
    # closed, for a declared and for a streamed body.
    path = "/api/problems/softmax/submissions"
    json_body = {"content-type": "application/json"}  # as an API client sends it
    declared = client.post(path, content=b"x" * (LIMIT + 1), headers=json_body)
    streamed = client.post(
        path, content=iter([b"x" * 65536] * (LIMIT // 65536 + 1)), headers=json_body
    )
    for response in (declared, streamed):
        assert response.status_code == 413
        assert response.json() == {"detail": f"request body is larger than {LIMIT} bytes"}
        assert response.headers["connection"] == "close"
    # read by the route as before
    assert client.post(path, content=b"{}", headers=json_body).status_code == 422
