"""grade_submission: static checks, then the sandbox, then trusted comparison and verdict."""

from __future__ import annotations

import logging
import time
from typing import Any

import numpy as np
import torch

from app.bank.model import Problem
from app.codec import Caps
from app.hidden_rows import WARNED, hidden_row
from app.judge.feedback import (
    changed_inputs,
    check_module,
    determinism,
    error_row,
    explain_call_errors,
    forbidden,
    how_it_ended,
    layout_mismatch,
    merge_repeated_errors,
    over_case_memory,
    redact_hidden,
    return_mismatch,
    warned,
)
from app.limits import MAX_CODE_BYTES, SandboxLimits
from app.sandbox.job import Job
from app.sandbox.messages import UNREADABLE, Unreadable, read_messages
from app.sandbox.pool import RunReport, SandboxPool
from app.trusted.runner import PreparedCase, cases_for, diagnose
from graders.compare import ReturnSpec, compare_output, heatmap, matches, plain
from graders.properties import check_case, check_weights
from graders.result import VERDICT_ORDER, CaseResult, GradeResult, Verdict
from graders.static_check import check_source
from graders.text import Msg, join, msg

log = logging.getLogger("shousi.grading")

SHOWN_VALUES = 64  # expected/got arrays up to this size are echoed for visible cases
CUSTOM_SHOWN = 4096  # values of each output echoed back for a custom input


def grade_custom(
    *, problem: Problem, code: str, prepared: PreparedCase, pool: SandboxPool, wait: float = 30.0
) -> GradeResult:
    """Run `code` on one custom case and put its output beside the reference's (mode 'custom')."""
    result = _result_maker(problem, "custom")
    meta = problem.meta
    rejection = check_source(code, entry=meta.entry, forbidden_api=meta.forbidden.api)
    if rejection:
        return result(Verdict.REJECTED, [], rejection.message)
    report = pool.run(_job(problem, code, [prepared]), wait_seconds=wait)
    return _judge(problem, [prepared], report, result, pool.limits, show_all=True)


def _result_maker(problem: Problem, mode: str) -> Any:
    """A function building this grading's GradeResult, timed from now."""
    started = time.monotonic()

    def result(
        verdict: Verdict, cases: list[CaseResult], message: Msg | str = "", stdout: str = ""
    ) -> GradeResult:
        elapsed = int((time.monotonic() - started) * 1000)
        return GradeResult(problem.id, verdict, cases, elapsed, message, mode, stdout=stdout)

    return result


def _job(problem: Problem, code: str, cases: list[PreparedCase]) -> Job:
    """What the sandboxed child needs to run `code` on `cases`."""
    meta = problem.meta
    capped = any(c.case.memory_mb for c in cases)  # the worker caps these cases' memory
    return Job(
        code=code,
        entry=meta.entry,
        kind=meta.kind,
        framework=meta.framework,
        load_state_dict=bool(meta.module and meta.module.load_state_dict),
        forbidden_api=meta.forbidden.api,
        forbidden_aten=meta.forbidden.aten,
        capture_softmax=bool(meta.weights and meta.weights.capture),
        returns=len(meta.returns),
        fixtures=problem.fixture_source,
        unchanged=meta.unchanged,
        case_memory_mb=[c.case.memory_mb or 0 for c in cases] if capped else None,
        case_frames=[c.encoded() for c in cases],
    )


def _worst(verdicts: list[Verdict]) -> Verdict:
    return min(verdicts, key=VERDICT_ORDER.index) if verdicts else Verdict.ACCEPTED


def grade_submission(
    *, problem: Problem, code: str, mode: str, pool: SandboxPool, wait_seconds: float = 30.0
) -> GradeResult:
    """Grade `code` on the sample cases (mode 'run') or on every case (mode 'submit')."""
    result = _result_maker(problem, mode)
    meta = problem.meta

    if len(code.encode("utf-8")) > MAX_CODE_BYTES:
        text = msg(
            f"code is larger than {MAX_CODE_BYTES} bytes", f"代码超过了 {MAX_CODE_BYTES} 字节的上限"
        )
        return result(Verdict.REJECTED, [], text)
    rejection = check_source(code, entry=meta.entry, forbidden_api=meta.forbidden.api)
    if rejection:
        return result(Verdict.REJECTED, [], rejection.message)
    # Hidden cases come from a rotating set of fresh draws, each serving a few submissions
    # (app.trusted.prepare.FreshCases): their rows say counts, never values (app.hidden_rows).
    cases = cases_for(problem, mode)
    job = _job(problem, code, cases)
    # SandboxBusy and SandboxFailure are the grader's trouble, not a verdict on the code.
    report = pool.run(job, wait_seconds=wait_seconds)
    return _judge(problem, cases, report, result, pool.limits, code_lines=len(code.splitlines()))


def _judge(
    problem: Problem,
    cases: list[PreparedCase],
    report: RunReport,
    result: Any,
    limits: SandboxLimits,
    *,
    show_all: bool = False,
    code_lines: int = 0,
) -> GradeResult:
    stdout = _visible_stdout(cases, report, show_all)
    caps = Caps(max_bytes=limits.output_bytes)
    try:
        if report.status == "malformed":  # the worker saw a frame the harness never writes
            raise Unreadable("a frame that cannot be complete")
        child = read_messages(report.frames, caps=caps, case_count=len(cases))
    except Unreadable as exc:
        # The reason stays in the log: a forged frame's contents are not echoed back.
        log.info("%s: the child's result could not be read: %s", problem.id, exc)
        return result(Verdict.RUNTIME_ERROR, [], UNREADABLE, stdout)
    ended = how_it_ended(report, limits)
    if child.load is None:
        row = CaseResult("load", False, ended[1], ended[2])
        return result(ended[0], [row], ended[2], stdout)
    if child.load["load"] != "ok":
        return _load_failure(problem, child.load, result, stdout)
    by_index = child.cases
    rows: list[CaseResult] = []
    verdicts: list[Verdict] = []
    stopped = child.stopped
    if stopped:
        ended = (Verdict.MEMORY_LIMIT, "not_run", Msg(""))
    for index, prepared in enumerate(cases):
        message = by_index.get(index)
        if message is not None:
            verdict, row = _judge_case(
                problem, prepared, message, show_all=show_all, source_lines=code_lines
            )
            cap = prepared.case.memory_mb
            used = report.case_memory_kb(index)
            if cap and used is not None and used > cap * 1024 and verdict is Verdict.ACCEPTED:
                # Right values, but with more memory than the case allows (measured by the
                # worker from the kernel, not reported by the code).
                verdict = Verdict.MEMORY_LIMIT
                row = CaseResult(
                    prepared.case.name,
                    False,
                    "memory_limit",
                    # A hidden case's figure would be a channel out: only the cap is said.
                    over_case_memory(
                        cap,
                        prepared.case.memory_hint,
                        used_mb=None if prepared.case.hidden else used // 1024,
                    ),
                    prepared.case.hidden,
                )
        else:
            verdict, kind, text = ended
            if stopped:
                kind = "not_run"
                text = msg(
                    "not run: an earlier case stopped your code",
                    "未运行：你的代码在前面的用例中已被终止",
                )
            stopped = True
            row = CaseResult(prepared.case.name, False, kind, text, prepared.case.hidden)
        rows.append(row)
        verdicts.append(verdict)
    messages_by_case = [by_index.get(i) for i in range(len(cases))]
    explain_call_errors(problem, rows, child.load.get("signature"))
    merge_repeated_errors(rows)
    _explain(problem, cases, messages_by_case, rows, verdicts)
    if not show_all:  # last, after every message is final: it is rebuilt from counts alone
        rows = [hidden_row(row) if row.hidden else row for row in rows]
    final = _worst(verdicts)
    # The headline is the first case that earned the final verdict, not merely the first failure.
    summary = next((row.message for row, v in zip(rows, verdicts, strict=True) if v is final), "")
    if final is Verdict.ACCEPTED:
        summary = ""
    graded = result(final, rows, summary, stdout)
    graded.attention = attention_view(problem, cases, messages_by_case, rows)
    # One hand-made input cannot tell known mistakes apart: custom runs get no diagnosis.
    if final is Verdict.WRONG_ANSWER and not show_all:
        found = diagnose(problem, cases, messages_by_case)
        graded.diagnosis = [e.tag for e in found]
        graded.diagnosis_texts = {e.tag: {"en": e.text.en, "zh": e.text.zh} for e in found}
    return graded


def _visible_stdout(cases: list[PreparedCase], report: RunReport, show_all: bool) -> str:
    """What the code printed, up to the first hidden case: what it printed there could be
    that case's inputs."""
    first_hidden = next((i for i, c in enumerate(cases) if c.case.hidden), None)
    if first_hidden is None or show_all:
        return report.stdout
    shown, withheld = report.stdout_before_case(first_hidden)
    if withheld:
        shown += (
            f"\n[{withheld} more bytes printed during hidden cases are not shown]"
            f"\n[隐藏用例中打印的 {withheld} 字节不显示]"
        )
    return shown


def _load_failure(problem: Problem, load: dict, result: Any, stdout: str) -> GradeResult:
    if load.get("forbidden"):
        return result(Verdict.REJECTED, [], forbidden(load["forbidden"]))
    if load.get("load") == "missing_entry":
        module = problem.meta.kind == "module"
        what, what_zh = ("class", "类") if module else ("function", "函数")
        entry = problem.meta.entry
        text = msg(
            f"`{entry}` must be a {what} defined by your code",
            f"`{entry}` 必须是你的代码中定义的{what_zh}",
        )
        return result(Verdict.REJECTED, [], text)
    verdict, row = error_row("load", False, load.get("error", {}))
    row.message = msg("while loading your code: ", "加载你的代码时出错：") + row.message
    return result(verdict, [row], row.message, stdout)


def _judge_case(
    problem: Problem,
    prepared: PreparedCase,
    message: dict,
    *,
    show_all: bool = False,
    source_lines: int = 0,
) -> tuple[Verdict, CaseResult]:
    if prepared.case.hidden and not show_all:
        message = redact_hidden(message, source_lines)
    verdict, row = _judge_values(problem, prepared, message, show_all=show_all)
    if not row.passed and row.hidden and not show_all:
        row.details[WARNED] = warned(message, hidden=True)  # hidden_row says it after its own
    elif not row.passed:
        row.message += warned(message, row.hidden)
    return verdict, row


def _judge_values(
    problem: Problem, prepared: PreparedCase, message: dict, *, show_all: bool = False
) -> tuple[Verdict, CaseResult]:
    name, hidden = prepared.case.name, prepared.case.hidden
    if message.get("forbidden"):
        text = forbidden(message["forbidden"])
        return Verdict.REJECTED, CaseResult(name, False, "forbidden", text, hidden)
    if "error" in message:
        verdict, row = error_row(name, hidden, message["error"])
        cap = prepared.case.memory_mb
        if cap and verdict is Verdict.MEMORY_LIMIT:
            row.message = over_case_memory(cap, prepared.case.memory_hint)
            return verdict, row
        layout = layout_mismatch(prepared, message)
        if layout:  # load_state_dict(strict=True) failed: say which names and shapes differ
            row.kind, row.message = "module", layout
        return verdict, row
    module_problem = check_module(problem, message)
    if module_problem:
        return Verdict.WRONG_ANSWER, CaseResult(name, False, "module", module_problem, hidden)
    mutated = changed_inputs(prepared, message)
    if mutated:
        return Verdict.WRONG_ANSWER, CaseResult(name, False, "mutated", mutated, hidden)
    returns = problem.meta.returns
    outputs = message.get("outputs", [])
    if len(outputs) != len(returns):
        text = return_mismatch(problem, outputs)
        return Verdict.WRONG_ANSWER, CaseResult(name, False, "return", text, hidden)
    details: dict[str, Any] = {}
    checks = []
    for spec, expected, actual in zip(returns, prepared.expected, outputs, strict=True):
        check = compare_output(spec.spec(prepared.case), expected=expected, actual=actual)
        checks.append(check)
        details[spec.name] = check.details
        if spec.many:  # a list of arrays: the message names the array that differs
            continue
        if spec.type == "value":  # a plain value: the message says where it differs
            if show_all:
                check.details["expected"] = expected
                check.details["got"] = actual.get("value")
            continue
        if show_all:  # custom input: both outputs are shown, pass or fail
            check.details["expected"] = plain(expected) if expected.size <= CUSTOM_SHOWN else None
            if "array" in actual and actual["array"].size <= CUSTOM_SHOWN:
                check.details["got"] = plain(actual["array"])
        if check.passed or hidden or "array" not in actual:
            continue  # hidden cases stay hidden: no values beyond the headline
        if expected.size <= SHOWN_VALUES and not show_all:
            check.details["expected"] = plain(expected)
            check.details["got"] = plain(actual["array"])
        if check.kind in ("values", "exact"):
            focus = check.details.get("worst_index") or check.details.get("first_mismatch")
            check.details["heatmap"] = heatmap(expected, actual["array"], focus)
    failed = [c for c in checks if not c.passed]
    if failed:
        kind = failed[0].kind
        verdict = Verdict.RUNTIME_ERROR if kind == "output_limit" else Verdict.WRONG_ANSWER
        return verdict, CaseResult(
            name, False, kind, join("; ", [c.message for c in failed]), hidden, {"checks": details}
        )
    text = join("; ", [c.message for c in checks])
    if prepared.gradients is not None:
        verdict, kind, gradient_text, gradient_details = _check_gradients(
            problem, prepared, message.get("gradients")
        )
        details["gradients"] = gradient_details
        if verdict is not Verdict.ACCEPTED:
            row = CaseResult(name, False, kind, gradient_text, hidden, {"checks": details})
            return verdict, row
        text = join("; ", [text, gradient_text])
    row = CaseResult(name, True, checks[0].kind, text, hidden, {"checks": details})
    return Verdict.ACCEPTED, row


def gradient_spec(problem: Problem, name: str) -> ReturnSpec:
    """Tolerance for a gradient: ten times the first return's, as backprop adds rounding."""
    first = problem.meta.returns[0]
    atol, rtol = max(10 * first.atol, 1e-5), max(10 * first.rtol, 1e-4)
    return ReturnSpec(name, "tensor", "float", atol, rtol)


def _check_gradients(
    problem: Problem, prepared: PreparedCase, report: dict | None
) -> tuple[Verdict, str, Msg, dict]:
    """Compare input and parameter gradients with the reference's."""
    assert prepared.gradients is not None
    if not report:
        text = msg("gradients were not computed", "没有算出梯度")
        return Verdict.RUNTIME_ERROR, "gradient", text, {}
    if report.get("forbidden"):
        return Verdict.REJECTED, "forbidden", forbidden(report["forbidden"]), {}
    if "error" in report:
        error = report["error"]
        text = msg(
            "computing gradients of your output failed: ", "对你的输出求梯度时出错："
        ) + error.get("message", "")
        details = {"traceback": error.get("traceback", ""), "line": error.get("line")}
        return Verdict.WRONG_ANSWER, "gradient", text, details
    if report.get("detached"):
        text = msg(
            "no gradient flows back from your output: it is not connected to the inputs by "
            "autograd (.detach(), .data, .numpy() or building a new tensor from values breaks "
            "the graph)",
            "梯度无法从你的输出反向传播：输出没有通过 autograd 与输入相连"
            "（.detach()、.data、.numpy() 或用数值新建 tensor 都会切断计算图）",
        )
        return Verdict.WRONG_ANSWER, "gradient", text, {}
    details: dict[str, Any] = {}
    groups = (("inputs", "input", "输入"), ("parameters", "parameter", "参数"))
    for group, label, label_zh in groups:
        for name, expected in prepared.gradients.get(group, {}).items():
            actual = report.get(group, {}).get(name, {"missing": True})
            what = msg(f"grad of {label} `{name}`", f"{label_zh} `{name}` 的梯度")
            spec = gradient_spec(problem, what)
            if actual.get("missing"):
                if not np.any(expected):
                    continue
                text = msg(
                    f"no gradient reaches {label} `{name}`: your output does not depend on it "
                    "through autograd",
                    f"没有梯度传到{label_zh} `{name}`：你的输出没有通过 autograd 依赖它",
                )
                return Verdict.WRONG_ANSWER, "gradient", text, details
            actual = {**actual, "type": "tensor"}
            if matches(spec, expected=expected, actual=actual):
                continue  # the common case, without building a report nobody reads
            check = compare_output(spec, expected=expected, actual=actual)
            details[f"{group}.{name}"] = check.details
            if not check.passed:
                return Verdict.WRONG_ANSWER, "gradient", check.message, details
    count = sum(len(v) for v in prepared.gradients.values())
    text = msg(f"{count} gradients match", f"{count} 个梯度都一致")
    return Verdict.ACCEPTED, "gradient", text, details


def _output(message: dict | None, position: int) -> np.ndarray | None:
    """The submission's returned array at `position`, if it returned one there."""
    outputs = (message or {}).get("outputs", [])
    return outputs[position].get("array") if position < len(outputs) else None


def _weights(problem: Problem, message: dict | None) -> np.ndarray | None:
    """The submission's attention weights: a returned value, or the softmax it computed."""
    meta = problem.meta.weights
    if meta is None or not message:
        return None
    if meta.output:
        return _output(message, [r.name for r in problem.meta.returns].index(meta.output))
    return message.get("weights", {}).get("array")


def _numpy(value: Any) -> Any:
    return value.detach().numpy() if isinstance(value, torch.Tensor) else value


def _explain(
    problem: Problem,
    cases: list[PreparedCase],
    messages: list[dict | None],
    rows: list[CaseResult],
    verdicts: list[Verdict],
) -> None:
    """Name what a wrong case does, where a property of the submission's own outputs shows it."""
    spec = problem.meta.returns[0].spec()
    names = {prepared.case.name: index for index, prepared in enumerate(cases)}
    weights_meta = problem.meta.weights
    for index, prepared in enumerate(cases):
        row = rows[index]
        if verdicts[index] is not Verdict.WRONG_ANSWER or row.kind not in ("values", "exact"):
            continue
        this = _output(messages[index], 0)
        if this is None:
            continue
        finding = determinism(messages[index])
        prop = prepared.case.check
        if finding is None and prop is not None:
            base_index = names.get(getattr(prop, "base", ""))
            base = _output(messages[base_index], 0) if base_index is not None else None
            finding = check_case(
                prop,
                spec,
                this=this.astype(np.float64),
                base=_float(base),
                expected=prepared.expected[0],
            )
        if finding is None and weights_meta is not None:
            weights = _weights(problem, messages[index])
            if weights is not None and prepared.weights is not None:
                mask = prepared.case.inputs.get(weights_meta.mask) if weights_meta.mask else None
                if weights.shape == prepared.weights.shape:
                    finding = check_weights(
                        weights,
                        _numpy(mask),
                        blocked_when=weights_meta.blocked,
                        layout=weights_meta.mask_layout,
                    )
        if finding is not None:
            row.kind = finding.kind
            row.message = join("; ", [finding.message, row.message])
            row.details["property"] = finding.details


def _float(array: np.ndarray | None) -> np.ndarray | None:
    return None if array is None else array.astype(np.float64)


ATTENTION_MATRICES = 4  # heads (or batch entries) shown in the attention view
ATTENTION_SIDE = 16


def attention_view(
    problem: Problem,
    cases: list[PreparedCase],
    messages: list[dict | None],
    rows: list[CaseResult],
) -> dict | None:
    """The submission's attention weights beside the reference's, on a sample case.

    The first failing sample case if there is one (that is where the weights tell
    something), else the first sample case. Hidden cases are never shown.
    """
    weights_meta = problem.meta.weights
    if weights_meta is None:
        return None
    order = sorted(range(len(cases)), key=lambda i: rows[i].passed if i < len(rows) else True)
    for index in order:
        prepared, message = cases[index], messages[index]
        reference = prepared.weights
        if prepared.case.hidden or reference is None or reference.ndim < 2:
            continue
        yours = _weights(problem, message)
        if yours is not None and yours.shape != reference.shape:
            yours = None
        matrices = []
        for lead in list(np.ndindex(reference.shape[:-2]))[:ATTENTION_MATRICES]:
            ref = reference[lead][:ATTENTION_SIDE, :ATTENTION_SIDE]
            mine = yours[lead][:ATTENTION_SIDE, :ATTENTION_SIDE] if yours is not None else None
            matrices.append(
                {
                    "index": list(lead),
                    "reference": plain(ref.astype(np.float64)),
                    "yours": plain(mine.astype(np.float64)) if mine is not None else None,
                }
            )
        return {
            "case": prepared.case.name,
            "shape": list(reference.shape),
            "source": "captured" if weights_meta.capture else "returned",
            "captured": yours is not None,
            "matrices": matrices,
        }
    return None
