"""Shared fixtures: the real bank, a small sandbox pool, the ASGI app, and databases."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.bank import Bank, Problem, load_bank
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from app.store import Store
from app.web import create_app
from tests.helpers import ACCOUNT_PASSWORD, ROOT, TEST_LIMITS, wait_until_ready
from tests.postgres import PostgresCluster, start_cluster

# Every app and server the tests start keeps its learner state in a throwaway folder, never
# in the checkout's ./data (a test may set its own SHOUSI_DATA_DIR or data_dir).
os.environ["SHOUSI_DATA_DIR"] = tempfile.mkdtemp(prefix="shousi-test-data-")
atexit.register(shutil.rmtree, os.environ["SHOUSI_DATA_DIR"], ignore_errors=True)
PROBLEMS = ROOT / "problems"


def solution(problem_id: str) -> str:
    """A correct solution written independently of the reference implementation."""
    return (PROBLEMS / problem_id / "solution.py").read_text()


def written_problem(root: Path, problem_id: str, files: dict[str, str]) -> Problem:
    """Write a problem folder of these files under `root` and load it, alone."""
    folder = root / problem_id
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    loaded = load_bank([root])
    assert not loaded.errors, loaded.errors
    return loaded.get(problem_id)


@pytest.fixture(scope="session")
def bank() -> Bank:
    loaded = load_bank(Settings().problem_dirs())
    assert not loaded.errors, loaded.errors
    return loaded


@pytest.fixture(scope="session")
def pool() -> Iterator[SandboxPool]:
    sandbox = build_pool(Settings(**TEST_LIMITS), size=2)
    sandbox.start()
    yield sandbox
    sandbox.close()


@pytest.fixture(scope="session")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("data")
    settings = Settings(workers=2, data_dir=data, **TEST_LIMITS)
    with TestClient(create_app(settings)) as test_client:
        # Ready (/readyz 200), so a module run alone does not meet a 503 ...
        wait_until_ready(test_client)
        # ... and every worker warm before the first test: a grading asked earlier meets "busy".
        pool, deadline = test_client.app.state.pool, time.monotonic() + 180
        while pool.ready_workers < settings.workers and time.monotonic() < deadline:
            time.sleep(0.1)
        yield test_client


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """The session's throwaway PostgreSQL (tests/postgres.py), stopped and removed at the end.

    Under CI or scripts/test a PostgreSQL that cannot be had fails the tests; an ad-hoc
    pytest run on a machine without the server binaries skips them, saying why.
    """
    required = os.environ.get("CI") == "true" or os.environ.get("SHOUSI_TEST_COMMAND") == "1"
    started = start_cluster()  # a RuntimeError (binaries there, server broken) always fails
    if isinstance(started, str):
        if required:
            pytest.fail(f"PostgreSQL is required under CI and scripts/test: {started}")
        pytest.skip(f"no PostgreSQL here ({started}); scripts/test installs it")
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: PostgresCluster) -> str:
    """SQLAlchemy URL of the session's PostgreSQL database `shousi` (role `shousi`)."""
    return postgres_cluster.url()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind, for one test: a SQLite file, or a new PG database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'shousi.db'}"
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    name = cluster.create_database()
    try:
        yield cluster.url(name)
    finally:
        cluster.drop_database(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def settings_env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment naming an empty database: SQLite in SHOUSI_DATA_DIR, or a PG URL."""
    env = {"SHOUSI_DATA_DIR": str(tmp_path / "data"), "SHOUSI_DATABASE_URL": ""}
    if request.param == "sqlite":
        yield env
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    name = cluster.create_database()
    try:
        yield {**env, "SHOUSI_DATABASE_URL": cluster.url(name)}
    finally:
        cluster.drop_database(name)


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A migrated `app.store.Store` on each kind of database, empty of rows."""
    opened = Store(database_url)
    opened.upgrade()
    try:
        yield opened
    finally:
        opened.close()


def form_token(client: TestClient, page: str) -> str:
    """The CSRF token in a page's form, as a browser posting that form would send it."""
    html = client.get(page).text
    match = re.search(r'name="csrf_token" value="([^"]*)"', html)
    assert match, f"{page} has no form token"
    return match.group(1)


def new_account(client: TestClient, username: str, password: str = ACCOUNT_PASSWORD) -> None:
    """A fresh browser signs up as `username` (made through the sign-up form)."""
    client.cookies.clear()
    token = form_token(client, "/signup")
    form = {"csrf_token": token, "username": username, "password": password}
    signed = client.post(
        "/signup", data={**form, "password_again": password}, follow_redirects=False
    )
    assert signed.status_code == 303, signed.text


def roomy_account_limits(client: TestClient) -> None:
    """Let one test client (one address) sign up and log in as often as a module needs."""
    from app.web.ratelimit import AccountLimits

    client.app.state.account_limits = AccountLimits.with_clock(
        time.monotonic, per_address=1_000_000
    )
