"""What a client may send: request bodies and headers, bounded before they are read; and
how many requests are answered at once.

`RequestLimits` is a pure ASGI middleware. A body declared larger than the limit by its
Content-Length is refused with a 413 before a byte of it is read; a chunked body (no length
declared) is counted as it streams, and refused the moment it passes the limit. Either way
the connection is closed after the 413, so the rest of the body is never read either.
Headers are bounded twice: h11 refuses a request head that grows past the limit before it
is complete (`server_options`), and the middleware refuses a complete one over the limit
in size or count (h11 takes in a head that arrives whole in one read, up to 256 KiB).
`InFlightLimit` answers a 503 beyond `MAX_REQUESTS` requests in flight; idle connections
are bounded apart, by time and per address (app.web.connections).
"""

from __future__ import annotations

import json
from typing import Any

from app.settings import Settings
from app.web.connections import guarded_h11

# The request line and headers of one request. Browsers send 1-2 KiB; cookies of other apps
# on the same host name come along, hence room to spare.
MAX_HEADER_BYTES = 16 * 1024
MAX_HEADERS = 100
# Requests being answered at once; beyond them a 503 at once (InFlightLimit).
MAX_REQUESTS = 256
RETRY_AFTER_SECONDS = 2


def server_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's settings for `shousi serve`, every limit on what clients send set explicitly.

    h11, not httptools: httptools has no limit on the size of a request's headers. No
    `limit_concurrency`: it counts idle connections too, so held ones made everyone's 503.
    """
    trusted = settings.forwarded_allow_ips
    return {
        "host": settings.host,
        "port": settings.port,
        "log_level": settings.log_level.lower(),
        "log_config": None,  # logging is set up by app.web.metrics.configure_logging
        "http": guarded_h11(
            head_seconds=settings.head_seconds,
            per_address=settings.connections_per_address,
            trusted=trusted,
        ),
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
        "limit_concurrency": None,
        "timeout_keep_alive": 5,
        # Unset, no peer's X-Forwarded-For is believed, not even 127.0.0.1's.
        "proxy_headers": bool(trusted.strip()),
        "forwarded_allow_ips": trusted,
    }


class InFlightLimit:
    """Answer 503 while `max_requests` requests are already being answered."""

    def __init__(self, app: Any, *, max_requests: int = MAX_REQUESTS) -> None:
        self.app = app
        self.max_requests = max_requests
        self.in_flight = 0  # one event loop: no lock needed

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.in_flight >= self.max_requests:
            text = f"the server is answering {self.max_requests} requests already; try again"
            await _refuse(send, 503, text, retry_after=RETRY_AFTER_SECONDS)
            return
        self.in_flight += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1


class BodyTooLarge(Exception):
    """Raised from `receive` when a streamed body passes the limit."""


class RequestLimits:
    """Refuse request bodies over `max_body` bytes (413), and heads over `max_header_bytes`
    or with more than `max_headers` headers (431)."""

    def __init__(
        self,
        app: Any,
        *,
        max_body: int,
        max_headers: int = MAX_HEADERS,
        max_header_bytes: int = MAX_HEADER_BYTES,
        larger: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_body = max_body
        # Paths allowed a larger body than max_body (a learner's exported data).
        self.larger = larger or {}
        self.max_headers = max_headers
        self.max_header_bytes = max_header_bytes

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if len(scope["headers"]) > self.max_headers:
            await _refuse(send, 431, f"a request may have at most {self.max_headers} headers")
            return
        head = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        head += sum(len(name) + len(value) for name, value in scope["headers"])
        if head > self.max_header_bytes:
            text = f"the request line and headers are larger than {self.max_header_bytes} bytes"
            await _refuse(send, 431, text)
            return
        declared = _content_length(scope["headers"])
        if declared is None:
            await _refuse(send, 400, "the Content-Length header is not a number")
            return
        limit = self.larger.get(scope["path"], self.max_body)
        if declared > limit:
            await _refuse(send, 413, _too_large(limit))
            return
        received = 0
        started = False

        async def counted_receive() -> dict:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge
            return message

        async def watched_send(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:  # too late for a 413; the connection ends with the response
                raise
            await _refuse(send, 413, _too_large(limit))


def _too_large(limit: int) -> str:
    return f"request body is larger than {limit} bytes"


def _content_length(headers: list[tuple[bytes, bytes]]) -> int | None:
    """The declared body length: 0 when none is declared, None when it is not a number."""
    for name, value in headers:
        if name.lower() == b"content-length":
            return int(value) if value.strip().isdigit() else None
    return 0


async def _refuse(send: Any, status: int, detail: str, retry_after: int | None = None) -> None:
    """A JSON error like the API's others, then the connection is closed: the unread rest
    of the body is never read."""
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
