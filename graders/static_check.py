"""Checks made on the source before anything runs: syntax, entry point, forbidden APIs."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from graders.text import Msg, msg


@dataclass(frozen=True)
class Rejection:
    """Why a submission is rejected before running, and on which line."""

    reason: str
    message: Msg
    line: int | None = None


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        else:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    names.add(sub.id)
    return names


def _module_aliases(tree: ast.Module) -> set[str]:
    """Local names bound to imported modules or their members (torch, F, nn, np, ...)."""
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            aliases.update(a.asname or a.name for a in node.names)
    return aliases


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def find_forbidden(tree: ast.Module, forbidden_api: list[str]) -> tuple[str, int] | None:
    """The first use of a forbidden API, as (dotted path, line), or None."""
    by_name: dict[str, list[str]] = {}
    for path in forbidden_api:
        by_name.setdefault(path.rsplit(".", 1)[-1], []).append(path)
    aliases = _module_aliases(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            package = node.module.split(".")[0]
            for alias in node.names:
                for path in by_name.get(alias.name, []):
                    if path.split(".")[0] == package:
                        return path, node.lineno
        elif isinstance(node, ast.Attribute) and node.attr in by_name:
            root = _root_name(node.value)
            if root == "self":
                continue
            for path in by_name[node.attr]:
                # A Tensor method is reachable from any tensor; a module function only from
                # a name bound by an import.
                if ".Tensor." in path or root in aliases:
                    return path, node.lineno
    return None


def check_source(code: str, *, entry: str, forbidden_api: list[str]) -> Rejection | None:
    """Reject code that cannot run or plainly uses a forbidden API."""
    try:
        tree = ast.parse(code, filename="solution.py")
    except SyntaxError as exc:
        where = f" (line {exc.lineno})" if exc.lineno else ""
        at = f"第 {exc.lineno} 行" if exc.lineno else "代码"
        text = msg(f"SyntaxError{where}: {exc.msg}", f"{at}有语法错误：SyntaxError: {exc.msg}")
        return Rejection("syntax_error", text, exc.lineno)
    if entry not in _top_level_names(tree):
        text = msg(f"`{entry}` is not defined at the top level", f"顶层没有定义 `{entry}`")
        return Rejection("missing_entry", text)
    forbidden = find_forbidden(tree, forbidden_api)
    if forbidden:
        path, line = forbidden
        text = msg(
            f"{path} is not allowed in this problem (line {line})",
            f"本题不允许使用 {path}（第 {line} 行）",
        )
        return Rejection("forbidden_api", text, line)
    return None
