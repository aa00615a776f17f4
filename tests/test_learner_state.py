"""Learner state over HTTP: every submission kept with its verdict, history, drafts, progress,
and one learner never seeing another's."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.web import create_app
from app.web.identity import COOKIE
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import problem_tomls, wait_until_ready

PROBLEM = "causal-mask"


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("learners")
    settings = Settings(workers=1, data_dir=data, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        yield client


def as_new_learner(client: TestClient) -> None:
    """Forget the cookie: the next request that stores something makes a new learner."""
    client.cookies.clear()


def submit(client: TestClient, code: str, mode: str = "submit") -> dict:
    response = client.post(
        f"/api/problems/{PROBLEM}/submissions", json={"code": code, "mode": mode}
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_a_submission_is_kept_with_its_verdict_and_listed_newest_first(
    app_client: TestClient,
) -> None:
    as_new_learner(app_client)
    wrong = submit(
        app_client, "import numpy as np\n\ndef causal_mask(n):\n    return np.zeros((n, n))\n"
    )
    right = submit(app_client, solution(PROBLEM))
    assert app_client.cookies.get(COOKIE), "the first submission gives an anonymous learner"
    assert right["verdict"] == "accepted" and wrong["verdict"] != "accepted"
    rows = app_client.get("/api/submissions", params={"problem": PROBLEM}).json()
    assert [r["id"] for r in rows] == [right["submission_id"], wrong["submission_id"]]
    assert rows[0]["verdict"] == "accepted" and rows[0]["mode"] == "submit"
    assert rows[0]["created_at"].endswith("Z") and rows[0]["status"] == "done"
    whole = app_client.get(f"/api/submissions/{wrong['submission_id']}").json()
    assert (
        whole["code"].startswith("import numpy") and whole["result"]["verdict"] == wrong["verdict"]
    )
    assert whole["result"]["cases"], "the whole result document is kept"


def test_the_stored_result_follows_the_reader_language(app_client: TestClient) -> None:
    as_new_learner(app_client)
    wrong = submit(
        app_client, "import numpy as np\n\ndef causal_mask(n):\n    return np.zeros((n, n))\n"
    )
    path = f"/api/submissions/{wrong['submission_id']}"
    english = app_client.get(path, headers={"accept-language": "en"}).json()["result"]
    chinese = app_client.get(path, headers={"accept-language": "zh-CN"}).json()["result"]
    assert english["message"] != chinese["message"]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese["message"])


def test_another_learners_submission_draft_and_progress_are_not_visible(
    app_client: TestClient,
) -> None:
    as_new_learner(app_client)
    mine = submit(app_client, solution(PROBLEM))
    assert (
        app_client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# mine"}).status_code == 200
    )
    assert PROBLEM in app_client.get("/api/progress").json()["solved"]

    as_new_learner(app_client)
    submit(app_client, "def causal_mask(n):\n    pass\n")  # now someone else
    assert app_client.get(f"/api/submissions/{mine['submission_id']}").status_code == 404
    ids = [r["id"] for r in app_client.get("/api/submissions").json()]
    assert mine["submission_id"] not in ids and len(ids) == 1
    assert app_client.get(f"/api/problems/{PROBLEM}/draft").status_code == 404
    progress = app_client.get("/api/progress").json()
    assert progress["solved"] == [] and progress["attempted"] == [PROBLEM]


def test_a_draft_round_trips_and_bad_drafts_are_refused(app_client: TestClient) -> None:
    as_new_learner(app_client)
    assert app_client.get(f"/api/problems/{PROBLEM}/draft").status_code == 404
    saved = app_client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "x = 1\n"}).json()
    got = app_client.get(f"/api/problems/{PROBLEM}/draft").json()
    assert got["code"] == "x = 1\n" and got["updated_at"] == saved["updated_at"]
    too_big = app_client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "x" * 70000})
    assert too_big.status_code == 422 and "limit" in too_big.json()["detail"]
    assert app_client.put(f"/api/problems/{PROBLEM}/draft", json={"text": ""}).status_code == 422
    assert (
        app_client.put("/api/problems/no-such-problem/draft", json={"code": ""}).status_code == 404
    )


def test_progress_counts_per_topic_and_the_streak(app_client: TestClient) -> None:
    as_new_learner(app_client)
    empty = app_client.get("/api/progress").json()
    assert empty["streak"] == 0 and empty["per_topic"]["masks"]["solved"] == 0
    submit(app_client, solution(PROBLEM))
    progress = app_client.get("/api/progress").json()
    assert progress["per_topic"]["masks"]["solved"] == 1
    masks = [pid for pid, toml in problem_tomls().items() if toml["topic"] == "masks"]
    assert progress["per_topic"]["masks"]["total"] == len(masks)
    assert progress["streak"] == 1 and progress["recent"][0]["problem"] == PROBLEM


def test_a_run_is_kept_but_does_not_count_as_solved(app_client: TestClient) -> None:
    as_new_learner(app_client)
    ran = submit(app_client, solution(PROBLEM), mode="run")
    assert ran["verdict"] == "accepted"
    progress = app_client.get("/api/progress").json()
    assert progress["solved"] == [] and progress["attempted"] == [PROBLEM]


def test_a_cross_site_form_post_with_the_cookie_is_refused(app_client: TestClient) -> None:
    as_new_learner(app_client)
    submit(app_client, solution(PROBLEM))  # now there is a session cookie
    forged = app_client.post(
        f"/api/problems/{PROBLEM}/submissions",
        content='{"code": "def causal_mask(n): pass"}',
        headers={"content-type": "text/plain"},
    )
    assert forged.status_code == 403
    elsewhere = app_client.post(
        f"/api/problems/{PROBLEM}/submissions",
        json={"code": solution(PROBLEM)},
        headers={"origin": "https://evil.example"},
    )
    assert elsewhere.status_code == 403
    same_site = app_client.post(
        f"/api/problems/{PROBLEM}/submissions",
        json={"code": solution(PROBLEM)},
        headers={"origin": "http://testserver"},
    )
    assert same_site.status_code == 200


def test_a_forged_cookie_is_a_new_learner_not_an_error(app_client: TestClient) -> None:
    as_new_learner(app_client)
    forged = {"cookie": f"{COOKIE}=forged.token"}
    assert app_client.get("/api/submissions", headers=forged).json() == []
    response = app_client.post(
        f"/api/problems/{PROBLEM}/submissions", json={"code": solution(PROBLEM)}, headers=forged
    )
    assert response.status_code == 200 and response.json()["verdict"] == "accepted"
    assert response.cookies.get(COOKIE) not in (None, "forged.token")


def test_the_database_file_is_in_the_data_directory(
    app_client: TestClient, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = Path(app_client.app.state.store.url.database).parent
    assert (folder / "shousi.db").is_file()


def _token(html: str) -> str:
    marker = 'name="csrf_token" value="'
    return html.split(marker, 1)[1].split('"', 1)[0]


def test_the_form_without_javascript_is_kept_and_needs_its_token(app_client: TestClient) -> None:
    as_new_learner(app_client)
    path = f"/problems/{PROBLEM}"
    first = app_client.post(path, data={"code": solution(PROBLEM), "mode": "submit"})
    assert first.status_code == 200 and app_client.cookies.get(COOKIE)
    rows = app_client.get("/api/submissions").json()
    assert [(r["problem"], r["verdict"]) for r in rows] == [(PROBLEM, "accepted")]
    # Now the browser has a session: a post without the page's token is refused, unkept.
    forged = app_client.post(path, data={"code": "def causal_mask(n): pass", "mode": "run"})
    assert forged.status_code == 403
    assert len(app_client.get("/api/submissions").json()) == 1
    token = _token(app_client.get(path).text)
    again = app_client.post(
        path, data={"code": solution(PROBLEM), "mode": "run", "csrf_token": token}
    )
    assert again.status_code == 200
    assert [r["mode"] for r in app_client.get("/api/submissions").json()] == ["run", "submit"]


def test_an_accepted_submit_links_to_the_next_problem_in_the_lists_order(
    app_client: TestClient,
) -> None:
    as_new_learner(app_client)
    listed = app_client.get("/").text  # the list, topic by topic
    order = re.findall(r'href="/problems/([a-z0-9-]+)"', listed)
    order = list(dict.fromkeys(order))
    following = order[order.index(PROBLEM) + 1]
    done = submit(app_client, solution(PROBLEM))
    shown = app_client.get(f"/problems/{PROBLEM}/history/{done['submission_id']}/result").text
    assert f'href="/problems/{following}" rel="next"' in shown
    ran = submit(app_client, solution(PROBLEM), mode="run")
    shown = app_client.get(f"/problems/{PROBLEM}/history/{ran['submission_id']}/result").text
    assert 'rel="next"' not in shown  # a Run solves nothing yet
