"""Connections against a real server: a slow request head is cut off, idle connections do
not make anyone's 503, and one address holds only so many connections.

`shousi serve` runs in a subprocess with a short head deadline (SHOUSI_HEAD_SECONDS), so
the waits stay short. Loopback takes any 127.x.y.z as a source address: the tests play
several clients by binding to different ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import socket
import time
import urllib.request
from collections.abc import Iterator

import pytest

from app.settings import Settings
from app.web.limits import InFlightLimit
from tests.helpers import read_response, running_server

HEAD_SECONDS = 4.0
PER_ADDRESS = Settings().connections_per_address  # the default, 32
PROXY = "127.0.3.1"  # named in SHOUSI_FORWARDED_ALLOW_IPS: not capped
HALF_HEAD = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    folder = tmp_path_factory.mktemp("connections")
    env = {
        **os.environ,
        "SHOUSI_WORKERS": "1",
        "SHOUSI_LOG_LEVEL": "warning",
        "SHOUSI_DATA_DIR": str(folder / "data"),
        "SHOUSI_HEAD_SECONDS": str(HEAD_SECONDS),
        "SHOUSI_FORWARDED_ALLOW_IPS": PROXY,
    }
    env.pop("SHOUSI_CONNECTIONS_PER_ADDRESS", None)
    with running_server(folder / "server.log", env) as url:
        yield int(url.rsplit(":", 1)[1])


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def _healthz(port: int, source: str) -> int:
    """The status of a whole GET /healthz sent from `source`."""
    with _connect(port, source) as sock:
        sock.sendall(HALF_HEAD + b"\r\n")
        return read_response(sock)[0]


def _closed_after(
    sock: socket.socket, limit: float, *, dribble: bytes = b""
) -> tuple[float, bytes]:
    """Seconds until the server closes `sock`, sending `dribble` a byte every 0.2 s
    meanwhile, and what it sent before closing. Fails after `limit` seconds."""
    start = time.monotonic()
    received = b""
    for n in range(10**6):
        if time.monotonic() - start > limit:
            pytest.fail(f"still open after {limit} s; received {received!r}")
        if select.select([sock], [], [], 0.2)[0]:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                return time.monotonic() - start, received
            received += chunk
        elif dribble:
            try:
                sock.sendall(dribble[n % len(dribble) : n % len(dribble) + 1])
            except OSError:  # reset: the server closed it
                return time.monotonic() - start, received
    raise AssertionError("unreachable")


def _still_open(sock: socket.socket) -> bool:
    """Whether the server has neither closed `sock` nor answered on it."""
    return not select.select([sock], [], [], 0)[0]


def test_a_head_sent_byte_by_byte_is_cut_off_at_the_deadline(port: int) -> None:
    with _connect(port) as sock:
        elapsed, received = _closed_after(
            sock, HEAD_SECONDS + 3, dribble=HALF_HEAD + b"X-Slow: " + b"a" * 1000
        )
    assert HEAD_SECONDS - 0.5 < elapsed < HEAD_SECONDS + 2, elapsed
    assert received.startswith(b"HTTP/1.1 408 ")


def test_the_next_head_on_a_kept_alive_connection_has_the_same_deadline(port: int) -> None:
    with _connect(port) as sock:
        sock.sendall(HALF_HEAD + b"\r\n")
        assert read_response(sock)[0] == 200
        # Dribbled, the next head keeps uvicorn's 5 s idle timer from ever closing it.
        elapsed, received = _closed_after(sock, HEAD_SECONDS + 3, dribble=HALF_HEAD)
    assert HEAD_SECONDS - 0.5 < elapsed < HEAD_SECONDS + 2, elapsed
    assert received.startswith(b"HTTP/1.1 408 ")


def test_a_connection_that_sends_nothing_is_closed_at_the_deadline(port: int) -> None:
    with _connect(port) as sock:
        elapsed, received = _closed_after(sock, HEAD_SECONDS + 3)
    assert HEAD_SECONDS - 0.5 < elapsed < HEAD_SECONDS + 2 and received == b""


def test_300_idle_half_heads_do_not_make_a_new_client_s_request_a_503(port: int) -> None:
    # 30 from each of 10 addresses: under the per-address cap, so they are all held.
    with contextlib.ExitStack() as stack:
        idle = []
        for n in range(300):
            sock = stack.enter_context(_connect(port, f"127.0.1.{n % 10 + 1}"))
            sock.sendall(HALF_HEAD)
            idle.append(sock)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            assert answer.status == 200
        assert all(_still_open(sock) for sock in idle), "the idle ones were not all held"


def test_one_address_holds_at_most_the_cap_and_others_are_not_held_back(port: int) -> None:
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(_connect(port, "127.0.2.1")) for _ in range(PER_ADDRESS)]
        for sock in held:
            sock.sendall(HALF_HEAD)
        with _connect(port, "127.0.2.1") as excess:
            # Closed as it opens: long before the head deadline would close it.
            elapsed, received = _closed_after(excess, 1.5)
            assert received == b""
        assert all(_still_open(sock) for sock in held)
        assert _healthz(port, "127.0.2.2") == 200
        # A proxy the settings name is not capped: its clients share its address.
        proxied = [stack.enter_context(_connect(port, PROXY)) for _ in range(PER_ADDRESS + 8)]
        for sock in proxied:
            sock.sendall(HALF_HEAD)
        assert _healthz(port, PROXY) == 200
        assert all(_still_open(sock) for sock in proxied)
        # One closed, the address may open one again.
        held.pop().close()
        time.sleep(0.2)  # the server sees the close
        assert _healthz(port, "127.0.2.1") == 200


def test_the_503_counts_requests_in_flight() -> None:
    async def scenario() -> list[int]:
        release = asyncio.Event()

        async def slow_app(scope: dict, receive: object, send: object) -> None:
            await release.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})

        limited = InFlightLimit(slow_app, max_requests=2)
        statuses: list[int] = []

        async def request() -> None:
            async def send(message: dict) -> None:
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])
                    if message["status"] == 503:
                        assert (b"retry-after", b"2") in message["headers"]

            async def receive() -> dict:
                return {"type": "http.request", "body": b"", "more_body": False}

            await limited({"type": "http"}, receive, send)

        held = [asyncio.create_task(request()) for _ in range(2)]
        await asyncio.sleep(0)
        await request()  # a third while two are answered
        release.set()
        await asyncio.gather(*held)
        await request()  # room again
        return statuses

    assert asyncio.run(scenario()) == [503, 200, 200, 200]
