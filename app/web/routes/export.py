"""A learner's data exported as one JSON file, and such a file imported (the form on the
account page and `POST /api/me/import`; the document and its checks: app.store.exchange).

An import is the heaviest thing a learner can ask of a server, so it is guarded in the
order of what each step costs: an account first (nothing of a guest's body is read),
then SHOUSI_IMPORTS_PER_HOUR per account, then one import at a time in this replica; the
file is measured on its bytes before it is parsed (SHOUSI_IMPORT_MAX_VALUES and
SHOUSI_IMPORT_MAX_DEPTH), and parsing and storing run in a thread, off the event loop.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from starlette.datastructures import UploadFile

from app.store.exchange import (
    IMPORT_MAX_BYTES,
    ImportRefused,
    export_learner,
    import_learner,
    parse_export,
)
from app.store.quota import QuotaExceeded
from app.web.account_view import MAX_FORM_FIELD, csrf_refusal, render_account
from app.web.i18n import add_strings, pick_language, translator
from app.web.ratelimit import RateLimiter

router = APIRouter(tags=["accounts"])
HOUR = 3600.0
BUSY_RETRY_SECONDS = 5


class ImportDenied(Exception):
    """An import turned away before its file is read: a status, a message key, headers."""

    def __init__(self, status: int, key: str, wait: int | None = None) -> None:
        super().__init__(key)
        self.status, self.key = status, key
        self.headers = {"Retry-After": str(wait)} if wait is not None else {}
        self.minutes = max(1, -(-(wait or 0) // 60))


def _import_limiter(request: Request) -> RateLimiter:
    """This replica's count of imports per account (made on first use)."""
    state = request.app.state
    if getattr(state, "import_limits", None) is None:
        state.import_limits = RateLimiter(state.settings.imports_per_hour, HOUR)
    return state.import_limits


async def _admit(request: Request) -> int:
    """The account's learner id, once it may import now; else ImportDenied."""
    who = await request.state.identity.who()
    if who is None or who.username is None:
        raise ImportDenied(403, "import_needs_account")
    limiter, key = _import_limiter(request), str(who.learner_id)
    wait = limiter.retry_after(key)
    if wait is not None:
        raise ImportDenied(429, "import_too_often", wait)
    limiter.hit(key)
    return who.learner_id


async def _run_import(
    request: Request, learner_id: int, read: Callable[[], Awaitable[bytes]]
) -> dict[str, Any]:
    """Read the file and import it, alone in this replica (ImportDenied if another runs)."""
    raw = await read()
    state = request.app.state
    # One at a time: two 20 MB files parsed at once would double the peak memory. The
    # event loop is one thread, so the flag needs no lock.
    if getattr(state, "importing", False):
        raise ImportDenied(429, "import_busy", BUSY_RETRY_SECONDS)
    state.importing = True
    settings, store, bank = state.settings, state.store, state.bank

    def work() -> dict[str, Any]:
        parsed = parse_export(
            raw, max_values=settings.import_max_values, max_depth=settings.import_max_depth
        )
        unknown = sorted(p for p in parsed.problem_ids() if bank.get(p) is None)
        if unknown:
            shown = ", ".join(unknown[:10]) + (f" (+{len(unknown) - 10})" if unknown[10:] else "")
            raise ImportRefused(
                f"this server has no problem {shown}", f"这台服务器上没有这些题目：{shown}"
            )
        return import_learner(store, learner_id, parsed, settings.quota())

    try:
        return await anyio.to_thread.run_sync(work)
    finally:
        state.importing = False


@router.get("/api/me/export")
async def export(request: Request) -> Response:
    """Everything kept for this learner, as one JSON file (format shousi-learner-export, v1)."""
    who = await request.state.identity.who()
    store = request.app.state.store

    def build() -> bytes:
        document = export_learner(store, who.learner_id if who else None)
        return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    body = await anyio.to_thread.run_sync(build)
    owner = who.username if who is not None and who.username else "guest"
    name = f"shousi-{owner}-{datetime.now(UTC):%Y%m%d}.json"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/me/import", include_in_schema=False)
async def import_form(request: Request) -> Response:
    """The import form: an exported file, added to this account."""
    lang = pick_language(request)
    t = translator(lang)
    try:
        learner_id = await _admit(request)
    except ImportDenied as exc:
        return await _denied_page(request, exc)
    try:
        form = await request.form(max_files=1, max_fields=4, max_part_size=MAX_FORM_FIELD)
    except HTTPException:
        return await render_account(request, error=t("import_no_file"), status=400)
    try:
        refusal = csrf_refusal(request, form)
        upload = form.get("file")
        raw = None
        if not refusal and isinstance(upload, UploadFile) and upload.filename:
            raw = await upload.read(IMPORT_MAX_BYTES + 1)
    finally:
        await form.close()  # the upload's temporary file
    if refusal:
        return await render_account(request, error=t(refusal), status=403)
    if raw is None:
        return await render_account(request, error=t("import_no_file"), status=400)

    async def read() -> bytes:
        return raw

    try:
        counts = await _run_import(request, learner_id, read)
    except ImportDenied as exc:
        return await _denied_page(request, exc)
    except (ImportRefused, QuotaExceeded) as exc:
        reason = t("import_refused", reason=exc.say(lang))
        return await render_account(request, error=reason, status=exc.status)
    return await render_account(request, imported=counts)


async def _denied_page(request: Request, exc: ImportDenied) -> Response:
    t = translator(pick_language(request))
    page = await render_account(request, error=t(exc.key, minutes=exc.minutes), status=exc.status)
    page.headers.update(exc.headers)
    return page


@router.post(
    "/api/me/import",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object"}}},
        }
    },
)
async def import_json(request: Request) -> Any:
    """Add an exported document (the JSON body) to this account: counts added and skipped."""
    lang = pick_language(request)
    try:
        learner_id = await _admit(request)
        return await _run_import(request, learner_id, request.body)
    except ImportDenied as exc:
        message = translator(lang)(exc.key, minutes=exc.minutes)
        return JSONResponse({"detail": message}, exc.status, headers=exc.headers)
    except (ImportRefused, QuotaExceeded) as exc:
        return JSONResponse({"detail": exc.say(lang)}, exc.status)


add_strings(
    {
        "import_needs_account": {
            "zh": "导入需要账号：请先注册或登录。",
            "en": "Importing needs an account: sign up or log in first.",
        },
        "import_too_often": {
            "zh": "这个账号导入的次数太多了（SHOUSI_IMPORTS_PER_HOUR），请 {minutes} 分钟后再试。",
            "en": "Too many imports for this account (SHOUSI_IMPORTS_PER_HOUR); try again in "
            "{minutes} min.",
        },
        "import_busy": {
            "zh": "服务器正在处理另一次导入，请稍后再试。",
            "en": "An import is in progress on this server; try again in a few seconds.",
        },
    }
)
