"""Who is asking: anonymous learners, accounts, and the server-side sessions behind cookies.

A cookie holds `<token>.<signature>`: a random token, and its HMAC under the deployment's key,
so a forged or mangled cookie is turned away before any database look-up. The database
keeps only the token's SHA-256, so a copy of it opens no session. Sessions are rows:
logging out revokes one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from app.store import Store
from app.store.models import Learner, Session, Setting, utcnow

KEY_SETTING = "cookie_key"
# last_seen is refreshed at most this often: not one write per request.
SEEN_EVERY = timedelta(minutes=10)
RESOLVED_FOR = 10.0  # seconds a resolved cookie is trusted without asking the database
RESOLVED_MAX = 10_000
USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
_HASHER = PasswordHasher()
# Verified against when the username is unknown, so that both failures take as long.
_DUMMY_HASH = _HASHER.hash("not a password anyone has")


class AccountError(ValueError):
    """A sign-up or log-in that cannot go ahead, with a message for the user.

    `reason` names it for the pages, which say it in the reader's language.
    """

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Who:
    """The learner behind a request."""

    learner_id: int
    username: str | None
    role: str
    session_id: int


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def signing_key(store: Store, configured: str | None) -> bytes:
    """SHOUSI_SECRET_KEY, else the key kept in the database (made on first use, shared by
    every replica: the first to write it wins, the others read it)."""
    if configured:
        return configured.encode()
    with store.session() as session:
        row = session.get(Setting, KEY_SETTING)
        if row is None:
            session.add(Setting(name=KEY_SETTING, value=secrets.token_urlsafe(48)))
    try:
        with store.session() as session:
            return session.get(Setting, KEY_SETTING).value.encode()  # type: ignore[union-attr]
    except IntegrityError:  # another replica wrote it in between: read theirs
        with store.session() as session:
            return session.get(Setting, KEY_SETTING).value.encode()  # type: ignore[union-attr]


class Sessions:
    """Signing, resolving, opening and revoking sessions, and accounts."""

    def __init__(self, store: Store, key: bytes) -> None:
        self.store, self.key = store, key
        # cookie -> (who, when the entry expires): a learner's requests come in runs (a
        # submission is three of them), and a database look-up each is a good share of a
        # fast grading. A revocation here drops the entry at once; one on another replica
        # is seen within RESOLVED_FOR seconds.
        self._resolved: dict[str, tuple[Who, float]] = {}
        self._lock = threading.Lock()

    def _sign(self, token: str) -> str:
        digest = hmac.new(self.key, token.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def cookie_for(self, token: str) -> str:
        """The cookie value carrying `token`."""
        return f"{token}.{self._sign(token)}"

    def _token_of(self, cookie: str | None) -> str | None:
        if not cookie or cookie.count(".") != 1 or len(cookie) > 200:
            return None
        token, signature = cookie.split(".")
        return token if hmac.compare_digest(signature, self._sign(token)) else None

    def csrf_token(self, cookie: str | None) -> str:
        """The form token bound to a session (empty without one)."""
        token = self._token_of(cookie)
        if token is None:
            return ""
        return self._sign("csrf:" + token)

    def check_csrf(self, cookie: str | None, given: str | None) -> bool:
        """Whether a form's token belongs to the session its cookie names."""
        expected = self.csrf_token(cookie)
        return bool(expected and given) and hmac.compare_digest(expected, given or "")

    def resolve(self, cookie: str | None) -> Who | None:
        """The learner a cookie names, or None (absent, forged, unknown or revoked)."""
        token = self._token_of(cookie)
        if token is None or cookie is None:
            return None
        now_seconds = time.monotonic()
        with self._lock:
            cached = self._resolved.get(cookie)
        if cached is not None and cached[1] > now_seconds:
            return cached[0]
        who = self._look_up(token)
        if who is not None:
            with self._lock:
                if len(self._resolved) >= RESOLVED_MAX:
                    self._resolved.clear()
                self._resolved[cookie] = (who, now_seconds + RESOLVED_FOR)
        return who

    def cached(self, cookie: str | None) -> Who | None:
        """The learner of a cookie resolved in the last few seconds, without the database
        (so without leaving the event loop); None if not known right now."""
        if not cookie:
            return None
        with self._lock:
            entry = self._resolved.get(cookie)
        return entry[0] if entry is not None and entry[1] > time.monotonic() else None

    def _forget(self, session_id: int) -> None:
        with self._lock:
            for cookie in [c for c, (w, _) in self._resolved.items() if w.session_id == session_id]:
                del self._resolved[cookie]

    def _look_up(self, token: str) -> Who | None:
        with self.store.session() as session:
            row = session.execute(
                select(Session, Learner)
                .join(Learner, Learner.id == Session.learner_id)
                .where(Session.token_hash == _hash(token), Session.revoked.is_(False))
            ).first()
            if row is None:
                return None
            found, learner = row
            now = utcnow()
            if now - found.last_seen > SEEN_EVERY:
                found.last_seen = now
            return Who(learner.id, learner.username, learner.role, found.id)

    def _open(self, session: DbSession, learner: Learner) -> tuple[int, str]:
        """A new session for `learner`: (its id, the cookie value)."""
        token = secrets.token_urlsafe(32)
        row = Session(token_hash=_hash(token), learner_id=learner.id)
        session.add(row)
        session.flush()
        return row.id, self.cookie_for(token)

    def new_anonymous(self) -> tuple[Who, str]:
        """A new anonymous learner with a session: (who, cookie value)."""
        with self.store.session() as session:
            learner = Learner()
            session.add(learner)
            session.flush()
            opened, cookie = self._open(session, learner)
            return Who(learner.id, None, learner.role or "learner", opened), cookie

    def revoke(self, who: Who) -> None:
        """Log out: the session's cookie opens nothing any more."""
        with self.store.session() as session:
            session.execute(
                update(Session).where(Session.id == who.session_id).values(revoked=True)
            )
        self._forget(who.session_id)

    def sign_up(self, who: Who, username: str, password: str) -> tuple[Who, str]:
        """Turn the anonymous learner `who` into an account, keeping everything it did:
        (who, the cookie of a new session; the anonymous one is revoked)."""
        logged_in = AccountError(
            "you are logged in already: log out to make another account", "logged_in"
        )
        if who.username is not None:
            raise logged_in
        _check_new_account(username, password)
        hashed = _HASHER.hash(password)
        try:
            with self.store.session() as session:
                learner = session.get(Learner, who.learner_id)
                assert learner is not None
                if learner.username is not None:  # another request signed it up meanwhile
                    raise logged_in
                learner.username, learner.password_hash = username, hashed
                session.flush()
                # A new session, as at log-in: a cookie planted before the sign-up (session
                # fixation) does not open the account.
                session.execute(
                    update(Session).where(Session.id == who.session_id).values(revoked=True)
                )
                opened, cookie = self._open(session, learner)
        except IntegrityError:
            raise AccountError("that username is taken; choose another", "taken") from None
        self._forget(who.session_id)
        return Who(who.learner_id, username, who.role, opened), cookie

    def log_in(self, username: str, password: str) -> tuple[Who, str]:
        """A new session for the account, or AccountError, worded the same whether the
        username is unknown or the password wrong."""
        wrong = AccountError("wrong username or password", "wrong")
        if len(password) > MAX_PASSWORD:
            raise wrong
        with self.store.session() as session:
            learner = session.scalars(
                select(Learner).where(func.lower(Learner.username) == username.lower())
            ).first()
            stored = learner.password_hash if learner is not None else None
        try:
            _HASHER.verify(stored or _DUMMY_HASH, password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        if learner is None or stored is None:
            raise wrong
        with self.store.session() as session:
            if _HASHER.check_needs_rehash(stored):
                fresh = session.get(Learner, learner.id)
                if fresh is not None:
                    fresh.password_hash = _HASHER.hash(password)
            opened, cookie = self._open(session, learner)
        return Who(learner.id, learner.username, learner.role, opened), cookie


def _check_new_account(username: str, password: str) -> None:
    if not USERNAME.fullmatch(username):
        raise AccountError(
            "a username is 3 to 32 letters, digits, dots, dashes or underscores", "username_rule"
        )
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(
            f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters long", "password_rule"
        )


ROLES = ("learner", "instructor", "admin")


def _check_role(role: str) -> None:
    if role not in ROLES:
        raise AccountError(f"a role is one of {', '.join(ROLES)}", "role_rule")


def create_account(store: Store, username: str, password: str, role: str = "learner") -> int:
    """A new account (no browser needed: `shousi users create`); its learner id."""
    _check_new_account(username, password)
    _check_role(role)
    hashed = _HASHER.hash(password)
    try:
        with store.session() as session:
            learner = Learner(username=username, password_hash=hashed, role=role)
            session.add(learner)
            session.flush()
            return learner.id
    except IntegrityError:
        raise AccountError("that username is taken; choose another", "taken") from None


def set_role(store: Store, username: str, role: str) -> str:
    """Give the account `role`; its role before. Refuses to leave no admin at all."""
    _check_role(role)
    with store.session() as session:
        learner = session.scalars(
            select(Learner).where(func.lower(Learner.username) == username.lower())
        ).first()
        if learner is None:
            raise AccountError(f"no account is called {username!r}", "unknown")
        before = learner.role
        if before == "admin" and role != "admin":
            admins = session.scalar(
                select(func.count()).select_from(Learner).where(Learner.role == "admin")
            )
            if admins <= 1:
                raise AccountError("this is the only admin: make another admin first", "last_admin")
        learner.role = role
        return before


def accounts(store: Store) -> list[dict[str, Any]]:
    """Every account (not anonymous learners): username, role, created_at; by username."""
    with store.session() as session:
        rows = session.scalars(
            select(Learner)
            .where(Learner.username.is_not(None))
            .order_by(func.lower(Learner.username))
        ).all()
        return [
            {
                "id": row.id,
                "username": row.username,
                "role": row.role,
                "created_at": row.created_at.isoformat().replace("+00:00", "Z"),
            }
            for row in rows
        ]
