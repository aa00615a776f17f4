"""Problem sets: an instructor orders problems and cards behind a link; learners who start
it see their progress; the instructor sees who solved what, and exports it as CSV."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.settings import Settings
from app.store import Store, sets
from app.store.identity import create_account
from app.store.models import ProblemSet, SetMember, Submission, utcnow
from app.web import create_app
from app.web.identity import COOKIE
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import log_in, new_learner, token_of, wait_until_ready

PASSWORD = "correct horse battery"
PROBLEM, OTHER, CARD = "causal-mask", "padding-mask", "why-scale-sqrt-dk"
WRONG = (
    "import torch\n\ndef causal_mask(size):\n    return torch.ones(size, size, dtype=torch.bool)\n"
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(workers=1, data_dir=tmp_path_factory.mktemp("sets"), **TEST_LIMITS)
    with TestClient(create_app(settings)) as test_client:
        store = test_client.app.state.store
        for name, role in (("teach", "instructor"), ("rival", "instructor"), ("-1-1", "learner")):
            create_account(store, name, PASSWORD, role)
        wait_until_ready(test_client)
        yield test_client


def as_user(client: TestClient, username: str | None) -> None:
    client.cookies.clear()
    if username is not None:
        assert log_in(client, username, PASSWORD).status_code == 303


def make_set(client: TestClient, **fields: str):  # noqa: ANN201
    token = token_of(client.get("/admin/sets").text)
    return client.post(
        "/admin/sets?lang=en", data={"csrf_token": token, **fields}, follow_redirects=False
    )


def test_an_instructor_makes_a_set_and_bad_items_are_named(client: TestClient) -> None:
    as_user(client, "teach")
    bad = make_set(client, slug="week-1", title="Week 1", items=f"{PROBLEM}\nnot-a-problem")
    assert (
        bad.status_code == 422
        and "'problem:not-a-problem': there is no such problem" in html.unescape(bad.text)
    )
    assert 'value="Week 1"' in bad.text, "what was typed is kept"
    twice = make_set(client, slug="week-1", title="W", items=f"{PROBLEM}\nproblem:{PROBLEM}")
    assert twice.status_code == 422 and "twice" in twice.text
    slug = make_set(client, slug="Week 1", title="W", items=PROBLEM)
    assert slug.status_code == 422 and "link name" in slug.text
    made = make_set(
        client, slug="week-1", title="Week 1: masks", items=f"{PROBLEM}, {OTHER}\nqa:{CARD}"
    )
    assert made.status_code == 303 and made.headers["location"] == "/admin/sets/week-1"
    found = client.get("/api/sets/week-1").json()
    assert found["items"] == [f"problem:{PROBLEM}", f"problem:{OTHER}", f"qa:{CARD}"]
    # Another instructor cannot take the name, see its progress, or change it.
    as_user(client, "rival")
    taken = make_set(client, slug="week-1", title="Mine now", items=OTHER)
    assert taken.status_code == 422 and "taken by another instructor" in taken.text
    assert client.get("/admin/sets/week-1").status_code == 403
    assert client.get("/api/sets/week-1/progress").status_code == 403
    as_user(client, "-1-1")
    assert client.get("/admin/sets").status_code == 403
    assert (
        client.post("/api/sets", json={"slug": "x", "title": "x", "items": []}).status_code == 403
    )


def test_learners_start_a_set_and_the_instructor_sees_who_solved_what(
    client: TestClient,
) -> None:
    as_user(client, "teach")
    client.post(
        "/api/sets",
        json={"slug": "masks", "title": "Masks", "items": [f"problem:{PROBLEM}", f"qa:{CARD}"]},
    )
    # A first visitor sees the set and a Start button; looking makes no learner.
    as_user(client, None)
    page = client.get("/sets/masks?lang=en")
    assert page.status_code == 200 and "Start this set" in page.text
    assert COOKIE not in client.cookies
    # A signed-in learner who merely opens the link has not joined either.
    as_user(client, "-1-1")
    client.get("/sets/masks")
    assert client.get("/api/sets/masks").json()["joined"] is False
    token = token_of(client.get("/sets/masks").text)
    started = client.post("/sets/masks/join", data={"csrf_token": token}, follow_redirects=False)
    assert started.status_code == 303
    url = f"/api/problems/{PROBLEM}/submissions"
    assert (
        client.post(url, json={"code": WRONG, "mode": "submit"}).json()["verdict"] == "wrong_answer"
    )
    assert client.post(url, json={"code": solution(PROBLEM)}).json()["verdict"] == "accepted"
    mine = client.get("/api/sets/masks").json()
    assert mine["joined"] is True
    assert mine["progress"][0] | {"title": None} == {
        "item": f"problem:{PROBLEM}", "kind": "problem", "title": None,
        "link": f"/problems/{PROBLEM}", "solved": True, "attempts": 2, "latest": "accepted",
    }  # fmt: skip
    assert mine["progress"][1]["rated"] is False
    learner_page = client.get("/sets/masks?lang=zh").text
    assert "已完成 1 / 2" in learner_page and "✓ 已通过" in learner_page
    # A guest starts it too, from a fresh browser, without an account.
    as_user(client, None)
    assert client.post("/sets/masks/join", follow_redirects=False).status_code == 303
    assert COOKIE in client.cookies
    guest = client.get("/api/sets/masks").json()
    assert guest["joined"] is True and guest["progress"][0]["attempts"] == 0

    as_user(client, "teach")
    table = client.get("/admin/sets/masks?lang=en").text
    assert 'data-learner="-1-1"' in table and 'data-learner="guest #' in table
    assert f'data-item="problem:{PROBLEM}" data-verdict="accepted"' in table
    progress = client.get("/api/sets/masks/progress").json()
    assert [m["name"] for m in progress["members"]][0] == "-1-1"
    rows = list(csv.DictReader(io.StringIO(client.get("/admin/sets/masks/progress.csv").text)))
    solved = [r for r in rows if r["item"] == f"problem:{PROBLEM}" and r["solved"] == "True"]
    assert len(solved) == 1 and solved[0]["latest"] == "accepted" and solved[0]["attempts"] == "2"
    # A name a spreadsheet would read as a formula is written as text.
    assert solved[0]["learner"] == "'-1-1"
    assert client.get("/sets/nope").status_code == 404


def test_the_owner_sees_only_attempts_made_after_the_learner_joined(client: TestClient) -> None:
    as_user(client, "teach")
    made = client.post(
        "/api/sets", json={"slug": "later", "title": "Later", "items": [f"problem:{OTHER}"]}
    )
    assert made.status_code == 200, made.text
    # A guest solves the problem first, then starts the set.
    as_user(client, None)
    url = f"/api/problems/{OTHER}/submissions"
    assert client.post(url, json={"code": solution(OTHER)}).json()["verdict"] == "accepted"
    token = token_of(client.get("/sets/later").text)
    joined = client.post("/sets/later/join", data={"csrf_token": token}, follow_redirects=False)
    assert joined.status_code == 303
    guest = client.cookies.get(COOKIE)

    def owners_view() -> dict:
        as_user(client, "teach")
        (member,) = client.get("/api/sets/later/progress").json()["members"]
        client.cookies.clear()
        client.cookies.set(COOKIE, guest)
        return member["items"][0]

    before = owners_view()
    assert (before["solved"], before["attempts"], before["latest"]) == (False, 0, None)
    assert client.post(url, json={"code": WRONG, "mode": "run"}).status_code == 200
    after = owners_view()
    assert after["attempts"] == 1 and after["latest"] is not None and not after["solved"]


def test_progress_since_joining_counts_each_set_s_own_join_time(store: Store) -> None:
    # On SQLite and PostgreSQL: a learner joined set "a" an hour ago and set "b" just now;
    # an attempt from half an hour ago counts in "a" only.
    owner, learner = new_learner(store, "owner"), new_learner(store)
    now = utcnow()
    for slug, joined in (("a", now - timedelta(hours=1)), ("b", now)):
        sets.save(store, owner, "instructor", slug, slug, "", [f"problem:{PROBLEM}"])
        with store.session() as session:
            found = session.scalars(select(ProblemSet).where(ProblemSet.slug == slug)).one()
            session.add(SetMember(set_id=found.id, learner_id=learner, joined_at=joined))
    with store.session() as session:
        session.add(
            Submission(
                learner_id=learner,
                problem_id=PROBLEM,
                mode="submit",
                code="",
                status="done",
                verdict="accepted",
                created_at=now - timedelta(minutes=30),
            )  # fmt: skip
        )
    items = [f"problem:{PROBLEM}"]

    def cell(slug: str | None) -> dict:
        return sets.members_progress(store, items, [learner], joined_in=slug)[learner][items[0]]

    assert cell("a") == {"solved": True, "attempts": 1, "latest": "accepted"}
    assert cell("b") == {"solved": False, "attempts": 0, "latest": None}
    assert cell(None)["attempts"] == 1  # the learner's own view keeps everything
