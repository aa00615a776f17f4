"""grade_submission: static checks, then the sandbox, then trusted comparison and verdict."""

from __future__ import annotations

import contextlib
import re
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from app.codec import Caps, CodecError, TensorArray, decode
from app.diagnosis import diagnose
from app.problems.model import Problem
from app.sandbox.capture import SoftmaxCapture
from app.sandbox.limits import SandboxLimits
from app.sandbox.messages import case_message, load_message
from app.sandbox.pool import RunReport, SandboxPool
from app.sandbox.protocol import EXIT_HARNESS_FAILED, out_of_memory
from graders.case import Case
from graders.compare import ReturnSpec, compare_output, heatmap, matches, plain
from graders.properties import Finding, check_case, check_weights
from graders.result import VERDICT_ORDER, CaseResult, GradeResult, Verdict
from graders.static_check import check_source
from graders.text import Msg, join, msg

MAX_CODE_BYTES = 64 * 1024
SANDBOX_RULES = msg(
    "the sandbox allows no new processes or threads, no network, no file writes, "
    "and reads only Python's own libraries",
    "沙箱里不能创建新进程或线程，不能联网，不能写文件，只能读取 Python 自带的库",
)
SHOWN_VALUES = 64  # expected/got arrays up to this size are echoed for visible cases
CUSTOM_SHOWN = 4096  # values of each output echoed back for a custom input
_prepare_lock = threading.Lock()


@dataclass(frozen=True)
class PreparedCase:
    """A case with its reference outputs, computed once in the trusted process."""

    case: Case
    wire: dict[str, Any]
    expected: list[np.ndarray]
    # Outputs of each known-mistake variant on this case, by diagnosis tag.
    variants: dict[str, list[np.ndarray]]
    # The reference's attention weights (a return value or its captured softmax), if any.
    weights: np.ndarray | None = None
    # Reference gradients of sum(output * cotangent): {"inputs": {...}, "parameters": {...}}.
    gradients: dict[str, dict[str, np.ndarray]] | None = None


def _fresh(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, list | tuple):
        return [_fresh(item) for item in value]
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    return value


def to_wire(value: Any) -> Any:
    """Case data as the codec carries it: tensors become tagged arrays."""
    if isinstance(value, torch.Tensor):
        return TensorArray(value.detach().cpu().numpy().copy())
    if isinstance(value, list | tuple):
        return [to_wire(item) for item in value]
    if isinstance(value, dict):
        return {key: to_wire(item) for key, item in value.items()}
    return value


def _as_arrays(result: Any) -> list[np.ndarray]:
    values = list(result) if isinstance(result, tuple) else [result]
    return [
        v.detach().cpu().numpy() if isinstance(v, torch.Tensor) else np.asarray(v) for v in values
    ]


def reference_outputs(problem: Problem, case: Case) -> tuple[list[np.ndarray], dict | None]:
    """Run the trusted reference on fresh copies of a case's inputs (and weights, if any)."""
    outputs, state, _ = _reference_run(problem, case)
    return outputs, state


def _reference_run(
    problem: Problem, case: Case
) -> tuple[list[np.ndarray], dict | None, np.ndarray | None]:
    """Reference outputs, module weights, and the last softmax it computed (if asked to)."""
    inputs = _fresh(case.inputs)
    weights = problem.meta.weights
    capture = SoftmaxCapture() if weights and weights.capture else contextlib.nullcontext()
    state = None
    with capture:
        if problem.meta.kind == "function":
            outputs = _as_arrays(problem.reference(**inputs))
        else:
            torch.manual_seed(case.seed)
            module = problem.reference(**case.init)
            module.eval()
            with torch.no_grad():
                outputs = _as_arrays(module(**inputs))
            assert problem.meta.module is not None
            state = dict(module.state_dict()) if problem.meta.module.load_state_dict else None
    captured = None
    if isinstance(capture, SoftmaxCapture) and capture.last is not None:
        captured = capture.last.detach().numpy().copy()
    elif weights and weights.output:
        names = [r.name for r in problem.meta.returns]
        captured = outputs[names.index(weights.output)]
    return outputs, state, captured


def cotangents_for(case: Case, expected: list[np.ndarray]) -> list[np.ndarray]:
    """Fixed random directions to backpropagate along, one per returned value."""
    rng = np.random.default_rng(1000 + case.seed)
    return [rng.normal(size=e.shape).astype(e.dtype) for e in expected]


def reference_gradients(
    problem: Problem, case: Case, state: dict | None, cotangents: list[np.ndarray]
) -> dict[str, dict[str, np.ndarray]]:
    """Gradients of sum(output * cotangent) with respect to float inputs and parameters."""
    inputs = _fresh(case.inputs)
    leaves = {
        name: value.requires_grad_(True)
        for name, value in inputs.items()
        if isinstance(value, torch.Tensor) and value.is_floating_point()
    }
    module = None
    if problem.meta.kind == "function":
        result = problem.reference(**inputs)
    else:
        torch.manual_seed(case.seed)
        module = problem.reference(**case.init)
        if state is not None:
            module.load_state_dict(state, strict=True)
        module.eval()
        result = module(**inputs)
    values = list(result) if isinstance(result, tuple) else [result]
    loss = sum((v * torch.from_numpy(c)).sum() for v, c in zip(values, cotangents, strict=True))
    loss.backward()

    def array(grad: torch.Tensor | None, like: torch.Tensor) -> np.ndarray:
        return (grad if grad is not None else torch.zeros_like(like)).detach().numpy().copy()

    gradients = {"inputs": {name: array(leaf.grad, leaf) for name, leaf in leaves.items()}}
    if module is not None:
        gradients["parameters"] = {name: array(p.grad, p) for name, p in module.named_parameters()}
    return gradients


def variant_outputs(problem: Problem, case: Case, state: dict | None) -> dict[str, list]:
    """What each known mistake returns on a case (modules get the reference's weights)."""
    outputs: dict[str, list] = {}
    for tag, variant in problem.mistakes.items():
        inputs = _fresh(case.inputs)
        if problem.meta.kind == "function":
            outputs[tag] = _as_arrays(variant(**inputs))
            continue
        torch.manual_seed(case.seed)
        module = variant(**case.init)
        if state is not None:
            module.load_state_dict(state, strict=True)
        module.eval()
        with torch.no_grad():
            outputs[tag] = _as_arrays(module(**inputs))
    return outputs


def prepared_cases(problem: Problem) -> list[PreparedCase]:
    """Every case of a problem with reference outputs; computed on first use, then cached."""
    with _prepare_lock:
        if problem._prepared is None:
            prepared = []
            for case in problem.build_cases():
                expected, state, weights = _reference_run(problem, case)
                if len(expected) != len(problem.meta.returns):
                    raise ValueError(f"{problem.id}: reference returned {len(expected)} values")
                wire = case_wire(problem, case, state)
                if problem.meta.kind == "module" and not prepared:
                    wire["repeat"] = True  # the first case also checks eval-mode determinism
                gradients = None
                if case.grad:
                    cotangents = cotangents_for(case, expected)
                    wire["cotangents"] = [TensorArray(c) for c in cotangents]
                    gradients = reference_gradients(problem, case, state, cotangents)
                variants = variant_outputs(problem, case, state)
                prepared.append(PreparedCase(case, wire, expected, variants, weights, gradients))
            problem._prepared = prepared
        return problem._prepared


def cases_key(problem: Problem, mode: str) -> str:
    """The key a problem's cases for a mode are preloaded under in the workers."""
    return f"{problem.id}/{mode}"


def preload_cases(problems: list[Problem]) -> dict[str, list]:
    """Case inputs (never expected outputs) of every problem and mode, for the workers."""
    cases: dict[str, list] = {}
    for problem in problems:
        prepared = prepared_cases(problem)
        cases[cases_key(problem, "submit")] = [c.wire for c in prepared]
        cases[cases_key(problem, "run")] = [c.wire for c in prepared if not c.case.hidden]
    return cases


def prepare_custom(problem: Problem, case: Case) -> PreparedCase:
    """A one-off case from a candidate's own inputs, with the reference's outputs.

    The inputs must already be validated and small: the reference runs here, in the trusted
    process. An input the reference itself rejects raises (the caller reports it as a 422).
    """
    expected, state, weights = _reference_run(problem, case)
    return PreparedCase(case, case_wire(problem, case, state), expected, {}, weights, None)


def case_wire(problem: Problem, case: Case, state: dict | None) -> dict[str, Any]:
    """A case as the sandboxed child receives it: inputs, how to call with them, weights.

    The call goes positionally in the contract's order (see app.problems.signature), so
    the candidate's own parameter names never matter.
    """
    signature = problem.signature
    call = signature.layout(case.inputs)
    wire: dict[str, Any] = {
        "inputs": to_wire(signature.fill(case.inputs, call)),
        "call": call.wire(),
        "init": case.init,
        "state": to_wire(state) if state is not None else None,
    }
    if problem.meta.kind == "module":
        construct = signature.layout(case.init, constructor=True)
        wire["init"] = signature.fill(case.init, construct, constructor=True)
        wire["init_call"] = construct.wire()
    return wire


def grade_custom(
    *, problem: Problem, code: str, prepared: PreparedCase, pool: SandboxPool, wait: float = 30.0
) -> GradeResult:
    """Run `code` on one custom case and put its output beside the reference's (mode 'custom')."""
    result = _result_maker(problem, "custom")
    meta = problem.meta
    rejection = check_source(code, entry=meta.entry, forbidden_api=meta.forbidden.api)
    if rejection:
        return result(Verdict.REJECTED, [], rejection.message)
    job = {**_job(problem, code), "cases": [prepared.wire]}
    report = pool.run(job, wait_seconds=wait)
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


def _job(problem: Problem, code: str) -> dict[str, Any]:
    """What the sandboxed child needs to run `code` (cases are added by the caller)."""
    meta = problem.meta
    return {
        "code": code,
        "entry": meta.entry,
        "kind": meta.kind,
        "framework": meta.framework,
        "load_state_dict": bool(meta.module and meta.module.load_state_dict),
        "forbidden_api": meta.forbidden.api,
        "forbidden_aten": meta.forbidden.aten,
        "capture_softmax": bool(meta.weights and meta.weights.capture),
        "returns": len(meta.returns),
    }


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
    cases = [c for c in prepared_cases(problem) if mode == "submit" or not c.case.hidden]
    job = _job(problem, code)
    key = cases_key(problem, mode)
    if key in pool.preloaded:
        job["cases_key"] = key
    else:
        job["cases"] = [c.wire for c in cases]
    # SandboxBusy and SandboxFailure are the grader's trouble, not a verdict on the code.
    report = pool.run(job, wait_seconds=wait_seconds)
    return _judge(problem, cases, report, result, pool.limits)


def _judge(
    problem: Problem,
    cases: list[PreparedCase],
    report: RunReport,
    result: Any,
    limits: SandboxLimits,
    *,
    show_all: bool = False,
) -> GradeResult:
    caps = Caps(max_bytes=limits.output_bytes)
    messages: list[dict] = []
    for frame in report.frames:
        try:
            message = decode(frame, caps)
        except CodecError as exc:
            text = msg(
                f"your code's output could not be read: {exc}", f"无法读取你的代码的输出：{exc}"
            )
            return result(Verdict.RUNTIME_ERROR, [], text)
        if not isinstance(message, dict):
            text = msg("your code's output could not be read", "无法读取你的代码的输出")
            return result(Verdict.RUNTIME_ERROR, [], text)
        messages.append(message)
    ended = _how_it_ended(report, limits)
    if not messages:
        row = CaseResult("load", False, ended[1], ended[2])
        return result(ended[0], [row], ended[2], report.stdout)
    unreadable = msg(
        "your code's output could not be read (a malformed result frame)",
        "无法读取你的代码的输出（结果帧格式不对）",
    )
    if not load_message(messages[0]):
        return result(Verdict.RUNTIME_ERROR, [], unreadable, report.stdout)
    if messages[0].get("load") != "ok":
        return _load_failure(problem, messages[0], result, report.stdout)
    if not all(case_message(m) for m in messages[1:]):
        return result(Verdict.RUNTIME_ERROR, [], unreadable, report.stdout)
    by_index = {m.get("case"): m for m in messages[1:] if "case" in m}
    rows: list[CaseResult] = []
    verdicts: list[Verdict] = []
    stopped = any(m.get("stopped") == "memory_limit" for m in messages[1:])
    if stopped:
        ended = (Verdict.MEMORY_LIMIT, "not_run", Msg(""))
    for index, prepared in enumerate(cases):
        message = by_index.get(index)
        if message is not None:
            verdict, row = _judge_case(problem, prepared, message, show_all=show_all)
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
    _explain_call_errors(problem, rows, messages[0].get("signature"))
    _merge_repeated_errors(rows)
    _explain(problem, cases, messages_by_case, rows, verdicts)
    final = _worst(verdicts)
    # The headline is the first case that earned the final verdict, not merely the first failure.
    summary = next((row.message for row, v in zip(rows, verdicts, strict=True) if v is final), "")
    if final is Verdict.ACCEPTED:
        summary = ""
    graded = result(final, rows, summary, report.stdout)
    graded.attention = attention_view(problem, cases, messages_by_case, rows)
    # One hand-made input cannot tell known mistakes apart: custom runs get no diagnosis.
    if final is Verdict.WRONG_ANSWER and not show_all:
        found = diagnose(problem, cases, messages_by_case)
        graded.diagnosis = [e.tag for e in found]
        graded.diagnosis_texts = {e.tag: {"en": e.text.en, "zh": e.text.zh} for e in found}
    return graded


def _how_it_ended(report: RunReport, limits: SandboxLimits) -> tuple[Verdict, str, Msg]:
    """Verdict for cases that produced no frame, from how the child ended."""
    if report.status == "timeout":
        wall = f"{limits.wall_seconds:g}"
        text = msg(
            f"time limit exceeded ({wall} s wall clock)", f"超出时间限制（墙钟时间 {wall} 秒）"
        )
        return Verdict.TIME_LIMIT, "time_limit", text
    if report.exit_code == -signal.SIGXCPU or report.cpu_seconds >= int(limits.cpu_seconds):
        cpu = f"{limits.cpu_seconds:g}"
        text = msg(f"time limit exceeded ({cpu} s CPU)", f"超出时间限制（CPU 时间 {cpu} 秒）")
        return Verdict.TIME_LIMIT, "time_limit", text
    if report.status == "output_limit":
        kib = limits.output_bytes // 1024
        text = msg(f"output is larger than the {kib} KiB limit", f"输出超过了 {kib} KiB 的上限")
        return Verdict.RUNTIME_ERROR, "output_limit", text
    if report.exit_code == EXIT_HARNESS_FAILED:
        text = msg("the grading harness failed inside the sandbox", "沙箱里的评测程序出错了")
        return Verdict.RUNTIME_ERROR, "crash", text
    if report.status == "signaled":
        name = (
            signal.Signals(-report.exit_code).name
            if -report.exit_code in signal.valid_signals()
            else "?"
        )
        return (
            Verdict.RUNTIME_ERROR,
            "crash",
            msg(f"your code crashed ({name})", f"你的代码崩溃了（{name}）"),
        )
    text = msg(
        "your code exited before finishing (sys.exit or os._exit?)",
        "你的代码没有运行完就退出了（调用了 sys.exit 或 os._exit？）",
    )
    return Verdict.RUNTIME_ERROR, "crash", text


def _error_row(name: str, hidden: bool, error: dict) -> tuple[Verdict, CaseResult]:
    details = {"traceback": error.get("traceback", ""), "line": error.get("line")}
    if out_of_memory(error):
        text = msg("memory limit exceeded: ", "超出内存限制：") + error["message"]
        return Verdict.MEMORY_LIMIT, CaseResult(name, False, "memory_limit", text, hidden, details)
    # The exception's own text is the same in both languages; our words around it are not.
    message = Msg(error.get("message", ""))
    if error.get("type") == "PermissionError" or "can't start new thread" in message:
        message += msg(f" ({SANDBOX_RULES})", f"（{SANDBOX_RULES.zh}）")
    found = error.get("shapes")
    if isinstance(found, dict) and isinstance(found.get("shapes"), dict) and found["shapes"]:
        details["shapes"] = found["shapes"]
        hint = shapes_hint(found["shapes"], found.get("on_line"), error.get("line"))
        message = join("; ", [message, hint])
    return Verdict.RUNTIME_ERROR, CaseResult(name, False, "error", message, hidden, details)


def _explain_call_errors(problem: Problem, rows: list[CaseResult], submitted: str | None) -> None:
    """A call that failed before any line of the candidate ran: show both signatures."""
    contract = problem.signature.text(problem.meta.entry, kind=problem.meta.kind)
    for row in rows:
        if (
            row.kind == "error"
            and row.details.get("line") is None
            and row.message.startswith("TypeError")
            and "argument" in row.message
        ):
            row.message += msg(
                f" — the grader calls your code positionally, as the contract declares it: "
                f"`{contract}`",
                f"——评测程序按接口约定的参数顺序，以位置参数调用你的代码：`{contract}`",
            )
            if submitted:
                row.message += msg(f"; yours is `{submitted}`", f"；你写的是 `{submitted}`")


def _merge_repeated_errors(rows: list[CaseResult]) -> None:
    """One error repeated on several cases is said once, with how many cases it hit."""
    first: dict[str, CaseResult] = {}
    repeats: dict[str, int] = {}
    for row in rows:
        if row.passed or row.kind != "error":
            continue
        if row.message in first:
            repeats[row.message] += 1
            earlier = first[row.message].name
            row.message = msg(f"the same error as in “{earlier}”", f"与用例“{earlier}”的错误相同")
        else:
            first[row.message], repeats[row.message] = row, 1
    for message, row in first.items():
        if repeats[message] > 1:
            count = repeats[message]
            row.message = row.message + msg(
                f" (the same error on {count} cases)", f"（{count} 个用例出现同样的错误）"
            )


def _load_failure(problem: Problem, load: dict, result: Any, stdout: str) -> GradeResult:
    if load.get("forbidden"):
        return result(Verdict.REJECTED, [], _forbidden(load["forbidden"]))
    if load.get("load") == "missing_entry":
        module = problem.meta.kind == "module"
        what, what_zh = ("class", "类") if module else ("function", "函数")
        entry = problem.meta.entry
        text = msg(
            f"`{entry}` must be a {what} defined by your code",
            f"`{entry}` 必须是你的代码中定义的{what_zh}",
        )
        return result(Verdict.REJECTED, [], text)
    verdict, row = _error_row("load", False, load.get("error", {}))
    row.message = msg("while loading your code: ", "加载你的代码时出错：") + row.message
    return result(verdict, [row], row.message, stdout)


# What numpy and torch say when arithmetic overflows: fixed words, safe to show for a hidden
# case too (anything else a hidden case emits could carry its inputs out).
_NUMERIC_WARNING = re.compile(
    r"(overflow|underflow|invalid value|divide by zero) encountered in [\w ]{1,40}"
)


def _warned(message: dict, hidden: bool) -> Msg:
    """The warnings a case raised, said after its message ('' if none)."""
    shown = []
    for warning in message.get("warnings", []):
        text = warning["message"]
        if hidden and not (
            warning["category"] == "RuntimeWarning" and _NUMERIC_WARNING.fullmatch(text)
        ):
            continue
        said = Msg(f"{warning['category']}: {text}")  # Python's words, in both languages
        if warning.get("line"):
            said += msg(f" (line {warning['line']})", f"（第 {warning['line']} 行）")
        shown.append(said)
    if not shown:
        return Msg("")
    return msg("; warned: ", "；运行时有警告：") + join("; ", shown)


def _judge_case(
    problem: Problem, prepared: PreparedCase, message: dict, *, show_all: bool = False
) -> tuple[Verdict, CaseResult]:
    verdict, row = _judge_values(problem, prepared, message, show_all=show_all)
    if not row.passed:
        row.message += _warned(message, row.hidden)
    return verdict, row


def _judge_values(
    problem: Problem, prepared: PreparedCase, message: dict, *, show_all: bool = False
) -> tuple[Verdict, CaseResult]:
    name, hidden = prepared.case.name, prepared.case.hidden
    if message.get("forbidden"):
        text = _forbidden(message["forbidden"])
        return Verdict.REJECTED, CaseResult(name, False, "forbidden", text, hidden)
    if "error" in message:
        verdict, row = _error_row(name, hidden, message["error"])
        layout = _layout_mismatch(prepared, message)
        if layout:  # load_state_dict(strict=True) failed: say which names and shapes differ
            row.kind, row.message = "module", layout
        return verdict, row
    module_problem = _check_module(problem, message)
    if module_problem:
        return Verdict.WRONG_ANSWER, CaseResult(name, False, "module", module_problem, hidden)
    returns = problem.meta.returns
    outputs = message.get("outputs", [])
    if len(outputs) != len(returns):
        text = return_mismatch(problem, outputs)
        return Verdict.WRONG_ANSWER, CaseResult(name, False, "return", text, hidden)
    details: dict[str, Any] = {}
    checks = []
    for spec, expected, actual in zip(returns, prepared.expected, outputs, strict=True):
        check = compare_output(spec.spec(), expected=expected, actual=actual)
        checks.append(check)
        details[spec.name] = check.details
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


def _what(outputs: list[dict]) -> str:
    """'tensor', 'array' or the type name of each returned value, as one plural noun."""
    kinds = {
        {"tensor": "tensor", "ndarray": "array"}[o["type"]] if "array" in o else "value"
        for o in outputs
    }
    return kinds.pop() if len(kinds) == 1 else "value"


# What `_what` names, in Chinese: one of them, and a tuple of {count} of them.
_RETURNED_ZH = {
    "tensor": ("单个 tensor", "由 {} 个 tensor 组成的 tuple"),
    "array": ("单个数组", "由 {} 个数组组成的 tuple"),
    "value": ("单个值", "由 {} 个值组成的 tuple"),
}


def return_mismatch(problem: Problem, outputs: list[dict]) -> Msg:
    """What came back against what the contract returns, said plainly."""
    returns = problem.meta.returns
    names = ", ".join(f"`{r.name}`" for r in returns)
    count, noun = len(outputs), _what(outputs)
    single, several = _RETURNED_ZH[noun]
    got = (
        msg(f"a single {noun}", single)
        if count == 1
        else msg(f"a tuple of {count} {noun}s", several.format(count))
    )
    if len(returns) == 1:
        want = msg(f"this problem returns only {names}", f"本题只返回 {names}")
        if problem.meta.weights is not None and count > 1:
            want += msg(" — the weights are not returned here", "——本题不返回注意力权重")
    else:
        want = msg(
            f"this problem returns a tuple of {len(returns)}: ({names})",
            f"本题返回由 {len(returns)} 个值组成的 tuple：({names})",
        )
    return msg("returned ", "你返回了") + got + msg("; ", "；") + want


def _forbidden(api: str) -> Msg:
    """The message for a forbidden API the sandbox saw being used."""
    return msg(f"{api} is not allowed in this problem", f"本题不允许使用 {api}")


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
        return Verdict.REJECTED, "forbidden", _forbidden(report["forbidden"]), {}
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


def _layout_mismatch(prepared: PreparedCase, message: dict) -> Msg | None:
    """Parameter names and shapes that differ from the reference's state_dict, if any."""
    state = prepared.wire.get("state")
    text = str(message["error"].get("message") or "")
    if not state or "state_dict" not in text:
        return None
    want = {key: tuple(value.array.shape) for key, value in state.items()}
    have = {
        key: tuple(shape)
        for group in ("parameters", "buffers")
        for key, shape in message.get(group, {}).items()
    }
    params = set(message.get("parameters", {}))
    missing = [key for key in want if key not in have]
    unexpected = [key for key in sorted(params) if key not in want]
    wrong = [key for key in want if key in have and have[key] != want[key]]
    if not (missing or unexpected or wrong):
        return None

    def shape(dims: tuple[int, ...]) -> str:
        return "(" + ", ".join(map(str, dims)) + ("," if len(dims) == 1 else "") + ")"

    parts = []
    if missing:
        listed = join(", ", [f"`{k}` {shape(want[k])}" for k in missing])
        parts.append(msg("missing ", "缺少 ") + listed)
    if unexpected:
        listed = join(", ", [f"`{k}` {shape(have[k])}" for k in unexpected])
        parts.append(msg("unexpected ", "多出 ") + listed)
    if wrong:
        parts.append(
            join(
                ", ",
                [
                    msg(
                        f"`{k}` is {shape(have[k])}, expected {shape(want[k])}",
                        f"`{k}` 是 {shape(have[k])}，应为 {shape(want[k])}",
                    )
                    for k in wrong
                ],
            )
        )
    return msg(
        "your module's parameters do not match the contract, so the reference weights cannot "
        "be loaded (load_state_dict(strict=True)): ",
        "你的模块参数与接口约定不一致，无法载入参考实现的权重（load_state_dict(strict=True)）：",
    ) + join("; ", parts)


def _check_module(problem: Problem, message: dict) -> Msg | None:
    module = problem.meta.module
    if module is None:
        return None
    buffers, parameters = message.get("buffers", {}), message.get("parameters", {})
    for name in module.buffers:
        register = f"register_buffer('{name}', ...)"
        if name in parameters:
            return msg(
                f"`{name}` is an nn.Parameter; register it with {register}",
                f"`{name}` 是 nn.Parameter；请用 {register} 注册它",
            )
        if name not in buffers:
            return msg(
                f"the module has no buffer named `{name}` (use {register})",
                f"模块中没有名为 `{name}` 的 buffer（请用 {register} 注册）",
            )
        if name in message.get("transient", []):
            return msg(
                f"`{name}` is registered with persistent=False, so it is not in state_dict(); "
                f"the contract needs it saved with the model: {register}",
                f"`{name}` 注册时用了 persistent=False，所以不在 state_dict() 中；"
                f"接口约定要求它随模型一起保存：{register}",
            )
    return None


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
        finding = _determinism(messages[index])
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
                        weights, _numpy(mask), blocked_when=weights_meta.blocked
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


def shapes_hint(shapes: dict[str, Any], on_line: Any, line: int | None) -> Msg:
    """Which shapes met where a shape error happened, by the candidate's own names."""
    where = (
        msg(f"line {line}", f"第 {line} 行") if line else msg("the failing line", "出错的那一行")
    )
    met = [name for name in (on_line or []) if name in shapes]
    rest = [name for name in shapes if name not in met][:12]

    def listed(names: list[str]) -> Msg:
        return join(", ", [f"`{name}` {_shape_text(shapes[name])}" for name in names])

    if met:
        text = msg(f"on {where}, ", f"{where.zh}用到了 ") + listed(met)
        if rest:
            text += msg(" (also in scope: ", "（作用域中还有 ") + listed(rest) + msg(")", "）")
        return text
    return msg(f"arrays in scope at {where}: ", f"{where.zh}作用域中的数组：") + listed(rest)


def _shape_text(shape: Any) -> str:
    if not isinstance(shape, list):
        return "(?)"
    inner = ", ".join(str(n) for n in shape if isinstance(n, int))
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def _determinism(message: dict | None) -> Finding | None:
    """Two calls of a module in eval mode that disagree: dropout or randomness left on."""
    repeat = (message or {}).get("repeat")
    outputs = (message or {}).get("outputs", [])
    if not repeat or len(repeat) != len(outputs):
        return None
    for first, second in zip(outputs, repeat, strict=True):
        a, b = first.get("array"), second.get("array")
        if a is None or b is None or a.shape != b.shape:
            continue
        if not np.array_equal(a, b, equal_nan=True):
            message_text = msg(
                "not deterministic in eval mode: two calls on the same input gave different "
                "outputs; after model.eval() dropout must be off (use nn.Dropout, or "
                "F.dropout(x, p, training=self.training)) and forward must not draw random "
                "numbers",
                "eval 模式下输出不确定：同一输入调用两次，得到的输出不同；model.eval() 之后 "
                "dropout 必须关闭（用 nn.Dropout，或 F.dropout(x, p, training=self.training)），"
                "forward 里也不能生成随机数",
            )
            return Finding("determinism", message_text, {})
    return None
