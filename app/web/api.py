"""JSON API: problems, submissions, health."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from app.grading import MAX_CODE_BYTES
from app.web.deps import BankDep, PoolDep, ProblemDep, SettingsDep, grade, limits_view
from app.web.views import detail, summary

router = APIRouter(prefix="", tags=["api"])

MAX_BODY_BYTES = 4 * MAX_CODE_BYTES  # JSON escaping can at most quadruple honest code


def _unprocessable(message: str) -> JSONResponse:
    return JSONResponse({"detail": message}, status_code=422)


def parse_submission(body: bytes) -> tuple[str, str] | str:
    """(code, mode) from a JSON body, or the message explaining why it is unusable."""
    if len(body) > MAX_BODY_BYTES:
        return f"request body is larger than {MAX_BODY_BYTES} bytes"
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "request body is not valid UTF-8"
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"request body is not valid JSON: {exc.msg} (line {exc.lineno}, col {exc.colno})"
    if not isinstance(data, dict):
        return 'request body must be a JSON object: {"code": "...", "mode": "run" | "submit"}'
    code, mode = data.get("code"), data.get("mode", "submit")
    if not isinstance(code, str):
        return '"code" is required and must be a string'
    try:
        size = len(code.encode("utf-8"))
    except UnicodeEncodeError:
        return '"code" is not valid UTF-8 (it contains a lone surrogate)'
    if size > MAX_CODE_BYTES:
        return f'"code" is {size} bytes; the limit is {MAX_CODE_BYTES} bytes (64 KiB)'
    if mode not in ("run", "submit"):
        return '"mode" must be "run" or "submit"'
    return code, mode


@router.get("/healthz")
async def healthz(pool: PoolDep, bank: BankDep) -> dict[str, Any]:
    """Liveness and readiness: problems loaded, sandbox workers warm."""
    return {
        "status": "ok",
        "problems": len(bank.problems),
        "problem_errors": len(bank.errors),
        "workers": pool.size,
        "workers_ready": pool.ready_workers,
        "sandbox": pool.layers.to_dict(),
    }


@router.get("/api/problems")
async def list_problems(bank: BankDep) -> list[dict[str, Any]]:
    """Every problem, in display order."""
    return [summary(problem) for problem in bank.ordered()]


@router.get("/api/problems/{problem_id}")
async def get_problem(problem: ProblemDep, settings: SettingsDep) -> dict[str, Any]:
    """Statement, starter code, signature, tolerances and sample cases of one problem."""
    return detail(problem, limits_view(settings))


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
        }
    },
)
async def submit(
    request: Request, problem: ProblemDep, pool: PoolDep, settings: SettingsDep
) -> Any:
    """Grade code: mode 'run' uses the sample cases, 'submit' every case."""
    parsed = parse_submission(await request.body())
    if isinstance(parsed, str):
        return _unprocessable(parsed)
    code, mode = parsed
    result = await grade(
        request=request, problem=problem, code=code, mode=mode, pool=pool, settings=settings
    )
    # Already plain JSON types: skip FastAPI's generic (and slow) jsonable_encoder pass.
    return JSONResponse(result.to_dict())
