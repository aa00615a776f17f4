"""Spaced review: FSRS scheduling of Q&A cards and solved problems, the due queue and its
counts, the submission hook, one learner never touching another's queue, and bad input."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from app.settings import Settings
from app.store import Store, history, review
from app.store.models import Learner, ReviewCard, ReviewLog
from app.web import create_app
from app.web.identity import COOKIE
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import wait_until_ready

CARD = "why-scale-sqrt-dk"
PROBLEM = "causal-mask"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
BUTTON = re.compile(
    r'value="(again|hard|good|easy)"[^>]*>\s*<span class="rating-name">(\w+)</span>'
    r'\s*<span class="rating-interval">([^<]+)<'
)
WRONG = "import numpy as np\n\ndef causal_mask(n):\n    return np.zeros((n, n))\n"


def everything(_item: review.Item) -> bool:
    return True


def new_learner(store: Store) -> int:
    with store.session() as session:
        learner = Learner()
        session.add(learner)
        session.flush()
        return learner.id


def row_of(store: Store, learner_id: int, item: str) -> ReviewCard | None:
    with store.session() as session:
        return session.get(ReviewCard, (learner_id, item))


def ratings_logged(store: Store, learner_id: int, item: str) -> list[int]:
    with store.session() as session:
        return list(
            session.scalars(
                select(ReviewLog.rating)
                .where(ReviewLog.learner_id == learner_id, ReviewLog.item == item)
                .order_by(ReviewLog.id)
            )
        )


# --- FSRS in the store, on SQLite and PostgreSQL ---


def test_good_schedules_later_than_again_and_reviews_move_the_due_time_forward(
    store: Store,
) -> None:
    me = new_learner(store)
    missed = review.rate(store, me, review.Item("qa", "a"), review.Rating.Again, T0)
    knew = review.rate(store, me, review.Item("qa", "b"), review.Rating.Good, T0)
    assert knew["due"] > missed["due"] > "2026-03-02T09:00:00Z"
    assert missed["state"] == "learning" and knew["last_review"] == "2026-03-02T09:00:00Z"
    # Reviewed good again when due, each time it comes back later than the time before.
    due = row_of(store, me, "qa:b").due
    gaps = []
    for _ in range(3):
        before = due
        review.rate(store, me, review.Item("qa", "b"), review.Rating.Good, before)
        due = row_of(store, me, "qa:b").due
        gaps.append(due - before)
    assert gaps[0] >= timedelta(days=1) and gaps[0] < gaps[1] < gaps[2]
    assert row_of(store, me, "qa:b").state["state"] == 2  # FSRS State.Review
    assert ratings_logged(store, me, "qa:b") == [3, 3, 3, 3]


def test_the_preview_orders_the_four_ratings(store: Store) -> None:
    me = new_learner(store)
    fresh = review.preview("qa", None, T0)
    seconds = [fresh[name]["seconds"] for name in ("again", "hard", "good", "easy")]
    assert seconds == sorted(seconds) and seconds[0] == 60 and seconds[3] >= 86400
    rated = review.rate(store, me, review.Item("qa", "a"), review.Rating.Good, T0)
    later = review.item_view(store, me, review.Item("qa", "a"), T0 + timedelta(minutes=10))
    assert later["queued"] and later["due"] == rated["due"]
    assert later["preview"]["good"]["seconds"] > fresh["good"]["seconds"]


def test_an_accepted_submit_queues_the_problem_and_a_run_changes_nothing(store: Store) -> None:
    me = new_learner(store)
    review.on_submission(store, me, PROBLEM, "run", "accepted", T0)
    review.on_submission(store, me, PROBLEM, "submit", "wrong_answer", T0)
    assert row_of(store, me, f"problem:{PROBLEM}") is None
    review.on_submission(store, me, PROBLEM, "submit", "accepted", T0)
    row = row_of(store, me, f"problem:{PROBLEM}")
    # Problems skip the minute-long learning steps: next due in days, not minutes.
    assert row is not None and row.due - T0 >= timedelta(days=1)
    assert ratings_logged(store, me, f"problem:{PROBLEM}") == [3]


def test_a_failed_submit_of_a_due_problem_is_again_and_early_submits_change_nothing(
    store: Store,
) -> None:
    me = new_learner(store)
    item = f"problem:{PROBLEM}"
    review.on_submission(store, me, PROBLEM, "submit", "accepted", T0)
    due = row_of(store, me, item).due
    # Before it is due: neither a failure nor a success moves it.
    review.on_submission(store, me, PROBLEM, "submit", "wrong_answer", due - timedelta(hours=1))
    review.on_submission(store, me, PROBLEM, "submit", "accepted", due - timedelta(hours=1))
    assert row_of(store, me, item).due == due
    # Due: a Run does nothing, a failed Submit is "again" and brings it back within a day.
    review.on_submission(store, me, PROBLEM, "run", "wrong_answer", due)
    assert row_of(store, me, item).due == due
    review.on_submission(store, me, PROBLEM, "submit", "runtime_error", due)
    again = row_of(store, me, item).due
    assert timedelta(0) < again - due <= timedelta(days=1)
    # Code rejected before it ran (syntax, forbidden call) counts as again too.
    review.on_submission(store, me, PROBLEM, "submit", "rejected", again)
    rejected = row_of(store, me, item).due
    review.on_submission(store, me, PROBLEM, "submit", "accepted", rejected)
    assert rejected > again and row_of(store, me, item).due > rejected
    assert ratings_logged(store, me, item) == [3, 1, 1, 3]


def test_a_review_that_fails_never_undoes_the_verdict_recorded_with_it(store: Store) -> None:
    me = new_learner(store)
    kept = history.create_pending(store, me, PROBLEM, "submit", "code", "here")
    history.finish(
        store,
        kept,
        {"verdict": "accepted", "duration_ms": 3},
        # A learner that does not exist: the review row breaks a foreign key.
        then=lambda session: review.on_submission_in(
            session, me + 1000, PROBLEM, "submit", "accepted", T0
        ),
    )
    assert history.submission(store, me, kept)["verdict"] == "accepted"
    assert row_of(store, me + 1000, f"problem:{PROBLEM}") is None
    # The same step for the real learner queues the problem, in the verdict's transaction.
    again = history.create_pending(store, me, PROBLEM, "submit", "code", "here")
    history.finish(
        store,
        again,
        {"verdict": "accepted", "duration_ms": 3},
        then=lambda session: review.on_submission_in(
            session, me, PROBLEM, "submit", "accepted", T0
        ),
    )
    assert row_of(store, me, f"problem:{PROBLEM}") is not None


def test_one_learners_ratings_never_touch_anothers_queue(store: Store) -> None:
    me, other = new_learner(store), new_learner(store)
    review.rate(store, me, review.Item("qa", "a"), review.Rating.Easy, T0)
    review.on_submission(store, me, PROBLEM, "submit", "accepted", T0)
    mine = row_of(store, me, "qa:a").due
    later = T0 + timedelta(days=60)
    assert review.queue(store, other, exists=everything, now=later)["counts"]["queued"] == 0
    review.rate(store, other, review.Item("qa", "a"), review.Rating.Again, T0)
    review.on_submission(store, other, PROBLEM, "submit", "wrong_answer", later)
    assert row_of(store, me, "qa:a").due == mine
    assert row_of(store, other, f"problem:{PROBLEM}") is None
    assert ratings_logged(store, me, "qa:a") == [4]
    assert [v["item"] for v in review.queue(store, other, exists=everything, now=later)["due"]] == [
        "qa:a"
    ]


def test_counts_end_the_day_at_the_learners_midnight(store: Store) -> None:
    me = new_learner(store)
    now = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)  # 23:00 in Beijing (UTC+8)
    dues = {
        "qa:past": now - timedelta(days=2),
        "qa:older": now - timedelta(days=3),
        "qa:evening": now + timedelta(hours=2),  # 17:00 UTC: tomorrow 01:00 in Beijing
        "qa:next-day": now + timedelta(hours=20),  # 11:00 UTC on the 3rd
        "qa:far": now + timedelta(days=9),
        "qa:gone": now - timedelta(days=1),  # a card this server no longer has
    }
    for item in dues:
        review.rate(store, me, review.parse_item(item), review.Rating.Good, now)
    with store.session() as session:
        for item, due in dues.items():
            session.execute(
                update(ReviewCard)
                .where(ReviewCard.learner_id == me, ReviewCard.item == item)
                .values(due=due)
            )

    def known(item: review.Item) -> bool:
        return item.id != "gone"

    utc = review.queue(store, me, exists=known, now=now, tz_minutes=0)
    beijing = review.queue(store, me, exists=known, now=now, tz_minutes=480)
    assert [v["item"] for v in utc["due"]] == ["qa:older", "qa:past"]  # oldest due first
    assert utc["counts"] == {"now": 2, "today": 3, "tomorrow": 1, "queued": 5}
    assert beijing["counts"] == {"now": 2, "today": 2, "tomorrow": 2, "queued": 5}
    assert utc["next_due"] == "2026-03-02T17:00:00Z"


def test_items_and_ratings_are_parsed_strictly() -> None:
    for bad in ("qa", "qa:", "deck:x", "problem", ":x", "x" * 200):
        with pytest.raises(review.ReviewError) as caught:
            review.parse_item(bad)
        assert caught.value.status == 404
    for bad in ("Good", "ok", 3, None, ""):
        with pytest.raises(review.ReviewError) as caught:
            review.parse_rating(bad)
        assert caught.value.status == 422 and "again, hard, good, easy" in str(caught.value)


# --- over HTTP ---


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("review")
    settings = Settings(workers=1, data_dir=data, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        yield client


def as_new_learner(client: TestClient) -> None:
    client.cookies.clear()


def learner_id(client: TestClient) -> int:
    who = client.app.state.sessions.resolve(client.cookies.get(COOKIE))
    assert who is not None
    return who.learner_id


def make_due(client: TestClient, item: str, ago: timedelta = timedelta(minutes=5)) -> None:
    """Move the item's due time into the past, as the clock would."""
    with client.app.state.store.session() as session:
        done = session.execute(
            update(ReviewCard)
            .where(ReviewCard.learner_id == learner_id(client), ReviewCard.item == item)
            .values(due=datetime.now(UTC) - ago)
        )
        assert done.rowcount == 1


def rate(client: TestClient, item: str, rating: str) -> dict:
    response = client.post(f"/api/review/{item}", json={"rating": rating})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_rated_card_comes_back_due_and_leaves_the_queue_when_rated(
    app_client: TestClient,
) -> None:
    as_new_learner(app_client)
    first = rate(app_client, f"qa:{CARD}", "good")
    assert first["state"] == "learning" and first["interval"]["en"] == "in 10 min"
    assert first["interval"]["zh"] == "10 分钟后"
    due = app_client.get("/api/review/due").json()
    assert due["due"] == [] and due["counts"]["today"] == 1 and due["next_due"] == first["due"]
    make_due(app_client, f"qa:{CARD}")
    due = app_client.get("/api/review/due", params={"tz": 480}).json()
    assert due["counts"]["now"] == 1 and due["counts"]["today"] == 1
    [item] = due["due"]
    assert item["kind"] == "qa" and item["id"] == CARD and item["state"] == "learning"
    assert "√" in item["question"]["en"] or "sqrt" in item["question"]["en"].lower()
    assert re.search("[\u4e00-\u9fff]", item["question"]["zh"])
    second = rate(app_client, f"qa:{CARD}", "good")
    assert second["state"] == "review" and second["due"] > first["due"]
    assert app_client.get("/api/review/due").json()["counts"]["now"] == 0


def test_an_accepted_submit_puts_the_problem_in_the_queue_a_run_does_not(
    app_client: TestClient,
) -> None:
    as_new_learner(app_client)
    path = f"/api/problems/{PROBLEM}/submissions"
    ran = app_client.post(path, json={"code": solution(PROBLEM), "mode": "run"})
    assert ran.json()["verdict"] == "accepted"
    assert app_client.get(f"/api/review/problem:{PROBLEM}").json()["queued"] is False
    done = app_client.post(path, json={"code": solution(PROBLEM), "mode": "submit"})
    assert done.json()["verdict"] == "accepted"
    queued = app_client.get(f"/api/review/problem:{PROBLEM}").json()
    assert queued["queued"] and queued["state"] == "review"
    # Due, then submitted wrong: rated again, back the next day at the latest.
    make_due(app_client, f"problem:{PROBLEM}")
    [item] = app_client.get("/api/review/due").json()["due"]
    assert item["kind"] == "problem" and item["title"]["en"] and item["title"]["zh"]
    failed = app_client.post(path, json={"code": WRONG, "mode": "submit"})
    assert failed.json()["verdict"] == "wrong_answer"
    after = app_client.get(f"/api/review/problem:{PROBLEM}").json()
    assert after["due"] > datetime.now(UTC).isoformat().replace("+00:00", "Z")
    assert app_client.get("/api/review/due").json()["due"] == []


def test_learners_see_and_change_only_their_own_queue(app_client: TestClient) -> None:
    as_new_learner(app_client)
    rate(app_client, f"qa:{CARD}", "easy")
    make_due(app_client, f"qa:{CARD}")
    mine = app_client.cookies.get(COOKIE)
    as_new_learner(app_client)
    assert app_client.get("/api/review/due").json()["counts"]["queued"] == 0
    rate(app_client, f"qa:{CARD}", "again")
    assert app_client.get(f"/api/review/qa:{CARD}").json()["state"] == "learning"
    app_client.cookies.clear()
    app_client.cookies.set(COOKIE, mine)
    [item] = app_client.get("/api/review/due").json()["due"]
    assert item["id"] == CARD and item["state"] == "review"


@pytest.mark.parametrize(
    ("item", "body", "status", "words"),
    [
        ("qa:no-such-card", {"rating": "good"}, 404, "unknown Q&A card"),
        ("problem:no-such-problem", {"rating": "good"}, 404, "unknown problem"),
        ("lesson:x", {"rating": "good"}, 404, "qa:<card id> or problem:<problem id>"),
        (f"problem:{PROBLEM}", {"rating": "good"}, 422, "reviewed by submitting it"),
        (f"qa:{CARD}", {"rating": "perfect"}, 422, "again, hard, good, easy"),
        (f"qa:{CARD}", {"rating": 3}, 422, "again, hard, good, easy"),
        (f"qa:{CARD}", {}, 422, '"rating" is required'),
        (f"qa:{CARD}", ["good"], 422, 'must be a JSON object: {"rating": "good"}'),
    ],
)
def test_bad_ratings_are_refused_with_a_reason(
    app_client: TestClient, item: str, body: object, status: int, words: str
) -> None:
    as_new_learner(app_client)
    response = app_client.post(f"/api/review/{item}", json=body)
    assert response.status_code == status and words in response.json()["detail"]
    assert app_client.get("/api/review/due").json()["counts"]["queued"] == 0


def test_malformed_bodies_and_offsets_are_refused(app_client: TestClient) -> None:
    response = app_client.post(
        f"/api/review/qa:{CARD}", content=b"{good", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422 and "not valid JSON" in response.json()["detail"]
    huge = b'{"rating": "' + b"g" * 5000 + b'"}'
    response = app_client.post(
        f"/api/review/qa:{CARD}", content=huge, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert app_client.get("/api/review/due", params={"tz": 5000}).status_code == 422
    assert app_client.get("/api/review/due", params={"tz": "east"}).status_code == 422
    assert app_client.get("/api/review/qa:no-such-card").status_code == 404


def test_the_review_page_walks_the_queue_in_both_languages(app_client: TestClient) -> None:
    as_new_learner(app_client)
    empty = app_client.get("/review", params={"lang": "en"}).text
    assert "Your queue is empty" in empty
    rate(app_client, f"qa:{CARD}", "good")
    rate(app_client, "qa:kv-cache-what-and-why", "good")
    waiting = app_client.get("/review", params={"lang": "zh"}).text
    assert "现在没有要复习的了" in waiting and "10 分钟后到期" in waiting
    make_due(app_client, f"qa:{CARD}", timedelta(hours=2))
    make_due(app_client, "qa:kv-cache-what-and-why", timedelta(hours=1))
    page = app_client.get("/review", params={"lang": "en"}).text
    assert 'data-item="qa:why-scale-sqrt-dk"' in page and "Item 1 of 2" in page
    assert re.search(r'data-count="now">2<', page)
    # Four ratings, each with the interval it would give.
    buttons = BUTTON.findall(page)
    assert [b[0] for b in buttons] == ["again", "hard", "good", "easy"]
    assert buttons[0][2] == "1 min" and buttons[2][2].endswith(" d")
    skipped = app_client.get("/review", params={"lang": "zh", "at": 1}).text
    assert 'data-item="qa:kv-cache-what-and-why"' in skipped and "第 2 / 2 项" in skipped
    assert "显示答案" in skipped and "忘了" in skipped
    past = app_client.get("/review", params={"lang": "en", "at": 2}).text
    assert "You have skipped the rest" in past


def test_a_due_problem_on_the_review_page_links_to_solving_it(app_client: TestClient) -> None:
    as_new_learner(app_client)
    app_client.post(
        f"/api/problems/{PROBLEM}/submissions", json={"code": solution(PROBLEM), "mode": "submit"}
    )
    make_due(app_client, f"problem:{PROBLEM}")
    page = app_client.get("/review", params={"lang": "en"}).text
    assert f'href="/problems/{PROBLEM}">Solve it again<' in page
    assert "an accepted Submit counts as Good" in page and 'name="rating"' not in page
    assert "再做一遍" in app_client.get("/review", params={"lang": "zh"}).text


def test_the_rating_form_works_without_javascript(app_client: TestClient) -> None:
    as_new_learner(app_client)
    rate(app_client, f"qa:{CARD}", "good")
    make_due(app_client, f"qa:{CARD}")
    page = app_client.get("/review", params={"lang": "en"}).text
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    form = {"item": f"qa:{CARD}", "rating": "good", "at": "0", "csrf": token}
    forged = app_client.post("/review", data={**form, "csrf": "forged"}, follow_redirects=False)
    assert forged.status_code == 403
    assert app_client.get("/api/review/due").json()["counts"]["now"] == 1
    done = app_client.post("/review", data=form, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/review"
    assert app_client.get("/api/review/due").json()["counts"]["now"] == 0


def test_the_qa_card_page_offers_the_four_ratings_and_the_list_marks_rated_cards(
    app_client: TestClient,
) -> None:
    as_new_learner(app_client)
    page = app_client.get(f"/qa/{CARD}", params={"lang": "en"}).text
    last = re.compile(r'class="qa-last[^"]*"[^>]*>([^<]*)<')
    assert page.count('data-rating="') == 4 and last.search(page).group(1) == ""
    rate(app_client, f"qa:{CARD}", "easy")
    rate(app_client, "qa:kv-cache-what-and-why", "again")
    page = app_client.get(f"/qa/{CARD}", params={"lang": "en"}).text
    assert re.fullmatch(r"Next review in \d+ d", last.search(page).group(1))
    listing = app_client.get("/qa", params={"lang": "en"}).text
    assert re.search(r'data-id="why-scale-sqrt-dk".*?qa-mark knew[^>]*>✓<', listing, re.S)
    assert re.search(r'data-id="kv-cache-what-and-why".*?qa-mark missed[^>]*>✗<', listing, re.S)
