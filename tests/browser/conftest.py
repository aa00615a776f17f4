"""Browser fixtures: Debian's Chromium, driven by Playwright, against a real `shousi serve`.

Each module gets its own browser and its own server (data folder of its own, no database
URL from the environment); a module that needs another server defines its own `server`.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from tests.helpers import running_server, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ready server (two workers) on a data folder of its own; its URL."""
    folder = tmp_path_factory.mktemp("browser-server")
    with running_server(folder / "server.log", server_env(folder / "data")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is required: scripts/test installs it")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
            ],
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server: str):  # noqa: ANN001, ANN201
    """A page in a fresh context (a desktop window, English); no uncaught error allowed."""
    context = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors
