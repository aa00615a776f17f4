"""Every page from a 360 px phone to a 2560 px screen, in a real browser against a real
server: nothing scrolls sideways, the problem page is tabs on a phone, and after Submit the
verdict is on the screen (issue 14)."""

from __future__ import annotations

import pytest

from tests.conftest import solution

pytestmark = pytest.mark.browser

PROBLEM = "multi-head-attention"
EDITOR = "form.submission .cm-content"
# Right shapes, wrong numbers: the scores are not divided by sqrt(d_k).
WRONG = solution(PROBLEM).replace(" / math.sqrt(self.d_k)", "")
assert solution(PROBLEM) != WRONG

# True when the verdict is drawn inside the window and nothing (the sticky tabs, the edge of
# a scrolling pane) covers its middle.
VERDICT_IN_VIEW = """() => {
  const verdict = document.querySelector(
    "section.result [data-verdict]:not([data-verdict=running])");
  if (!verdict) return false;
  const box = verdict.getBoundingClientRect();
  if (box.height === 0 || box.top < 0 || box.bottom > window.innerHeight) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && verdict.contains(hit);
}"""
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


def new_page(launched, width: int, height: int, **options):  # noqa: ANN001, ANN003, ANN201
    context = launched.new_context(
        locale="en-US", viewport={"width": width, "height": height}, **options
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def open_from_the_list(page, url: str, lang: str) -> None:  # noqa: ANN001
    page.goto(f"{url}/?lang={lang}")
    assert page.evaluate(SIDEWAYS) <= 0
    page.click(f'tr[data-problem="{PROBLEM}"] a')
    page.wait_for_selector("form.submission .cm-editor", state="attached")
    page.wait_for_load_state("networkidle")  # the draft and the last result were asked for


def replace_code(page, code: str) -> None:  # noqa: ANN001
    page.click(EDITOR)
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def selected_tab(page) -> str:  # noqa: ANN001
    return page.locator('.problem-tabs [role=tab][aria-selected="true"]').inner_text()


@pytest.mark.parametrize(
    ("width", "height", "lang", "names"),
    [
        (390, 844, "en", ["Statement", "Code", "Result"]),
        (360, 740, "zh", ["题目", "代码", "结果"]),
    ],
)
def test_on_a_phone_the_problem_is_tabs_and_submit_shows_the_verdict(
    browser,  # noqa: ANN001
    server: str,
    width: int,
    height: int,
    lang: str,
    names: list[str],
) -> None:
    page = new_page(browser, width, height)
    open_from_the_list(page, server, lang)
    tabs = page.locator(".problem-tabs[role=tablist] [role=tab]")
    assert tabs.all_inner_texts() == names and selected_tab(page) == names[0]
    assert page.locator(".statement").is_visible() and page.locator(EDITOR).is_hidden()
    assert page.evaluate(SIDEWAYS) <= 0
    # A display formula wider than the phone scrolls in its own box, reachable by keyboard.
    wide = page.eval_on_selector_all(
        ".statement .math.block",
        "els => els.filter(el => el.scrollWidth > el.clientWidth).map(el => el.tabIndex)",
    )
    assert wide and all(index == 0 for index in wide)

    # The keyboard moves along the tabs; the editor is then on the first screen.
    tabs.nth(0).focus()
    page.keyboard.press("ArrowRight")
    assert selected_tab(page) == names[1]
    assert page.evaluate("document.activeElement.id") == "ptab-code"
    assert page.locator(".statement").is_hidden() and page.locator(EDITOR).is_visible()
    editor = page.locator("form.submission .cm-editor").bounding_box()
    assert editor["y"] >= 0 and editor["y"] + 150 <= height
    page.keyboard.press("End")
    assert selected_tab(page) == names[2]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")  # wraps round to the last tab
    assert selected_tab(page) == names[2]
    tabs.nth(1).click()

    # Long lines wrap: the editor never needs a sideways scroll on a phone.
    replace_code(page, WRONG)
    scroller = "form.submission .cm-scroller"
    assert page.eval_on_selector(scroller, "el => el.scrollWidth <= el.clientWidth")
    assert max(len(line) for line in WRONG.splitlines()) * 8 > width  # a line is that long

    page.click("button.submit")
    assert selected_tab(page) == names[2]  # at once: "running…" is shown there
    page.wait_for_selector("section.result [data-verdict=wrong_answer]", timeout=60_000)
    page.wait_for_function(VERDICT_IN_VIEW, timeout=10_000)
    assert page.evaluate("document.activeElement.id") == "result-heading"
    assert page.locator(EDITOR).is_hidden() and page.locator("table.cases").is_visible()
    page.evaluate("document.querySelectorAll('section.result details').forEach(d => d.open = true)")
    assert page.evaluate(SIDEWAYS) <= 0  # the case table and the heatmaps fit or scroll inside

    # The statement's own History tab still works.
    tabs.nth(0).click()
    page.click("a.tab-history")
    page.wait_for_selector(".history-panel:not([hidden]) [data-outcome=wrong_answer]")
    assert page.evaluate(SIDEWAYS) <= 0
    assert page.errors == []


@pytest.mark.parametrize(("width", "height", "lang"), [(1366, 768, "en"), (1920, 1080, "zh")])
def test_on_a_wide_screen_submit_brings_the_verdict_into_view(
    browser,  # noqa: ANN001
    server: str,
    width: int,
    height: int,
    lang: str,
) -> None:
    page = new_page(browser, width, height)
    open_from_the_list(page, server, lang)
    # Statement and editor side by side, no tabs.
    assert page.locator(".problem-tabs").is_hidden()
    statement = page.locator(".statement-pane").bounding_box()
    editor = page.locator("form.submission .cm-editor").bounding_box()
    assert statement["x"] + statement["width"] <= editor["x"] and editor["y"] < height
    replace_code(page, WRONG)
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=wrong_answer]", timeout=60_000)
    page.wait_for_function(VERDICT_IN_VIEW, timeout=10_000)
    assert page.evaluate("document.activeElement.id") == "result-heading"
    assert page.locator(".attention-view table.heat").count() >= 2
    assert page.evaluate(SIDEWAYS) <= 0

    # Ctrl-Enter from the editor: the verdict is shown, and the caret stays in the editor.
    page.click(EDITOR)
    page.keyboard.press("Control+Enter")
    page.wait_for_selector("section.result [data-mode=run][data-verdict=wrong_answer]")
    page.wait_for_function(VERDICT_IN_VIEW, timeout=10_000)
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")
    assert page.errors == []


def test_without_javascript_the_page_is_stacked_and_the_post_lands_on_the_verdict(
    browser,  # noqa: ANN001
    server: str,
) -> None:
    page = new_page(browser, 390, 844, java_script_enabled=False)
    page.goto(f"{server}/problems/{PROBLEM}?lang=en")
    assert page.locator(".problem-tabs").is_hidden()
    tops = [
        page.locator(selector).bounding_box()["y"]
        for selector in (".statement", "textarea#code", "#result-heading")
    ]
    assert tops == sorted(tops) and page.evaluate(SIDEWAYS) <= 0
    page.fill("textarea#code", WRONG)
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=wrong_answer]", timeout=60_000)
    assert page.url.endswith("#result-heading")
    page.wait_for_function(VERDICT_IN_VIEW)
    assert page.evaluate(SIDEWAYS) <= 0


def every_page(page, url: str) -> list[str]:  # noqa: ANN001
    """Sign up, submit, start a mock interview: the pages a learner with some history sees."""
    page.goto(f"{url}/signup?lang=en")
    page.fill("input[name=username]", "layout_checker")
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=password_again]", "correct horse battery")
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")
    done = page.evaluate(
        """async ([problem, code]) => {
          const response = await fetch("/api/problems/" + problem + "/submissions", {
            method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({code: code, mode: "submit"})});
          return response.json();
        }""",
        [PROBLEM, WRONG],
    )
    card = page.evaluate("fetch('/api/qa').then(r => r.json())")[0]["id"]
    page.goto(f"{url}/mock?lang=en")
    page.click("#mock-start button[type=submit]")
    page.wait_for_url("**/mock/*")
    mock = page.url.split("/mock/")[1].split("?")[0]
    return [
        "/",
        f"/problems/{PROBLEM}",  # the last result comes back, with its table and heatmaps
        f"/problems/{PROBLEM}/history?attempt={done['submission_id']}",
        "/problems/causal-mask",
        "/qa",
        f"/qa/{card}",
        "/progress",
        "/review",
        "/mock",
        f"/mock/{mock}",
        "/account",
        "/login",
        "/signup",
    ]


def test_no_page_scrolls_sideways_from_360_to_2560_px(
    browser,  # noqa: ANN001
    server: str,
) -> None:
    page = new_page(browser, 1366, 900)
    paths = every_page(page, server)
    # Folded parts count too: every <details> is opened; on a phone, every tab is shown.
    tab_names = ["statement", "code", "result"]
    too_wide = []
    for lang in ("en", "zh"):
        for path in paths:
            page.set_viewport_size({"width": 360, "height": 740})
            page.goto(f"{server}{path}{'&' if '?' in path else '?'}lang={lang}")
            page.wait_for_load_state("networkidle")
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            for width in (360, 390, 1366, 2560):
                page.set_viewport_size({"width": width, "height": 740})
                # The tab bar follows a media query: wait until it has, before counting.
                page.wait_for_function(
                    """(width) => {
                      const bar = document.querySelector('.problem-tabs');
                      return !bar || bar.hidden === (width > 1000);
                    }""",
                    arg=width,
                )
                tabs = page.locator(".problem-tabs:not([hidden]) [role=tab]")
                for n in range(tabs.count()) or [None]:
                    if n is not None:
                        tabs.nth(n).click()
                    excess = page.evaluate(SIDEWAYS)
                    if excess > 0:
                        tab = tab_names[n] if n is not None else ""
                        too_wide.append((lang, path, width, tab, excess))
    assert too_wide == []
    assert page.errors == []
