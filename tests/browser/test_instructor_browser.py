"""Issue 15's browser test: an instructor uploads a problem archive, reads the validation
report and the preview, publishes it and puts it in a set; a learner in another browser
context starts the set and solves it; the instructor sees the verdict in the set."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.authoring.scaffold import scaffold
from tests.conftest import ROOT
from tests.helpers import running_server

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("instructor-server")
    env = {**os.environ, "SHOUSI_WORKERS": "2", "SHOUSI_DATA_DIR": str(folder / "data")}
    env.pop("SHOUSI_DATABASE_URL", None)
    # The first instructor is made on the server, as an operator would.
    made = subprocess.run(
        [sys.executable, "-m", "app", "users", "create", "teach", "--role", "instructor",
         "--password-stdin"],
        input=PASSWORD, text=True, cwd=ROOT, env=env, capture_output=True, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    with running_server(folder / "server.log", env) as url:
        yield url


def _archive(tmp_path: Path) -> Path:
    folder = scaffold(tmp_path, "double-it", "numpy", "function")
    (folder / "statement.en.md").write_text("Return `x` doubled: $y = 2x$.\n")
    archive = tmp_path / "double-it.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted(folder.iterdir()):
            out.write(path, f"double-it/{path.name}")
    return archive


def _log_in(page, url: str, username: str) -> None:  # noqa: ANN001
    page.goto(f"{url}/login?lang=en")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_load_state("networkidle")


def test_upload_publish_solve_and_see_the_verdict_in_the_set(
    browser,  # noqa: ANN001
    server: str,
    tmp_path: Path,
) -> None:
    teacher = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 900})
    page = teacher.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _log_in(page, server, "teach")
    page.click("a[href='/admin/problems']")
    page.set_input_files("input[name=archive]", str(_archive(tmp_path)))
    page.click("form.upload-form button[type=submit]")
    page.wait_for_url("**/admin/problems/double-it")
    # The page refreshes itself until the contained validation is done.
    page.wait_for_selector("[data-status=valid]", timeout=240_000)
    assert "ok   double-it" in page.locator(".report-output").inner_text()
    page.click("a.preview-link")
    assert page.locator(".preview-banner").is_visible()
    assert "Return x doubled" in page.locator(".statement").inner_text()
    page.go_back()
    page.click("form[action$='/publish'] button")
    page.wait_for_selector("[data-status=published]")
    # A set with the new problem, made in the browser.
    page.goto(f"{server}/admin/sets?lang=en")
    page.fill("#set-slug", "warm-up")
    page.fill("#set-title", "Warm-up")
    page.fill("#set-items", "double-it\nqa:why-scale-sqrt-dk")
    page.click("form.set-form button[type=submit]")
    page.wait_for_url("**/admin/sets/warm-up")
    assert "No learner has opened" in page.content()

    # A learner, in a browser of their own, without an account.
    learner = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 900})
    pupil = learner.new_page()
    pupil.on("pageerror", lambda error: errors.append(str(error)))
    pupil.goto(f"{server}/sets/warm-up?lang=en")
    pupil.click("form.set-join button")
    pupil.wait_for_selector("text=You have joined")
    pupil.click("a[href='/problems/double-it']")
    pupil.click("form.submission .cm-content")
    pupil.keyboard.press("Control+a")
    pupil.keyboard.press("Delete")
    pupil.keyboard.insert_text("def double_it(x):\n    return x + x\n")
    pupil.click("button.submit")
    pupil.wait_for_selector(".result [data-verdict=accepted]", timeout=60_000)
    pupil.goto(f"{server}/sets/warm-up?lang=en")
    assert "1 of 2 done" in pupil.content()

    page.goto(f"{server}/admin/sets/warm-up?lang=en")
    cell = page.locator("td[data-item='problem:double-it']")
    assert cell.get_attribute("data-verdict") == "accepted"
    assert "Accepted" in cell.inner_text() and "1 attempts" in cell.inner_text()
    assert errors == []
    teacher.close()
    learner.close()
