"""The learner behind each request, from a signed cookie; CSRF checks on what changes state.

Every request gets an `Identity` (request.state.identity) that resolves its cookie on first
use. Routes that store something ask for `learner()`, which makes an anonymous learner
when there is none yet; the cookie for it is set on the response.

CSRF: a page on another site can make a browser send our cookie with a form post or a
text/plain body, but not with a JSON body (that needs a CORS pre-flight, which this server
never grants). So a state-changing request that carries our cookie and such a body must
carry the session's CSRF token (forms: a hidden field, checked by the form's route; other
bodies: an X-CSRF-Token header), and an Origin header, when sent, must be this server's.
"""

from __future__ import annotations

import json
from http.cookies import SimpleCookie
from typing import Any

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.store.identity import Sessions, Who

COOKIE = "shousi_session"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
# Form posts whose route checks the CSRF token field itself.
FORM_PATHS = {"/login", "/signup", "/logout", "/me/import", "/review", "/admin/users"}
# Bodies a page on another site can make a browser send without asking (CORS "simple"
# requests): only these need proof that the request comes from our own pages.
_SIMPLE_TYPES = {"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"}


class Identity:
    """Who a request is from, looked up on first use."""

    def __init__(self, sessions: Sessions | None, cookie: str | None) -> None:
        self.sessions, self.cookie = sessions, cookie
        self._who: Who | None = None
        self._resolved = False
        self.new_cookie: str | None = None
        self.clear_cookie = False

    async def who(self) -> Who | None:
        """The learner the cookie names, or None."""
        if not self._resolved and self.sessions is not None:
            self._who = self.sessions.cached(self.cookie)
            if self._who is None:
                self._who = await anyio.to_thread.run_sync(self.sessions.resolve, self.cookie)
            self._resolved = True
        return self._who

    async def learner(self) -> Who:
        """The learner, made (anonymous, with a new session cookie) if there is none."""
        who = await self.who()
        if who is None:
            if self.sessions is None:
                raise RuntimeError("the learner store is not ready")
            who, cookie = await anyio.to_thread.run_sync(self.sessions.new_anonymous)
            self.opened(who, cookie)
        return who

    def opened(self, who: Who, cookie: str) -> None:
        """A new session for this browser (sign-up, log-in, a new anonymous learner)."""
        self._who, self._resolved = who, True
        self.cookie = self.new_cookie = cookie
        self.clear_cookie = False

    def closed(self) -> None:
        """Logged out: the cookie is cleared."""
        self._who, self._resolved = None, True
        self.cookie = self.new_cookie = None
        self.clear_cookie = True

    def csrf_token(self) -> str:
        """The token a form of this session carries."""
        return self.sessions.csrf_token(self.cookie) if self.sessions else ""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin-1")
    return None


def _cookie(scope: Scope) -> str | None:
    raw = _header(scope, b"cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # noqa: BLE001 - a malformed Cookie header names no session
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None else None


def _problem_form(path: str) -> bool:
    """The problem page's own forms, whose token app.web.routes.submissions checks: Run and
    Submit (POST /problems/{id}, with or without JavaScript) and the custom run
    (POST /problems/{id}/custom)."""
    parts = path.split("/")
    if len(parts) == 4 and parts[3] != "custom":
        return False
    return len(parts) in (3, 4) and parts[1] == "problems" and bool(parts[2])


def _same_origin(origin: str, host: str | None) -> bool:
    if origin == "null" or "://" not in origin:
        return False
    return host is not None and origin.split("://", 1)[1].rstrip("/") == host


def set_cookie_header(value: str | None, *, secure: bool) -> bytes:
    """The Set-Cookie header for a session cookie (or for clearing it)."""
    parts = [f"{COOKIE}={value or ''}", "Path=/", "HttpOnly", "SameSite=Lax"]
    parts.append(f"Max-Age={COOKIE_MAX_AGE if value else 0}")
    if secure:
        parts.append("Secure")
    return "; ".join(parts).encode("latin-1")


class IdentityMiddleware:
    """Attach an Identity to every HTTP request; refuse cross-site state changes."""

    def __init__(self, app: ASGIApp, *, secure: bool = False) -> None:
        self.app, self.secure = app, secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        sessions = getattr(scope["app"].state, "sessions", None)
        cookie = _cookie(scope)
        identity = Identity(sessions, cookie)
        scope.setdefault("state", {})["identity"] = identity
        if scope["method"] in UNSAFE and cookie:
            refusal = self.csrf_refusal(scope, identity)
            if refusal:
                await _forbidden(send, refusal)
                return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and (
                identity.new_cookie or identity.clear_cookie
            ):
                headers = list(message.get("headers", []))
                headers.append(
                    (b"set-cookie", set_cookie_header(identity.new_cookie, secure=self.secure))
                )
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    def csrf_refusal(self, scope: Scope, identity: Identity) -> str | None:
        origin = _header(scope, b"origin")
        if origin is not None and not _same_origin(origin, _header(scope, b"host")):
            return "cross-site request refused"
        if (
            scope["path"] in FORM_PATHS
            or _problem_form(scope["path"])
            or scope["path"].startswith("/admin/")
            or (scope["path"].startswith("/sets/") and scope["path"].endswith("/join"))
        ):
            return None  # the route checks the form's token
        kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if kind not in _SIMPLE_TYPES:
            return None  # another site cannot send this without a pre-flight we never grant
        token = _header(scope, b"x-csrf-token")
        if identity.sessions is not None and identity.sessions.check_csrf(identity.cookie, token):
            return None
        return "send JSON (Content-Type: application/json) or the X-CSRF-Token header"


async def _forbidden(send: Send, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 403, "headers": headers})
    await send({"type": "http.response.body", "body": body})
