"""JSON API: problems, submissions, custom-input runs, health."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse

from app.bank import Problem
from app.judge.custom import (
    MAX_ARRAY_ELEMENTS,
    CustomInputError,
    custom_template,
    parse_custom,
    run_custom,
)
from app.limits import MAX_CODE_BYTES
from app.store import history as stored
from app.store import mock
from app.trusted.runner import FRESH
from app.web.deps import (
    BankDep,
    PoolDep,
    ProblemDep,
    SettingsDep,
    grade_and_keep,
    limits_view,
    run_limited,
)
from app.web.i18n import pick_language
from app.web.views import detail, render_markdown, summary
from graders.case import Case

router = APIRouter(prefix="", tags=["api"])

REQUEST_KEY = re.compile(r"[A-Za-z0-9._-]{1,64}")
MAX_BODY_BYTES = 4 * MAX_CODE_BYTES  # JSON escaping can at most quadruple honest code
# Room for the inputs too: 16384 values written out in full are well under 512 KiB.
CUSTOM_MAX_BODY_BYTES = MAX_BODY_BYTES + 512 * 1024


def _unprocessable(message: str) -> JSONResponse:
    return JSONResponse({"detail": message}, status_code=422)


def _json_object(body: bytes, limit: int, usage: str) -> dict[str, Any] | str:
    """A JSON object from a request body, or the message explaining why it is unusable."""
    if len(body) > limit:
        return f"request body is larger than {limit} bytes"
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "request body is not valid UTF-8"
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"request body is not valid JSON: {exc.msg} (line {exc.lineno}, col {exc.colno})"
    except RecursionError:
        return "request body is not usable JSON: it is nested too deeply"
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        return f"request body is not usable JSON: {exc}"
    if not isinstance(data, dict):
        return f"request body must be a JSON object: {usage}"
    return data


def _code(data: dict[str, Any]) -> str | None:
    """Why the body's "code" is unusable, or None if it is a string within the size limit."""
    code = data.get("code")
    if not isinstance(code, str):
        return '"code" is required and must be a string'
    try:
        size = len(code.encode("utf-8"))
    except UnicodeEncodeError:
        return '"code" is not valid UTF-8 (it contains a lone surrogate)'
    if size > MAX_CODE_BYTES:
        return f'"code" is {size} bytes; the limit is {MAX_CODE_BYTES} bytes (64 KiB)'
    return None


def parse_submission(body: bytes) -> tuple[str, str, int | None] | str:
    """(code, mode, mock interview id or None) from a JSON body, or the message explaining
    why it is unusable."""
    data = _json_object(body, MAX_BODY_BYTES, '{"code": "...", "mode": "run" | "submit"}')
    if isinstance(data, str):
        return data
    problem = _code(data)
    if problem is not None:
        return problem
    mode = data.get("mode", "submit")
    if mode not in ("run", "submit"):
        return '"mode" must be "run" or "submit"'
    mock_id = data.get("mock")
    if mock_id is not None and (type(mock_id) is not int or not 0 < mock_id < 2**62):
        return '"mock" must be the id of one of your mock interviews'
    return data["code"], mode, mock_id


def parse_custom_body(body: bytes, problem: Problem) -> tuple[str, Case] | str:
    """(code, case) from a custom-input body, or the message explaining why it is unusable."""
    usage = '{"code": "...", "inputs": {...}, "init": {...}, "seed": n}'
    data = _json_object(body, CUSTOM_MAX_BODY_BYTES, usage)
    if isinstance(data, str):
        return data
    unusable = _code(data)
    if unusable is not None:
        return unusable
    try:
        return data["code"], parse_custom(problem, data)
    except CustomInputError as exc:
        return str(exc)


@router.get("/healthz")
async def healthz(pool: PoolDep, bank: BankDep) -> dict[str, Any]:
    """Liveness and readiness: problems loaded, sandbox workers warm, hidden cases drawn."""
    return {
        "status": "ok",
        "problems": len(bank.problems),
        "problem_errors": len(bank.errors),
        "workers": pool.size,
        "workers_ready": pool.ready_workers,
        "hidden_draws": FRESH.readiness(),
        "sandbox": pool.layers.to_dict(),
    }


@router.get("/readyz")
async def readyz(request: Request, pool: PoolDep) -> JSONResponse:
    """Start-up is done: a sandbox worker is warm and the first hidden cases are drawn (503
    until then). Once ready, it stays ready: busy workers are load, not a fault."""
    state = request.app.state
    if not getattr(state, "started", False):
        draws = FRESH.readiness()
        state.started = pool.ready_workers >= 1 and draws["ready"] >= draws["wanted"]
        if not state.started:
            body = {"ready": False, "workers_ready": pool.ready_workers, "hidden_draws": draws}
            return JSONResponse(body, status_code=503, headers={"Retry-After": "2"})
    return JSONResponse({"ready": True})


@router.get("/api/problems")
async def list_problems(bank: BankDep) -> list[dict[str, Any]]:
    """Every problem, in display order."""
    return [summary(problem) for problem in bank.ordered()]


@router.get("/api/problems/{problem_id}")
async def get_problem(problem: ProblemDep, settings: SettingsDep) -> dict[str, Any]:
    """Statement, starter code, signature, tolerances, samples and the custom-input template."""
    return {**detail(problem, limits_view(settings)), "custom_input": custom_template(problem)}


@router.get("/api/problems/{problem_id}/hints/{n}")
async def get_hint(problem: ProblemDep, n: int) -> dict[str, Any]:
    """Hint n (from 1) in both languages, as Markdown and as HTML (formulas left for KaTeX)."""
    hints = problem.hints
    if not 1 <= n <= min(len(hints.get("en", [])), len(hints.get("zh", []))):
        count = len(hints.get("en", []))
        raise HTTPException(404, f"problem {problem.id!r} has {count} hints, no hint {n}")
    text = {lang: hints[lang][n - 1] for lang in ("zh", "en")}
    return {"n": n, **text, "html": {lang: render_markdown(md) for lang, md in text.items()}}


@router.get("/api/problems/{problem_id}/editorial")
async def get_editorial(problem: ProblemDep) -> dict[str, Any]:
    """The editorial (Markdown and HTML, both languages) and the reference solution's code."""
    if not all(problem.editorial.get(lang) for lang in ("en", "zh")):
        raise HTTPException(404, f"problem {problem.id!r} has no editorial yet")
    return {
        "editorial": dict(problem.editorial),
        "solution": problem.solution,
        "html": {lang: render_markdown(md) for lang, md in problem.editorial.items()},
    }


@router.post(
    "/api/problems/{problem_id}/submissions",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["code"],
                        "properties": {
                            "code": {"type": "string", "maxLength": MAX_CODE_BYTES},
                            "mode": {
                                "type": "string",
                                "enum": ["run", "submit"],
                                "default": "submit",
                            },
                        },
                    }
                }
            },
        },
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
)
async def submit(
    request: Request, problem: ProblemDep, pool: PoolDep, settings: SettingsDep
) -> Any:
    """Grade code: mode 'run' uses the sample cases, 'submit' every case."""
    parsed = parse_submission(await request.body())
    if isinstance(parsed, str):
        return _unprocessable(parsed)
    code, mode, mock_id = parsed
    request_key = request.headers.get("idempotency-key")
    if request_key is not None and not REQUEST_KEY.fullmatch(request_key):
        return _unprocessable(
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
        return _unprocessable(str(exc))
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
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["code", "inputs"],
                        "properties": {
                            "code": {"type": "string", "maxLength": MAX_CODE_BYTES},
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
                    }
                }
            },
        }
    },
)
async def custom_run(
    request: Request, problem: ProblemDep, pool: PoolDep, settings: SettingsDep
) -> Any:
    """Run code on the candidate's own inputs; its output is shown beside the reference's."""
    parsed = parse_custom_body(await request.body(), problem)
    if isinstance(parsed, str):
        return _unprocessable(parsed)
    code, case = parsed
    work = functools.partial(
        run_custom, problem=problem, code=code, case=case, pool=pool, wait=settings.queue_seconds
    )
    try:
        result = await run_limited(request, work)
    except CustomInputError as exc:
        return _unprocessable(str(exc))
    return JSONResponse(result.to_dict(pick_language(request)))
