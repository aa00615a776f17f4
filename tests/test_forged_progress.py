"""A made-up export cannot show a set's owner a problem as solved: a guest who joined the
set cannot import at all, and once signed up, what the file says was accepted is imported
history, not progress on the set."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.store.identity import create_account
from app.web import create_app
from tests.conftest import ACCOUNT_PASSWORD, TEST_LIMITS, form_token, new_account
from tests.helpers import wait_until_ready

PROBLEM = "causal-mask"
FORGED = {
    "format": "shousi-learner-export",
    "version": 1,
    "submissions": [
        {
            "problem": PROBLEM,
            "mode": "submit",
            "code": "# never graded anywhere\n",
            "created_at": "2099-01-01T00:00:00Z",  # after joining, whenever that was
            "status": "done",
            "verdict": "accepted",
            "result": {"verdict": "accepted", "cases": []},
        }
    ],
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(workers=1, data_dir=tmp_path_factory.mktemp("forged"), **TEST_LIMITS)
    with TestClient(create_app(settings)) as test_client:
        create_account(test_client.app.state.store, "owner", ACCOUNT_PASSWORD, "instructor")
        wait_until_ready(test_client)
        yield test_client


def log_in(client: TestClient, username: str) -> None:
    client.cookies.clear()
    token = form_token(client, "/login")
    form = {"csrf_token": token, "username": username, "password": ACCOUNT_PASSWORD}
    assert client.post("/login", data=form, follow_redirects=False).status_code == 303


def owner_view(client: TestClient) -> tuple[dict, list[dict[str, str]]]:
    """The owner's progress table (JSON) and its CSV, for the set's one problem."""
    log_in(client, "owner")
    table = client.get("/api/sets/week/progress").json()
    rows = list(csv.DictReader(io.StringIO(client.get("/admin/sets/week/progress.csv").text)))
    return table, [row for row in rows if row["item"] == f"problem:{PROBLEM}"]


def test_a_forged_accepted_submission_never_shows_as_solved_to_the_owner(
    client: TestClient,
) -> None:
    log_in(client, "owner")
    made = client.post(
        "/api/sets", json={"slug": "week", "title": "Week", "items": [f"problem:{PROBLEM}"]}
    )
    assert made.status_code in (200, 201), made.text

    # A guest joins the set and tries the forged file: no account, no import.
    client.cookies.clear()
    joined = client.post("/sets/week/join", follow_redirects=False)
    assert joined.status_code == 303
    refused = client.post("/api/me/import", json=FORGED)
    assert refused.status_code == 403 and "needs an account" in refused.json()["detail"]

    # The same guest signs up (keeping the membership) and imports it.
    token = form_token(client, "/signup")
    form = {"csrf_token": token, "username": "forger", "password": ACCOUNT_PASSWORD}
    signed = client.post(
        "/signup", data={**form, "password_again": ACCOUNT_PASSWORD}, follow_redirects=False
    )
    assert signed.status_code == 303
    assert client.get("/api/sets/week").json()["joined"] is True
    done = client.post("/api/me/import", json=FORGED)
    assert done.status_code == 200 and done.json()["imported"]["submissions"] == 1
    mine = client.get("/api/sets/week").json()["progress"][0]
    assert mine["solved"] is False and mine["attempts"] == 0

    table, csv_rows = owner_view(client)
    [forger] = [m for m in table["members"] if m["name"] == "forger"]
    [cell] = [item for item in forger["items"] if item["item"] == f"problem:{PROBLEM}"]
    assert (cell["solved"], cell["attempts"], cell["latest"]) == (False, 0, None)
    [row] = [row for row in csv_rows if row["learner"] == "forger"]
    assert row["solved"] == "False" and row["attempts"] == "0"
    page = client.get("/admin/sets/week?lang=en").text
    assert 'data-verdict="accepted"' not in page

    # Another account, signed up first, joining later: the same.
    new_account(client, "forger2")
    client.post("/sets/week/join", data={"csrf_token": form_token(client, "/sets/week")})
    assert client.post("/api/me/import", json=FORGED).status_code == 200
    table, csv_rows = owner_view(client)
    assert not any(row["solved"] == "True" for row in csv_rows)
