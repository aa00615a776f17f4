"""One renderer: in Chromium, custom runs and Run/Submit results are drawn by the server's
templates (the one heatmap renderer), and each Run, Submit or custom run is ONE post."""

from __future__ import annotations

import re

import pytest

from tests.conftest import solution
from tests.helpers import CHINESE

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")


def _replace_code(tab, code: str) -> None:  # noqa: ANN001
    tab.click(".cm-content")
    tab.keyboard.press("Control+a")
    tab.keyboard.press("Delete")
    tab.keyboard.insert_text(code)


def _watch(tab) -> list:  # noqa: ANN001
    """Every request the page makes from now on (not static files), as they go."""
    seen: list = []
    tab.on(
        "request",
        lambda request: seen.append(request) if "/static/" not in request.url else None,
    )
    return seen


def _paths(requests: list, base: str, method: str) -> list[str]:
    return [r.url.removeprefix(base) for r in requests if r.method == method]


def test_a_custom_run_shows_the_result_the_server_drew(page, server: str) -> None:  # noqa: ANN001, F811
    page.goto(f"{server}/problems/attention?lang=en")
    page.wait_for_selector(".cm-editor")
    page.click("details.custom-input > summary")
    seen = _watch(page)
    page.click("button.custom-run")  # the sample input and the starter code
    page.wait_for_selector(".custom-result [data-verdict=wrong_answer][data-mode=custom]")
    assert _paths(seen, server, "POST") == ["/problems/attention/custom?partial=1"]
    assert not [r for r in seen if "/api/" in r.url and "/custom" in r.url]
    output = page.locator('.custom-result .custom-output[data-output="output"]')
    assert output.locator("pre.custom-values").count() == 2
    # Expected, yours and their difference: the heatmap markup of a submission's result.
    assert output.locator(".heatmaps[data-heat-group] table.heat").count() == 3
    output.locator("table.heat").nth(1).locator("td").first.hover()
    assert output.locator(".heat-readout").inner_text() == "yours [0, 0] = 0"
    output.locator("table.heat").first.locator("td").first.focus()
    page.keyboard.press("ArrowRight")  # the keyboard walks the server's cells too
    assert output.locator(".heat-readout").inner_text().startswith("expected [0, 1] = ")
    assert page.locator(".custom-result .attention-view table.heat").count() == 1
    # The server checks the input now: its refusal comes back as a panel, in the page's words.
    page.fill("textarea.custom-text", '{"inputs": {"q": [[1, 2]],}')
    page.click("button.custom-run")
    error = page.wait_for_selector(".custom-result [data-verdict=error]")
    assert "The custom input is not valid JSON" in error.inner_text()


def test_a_chinese_page_says_a_custom_inputs_fault_in_chinese(page, server: str) -> None:  # noqa: ANN001, F811
    page.goto(f"{server}/problems/attention?lang=zh")
    page.wait_for_selector(".cm-editor")
    page.click("details.custom-input > summary")
    page.fill("textarea.custom-text", '{"inputs": {"q": [[1, 2], [3]]}}')
    page.click("button.custom-run")
    error = page.wait_for_selector(".custom-result [data-verdict=error]").inner_text()
    assert error.startswith("这个自定义输入无法使用") and "ragged" in error
    page.fill("textarea.custom-text", "[1, 2]")
    page.click("button.custom-run")
    page.wait_for_selector(".custom-result [data-verdict=error]:has-text('必须是一个 JSON 对象')")


def test_run_and_submit_each_post_once_and_fetch_no_result(page, server: str) -> None:  # noqa: ANN001, F811
    page.goto(f"{server}/problems/attention?lang=en")
    page.wait_for_selector(".cm-editor")
    page.wait_for_load_state("networkidle")  # the draft's and the last result's look-ups
    seen = _watch(page)
    page.click("button.run")
    page.wait_for_selector("section.result [data-verdict=wrong_answer][data-mode=run]")
    _replace_code(page, solution("attention"))
    page.click("button.submit")
    shown = page.wait_for_selector(
        "section.result [data-mode=submit], section.result [data-verdict=error]"
    )
    assert shown.get_attribute("data-verdict") == "accepted", shown.inner_text()
    page.wait_for_load_state("networkidle")
    posts = [r for r in seen if r.method == "POST"]
    assert [r.url.removeprefix(server) for r in posts] == ["/problems/attention?partial=1"] * 2
    keys = [r.headers.get("idempotency-key", "") for r in posts]
    assert all(re.fullmatch(r"[0-9a-f]{32}", key) for key in keys) and keys[0] != keys[1]
    assert not [r for r in seen if "/result" in r.url or r.url.endswith("/submissions")]
    # What the one answer carried is all the page shows: the attention view, the next step.
    view = page.locator("section.result .attention-view")
    assert view.is_visible() and view.locator("table.heat").count() == 2
    assert page.locator("section.result a[rel=next]").is_visible()
    page.goto(f"{server}/?lang=en")
    assert page.locator('tr[data-problem="attention"] .solved-mark').is_visible()


def test_a_resent_post_is_one_submission(page, server: str) -> None:  # noqa: ANN001, F811
    """A proxy that resends the page's post (its first answer lost) gets the same
    submission back, never a second one."""
    page.goto(f"{server}/problems/softmax?lang=en")
    page.wait_for_selector(".cm-editor")

    def resend(route) -> None:  # noqa: ANN001
        route.fetch()  # the first answer, lost on its way back
        route.fulfill(response=route.fetch())

    page.route("**/problems/softmax?partial=1", resend)
    _replace_code(page, solution("softmax"))
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=accepted]")
    listed = page.request.get(f"{server}/api/submissions?problem=softmax").json()
    assert [row["verdict"] for row in listed] == ["accepted"]
    page.unroute("**/problems/softmax?partial=1")
    page.click("button.submit")  # a new press is a new key: a second submission
    page.wait_for_selector("section.result [data-verdict=accepted]")
    page.wait_for_timeout(300)
    assert len(page.request.get(f"{server}/api/submissions?problem=softmax").json()) == 2


def _mock_of_attention(tab, base: str) -> int:  # noqa: ANN001
    """A running mock interview whose problem is `attention` (the problem is drawn at
    random from the topic's, each time for a new guest)."""
    for _ in range(300):
        tab.context.clear_cookies()
        started = tab.request.post(f"{base}/api/mock", data={"topic": "attention"}).json()
        if started["problem"] == "attention":
            return started["id"]
    raise AssertionError("no mock interview of `attention` in 300 draws")


def test_mock_mode_posts_once_and_hides_the_attention_view(page, server: str) -> None:  # noqa: ANN001, F811
    mock_id = _mock_of_attention(page, server)
    page.goto(f"{server}/problems/attention?mock={mock_id}&lang=zh")
    page.wait_for_selector(".cm-editor")
    assert page.locator(".mock-banner").is_visible()
    page.wait_for_load_state("networkidle")
    # The starter's custom run: heatmaps as always, but no attention view (outside a mock
    # interview the same run shows the reference's weights, see the first test above).
    page.click("details.custom-input > summary")
    page.click("button.custom-run")
    page.wait_for_selector(".custom-result [data-verdict=wrong_answer][data-mode=custom]")
    assert page.locator(".custom-result .custom-output table.heat").count() == 3
    assert page.locator(".custom-result .attention-view").count() == 0
    seen = _watch(page)
    _replace_code(page, solution("attention"))
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=accepted]")
    posts = [r for r in seen if r.method == "POST"]
    assert [r.url.removeprefix(server) for r in posts] == ["/problems/attention?partial=1"]
    assert re.search(rf'name="mock"\r\n\r\n{mock_id}\r\n', posts[0].post_data or "")
    assert page.locator("section.result .attention-view").count() == 0
    assert page.locator("section.result a[rel=next]").count() == 0
    assert CHINESE.search(page.locator("section.result .verdict").inner_text())
    kept = page.request.get(f"{server}/api/submissions?problem=attention").json()
    assert [row["mock"] for row in kept] == [mock_id]
