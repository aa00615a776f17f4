"""A review session in Debian's Chromium against a real server: rate Q&A cards on their
pages, let them fall due (by moving their due time in the database), rate them on /review,
and watch the counts change without a reload."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from app.store import Store
from app.store.models import ReviewCard
from tests.helpers import running_server

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")

FIRST, SECOND = "why-scale-sqrt-dk", "kv-cache-what-and-why"


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("review-data")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> Iterator[str]:
    log_path = tmp_path_factory.mktemp("review-server") / "server.log"
    env = {
        **os.environ,
        "SHOUSI_WORKERS": "1",
        "SHOUSI_LOG_LEVEL": "warning",
        "SHOUSI_DATA_DIR": str(data_dir),
    }
    env.pop("SHOUSI_DATABASE_URL", None)
    with running_server(log_path, env) as url:
        yield url


@pytest.fixture
def page(browser, server: str):  # noqa: ANN001, ANN201
    # A learner in Beijing: "due today" ends at their midnight, not UTC's.
    context = browser.new_context(
        locale="en-US", timezone_id="Asia/Shanghai", viewport={"width": 1200, "height": 900}
    )
    new_page = context.new_page()
    errors: list[str] = []
    new_page.on("pageerror", lambda error: errors.append(str(error)))
    yield new_page
    context.close()
    assert not errors, errors


def make_due(data_dir: Path, card_id: str, ago: timedelta) -> None:
    """Move a card's due time into the past, as waiting would (the only learner here)."""
    store = Store.open(data_dir)
    try:
        with store.session() as session:
            done = session.execute(
                update(ReviewCard)
                .where(ReviewCard.item == f"qa:{card_id}")
                .values(due=datetime.now(UTC) - ago)
            )
            assert done.rowcount == 1
    finally:
        store.close()


def counts(page) -> tuple[str, str, str]:  # noqa: ANN001
    return tuple(
        page.locator(f"dd[data-count={name}]").inner_text() for name in ("now", "today", "tomorrow")
    )


def rate_on_card_page(page, server: str, card_id: str, rating: str) -> str:  # noqa: ANN001
    page.goto(f"{server}/qa/{card_id}?lang=en")
    page.click("summary.qa-reveal")
    page.click(f"button[data-rating={rating}]")
    last = page.locator(".qa-last")
    last.filter(has_text="Saved.").wait_for()
    return last.inner_text()


def test_a_review_session_rates_due_cards_and_the_counts_follow(
    page,  # noqa: ANN001
    server: str,
    data_dir: Path,
) -> None:
    # Rated on their own pages, the cards join the queue; the page says when they return.
    assert rate_on_card_page(page, server, FIRST, "good") == "Saved. Next review in 10 min."
    assert page.locator("button[data-rating=good]").get_attribute("aria-pressed") == "true"
    rate_on_card_page(page, server, SECOND, "hard")
    page.reload()
    assert "Next review in" in page.locator(".qa-last").text_content()  # kept while folded

    page.goto(f"{server}/review?lang=en")
    page.wait_for_url("**/review?tz=480")  # review.js counted again at the browser's offset
    assert counts(page) == ("0", "2", "0")
    assert "Nothing is due now." in page.locator(".review-empty").inner_text()
    assert "The next item is due in" in page.locator(".review-next").inner_text()

    make_due(data_dir, FIRST, timedelta(hours=2))
    make_due(data_dir, SECOND, timedelta(hours=1))
    page.reload()
    page.evaluate("window.stillTheSamePage = true")
    assert counts(page) == ("2", "2", "0")
    item = page.locator(".review-item")
    assert item.get_attribute("data-item") == f"qa:{FIRST}"  # the oldest due comes first
    assert "Item 1 of 2" in item.inner_text()
    assert not page.locator("button[name=rating]").first.is_visible()
    page.click("summary.review-reveal")
    assert page.locator(".review-answer .katex").count() > 0
    good = page.locator("button[name=rating][value=good]")
    assert good.locator(".rating-interval").inner_text().endswith(" d")
    good.click()

    # No reload: the next card is shown and the counts moved.
    page.locator(f'.review-item[data-item="qa:{SECOND}"]').wait_for()
    assert page.evaluate("window.stillTheSamePage") is True
    assert counts(page) == ("1", "1", "0")
    # The keyboard works as in Anki: space shows the answer, 1 is "again".
    page.keyboard.press(" ")
    assert page.locator("button[name=rating][value=again]").is_visible()
    page.keyboard.press("1")
    page.locator(".review-empty").wait_for()
    assert page.evaluate("window.stillTheSamePage") is True
    # "Again" brings it back in a minute: due later today, not now.
    assert counts(page) == ("0", "1", "0")
    assert "The next item is due in 1 min." in page.locator(".review-next").inner_text()

    page.goto(f"{server}/review?lang=zh")
    assert "现在待复习" in page.locator(".review-counts").inner_text()
    assert "下一项 1 分钟后到期" in page.locator(".review-next").inner_text()
