"""Issue 14 in a browser: dark mode (the system's, or the toggle's, remembered) with readable
contrast, and heatmaps that print their values, answer a tap or a key, and draw masks as
allowed/blocked."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.conftest import solution
from tests.helpers import Server

pytestmark = pytest.mark.browser

# Wrong on purpose: the mask leaves out the diagonal (a boolean 4 x 4 heatmap on "size 4"),
# and attention without the 1/sqrt(d_k) scale (an attention view of 3 x 3 weights).
OFF_BY_ONE_MASK = (
    "import torch\n\n\ndef causal_mask(size):\n"
    "    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)\n"
)
UNSCALED_ATTENTION = solution("attention").replace(" / math.sqrt(q.shape[-1])", "")

BACKGROUND = """el => {
  // The colour behind el: the first ancestor with an opaque background.
  for (let node = el; node; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (!/rgba\\(.*, 0\\)$/.test(colour) && colour !== "transparent") return colour;
  }
  return getComputedStyle(document.documentElement).backgroundColor;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = Server(tmp_path_factory.mktemp("theme"))
    running.start()
    yield running.url
    running.stop()


def _page(launched, scheme: str = "light", **options):  # noqa: ANN001, ANN003, ANN202
    options.setdefault("viewport", {"width": 1366, "height": 900})
    context = launched.new_context(locale="en-US", color_scheme=scheme, **options)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def _rgb(colour: str) -> tuple[float, float, float]:
    red, green, blue = (float(x) for x in re.findall(r"[\d.]+", colour)[:3])
    return red, green, blue


def _luminance(colour: str) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = map(channel, _rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(one: str, other: str) -> float:
    low, high = sorted([_luminance(one), _luminance(other)])
    return (high + 0.05) / (low + 0.05)


def _colours(page, selector: str) -> tuple[str, str]:  # noqa: ANN001
    """The text colour of the first `selector` and the colour behind it."""
    element = page.locator(selector).first
    return element.evaluate("el => getComputedStyle(el).color"), element.evaluate(BACKGROUND)


def _is_dark(page) -> bool:  # noqa: ANN001
    text, background = _colours(page, "main")
    return _luminance(background) < 0.05 and _luminance(text) > 0.6


def _is_light(page) -> bool:  # noqa: ANN001
    text, background = _colours(page, "main")
    return _luminance(background) > 0.8 and _luminance(text) < 0.05


def _submit(page, server: str, problem: str, code: str, lang: str = "en") -> None:  # noqa: ANN001
    page.goto(f"{server}/problems/{problem}?lang={lang}")
    page.wait_for_load_state("networkidle")
    code_tab = page.locator(".problem-tabs:not([hidden]) #ptab-code")
    if code_tab.count():  # a phone: the editor is on the Code tab
        code_tab.click()
    page.click("form.submission .cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)
    page.click("button.run")
    page.wait_for_selector(".result [data-verdict=wrong_answer]")


def test_the_systems_dark_setting_darkens_every_page(browser, server: str) -> None:  # noqa: ANN001
    page = _page(browser, "dark")
    for path in ("/?lang=en", "/problems/attention?lang=en", "/qa?lang=zh", "/review?lang=en"):
        page.goto(server + path)
        assert _is_dark(page), path
        text, background = _colours(page, "main")
        assert _contrast(text, background) >= 4.5, path
    # Links and the code blocks of the statement stay readable too.
    page.goto(f"{server}/problems/attention?lang=en")
    for selector in (".statement pre", "a.back", ".tag", ".difficulty"):
        assert _contrast(*_colours(page, selector)) >= 4.5, selector
    # The editor follows: its text is light on a dark background.
    editor = page.locator(".cm-editor")
    assert _luminance(editor.evaluate("el => getComputedStyle(el).backgroundColor")) < 0.05
    keyword = page.locator(".cm-line span").first
    assert (
        _contrast(keyword.evaluate("el => getComputedStyle(el).color"), editor.evaluate(BACKGROUND))
        >= 4.5
    )
    assert not page.errors, page.errors


def test_without_javascript_the_system_setting_still_applies(browser, server: str) -> None:  # noqa: ANN001
    page = _page(browser, "dark", java_script_enabled=False)
    page.goto(f"{server}/?lang=en")
    assert _is_dark(page)
    assert not page.locator(".theme-toggle").is_visible()  # it needs JavaScript to work
    page = _page(browser, "light", java_script_enabled=False)
    page.goto(f"{server}/qa?lang=en")
    assert _is_light(page)


def test_the_toggle_overrides_the_system_and_is_remembered(browser, server: str) -> None:  # noqa: ANN001
    page = _page(browser, "light")
    page.goto(f"{server}/?lang=zh")
    toggle = page.get_by_role("button", name="深色模式")
    assert toggle.get_attribute("aria-pressed") == "false" and _is_light(page)
    toggle.focus()
    page.keyboard.press("Enter")  # a real button: the keyboard works
    assert toggle.get_attribute("aria-pressed") == "true" and _is_dark(page)
    page.reload()
    assert _is_dark(page)
    # The server renders the choice, so the first paint is already dark (no flash).
    html = page.request.get(f"{server}/qa?lang=en").text()
    assert '<html lang="en" data-theme="dark">' in html
    page.click("a[href='/qa']")
    assert _is_dark(page)
    assert page.get_by_role("button", name="Dark mode").get_attribute("aria-pressed") == "true"

    # The system says dark; the toggle says light, and that holds across a reload.
    page = _page(browser, "dark")
    page.goto(f"{server}/problems/causal-mask?lang=en")
    toggle = page.get_by_role("button", name="Dark mode")
    assert toggle.get_attribute("aria-pressed") == "true" and _is_dark(page)
    toggle.click()
    assert _is_light(page)
    page.reload()
    assert _is_light(page) and toggle.get_attribute("aria-pressed") == "false"
    # Back to what the system says: the choice is forgotten, and the page follows it again.
    toggle.click()
    assert _is_dark(page)
    assert not [c for c in page.context.cookies() if c["name"] == "shousi_theme"]
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_verdicts_and_heatmap_cells_are_readable_in_both_themes(
    browser,  # noqa: ANN001
    server: str,
    scheme: str,
) -> None:
    page = _page(browser, scheme)
    page.goto(f"{server}/?lang=en")
    assert _contrast(*_colours(page, "main")) >= 4.5
    assert _contrast(*_colours(page, "tr[data-problem] a")) >= 4.5
    _submit(page, server, "attention", UNSCALED_ATTENTION)
    for selector in (".verdict strong", ".verdict .summary", ".diagnosis", "table.cases td"):
        assert _contrast(*_colours(page, selector)) >= 4.5, selector
    # The values printed in heatmap cells, on the darkest cell of each map.
    for table in page.locator("table.heat.values").all()[:4]:
        darkest = max(
            table.locator("td.pos, td.neg").all(),
            key=lambda cell: float(
                cell.evaluate("el => getComputedStyle(el).getPropertyValue('--a')")
            ),
        )
        colour = darkest.evaluate("el => getComputedStyle(el).color")
        background = darkest.evaluate("el => getComputedStyle(el).backgroundColor")
        assert _rgb(background) != (0, 0, 0)
        alpha = float(re.findall(r"[\d.]+", background)[3])
        under = _rgb(page.locator("main").evaluate(BACKGROUND))  # the page under the cell
        red, green, blue = (
            a * alpha + u * (1 - alpha) for a, u in zip(_rgb(background), under, strict=True)
        )
        assert _contrast(colour, f"rgb({red}, {green}, {blue})") >= 4.5
    assert not page.errors, page.errors


def test_a_small_attention_view_prints_values_and_a_tap_shows_one(browser, server: str) -> None:  # noqa: ANN001
    page = _page(browser)
    _submit(page, server, "attention", UNSCALED_ATTENTION)
    view = page.locator(".result .attention-view")
    reference, yours = view.locator("table.heat").all()[:2]
    # 3 x 3 weights: each cell prints its value, and is big enough to read and to tap.
    cells = yours.locator("td")
    assert cells.count() == 9
    printed = [float(text) for text in cells.all_inner_texts()]
    assert all(0 <= value <= 1 for value in printed)
    for index in range(3):  # each row of softmax weights sums to about 1
        assert sum(printed[3 * index : 3 * index + 3]) == pytest.approx(1, abs=0.01)
    box = cells.nth(4).bounding_box()
    assert box is not None and box["width"] >= 28 and box["height"] >= 28
    # A tap (not a hover) shows the value and where it is, in the readout.
    cells.nth(4).click()
    readout = view.locator(".heat-readout")
    assert readout.inner_text().startswith("yours [0] [1, 1] = ")
    shown = float(readout.inner_text().rsplit("= ", 1)[1])
    assert shown == pytest.approx(printed[4], rel=0.01, abs=1e-4)
    # The keyboard: the arrow keys move between cells, and the readout follows.
    page.keyboard.press("ArrowRight")
    assert readout.inner_text().startswith("yours [0] [1, 2] = ")
    page.keyboard.press("ArrowDown")
    assert readout.inner_text().startswith("yours [0] [2, 2] = ")
    assert "more weight" in view.locator(".heat-legend").inner_text()
    assert reference.locator("td").first.inner_text() != ""
    assert not page.errors, page.errors


def test_a_touch_screen_tap_shows_a_cells_value(browser, server: str) -> None:  # noqa: ANN001
    page = _page(browser, has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    _submit(page, server, "causal-mask", OFF_BY_ONE_MASK)
    group = page.locator(".result .heatmaps").first
    first, second = group.locator("table.heat").nth(0).locator("td").all()[1:3]
    first.tap()
    assert group.locator(".heat-readout").inner_text() == "expected [0, 1] = blocked (False)"
    # The tapped cell stays marked (there is no hover on a touch screen), until the next tap.
    assert "picked" in first.get_attribute("class")
    second.tap()
    assert group.locator(".heat-readout").inner_text() == "expected [0, 2] = blocked (False)"
    assert "picked" not in first.get_attribute("class") and "picked" in second.get_attribute(
        "class"
    )
    assert not page.errors, page.errors


@pytest.mark.parametrize(
    ("lang", "allowed", "blocked", "differs"),
    [("en", "allowed", "blocked", "differs"), ("zh", "允许", "屏蔽", "不一致")],
)
def test_a_mask_is_drawn_as_allowed_and_blocked(
    browser,  # noqa: ANN001
    server: str,
    lang: str,
    allowed: str,
    blocked: str,
    differs: str,
) -> None:
    page = _page(browser)
    _submit(page, server, "causal-mask", OFF_BY_ONE_MASK, lang)
    group = page.locator(".result .heatmaps").first
    expected, yours, mismatches = group.locator("table.heat").all()
    # Row i of the expected mask allows keys 0..i; the submission blocks the diagonal too.
    rows = [expected.locator("tr").nth(i + 1).locator("td").all_inner_texts() for i in range(4)]
    assert rows == [["✓" if j <= i else "✗" for j in range(4)] for i in range(4)]
    assert yours.locator("td.allowed").count() == 6 and yours.locator("td.blocked").count() == 10
    assert mismatches.locator("td.differs").count() == 4
    legend = group.locator(".heat-legend").inner_text()
    assert allowed in legend and blocked in legend and differs in legend
    assert not group.locator("td.pos, td.neg").count()  # no signed colour scale for a mask
    yours.locator("td").nth(5).click()  # row 1, column 1: the diagonal the submission blocks
    readout = group.locator(".heat-readout").inner_text()
    assert readout.endswith(f"[1, 1] = {blocked} (False)")
    assert not page.errors, page.errors


def test_custom_input_heatmaps_print_values_too(browser, server: str) -> None:  # noqa: ANN001
    page = _page(browser)
    page.goto(f"{server}/problems/attention?lang=zh")
    page.click("details.custom-input > summary")
    page.click("button.custom-run")  # the sample input and the starter code, drawn by the server
    output = page.locator('.custom-result .custom-output[data-output="output"]')
    output.wait_for()
    expected = output.locator("table.heat.values").first
    assert all(text.strip() for text in expected.locator("td").all_inner_texts())
    assert "正值" in output.locator(".heat-legend").inner_text()
    expected.locator("td").nth(2).click()
    assert output.locator(".heat-readout").inner_text().startswith("期望 [0, 2] = ")
    assert not page.errors, page.errors
