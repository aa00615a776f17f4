"""Static files: fingerprinted URLs, immutable caching, negotiated compression, 304s; and
pages that load the editor and KaTeX only where they use them."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.web.assets import IMMUTABLE, StaticAssets, negotiate
from tests.conftest import ROOT

STATIC = ROOT / "static"
EDITOR = json.loads((STATIC / "vendor" / "manifest.json").read_text())["editor"]


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', page)


def fingerprinted(client: TestClient, path: str) -> str:
    """The URL a page uses for static/<path>, read from the pages themselves."""
    stem, suffix = path.rsplit(".", 1)
    for page in ("/problems/attention", "/mock"):
        for url in static_urls(client.get(page).text):
            if re.fullmatch(rf"/static/{re.escape(stem)}\.[0-9a-f]{{12}}\.{suffix}", url):
                return url
    raise AssertionError(f"no page links static/{path}")


def raw_response(client: TestClient, url: str, **headers: str) -> tuple[dict, bytes]:
    """Headers and the body exactly as sent (not decompressed)."""
    with client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200, url
        return dict(response.headers), b"".join(response.iter_raw())


def test_fingerprinted_asset_is_cached_for_a_year_and_plain_url_still_works(
    client: TestClient,
) -> None:
    url = fingerprinted(client, "js/page.js")
    headers, body = raw_response(client, url, **{"accept-encoding": "identity"})
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    assert body == (STATIC / "js" / "page.js").read_bytes()
    assert headers["content-type"].startswith("text/javascript")
    # The plain URL of before keeps working, with the same bytes, revalidated on each use.
    headers, body = raw_response(client, "/static/js/page.js", **{"accept-encoding": "identity"})
    assert headers["cache-control"] == "no-cache" and "etag" in headers
    assert body == (STATIC / "js" / "page.js").read_bytes()


def test_gzip_is_sent_only_to_who_asks_for_it(client: TestClient) -> None:
    url = fingerprinted(client, "app.css")
    on_disk = (STATIC / "app.css").read_bytes()
    headers, body = raw_response(client, url, **{"accept-encoding": "gzip"})
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(on_disk) / 2
    assert gzip.decompress(body) == on_disk
    headers, body = raw_response(client, url, **{"accept-encoding": "identity"})
    assert "content-encoding" not in headers and body == on_disk
    headers, body = raw_response(client, url, **{"accept-encoding": "gzip;q=0, deflate"})
    assert "content-encoding" not in headers and body == on_disk


def test_brotli_comes_from_the_build_and_only_while_it_matches_its_source(
    client: TestClient,
) -> None:
    url = fingerprinted(client, f"vendor/{EDITOR}")
    packed = (STATIC / "vendor" / f"{EDITOR}.br").read_bytes()
    headers, body = raw_response(client, url, **{"accept-encoding": "gzip, deflate, br, zstd"})
    assert headers["content-encoding"] == "br" and body == packed
    assert len(body) < 0.3 * (STATIC / "vendor" / EDITOR).stat().st_size
    headers, body = raw_response(client, url, **{"accept-encoding": "gzip"})
    assert headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (STATIC / "vendor" / EDITOR).read_bytes()


def test_a_stale_brotli_file_is_not_sent(tmp_path: Path) -> None:
    (tmp_path / "vendor").mkdir()
    script = tmp_path / "vendor" / "editor.js"
    script.write_text("const answer = 42;\n" * 200)
    (tmp_path / "vendor" / "editor.js.br").write_bytes(b"compressed from an older editor.js")
    digest = hashlib.sha256(b"an older editor.js").hexdigest()
    manifest = {"editor": "editor.js", "brotli": {"vendor/editor.js": digest}}
    (tmp_path / "vendor" / "manifest.json").write_text(json.dumps(manifest))
    assets = StaticAssets(tmp_path)
    _, body, _ = assets.find("vendor/editor.js")
    assert set(body.encoded) == {"gzip"}  # the .br no longer matches: gzip only
    manifest["brotli"]["vendor/editor.js"] = hashlib.sha256(script.read_bytes()).hexdigest()
    (tmp_path / "vendor" / "manifest.json").write_text(json.dumps(manifest))
    _, body, _ = StaticAssets(tmp_path).find("vendor/editor.js")
    assert body.encoded["br"] == b"compressed from an older editor.js"
    assert "vendor/editor.js.br" not in StaticAssets(tmp_path).by_path  # not a file of its own


def test_a_changed_file_gets_a_new_url_and_the_old_one_is_not_kept(tmp_path: Path) -> None:
    (tmp_path / "app.css").write_text("body { color: black; }\n")
    before = StaticAssets(tmp_path).url("app.css")
    assert re.fullmatch(r"/static/app\.[0-9a-f]{12}\.css", before)
    assert StaticAssets(tmp_path).url("app.css") == before  # the same bytes, the same URL
    (tmp_path / "app.css").write_text("body { color: navy; }\n")
    assets = StaticAssets(tmp_path)
    after = assets.url("app.css")
    assert after != before
    assert assets.find(after.removeprefix("/static/"))[2] == IMMUTABLE
    # A page from before the change still gets the stylesheet, but not to keep as immutable.
    asset, body, cache = assets.find(before.removeprefix("/static/"))
    assert body.raw == b"body { color: navy; }\n" and cache == "no-cache"


def test_stylesheet_fonts_are_fingerprinted_and_load(client: TestClient) -> None:
    url = fingerprinted(client, "vendor/katex/katex.min.css")
    css = client.get(url).text
    fonts = re.findall(r"url\((fonts/[^)]+\.woff2)\)", css)
    assert all(re.search(r"\.[0-9a-f]{12}\.woff2$", f) for f in fonts)
    # Every woff2 font KaTeX ships, each once.
    shipped = sorted(path.stem for path in (STATIC / "vendor/katex/fonts").glob("*.woff2"))
    assert (
        sorted(re.sub(r"\.[0-9a-f]{12}\.woff2$", "", f.removeprefix("fonts/")) for f in fonts)
        == shipped
    )
    folder = url.rsplit("/", 1)[0]
    for font in fonts:
        headers, body = raw_response(client, f"{folder}/{font}", **{"accept-encoding": "gzip, br"})
        assert headers["cache-control"] == IMMUTABLE and headers["content-type"] == "font/woff2"
        assert "content-encoding" not in headers and "vary" not in headers  # woff2 is packed
        name = re.sub(r"\.[0-9a-f]{12}\.woff2$", ".woff2", font)
        assert body == (STATIC / "vendor" / "katex" / name).read_bytes()
    # The plain stylesheet is the file as shipped: its relative font URLs still resolve.
    plain = client.get("/static/vendor/katex/katex.min.css").text
    assert plain == (STATIC / "vendor" / "katex" / "katex.min.css").read_text()
    assert client.get("/static/vendor/katex/fonts/KaTeX_Main-Regular.woff2").status_code == 200


def test_head_and_conditional_requests(client: TestClient) -> None:
    url = fingerprinted(client, "js/page.js")
    got = client.get(url, headers={"accept-encoding": "gzip"})
    head = client.head(url, headers={"accept-encoding": "gzip"})
    assert head.status_code == 200 and head.content == b""
    for name in ("etag", "content-length", "content-encoding", "cache-control", "content-type"):
        assert head.headers[name] == got.headers[name], name
    etag = got.headers["etag"]
    again = client.get(url, headers={"accept-encoding": "gzip", "if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag and again.headers["cache-control"] == IMMUTABLE
    # A different representation (not gzipped) is a different ETag: a full answer.
    plain = client.get(url, headers={"accept-encoding": "identity", "if-none-match": etag})
    assert plain.status_code == 200 and plain.headers["etag"] != etag
    since = client.get(
        "/static/js/page.js", headers={"if-modified-since": got.headers["last-modified"]}
    )
    assert since.status_code == 304


def test_unknown_paths_and_methods(client: TestClient) -> None:
    assert client.get("/static/nothing-here.js").status_code == 404
    assert client.get("/static/../app/settings.py").status_code == 404
    assert client.get("/static/%2e%2e/pyproject.toml").status_code == 404
    assert client.get("/static/vendor/manifest.json.br").status_code == 404
    refused = client.post("/static/js/page.js")
    assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD"


@pytest.mark.parametrize(
    ("header", "coding"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip", "gzip"),
        ("br;q=0.5, gzip", "gzip"),
        ("br;q=0, gzip;q=0", None),
        ("*", "br"),
        ("identity", None),
        ("", None),
        ("GZIP;q=0.8", "gzip"),
    ],
)
def test_negotiation(header: str, coding: str | None) -> None:
    assert negotiate(header, ["gzip", "br"]) == coding


def test_pages_are_compressed_and_never_cached_stale(client: TestClient) -> None:
    page = client.get("/qa?lang=en", headers={"accept-encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    assert page.headers["cache-control"] == "no-cache"
    assert "Accept-Encoding" in page.headers["vary"]
    assert int(page.headers["content-length"]) < len(page.content) / 2
    plain = client.get("/qa?lang=en", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text == page.text


def test_json_answers_are_compressed_when_large_enough(client: TestClient) -> None:
    listed = client.get("/api/problems", headers={"accept-encoding": "gzip"})
    assert listed.status_code == 200 and listed.headers["content-encoding"] == "gzip"
    assert "cache-control" not in listed.headers  # only pages are marked no-cache


def test_every_page_links_only_fingerprinted_static_files(client: TestClient) -> None:
    for path in ("/", "/problems/attention", "/qa", "/qa/why-scale-sqrt-dk", "/mock", "/review"):
        urls = static_urls(client.get(path).text)
        assert urls, path
        for url in urls:
            assert re.search(r"\.[0-9a-f]{12}\.[a-z0-9]+$", url), (path, url)
            assert client.get(url).headers["cache-control"] == IMMUTABLE, (path, url)


def test_pages_load_the_editor_and_katex_only_where_used(client: TestClient) -> None:
    def scripts(path: str) -> str:
        return " ".join(static_urls(client.get(path).text))

    editor = EDITOR.removesuffix(".js")
    listing = scripts("/")
    assert "katex" not in listing and editor not in listing
    problem = scripts("/problems/attention")
    assert "katex.min" in problem and editor in problem
    card = scripts("/qa/why-scale-sqrt-dk")
    assert "katex.min" in card and editor not in card
    questions = scripts("/qa")  # no formula among the questions today
    assert editor not in questions
    assert ("katex.min" in questions) == ('class="math' in client.get("/qa").text)


def test_each_page_loads_only_its_own_scripts(client: TestClient) -> None:
    def scripts(path: str) -> set[str]:
        urls = re.findall(r'<script src="/static/([^"]+)"', client.get(path).text)
        return {re.sub(r"\.[0-9a-f]{12}\.js$", ".js", u) for u in urls if "vendor/" not in u}

    shared = {"js/page.js"}
    assert scripts("/") == shared | {"js/index.js"}
    assert scripts("/problems/attention") == shared | {"js/history.js", "js/problem.js"}
    assert scripts("/qa") == scripts("/qa/why-scale-sqrt-dk") == shared | {"js/qa.js"}
    assert scripts("/mock") == shared | {"js/interview.js"}
    assert scripts("/review") == shared | {"js/review.js"}
    assert scripts("/progress") == shared
    # Every page script is one of these, and the single app.js is gone.
    on_disk = {f"js/{file.name}" for file in (STATIC / "js").glob("*.js")}
    assert on_disk == shared | {f"js/{n}.js" for n in ("index", "problem", "history", "qa")} | {
        "js/interview.js",
        "js/review.js",
    }
    assert not (STATIC / "app.js").exists()
