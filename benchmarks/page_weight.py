"""Page weight on first load: what a browser with an empty cache transfers for each page.

    .venv/bin/python benchmarks/page_weight.py [--every-problem] [--verbose]

Starts `shousi serve` on a free port, opens each page in a fresh Chromium context (Debian's
/usr/bin/chromium through Playwright), waits until the page and the fonts its formulas use
have loaded and the network is quiet, and prints per page the number of requests, the
bytes transferred (compressed, headers included, as the browser's network panel counts
them) and the bytes once decompressed. tests/browser/test_page_weight.py holds the budgets.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = {
    "list": "/",
    "problem": "/problems/multi-head-attention",
    "qa list": "/qa",
    "qa card": "/qa/why-scale-sqrt-dk",
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@dataclass(frozen=True)
class Resource:
    url: str
    kind: str  # document, stylesheet, script, font, fetch, ...
    status: int
    transferred: int  # response headers and body as received
    size: int  # the body decompressed
    encoding: str
    sha256: str  # of the body decompressed


@dataclass
class PageWeight:
    path: str
    resources: list[Resource] = field(default_factory=list)

    @property
    def transferred(self) -> int:
        return sum(r.transferred for r in self.resources)

    @property
    def size(self) -> int:
        return sum(r.size for r in self.resources)

    def line(self, name: str) -> str:
        return (
            f"{name:<10} {self.path:<36} {len(self.resources):>3} requests "
            f"{self.transferred / 1024:>7.1f} KB transferred "
            f"{self.size / 1024:>8.1f} KB decompressed"
        )


def measure(browser, base: str, path: str, lang: str = "en") -> PageWeight:  # noqa: ANN001
    """Load `path` with an empty cache and add up every response the page needed."""
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    try:
        sep = "&" if "?" in path else "?"
        page.goto(f"{base}{path}{sep}lang={lang}", wait_until="load")
        page.evaluate("() => document.fonts.ready.then(() => true)")  # formulas' fonts
        page.wait_for_load_state("networkidle")
        weight = PageWeight(path)
        for request in finished:
            response = request.response()
            if response is None:
                continue
            sizes, body = request.sizes(), response.body()
            weight.resources.append(
                Resource(
                    url=request.url.removeprefix(base),
                    kind=request.resource_type,
                    status=response.status,
                    transferred=sizes["responseHeadersSize"] + sizes["responseBodySize"],
                    size=len(body),
                    encoding=response.headers.get("content-encoding", ""),
                    sha256=hashlib.sha256(body).hexdigest(),
                )
            )
        return weight
    finally:
        context.close()


@contextmanager
def chromium() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        raise SystemExit("Debian's chromium is required (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def server() -> Iterator[str]:
    """A `shousi serve` of this checkout on a free port, with a throwaway data folder."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    data = Path(tempfile.mkdtemp(prefix="shousi-weight-"))
    env = {**os.environ, "SHOUSI_WORKERS": "1", "SHOUSI_LOG_LEVEL": "warning"}
    env["SHOUSI_DATA_DIR"] = str(data)
    log_path = data / "server.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; its log:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2):
                    break
            except OSError:
                time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every-problem", action="store_true", help="every problem page too")
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    parser.add_argument("--verbose", action="store_true", help="each response of each page")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    pages = dict(PAGES)
    with server() as base, chromium() as browser:
        if args.every_problem:
            with urllib.request.urlopen(f"{base}/api/problems") as response:
                listed = json.load(response)
            for problem in listed if isinstance(listed, list) else listed["problems"]:
                pages[problem["id"]] = f"/problems/{problem['id']}"
        report = {}
        for name, path in pages.items():
            weight = measure(browser, base, path, args.lang)
            print(weight.line(name), flush=True)
            if args.verbose:
                for r in weight.resources:
                    print(
                        f"    {r.kind:<10} {r.transferred:>8} {r.size:>8} {r.encoding:<5} {r.url}"
                    )
            report[name] = {
                "path": path,
                "requests": len(weight.resources),
                "transferred": weight.transferred,
                "decompressed": weight.size,
            }
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
