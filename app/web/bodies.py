"""Request bodies: the one JSON-body reader, and what each JSON endpoint takes from it.

Every JSON endpoint reads its body here: a size cap before parsing, UTF-8, JSON, an object;
the message says what was wrong (and where), never a 500.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import HTTPException
from fastapi.responses import JSONResponse

from app.bank import Problem
from app.judge.custom import (
    CustomInputError,
    parse_custom,
)
from app.limits import MAX_CODE_BYTES
from app.store import mock
from graders.case import Case

REQUEST_KEY = re.compile(r"[A-Za-z0-9._-]{1,64}")  # an Idempotency-Key
MAX_BODY_BYTES = 4 * MAX_CODE_BYTES  # JSON escaping can at most quadruple honest code
# Room for the inputs too: 16384 values written out in full are well under 512 KiB.
CUSTOM_MAX_BODY_BYTES = MAX_BODY_BYTES + 512 * 1024


def json_request(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI requestBody of an endpoint that reads a JSON object with these fields."""
    schema = {"type": "object", "required": required, "properties": properties}
    return {"required": True, "content": {"application/json": {"schema": schema}}}


CODE_FIELD = {"type": "string", "maxLength": MAX_CODE_BYTES}  # "code" in every code body


def unprocessable(message: str) -> JSONResponse:
    """A 422 answer saying why the request is unusable."""
    return JSONResponse({"detail": message}, status_code=422)


def json_object(body: bytes, limit: int, usage: str) -> dict[str, Any] | str:
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


def code_problem(data: dict[str, Any]) -> str | None:
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
    data = json_object(body, MAX_BODY_BYTES, '{"code": "...", "mode": "run" | "submit"}')
    if isinstance(data, str):
        return data
    problem = code_problem(data)
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
    data = json_object(body, CUSTOM_MAX_BODY_BYTES, usage)
    if isinstance(data, str):
        return data
    unusable = code_problem(data)
    if unusable is not None:
        return unusable
    try:
        return data["code"], parse_custom(problem, data)
    except CustomInputError as exc:
        return str(exc)


MAX_DRAFT_BODY = 4 * MAX_CODE_BYTES


def read_json(body: bytes, limit: int, usage: str, *, empty: bool = False) -> dict[str, Any]:
    """`json_object` for endpoints that answer its refusal as an HTTP error: 413 for a body
    over `limit`, else 422; with `empty`, an empty body is an empty object."""
    if empty and not body.strip() and len(body) <= limit:
        return {}
    data = json_object(body, limit, usage)
    if isinstance(data, str):
        raise HTTPException(413 if len(body) > limit else 422, data)
    return data


def draft_code(body: bytes) -> str:
    """The code of a draft body `{"code": "..."}`; raises the HTTP error that says why not."""
    data = read_json(body, MAX_DRAFT_BODY, '{"code": "..."}')
    unusable = code_problem(data)
    if unusable is not None:
        raise HTTPException(422, unusable)
    return data["code"]


MAX_MOCK_BODY = 4 * mock.MAX_ANSWER + 1024


def json_body(raw: bytes, usage: str) -> dict[str, Any]:
    """A mock-interview body (an empty one is an empty object); raises the HTTP error."""
    return read_json(raw, MAX_MOCK_BODY, usage, empty=True)
