"""Behind a reverse proxy each client is counted by the address the proxy forwards, and only
when the proxy is one the settings name (SHOUSI_FORWARDED_ALLOW_IPS)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest

from app.web.ratelimit import ATTEMPTS_PER_ADDRESS
from tests.helpers import error_of, running_server, token_of


def _server(tmp_path: Path, trusted: str | None) -> Iterator[str]:
    """A server trusting the proxies `trusted` names (None: the setting left unset)."""
    env = {
        **os.environ,
        "SHOUSI_WORKERS": "1",
        "SHOUSI_LOG_LEVEL": "warning",
        "SHOUSI_DATA_DIR": str(tmp_path / "data"),
    }
    env.pop("SHOUSI_FORWARDED_ALLOW_IPS", None)
    if trusted is not None:
        env["SHOUSI_FORWARDED_ALLOW_IPS"] = trusted
    with running_server(tmp_path / "server.log", env) as url:
        yield url


def _failed_log_in(url: str, n: int, forwarded_for: str) -> httpx.Response:
    """A log-in with a wrong password for a username nobody has, sent as if through a proxy."""
    headers = {"X-Forwarded-For": forwarded_for}
    with httpx.Client(base_url=url, headers=headers, timeout=30) as client:
        token = token_of(client.get("/login?lang=en").text)
        form = {"csrf_token": token, "username": f"nobody{n}", "password": "wrong password 1"}
        return client.post("/login?lang=en", data=form)


def _use_up_the_address(url: str, forwarded_for: str) -> None:
    for n in range(ATTEMPTS_PER_ADDRESS):
        assert _failed_log_in(url, n, forwarded_for).status_code == 400


def test_a_named_proxy_s_clients_are_limited_each_by_their_own_address(tmp_path: Path) -> None:
    for url in _server(tmp_path, "127.0.0.1"):
        _use_up_the_address(url, "198.51.100.7")
        over = _failed_log_in(url, 99, "198.51.100.7")
        assert over.status_code == 429
        assert "Too many attempts from your address" in error_of(over.text)
        # Another candidate behind the same proxy is not held back by the first.
        assert _failed_log_in(url, 100, "198.51.100.8").status_code == 400


@pytest.mark.parametrize("trusted", ["192.0.2.1", None])
def test_forwarded_addresses_from_a_peer_not_named_are_ignored(
    tmp_path: Path, trusted: str | None
) -> None:
    # Unset, the setting names no proxy: not even 127.0.0.1, where anything on the same
    # host (or a local port forward) could claim any address.
    for url in _server(tmp_path, trusted):
        # Each claims another address, but all come from 127.0.0.1, which is not a named
        # proxy: they are one client, so a header cannot buy more attempts.
        for n in range(ATTEMPTS_PER_ADDRESS):
            assert _failed_log_in(url, n, f"198.51.100.{n + 10}").status_code == 400
        assert _failed_log_in(url, 99, "198.51.100.200").status_code == 429


@pytest.mark.parametrize("trusted", ["10.0.0.0/8", "*", "127.0.0.1, 10.1.2.3"])
def test_the_setting_reaches_the_server(trusted: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.settings import Settings
    from app.web.limits import server_options

    monkeypatch.setenv("SHOUSI_FORWARDED_ALLOW_IPS", trusted)
    options = server_options(Settings())
    assert options["proxy_headers"] is True
    assert options["forwarded_allow_ips"] == trusted


def test_by_default_no_peer_is_a_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.settings import Settings
    from app.web.limits import server_options

    monkeypatch.delenv("SHOUSI_FORWARDED_ALLOW_IPS", raising=False)
    options = server_options(Settings(_env_file=None))
    assert options["proxy_headers"] is False and options["forwarded_allow_ips"] == ""
