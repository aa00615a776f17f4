"""The README stays true: every setting, command, route and verdict is documented."""

import re
from pathlib import Path

import pytest
from typer.main import get_command

from app.cli import cli
from app.settings import Settings
from app.web import create_app
from graders.result import Verdict

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


@pytest.mark.parametrize("field", sorted(Settings.model_fields))
def test_every_setting_is_documented(field: str) -> None:
    assert f"`SHOUSI_{field.upper()}`" in README


def _commands(group, prefix: str = "shousi") -> list[str]:  # noqa: ANN001
    names = []
    for name, command in group.commands.items():
        full = f"{prefix} {name}"
        names += _commands(command, full) if hasattr(command, "commands") else [full]
    return names


@pytest.mark.parametrize("command", _commands(get_command(cli)))
def test_every_cli_command_is_documented(command: str) -> None:
    assert command in README


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
        assert f"`{method} {path}`" in README, (method, path)


@pytest.mark.parametrize("verdict", [v.value for v in Verdict])
def test_every_verdict_is_documented(verdict: str) -> None:
    assert f"`{verdict}`" in README


def test_ci_runs_the_readme_test_command() -> None:
    assert "scripts/serve" in README and "scripts/test" in README
    assert "exec scripts/test" in (ROOT / ".ci" / "run").read_text()
