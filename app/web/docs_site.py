"""The manual at /docs: the MkDocs site scripts/build-docs writes, served as static files.

Until the site is built, every /docs address answers a short page saying how to build it.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import anyio
from fastapi import FastAPI
from starlette.datastructures import MutableHeaders
from starlette.responses import HTMLResponse
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

from app.web.security import CONTENT_SECURITY_POLICY

ROOT = Path(__file__).resolve().parents[2]
BUILT_DIR = ROOT / "build" / "docs"  # where scripts/build-docs writes by default
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)

NOT_BUILT = """<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>手册尚未构建 · The manual is not built</title></head>
<body>
<h1>手册尚未构建 · The manual is not built</h1>
<p>在 Shousi 的文件夹里运行 <code>scripts/build-docs</code>，再打开本页（<code>scripts/setup</code>
和 <code>scripts/serve</code> 也会运行它）。</p>
<p lang="en">Run <code>scripts/build-docs</code> in Shousi's folder, then open this page again
(<code>scripts/setup</code> and <code>scripts/serve</code> run it too).
<code>SHOUSI_DOCS_DIR</code> names the folder the site is served from.</p>
<p><a href="/">手撕 Shousi</a></p>
</body>
</html>
"""


def mount_docs(app: FastAPI, folder: Path | None) -> None:
    """Serve the built manual in `folder` (default build/docs) at /docs."""
    app.mount("/docs", DocsSite(folder or BUILT_DIR), name="docs")


class DocsSite:
    """The site's files, under a policy that admits its own inline scripts by hash."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.files = StaticFiles(directory=folder, html=True, check_dir=False)
        self.policy: tuple[int, str] | None = None  # (index.html's mtime, the policy)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        index = self.folder / "index.html"
        try:
            built = index.stat().st_mtime_ns
        except OSError:
            await HTMLResponse(NOT_BUILT, status_code=404)(scope, receive, send)
            return
        if self.policy is None or self.policy[0] != built:  # read once per build, off the loop
            self.policy = (built, await anyio.to_thread.run_sync(self._read_policy))
        policy = self.policy[1]

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message)["content-security-policy"] = policy
            await send(message)

        await self.files(scope, receive, send_with_policy)

    def _read_policy(self) -> str:
        """The app's policy, with the hash of each inline script the built pages hold.

        Material's pages carry a few small inline scripts (its storage helpers, the colour
        scheme read before the page paints). Allowing exactly those by their SHA-256, and on
        /docs alone, keeps `script-src 'self'` everywhere else and no 'unsafe-inline' here.
        """
        hashes = sorted(
            {
                base64.b64encode(hashlib.sha256(script).digest()).decode()
                for page in self.folder.glob("*.html")
                for script in INLINE_SCRIPT.findall(page.read_bytes())
            }
        )
        allowed = " ".join(f"'sha256-{digest}'" for digest in hashes)
        return CONTENT_SECURITY_POLICY.replace(
            "script-src 'self'", f"script-src 'self' {allowed}".rstrip(), 1
        )
