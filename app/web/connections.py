"""Connections: a request head must arrive in time, and one address holds only so many.

uvicorn's h11 protocol runs no timer before a connection's first request is complete, so a
client that opens connections and sends half a head keeps each one for good. `guarded_h11`
makes a subclass of it where

- a request's line and headers must be in within `head_seconds` of the connection opening,
  or, on a kept-alive connection, of the previous response; otherwise the connection is
  closed, with a 408 if part of a head had come;
- one client address holds at most `per_address` connections at once: one more is closed
  as soon as it opens. Proxies the settings trust are not capped, since every client behind
  one shares its address; the proxy bounds its own clients (deploy/compose's nginx does).

The 503 for an overloaded server counts requests in flight (`limits.InFlightLimit`), not
connections, so idle connections cannot make it either.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

import h11

# The same test uvicorn applies before it believes X-Forwarded-For.
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("shousi")
_TIMEOUT_BODY = b"the request line and headers did not arrive in time\n"
REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(_TIMEOUT_BODY), _TIMEOUT_BODY)
)


def guarded_h11(*, head_seconds: float, per_address: int, trusted: str) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a deadline on each request head and a cap of
    `per_address` connections per client address (0: none), not applied to the `trusted`
    proxies (as in SHOUSI_FORWARDED_ALLOW_IPS). Each class made keeps its own counts."""
    exempt = _TrustedHosts(trusted) if trusted.strip() else None
    open_by_address: Counter[str] = Counter()

    class GuardedH11Protocol(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None
        counted_as: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            if host is not None and per_address and (exempt is None or host not in exempt):
                if open_by_address[host] >= per_address:
                    log.debug("%s already has %d connections: one more closed", host, per_address)
                    transport.close()
                    return
                open_by_address[host] += 1
                self.counted_as = host
            self._await_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            if self.counted_as is not None:
                open_by_address[self.counted_as] -= 1
                if not open_by_address[self.counted_as]:
                    del open_by_address[self.counted_as]
                self.counted_as = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # the head is in: the app has it
                self._stop_waiting()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # Kept alive and no pipelined request already begun: the next head is due.
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self._await_head()

        def _await_head(self) -> None:
            self._stop_waiting()
            self.head_timer = self.loop.call_later(head_seconds, self._head_late)

        def _stop_waiting(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_late(self) -> None:
            self.head_timer = None
            if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
                return
            if self.conn.trailing_data[0]:  # part of a head came: say why it ends here
                self.transport.write(REQUEST_TIMEOUT)
            self.transport.close()

    return GuardedH11Protocol
