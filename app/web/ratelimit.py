"""How often someone may try to log in or sign up: per client address and per username.

The counts live in this process's memory: each replica of a deployment counts on its own,
and a restart forgets them. That is enough to make guessing passwords slow; it is not an
account lock-out.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

WINDOW_SECONDS = 600.0
# Log-in and sign-up attempts from one address (a classroom behind one NAT shares it).
ATTEMPTS_PER_ADDRESS = 20
# Failed log-ins for one username, whether the account exists or not (the limit must not
# tell which usernames are taken).
FAILURES_PER_USERNAME = 10
# Beyond this many keys, forgotten first: those whose window is over, then the oldest.
MAX_KEYS = 100_000


class RateLimiter:
    """At most `limit` hits per key in any `window` seconds (a sliding window)."""

    def __init__(
        self,
        limit: int,
        window: float = WINDOW_SECONDS,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self.limit, self.window, self.clock, self.max_keys = limit, window, clock, max_keys
        self._hits: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float] | None:
        hits = self._hits.get(key)
        if hits is None:
            return None
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if not hits:
            del self._hits[key]
            return None
        return hits

    def retry_after(self, key: str) -> int | None:
        """Seconds until `key` may try again, or None if it may now."""
        now = self.clock()
        hits = self._recent(key, now)
        if hits is None or len(hits) < self.limit:
            return None
        return max(1, math.ceil(hits[0] + self.window - now))

    def hit(self, key: str) -> None:
        """Count one attempt for `key`."""
        now = self.clock()
        hits = self._recent(key, now)
        if hits is None:
            if len(self._hits) >= self.max_keys:
                self._forget(now)
            hits = self._hits[key] = deque(maxlen=self.limit)
        hits.append(now)

    def reset(self, key: str) -> None:
        """Forget `key`'s attempts (a successful log-in)."""
        self._hits.pop(key, None)

    def _forget(self, now: float) -> None:
        for key in list(self._hits):
            self._recent(key, now)
        while len(self._hits) >= self.max_keys:
            del self._hits[next(iter(self._hits))]  # the key first seen longest ago


@dataclass
class AccountLimits:
    """The two limits on log-in and sign-up attempts."""

    per_address: RateLimiter = field(
        default_factory=lambda: RateLimiter(ATTEMPTS_PER_ADDRESS, WINDOW_SECONDS)
    )
    per_username: RateLimiter = field(
        default_factory=lambda: RateLimiter(FAILURES_PER_USERNAME, WINDOW_SECONDS)
    )

    @classmethod
    def with_clock(
        cls,
        clock: Callable[[], float],
        *,
        window: float = WINDOW_SECONDS,
        per_address: int = ATTEMPTS_PER_ADDRESS,
        per_username: int = FAILURES_PER_USERNAME,
    ) -> AccountLimits:
        """Limits that read the time from `clock` (tests move it forward)."""
        return cls(
            RateLimiter(per_address, window, clock=clock),
            RateLimiter(per_username, window, clock=clock),
        )
