"""The import graph of app/ has floors: every import runs down (or stays in its room), and no
module imports itself round a circle. Read with ast, imports inside functions included."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
# The floors, ground first; a room is a top-level module or package of app/.
FLOORS = [
    {"limits", "settings", "codec", "qa", "hidden_rows"},
    {"bank"},
    {"sandbox"},
    {"trusted"},
    {"judge"},
    {"store"},
    {"authoring", "practice"},
    {"web"},
    {"cli", "__main__"},
]
FLOOR = {room: level for level, rooms in enumerate(FLOORS) for room in rooms}
PACKAGES = sorted(p.name for p in APP.iterdir() if (p / "__init__.py").exists())


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_of(path): path for path in APP.rglob("*.py") if "migrations" not in path.parts}


def _imports(path: Path) -> set[str]:
    """The app modules a file imports (`from package import name` counts a module name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # `from package import module` imports that module; any other name, the package.
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in MODULES else node.module)
    return {name for name in found if name in MODULES}


GRAPH = {module: _imports(path) - {module} for module, path in MODULES.items()}


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "app"


def test_every_room_has_a_floor() -> None:
    rooms = {_room(module) for module in MODULES} - {"app"}
    assert rooms - FLOOR.keys() == set()


def test_no_import_runs_back_up() -> None:
    back = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if _room(module) != "app"
        and _room(target) != "app"
        and FLOOR[_room(target)] > FLOOR[_room(module)]
    )
    assert back == []


def test_no_module_imports_itself_round_a_circle() -> None:
    # Tarjan-free: a depth-first search that reports the first circle it meets.
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        stack.append(module)
        for target in sorted(GRAPH[module]):
            if state.get(target) == 1:
                return stack[stack.index(target) :] + [target]
            if target not in state and (circle := visit(target)):
                return circle
        stack.pop()
        state[module] = 2
        return None

    circles = [
        circle for module in sorted(GRAPH) if module not in state and (circle := visit(module))
    ]
    assert circles == []


def test_a_package_that_is_imported_through_its_face_is_not_a_circle() -> None:
    # The graph test above must see an import of a package's face: app.bank is one module.
    assert "app.bank.loader" in GRAPH["app.bank"]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_states_its_rule(package: str) -> None:
    doc = ast.get_docstring(ast.parse((APP / package / "__init__.py").read_text())) or ""
    assert "Rule:" in doc, f"app/{package}/__init__.py: its docstring says no rule"


def test_only_the_runner_reads_where_a_problem_runs() -> None:
    readers = sorted(
        module
        for module, path in MODULES.items()
        if ".hosted" in path.read_text() and not module.startswith(("app.trusted", "app.bank"))
    )
    assert readers == []


def test_web_routes_import_no_route_and_the_plumbing_imports_none() -> None:
    routes = {m for m in MODULES if m.startswith("app.web.routes.")}
    plumbing = {m for m in MODULES if m.startswith("app.web.") and m not in routes}
    plumbing -= {"app.web.routes"}
    wrong = sorted(
        f"{module} -> {target}"
        for module in routes | plumbing
        for target in GRAPH[module]
        if target in routes and module != "app.web.routes"
    )
    assert wrong == []
