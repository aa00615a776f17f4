"""Instructors' problems from the browser: upload, validation report, preview, publish.

`/admin/problems` lists the uploaded problems and takes a new archive (.zip or .tar.gz of
one problem folder). The archive is checked whole first (app.authoring.archive); the
problem is then validated in a contained process (app.authoring.contained) in the
background, and its page refreshes until the report is in. A valid problem can be
previewed exactly as candidates will see it and published; every replica serves it within
seconds (app.authoring.published), and stops when it is unpublished. Instructors change only
their own problems; admins any. The JSON API under /api/authoring does the same.
"""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import UploadFile

from app.authoring.archive import MAX_ARCHIVE_BYTES, ArchiveError, check
from app.authoring.contained import validate_contained
from app.authoring.published import unpack_and_load
from app.bank import Bank
from app.store import Store, authored
from app.store.identity import Who
from app.web.i18n import add_strings
from app.web.present import problem_context
from app.web.render import render_page

router = APIRouter(tags=["authoring"])
log = logging.getLogger("shousi.authoring")
AUTHORS = ("instructor", "admin")
UPLOAD_PATHS = ("/admin/problems", "/api/authoring/problems")
_checking = threading.Semaphore(1)  # one contained validation at a time per replica
_previews: dict[tuple[str, str], Any] = {}  # (id, sha) -> loaded Problem


async def _author(request: Request) -> Who:
    who = await request.state.identity.who()
    if who is None or who.role not in AUTHORS:
        raise HTTPException(403, "only an instructor or an admin may do this")
    return who


def _store(request: Request) -> Store:
    return request.app.state.store


def _check_token(request: Request, token: object) -> None:
    identity = request.state.identity
    if identity.cookie is None or not (
        isinstance(token, str) and identity.sessions.check_csrf(identity.cookie, token)
    ):
        raise HTTPException(403, "this form has expired or came from another site: reload it")


def validate_in_background(store: Store, problem_id: str, archive: bytes, sha: str) -> None:
    """Validate the upload in a contained process (one at a time), then keep the report."""

    def run() -> None:
        with _checking, tempfile.TemporaryDirectory(prefix="shousi-upload-") as staging:
            try:
                folder = check(archive).write(Path(staging))
                outcome = validate_contained(folder)
                report = {
                    "ok": outcome.ok,
                    "summary": outcome.summary(),
                    "stopped": outcome.stopped,
                    "output": outcome.output,
                }
            except Exception as exc:  # noqa: BLE001 - reported to the author, never lost
                log.exception("validation of %s failed to run", problem_id)
                report = {"ok": False, "summary": f"could not validate: {exc}", "output": ""}
            authored.record_check(store, problem_id, sha, report["ok"], report)

    threading.Thread(target=run, name=f"validate-{problem_id}", daemon=True).start()


async def _receive(request: Request, who: Who, upload: object) -> dict[str, Any]:
    """Check an uploaded archive and keep it; the stored problem (validation started)."""
    if not isinstance(upload, UploadFile):
        raise HTTPException(422, "choose a .zip or .tar.gz file to upload")
    data = await upload.read(MAX_ARCHIVE_BYTES + 1)
    try:
        unpacked = check(data)
    except ArchiveError as exc:
        raise HTTPException(422, f"archive refused: {exc}") from None
    if unpacked.problem_id in request.app.state.live.builtin:
        raise HTTPException(409, f"{unpacked.problem_id!r} is one of the server's own problems")
    store = _store(request)
    try:
        row = await anyio.to_thread.run_sync(
            authored.upload, store, who.learner_id, who.role, unpacked.problem_id, data
        )
    except authored.AuthoringError as exc:
        raise HTTPException(exc.status, str(exc)) from None
    validate_in_background(store, unpacked.problem_id, data, row["sha256"])
    return row


# --- pages ---


@router.get("/admin/problems", include_in_schema=False)
async def problems_page(request: Request) -> Response:
    """The upload form and every uploaded problem with its status."""
    who = await request.state.identity.who()
    if who is None or who.username is None:
        return RedirectResponse("/login?next=/admin/problems", status_code=303)
    if who.role not in AUTHORS:
        return render_page(request, "admin_denied.html", {}, 403)
    return await _list_page(request)


async def _list_page(request: Request, error: str | None = None, status: int = 200) -> Response:
    rows = await anyio.to_thread.run_sync(authored.listing, _store(request))
    return render_page(
        request,
        "authoring_list.html",
        {
            "rows": rows,
            "csrf_token": request.state.identity.csrf_token(),
            "error": error,
            "max_mb": MAX_ARCHIVE_BYTES >> 20,
        },
        status,
    )


@router.post("/admin/problems", include_in_schema=False)
async def upload_form(request: Request) -> Response:
    """The upload form: check, keep, start validating, then show the problem's page."""
    async with request.form(
        max_files=1, max_fields=2, max_part_size=MAX_ARCHIVE_BYTES + 1
    ) as form:  # closed after: the upload's temporary file goes with it
        _check_token(request, form.get("csrf_token"))
        who = await _author(request)
        try:
            row = await _receive(request, who, form.get("archive"))
        except HTTPException as exc:
            return await _list_page(request, error=str(exc.detail), status=exc.status_code)
    return RedirectResponse(f"/admin/problems/{row['problem']}", status_code=303)


@router.get("/admin/problems/{problem_id}", include_in_schema=False)
async def problem_status_page(request: Request, problem_id: str) -> Response:
    """One upload: its status, validation report, preview link and publish form."""
    await _author(request)
    row = await anyio.to_thread.run_sync(authored.one, _store(request), problem_id)
    if row is None:
        raise HTTPException(404, f"no uploaded problem {problem_id!r}")
    return render_page(
        request,
        "authoring_problem.html",
        {"row": row, "csrf_token": request.state.identity.csrf_token()},
    )


@router.post("/admin/problems/{problem_id}/publish", include_in_schema=False)
async def publish_form(request: Request, problem_id: str) -> Response:
    """Publish or unpublish (form field `published`: 1 or 0)."""
    form = await request.form(max_files=0, max_fields=2, max_part_size=64)
    _check_token(request, form.get("csrf_token"))
    who = await _author(request)
    await _publish(request, who, problem_id, form.get("published") == "1")
    return RedirectResponse(f"/admin/problems/{problem_id}", status_code=303)


async def _publish(request: Request, who: Who, problem_id: str, on: bool) -> dict[str, Any]:
    try:
        row = await anyio.to_thread.run_sync(
            authored.publish, _store(request), who.learner_id, who.role, problem_id, on
        )
    except authored.AuthoringError as exc:
        raise HTTPException(exc.status, str(exc)) from None
    # This replica at once; the others within their next sync.
    await anyio.to_thread.run_sync(request.app.state.live.sync)
    return row


@router.get("/admin/problems/{problem_id}/preview", include_in_schema=False)
async def preview_page(request: Request, problem_id: str) -> Response:
    """The problem page exactly as candidates will see it (a valid upload only)."""
    await _author(request)
    store = _store(request)
    row = await anyio.to_thread.run_sync(authored.one, store, problem_id)
    if row is None:
        raise HTTPException(404, f"no uploaded problem {problem_id!r}")
    if row["status"] != "valid":
        raise HTTPException(409, "a preview is shown once the problem validates")
    problem = await anyio.to_thread.run_sync(_preview_problem, request, problem_id)
    context = problem_context(
        request, Bank(problems={problem.id: problem}), request.app.state.settings, problem_id
    )
    context.update(mock=None, review_due=None, preview=row)
    return render_page(request, "problem.html", context)


def _preview_problem(request: Request, problem_id: str) -> Any:
    found = authored.archive_of(_store(request), problem_id)
    if found is None:
        raise HTTPException(404, f"no uploaded problem {problem_id!r}")
    archive, sha = found
    key = (problem_id, sha)
    if key not in _previews:
        folder = Path(request.app.state.settings.data_dir) / "authored" / "preview"
        try:
            _previews[key] = unpack_and_load(folder, archive, sha)
        except Exception as exc:  # noqa: BLE001 - the author is told why, in the answer
            raise HTTPException(422, f"the problem cannot be shown: {exc}") from None
    return _previews[key]


# --- JSON API ---


@router.post("/api/authoring/problems")
async def api_upload(request: Request) -> dict[str, Any]:
    """Upload a problem archive (multipart field `archive`); validation starts at once."""
    who = await _author(request)
    async with request.form(max_files=1, max_fields=2, max_part_size=MAX_ARCHIVE_BYTES + 1) as form:
        return await _receive(request, who, form.get("archive"))


@router.get("/api/authoring/problems")
async def api_list(request: Request) -> list[dict[str, Any]]:
    """Every uploaded problem, newest change first, with status and report."""
    await _author(request)
    return await anyio.to_thread.run_sync(authored.listing, _store(request))


@router.get("/api/authoring/problems/{problem_id}")
async def api_one(request: Request, problem_id: str) -> dict[str, Any]:
    """One uploaded problem: status (checking, valid, invalid), published, report."""
    await _author(request)
    row = await anyio.to_thread.run_sync(authored.one, _store(request), problem_id)
    if row is None:
        raise HTTPException(404, f"no uploaded problem {problem_id!r}")
    return row


@router.put("/api/authoring/problems/{problem_id}/published")
async def api_publish(request: Request, problem_id: str) -> dict[str, Any]:
    """Body `{"published": true | false}`; only a valid problem can be published."""
    who = await _author(request)
    try:
        body = await request.json()
    except ValueError:
        raise HTTPException(422, 'send JSON: {"published": true}') from None
    on = body.get("published") if isinstance(body, dict) else None
    if not isinstance(on, bool):
        raise HTTPException(422, '"published" must be true or false')
    return await _publish(request, who, problem_id, on)


add_strings(
    {
        "nav_authoring": {"zh": "出题", "en": "Authoring"},
        "authoring_title": {
            "zh": "出题：上传、检查、发布",
            "en": "Authoring: upload, check, publish",
        },
        "authoring_intro": {
            "zh": "把一道题的文件夹打包成 .zip 或 .tar.gz 上传（最大 {max_mb} MiB）。"
            "上传后会在独立进程里跑一遍完整校验：参考实现必须通过、初始代码必须是干净的错误答案、"
            "每个已知错误都要被抓到并说出名字。校验通过才能预览和发布，发布后所有副本几秒内生效。"
            "新题可以用 shousi problems new 生成骨架。",
            "en": "Upload one problem folder as a .zip or .tar.gz (at most {max_mb} MiB). It is "
            "then validated in a process of its own: the reference must be accepted, the "
            "starter must be a clean wrong answer, and each known mistake must be caught and "
            "named. Only a problem that validates can be previewed and published; every "
            "replica serves it within seconds. shousi problems new makes a folder to start "
            "from.",
        },
        "authoring_file": {"zh": "题目压缩包", "en": "Problem archive"},
        "authoring_upload": {"zh": "上传并校验", "en": "Upload and validate"},
        "authoring_none": {"zh": "还没有上传过题目。", "en": "Nothing uploaded yet."},
        "authoring_problem": {"zh": "题目", "en": "Problem"},
        "authoring_status": {"zh": "状态", "en": "Status"},
        "authoring_updated": {"zh": "更新于", "en": "Updated"},
        "authoring_status_checking": {"zh": "校验中…", "en": "Validating…"},
        "authoring_status_valid": {"zh": "校验通过，未发布", "en": "Valid, not published"},
        "authoring_status_invalid": {"zh": "校验未通过", "en": "Not valid"},
        "authoring_status_published": {"zh": "已发布", "en": "Published"},
        "authoring_report": {"zh": "校验报告", "en": "Validation report"},
        "authoring_summary_valid": {
            "zh": "全部检查通过，可以预览和发布。",
            "en": "Every check passed: it can be previewed and published.",
        },
        "authoring_summary_invalid": {
            "zh": "有检查没通过，见下面的报告；改好后重新上传。",
            "en": "Some checks failed (see the report below); fix them and upload again.",
        },
        "authoring_summary_timeout": {
            "zh": "校验超时被终止：参考实现或 cases.py 是不是死循环了？",
            "en": "Stopped: validation ran out of time. Does the reference or cases.py loop "
            "forever?",
        },
        "authoring_summary_memory": {
            "zh": "校验占用内存超限被终止：cases.py 或参考实现是不是构造了过大的数据？",
            "en": "Stopped: validation needed more memory than allowed. Does cases.py or the "
            "reference build something too large?",
        },
        "authoring_summary_crashed": {
            "zh": "校验进程在出报告前崩溃了，见下面的输出。",
            "en": "Validation crashed before it could report; see its output below.",
        },
        "authoring_checking_note": {
            "zh": "正在独立进程里校验，通常要半分钟左右，本页会自动刷新。",
            "en": "Validating in a process of its own, usually about half a minute; this page "
            "refreshes by itself.",
        },
        "authoring_preview": {"zh": "按学员看到的样子预览", "en": "Preview as candidates see it"},
        "authoring_publish": {"zh": "发布", "en": "Publish"},
        "authoring_unpublish": {"zh": "取消发布", "en": "Unpublish"},
        "authoring_published_note": {
            "zh": "学员现在可以在题目列表里看到它：",
            "en": "Candidates see it in the problem list now:",
        },
        "authoring_back": {"zh": "← 全部上传的题目", "en": "← All uploaded problems"},
        "authoring_preview_banner": {
            "zh": "预览：学员看到的就是这个页面。发布之后才能运行和提交。",
            "en": "Preview: this is the page candidates will see. Run and Submit work once it "
            "is published.",
        },
    }
)
