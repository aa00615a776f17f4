"""A learner's own data over HTTP: submission history, progress, drafts.

Everything here reads or writes only the rows of the learner behind the request's cookie:
another learner's submission id is a 404, exactly like one that does not exist.
"""

from __future__ import annotations

import difflib
import json
from datetime import UTC, datetime
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response

from app.bank.model import TOPICS
from app.limits import MAX_CODE_BYTES
from app.store import Store
from app.store import history as stored
from app.web.deps import BankDep, ProblemDep, RowId, RowIdQuery
from app.web.i18n import add_strings, pick_language, translator
from app.web.identity import Identity
from app.web.pages import render_page

router = APIRouter(tags=["learner"])
MAX_DRAFT_BODY = 4 * MAX_CODE_BYTES


def identity_of(request: Request) -> Identity:
    """The request's Identity (set by IdentityMiddleware)."""
    return request.state.identity


def store_of(request: Request) -> Store:
    """The learner-state database."""
    return request.app.state.store


@router.get("/api/submissions")
async def list_submissions(
    request: Request,
    bank: BankDep,
    problem: Annotated[str | None, Query(max_length=128)] = None,
    limit: Annotated[int, Query(ge=1, le=stored.HISTORY_LIMIT)] = 50,
) -> list[dict[str, Any]]:
    """The learner's own submissions, newest first (to one problem with ?problem=ID)."""
    if problem is not None and bank.get(problem) is None:
        raise HTTPException(404, f"unknown problem {problem!r}")
    who = await identity_of(request).who()
    if who is None:
        return []
    return await anyio.to_thread.run_sync(
        lambda: stored.history(store_of(request), who.learner_id, problem, limit)
    )


@router.get("/api/submissions/{submission_id}")
async def get_submission(request: Request, submission_id: RowId) -> dict[str, Any]:
    """One of the learner's submissions: its code and its whole result document."""
    who = await identity_of(request).who()
    found = None
    if who is not None:
        lang = pick_language(request)
        found = await anyio.to_thread.run_sync(
            lambda: stored.submission(store_of(request), who.learner_id, submission_id, lang)
        )
    if found is None:
        raise HTTPException(404, f"no submission {submission_id} of yours")
    return found


@router.get("/api/progress")
async def get_progress(request: Request, bank: BankDep) -> dict[str, Any]:
    """Solved and attempted problems (also per topic), the day streak, recent activity."""
    topics = {problem.id: problem.meta.topic for problem in bank.ordered()}
    who = await identity_of(request).who()
    if who is None:
        return {
            "solved": [],
            "attempted": [],
            "per_topic": stored.empty_topics(topics),
            "streak": 0,
            "active_days": 0,
            "recent": [],
        }
    return await anyio.to_thread.run_sync(
        lambda: stored.progress(store_of(request), who.learner_id, topics)
    )


@router.get("/api/problems/{problem_id}/draft")
async def get_draft(request: Request, problem: ProblemDep) -> dict[str, Any]:
    """The learner's saved draft: {"code", "updated_at"}; 404 if none was saved."""
    who = await identity_of(request).who()
    found = None
    if who is not None:
        found = await anyio.to_thread.run_sync(
            lambda: stored.draft(store_of(request), who.learner_id, problem.id)
        )
    if found is None:
        raise HTTPException(404, f"no draft saved for {problem.id!r}")
    return found


@router.put(
    "/api/problems/{problem_id}/draft",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["code"],
                        "properties": {"code": {"type": "string", "maxLength": MAX_CODE_BYTES}},
                    }
                }
            },
        }
    },
)
async def put_draft(request: Request, problem: ProblemDep) -> Any:
    """Save the learner's draft for a problem (the page does it as the candidate types)."""
    body = await request.body()
    code = _draft_code(body)
    if isinstance(code, HTTPException):
        raise code
    who = await identity_of(request).learner()
    quota = request.app.state.settings.quota()
    return await anyio.to_thread.run_sync(
        lambda: stored.save_draft(store_of(request), who.learner_id, problem.id, code, quota)
    )


def _draft_code(body: bytes) -> str | HTTPException:
    if len(body) > MAX_DRAFT_BODY:
        return HTTPException(413, f"request body is larger than {MAX_DRAFT_BODY} bytes")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return HTTPException(422, 'request body must be JSON: {"code": "..."}')
    code = data.get("code") if isinstance(data, dict) else None
    if not isinstance(code, str):
        return HTTPException(422, '"code" is required and must be a string')
    try:
        size = len(code.encode("utf-8"))
    except UnicodeEncodeError:
        return HTTPException(422, '"code" is not valid UTF-8 (it contains a lone surrogate)')
    if size > MAX_CODE_BYTES:
        return HTTPException(422, f'"code" is {size} bytes; the limit is {MAX_CODE_BYTES} bytes')
    return code


# --- Pages: the history of one problem, and the progress page (server-rendered). ---

add_strings(
    {
        "hist_tab_statement": {"zh": "题目", "en": "Statement"},
        "next_problem": {"zh": "下一题", "en": "Next problem"},
        "hist_tab": {"zh": "提交记录", "en": "History"},
        "hist_title": {"zh": "提交记录：{title}", "en": "History: {title}"},
        "hist_back": {"zh": "← 回到题目", "en": "← Back to the problem"},
        "hist_empty": {
            "zh": "还没有提交过这道题。点“运行”或“提交”后，每一次都会记在这里。",
            "en": "No attempts yet. Every Run and Submit of this problem is kept here.",
        },
        "hist_pick": {
            "zh": "点一条记录，查看当时的代码、与上一次的差异和评测结果。",
            "en": "Pick an attempt to see its code, its diff against the one before, "
            "and its result.",
        },
        "hist_count": {"zh": "共 {count} 次", "en": "{count} attempts"},
        "hist_mode_run": {"zh": "运行", "en": "Run"},
        "hist_mode_submit": {"zh": "提交", "en": "Submit"},
        "hist_pending": {"zh": "评测中…", "en": "grading…"},
        "hist_interrupted": {"zh": "评测中断", "en": "interrupted"},
        "hist_not_graded": {"zh": "未评测", "en": "not graded"},
        "hist_imported": {"zh": "导入", "en": "imported"},
        "hist_imported_title": {
            "zh": "从导出文件导入：它的结果是文件里写的，不算在这台服务器上通过",
            "en": "Brought in from an export file: its result is the file's word, so it does "
            "not count as solved here",
        },
        "hist_attempt": {"zh": "第 {n} 次", "en": "Attempt {n}"},
        "hist_just_now": {"zh": "刚刚", "en": "just now"},
        "hist_minutes_ago": {"zh": "{n} 分钟前", "en": "{n} min ago"},
        "hist_hours_ago": {"zh": "{n} 小时前", "en": "{n} h ago"},
        "hist_days_ago": {"zh": "{n} 天前", "en": "{n} days ago"},
        "hist_diff": {
            "zh": "与上一次（第 {n} 次）相比：+{added} −{removed} 行",
            "en": "Against the previous attempt ({n}): +{added} −{removed} lines",
        },
        "hist_diff_same": {
            "zh": "代码与上一次（第 {n} 次）完全相同。",
            "en": "Same code as the previous attempt ({n}).",
        },
        "hist_diff_first": {
            "zh": "这是第一次尝试，没有可以比较的上一次。",
            "en": "The first attempt: there is nothing before it to compare with.",
        },
        "hist_unchanged": {"zh": "… {n} 行未改动 …", "en": "… {n} unchanged lines …"},
        "hist_code": {"zh": "当时的代码", "en": "The code"},
        "hist_load": {"zh": "载入编辑器", "en": "Load into editor"},
        "hist_load_confirm": {
            "zh": "编辑器里有还没运行或提交过的改动。载入这次的代码吗？"
            "（当前内容会先存为草稿，可以撤销。）",
            "en": "The editor has changes you have not run or submitted. Load this attempt's "
            "code? (What is there now is kept as a draft first, and you can undo.)",
        },
        "hist_loaded": {
            "zh": "已载入第 {n} 次的代码。",
            "en": "Loaded the code of attempt {n}.",
        },
        "hist_undo": {"zh": "撤销", "en": "Undo"},
        "hist_grading_wait": {
            "zh": "还在评测，结果出来后这里会自动更新。",
            "en": "Still grading: this updates when the result is in.",
        },
        "hist_all": {"zh": "在单独页面查看全部记录", "en": "Open the history on its own page"},
        "draft_saved_at": {"zh": "草稿已保存于 {time}", "en": "Draft saved at {time}"},
        "draft_saving": {"zh": "正在保存草稿…", "en": "Saving the draft…"},
        "draft_offline": {
            "zh": "离线：草稿只保存在本浏览器",
            "en": "Offline: the draft is kept in this browser only",
        },
        "draft_from_server": {
            "zh": "已载入服务器上较新的草稿（{time}）。",
            "en": "Loaded the newer draft saved on the server ({time}).",
        },
        "draft_keep_local": {
            "zh": "改用本浏览器里的版本",
            "en": "Use this browser's version instead",
        },
        "progress_title": {"zh": "我的进度", "en": "Your progress"},
        "progress_solved": {"zh": "已通过", "en": "Solved"},
        "progress_attempted": {"zh": "做过", "en": "Attempted"},
        "progress_of_total": {
            "zh": "{solved} / {total} 道题已通过",
            "en": "{solved} of {total} problems solved",
        },
        "progress_streak": {"zh": "连续练习天数", "en": "Day streak"},
        "progress_active_days": {"zh": "练习过的天数", "en": "Active days"},
        "progress_by_topic": {"zh": "按主题", "en": "By topic"},
        "progress_topic": {"zh": "主题", "en": "Topic"},
        "progress_total": {"zh": "题数", "en": "Problems"},
        "progress_unfinished": {"zh": "做过但还没通过：", "en": "Tried, not solved yet:"},
        "progress_recent": {"zh": "最近的提交", "en": "Recent activity"},
        "progress_nothing": {
            "zh": "还没有任何记录。打开一道题，点“运行”或“提交”，进度就从这里开始。",
            "en": "Nothing here yet. Open a problem and press Run or Submit: your progress "
            "starts there.",
        },
        "progress_streak_note": {
            "zh": "按 UTC 日期计算：今天或昨天有提交，连续天数就还在。",
            "en": "Counted in UTC days: the streak holds while today or yesterday has an attempt.",
        },
        "progress_removed": {"zh": "（已从题库移除）", "en": "(no longer in the bank)"},
    }
)

CONTEXT_LINES = 3  # unchanged lines shown around each change in a diff


def line_diff(before: str, after: str) -> dict[str, Any]:
    """Rows of a line diff from `before` to `after`, long unchanged runs folded.

    Each row is {"op": " ", "-", "+" or "…", "old", "new", "text"}; "…" rows carry the
    number of folded lines in "skipped".
    """
    old, new = before.splitlines(), after.splitlines()
    rows: list[dict[str, Any]] = []
    added = removed = 0
    opcodes = difflib.SequenceMatcher(None, old, new).get_opcodes()
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            keep = [(i1 + k, j1 + k) for k in range(i2 - i1)]
            head = keep[:CONTEXT_LINES] if index > 0 else []
            tail = keep[-CONTEXT_LINES:] if index < len(opcodes) - 1 else []
            if len(opcodes) == 1 or len(head) + len(tail) + 1 >= len(keep):
                # Nothing changed (all is shown), or folding would hide a line or none.
                head, tail = keep, []
            for i, j in head:
                rows.append({"op": " ", "old": i + 1, "new": j + 1, "text": old[i]})
            skipped = len(keep) - len(head) - len(tail)
            if skipped:
                rows.append({"op": "…", "skipped": skipped})
            for i, j in tail:
                rows.append({"op": " ", "old": i + 1, "new": j + 1, "text": old[i]})
            continue
        for i in range(i1, i2):
            rows.append({"op": "-", "old": i + 1, "new": None, "text": old[i]})
        for j in range(j1, j2):
            rows.append({"op": "+", "old": None, "new": j + 1, "text": new[j]})
        removed += i2 - i1
        added += j2 - j1
    return {"rows": rows, "added": added, "removed": removed}


def time_ago(moment: str | None, t: Any, now: datetime | None = None) -> str:
    """How long ago an ISO time was, in the page's language."""
    if not moment:
        return ""
    then = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    seconds = ((now or datetime.now(UTC)) - then).total_seconds()
    if seconds < 60:
        return t("hist_just_now")
    if seconds < 3600:
        return t("hist_minutes_ago", n=int(seconds // 60))
    if seconds < 86400:
        return t("hist_hours_ago", n=int(seconds // 3600))
    return t("hist_days_ago", n=int(seconds // 86400))


def _numbered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows (newest first) with their attempt number, counting from the oldest."""
    return [{**row, "n": len(rows) - index} for index, row in enumerate(rows)]


def _history_view(
    store: Store, learner_id: int | None, problem_id: str, attempt: int | None, lang: str
) -> dict[str, Any] | None:
    """The attempt list and the chosen attempt with its diff; None if the attempt is not
    one of this learner's attempts at this problem."""
    rows = _numbered(stored.history(store, learner_id, problem_id)) if learner_id else []
    if attempt is None:
        return {"rows": rows, "selected": None}
    position = next((i for i, row in enumerate(rows) if row["id"] == attempt), None)
    if position is None:
        return None
    whole = stored.submission(store, learner_id, attempt, lang)
    if whole is None:
        return None
    selected = {**whole, "n": rows[position]["n"], "previous": None, "diff": None}
    if position + 1 < len(rows):
        before = stored.submission(store, learner_id, rows[position + 1]["id"], lang)
        if before is not None:
            selected["previous"] = rows[position + 1]
            selected["diff"] = line_diff(before["code"], whole["code"])
    return {"rows": rows, "selected": selected}


@router.get("/problems/{problem_id}/history", include_in_schema=False)
async def history_page(
    request: Request,
    problem: ProblemDep,
    attempt: RowIdQuery = None,
    partial: Annotated[str, Query(max_length=8)] = "",
) -> Response:
    """The learner's attempts at a problem; ?attempt=ID shows one, with its diff.

    ?partial=1 answers only the panel, which the problem page's History tab shows.
    """
    who = await identity_of(request).who()
    lang = pick_language(request)
    view = await anyio.to_thread.run_sync(
        lambda: _history_view(
            store_of(request), who.learner_id if who else None, problem.id, attempt, lang
        )
    )
    if view is None:
        raise HTTPException(404, f"no attempt {attempt} of yours at {problem.id!r}")
    context = {"problem": problem, "meta": problem.meta, "ago": time_ago, **view}
    return render_page(request, "_history.html" if partial else "history.html", context)


@router.get("/problems/{problem_id}/history/{submission_id}/result", include_in_schema=False)
async def attempt_result(
    request: Request, problem: ProblemDep, bank: BankDep, submission_id: RowId
) -> Response:
    """One attempt's result as the problem page shows it after a Run or Submit."""
    who = await identity_of(request).who()
    lang = pick_language(request)
    found = None
    if who is not None:
        found = await anyio.to_thread.run_sync(
            lambda: stored.submission(store_of(request), who.learner_id, submission_id, lang)
        )
    if found is None or found["problem"] != problem.id:
        raise HTTPException(404, f"no attempt {submission_id} of yours at {problem.id!r}")
    if found["status"] != "done":
        message = (found["result"] or {}).get("message") or translator(lang)("hist_pending")
        return render_page(request, "_result.html", {"result": None, "error": message})
    result, following = found["result"], bank.following(problem.id)
    if found.get("mock") is not None:  # interview mode: no attention view, no way onwards
        result, following = {**result, "attention": None}, None
    context = {"result": result, "error": None, "next_problem": following}
    return render_page(request, "_result.html", context)


@router.get("/progress", include_in_schema=False)
async def progress_page(request: Request, bank: BankDep) -> Response:
    """Solved and attempted problems per topic, the streak, recent activity."""
    data = await get_progress(request, bank)
    problems = bank.ordered()
    solved, attempted = set(data["solved"]), set(data["attempted"])
    topics = [
        {
            "topic": topic,
            **data["per_topic"][topic],
            "unfinished": [
                p for p in problems if p.meta.topic == topic and p.id in attempted - solved
            ],
        }
        for topic in TOPICS
        if topic in data["per_topic"]
    ]
    context = {
        **data,
        "topics": topics,
        "total": len(problems),
        "solved_in_bank": sum(p.id in solved for p in problems),
        "titles": {p.id: p.meta.title for p in problems},
        "ago": time_ago,
    }
    return render_page(request, "progress.html", context)
