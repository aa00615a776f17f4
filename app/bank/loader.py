"""Load problem folders; a broken folder is reported with its path and reason, and skipped."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import logging
import re
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import ValidationError

from app.bank.model import TOPICS, Problem, ProblemMeta
from app.bank.signature import SignatureError
from graders.text import LANGS
from graders.variants import VARIANT_MARK

log = logging.getLogger("shousi.problems")

REQUIRED_FILES = ("problem.toml", "statement.en.md", "statement.zh.md", "starter.py", "cases.py")


class LoadError(Exception):
    """A problem folder that cannot be used."""


@dataclass
class Bank:
    """Every problem that loaded, in display order, and every folder that did not."""

    problems: dict[str, Problem] = field(default_factory=dict)
    errors: list[tuple[Path, str]] = field(default_factory=list)

    def get(self, problem_id: str) -> Problem | None:
        """The problem with this id, or None."""
        return self.problems.get(problem_id)

    def ordered(self) -> list[Problem]:
        """Problems sorted for display."""
        return sorted(self.problems.values(), key=lambda p: (p.meta.order, p.id))

    def add(self, problem: Problem) -> None:
        """Serve this problem (replacing one of the same id) from now on."""
        # A new dict, not a change in place: readers on other threads see one or the other.
        self.problems = {**self.problems, problem.id: problem}

    def remove(self, problem_id: str) -> None:
        """Stop serving a problem."""
        self.problems = {k: v for k, v in self.problems.items() if k != problem_id}

    def following(self, problem_id: str) -> Problem | None:
        """The problem after this one as the list shows them (by topic, then in order)."""
        listed = sorted(self.ordered(), key=lambda p: TOPICS.index(p.meta.topic))
        ids = [p.id for p in listed]
        if problem_id not in ids or ids.index(problem_id) + 1 == len(ids):
            return None
        return listed[ids.index(problem_id) + 1]


def package_name(folder: Path) -> str:
    """The package a problem folder's files are imported under (unique per folder)."""
    digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:8]
    return f"shousi_problem_{re.sub(r'[^0-9A-Za-z_]', '_', folder.name)}_{digest}"


def _fresh_package(folder: Path) -> str:
    """Register the folder as a package, forgetting its files as they were last imported,
    so that its files may import each other (`from .reference import Transformer`)."""
    name = package_name(folder)
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    package = ModuleType(name)
    package.__path__ = [str(folder)]
    package.__package__ = name
    package.__file__ = None
    sys.modules[name] = package
    return name


def _import_file(path: Path) -> ModuleType:
    """Import a file of a problem folder as `<package>.<stem>` (once: siblings share it)."""
    folder = path.parent
    qualified = f"{package_name(folder)}.{path.stem}"
    if package_name(folder) not in sys.modules:
        _fresh_package(folder)
    if qualified in sys.modules:
        return sys.modules[qualified]
    spec = importlib.util.spec_from_file_location(qualified, path)
    if spec is None or spec.loader is None:
        raise LoadError(f"cannot import {path.name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(qualified, None)
        raise
    return module


def _resolve_reference(folder: Path, reference: str) -> Any:
    """`pkg.module:attr`, or `reference.py:attr` for a file inside the problem folder."""
    module_name, _, attr = reference.partition(":")
    if not attr:
        raise LoadError(f"reference {reference!r} must look like 'module:attribute'")
    if module_name.endswith(".py"):
        module = _import_file(folder / module_name)
    else:
        module = importlib.import_module(module_name)
    try:
        return getattr(module, attr)
    except AttributeError:
        raise LoadError(f"reference module {module_name} has no {attr!r}") from None


def _load_mistakes(folder: Path) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """`MISTAKES` (tag -> wrong implementation) and `MESSAGES` (tag -> {"en", "zh"}) from the
    optional mistakes.py; MESSAGES explains the problem's own tags (a shared tag's text lives in
    its family or graders.variants)."""
    path = folder / "mistakes.py"
    if not path.is_file():
        return {}, {}
    module = _import_file(path)
    mistakes = getattr(module, "MISTAKES", None)
    if not isinstance(mistakes, dict):
        raise LoadError("mistakes.py must define MISTAKES = {tag: implementation}")
    mistakes = _expand_variants(mistakes)
    messages = getattr(module, "MESSAGES", {})
    if not isinstance(messages, dict) or not all(
        isinstance(text, dict)
        and set(text) == {"en", "zh"}
        and all(isinstance(v, str) and v.strip() for v in text.values())
        for text in messages.values()
    ):
        raise LoadError('mistakes.py: MESSAGES must be {tag: {"en": "...", "zh": "..."}}')
    return dict(mistakes), {tag: dict(text) for tag, text in messages.items()}


def _expand_variants(mistakes: dict) -> dict[str, Any]:
    """One key per implementation: a tag given a list of them (one mistake, written two
    ways that give different numbers) gets keys "tag", "tag~2", ... (graders.variants)."""
    expanded: dict[str, Any] = {}
    for tag, value in mistakes.items():
        variants = list(value) if isinstance(value, list | tuple) else [value]
        bad = not isinstance(tag, str) or VARIANT_MARK in tag or not variants
        if bad or not all(callable(v) for v in variants):
            raise LoadError(
                "mistakes.py must define MISTAKES = {tag: implementation, or a list of them}"
            )
        for index, variant in enumerate(variants, start=1):
            expanded[tag if index == 1 else f"{tag}{VARIANT_MARK}{index}"] = variant
    return expanded


HINT_BREAK = re.compile(r"^---[ \t]*$", re.MULTILINE)


def _read_optional(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _load_hints(folder: Path) -> dict[str, list[str]]:
    """hints.<lang>.md, hints separated by a line holding only `---` (none when absent)."""
    hints = {}
    for lang in LANGS:
        text = _read_optional(folder / f"hints.{lang}.md")
        hints[lang] = [part.strip() for part in HINT_BREAK.split(text) if part.strip()]
    return hints


def load_texts(folder: Path) -> Problem:
    """One problem folder's metadata and texts, checked, without importing any of its code.

    The reference, cases and mistakes are left empty: `load_problem` fills them here, and
    app.trusted.host asks a contained process about them for a problem the server must
    not run.
    """
    missing = [name for name in REQUIRED_FILES if not (folder / name).is_file()]
    if missing:
        raise LoadError(f"missing {', '.join(missing)}")
    try:
        meta = ProblemMeta.model_validate(tomllib.loads((folder / "problem.toml").read_text()))
    except tomllib.TOMLDecodeError as exc:
        raise LoadError(f"problem.toml: {exc}") from None
    except ValidationError as exc:
        errors = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()
        )
        raise LoadError(f"problem.toml: {errors}") from None
    if meta.id != folder.name:
        raise LoadError(f"problem.toml id {meta.id!r} does not match the folder name")
    if (meta.kind == "module") != (meta.module is not None):
        raise LoadError("problem.toml: [module] is required exactly when kind = 'module'")
    problem = Problem(
        meta=meta,
        path=folder,
        statement={
            lang: (folder / f"statement.{lang}.md").read_text(encoding="utf-8")
            for lang in ("en", "zh")
        },
        starter=(folder / "starter.py").read_text(encoding="utf-8"),
        hints=_load_hints(folder),
        editorial={lang: _read_optional(folder / f"editorial.{lang}.md").strip() for lang in LANGS},
        solution=_read_optional(folder / "solution.py"),
        reference=None,
        build_cases=None,
        fixture_source=_read_optional(folder / "fixtures.py"),
    )
    try:
        problem.signature  # noqa: B018 - parsed now so that a bad signature names its folder
    except SignatureError as exc:
        raise LoadError(f"problem.toml: {exc}") from None
    params = {param.name for param in problem.signature.call}
    unknown = [name for name in meta.unchanged if name not in params]
    if unknown:
        raise LoadError(f"problem.toml: unchanged names {unknown}, not arguments of the call")
    return problem


def load_problem(folder: Path) -> Problem:
    """Load and validate one problem folder, importing its code into this process."""
    problem = load_texts(folder)
    _fresh_package(folder)
    problem.mistakes, problem.mistake_messages = _load_mistakes(folder)
    cases_module = _import_file(folder / "cases.py")
    build_cases = getattr(cases_module, "build_cases", None)
    if not callable(build_cases):
        raise LoadError("cases.py must define build_cases()")
    problem.build_cases = build_cases
    problem.reference = _resolve_reference(folder, problem.meta.reference)
    return problem


def load_bank(dirs: list[Path], *, load: Callable[[Path], Problem] | None = None) -> Bank:
    """Load every problem folder under `dirs` (or each given folder itself); ids are unique.

    `load` loads one folder (app.trusted.runner.load_hosted for code the server must not
    run); by default `load_problem`, in this process.
    """
    load = load or load_problem
    bank = Bank()
    for root in dirs:
        if not root.is_dir():
            bank.errors.append((root, "problems directory does not exist"))
            continue
        # A problem folder itself may be given, as well as a directory of them.
        folders = [root] if (root / "problem.toml").is_file() else root.iterdir()
        for folder in sorted(p for p in folders if p.is_dir()):
            if folder.name.startswith((".", "_")):
                continue
            try:
                problem = load(folder)
            except Exception as exc:  # noqa: BLE001 - one broken folder must not stop the rest
                reason = str(exc) if isinstance(exc, LoadError) else f"{type(exc).__name__}: {exc}"
                bank.errors.append((folder, reason))
                continue
            if problem.id in bank.problems:
                bank.errors.append((folder, f"duplicate problem id {problem.id!r}"))
                continue
            bank.problems[problem.id] = problem
    for folder, reason in bank.errors:
        log.error("problem folder %s skipped: %s", folder, reason)
    return bank
