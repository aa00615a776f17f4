"""Headers every response carries, pages, API and static files alike: a Content-Security-
Policy, no MIME sniffing, and no framing by other sites."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        # Every script is a file under /static: no inline script or handler runs, so an
        # injected <script> or onclick= would not either.
        "script-src 'self'",
        # Inline styles are allowed: CodeMirror 6 writes its theme into a <style> element it
        # makes at run time, and the pages set computed widths and shades in style
        # attributes (progress bars, heat maps). Styles cannot run code.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",  # CodeMirror draws some marks as data: SVG
        "font-src 'self'",  # KaTeX's fonts, served from /static
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
]


class SecurityHeaders:
    """Add `HEADERS` to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS:
                    headers.setdefault(name.decode(), value.decode())
            await send(message)

        await self.app(scope, receive, send_with_headers)
