"""Roles: `shousi users` makes accounts and gives roles; `/admin` lets an admin do it from
the browser; nobody else can (both databases for the store and the CLI)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from app.cli import cli
from app.settings import Settings
from app.store import Store
from app.store.identity import AccountError, accounts, create_account, set_role
from app.web import create_app
from app.web.identity import COOKIE
from tests.conftest import TEST_LIMITS
from tests.helpers import log_in, token_of, wait_until_ready

PASSWORD = "correct horse battery"


def test_accounts_and_roles_in_the_store(store: Store) -> None:
    create_account(store, "Ada", PASSWORD, "admin")
    create_account(store, "bob", PASSWORD)
    with pytest.raises(AccountError, match="taken"):
        create_account(store, "ADA", PASSWORD)
    with pytest.raises(AccountError, match="a role is one of"):
        create_account(store, "cyd", PASSWORD, "root")
    with pytest.raises(AccountError, match="8 to 256"):
        create_account(store, "cyd", "short")
    assert [(a["username"], a["role"]) for a in accounts(store)] == [
        ("Ada", "admin"),
        ("bob", "learner"),
    ]
    assert set_role(store, "BOB", "instructor") == "learner"  # found whatever the case
    with pytest.raises(AccountError, match="only admin"):
        set_role(store, "ada", "learner")
    set_role(store, "bob", "admin")
    assert set_role(store, "ada", "instructor") == "admin"  # another admin is left
    with pytest.raises(AccountError, match="no account"):
        set_role(store, "nobody", "admin")
    assert {a["username"]: a["role"] for a in accounts(store)} == {
        "Ada": "instructor",
        "bob": "admin",
    }


def shousi_users(env: dict[str, str], *args: str, stdin: str | None = None):
    return CliRunner().invoke(
        cli, ["users", *args], env={k: v or None for k, v in env.items()}, input=stdin
    )


def test_the_users_command(settings_env: dict[str, str]) -> None:
    made = shousi_users(
        settings_env, "create", "Root", "--role", "admin", "--password-stdin", stdin=PASSWORD
    )
    assert made.exit_code == 0 and "created Root (admin)" in made.output
    # Without --password-stdin the password is asked for twice, hidden.
    asked = shousi_users(settings_env, "create", "teach", stdin=f"{PASSWORD}\n{PASSWORD}\n")
    assert asked.exit_code == 0, asked.output
    assert PASSWORD not in asked.output
    mismatch = shousi_users(settings_env, "create", "other", stdin=f"{PASSWORD}\nnope-nope\n")
    assert mismatch.exit_code != 0
    taken = shousi_users(settings_env, "create", "root", "--password-stdin", stdin=PASSWORD)
    assert taken.exit_code == 1 and "taken" in taken.output
    bad_role = shousi_users(settings_env, "create", "x1y", "--role", "boss", "--password-stdin")
    assert bad_role.exit_code == 2 and "learner, instructor, admin" in bad_role.output
    promoted = shousi_users(settings_env, "role", "teach", "instructor")
    assert promoted.exit_code == 0 and "teach: learner -> instructor" in promoted.output
    last = shousi_users(settings_env, "role", "root", "learner")
    assert last.exit_code == 1 and "only admin" in last.output
    unknown = shousi_users(settings_env, "role", "ghost", "admin")
    assert unknown.exit_code == 1 and "no account is called 'ghost'" in unknown.output
    listed = shousi_users(settings_env, "list").output.splitlines()
    assert [line.split()[:2] for line in listed] == [["Root", "admin"], ["teach", "instructor"]]


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(workers=1, data_dir=tmp_path_factory.mktemp("admin"), **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        store = client.app.state.store
        create_account(store, "boss", PASSWORD, "admin")
        create_account(store, "pat", PASSWORD)
        wait_until_ready(client)
        yield client


def as_user(client: TestClient, username: str | None) -> None:
    client.cookies.clear()
    if username is not None:
        assert log_in(client, username).status_code == 303


def test_only_an_admin_sees_the_admin_page(app_client: TestClient) -> None:
    as_user(app_client, None)
    guest = app_client.get("/admin", follow_redirects=False)
    assert guest.status_code == 303 and guest.headers["location"] == "/login?next=/admin"
    as_user(app_client, "pat")
    denied = app_client.get("/admin?lang=en")
    assert denied.status_code == 403 and "for admins only" in denied.text
    assert 'href="/admin"' not in denied.text, "no Admin link for a learner"
    assert app_client.get("/api/admin/users").status_code == 403
    put = app_client.put("/api/admin/users/pat/role", json={"role": "admin"})
    assert put.status_code == 403
    as_user(app_client, "boss")
    page = app_client.get("/admin?lang=en")
    assert page.status_code == 200 and 'href="/admin"' in page.text
    assert re.findall(r'<tr data-user="([^"]+)">', page.text) == ["boss", "pat"]
    assert "管理：账号与角色" in app_client.get("/admin?lang=zh").text


def test_an_admin_gives_a_role_by_form_and_by_api(app_client: TestClient) -> None:
    as_user(app_client, "boss")
    token = token_of(app_client.get("/admin").text)
    form = {"csrf_token": token, "username": "pat", "role": "instructor"}
    done = app_client.post("/admin/users?lang=en", data=form)
    assert done.status_code == 200 and "pat is now instructor (was learner)" in done.text
    assert {u["username"]: u["role"] for u in app_client.get("/api/admin/users").json()} == {
        "boss": "admin",
        "pat": "instructor",
    }
    # Without the form's token (another site's form), refused and nothing changes.
    forged = app_client.post("/admin/users", data={**form, "csrf_token": "x", "role": "admin"})
    assert forged.status_code == 403
    # The only admin cannot demote themselves: a clear message, nothing changed.
    last = app_client.post("/admin/users?lang=en", data={**form, "username": "boss"})
    assert last.status_code == 422 and "only admin" in last.text
    bad = app_client.post("/admin/users?lang=en", data={**form, "role": "root"})
    assert bad.status_code == 422 and "no such role" in bad.text
    api = app_client.put("/api/admin/users/pat/role", json={"role": "learner"})
    assert api.json() == {"username": "pat", "role": "learner", "before": "instructor"}
    assert app_client.put("/api/admin/users/ghost/role", json={"role": "admin"}).status_code == 404
    assert app_client.put("/api/admin/users/pat/role", json={"role": 3}).status_code == 422
    assert (
        app_client.put(
            "/api/admin/users/pat/role", content=b"{", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    # The promoted user sees it once their session is looked up again.
    app_client.put("/api/admin/users/pat/role", json={"role": "admin"})
    as_user(app_client, "pat")
    assert app_client.get("/admin").status_code == 200
    assert COOKIE in app_client.cookies


def test_a_role_change_is_in_the_store_for_every_replica(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.upgrade()
    try:
        create_account(store, "solo", PASSWORD, "admin")
        create_account(store, "kim", PASSWORD)
        set_role(store, "kim", "instructor")
        again = Store.open(tmp_path)  # another replica, same database
        try:
            assert {a["username"]: a["role"] for a in accounts(again)}["kim"] == "instructor"
        finally:
            again.close()
    finally:
        store.close()
