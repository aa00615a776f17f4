"""scripts/install-torch asks PyTorch's CPU index for the pinned torch first, falls back to
the default index with a warning, and says which build it installed. Checked with a stand-in
Python that records the pip calls: nothing is downloaded."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPT = ROOT / "scripts" / "install-torch"
CPU_INDEX = "https://download.pytorch.org/whl/cpu"
PIN = re.search(r'"(torch==[^"]+)"', (ROOT / "pyproject.toml").read_text()).group(1)

# Records each call's arguments, one line per call. The metadata look-up prints $INSTALLED
# (or fails when it is empty), a pip call through the index fails when $INDEX_FAILS is set,
# and the closing report says the build $BUILD.
STUB = """#!/usr/bin/env bash
printf '%s\\n' "$*" >> "$CALLS"
case "$*" in
  *importlib.metadata*) [ -n "$INSTALLED" ] && echo "$INSTALLED" && exit 0; exit 1 ;;
  *--index-url*) [ -n "$INDEX_FAILS" ] && exit 1; exit 0 ;;
  *"import torch"*) echo "install-torch: torch 2.13.0+cpu, $BUILD"; exit 0 ;;
esac
exit 0
"""


def run(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    python = tmp_path / "python"
    python.write_text(STUB)
    python.chmod(0o755)
    calls = tmp_path / "calls"
    calls.write_text("")
    environment = {
        **{k: v for k, v in os.environ.items() if k != "SHOUSI_TORCH_INDEX"},
        "CALLS": str(calls),
        "INSTALLED": "",
        "INDEX_FAILS": "",
        "BUILD": "the CPU build",
        **env,
    }
    done = subprocess.run(
        [str(SCRIPT), str(python)], capture_output=True, text=True, env=environment, timeout=60
    )
    pip = [line for line in calls.read_text().splitlines() if line.startswith("-m pip install")]
    return done, pip


def test_the_pinned_torch_comes_from_pytorchs_cpu_index(tmp_path: Path) -> None:
    done, pip = run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(pip) == 1, pip
    assert f"--index-url {CPU_INDEX}" in pip[0] and pip[0].endswith(PIN)
    assert "the CPU build" in done.stdout


def test_an_unreachable_index_falls_back_to_the_default_one_and_says_so(tmp_path: Path) -> None:
    done, pip = run(tmp_path, INDEX_FAILS="1", BUILD="a CUDA 12.8 build")
    assert done.returncode == 0, done.stderr
    assert len(pip) == 2 and "--index-url" in pip[0] and "--index-url" not in pip[1]
    assert pip[1].endswith(PIN)
    assert "could not be used" in done.stderr and "CUDA build" in done.stderr
    assert "a CUDA 12.8 build" in done.stdout  # which build it got is said, either way


@pytest.mark.parametrize("installed", ["2.13.0+cpu", "2.13.0"])
def test_the_pinned_version_already_there_is_left_alone(tmp_path: Path, installed: str) -> None:
    done, pip = run(tmp_path, INSTALLED=installed)
    assert done.returncode == 0 and pip == []


def test_another_version_installed_is_replaced_from_the_cpu_index(tmp_path: Path) -> None:
    done, pip = run(tmp_path, INSTALLED="2.5.1+cu121")
    assert len(pip) == 1 and f"--index-url {CPU_INDEX}" in pip[0]


def test_a_mirror_or_no_index_can_be_chosen(tmp_path: Path) -> None:
    _, pip = run(tmp_path, SHOUSI_TORCH_INDEX="https://mirror.example/whl/cpu")
    assert pip and "--index-url https://mirror.example/whl/cpu" in pip[0]
    done, pip = run(tmp_path, SHOUSI_TORCH_INDEX="")
    assert len(pip) == 1 and "--index-url" not in pip[0] and "could not" not in done.stderr


def test_setup_and_the_docker_image_take_torch_the_same_way() -> None:
    assert "scripts/install-torch" in (ROOT / "scripts" / "setup").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert f"ARG TORCH_INDEX_URL={CPU_INDEX}" in dockerfile
