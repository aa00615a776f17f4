"""The manual at /docs in Debian's Chromium: its pages and its search run under the app's
Content-Security-Policy, with no console error and no request to another host."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.conftest import ROOT
from tests.helpers import RECORD_VIOLATIONS, running_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose manual is built afresh for this module."""
    site = tmp_path_factory.mktemp("docs-site")
    build = [str(ROOT / "scripts" / "build-docs"), str(site)]
    subprocess.run(build, check=True, timeout=300, env={**os.environ, "PYTHON": sys.executable})
    log_path = tmp_path_factory.mktemp("server") / "server.log"
    env = {**os.environ, "SHOUSI_WORKERS": "1", "SHOUSI_DOCS_DIR": str(site)}
    with running_server(log_path, env) as url:
        yield url


def test_the_manual_and_its_search_work_offline_under_the_policy(browser, server: str) -> None:  # noqa: F811
    context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    elsewhere: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda r: None if r.url.startswith(server) else elsewhere.append(r.url))

    page.goto(f"{server}/problems/attention")
    page.click("nav.site-nav a[href='/docs/']")  # 手册, in the top bar
    page.wait_for_selector("h1:has-text('Shousi')")
    assert page.evaluate("window.__cspViolations") == []
    page.click("nav.md-nav a[href='api.html']")
    page.wait_for_selector("h2#the-result-document")
    assert page.evaluate("window.__cspViolations") == []

    page.fill(".md-search__input", "SHOUSI_DOCS_DIR")  # the search worker and its index
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    links = page.locator(".md-search-result__link").evaluate_all("as => as.map(a => a.href)")
    assert any("/docs/self-hosting.html" in link for link in links), links
    assert page.evaluate("window.__cspViolations") == []
    no_draft = "status of 404 (Not Found)"  # the problem page's draft, none saved yet
    assert [e for e in errors if no_draft not in e] == []
    assert elsewhere == []
    context.close()
