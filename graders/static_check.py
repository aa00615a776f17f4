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


def top_level_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (definitions, imports, assignments)."""
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


def _import_names(nodes: list[ast.AST]) -> tuple[set[str], dict[str, str]]:
    """Local names bound by imports (torch, F, nn, np, ...) and what each stands for:
    F -> torch.nn.functional, np -> numpy."""
    aliases: set[str] = set()
    targets: dict[str, str] = {}
    for node in nodes:
        if isinstance(node, ast.Import):
            for a in node.names:
                aliases.add((a.asname or a.name).split(".")[0])
                targets[a.asname or a.name.split(".")[0]] = (
                    a.name if a.asname else a.name.split(".")[0]
                )
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                aliases.add(a.asname or a.name)
                if node.module:
                    targets[a.asname or a.name] = f"{node.module}.{a.name}"
    return aliases, targets


def _dotted(node: ast.expr) -> list[str]:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return parts[::-1]


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _is_main_guard(node: ast.AST) -> bool:
    """`if __name__ == "__main__":` — never true in the sandbox, where __name__ is "solution"."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    sides = [test.left, *test.comparators]
    return (
        len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and any(isinstance(n, ast.Name) and n.id == "__name__" for n in sides)
        and any(isinstance(n, ast.Constant) and n.value == "__main__" for n in sides)
    )


def _constants(tree: ast.Module) -> dict[str, bool]:
    """Module-level flags: names bound once, at the top level, to a literal, and nowhere
    else (`FLASH = 0`, as llm.c writes it). Anything rebinding the name, a `global` of it
    or a parameter of that name included, makes it no constant."""
    values = {
        node.targets[0].id: bool(node.value.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Constant)
    }
    stores: dict[str, int] = {}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names = [node.id]
        elif isinstance(node, ast.Global | ast.Nonlocal):
            names = list(node.names)
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.alias):
            names = [(node.asname or node.name).split(".")[0]]
        for name in names:
            stores[name] = stores.get(name, 0) + 1
    return {name: value for name, value in values.items() if stores.get(name) == 1}


def _known(test: ast.expr, constants: dict[str, bool]) -> bool | None:
    """The truth of an `if` test known before the code runs: a literal, a module-level flag,
    or `not` of one; None when it depends on anything else."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.Name):
        return constants.get(test.id)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _known(test.operand, constants)
        return None if inner is None else not inner
    return None


_ENDS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_BODIES = ("body", "orelse", "finalbody")


def _reachable(tree: ast.Module) -> tuple[list[ast.AST], list[ast.AST]]:
    """Every node that can run, and the import statements of those that cannot (their names
    still count as module aliases).

    Never run: the bodies of `if __name__ == "__main__":` self-checks, the branch of an `if`
    whose test is known false (`if FLASH:` after `FLASH = 0`, the `else` of `if True:`), and
    statements after a `return`, `raise`, `continue` or `break` in the same block. The
    runtime traps still meet whatever does run, however it reaches a forbidden function.
    """
    constants = _constants(tree)
    nodes: list[ast.AST] = []
    imports: list[ast.AST] = []

    def skip(statements: list[ast.stmt]) -> None:
        for statement in statements:
            imports.extend(n for n in ast.walk(statement) if isinstance(n, _IMPORTS))

    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        nodes.append(node)
        if _is_main_guard(node):
            stack.extend(node.orelse)  # type: ignore[attr-defined]
            skip(node.body)  # type: ignore[attr-defined]
            continue
        if isinstance(node, ast.If) and (truth := _known(node.test, constants)) is not None:
            stack.append(node.test)
            kept, dropped = (node.body, node.orelse) if truth else (node.orelse, node.body)
            stack.extend(kept)
            skip(dropped)
            continue
        for field, value in ast.iter_fields(node):
            if not isinstance(value, list):
                if isinstance(value, ast.AST):
                    stack.append(value)
                continue
            items = [item for item in value if isinstance(item, ast.AST)]
            if field in _BODIES:
                end = next((i for i, item in enumerate(items) if isinstance(item, _ENDS)), None)
                if end is not None:
                    skip(items[end + 1 :])  # type: ignore[arg-type]
                    items = items[: end + 1]
            stack.extend(items)
    return nodes, imports


_IMPORTS = (ast.Import, ast.ImportFrom)


def find_forbidden(tree: ast.Module, forbidden_api: list[str]) -> tuple[str, int] | None:
    """The first use of a forbidden API, as (dotted path, line), or None.

    Code under `if __name__ == "__main__":` never runs in the sandbox and is not looked at
    (a self-check against the built-in is common). Anything else still meets the runtime
    traps, however it reaches a forbidden function.
    """
    by_name: dict[str, list[str]] = {}
    for path in forbidden_api:
        by_name.setdefault(path.rsplit(".", 1)[-1], []).append(path)
    # One walk of the tree gives both the code to look at and every import's names.
    nodes, guarded_imports = _reachable(tree)
    aliases, targets = _import_names([*nodes, *guarded_imports])
    own = {
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    }
    found = []
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module:
            package = node.module.split(".")[0]
            for alias in node.names:
                for path in by_name.get(alias.name, []):
                    if path.split(".")[0] == package:
                        found.append((node.lineno, path))
        elif isinstance(node, ast.Attribute) and node.attr in by_name:
            root = _root_name(node.value)
            if root in ("self", "cls") or root in own:
                continue  # the candidate's own class or object, not a tensor
            # A module function is reached from a name bound by an import; a Tensor method
            # from any other value (a numpy array has no such methods).
            paths = by_name[node.attr]
            modules = [p for p in paths if ".Tensor." not in p]
            methods = [p for p in paths if ".Tensor." in p]
            if root in aliases and modules:
                chain = _dotted(node)
                written = ".".join([targets.get(chain[0], chain[0]), *chain[1:]])
                found.append((node.lineno, written if written in paths else modules[0]))
            elif methods:
                found.append((node.lineno, methods[0]))
    if not found:
        return None
    line, path = min(found)
    return path, line


def check_source(code: str, *, entry: str, forbidden_api: list[str]) -> Rejection | None:
    """Reject code that cannot run or plainly uses a forbidden API."""
    try:
        tree = ast.parse(code, filename="solution.py")
    except SyntaxError as exc:
        where = f" (line {exc.lineno})" if exc.lineno else ""
        at = f"第 {exc.lineno} 行" if exc.lineno else "代码"
        text = msg(f"SyntaxError{where}: {exc.msg}", f"{at}有语法错误：SyntaxError: {exc.msg}")
        return Rejection("syntax_error", text, exc.lineno)
    if entry not in top_level_names(tree):
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
