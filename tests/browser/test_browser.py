"""A real server and Debian's Chromium: what a candidate does in the browser."""

from __future__ import annotations

import pytest

from tests.conftest import solution
from tests.helpers import CHINESE, english_runs, qa_tomls

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")


def _replace_code(page, code: str) -> None:  # noqa: ANN001
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def test_candidate_solves_attention_and_sees_accepted(page, server: str) -> None:
    page.goto(f"{server}/problems/attention?lang=en")
    page.wait_for_selector(".cm-editor")
    assert page.locator(".statement .katex").count() > 0  # formulas rendered offline
    _replace_code(page, solution("attention"))
    page.click("button.submit")
    verdict = page.wait_for_selector("[data-verdict=accepted]", timeout=30_000)
    assert "Accepted" in verdict.inner_text()
    passed, total = page.locator(".verdict .summary").inner_text().split()[0].split("/")
    assert passed == total and page.locator("table.cases tr.pass").count() == int(total) >= 12
    # The attention-weights view: the captured softmax beside the reference's.
    view = page.locator(".attention-view")
    assert view.is_visible() and view.locator("table.heat").count() == 2
    view.locator("table.heat").nth(1).locator("td").nth(4).hover()
    assert view.locator(".heat-readout").inner_text().startswith("yours [0] [1, 1] = ")
    page.goto(f"{server}/?lang=en")
    assert page.locator('tr[data-problem="attention"] .solved-mark').is_visible()


def test_wrong_answer_shows_an_actionable_message(page, server: str) -> None:
    page.goto(f"{server}/problems/attention?lang=en")
    page.wait_for_selector(".cm-editor")
    page.click("button.run")
    page.wait_for_selector("[data-verdict=wrong_answer]", timeout=30_000)
    message = page.locator(".result-message").inner_text()
    assert "outside the tolerance" in message and "expected" in message


def test_ctrl_enter_runs_and_tracebacks_use_editor_lines(page, server: str) -> None:
    page.goto(f"{server}/problems/softmax?lang=en")
    page.wait_for_selector(".cm-editor")
    _replace_code(page, "import numpy as np\n\n\ndef softmax(x, axis=-1):\n    return x[99, 99]\n")
    page.keyboard.press("Control+Enter")
    page.wait_for_selector("[data-verdict=runtime_error]", timeout=30_000)
    assert "line 5, in softmax" in page.locator(".traceback").first.inner_text()


def test_editor_auto_indents_and_tab_indents(page, server: str) -> None:
    page.goto(f"{server}/problems/softmax?lang=en")
    page.wait_for_selector(".cm-editor")
    _replace_code(page, "")
    page.keyboard.type("def f(x):\nreturn x")
    page.keyboard.press("Home")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    text = page.eval_on_selector("textarea#code", "el => el.value")
    assert text == "def f(x):\n    return x"


def test_draft_survives_a_reload(page, server: str) -> None:
    page.goto(f"{server}/problems/layer-norm?lang=en")
    page.wait_for_selector(".cm-editor")
    _replace_code(page, "# my unfinished draft\n")
    page.wait_for_timeout(500)  # drafts are saved after a short pause in typing
    page.reload()
    page.wait_for_selector(".cm-editor")
    assert "# my unfinished draft" in page.locator(".cm-content").inner_text()
    assert page.locator(".draft-note").is_visible()


def test_language_switch_to_chinese(page, server: str) -> None:
    page.goto(f"{server}/problems/attention?lang=en")
    page.click("text=中文")
    page.wait_for_selector("button.submit")
    assert page.locator("button.submit").inner_text() == "提交"
    assert page.locator("html").get_attribute("lang") == "zh-CN"


def test_a_chinese_page_explains_a_wrong_answer_in_chinese(page, server: str) -> None:
    page.goto(f"{server}/problems/attention?lang=en")
    page.click("text=中文")
    page.wait_for_selector(".cm-editor")
    _replace_code(page, solution("attention").replace(" / math.sqrt(q.shape[-1])", ""))
    page.click("button.submit")
    page.wait_for_selector("[data-verdict=wrong_answer]", timeout=30_000)
    # The message is the text of its cell; tracebacks, heatmaps and <code> are elements.
    messages = page.eval_on_selector_all(
        "section.result td.case-message, section.result .result-message",
        """els => els.map(el => Array.from(el.childNodes)
            .filter(node => node.nodeType === Node.TEXT_NODE)
            .map(node => node.textContent).join(" ").trim())""",
    )
    rows = page.locator("table.cases > tbody > tr")
    assert len(messages) == rows.count() + 1 and page.locator("tr.fail").count()
    for text in messages:
        assert CHINESE.search(text) and not english_runs(text), text
    assert "超出容差" in page.locator(".result-message").inner_text()


def test_custom_input_shows_both_outputs_and_json_errors(page, server: str) -> None:
    page.goto(f"{server}/problems/attention?lang=en")
    page.wait_for_selector(".cm-editor")
    page.click("details.custom-input > summary")
    page.click("button.custom-run")  # the prefilled sample input and the starter code
    page.wait_for_selector(".custom-result [data-verdict=wrong_answer]", timeout=30_000)
    output = page.locator('.custom-result .custom-output[data-output="output"]')
    text = output.inner_text()
    assert "Your output" in text and "Reference output" in text
    assert text.count("shape (1, 3, 4)") == 2
    yours, reference = output.locator("pre.custom-values").all_inner_texts()
    assert yours.startswith("[0, :, :]\n") and reference.startswith("[0, :, :]\n")
    assert set(yours.split("\n", 1)[1].split()) == {"0"}
    assert len(reference.split("\n", 1)[1].split()) == 12
    # Expected, yours and the difference as heatmaps (3 x 3 x 4 cells), with hover values.
    assert output.locator("table.heat td").count() == 3 * 3 * 4
    output.locator("table.heat").nth(1).locator("td").first.hover()
    assert output.locator(".heat-readout").inner_text() == "yours [0, 0] = 0"
    # The starter computes no softmax: the reference's weights, and a note saying so.
    view = page.locator(".custom-result .attention-view")
    assert view.locator("table.heat").count() == 1 and "could not be seen" in view.inner_text()

    page.fill("textarea.custom-text", '{"inputs": {"q": [[1, 2]],}')
    page.click("button.custom-run")
    error = page.wait_for_selector(".custom-result [data-verdict=error]")
    assert "not valid JSON" in error.inner_text()
    page.fill("textarea.custom-text", '{"inputs": {"q": [[1, 2], [3]]}}')
    page.click("button.custom-run")
    page.wait_for_selector(".custom-result [data-verdict=error]:has-text('ragged')")
    page.reload()  # what was typed survives, and the section opens to show it
    page.wait_for_selector("details.custom-input[open]")
    assert "[3]" in page.input_value("textarea.custom-text")


def test_candidate_practises_interview_questions(page, server: str) -> None:
    page.goto(f"{server}/qa?lang=en")
    items = page.locator("li.qa-item")
    total = items.count()
    assert total == len(qa_tomls()) and page.locator("li.qa-item:visible").count() == total
    # Filter by a tag: only cards carrying it stay, and the count says so.
    page.select_option("select[name=tag]", "rope")
    shown = page.locator("li.qa-item:visible")
    assert 0 < shown.count() < total
    for index in range(shown.count()):
        assert "rope" in shown.nth(index).get_attribute("data-tags").split()
    assert f"{shown.count()} of {total} questions" in page.locator(".qa-count").inner_text()
    assert "tag=rope" in page.url  # the filtered list can be shared or reloaded
    # A Chinese word, typed without spaces, finds the card whose question contains it.
    page.select_option("select[name=tag]", "")
    page.fill("input[name=q]", "缩放")
    card = page.locator('li.qa-item[data-id="why-scale-sqrt-dk"]')
    assert card.is_visible() and page.locator("li.qa-item:visible").count() < 20
    card.locator("a").first.click()
    page.wait_for_url("**/qa/why-scale-sqrt-dk")
    # Practice mode: the answer stays folded until asked for, formulas render when shown.
    short = page.locator(".qa-short")
    assert not short.is_visible()
    page.click("summary.qa-reveal")
    assert short.is_visible() and page.locator(".qa-body .katex").count() > 0
    # The label follows the <details> toggle event, which comes a moment after the click.
    playwright_api.expect(page.locator("summary.qa-reveal")).to_have_text("Hide answer")
    page.click("button[data-rating=good]")
    page.locator(".qa-last").filter(has_text="Saved. Next review in").wait_for()
    page.reload()
    page.click("summary.qa-reveal")
    assert page.locator(".qa-last").inner_text().startswith("Next review in")
    page.goto(f"{server}/qa?lang=en")
    assert page.locator('li[data-id="why-scale-sqrt-dk"] .qa-mark.knew').inner_text() == "✓"
    # Follow the card to its practice problem, whose page links back to the card.
    page.go_back()
    page.click('.qa-problems a[href="/problems/scaled-dot-product-attention"]')
    page.wait_for_selector(".cm-editor")
    back = page.locator('.asked-next a[href="/qa/why-scale-sqrt-dk"]')
    assert back.count() == 1
    back.click()
    page.wait_for_url("**/qa/why-scale-sqrt-dk")


def test_candidate_takes_a_hint_solves_a_problem_and_reads_the_editorial(page, server: str) -> None:
    page.goto(f"{server}/?lang=en")
    page.select_option("select[name=difficulty]", "hard")
    assert not page.locator('tr[data-problem="combined-mask"]').is_visible()
    assert page.locator('tr[data-problem="encoder-layer"]').is_visible()
    assert not page.locator("section#masks").is_visible()  # no hard mask problem
    page.select_option("select[name=difficulty]", "")
    page.click('tr[data-problem="combined-mask"] a')
    page.wait_for_selector(".cm-editor")
    editorial = page.locator("section.editorial")
    assert editorial.locator(".editorial-locked").is_visible()
    assert not editorial.locator(".editorial-body").is_visible()
    first = page.locator("details.hint").first
    assert not first.locator(".hint-body").is_visible()
    first.locator("summary").click()
    assert first.locator(".hint-body").is_visible()
    assert not page.locator("details.hint").nth(1).locator(".hint-body").is_visible()
    _replace_code(page, solution("combined-mask"))
    page.click("button.submit")
    page.wait_for_selector("[data-verdict=accepted]", timeout=30_000)
    body = editorial.locator(".editorial-body")
    body.locator("h2").first.wait_for()
    assert body.locator("h2").first.inner_text() == "Idea"
    assert not editorial.locator(".editorial-locked").is_visible()
    shown = editorial.locator(".solution .cm-content").inner_text()
    assert "def combined_mask" in shown
    editorial.locator(".solution .cm-content").click()
    page.keyboard.type("oops")  # read-only: typing changes nothing
    assert editorial.locator(".solution .cm-content").inner_text() == shown
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    editorial.locator("button.copy-solution").click()
    playwright_api.expect(editorial.locator("button.copy-solution")).to_have_text("Copied")
    assert "def combined_mask" in page.evaluate("navigator.clipboard.readText()")
    page.reload()
    editorial.locator(".editorial-body h2").first.wait_for()  # unlocked for good

    # Another problem, unsolved: the solution is shown only after confirming.
    page.goto(f"{server}/problems/softmax?lang=en")
    page.wait_for_selector(".cm-editor")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("button.show-solution")
    assert not page.locator("section.editorial .editorial-body").is_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button.show-solution")
    page.locator("section.editorial .editorial-body h2").first.wait_for()
    page.reload()
    page.locator("section.editorial .editorial-body h2").first.wait_for()
