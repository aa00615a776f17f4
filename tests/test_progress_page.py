"""The history and progress pages, as HTML through the app: what a learner reads there, in
both languages and without JavaScript, and never another learner's attempts."""

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.store.models import ReviewCard
from app.web import create_app
from app.web.identity import COOKIE
from app.web.routes.submissions import line_diff
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import wait_until_ready

PROBLEM = "causal-mask"
OTHER = "attention"
WRONG = "import numpy as np\n\ndef causal_mask(n):\n    return np.zeros((n, n))\n"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(workers=1, data_dir=tmp_path_factory.mktemp("progress"), **TEST_LIMITS)
    with TestClient(create_app(settings)) as app_client:
        wait_until_ready(app_client)
        yield app_client


def submit(client: TestClient, problem: str, code: str, mode: str = "submit") -> int:
    response = client.post(
        f"/api/problems/{problem}/submissions", json={"code": code, "mode": mode}
    )
    assert response.status_code == 200, response.text
    return response.json()["submission_id"]


def text_of(html: str) -> str:
    """The page's visible words, tags dropped and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_new_visitor_sees_an_empty_progress_page_and_gets_no_learner(
    client: TestClient,
) -> None:
    client.cookies.clear()
    page = client.get("/progress?lang=en")
    assert page.status_code == 200
    words = text_of(page.text)
    assert "Nothing here yet" in words and "0 of " in words
    assert 'data-topic="attention"' in page.text, "every topic is listed, with zero counts"
    assert COOKIE not in page.headers.get("set-cookie", ""), "reading makes no learner"
    chinese = text_of(client.get("/progress?lang=zh").text)
    assert "我的进度" in chinese and "还没有任何记录" in chinese


def test_progress_counts_a_solve_per_topic_and_links_recent_attempts(
    client: TestClient,
) -> None:
    client.cookies.clear()
    wrong = submit(client, PROBLEM, WRONG)
    right = submit(client, PROBLEM, solution(PROBLEM))
    submit(client, OTHER, "def attention(q, k, v, mask=None):\n    return q\n", mode="run")
    page = client.get("/progress?lang=en").text
    words = text_of(page)
    assert "1 of " in words and "Nothing here yet" not in words
    stat = re.search(r'data-stat="streak">\s*<strong>(\d+)</strong>', page)
    assert stat and stat.group(1) == "1", "a submission today starts a one-day streak"
    topic = client.app.state.bank.get(PROBLEM).meta.topic
    row = re.search(rf'<tr data-topic="{topic}">(.*?)</tr>', page, re.S).group(1)
    assert re.search(r'solved-count">1<', row)
    # Tried but not solved: the attention problem is listed under its topic, to come back to.
    other_topic = client.app.state.bank.get(OTHER).meta.topic
    other_row = re.search(rf'<tr data-topic="{other_topic}">(.*?)</tr>', page, re.S).group(1)
    assert f'href="/problems/{OTHER}"' in other_row and "Tried, not solved yet" in other_row
    # Recent activity: newest first, each verdict a link to that attempt in the history.
    recent = re.findall(r'href="/problems/([\w-]+)/history\?attempt=(\d+)#attempt"', page)
    assert recent[1:] == [(PROBLEM, str(right)), (PROBLEM, str(wrong))]
    assert "Accepted" in words and "Wrong answer" in words
    assert "通过" in text_of(client.get("/progress?lang=zh").text)


def test_the_history_page_lists_attempts_and_shows_the_diff_against_the_previous(
    client: TestClient,
) -> None:
    client.cookies.clear()
    first = submit(client, PROBLEM, WRONG, mode="run")
    fixed = WRONG.replace("np.zeros((n, n))", "np.triu(np.ones((n, n)), k=1).astype(bool)")
    second = submit(client, PROBLEM, fixed)
    listing = client.get(f"/problems/{PROBLEM}/history?lang=en").text
    ids = re.findall(r'<li class="attempt" data-attempt="(\d+)"', listing)
    assert ids == [str(second), str(first)], "newest first"
    assert "Attempt 2" in text_of(listing) and "Run" in text_of(listing)
    shown = client.get(f"/problems/{PROBLEM}/history?attempt={second}&lang=en").text
    words = text_of(shown)
    assert "Against the previous attempt (1): +1 −1 lines" in words
    assert re.search(r'diff-row del".*?np\.zeros\(\(n, n\)\)', shown)
    assert re.search(r'diff-row add".*?np\.triu', shown)
    assert 'class="load-attempt" hidden' in shown, "the load button needs JavaScript"
    first_shown = text_of(client.get(f"/problems/{PROBLEM}/history?attempt={first}").text)
    assert "The first attempt" in first_shown
    chinese = text_of(client.get(f"/problems/{PROBLEM}/history?attempt={second}&lang=zh").text)
    assert "与上一次（第 1 次）相比：+1 −1 行" in chinese and "提交记录" in chinese
    # The problem page's tab reads the same panel without the page around it.
    panel = client.get(f"/problems/{PROBLEM}/history?attempt={second}&partial=1").text
    assert "<html" not in panel and f'data-selected="{second}"' in panel
    result = client.get(f"/problems/{PROBLEM}/history/{second}/result?lang=en").text
    assert 'data-verdict="' in result and "<html" not in result


def test_the_problem_page_links_its_history_tab_for_pages_without_javascript(
    client: TestClient,
) -> None:
    page = client.get(f"/problems/{PROBLEM}?lang=en").text
    assert f'<a class="tab-history" href="/problems/{PROBLEM}/history">History' in page
    assert "提交记录" in client.get(f"/problems/{PROBLEM}?lang=zh").text


def test_another_learners_attempt_is_a_404_on_every_page(client: TestClient) -> None:
    client.cookies.clear()
    mine = submit(client, PROBLEM, WRONG)
    client.cookies.clear()
    submit(client, PROBLEM, solution(PROBLEM))  # someone else, with history of their own
    assert client.get(f"/problems/{PROBLEM}/history?attempt={mine}").status_code == 404
    assert client.get(f"/problems/{PROBLEM}/history/{mine}/result").status_code == 404
    listing = client.get(f"/problems/{PROBLEM}/history").text
    assert f'data-attempt="{mine}"' not in listing
    # An attempt of theirs under the wrong problem is not found either.
    own = re.search(r'data-attempt="(\d+)"', listing).group(1)
    assert client.get(f"/problems/{OTHER}/history?attempt={own}").status_code == 404
    assert client.get("/problems/nope/history").status_code == 404
    assert client.get(f"/problems/{PROBLEM}/history?attempt=abc").status_code == 422


def test_a_line_diff_folds_long_unchanged_runs_and_counts_changes() -> None:
    before = "\n".join(f"line {i}" for i in range(20))
    after = before.replace("line 10", "line ten")
    diff = line_diff(before, after)
    assert (diff["added"], diff["removed"]) == (1, 1)
    ops = [row["op"] for row in diff["rows"]]
    assert ops == ["…"] + [" "] * 3 + ["-", "+"] + [" "] * 3 + ["…"]
    assert diff["rows"][0]["skipped"] == 7 and diff["rows"][4]["old"] == 11
    assert line_diff("a\nb\n", "a\nb\n")["rows"] == [
        {"op": " ", "old": 1, "new": 1, "text": "a"},
        {"op": " ", "old": 2, "new": 2, "text": "b"},
    ]


def test_the_problem_list_marks_solved_and_attempted_problems_from_the_server(
    client: TestClient,
) -> None:
    client.cookies.clear()
    fresh = client.get("/?lang=en").text
    assert COOKIE not in client.cookies, "looking at the list makes no learner"
    assert "attempted-mark" not in fresh
    submit(client, PROBLEM, WRONG)
    submit(client, OTHER, "def attention(q, k, v, mask=None):\n    return q\n", mode="run")
    submit(client, PROBLEM, solution(PROBLEM))

    def marks(lang: str) -> dict[str, str]:
        page = client.get(f"/?lang={lang}").text
        rows = re.findall(
            r'<tr data-problem="([\w-]+)".*?<td class="solved-cell">(.*?)</td>', page, re.S
        )
        out = {}
        for problem, cell in rows:
            solved = re.search(r'<span class="solved-mark" (hidden )?', cell)
            out[problem] = (
                "solved" if not solved.group(1) else "tried" if "attempted-mark" in cell else ""
            )
        return out

    english = marks("en")
    assert english[PROBLEM] == "solved" and english[OTHER] == "tried"
    assert {mark for problem, mark in english.items() if problem not in (PROBLEM, OTHER)} == {""}
    assert marks("zh") == english
    assert 'title="做过，还没通过"' in client.get("/?lang=zh").text
    # Another browser of the same learner has no localStorage: the marks come with the page.
    same_learner = TestClient(client.app, cookies={COOKIE: client.cookies[COOKIE]})
    assert 'class="solved-mark" hidden' not in re.search(
        rf'<tr data-problem="{PROBLEM}".*?</tr>', same_learner.get("/").text, re.S
    ).group(0)


def test_the_problem_page_says_when_a_solved_problem_is_due_for_review(
    client: TestClient,
) -> None:
    client.cookies.clear()
    assert "review-due" not in client.get(f"/problems/{PROBLEM}").text
    submit(client, PROBLEM, WRONG)
    assert "review-due" not in client.get(f"/problems/{PROBLEM}").text, "not solved: not queued"
    submit(client, PROBLEM, solution(PROBLEM))
    english = text_of(client.get(f"/problems/{PROBLEM}?lang=en").text)
    assert re.search(r"Next review in \d+ (min|h|d)", english), english[:400]
    assert "下次复习：" in client.get(f"/problems/{PROBLEM}?lang=zh").text
    item = f"problem:{PROBLEM}"
    store = client.app.state.store
    with store.session() as session:
        for row in session.query(ReviewCard).filter(ReviewCard.item == item):
            row.due = row.due.replace(year=2000)
    page = client.get(f"/problems/{PROBLEM}?lang=en").text
    assert "review-due due-now" in page and "an accepted Submit reviews it" in text_of(page)
