"""Passing validations remembered by what they depend on, so an unchanged folder is not redone.

A problem's validation is kept (as JSON, never pickle) under a key that hashes every file of
its folder, every Python file of the grader (`app/`, `graders/`, `reference_impl/`: more
than validation reads, on purpose), the Python, numpy and torch versions, and the run's own
terms (sandbox limits, active isolation layers, `--contained`). Change any of them and the
key is new. Only a passing validation is kept: a failing one is always run again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from app.authoring.validate import Validation

log = logging.getLogger("shousi.validate")
ROOT = Path(__file__).resolve().parents[2]
CODE_DIRS = ("app", "graders", "reference_impl")
FORMAT = 1  # bump when the stored JSON or the key's recipe changes


def default_cache_dir() -> Path:
    """`$XDG_CACHE_HOME/shousi/validate`, else `~/.cache/shousi/validate`."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "shousi" / "validate"


def _digest(files: Iterable[Path], root: Path) -> str:
    """One hash of these files' paths (relative to root) and bytes."""
    total = hashlib.sha256()
    for path in sorted(files):
        name = path.relative_to(root).as_posix().encode()
        data = path.read_bytes()
        total.update(b"%d:%s%d:" % (len(name), name, len(data)) + data)
    return total.hexdigest()


def code_digest(root: Path | None = None) -> str:
    """Hash of every `*.py` under the grader's code directories (of this checkout)."""
    root = root or ROOT
    files = [path for name in CODE_DIRS for path in (root / name).rglob("*.py")]
    return _digest((path for path in files if "__pycache__" not in path.parts), root)


def folder_digest(folder: Path) -> str:
    """Hash of every file in a problem folder (bytecode left out: it is derived)."""
    files = [
        path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.relative_to(folder).parts
    ]
    return _digest(files, folder)


def versions() -> dict[str, str]:
    """The interpreter's and the numeric libraries' versions."""

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "absent"

    return {"python": sys.version, "numpy": version("numpy"), "torch": version("torch")}


class ValidationCache:
    """Passing validations in `directory`, one JSON file per key.

    `terms` are what the whole run shares (code digest, versions, limits...); a folder's
    key adds its own contents to them.
    """

    def __init__(self, directory: Path, terms: dict) -> None:
        self.directory = directory
        self._terms = json.dumps({"format": FORMAT, **terms}, sort_keys=True)

    def key(self, folder: Path) -> str:
        """The key of a folder's validation as it is now."""
        return hashlib.sha256(f"{self._terms}\n{folder_digest(folder)}".encode()).hexdigest()

    def _file(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def get(self, folder: Path, key: str) -> Validation | None:
        """The passing validation stored under key, if any (an unreadable entry is none)."""
        try:
            stored = json.loads(self._file(key).read_text(encoding="utf-8"))
            report = Validation(
                stored["problem_id"], folder, checks=list(stored["checks"]), cached=True
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if stored.get("key") != key or not all(isinstance(c, str) for c in report.checks):
            return None
        return report

    def put(self, report: Validation, key: str) -> None:
        """Keep a passing validation under key (a failing one is never kept)."""
        if not report.ok:
            return
        entry = {"key": key, "problem_id": report.problem_id, "checks": report.checks}
        partial = self.directory / f".{key}.{os.getpid()}.tmp"
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            partial.write_text(json.dumps(entry, ensure_ascii=False, indent=1), encoding="utf-8")
            os.replace(partial, self._file(key))
        except OSError as exc:  # a cache that cannot be written only costs time
            log.warning("validation cache %s not written: %s", self.directory, exc)
