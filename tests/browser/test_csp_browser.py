"""The pages work under their Content-Security-Policy in Debian's Chromium: the problem
list, a problem (CodeMirror, KaTeX, a Run) and the Q&A pages report no CSP violation and
no console error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.helpers import RECORD_VIOLATIONS

pytestmark = pytest.mark.browser


@pytest.fixture
def watched(browser) -> Iterator[tuple[object, list[str]]]:  # noqa: ANN001
    """A page, and the console errors and uncaught exceptions it has had."""
    context = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on(
        "console",
        lambda m: errors.append(f"{m.text} {m.location['url']}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, errors
    context.close()


def _violations(page) -> list[str]:  # noqa: ANN001
    return page.evaluate("window.__cspViolations")


def test_the_pages_run_under_their_policy(watched, server: str) -> None:
    page, errors = watched
    response = page.goto(f"{server}/?lang=en")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("tr[data-problem=attention]")
    assert _violations(page) == []

    page.goto(f"{server}/problems/attention?lang=en")
    page.wait_for_selector(".cm-editor .cm-content")  # the textarea became CodeMirror
    assert page.locator(".statement .katex").count() > 0  # formulas typeset
    # CodeMirror's theme is applied (its own <style>), not blocked: the gutter is laid out.
    assert page.locator(".cm-gutters").bounding_box()["width"] > 0
    page.click("button.run")
    page.wait_for_selector(".result [data-verdict]:not([data-verdict=running])", timeout=30_000)
    assert _violations(page) == []

    page.goto(f"{server}/qa?lang=en")
    page.wait_for_selector("li.qa-item")
    page.goto(f"{server}/qa/why-scale-sqrt-dk?lang=en")
    page.click("summary.qa-reveal")
    assert page.locator(".qa-body .katex").count() > 0
    assert _violations(page) == []
    # The one expected: the problem page asks for a saved draft, and there is none yet.
    no_draft = "status of 404 (Not Found) " + f"{server}/api/problems/attention/draft"
    assert [error for error in errors if not error.endswith(no_draft)] == []
