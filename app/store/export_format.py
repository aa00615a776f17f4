"""The export document's format: read from untrusted bytes and checked whole.

The raw bytes are measured first (app.store.jsonshape: how many values, how deep) so that
no file makes the parser build more than a bounded tree; then every field is checked, and
the first thing wrong is named with its path (`submissions[3].code`), in English and
Chinese. A document with anything wrong in it imports nothing.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import fsrs

from app.limits import MAX_CODE_BYTES
from app.store.jsonshape import ShapeError, check_shape
from app.store.models import utcnow
from graders.compare import plain
from graders.result import Verdict

FORMAT = "shousi-learner-export"
VERSION = 1
IMPORT_MAX_BYTES = 20 * 1024 * 1024
SECTIONS = ("submissions", "drafts", "review_cards", "review_logs", "mock_sessions")
MODES = ("run", "submit")
# "pending" comes in as "interrupted": its grading, wherever it ran, is not coming back.
STATUSES = ("done", "not_graded", "interrupted", "pending")
VERDICTS = tuple(verdict.value for verdict in Verdict)
PROBLEM_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
REVIEW_ITEM = re.compile(r"(qa|problem):[a-z0-9]+(-[a-z0-9]+)*")
_NEVER = datetime.min.replace(tzinfo=UTC)


class ImportRefused(ValueError):
    """A document that cannot be imported: why, in English and in Chinese."""

    def __init__(self, en: str, zh: str, status: int = 422) -> None:
        super().__init__(en)
        self.zh, self.status = zh, status

    def say(self, lang: str) -> str:
        """The reason in `lang`."""
        return self.zh if lang == "zh" else str(self)


_KINDS = {
    str: ("text", "文本"),
    int: ("a whole number", "整数"),
    dict: ("an object", "对象"),
    list: ("a list", "列表"),
    datetime: ("a time such as 2026-01-31T08:00:00Z", "时间（如 2026-01-31T08:00:00Z）"),
}


def _expected(path: str, kind: type) -> ImportRefused:
    en, zh = _KINDS[kind]
    return ImportRefused(f"{path}: expected {en}", f"{path}：应为{zh}")


def _plain(value: Any, path: str) -> Any:
    """`value`, once every string in it is storable (no NUL, no lone surrogate) and every
    NaN or infinity is written as the graders write them, "NaN" or "Infinity" (in place)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            keys = list(item) if isinstance(item, dict) else range(len(item))
            for key in keys:
                if isinstance(item[key], float) and not math.isfinite(item[key]):
                    item[key] = plain(item[key])
                stack.append(item[key])
            if isinstance(item, dict):
                stack.extend(keys)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ImportRefused(
                    f"{path}: contains a lone surrogate (not valid UTF-8)",
                    f"{path}：含有不成对的代理字符（不是合法的 UTF-8）",
                ) from None
            if "\x00" in item:
                raise ImportRefused(f"{path}: contains a NUL character", f"{path}：含有 NUL 字符")
    return value


class _Entry:
    """One entry of a section, read field by field with a path for the error messages."""

    def __init__(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _expected(path, dict)
        self.value, self.path = value, path

    def get(self, key: str, kind: type, *, optional: bool = False) -> Any:
        path = f"{self.path}.{key}"
        value = self.value.get(key)
        if value is None:
            if optional:
                return None
            raise ImportRefused(f"{path}: missing", f"{path}：缺少这一项")
        if kind is datetime:
            return _moment(value, path)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _expected(path, kind)
        return _plain(value, path)

    def choice(self, key: str, options: tuple[Any, ...], *, optional: bool = False) -> Any:
        value = self.value.get(key)
        if value is None:
            return None if optional else self.get(key, str)  # the "missing" refusal
        if value not in options or isinstance(value, bool):
            path, listed, shown = f"{self.path}.{key}", ", ".join(map(str, options)), repr(value)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            raise ImportRefused(
                f"{path}: {shown} is not one of {listed}",
                f"{path}：{shown} 不是可选值（{listed}）之一",
            )
        return value

    def matching(self, key: str, pattern: re.Pattern[str], limit: int) -> str:
        value = self.get(key, str)
        if len(value) > limit or not pattern.fullmatch(value):
            path = f"{self.path}.{key}"
            raise ImportRefused(
                f"{path}: {value[:80]!r} is not a valid id", f"{path}：{value[:80]!r} 不是合法的 id"
            )
        return value

    def code(self, key: str) -> str:
        value = self.get(key, str)
        if len(value.encode("utf-8")) > MAX_CODE_BYTES:
            path = f"{self.path}.{key}"
            raise ImportRefused(
                f"{path}: longer than {MAX_CODE_BYTES} bytes",
                f"{path}：超过 {MAX_CODE_BYTES} 字节",
            )
        return value


def _moment(value: Any, path: str) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise _expected(path, datetime)
    try:
        moment = datetime.fromisoformat(value)
        # A time without a zone is taken as UTC, the zone every export writes.
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    except (ValueError, OverflowError):  # not a time; or a zone that moves it past year 1
        raise _expected(path, datetime) from None


@dataclass
class Parsed:
    """A checked document: rows to add, as keyword arguments of the models."""

    submissions: list[dict[str, Any]] = field(default_factory=list)
    drafts: list[dict[str, Any]] = field(default_factory=list)
    review_cards: list[dict[str, Any]] = field(default_factory=list)
    review_logs: list[dict[str, Any]] = field(default_factory=list)
    mock_sessions: list[dict[str, Any]] = field(default_factory=list)

    def problem_ids(self) -> set[str]:
        """Every problem the document names: in submissions, drafts, mocks and review items."""
        rows = [*self.submissions, *self.drafts, *self.mock_sessions]
        items = [row["item"] for row in [*self.review_cards, *self.review_logs]]
        return {row["problem_id"] for row in rows} | {
            item.partition(":")[2] for item in items if item.startswith("problem:")
        }


def parse_export(raw: bytes, *, max_values: int, max_depth: int) -> Parsed:
    """Check a whole exported document; ImportRefused names the first thing wrong.

    Its size is measured on the bytes before they are parsed: more than `max_values`
    values is a 413, nesting deeper than `max_depth` a 422."""
    if len(raw) > IMPORT_MAX_BYTES:
        mb = IMPORT_MAX_BYTES // (1024 * 1024)
        raise ImportRefused(f"the file is larger than {mb} MB", f"文件超过 {mb} MB", status=413)
    try:
        check_shape(raw, max_values=max_values, max_depth=max_depth)
    except ShapeError as exc:
        raise _too_big(exc) from None
    try:
        document = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ImportRefused(
            "the file is not JSON (export one from the Account page)",
            "这个文件不是 JSON（请用“账号”页导出的文件）",
        ) from None
    return parse_document(document)


def _too_big(exc: ShapeError) -> ImportRefused:
    if exc.kind == "values":
        return ImportRefused(
            f"the file holds more than {exc.limit:,} values (SHOUSI_IMPORT_MAX_VALUES); "
            "nothing was read",
            f"文件里的值超过 {exc.limit:,} 个（SHOUSI_IMPORT_MAX_VALUES），没有读取",
            status=413,
        )
    return ImportRefused(
        f"the file's JSON nests deeper than {exc.limit} levels (SHOUSI_IMPORT_MAX_DEPTH); "
        "nothing was read",
        f"文件的 JSON 嵌套超过 {exc.limit} 层（SHOUSI_IMPORT_MAX_DEPTH），没有读取",
    )


def parse_document(document: Any) -> Parsed:
    """Check a loaded document (see parse_export)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused(
            f'not a Shousi export (its "format" is not "{FORMAT}")',
            f'不是 Shousi 的导出文件（"format" 不是 "{FORMAT}"）',
        )
    version = document.get("version")
    if version != VERSION or isinstance(version, bool):
        raise ImportRefused(
            f"export version {version!r} cannot be read here (this server reads version {VERSION})",
            f"读不了第 {version!r} 版的导出文件（这台服务器只认第 {VERSION} 版）",
        )
    sections = {}
    for name in SECTIONS:
        entries = document.get(name, [])
        if not isinstance(entries, list):
            raise _expected(name, list)
        sections[name] = [_Entry(value, f"{name}[{i}]") for i, value in enumerate(entries)]
    parsed = Parsed()
    mock_ids = set()
    for entry in sections["mock_sessions"]:
        mock_ids.add(entry.get("id", int))
        parsed.mock_sessions.append(_mock_session(entry))
    for entry in sections["submissions"]:
        parsed.submissions.append(_submission(entry, mock_ids))
    for entry in sections["drafts"]:
        parsed.drafts.append(
            {
                "problem_id": entry.matching("problem", PROBLEM_ID, 128),
                "code": entry.code("code"),
                "updated_at": entry.get("updated_at", datetime),
            }
        )
    for entry in sections["review_cards"]:
        parsed.review_cards.append(_review_card(entry))
    for entry in sections["review_logs"]:
        parsed.review_logs.append(
            {
                "item": entry.matching("item", REVIEW_ITEM, 160),
                "rating": entry.choice("rating", (1, 2, 3, 4)),
                "reviewed_at": entry.get("reviewed_at", datetime),
            }
        )
    return parsed


def _mock_session(entry: _Entry) -> dict[str, Any]:
    return {
        "old_id": entry.get("id", int),
        "problem_id": entry.matching("problem", PROBLEM_ID, 128),
        "questions": entry.get("questions", list),
        "started_at": entry.get("started_at", datetime),
        "ends_at": entry.get("ends_at", datetime),
        "finished_at": entry.get("finished_at", datetime, optional=True),
        "answers": entry.get("answers", dict, optional=True) or {},
        "report": entry.get("report", dict, optional=True),
    }


def _submission(entry: _Entry, mock_ids: set[int]) -> dict[str, Any]:
    mock = entry.get("mock_session", int, optional=True)
    if mock is not None and mock not in mock_ids:
        path = f"{entry.path}.mock_session"
        raise ImportRefused(
            f"{path}: no mock session with id {mock} in this file",
            f"{path}：文件里没有 id 为 {mock} 的模拟面试",
        )
    duration = entry.get("duration_ms", int, optional=True)
    if duration is not None and not 0 <= duration < 2**31:
        path = f"{entry.path}.duration_ms"
        raise ImportRefused(f"{path}: out of range", f"{path}：超出范围")
    row = {
        "problem_id": entry.matching("problem", PROBLEM_ID, 128),
        "mode": entry.choice("mode", MODES),
        "code": entry.code("code"),
        "created_at": entry.get("created_at", datetime),
        "status": entry.choice("status", STATUSES),
        "verdict": entry.choice("verdict", VERDICTS, optional=True),
        "result": entry.get("result", dict, optional=True),
        "duration_ms": duration,
        "finished_at": entry.get("finished_at", datetime, optional=True),
        "old_mock": mock,
        # The file's claim that it came from an import; every import marks it anyway.
        "imported": entry.value.get("imported") is True,
    }
    if row["status"] == "pending":
        row["status"] = "interrupted"
        row["result"] = {"message": "imported before its grading finished; submit again"}
    return row


def _review_card(entry: _Entry) -> dict[str, Any]:
    state = entry.get("state", dict)
    try:
        card = fsrs.Card.from_dict(state)
    except Exception:  # noqa: BLE001 - KeyError, ValueError, TypeError: all mean "not a card"
        path = f"{entry.path}.state"
        raise ImportRefused(
            f"{path}: not a review card's state (FSRS Card.to_dict)",
            f"{path}：不是复习卡片的状态（FSRS Card.to_dict）",
        ) from None
    return {
        "item": entry.matching("item", REVIEW_ITEM, 160),
        "state": state,
        "due": entry.get("due", datetime),
        "created_at": entry.get("created_at", datetime, optional=True) or utcnow(),
        "last_review": card.last_review or _NEVER,
    }
