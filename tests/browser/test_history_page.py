"""The problem page's History tab, drafts kept on the server, and the progress page, in a
real browser against a real server with a data directory of its own."""

from __future__ import annotations

import pytest

from tests.conftest import solution
from tests.helpers import EDITOR, new_page, replace_code

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")

PROBLEM = "causal-mask"
WRONG = "import numpy as np\n\n\ndef causal_mask(n):\n    return np.zeros((n, n), dtype=bool)\n"


def editor_text(page) -> str:  # noqa: ANN001
    return page.eval_on_selector("textarea#code", "el => el.value")


def open_problem(page, server: str) -> None:  # noqa: ANN001
    page.goto(f"{server}/problems/{PROBLEM}?lang=en")
    page.wait_for_selector("form.submission .cm-editor")
    page.wait_for_load_state("networkidle")  # the server's draft has been asked for


def test_history_diff_load_drafts_and_progress(browser, server: str) -> None:  # noqa: ANN001
    page = new_page(browser)
    open_problem(page, server)
    assert page.locator(".history-panel").is_hidden()

    # Run a wrong answer, then submit a right one: two attempts, newest first.
    replace_code(page, WRONG)
    page.click("button.run")
    page.wait_for_selector("section.result [data-verdict=wrong_answer]", timeout=30_000)
    replace_code(page, solution(PROBLEM))
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=accepted]", timeout=30_000)
    page.click("a.tab-history")
    assert page.locator(".statement-body").is_hidden()
    rows = page.locator(".history-panel li.attempt")
    rows.nth(1).wait_for()
    assert rows.count() == 2 and page.locator(".tab-history").inner_text() == "History (2)"
    assert rows.nth(0).get_attribute("data-outcome") == "accepted"
    assert "Accepted" in rows.nth(0).inner_text() and "Submit" in rows.nth(0).inner_text()
    assert "Wrong answer" in rows.nth(1).inner_text() and "Run" in rows.nth(1).inner_text()

    # The newest attempt, against the one before it.
    rows.nth(0).locator("a").click()
    detail = page.locator(".attempt-detail")
    detail.locator(".diff-summary").wait_for()
    assert "Against the previous attempt (1)" in detail.locator(".diff-summary").inner_text()
    assert detail.locator(".diff-row.del", has_text="np.zeros((n, n)").count() == 1
    assert detail.locator(".diff-row.add").count() >= 1
    assert detail.locator("[data-verdict=accepted]").count() == 1

    # Load the first attempt: the editor held the submitted code, so nothing is asked.
    page.locator(".history-panel li.attempt").nth(1).locator("a").click()
    page.wait_for_selector('.attempt-detail[data-n="1"] button.load-attempt:not([hidden])')
    assert "first attempt" in page.locator(".attempt-detail .diff-summary").inner_text()
    page.click(".attempt-detail button.load-attempt")
    page.wait_for_function("() => document.querySelector('textarea#code').value.includes('zeros')")
    assert editor_text(page) == WRONG
    assert "Loaded the code of attempt 1" in page.locator(".editor-note").inner_text()

    # Typed and never run: loading asks first; refusing keeps the text, and after loading
    # Undo brings it back.
    page.click(EDITOR)
    page.keyboard.press("Control+End")
    page.keyboard.insert_text("# typed, not run\n")
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click(".attempt-detail button.load-attempt")
    page.wait_for_timeout(300)
    assert asked and "# typed, not run" in editor_text(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".attempt-detail button.load-attempt")
    page.wait_for_function("() => !document.querySelector('textarea#code').value.includes('#')")
    page.click(".editor-note-action")  # Undo
    assert editor_text(page).endswith("# typed, not run\n")

    # The draft goes to the server as one types: it survives a reload...
    page.click(EDITOR)
    page.keyboard.press("Control+End")
    with page.expect_response(lambda r: r.request.method == "PUT", timeout=10_000) as saved:
        page.keyboard.insert_text("# draft 42\n")
    assert saved.value.ok and "# draft 42" in saved.value.request.post_data_json["code"]
    page.wait_for_function(
        "() => document.querySelector('.draft-status').textContent.startsWith('Draft saved at')"
    )
    page.reload()
    page.wait_for_selector("form.submission .cm-editor")
    assert "# draft 42" in page.locator(EDITOR).inner_text()

    # ...and another browser with the same session (no local draft) gets it from the server.
    cookies = page.context.cookies()
    assert any(cookie["name"] == "shousi_session" for cookie in cookies)
    other = new_page(browser, cookies)
    open_problem(other, server)
    other.wait_for_function("() => document.querySelector('textarea#code').value.includes('42')")
    assert "newer draft saved on the server" in other.locator(".editor-note").inner_text()

    # Typed there, it is the newer draft back here; this browser's text is one click away.
    with other.expect_response(lambda r: r.request.method == "PUT", timeout=10_000) as saved:
        replace_code(other, "# written on the other laptop\n")
    assert saved.value.ok
    open_problem(page, server)
    page.wait_for_function("() => document.querySelector('textarea#code').value.includes('laptop')")
    assert page.locator(".editor-note-action").inner_text() == "Use this browser's version instead"
    page.click(".editor-note-action")
    assert "# draft 42" in editor_text(page)

    # The progress page shows the solve and links the attempts.
    page.goto(f"{server}/progress?lang=en")
    assert page.locator('[data-stat="solved"] strong').inner_text() == "1"
    assert page.locator('[data-stat="streak"] strong').inner_text() == "1"
    recent = page.locator("ol.recent li")
    assert recent.count() == 2 and "Accepted" in recent.nth(0).inner_text()
    recent.nth(0).locator("a.recent-verdict").click()
    page.wait_for_selector(".attempt-detail")
    assert "Against the previous attempt (1)" in page.locator(".diff-summary").inner_text()

    # An attempt still being graded shows as such in the open tab, then gets its verdict.
    open_problem(page, server)
    page.click("a.tab-history")
    page.locator(".history-panel li.attempt").nth(1).wait_for()
    replace_code(page, "import time\n\n\ndef causal_mask(size):\n    time.sleep(2)\n")
    page.click("button.run")
    pending = page.locator(".history-panel li.attempt").first
    page.wait_for_selector(".history-panel li.attempt[data-status=pending]", timeout=10_000)
    assert "grading…" in pending.inner_text()
    done = ".history-panel li.attempt:first-child[data-status=done]"
    page.wait_for_selector(done, timeout=30_000)
    assert "Wrong answer" in pending.inner_text()  # it returns None: nothing to compare
    assert page.locator(".tab-history").inner_text() == "History (3)"
    assert not page.errors and not other.errors, page.errors + other.errors
    other.context.close()
    page.context.close()
