"""The manual stays true and is served: every setting, command, route and verdict is
documented in docs/, every page is in the site's nav, the README stays a front page, and
/docs serves the built site with nothing from another host (or says how to build it)."""

import base64
import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from mkdocs.config import load_config
from typer.main import get_command

from app.cli import cli
from app.settings import Settings
from app.web import create_app
from graders.result import Verdict

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
PAGES = sorted((ROOT / "docs").glob("*.md"))
MANUAL = "\n".join(page.read_text() for page in PAGES)


@pytest.mark.parametrize("field", sorted(Settings.model_fields))
def test_every_setting_is_documented(field: str) -> None:
    assert f"`SHOUSI_{field.upper()}`" in MANUAL


def _commands(group, prefix: str = "shousi") -> list[str]:  # noqa: ANN001
    names = []
    for name, command in group.commands.items():
        full = f"{prefix} {name}"
        names += _commands(command, full) if hasattr(command, "commands") else [full]
    return names


@pytest.mark.parametrize("command", _commands(get_command(cli)))
def test_every_cli_command_is_documented(command: str) -> None:
    assert command in MANUAL


def test_every_api_route_is_documented() -> None:
    # The OpenAPI schema lists every JSON route, however routers are nested.
    paths = create_app(Settings(workers=1)).openapi()["paths"]
    routes = [
        (method.upper(), re.sub(r"\{\w+_id\}", "{id}", path))
        for path, operations in paths.items()
        for method in operations
    ]
    assert ("POST", "/api/problems/{id}/submissions") in routes and len(routes) >= 5
    for method, path in routes:
        assert f"`{method} {path}`" in MANUAL, (method, path)


@pytest.mark.parametrize("verdict", [v.value for v in Verdict])
def test_every_verdict_is_documented(verdict: str) -> None:
    assert f"`{verdict}`" in MANUAL


def test_ci_runs_the_readme_test_command() -> None:
    assert "scripts/serve" in README and "scripts/test" in README
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text()


def test_the_readme_is_a_front_page_that_links_every_docs_page() -> None:
    assert len(README.splitlines()) <= 200
    linked = set(re.findall(r"\]\((docs/[\w-]+\.md)\)", README))
    # qa-cards.md is qa/README.md, which the README links as itself.
    assert linked == {f"docs/{page.name}" for page in PAGES} - {"docs/index.md", "docs/qa-cards.md"}
    assert "](qa/README.md)" in README
    image = re.search(r"!\[[^\]]+\]\(([^)]+\.png)\)", README)
    assert image and (ROOT / image.group(1)).is_file()


def _nav_files(nav: list) -> list[str]:
    files = []
    for entry in nav:
        value = entry if isinstance(entry, str) else next(iter(entry.values()))
        files += _nav_files(value) if isinstance(value, list) else [value]
    return files


def test_every_docs_page_is_in_the_nav() -> None:
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert sorted(_nav_files(config["nav"])) == sorted(page.name for page in PAGES)
    assert config["theme"]["font"] is False  # no web fonts fetched from elsewhere


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The manual, built by the build script into a folder of this test's own."""
    site = tmp_path_factory.mktemp("docs-site")
    subprocess.run(
        [str(ROOT / "scripts" / "build-docs"), str(site)],
        check=True,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable},
        cwd=site,  # any working directory will do
    )
    return site


@pytest.fixture(scope="module")
def docs_client(built_site: Path) -> TestClient:
    # No lifespan: the manual needs neither the bank nor the sandbox.
    return TestClient(create_app(Settings(workers=1, docs_dir=built_site)))


OUTSIDE = re.compile(r"""<(?:script|link|img|source)\b[^>]*\b(?:src|href)=["']?(?:https?:)?//""")


def test_docs_are_served_with_nothing_from_another_host(
    docs_client: TestClient, built_site: Path
) -> None:
    home = docs_client.get("/docs")  # redirected to /docs/
    assert home.status_code == 200 and home.url.path == "/docs/"
    assert "The two commands" in home.text
    pages = sorted(page.name for page in built_site.glob("*.html"))
    assert {"using.html", "self-hosting.html", "api.html", "qa-cards.html"} <= set(pages)
    for name in pages:
        page = docs_client.get(f"/docs/{name}")
        assert page.status_code == 200, name
        assert not OUTSIDE.search(page.text), (name, OUTSIDE.search(page.text))
        assert "fonts.googleapis" not in page.text
        for asset in re.findall(r"""<(?:script|link)\b[^>]*\b(?:src|href)="([^"#?]+)""", page.text):
            if not asset.startswith(("/", "data:")):
                assert docs_client.get(f"/docs/{asset}").status_code == 200, (name, asset)
    # The card format comes from qa/README.md, included whole.
    assert "why-scale-sqrt-dk" in docs_client.get("/docs/qa-cards.html").text
    assert docs_client.get("/docs/search/search_index.json").status_code == 200
    # Only the site's own files: nothing above its folder.
    assert docs_client.get("/docs/%2e%2e/%2e%2e/etc/passwd").status_code == 404


def test_docs_policy_admits_exactly_the_pages_inline_scripts(docs_client: TestClient) -> None:
    page = docs_client.get("/docs/api.html")
    policy = page.headers["content-security-policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert "'unsafe-inline'" not in directives["script-src"]
    assert directives["frame-ancestors"] == "'none'"
    inline = re.findall(r"<script>(.*?)</script>", page.text, re.DOTALL)
    assert inline  # Material's own: without their hashes the pages would break
    for script in inline:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in directives["script-src"]
    # Everywhere else, the app's strict policy: no inline script at all.
    assert (
        docs_client.get("/static/app.css").headers["content-security-policy"].count("sha256") == 0
    )


def test_unbuilt_docs_say_how_to_build_them(tmp_path: Path) -> None:
    client = TestClient(create_app(Settings(workers=1, docs_dir=tmp_path / "none")))
    for path in ("/docs", "/docs/", "/docs/using.html"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
        assert "scripts/build-docs" in answer.text
        assert "手册尚未构建" in answer.text and "The manual is not built" in answer.text
