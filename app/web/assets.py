"""Static files: fingerprinted URLs, compressed once at start-up, cached for a year.

`asset("app.css")` in a template gives `/static/app.<hash>.css`, the hash of the bytes that
URL serves. Files under static/ do not change while the server runs, so everything is read,
hashed and gzipped once when the app is built (brotli comes from scripts/build-assets), the
encoding is chosen by Accept-Encoding, and a fingerprinted URL is cached by browsers as
immutable. A CSS file's relative `url(...)` references (KaTeX's fonts) are rewritten to
the fingerprinted names, so the fonts are cached the same way. The plain URLs
(`/static/app.css`) keep working, with the file's own bytes, revalidated on every use.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import mimetypes
import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path

from jinja2 import pass_context
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("shousi")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# Worth compressing; fonts (woff2) and images are compressed already.
COMPRESSIBLE = {".js", ".css", ".svg", ".json", ".txt", ".html", ".map"}
HASH_CHARS = 12
FINGERPRINTED = re.compile(rf"^(?P<stem>.+)\.[0-9a-f]{{{HASH_CHARS}}}(?P<suffix>\.[A-Za-z0-9]+)$")
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")\s]+)\1\s*\)""")


@dataclass(frozen=True)
class Body:
    """One sequence of bytes as it can be sent: as is, gzipped, brotli-compressed."""

    raw: bytes
    digest: str
    encoded: dict[str, bytes]  # by content coding, each smaller than raw

    @classmethod
    def of(cls, raw: bytes, *, compressible: bool, brotli: bytes | None = None) -> Body:
        encoded = {}
        if brotli is not None:
            encoded["br"] = brotli
        if compressible:
            encoded["gzip"] = gzip.compress(raw, compresslevel=9, mtime=0)
        return cls(
            raw=raw,
            digest=hashlib.sha256(raw).hexdigest(),
            encoded={name: data for name, data in encoded.items() if len(data) < len(raw)},
        )


@dataclass(frozen=True)
class Asset:
    path: str  # relative to static/, with forward slashes
    fingerprinted: str  # the same, with the hash before the suffix
    media_type: str
    modified: str  # Last-Modified, an HTTP date
    served: Body  # what the fingerprinted URL sends (a CSS file with its url()s rewritten)
    plain: Body  # the file's own bytes, for the plain URL


class StaticAssets:
    """Every file under one directory, read, hashed and compressed when built.

    gzip is done here; brotli only at build time (scripts/build-assets writes `<file>.br`
    and the source's SHA-256 in vendor/manifest.json), and a .br is used only while its
    source still has that digest.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.brotli_digests = _brotli_digests(directory)
        self.by_path: dict[str, Asset] = {}
        self.by_fingerprint: dict[str, Asset] = {}
        files = sorted(_files(directory), key=lambda item: item[0].endswith(".css"))
        for path, file in files:  # CSS last: its url()s name the others' fingerprints
            self._add(path, file)

    def _add(self, path: str, file: Path) -> None:
        raw = file.read_bytes()
        suffix = posixpath.splitext(path)[1].lower()
        compressible = suffix in COMPRESSIBLE
        plain = Body.of(raw, compressible=compressible, brotli=self._brotli(path, file, raw))
        served = plain
        if suffix == ".css":
            rewritten = self._rewrite_css(path, raw)
            if rewritten != raw:
                served = Body.of(rewritten, compressible=True)
        stem, _ = posixpath.splitext(path)
        asset = Asset(
            path=path,
            fingerprinted=f"{stem}.{served.digest[:HASH_CHARS]}{suffix}",
            media_type=_media_type(suffix),
            modified=formatdate(file.stat().st_mtime, usegmt=True),
            served=served,
            plain=plain,
        )
        self.by_path[path] = asset
        self.by_fingerprint[asset.fingerprinted] = asset

    def _brotli(self, path: str, file: Path, raw: bytes) -> bytes | None:
        packed = file.with_name(file.name + ".br")
        if path not in self.brotli_digests or not packed.is_file():
            return None
        if hashlib.sha256(raw).hexdigest() != self.brotli_digests[path]:
            log.warning("static/%s.br is older than its source: run scripts/build-assets", path)
            return None
        return packed.read_bytes()

    def _rewrite_css(self, path: str, raw: bytes) -> bytes:
        """The stylesheet with each relative url() to a known file fingerprinted."""
        folder = posixpath.dirname(path)

        def fingerprint(match: re.Match[str]) -> str:
            quote, ref = match.group(1), match.group(2)
            if ":" in ref or ref.startswith(("/", "#")):
                return match.group(0)  # data:, another site, or an absolute path
            target = self.by_path.get(posixpath.normpath(posixpath.join(folder, ref)))
            if target is None:
                return match.group(0)  # e.g. KaTeX's .woff/.ttf fallbacks, not shipped
            folder_part = ref[: len(ref) - len(posixpath.basename(ref))]
            return f"url({quote}{folder_part}{posixpath.basename(target.fingerprinted)}{quote})"

        return CSS_URL.sub(fingerprint, raw.decode("utf-8")).encode("utf-8")

    def url(self, path: str) -> str:
        """The fingerprinted URL of a file under static/ (a KeyError names a missing one)."""
        try:
            return "/static/" + self.by_path[path].fingerprinted
        except KeyError:
            raise KeyError(f"no static file {path!r} under {self.directory}") from None

    def find(self, path: str) -> tuple[Asset, Body, str] | None:
        """The asset a request path names, the bytes to send, and the Cache-Control."""
        if path in self.by_fingerprint:
            asset = self.by_fingerprint[path]
            return asset, asset.served, IMMUTABLE
        if path in self.by_path:
            asset = self.by_path[path]
            return asset, asset.plain, REVALIDATE
        # A fingerprint from before a change (a page rendered by an older server): the
        # current bytes, not to be kept under that name.
        old = FINGERPRINTED.match(path)
        if old and (asset := self.by_path.get(old["stem"] + old["suffix"])):
            return asset, asset.served, REVALIDATE
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI app mounted at /static."""
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(405, headers={"Allow": "GET, HEAD"})
        root = scope.get("root_path", "")
        path = scope["path"][len(root) :] if scope["path"].startswith(root) else scope["path"]
        found = self.find(path.lstrip("/"))
        if found is None:
            raise HTTPException(404)
        asset, body, cache = found
        headers = Headers(scope=scope)
        coding = negotiate(headers.get("accept-encoding", ""), body.encoded)
        content = body.encoded[coding] if coding else body.raw
        etag = f'"{body.digest[:32]}{"-" + coding if coding else ""}"'
        response = MutableHeaders(
            {
                "content-type": asset.media_type,
                "cache-control": cache,
                "etag": etag,
                "last-modified": asset.modified,
            }
        )
        if body.encoded:
            response["vary"] = "Accept-Encoding"
        if coding:
            response["content-encoding"] = coding
        if _not_modified(headers, etag, asset.modified):
            for name in ("content-type", "content-encoding"):  # a 304 has no body to describe
                if name in response:
                    del response[name]
            await send({"type": "http.response.start", "status": 304, "headers": response.raw})
            await send({"type": "http.response.body", "body": b""})
            return
        response["content-length"] = str(len(content))
        await send({"type": "http.response.start", "status": 200, "headers": response.raw})
        if scope["method"] == "HEAD":
            content = b""
        await send({"type": "http.response.body", "body": content})


def _files(directory: Path) -> Iterator[tuple[str, Path]]:
    for file in directory.rglob("*"):
        relative = file.relative_to(directory)
        if (
            file.is_file()
            and file.suffix not in (".br", ".gz")  # precompressed copies, not files of their own
            and not any(part.startswith(".") for part in relative.parts)
        ):
            yield relative.as_posix(), file


def _brotli_digests(directory: Path) -> dict[str, str]:
    manifest = directory / "vendor" / "manifest.json"
    if not manifest.is_file():
        return {}
    return dict(json.loads(manifest.read_text()).get("brotli", {}))


def _media_type(suffix: str) -> str:
    kind = "text/javascript" if suffix == ".js" else mimetypes.guess_type("f" + suffix)[0]
    kind = kind or "application/octet-stream"
    return f"{kind}; charset=utf-8" if kind.startswith("text/") else kind


def negotiate(accept_encoding: str, offered: Iterable[str]) -> str | None:
    """The content coding to send: the client's most preferred of those offered (brotli
    before gzip on a tie), or None for the bytes as they are. `gzip;q=0` refuses gzip."""
    quality: dict[str, float] = {}
    for item in accept_encoding.lower().split(","):
        name, _, params = item.partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        quality[name.strip()] = q
    best, best_q = None, 0.0
    for coding in sorted(offered, key=("br", "gzip").index):
        q = quality.get(coding, quality.get("*", 0.0))
        if q > best_q:
            best, best_q = coding, q
    return best


def _not_modified(headers: Headers, etag: str, modified: str) -> bool:
    if "if-none-match" in headers:
        wanted = {tag.strip().removeprefix("W/") for tag in headers["if-none-match"].split(",")}
        return "*" in wanted or etag in wanted
    if "if-modified-since" in headers:
        try:
            return parsedate_to_datetime(headers["if-modified-since"]) >= parsedate_to_datetime(
                modified
            )
        except (TypeError, ValueError):
            return False
    return False


@pass_context
def asset_url(context: dict, path: str) -> str:
    """Template global: `{{ asset('app.css') }}`, from the app the request came to."""
    return context["request"].app.state.assets.url(path)


class DynamicResponses:
    """Pages and JSON leave gzipped when the client takes it; pages are never cached stale.

    A page carries a CSRF token and the learner's own state, so it is `no-cache`. /static is
    left alone: it sends its own precompressed bytes and caching headers.
    """

    def __init__(self, app: ASGIApp, minimum_size: int = 1024) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=minimum_size, compresslevel=6)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return

        async def send_uncached(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.setdefault("cache-control", REVALIDATE)
            await send(message)

        await self.gzip(scope, receive, send_uncached)
