"""Every response carries the security headers: a page, a JSON answer, a static file, an
error; the policy names only this server's own scripts."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.web.security import CONTENT_SECURITY_POLICY


@pytest.mark.parametrize(
    "path", ["/?lang=en", "/api/problems", "/static/app.css", "/api/problems/nope", "/healthz"]
)
def test_the_security_headers_are_on_every_response(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    policy = response.headers["content-security-policy"]
    assert policy == CONTENT_SECURITY_POLICY
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"  # nothing inline, nothing from elsewhere
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"


def test_a_fingerprinted_asset_carries_them_too(client: TestClient) -> None:
    page = client.get("/problems/attention?lang=en").text
    start = page.index("/static/app.")
    url = page[start : page.index('"', start)]
    response = client.get(url)
    assert response.status_code == 200 and response.headers["x-frame-options"] == "DENY"
