"""axe-core in Debian's Chromium against a real server: every page, in Chinese and in
English, before and after the things a learner does on it, has no accessibility violation
of any impact.

axe-core is a dev asset (tests/vendor/axe.min.js, copied from frontend/package-lock.json by
scripts/build-assets); the app never serves it. No rule is switched off: a violation is
fixed in the markup.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from app.authoring.scaffold import scaffold
from app.store import Store
from app.store.identity import create_account
from app.store.models import ReviewCard
from tests.conftest import ROOT, solution
from tests.helpers import new_page, replace_code, running_server

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / "vendor" / "axe.min.js"
LANGS = ["zh", "en"]
PROBLEM = "multi-head-attention"
FORMULAS = "rope"  # the most display formulas after the full Transformer
CARD = "why-scale-sqrt-dk"
# Multi-head attention without the 1/sqrt(d_k) scale: wrong on every case, and its
# softmax is still captured, so the result table and the attention heatmaps both show.
WRONG = solution(PROBLEM).replace(" / math.sqrt(self.d_k)", "")


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("axe-data")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, data_dir: Path) -> Iterator[str]:
    log_path = tmp_path_factory.mktemp("axe-server") / "server.log"
    env = {
        **os.environ,
        "SHOUSI_WORKERS": "2",
        "SHOUSI_LOG_LEVEL": "warning",
        "SHOUSI_DATA_DIR": str(data_dir),
    }
    env.pop("SHOUSI_DATABASE_URL", None)
    with running_server(log_path, env) as url:
        yield url


@pytest.fixture
def page(browser):  # noqa: ANN001, ANN201
    """A fresh guest: a browser context of its own, so each test's learner starts empty."""
    opened = new_page(browser)
    yield opened
    opened.context.close()
    assert opened.errors == []


def violations(page) -> list[dict]:  # noqa: ANN001
    """What axe-core finds on the page as it is now, all rules, all impacts."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # Evaluated through the browser's devtools, not added as a <script>: the pages'
        # Content-Security-Policy allows no inline script, and axe is no part of them.
        page.evaluate(f"() => {{ {AXE.read_text()}\n}}")
    return page.evaluate(
        """async () => {
            const results = await axe.run(document, {resultTypes: ["violations"]});
            return results.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
                targets: v.nodes.slice(0, 4).map(n => n.target.join(" ")),
            }));
        }"""
    )


class Audit:
    """Violations gathered across the states of a test, reported together."""

    def __init__(self, page) -> None:  # noqa: ANN001
        self.page = page
        self.found: list[str] = []

    def check(self, where: str) -> None:
        for v in violations(self.page):
            targets = "; ".join(v["targets"])
            self.found.append(
                f"{where}: {v['id']} ({v['impact']}) {v['help']}: "
                f"{v['count']} node(s), e.g. {targets}"
            )

    def assert_clean(self) -> None:
        assert not self.found, "axe-core violations:\n" + "\n".join(self.found)


def settled(page, url: str) -> None:  # noqa: ANN001
    """Open a page and wait until its scripts have run and fetched what they fetch."""
    page.goto(url)
    page.wait_for_load_state("networkidle")


def open_problem(page, url: str) -> None:  # noqa: ANN001
    settled(page, url)
    page.wait_for_selector("form.submission .cm-editor", state="attached")
    code_tab = page.locator(".problem-tabs:not([hidden]) #ptab-code")
    if code_tab.count():  # a phone: the editor and custom input are on the Code tab
        code_tab.click()


def make_due(data_dir: Path, card_id: str) -> None:
    """Move a card's due time an hour into the past, as waiting would."""
    store = Store.open(data_dir)
    try:
        with store.session() as session:
            done = session.execute(
                update(ReviewCard)
                .where(ReviewCard.item == f"qa:{card_id}")
                .values(due=datetime.now(UTC) - timedelta(hours=1))
            )
            assert done.rowcount >= 1
    finally:
        store.close()


# A laptop and a phone: on a phone more boxes scroll sideways (code, formulas, tables), and
# each of them must take the keyboard's focus.
SIZES, SIZE_IDS = [(1400, 1000), (390, 844)], ["desktop", "phone"]

# Pages a guest sees before doing anything, and what must be on each when axe runs.
FIRST_VISIT = [
    ("/", "table.problem-list"),
    (f"/problems/{PROBLEM}", "form.submission .cm-editor"),
    (f"/problems/{FORMULAS}", "form.submission .cm-editor"),
    ("/qa", "li.qa-item"),
    (f"/qa/{CARD}", ".qa-reveal"),
    (f"/problems/{PROBLEM}/history", "main"),
    ("/progress", "main"),
    ("/review", "main"),
    ("/mock", "#mock-start"),
    ("/login", "input[name=password]"),
    ("/signup", "input[name=password_again]"),
    ("/qa/no-such-card", "h1"),  # the pages that say something is not there
    ("/mock/999999", "h1"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_every_page_on_a_first_visit(
    page,  # noqa: ANN001
    server: str,
    lang: str,
    size: tuple[int, int],
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    audit = Audit(page)
    for path, ready in FIRST_VISIT:
        settled(page, f"{server}{path}?lang={lang}")
        page.wait_for_selector(ready, state="attached")
        audit.check(f"{path}?lang={lang}")
        tabs = page.locator(".problem-tabs:not([hidden]) [role=tab]")
        for n in range(1, tabs.count()):  # a phone: the Code and Result tabs as well
            tabs.nth(n).click()
            audit.check(f"{path}?lang={lang} (tab {n + 1})")
        if tabs.count():
            tabs.nth(0).click()
        if path.startswith("/problems/") and not path.endswith("/history"):
            assert page.locator(".statement .katex-display").count() > 0
            hints = page.locator("details.hint > summary")
            assert hints.count() > 0
            for n in range(hints.count()):
                hints.nth(n).click()
            page.locator("details.hint[open] .hint-body").last.wait_for()
            audit.check(f"{path}?lang={lang} (every hint open)")
    # The Q&A card with its answer shown (formulas and the rating buttons).
    settled(page, f"{server}/qa/{CARD}?lang={lang}")
    page.click("summary.qa-reveal")
    page.wait_for_selector(".qa-body .katex")
    audit.check(f"/qa/{CARD}?lang={lang} (answer shown)")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_problem_after_a_wrong_submit_and_after_accepted(
    page,  # noqa: ANN001
    server: str,
    lang: str,
    size: tuple[int, int],
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    audit = Audit(page)
    url = f"{server}/problems/{PROBLEM}?lang={lang}"
    open_problem(page, url)
    replace_code(page, WRONG)
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=wrong_answer]", timeout=60_000)
    assert page.locator("table.cases tr.fail").count() > 0
    assert page.locator(".attention-view table.heat").count() >= 2
    audit.check(f"{url} (wrong answer)")

    replace_code(page, solution(PROBLEM))
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=accepted]", timeout=60_000)
    audit.check(f"{url} (accepted)")
    statement_tab = page.locator(".problem-tabs:not([hidden]) #ptab-statement")
    if statement_tab.count():  # a phone: the editorial is on the Statement tab
        statement_tab.click()
    page.locator("section.editorial .editorial-body h2").first.wait_for()
    audit.check(f"{url} (accepted, editorial unlocked)")

    # Two attempts: the History tab on the problem page, and the history page itself.
    page.click("a.tab-history")
    page.wait_for_selector(".history-panel:not([hidden]) [data-outcome]")
    assert page.locator(".history-panel [data-outcome]").count() == 2
    audit.check(f"{url} (history tab)")
    history = f"{server}/problems/{PROBLEM}/history?lang={lang}"
    settled(page, history)
    assert page.locator("[data-outcome]").count() == 2
    audit.check(history)
    page.click(".attempts li:last-child a")  # the first attempt, the wrong one
    page.wait_for_selector(".attempt-detail [data-verdict=wrong_answer]")
    audit.check(f"{history} (first attempt open)")

    # Custom input on attention's starter code: both outputs and their heatmaps, drawn by
    # the server (templates/_custom_result.html) as a submission's are.
    custom = f"{server}/problems/attention?lang={lang}"
    open_problem(page, custom)
    page.click("details.custom-input > summary")
    page.click("button.custom-run")
    page.wait_for_selector(".custom-result .verdict[data-mode=custom]", timeout=60_000)
    assert page.locator(".custom-result .custom-output table.heat").count() == 3
    audit.check(f"{custom} (custom input run)")

    settled(page, f"{server}/progress?lang={lang}")
    audit.check(f"/progress?lang={lang} (one solved)")
    settled(page, f"{server}/?lang={lang}")
    assert page.locator(f'tr[data-problem="{PROBLEM}"] .solved-mark').is_visible()
    audit.check(f"/?lang={lang} (one solved)")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_review_with_a_due_item_and_empty(
    page,  # noqa: ANN001
    server: str,
    data_dir: Path,
    lang: str,
) -> None:
    audit = Audit(page)
    settled(page, f"{server}/qa/{CARD}?lang={lang}")
    page.click("summary.qa-reveal")
    page.click("button[data-rating=good]")
    saved = {"zh": "已记录", "en": "Saved."}[lang]
    page.locator(".qa-last").filter(has_text=saved).wait_for()
    audit.check(f"/qa/{CARD}?lang={lang} (rated)")

    settled(page, f"{server}/review?lang={lang}")
    page.wait_for_selector(".review-empty")
    audit.check(f"/review?lang={lang} (nothing due)")

    make_due(data_dir, CARD)
    settled(page, f"{server}/review?lang={lang}")
    page.wait_for_selector(f'.review-item[data-item="qa:{CARD}"]')
    audit.check(f"/review?lang={lang} (one due)")
    page.click("summary.review-reveal")
    page.wait_for_selector(".review-answer .katex")
    audit.check(f"/review?lang={lang} (answer shown)")
    page.click("button[name=rating][value=good]")
    page.wait_for_selector(".review-empty")
    audit.check(f"/review?lang={lang} (done)")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_a_mock_interview_running_and_its_report(page, server: str, lang: str) -> None:  # noqa: ANN001
    audit = Audit(page)
    settled(page, f"{server}/mock?lang={lang}")
    page.click("#mock-start button[type=submit]")
    page.wait_for_url("**/mock/*")
    session_url = page.url
    page.wait_for_load_state("networkidle")
    audit.check(f"{session_url} (running)")

    page.click("#mock-open")
    page.wait_for_selector("form.submission .cm-editor")
    page.wait_for_load_state("networkidle")
    assert page.locator(".mock-banner").is_visible()
    audit.check(f"{page.url} (problem in a mock)")

    settled(page, session_url)
    page.fill("#answer-1", "softmax saturates without the scale")
    page.check("input[name=rating-1][value=good]")
    page.click(".mock-question[data-n='1'] .mock-save")
    page.wait_for_selector(".mock-question[data-n='1'] .mock-status:not(:empty)")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#mock-finish")
    page.wait_for_selector(".mock-report")
    page.wait_for_load_state("networkidle")
    audit.check(f"{session_url} (report)")
    settled(page, f"{server}/mock?lang={lang}")
    assert page.locator(".mock-past li").count() == 1
    audit.check(f"/mock?lang={lang} (one past)")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_signing_up_and_the_account_page(page, server: str, lang: str) -> None:  # noqa: ANN001
    audit = Audit(page)
    settled(page, f"{server}/signup?lang={lang}")
    page.fill("input[name=username]", f"axe_{lang}")
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=password_again]", "wrong horse battery")
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")
    audit.check(f"/signup?lang={lang} (passwords differ)")
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=password_again]", "correct horse battery")
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")
    settled(page, f"{server}/account?lang={lang}")
    assert f"axe_{lang}" in page.inner_text("main")
    audit.check(f"/account?lang={lang}")
    settled(page, f"{server}/?lang={lang}")
    audit.check(f"/?lang={lang} (logged in)")
    audit.assert_clean()


DARK_PAGES = [
    ("/", "table.problem-list"),
    (f"/problems/{PROBLEM}", "form.submission .cm-editor"),
    (f"/qa/{CARD}", ".qa-reveal"),
    ("/progress", "main"),
    ("/review", "main"),
    ("/mock", "#mock-start"),
    ("/login", "input[name=password]"),
]


@pytest.mark.parametrize("lang", LANGS)
def test_dark_mode_pages_and_a_result(page, server: str, lang: str) -> None:  # noqa: ANN001
    """The dark palette too: contrast is checked in both themes."""
    page.emulate_media(color_scheme="dark")
    audit = Audit(page)
    for path, ready in DARK_PAGES:
        settled(page, f"{server}{path}?lang={lang}")
        page.wait_for_selector(ready, state="attached")
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        audit.check(f"{path}?lang={lang} (dark)")
    url = f"{server}/problems/{PROBLEM}?lang={lang}"
    open_problem(page, url)
    replace_code(page, WRONG)
    page.click("button.submit")
    page.wait_for_selector("section.result [data-verdict=wrong_answer]", timeout=60_000)
    audit.check(f"{url} (wrong answer, dark)")
    audit.assert_clean()


def _upload_zip(tmp: Path) -> Path:
    folder = scaffold(tmp, "axe-op", "numpy", "function")
    archive = tmp / "axe-op.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted(folder.iterdir()):
            out.write(path, path.name)
    return archive


def test_the_instructor_and_admin_pages(
    page,  # noqa: ANN001
    server: str,
    data_dir: Path,
    tmp_path: Path,
) -> None:
    store = Store.open(data_dir)
    try:
        create_account(store, "axe-admin", "correct horse battery", "admin")
    finally:
        store.close()
    settled(page, f"{server}/login?lang=en")
    page.fill("input[name=username]", "axe-admin")
    page.fill("input[name=password]", "correct horse battery")
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")
    settled(page, f"{server}/admin/problems")
    page.set_input_files("input[name=archive]", str(_upload_zip(tmp_path)))
    page.click("form.upload-form button[type=submit]")
    page.wait_for_selector("[data-status=valid]", timeout=240_000)
    settled(page, f"{server}/admin/sets")
    page.fill("#set-slug", "axe-set")
    page.fill("#set-title", "Axe set")
    page.fill("#set-items", f"{PROBLEM}\nqa:{CARD}")
    page.click("form.set-form button[type=submit]")
    page.wait_for_url("**/admin/sets/axe-set")
    settled(page, f"{server}/sets/axe-set")
    page.click("form.set-join button")
    page.wait_for_load_state("networkidle")
    audit = Audit(page)
    for lang in LANGS:
        for path, ready in [
            ("/admin", "table.admin-users"),
            ("/admin/problems", "form.upload-form"),
            ("/admin/problems/axe-op", "[data-status=valid]"),
            ("/admin/problems/axe-op/preview", ".preview-banner"),
            ("/admin/sets", "form.set-form"),
            ("/admin/sets/axe-set", "table.set-progress"),
            ("/sets/axe-set", "ol.set-items"),
        ]:
            settled(page, f"{server}{path}?lang={lang}")
            page.wait_for_selector(ready)
            audit.check(f"{path}?lang={lang}")
    audit.assert_clean()
