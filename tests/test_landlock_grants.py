"""Landlock grants the standard library and the needed packages one by one, never a folder
that holds packages whole, so Shousi's own files are unreadable however it is installed:
the editable virtualenv of the development layout, a virtualenv it is installed into
without -e (built here), and the Docker image (`scripts/docker-sandbox-check`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.sandbox import landlock
from app.sandbox.hostile import app_files
from app.settings import Settings
from tests.conftest import ROOT

# Run by the interpreter of the layout under test: restrict itself as a child is, then
# say which paths it could still read.
PROBE = """
import json, sys
from app.sandbox import landlock
from app.settings import Settings

paths = json.loads(sys.argv[1])
landlock.restrict_self(landlock.build_ruleset(Settings().private_paths()))
readable = []
for path in paths:
    try:
        with open(path, "rb") as file:
            file.read(1)
        readable.append(path)
    except OSError:
        pass
import numpy.testing, json.tool  # lazy imports still work
print(json.dumps({"app": __import__("app").__file__, "readable": readable}))
"""


def _site_packages(python: Path) -> Path:
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return Path(subprocess.check_output([str(python), "-c", code], text=True).strip())


def _readable(python: Path, paths: list[str], cwd: Path) -> dict:
    if landlock.abi_version() < 1:
        pytest.skip("this kernel has no Landlock")
    run = subprocess.run(
        [str(python), "-c", PROBE, json.dumps(paths)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def _controls(site: Path) -> list[str]:
    """Files a child must still read: numpy, torch, a dependency, the standard library."""
    stdlib = Path(os.__file__).parent
    return [
        str(site / "numpy" / "__init__.py"),
        str(site / "torch" / "__init__.py"),
        str(site / "sympy" / "__init__.py"),
        str(stdlib / "json" / "__init__.py"),
    ]


def test_carve_leaves_out_hidden_folders_and_follows_no_symlink(tmp_path: Path) -> None:
    lib = tmp_path / "lib" / "python3.11"
    for folder in ("json", "site-packages/numpy", "site-packages/app", "lib-dynload"):
        (lib / folder).mkdir(parents=True)
    (lib / "os.py").write_text("")
    (lib / "link").symlink_to(lib / "site-packages")
    hidden = {(lib / "site-packages").resolve()}
    got = landlock._carve(tmp_path / "lib", hidden)
    assert sorted(p.name for p in got) == ["json", "lib-dynload", "os.py"]
    assert landlock._carve(lib / "json", hidden) == [(lib / "json").resolve()]
    assert landlock._carve(lib / "site-packages" / "app", hidden) == []


def test_no_package_folder_is_granted_whole_and_nothing_of_shousi() -> None:
    paths = landlock.readable_paths(Settings().private_paths())
    stdlib = Path(os.__file__).parent
    roots = [stdlib, *map(Path, landlock._SYSTEM_PATHS)]
    folders = landlock._package_folders([p for p in roots if p.is_dir()])
    entries = {p.resolve() for p in landlock.package_entries()}
    site = _site_packages(Path(sys.executable)).resolve()
    assert site in folders
    for path in paths:
        assert not any(path == f or path in f.parents for f in folders), path
        assert path in entries or not folders.intersection(path.parents), path
        assert not landlock._is_own(path.name) and path.suffix != ".pth", path
        assert ROOT not in path.parents or ROOT / ".venv" in path.parents, path
    names = {p.name for p in paths if p.parent == site}
    assert {"numpy", "torch", "sympy", "typing_extensions.py"} <= names
    # What only the server imports is not the child's business.
    assert not {"fastapi", "uvicorn", "pydantic", "starlette", "pytest"} & names
    assert stdlib.resolve() not in paths and (stdlib / "json").resolve() in paths


def test_the_child_cannot_read_the_apps_files_in_the_editable_layout(tmp_path: Path) -> None:
    own = app_files(ROOT)
    site = _site_packages(Path(sys.executable))
    finders = [p for p in own if "__editable__" in p]
    assert finders and any(p.endswith(".pth") for p in own), own  # the dev layout is editable
    for name in ("app", "graders", "reference_impl", "problems", "qa", "templates", "static"):
        assert any(p.startswith(f"{ROOT / name}/") for p in own), name
    got = _readable(Path(sys.executable), own + _controls(site), cwd=tmp_path)
    assert got["readable"] == _controls(site)


@pytest.fixture(scope="module")
def installed_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtualenv with Shousi installed without -e, its other packages hard-linked from
    ours (no download, a few seconds)."""
    tmp = tmp_path_factory.mktemp("installed")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    ours, theirs = _site_packages(Path(sys.executable)), _site_packages(venv / "bin" / "python")
    for entry in ours.iterdir():
        if landlock._is_own(entry.name) or entry.name in (
            "__pycache__",
            "distutils-precedence.pth",
        ):
            continue
        if entry.is_dir():
            shutil.copytree(entry, theirs / entry.name, copy_function=os.link, symlinks=True)
        else:
            os.link(entry, theirs / entry.name)
    source = tmp / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for name in ("app", "graders", "reference_impl"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
    subprocess.run([*pip, "--no-build-isolation", str(source)], check=True, cwd=tmp, timeout=300)
    return venv


def test_the_child_cannot_read_the_apps_files_installed_without_e(installed_venv: Path) -> None:
    python = installed_venv / "bin" / "python"
    site = _site_packages(python)
    installed = sorted(
        str(p) for name in ("app", "graders", "reference_impl") for p in (site / name).rglob("*.py")
    )
    metadata = sorted(str(p) for p in site.glob("shousi-*.dist-info/*"))
    assert len(installed) > 20 and metadata and not list(site.glob("__editable__*"))
    own = installed + metadata + app_files(ROOT)
    got = _readable(python, own + _controls(site), cwd=installed_venv.parent)
    assert got["app"] == str(site / "app" / "__init__.py")  # the installed copy, not ours
    assert got["readable"] == _controls(site)
