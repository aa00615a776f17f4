"""Every route with an integer in its path or query answers an id past SQLite's 64-bit range
with a 404 or a 422, never a 500, for a learner with a session.

The routes are read from the app's router, so a new route with an integer parameter is
checked without being listed here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient

from app.web import create_app

# What the string parameters of such routes are filled with: a problem that exists.
STRING_VALUES = {"problem_id": "softmax"}
TOO_LARGE = [2**63, 2**64]


def _int_params(route: APIRoute) -> tuple[list[str], list[str]]:
    """The names of a route's integer path and query parameters, its dependencies' too."""
    in_path: list[str] = []
    in_query: list[str] = []
    pending = [route.dependant]
    while pending:
        dependant = pending.pop()
        pending.extend(dependant.dependencies)
        for fields, names in ((dependant.path_params, in_path), (dependant.query_params, in_query)):
            names.extend(f.name for f in fields if f.field_info.annotation in (int, int | None))
    return sorted(set(in_path)), sorted(set(in_query))


def _cases() -> Iterator[tuple[str, str, str, str]]:
    """(method, path template, parameter, where) for every integer parameter of every route."""
    # Included routers are kept whole by FastAPI; iter_route_contexts opens them.
    for context in iter_route_contexts(create_app().routes):
        route = context.original_route
        if not isinstance(route, APIRoute):
            continue
        in_path, in_query = _int_params(route)
        for method in sorted(route.methods - {"HEAD"}):
            for name in in_path:
                yield method, context.path, name, "path"
            for name in in_query:
                yield method, context.path, name, "query"


CASES = list(_cases())


def _integer_paths_in_the_schema() -> set[str]:
    """The paths whose OpenAPI operations take an integer parameter (the JSON API's)."""
    found = set()
    for path, operations in create_app().openapi()["paths"].items():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                kinds = [schema.get("type"), *(one.get("type") for one in schema.get("anyOf", []))]
                if "integer" in kinds:
                    found.add(path)
    return found


def test_the_router_has_integer_routes_to_check() -> None:
    paths = {path for _, path, _, _ in CASES}
    assert "/api/submissions/{submission_id}" in paths
    assert "/api/mock/{mock_id}/answers/{n}" in paths
    # The walk finds every integer route the schema documents, and the pages' too.
    assert {path for path in paths if path.startswith("/api/")} == _integer_paths_in_the_schema()
    assert "/problems/{problem_id}/history/{submission_id}/result" in paths


@pytest.fixture(scope="module")
def learner(client: TestClient) -> Iterator[TestClient]:
    """The shared client with a learner's session cookie, cleared again after the module."""
    saved = client.put("/api/problems/softmax/draft", json={"code": "x = 1\n"})
    assert saved.status_code == 200, saved.text
    assert client.cookies.get("shousi_session")
    yield client
    client.cookies.clear()  # the session client is shared: later modules start cookieless


@pytest.mark.parametrize("value", TOO_LARGE)
@pytest.mark.parametrize(("method", "template", "name", "where"), CASES)
def test_an_id_past_64_bits_is_not_found(
    learner: TestClient, method: str, template: str, name: str, where: str, value: int
) -> None:
    path_params = _path_values(template)
    query = {}
    if where == "path":
        path_params[name] = str(value)
    else:
        query[name] = str(value)
    url = template.format(**path_params)
    body = {"json": {}} if method in ("POST", "PUT") else {}
    response = learner.request(method, url, params=query, **body)
    assert response.status_code in (404, 422), (method, url, query, response.text[:300])


def _path_values(template: str) -> dict[str, str]:
    """Every path parameter of a route filled with something that exists, or 1."""
    import re

    names = re.findall(r"{(\w+)}", template)
    return {name: STRING_VALUES.get(name, "1") for name in names}
