"""Shared fixtures: the real bank, a small sandbox pool, and the ASGI app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.problems import Bank, Problem, load_bank
from app.runtime import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from app.web import create_app

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = ROOT / "problems"
# Short limits keep the hostile cases quick; the defaults are documented separately.
TEST_LIMITS = {"cpu_seconds": 2.0, "wall_seconds": 4.0, "memory_mb": 512}


def solution(problem_id: str) -> str:
    """A correct solution written independently of the reference implementation."""
    return (PROBLEMS / problem_id / "solution.py").read_text()


def written_problem(root: Path, problem_id: str, files: dict[str, str]) -> Problem:
    """Write a problem folder of these files under `root` and load it, alone."""
    folder = root / problem_id
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    loaded = load_bank([root])
    assert not loaded.errors, loaded.errors
    return loaded.get(problem_id)


@pytest.fixture(scope="session")
def bank() -> Bank:
    loaded = load_bank(Settings().problem_dirs())
    assert not loaded.errors, loaded.errors
    return loaded


@pytest.fixture(scope="session")
def pool() -> Iterator[SandboxPool]:
    sandbox = build_pool(Settings(**TEST_LIMITS), size=2)
    sandbox.start()
    yield sandbox
    sandbox.close()


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    settings = Settings(workers=2, **TEST_LIMITS)
    with TestClient(create_app(settings)) as test_client:
        yield test_client
