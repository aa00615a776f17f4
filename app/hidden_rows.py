"""What a hidden case's row may say: its verdict, its kind and how many values are off.

A draw of hidden cases serves several submissions (app.trusted.prepare.FreshCases), so anything of
its expected values that came back (a value, an index, an error maximum, a heatmap) would
let a table of answers be built. A hidden row keeps `name`, `passed`, `kind`, `hidden`,
a message rebuilt from those alone, and `checks` holding per compared value only
`mismatched`, `total` and `share`; an error row keeps its (already redacted) class and
line. The same function cleans a stored document, so a result kept before this rule was
made is replayed under it too.
"""

from __future__ import annotations

from typing import Any

from graders.result import CaseResult
from graders.text import Msg, in_lang, join, msg

# Every key a hidden case's row may carry in the result document.
HIDDEN_KEYS = frozenset(
    {"name", "passed", "kind", "message", "hidden", "checks", "traceback", "line"}
)
COUNT_KEYS = ("mismatched", "total", "share")
# Where app.judge.grade leaves a hidden row's numeric warnings (fixed words, see
# app.judge.feedback.warned) for hidden_row to say after the message it rebuilds.
WARNED = "_warned"
# Rows whose message is built from fixed words and public figures only (the error's class is
# redacted already by app.judge.feedback.redact_hidden, a case's memory cap is the problem's own).
_KEPT_MESSAGES = frozenset({"error", "forbidden", "memory_limit", "time_limit", "crash", "not_run"})
# What each failure says without the values or positions that showed it.
_KIND_WORDS = {
    "shape": msg("an output has the wrong shape", "输出的形状不对"),
    "dtype": msg("an output has the wrong dtype", "输出的 dtype 不对"),
    "type": msg("an output has the wrong type", "输出的类型不对"),
    "return": msg("the code returned the wrong number of values", "返回值的个数不对"),
    "module": msg(
        "the module's parameters or buffers do not match the contract",
        "模块的参数或缓冲区与约定不符",
    ),
    "mutated": msg("the code changed an input in place", "代码原地修改了输入"),
    "output_limit": msg("an output is larger than the output cap", "输出超过了大小上限"),
    "gradient": msg("the gradients do not match the reference's", "梯度与参考答案不一致"),
    "causality": msg(
        "the future leaks: a later position changed an earlier output",
        "因果性被破坏：后面的位置改变了前面的输出",
    ),
    "padding": msg(
        "padding leaks: blocked positions changed the output",
        "padding 泄漏：被屏蔽的位置改变了输出",
    ),
    "permutation": msg("not permutation-equivariant", "不满足置换等变性"),
    "stability": msg(
        "numerically unstable: NaN or infinite values", "数值不稳定：出现了 NaN 或无穷大"
    ),
    "weights_sum": msg("rows of the attention weights do not sum to 1", "注意力权重的行之和不为 1"),
    "masked_weight": msg("masked positions get weight", "被屏蔽的位置分到了权重"),
    "determinism": msg("not deterministic in eval mode", "eval 模式下输出不确定"),
}
_PASSED = msg("matches the reference", "与参考答案一致")
_FAILED = msg("does not match the reference", "与参考答案不一致")


def _counts(check: Any) -> dict[str, Any] | None:
    """How many values of one comparison are off, of how many; None if it counted none."""
    if not isinstance(check, dict):
        return None
    mismatched, total = check.get("mismatched"), check.get("total")
    if type(mismatched) is not int or type(total) is not int or total <= 0:
        return None
    return {"mismatched": mismatched, "total": total, "share": round(mismatched / total, 4)}


def hidden_checks(checks: Any) -> dict[str, Any]:
    """Of each compared output (and gradient), the counts only."""
    kept: dict[str, Any] = {}
    for name, check in (checks if isinstance(checks, dict) else {}).items():
        if name == "gradients" and isinstance(check, dict):
            grads = {g: c for g, c in ((g, _counts(v)) for g, v in check.items()) if c}
            if grads:
                kept["gradients"] = grads
        elif counts := _counts(check):
            kept[str(name)] = counts
    return kept


def _off(name: str, counts: dict[str, Any]) -> Msg:
    m, t, share = counts["mismatched"], counts["total"], 100.0 * counts["share"]
    return msg(
        f"{m} of {t} values of `{name}` ({share:.1f}%) do not match",
        f"`{name}` 有 {m}/{t} 个值（{share:.1f}%）不一致",
    )


def hidden_message(kind: str, passed: bool, checks: dict[str, Any]) -> Msg:
    """A hidden row's message, from its kind and counts alone."""
    if passed:
        return _PASSED
    said = [_off(name, c) for name, c in checks.items() if name != "gradients" and c["mismatched"]]
    said += [
        _off(f"grad {name}", c)
        for name, c in checks.get("gradients", {}).items()
        if c["mismatched"]
    ]
    words = _KIND_WORDS.get(kind)
    if kind in ("values", "exact"):
        words = None  # the counts say it
    return join("; ", [w for w in [words, *said] if w]) or _FAILED


def hidden_row(row: CaseResult) -> CaseResult:
    """The row of a hidden case as it leaves the server (see the module docstring)."""
    if row.kind in _KEPT_MESSAGES:
        message = row.message
    else:
        message = hidden_message(row.kind, row.passed, hidden_checks(row.details.get("checks")))
    warnings = row.details.get(WARNED)
    if isinstance(warnings, str):
        message += warnings
    return CaseResult(row.name, row.passed, row.kind, message, True, _hidden_details(row.details))


def _hidden_details(details: dict[str, Any]) -> dict[str, Any]:
    kept: dict[str, Any] = {}
    checks = hidden_checks(details.get("checks"))
    if checks:
        kept["checks"] = checks
    if "line" in details:  # an error's line, already checked against the code's length
        line = details["line"]
        kept["line"] = line if type(line) is int else None
        kept["traceback"] = ""
    return kept


def redact_document(document: dict[str, Any]) -> dict[str, Any]:
    """A stored result document with every hidden row (and its Chinese) as hidden_row has it."""
    cases = document.get("cases")
    if not isinstance(cases, list) or not any(
        isinstance(c, dict) and c.get("hidden") is True for c in cases
    ):
        return document
    document = dict(document)
    chinese = document.get("_zh")
    zh_cases = list(chinese["cases"]) if isinstance(chinese, dict) else None
    redacted = []
    for index, case in enumerate(cases):
        if not (isinstance(case, dict) and case.get("hidden") is True):
            redacted.append(case)
            continue
        zh = zh_cases[index] if zh_cases is not None and index < len(zh_cases) else ""
        details = {
            k: v
            for k, v in case.items()
            if k not in ("name", "passed", "kind", "message", "hidden")
        }
        row = CaseResult(
            str(case.get("name", "")),
            case.get("passed") is True,
            str(case.get("kind", "")),
            Msg(str(case.get("message", "")), str(zh)),
            True,
            details,
        )
        row = hidden_row(row)
        redacted.append(row.to_dict("en"))
        if zh_cases is not None and index < len(zh_cases):
            zh_cases[index] = in_lang(row.message, "zh")
    document["cases"] = redacted
    if zh_cases is not None:
        document["_zh"] = {**chinese, "cases": zh_cases}
    return document
