"""Submissions: grading (JSON, and the page's form with or without JavaScript), custom runs,
the learner's own submissions and a problem's history.

Everything here reads or writes only the rows of the learner behind the request's cookie:
another learner's submission id is a 404, exactly like one that does not exist.
"""

from __future__ import annotations

import difflib
import functools
import json
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from app.bank import Problem
from app.judge.custom import (
    MAX_ARRAY_ELEMENTS,
    CustomInputError,
    parse_custom,
    run_custom,
)
from app.limits import MAX_CODE_BYTES
from app.store import Store, mock
from app.store import history as stored
from app.store.quota import QuotaExceeded
from app.web.bodies import (
    CODE_FIELD,
    CUSTOM_MAX_BODY_BYTES,
    REQUEST_KEY,
    json_request,
    parse_custom_body,
    parse_submission,
    unprocessable,
)
from app.web.deps import (
    BankDep,
    PoolDep,
    ProblemDep,
    RowId,
    RowIdQuery,
    SettingsDep,
    grade_and_keep,
    identity_of,
    run_limited,
    store_of,
)
from app.web.i18n import add_strings, pick_language, translator
from app.web.present import problem_context, time_ago
from app.web.render import render_page
from graders.case import Case

router = APIRouter()
CSRF_HEADER = "X-CSRF-Token"  # on the page's fragments: the token for its next form post


@router.post(
    "/api/problems/{problem_id}/submissions",
    openapi_extra={
        "requestBody": json_request(
            ["code"],
            {
                "code": CODE_FIELD,
                "mode": {
                    "type": "string",
                    "enum": ["run", "submit"],
                    "default": "submit",
                },
            },
        ),
        "parameters": [
            {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "description": "A new random key per submission (1-64 letters, digits, "
                "'.', '_', '-'). The same request sent again with it is the same "
                "submission: its result once graded, never a second one.",
                "schema": {"type": "string", "maxLength": 64},
            }
        ],
    },
    tags=["api"],
)
async def submit(
    request: Request, problem: ProblemDep, pool: PoolDep, settings: SettingsDep
) -> Any:
    """Grade code: mode 'run' uses the sample cases, 'submit' every case."""
    parsed = parse_submission(await request.body())
    if isinstance(parsed, str):
        return unprocessable(parsed)
    code, mode, mock_id = parsed
    request_key = request.headers.get("idempotency-key")
    if request_key is not None and not REQUEST_KEY.fullmatch(request_key):
        return unprocessable(
            "Idempotency-Key must be 1-64 letters, digits, '.', '_' or '-' (one per request)"
        )
    try:
        _, submission_id, document = await grade_and_keep(
            request=request,
            problem=problem,
            code=code,
            mode=mode,
            pool=pool,
            settings=settings,
            mock_id=mock_id,
            request_key=request_key,
        )
    except (mock.MockError, stored.KeyReused) as exc:
        return unprocessable(str(exc))
    # Already plain JSON types: skip FastAPI's generic (and slow) jsonable_encoder pass.
    # Messages follow the page's language: the language cookie, else Accept-Language.
    answer = stored.in_language(document, pick_language(request)) or {}
    return JSONResponse({**answer, "submission_id": submission_id})


_ARRAY_SCHEMA = {
    "description": (
        "A number or true/false (scalar argument), a nested list (array), "
        '{"randn": [shape], "seed": n} or {"values": [...], "dtype": "bool" | "int64" | '
        f'"float32" | "float64"}}; at most {MAX_ARRAY_ELEMENTS} elements per array.'
    ),
}


@router.post(
    "/api/problems/{problem_id}/custom",
    openapi_extra={
        "requestBody": json_request(
            ["code", "inputs"],
            {
                "code": CODE_FIELD,
                "inputs": {"type": "object", "additionalProperties": _ARRAY_SCHEMA},
                "init": {
                    "type": "object",
                    "description": "Constructor arguments (module problems only).",
                },
                "seed": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "torch.manual_seed for the module's weights.",
                },
            },
        )
    },
    tags=["api"],
)
async def custom_run(
    request: Request, problem: ProblemDep, pool: PoolDep, settings: SettingsDep
) -> Any:
    """Run code on the candidate's own inputs; its output is shown beside the reference's."""
    parsed = parse_custom_body(await request.body(), problem)
    if isinstance(parsed, str):
        return unprocessable(parsed)
    code, case = parsed
    work = functools.partial(
        run_custom, problem=problem, code=code, case=case, pool=pool, wait=settings.queue_seconds
    )
    try:
        result = await run_limited(request, work)
    except CustomInputError as exc:
        return unprocessable(str(exc))
    return JSONResponse(result.to_dict(pick_language(request)))


def _check_csrf(request: Request, token: Any) -> None:
    """A form post carrying the session cookie must come from our own page (its form has
    the token); without a cookie there is no session to ride on."""
    identity = request.state.identity
    if identity.cookie and not (
        isinstance(token, str) and identity.sessions.check_csrf(identity.cookie, token)
    ):
        raise HTTPException(403, "this form has expired or came from another site: reload it")


def _refused(context: dict[str, Any], exc: HTTPException) -> tuple[int, dict[str, str]]:
    """A busy or failed grader (run_limited's 429 and 503) shown in the result panel."""
    context["error"] = str(exc.detail)
    return exc.status_code, dict(exc.headers or {})


def _mock_field(raw: Any) -> int | None | str:
    """The form's `mock` field: absent or empty is None, an id is an int, else "bad"."""
    if raw is None or raw == "":
        return None
    if isinstance(raw, str) and raw.isdigit() and 0 < int(raw) < 2**62:
        return int(raw)
    return "bad"


@router.post("/problems/{problem_id}", response_class=HTMLResponse, include_in_schema=False)
async def problem_submit(
    request: Request, problem_id: str, bank: BankDep, pool: PoolDep, settings: SettingsDep
) -> Response:
    """Form submission: the whole page without JavaScript, or only the result with ?partial=1.

    Like the JSON endpoint it honours an Idempotency-Key header (the page sends one per
    Run/Submit: a resent post is the same submission, its kept result) and a mock interview
    id (the form field `mock`).
    """
    context = problem_context(request, bank, settings, problem_id)
    form = await request.form(max_files=0, max_fields=5, max_part_size=MAX_CODE_BYTES * 2)
    code, mode = form.get("code"), form.get("mode", "submit")
    status, lang, headers = 200, pick_language(request), {}
    t = translator(lang)
    _check_csrf(request, form.get("csrf_token"))
    mock_id = _mock_field(form.get("mock"))
    request_key = request.headers.get("idempotency-key")
    if not isinstance(code, str) or mode not in ("run", "submit"):
        context["error"], status = t("form_incomplete"), 422
    elif len(code.encode("utf-8", "surrogatepass")) > MAX_CODE_BYTES:
        context["error"], status = t("code_too_large", limit=MAX_CODE_BYTES), 422
        context["code"] = code
    elif mock_id == "bad":
        context["error"], status, context["code"] = t("mock_field_invalid"), 422, code
    elif request_key is not None and not REQUEST_KEY.fullmatch(request_key):
        context["error"], status, context["code"] = t("request_key_invalid"), 422, code
    else:
        context["code"] = code
        try:
            result, submission_id, document = await grade_and_keep(
                request=request,
                problem=context["problem"],
                code=code,
                mode=mode,
                pool=pool,
                settings=settings,
                mock_id=mock_id,  # type: ignore[arg-type]  # "bad" was refused above
                request_key=request_key,
            )
        except QuotaExceeded as exc:
            context["error"], status = exc.say(lang), exc.status
            if exc.retry_after is not None:
                headers["Retry-After"] = str(exc.retry_after)
        except stored.KeyReused:
            context["error"], status = t("request_key_reused"), 422
        except mock.MockError as exc:
            context["error"], status = t("mock_refused", why=str(exc)), 422
        except HTTPException as exc:
            status, headers = _refused(context, exc)
        else:
            # Graded now, or (the same key sent again) the result kept the first time.
            shown = (
                result.to_dict(lang) if result is not None else stored.in_language(document, lang)
            )
            context["result"] = {**(shown or {}), "submission_id": submission_id}
            context["next_problem"] = bank.following(context["problem"].id)
            if mock_id is not None:  # interview mode: no attention view, no way onwards
                context["result"]["attention"], context["next_problem"] = None, None
    partial = bool(request.query_params.get("partial"))
    response = render_page(request, "_result.html" if partial else "problem.html", context, status)
    response.headers.update(headers)
    if partial:
        _renew_token(request, response)
    return response


def _renew_token(request: Request, response: Response) -> None:
    """The session's form token for the page's next post: a guest's first Run opens its
    session, and the token the page was drawn with (none) no longer fits. Only our own
    pages can read it (no CORS is ever granted)."""
    response.headers[CSRF_HEADER] = request.state.identity.csrf_token()


MAX_CUSTOM_FIELDS = 4  # csrf_token, code, input, mock


@router.post("/problems/{problem_id}/custom", response_class=HTMLResponse, include_in_schema=False)
async def custom_run_page(
    request: Request, problem: ProblemDep, pool: PoolDep, settings: SettingsDep
) -> Response:
    """The page's custom run (?partial=1): the form's `input` (the JSON the page shows:
    inputs, init, seed) and `code`, run as the JSON endpoint runs them, answered as the
    result panel drawn by templates/_custom_result.html.

    The same limits and errors as POST /api/problems/ID/custom, each said in the page's
    language; the same CSRF rule as the problem form.
    """
    form = await request.form(
        max_files=0, max_fields=MAX_CUSTOM_FIELDS, max_part_size=CUSTOM_MAX_BODY_BYTES
    )
    _check_csrf(request, form.get("csrf_token"))
    lang = pick_language(request)
    t = translator(lang)
    context: dict[str, Any] = {"result": None, "error": None}
    status, headers = 200, {}
    code, text = form.get("code"), form.get("input")
    parsed = _custom_input(problem, code, text, t)
    if isinstance(parsed, str):
        context["error"], status = parsed, 422
    else:
        assert isinstance(code, str)
        work = functools.partial(
            run_custom,
            problem=problem,
            code=code,
            case=parsed,
            pool=pool,
            wait=settings.queue_seconds,
        )
        try:
            result = await run_limited(request, work)
        except CustomInputError as exc:
            context["error"], status = t("custom_unusable", why=str(exc)), 422
        except HTTPException as exc:
            status, headers = _refused(context, exc)
        else:
            context["result"] = result.to_dict(lang)
            if _mock_field(form.get("mock")) is not None:  # interview mode: no attention view
                context["result"]["attention"] = None
    # The custom form exists only where JavaScript shows it: the answer is always the panel.
    response = render_page(request, "_custom_result.html", context, status)
    response.headers.update(headers)
    _renew_token(request, response)
    return response


def _custom_input(problem: Problem, code: Any, text: Any, t: Any) -> Case | str:
    """The case the page's custom-input text describes, or why it cannot be used, in the
    page's language (the JSON endpoint's checks, on the text the page shows)."""
    if not isinstance(code, str) or not isinstance(text, str):
        return t("custom_form_incomplete")
    if len(code.encode("utf-8", "surrogatepass")) > MAX_CODE_BYTES:
        return t("code_too_large", limit=MAX_CODE_BYTES)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return t("custom_invalid_json") + f" {exc.msg} (line {exc.lineno}, col {exc.colno})"
    except (RecursionError, ValueError):
        return t("custom_invalid_json")
    if not isinstance(data, dict):
        return t("custom_not_object")
    data.pop("code", None)  # the code is the editor's, as the page always sent it
    try:
        return parse_custom(problem, data)
    except CustomInputError as exc:
        return t("custom_unusable", why=str(exc))


@router.get("/api/submissions", tags=["learner"])
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


@router.get("/api/submissions/{submission_id}", tags=["learner"])
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


add_strings(
    {
        "custom_form_incomplete": {
            "zh": "需要提供代码（code）和自定义输入（input）",
            "en": "the code and the custom input are required",
        },
        "custom_unusable": {
            "zh": "这个自定义输入无法使用：{why}",
            "en": "This custom input cannot be used: {why}",
        },
        "mock_field_invalid": {
            "zh": "mock 必须是你的一场模拟面试的编号",
            "en": "mock must be the id of one of your mock interviews",
        },
        "mock_refused": {
            "zh": "这次提交不能计入模拟面试：{why}",
            "en": "This attempt cannot count towards the mock interview: {why}",
        },
        "request_key_invalid": {
            "zh": "Idempotency-Key 必须是 1 到 64 个字母、数字、“.”、“_”或“-”（每次请求一个）",
            "en": "Idempotency-Key must be 1-64 letters, digits, '.', '_' or '-' (one per request)",
        },
        "request_key_reused": {
            "zh": "这个 Idempotency-Key 已经用于另一段代码或另一种模式：每次提交请用新的键",
            "en": "this Idempotency-Key came with another code or mode: use a new key per "
            "submission",
        },
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
