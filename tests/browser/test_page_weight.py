"""Page-weight budgets on first load, measured in Chromium as transferred (compressed).

The figures are what an empty-cache browser receives for the page: the HTML, stylesheets,
scripts, the KaTeX fonts its formulas make it fetch, and the page's own first API calls.
`benchmarks/page_weight.py` prints the same figures (`--every-problem` for every problem).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

import pytest

from benchmarks.page_weight import PageWeight, chromium, measure, server
from tests.conftest import ROOT
from tests.helpers import wait_until_url_ready

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

KB = 1024
BUDGETS = {  # path: KB transferred at most
    "/": 60,
    "/problems/multi-head-attention": 300,
    # The heaviest problem page today: its formulas pull in six KaTeX fonts.
    "/problems/cross-entropy-with-padding": 300,
    "/qa": 150,
    "/qa/why-scale-sqrt-dk": 150,
}
STATIC = ROOT / "static"
FINGERPRINT = re.compile(r"^/static/(?P<stem>.+)\.[0-9a-f]{12}(?P<suffix>\.[a-z0-9]+)$")


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with server() as url:
        wait_until_url_ready(url)  # the benchmark's server waits only for /healthz
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("path", list(BUDGETS))
def test_first_load_stays_within_budget(browser, base: str, path: str, lang: str) -> None:  # noqa: ANN001
    weight = measure(browser, base, path, lang)
    figures = describe(weight)
    print(f"\n{lang} {figures}")
    assert weight.transferred <= BUDGETS[path] * KB, figures
    statics = [r for r in weight.resources if r.url.startswith("/static/")]
    assert all(r.status == 200 for r in statics), figures  # (no draft yet is a 404)
    for resource in statics:
        # Every static file comes under a fingerprinted (immutable) URL ...
        match = FINGERPRINT.match(resource.url)
        assert match, resource.url
        # ... and text comes compressed; what the browser unpacked is the file itself.
        if resource.kind in ("script", "stylesheet", "document"):
            assert resource.encoding in ("br", "gzip"), (resource.url, resource.encoding)
        on_disk = STATIC / (match["stem"] + match["suffix"])
        if resource.kind != "stylesheet":  # (a stylesheet's font URLs are fingerprinted)
            assert resource.sha256 == hashlib.sha256(on_disk.read_bytes()).hexdigest()
    documents = [r for r in weight.resources if r.kind == "document"]
    assert [r.encoding for r in documents] == ["gzip"], figures
    if path.startswith("/problems/"):
        fonts = [r for r in statics if r.kind == "font"]
        assert fonts and all(r.encoding == "" for r in fonts), figures  # formulas drawn


def describe(weight: PageWeight) -> str:
    lines = [weight.line("")]
    lines += [
        f"  {r.status} {r.transferred:>7} B  {r.encoding or '-':<4} {r.url}"
        for r in weight.resources
    ]
    return "\n".join(lines)
