"""A checkout inside a folder other users cannot enter still grades with every layer on."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.sandbox.reach import blocked_folders, unreadable

ROOT = Path(__file__).resolve().parents[1]
UID = 61000

# A lazy import inside the call: it reads site-packages as the slot uid, in the child.
LAZY_IMPORT = """
import numpy as np


def softmax(x, axis=-1):
    import numpy.testing

    z = np.exp(x - x.max(axis=axis, keepdims=True))
    return z / z.sum(axis=axis, keepdims=True)
"""


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A folder every user may enter (pytest's own tmp_path sits inside a 0700 folder)."""
    folder = Path(tempfile.mkdtemp(dir="/tmp"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def test_blocked_folders_are_found_top_down(open_dir: Path) -> None:
    outer = open_dir / "outer"
    inner = outer / "inner"
    (inner / "lib").mkdir(parents=True)
    outer.chmod(0o700)
    inner.chmod(0o711)  # search allowed to others, listing not
    assert blocked_folders([inner / "lib"], UID) == [outer]
    inner.chmod(0o700)
    assert blocked_folders([inner / "lib"], UID) == [outer, inner]


def test_a_file_without_read_permission_for_others_is_unreadable(open_dir: Path) -> None:
    readable, private = open_dir / "a.py", open_dir / "b.py"
    readable.write_text("")
    private.write_text("")
    readable.chmod(0o644)
    private.chmod(0o600)
    assert unreadable([readable, private], UID) == [private]


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="needs root to mount the checkout inside a 0700 folder",
)
def test_a_checkout_inside_a_0700_folder_grades_with_the_uid_layer(tmp_path: Path) -> None:
    """The checkout (with its .venv) seen through a 0700 folder, as after `git clone` there.

    The checkout is bind-mounted in a private mount namespace rather than cloned and
    installed again: the interpreter, site-packages and code are then reached only through
    the 0700 folder, exactly as in a fresh clone under `mktemp -d`.
    """
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o700)
    locked.chmod(0o700)
    code = tmp_path / "lazy.py"
    code.write_text(LAZY_IMPORT)
    venv_python = f"{locked}/x/.venv/bin/python"
    script = (
        f"mkdir {locked}/x && mount --bind {ROOT} {locked}/x && cd {locked}/x && "
        f"{venv_python} -c 'import numpy, sys; assert numpy.__file__.startswith(sys.argv[1])' "
        f"{locked} && exec {venv_python} -m app grade softmax {code} --json"
    )
    if not Path(sys.prefix, "bin", "python").exists() or Path(sys.prefix).parent != ROOT:
        pytest.fail(f"the tests must run from the checkout's .venv, not {sys.prefix}")
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert '"verdict": "accepted"' in done.stdout
