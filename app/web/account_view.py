"""The account page and what account forms share: the field cap, a field's text, and the
cross-site check a form post must pass.
"""

from __future__ import annotations

from typing import Any

import anyio
import anyio.to_thread
from fastapi import Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from app.store.exchange import (
    IMPORT_MAX_BYTES,
    kept_counts,
)
from app.store.identity import Who
from app.web.deps import identity_of, store_of
from app.web.render import render_page

MAX_FORM_FIELD = 4096  # a username, a password, a token, a path


def form_text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def csrf_refusal(request: Request, form: FormData) -> str | None:
    """Why a form post is refused as possibly cross-site (a message key), or None."""
    identity = identity_of(request)
    if identity.cookie is None:
        return "err_no_cookie"
    if identity.sessions is None or not identity.sessions.check_csrf(
        identity.cookie, form_text(form, "csrf_token")
    ):
        return "err_csrf"
    return None


async def render_account(
    request: Request,
    *,
    error: str | None = None,
    imported: dict[str, Any] | None = None,
    status: int = 200,
) -> Response:
    """The account page, with an error (already in the reader's language) or import counts."""
    who: Who = await identity_of(request).learner()
    store = store_of(request)
    kept = await anyio.to_thread.run_sync(lambda: kept_counts(store, who.learner_id))
    return render_page(
        request,
        "account.html",
        {
            "who": who,
            "kept": kept,
            "csrf_token": identity_of(request).csrf_token(),
            "error": error,
            "imported": imported,
            "import_mb": IMPORT_MAX_BYTES // (1024 * 1024),
        },
        status,
    )
