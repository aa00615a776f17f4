"""Issue 13 end to end in a browser: a guest's submission outlives a server restart, an
account carries it to a fresh browser, and a mock interview runs from start to report."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import solution
from tests.helpers import Server, new_page, replace_code

pytestmark = pytest.mark.browser

PROBLEM = "causal-mask"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    running.start()
    yield running
    running.stop()


def open_problem(page, url: str) -> None:  # noqa: ANN001
    page.goto(url)
    page.wait_for_selector("form.submission .cm-editor")
    page.wait_for_load_state("networkidle")


def history_rows(page, url: str) -> list[str]:  # noqa: ANN001
    """The attempts the History tab lists, as their verdict labels."""
    open_problem(page, url)
    page.click("a.tab-history")
    page.wait_for_selector(".history-panel:not([hidden]) [data-outcome]")
    return page.eval_on_selector_all(
        ".history-panel [data-outcome]", "rows => rows.map(r => r.dataset.outcome)"
    )


def test_a_guests_attempt_outlives_a_restart_and_follows_the_account(
    browser,  # noqa: ANN001
    server: Server,
) -> None:
    problem_url = f"{server.url}/problems/{PROBLEM}?lang=en"
    page = new_page(browser)
    open_problem(page, problem_url)
    replace_code(page, solution(PROBLEM))
    page.click("button.submit")
    page.wait_for_selector(".result [data-verdict=accepted]")

    server.stop()
    server.start()
    # The last result survives the reload (and the restart): it comes from the server.
    open_problem(page, problem_url)
    page.wait_for_selector(".result .result-restored")
    assert page.locator(".result [data-verdict=accepted]").count() == 1
    assert history_rows(page, problem_url) == ["accepted"]

    # Sign up: the guest becomes the account, and its attempt stays.
    page.goto(f"{server.url}/signup?lang=en")
    page.fill("input[name=username]", "ada_l")
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=password_again]", "correct horse battery")
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "ada_l" in page.inner_text("header")

    # A fresh browser (no cookies) logs in and finds the same history.
    fresh = new_page(browser)
    assert fresh.context.cookies() == []
    fresh.goto(f"{server.url}/login?lang=en")
    fresh.fill("input[name=username]", "ada_l")
    fresh.fill("input[name=password]", "correct horse battery")
    fresh.click("form button[type=submit]")
    fresh.wait_for_load_state("networkidle")
    assert history_rows(fresh, problem_url) == ["accepted"]
    assert page.errors == [] and fresh.errors == []


def test_a_mock_interview_from_start_to_report(
    browser,  # noqa: ANN001
    server: Server,
) -> None:
    page = new_page(browser)
    page.goto(f"{server.url}/mock?lang=en")
    page.select_option("select[name=topic]", "masks")
    page.fill("input[name=minutes]", "20")
    page.click("#mock-start button[type=submit]")
    page.wait_for_url("**/mock/*")
    session_url = page.url
    assert page.locator("#mock-left").inner_text().startswith(("19:", "20:"))

    # The problem in interview mode: the clock, no hints, editorial or history.
    page.click("#mock-open")
    page.wait_for_selector("form.submission .cm-editor")
    problem = page.url.split("/problems/")[1].split("?")[0]
    assert page.locator(".mock-banner").is_visible()
    assert page.locator(".hints").count() == 0 and page.locator(".editorial").count() == 0
    assert page.locator("a.tab-history").count() == 0
    replace_code(page, solution(problem))
    page.click("button.submit")
    page.wait_for_selector(".result [data-verdict=accepted]")

    page.goto(session_url)
    page.fill("#answer-1", "Scores grow like the square root of d_k, so softmax saturates.")
    page.check("input[name=rating-1][value=good]")
    page.click(".mock-question[data-n='1'] .mock-save")
    page.locator(".mock-question[data-n='1'] .mock-status").filter(has_text="Saved").wait_for()
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#mock-finish")
    page.wait_for_selector(".mock-report")
    report = page.inner_text(".mock-report")
    assert "Solved in" in report and "0 runs, 1 submits" in report
    assert "Got it" in report and "not answered" in report
    assert page.locator(".mock-report .verdict-badge.accepted").count() == 1
    # Over: the answers are read-only and the reference answers are there to compare.
    assert page.locator("#answer-1").get_attribute("readonly") is not None
    assert page.locator(".mock-reference").count() == 3
    page.goto(f"{server.url}/mock?lang=en")
    assert page.locator(".mock-past li").count() == 1
    assert page.errors == []
