"""Pages: the Jinja environment, the versioned asset names, and render_page (a template in the
request's language, its account area filled in as it is sent).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates

from app.web import heat
from app.web.assets import asset_url
from app.web.i18n import COOKIE, LANGS, add_strings, pick_language, translator
from app.web.present import render_inline
from graders.properties import LABELS

ROOT = Path(__file__).resolve().parents[2]
templates = Jinja2Templates(directory=ROOT / "templates")
templates.env.globals.update(
    heat_cells=heat.cells,
    heat_scale=heat.scale_of,
    array_text=heat.array_text,
    shape_text=heat.shape_text,
    asset=asset_url,
)
templates.env.filters["md_inline"] = render_inline
# A property's words on the problem page, from its own module (graders.properties).
templates.env.globals["property_label"] = lambda kind, lang: getattr(LABELS[kind], lang)


# The problem page's tabs on a narrow screen (the Result tab reuses "result").
add_strings(
    {
        "ptab_label": {"zh": "题目、代码与结果", "en": "Statement, code and result"},
        "ptab_statement": {"zh": "题目", "en": "Statement"},
        "ptab_code": {"zh": "代码", "en": "Code"},
    }
)


@lru_cache(maxsize=1)
def vendor_manifest() -> dict[str, str]:
    """Versioned file names of the vendored editor and KaTeX (see scripts/build-assets)."""
    return json.loads((ROOT / "static" / "vendor" / "manifest.json").read_text())


async def account_of(request: Request) -> dict[str, Any]:
    """The top bar's account area: who the cookie names (one look-up, off the event loop)
    and the token its log-out form carries. No cookie, no look-up."""
    identity = getattr(request.state, "identity", None)
    if identity is None or identity.cookie is None:
        return {"username": None, "csrf_token": "", "role": "learner"}
    who = await identity.who()
    return {
        "username": who.username if who is not None else None,
        "csrf_token": identity.csrf_token() if who is not None else "",
        "role": who.role if who is not None else "learner",
    }


class _Page(Response):
    """A page rendered as it is sent, once the account area knows who is asking: the look-up
    is awaited there, so that render_page itself stays a plain function."""

    def __init__(self, request: Request, name: str, context: dict[str, Any], status: int) -> None:
        super().__init__(status_code=status, media_type="text/html")
        self.request, self.template_name, self.context = request, name, context

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        whole = not self.template_name.startswith("_")  # a fragment has no top bar
        context = {**self.context, "account": await account_of(self.request) if whole else None}
        page = templates.TemplateResponse(
            self.request, self.template_name, context, status_code=self.status_code
        )
        page.raw_headers.extend(  # what was set on this response: cookies, Retry-After
            (key, value)
            for key, value in self.raw_headers
            if key not in (b"content-length", b"content-type")
        )
        await page(scope, receive, send)


def render_page(
    request: Request, name: str, context: dict[str, Any], status: int = 200
) -> Response:
    """A template rendered in the request's language, with the UI strings and asset names."""
    lang = pick_language(request)
    response = _Page(
        request,
        name,
        {"lang": lang, "t": translator(lang), "vendor": vendor_manifest(), **context},
        status,
    )
    if request.query_params.get("lang") in LANGS:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response
