"""One self-contained file from a reference or a mistake, as a candidate would submit it.

A problem's trusted code may import `reference_impl` and the other files of its own folder
(`from .reference import Transformer`). The sandbox receives one file and can read neither,
so when validation grades that code as a submission, each module it imports (transitively)
is inlined whole, as a function that runs the module's statements and returns its names.
Knobs are stubbed: in the sandbox `knob(name, default)` returns the default.

Only the standard library, numpy, torch, graders, reference_impl and the folder's own files
may be imported by a problem's code; `import_findings` checks that rule, naming file and line.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import reference_impl
from graders.static_check import top_level_names

REFERENCE_IMPL = Path(reference_impl.__file__).resolve().parent
ALLOWED_PACKAGES = frozenset({"numpy", "torch", "graders", "reference_impl"})
# What a submission's stand-in for reference_impl.knobs is: no knob is ever turned there.
KNOBS_STUB = '''
def knob(name, default=None):
    """In the sandbox no knob is turned: the default."""
    return default
'''
NAMESPACE_CLASS = "_BundledModule"
DROPPED = ("MISTAKES", "MESSAGES")  # the mistakes table is not part of a submission


class BundleError(Exception):
    """Code that cannot be made into one file (an import the bundler cannot resolve)."""


@dataclass
class _Module:
    path: Path
    tree: ast.Module

    @property
    def key(self) -> str:
        """`reference_impl.torch_ops`, or the path of a problem folder's file."""
        if self.path.parent == REFERENCE_IMPL:
            stem = self.path.stem
            return "reference_impl" if stem == "__init__" else f"reference_impl.{stem}"
        return str(self.path)

    @property
    def variable(self) -> str:
        """The name its namespace is bound to in the bundle."""
        if self.path.parent == REFERENCE_IMPL:
            return "_bundled_" + self.key.replace(".", "__")
        return f"_bundled_problem_{self.path.stem}"


def _module_file(dotted: str, folder: Path) -> Path | None:
    """The file of `reference_impl.x`, or of `.x` (a file of the problem folder); else None."""
    if dotted.startswith("."):
        name = dotted[1:]
        path = folder / f"{name}.py"
        return path if name and "." not in name and path.is_file() else None
    parts = dotted.split(".")
    if parts[0] != "reference_impl":
        return None
    path = REFERENCE_IMPL.joinpath(*parts[1:]).with_suffix(".py") if parts[1:] else None
    path = path or REFERENCE_IMPL / "__init__.py"
    return path if path.is_file() else None


def _inlined(node: ast.ImportFrom | ast.Import, path: Path) -> list[tuple[str, Path, str | None]]:
    """What an import takes from inlined modules: (bound name, the module's file, attribute,
    or None for the module itself); empty for an import kept as it is (torch, graders)."""
    folder = path.parent
    where = f"{path.name}:{node.lineno}"
    if isinstance(node, ast.Import):
        found = []
        for alias in node.names:
            if alias.name.split(".")[0] != "reference_impl":
                continue
            target = _module_file(alias.name, folder)
            if alias.asname is None or target is None:
                raise BundleError(
                    f"{where}: write `from reference_impl.x import name` "
                    f"(or `import reference_impl.x as name`)"
                )
            found.append((alias.asname, target, None))
        return found
    if node.level > 1:
        raise BundleError(f"{where}: only `from .file import name` reaches the folder")
    if node.level == 0 and (node.module or "").split(".")[0] != "reference_impl":
        return []
    base = f".{node.module or ''}" if node.level else str(node.module)
    found = []
    for alias in node.names:
        if alias.name == "*":
            raise BundleError(f"{where}: `import *` cannot be inlined: name what you use")
        bound = alias.asname or alias.name
        submodule = _module_file(f"{base.rstrip('.')}.{alias.name}", folder)
        if submodule is not None:  # from reference_impl import torch_ops; from . import x
            found.append((bound, submodule, None))
            continue
        source = _module_file(base, folder)
        if source is None:
            raise BundleError(f"{where}: no module {base!r} to import {alias.name} from")
        found.append((bound, source, alias.name))
    return found


def _parse(path: Path) -> ast.Module:
    if path.parent == REFERENCE_IMPL and path.stem == "knobs":
        return ast.parse(KNOBS_STUB, filename=str(path))
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as exc:
        raise BundleError(f"{path.name}:{exc.lineno}: {exc.msg}") from None


def _imports_of(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def _collect(main: Path) -> list[_Module]:
    """The main file and every module it inlines, each after the modules it imports."""
    ordered: list[_Module] = []
    visiting: set[Path] = set()
    done: dict[Path, _Module] = {}

    def visit(path: Path) -> None:
        if path in done:
            return
        if path in visiting:
            raise BundleError(f"{path.name} imports itself through a circle")
        visiting.add(path)
        module = _Module(path, _parse(path))
        for node in _imports_of(module.tree):
            for _, dependency, attr in _inlined(node, path):
                visit(dependency)
                if attr is not None and attr not in top_level_names(done[dependency].tree):
                    key = done[dependency].key
                    raise BundleError(f"{path.name}:{node.lineno}: {key} has no {attr!r}")
        visiting.discard(path)
        done[path] = module
        ordered.append(module)

    visit(main.resolve())
    return ordered


class _Rewrite(ast.NodeTransformer):
    """Imports of inlined modules become reads of their namespaces; `__future__` goes."""

    def __init__(self, path: Path, variables: dict[Path, str]) -> None:
        self.path = path
        self.variables = variables

    def _bind(self, node: ast.Import | ast.ImportFrom) -> list[ast.stmt] | ast.stmt | None:
        inlined = _inlined(node, self.path)
        if not inlined:
            return node
        assigns: list[ast.stmt] = []
        for bound, source, attr in inlined:
            value: ast.expr = ast.Name(self.variables[source], ast.Load())
            if attr is not None:
                value = ast.Attribute(value, attr, ast.Load())
            assigns.append(ast.Assign([ast.Name(bound, ast.Store())], value, lineno=node.lineno))
        kept = [a for a in getattr(node, "names", []) if not _is_inlined_alias(node, a)]
        if isinstance(node, ast.Import) and kept:
            assigns.insert(0, ast.Import(kept))
        return assigns

    def visit_Import(self, node: ast.Import) -> list[ast.stmt] | ast.stmt | None:  # noqa: N802
        return self._bind(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> list[ast.stmt] | ast.stmt | None:  # noqa: N802
        if node.module == "__future__":
            return None
        return self._bind(node)


def _is_inlined_alias(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> bool:
    return isinstance(node, ast.Import) and alias.name.split(".")[0] == "reference_impl"


def _body(module: _Module, variables: dict[Path, str], *, main: bool) -> list[ast.stmt]:
    tree = _Rewrite(module.path, variables).visit(module.tree)
    body = tree.body
    if main:
        body = [node for node in body if not _assigns_dropped(node)]
    return body


def _assigns_dropped(node: ast.stmt) -> bool:
    """A top-level statement that builds the mistakes table (`MISTAKES = {...}`, and edits
    such as `MISTAKES['x'] = MISTAKES.pop('y')`): it goes with the table."""
    if not isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr):
        return False
    return any(isinstance(n, ast.Name) and n.id in DROPPED for n in ast.walk(node))


def _as_function(module: _Module, variables: dict[Path, str], *, main: bool) -> str:
    """The module as a function that runs its statements and returns its names."""
    body = _body(module, variables, main=main) or [ast.Pass()]
    names = ast.Call(ast.Name("locals", ast.Load()), [], [])
    function = ast.FunctionDef(
        name=module.variable,
        args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[*body, ast.Return(ast.Call(ast.Name(NAMESPACE_CLASS, ast.Load()), [names], []))],
        decorator_list=[],
        returns=None,
    )
    code = ast.unparse(ast.fix_missing_locations(ast.Module([function], [])))
    return f"{code}\n\n\n{module.variable} = {module.variable}()"


def bundle(path: Path, name: str, entry: str) -> str:
    """The file `path` with everything it imports inlined, and `entry` bound to `name`.

    The file itself stays at the top level, as a candidate's would, unless binding `entry`
    there would rebind a name its code uses (a mistake calling the reference it imports
    under the entry's name): then it is wrapped like the modules it imports.
    """
    modules = _collect(path)
    variables = {m.path: m.variable for m in modules}
    inlined, main = modules[:-1], modules[-1]
    wrapped = entry != name and entry in top_level_names(main.tree)
    parts = [
        "from __future__ import annotations",
        f"# {path.name} as one file: the modules it imports are inlined below, knobs stubbed.",
    ]
    if inlined or wrapped:
        parts.append(
            f"class {NAMESPACE_CLASS}:\n"
            f'    """An inlined module: its top-level names as attributes."""\n\n'
            f"    def __init__(self, names):\n"
            f"        self.__dict__.update(names)"
        )
    for module in inlined:
        shown = module.key if module.path.parent == REFERENCE_IMPL else module.path.name
        parts.append(f"# --- {shown} ---")
        parts.append(_as_function(module, variables, main=False))
    parts.append(f"# --- {main.path.name} ---")
    if wrapped:
        parts.append(_as_function(main, variables, main=True))
        parts.append(f"{entry} = {main.variable}.{name}")
    else:
        body = _body(main, variables, main=True)
        parts.append(ast.unparse(ast.fix_missing_locations(ast.Module(body, []))))
        parts.append(f"{entry} = {name}")
    return "\n\n".join(parts) + "\n"


def import_findings(folder: Path) -> list[str]:
    """Imports in the folder's Python that reach outside what a problem may use."""
    findings = []
    allowed = ALLOWED_PACKAGES | set(sys.stdlib_module_names)
    for path in sorted(folder.glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError:
            continue  # reported where the file is loaded or graded
        for node in _imports_of(tree):
            where = f"{path.name}:{node.lineno}"
            if isinstance(node, ast.ImportFrom) and node.level:
                target = node.module or ""
                files = [target] if target else [a.name for a in node.names]
                missing = [f for f in files if not (folder / f"{f}.py").is_file()]
                if node.level > 1 or "." in target or missing:
                    findings.append(
                        f"{where}: a relative import reaches only a file of this folder "
                        f"(`from .reference import ...`)"
                    )
                continue
            modules = (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            )
            for module in modules:
                top = (module or "").split(".")[0]
                if top not in allowed:
                    findings.append(
                        f"{where}: imports {module}; a problem may import only the standard "
                        f"library, numpy, torch, graders, reference_impl and its own folder"
                    )
    return findings
