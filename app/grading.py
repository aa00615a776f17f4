"""grade_submission: static checks, then the sandbox, then trusted comparison and verdict."""

from __future__ import annotations

import signal
import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from app.codec import Caps, CodecError, TensorArray, decode
from app.problems.model import Problem
from app.sandbox.limits import SandboxLimits
from app.sandbox.pool import RunReport, SandboxPool
from app.sandbox.protocol import EXIT_HARNESS_FAILED, out_of_memory
from graders.case import Case
from graders.compare import compare_output, heatmap, matches, plain
from graders.result import VERDICT_ORDER, CaseResult, GradeResult, Verdict
from graders.static_check import check_source

MAX_CODE_BYTES = 64 * 1024
SANDBOX_RULES = (
    "the sandbox allows no new processes or threads, no network, no file writes, "
    "and reads only Python's own libraries"
)
SHOWN_VALUES = 64  # expected/got arrays up to this size are echoed for visible cases
_prepare_lock = threading.Lock()


@dataclass(frozen=True)
class PreparedCase:
    """A case with its reference outputs, computed once in the trusted process."""

    case: Case
    wire: dict[str, Any]
    expected: list[np.ndarray]
    # Outputs of each known-mistake variant on this case, by diagnosis tag.
    variants: dict[str, list[np.ndarray]]


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
    inputs = _fresh(case.inputs)
    if problem.meta.kind == "function":
        return _as_arrays(problem.reference(**inputs)), None
    torch.manual_seed(case.seed)
    module = problem.reference(**case.init)
    module.eval()
    with torch.no_grad():
        outputs = _as_arrays(module(**inputs))
    assert problem.meta.module is not None
    state = dict(module.state_dict()) if problem.meta.module.load_state_dict else None
    return outputs, state


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
                expected, state = reference_outputs(problem, case)
                if len(expected) != len(problem.meta.returns):
                    raise ValueError(f"{problem.id}: reference returned {len(expected)} values")
                wire = {
                    "inputs": to_wire(case.inputs),
                    "init": case.init,
                    "state": to_wire(state) if state is not None else None,
                }
                variants = variant_outputs(problem, case, state)
                prepared.append(PreparedCase(case, wire, expected, variants))
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


def _worst(verdicts: list[Verdict]) -> Verdict:
    return min(verdicts, key=VERDICT_ORDER.index) if verdicts else Verdict.ACCEPTED


def grade_submission(
    *, problem: Problem, code: str, mode: str, pool: SandboxPool, wait_seconds: float = 30.0
) -> GradeResult:
    """Grade `code` on the sample cases (mode 'run') or on every case (mode 'submit')."""
    started = time.monotonic()
    meta = problem.meta

    def result(
        verdict: Verdict, cases: list[CaseResult], message: str = "", stdout: str = ""
    ) -> GradeResult:
        elapsed = int((time.monotonic() - started) * 1000)
        return GradeResult(
            problem=problem.id,
            verdict=verdict,
            cases=cases,
            duration_ms=elapsed,
            message=message,
            mode=mode,
            stdout=stdout,
        )

    if len(code.encode("utf-8")) > MAX_CODE_BYTES:
        return result(Verdict.REJECTED, [], f"code is larger than {MAX_CODE_BYTES} bytes")
    rejection = check_source(code, entry=meta.entry, forbidden_api=meta.forbidden.api)
    if rejection:
        return result(Verdict.REJECTED, [], rejection.message)
    cases = [c for c in prepared_cases(problem) if mode == "submit" or not c.case.hidden]
    job = {
        "code": code,
        "entry": meta.entry,
        "kind": meta.kind,
        "framework": meta.framework,
        "load_state_dict": bool(meta.module and meta.module.load_state_dict),
        "forbidden_api": meta.forbidden.api,
        "forbidden_aten": meta.forbidden.aten,
    }
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
) -> GradeResult:
    caps = Caps(max_bytes=limits.output_bytes)
    messages: list[dict] = []
    for frame in report.frames:
        try:
            message = decode(frame, caps)
        except CodecError as exc:
            return result(Verdict.RUNTIME_ERROR, [], f"your code's output could not be read: {exc}")
        if not isinstance(message, dict):
            return result(Verdict.RUNTIME_ERROR, [], "your code's output could not be read")
        messages.append(message)
    ended = _how_it_ended(report, limits)
    if not messages:
        row = CaseResult("load", False, ended[1], ended[2])
        return result(ended[0], [row], ended[2], report.stdout)
    if messages[0].get("load") != "ok":
        return _load_failure(problem, messages[0], result, report.stdout)
    by_index = {m.get("case"): m for m in messages[1:] if "case" in m}
    rows: list[CaseResult] = []
    verdicts: list[Verdict] = []
    stopped = any(m.get("stopped") == "memory_limit" for m in messages[1:])
    if stopped:
        ended = (Verdict.MEMORY_LIMIT, "not_run", "")
    for index, prepared in enumerate(cases):
        message = by_index.get(index)
        if message is not None:
            verdict, row = _judge_case(problem, prepared, message)
        else:
            verdict, kind, text = ended
            if stopped:
                kind, text = "not_run", "not run: an earlier case stopped your code"
            stopped = True
            row = CaseResult(prepared.case.name, False, kind, text, prepared.case.hidden)
        rows.append(row)
        verdicts.append(verdict)
    final = _worst(verdicts)
    # The headline is the first case that earned the final verdict, not merely the first failure.
    summary = next((row.message for row, v in zip(rows, verdicts, strict=True) if v is final), "")
    if final is Verdict.ACCEPTED:
        summary = ""
    graded = result(final, rows, summary, report.stdout)
    if final is Verdict.WRONG_ANSWER:
        graded.diagnosis = diagnose(problem, cases, [by_index.get(i) for i in range(len(cases))])
    return graded


def diagnose(problem: Problem, cases: list[PreparedCase], messages: list[dict | None]) -> list[str]:
    """Tags of the known mistakes whose outputs the submission matches on every case."""
    specs = [r.spec() for r in problem.meta.returns]
    tags = []
    for tag in problem.mistakes:
        if all(
            message is not None
            and len(message.get("outputs", [])) == len(specs)
            and all(
                matches(spec, expected=expected, actual=actual)
                for spec, expected, actual in zip(
                    specs, prepared.variants[tag], message["outputs"], strict=True
                )
            )
            for prepared, message in zip(cases, messages, strict=True)
        ):
            tags.append(tag)
    return tags


def _how_it_ended(report: RunReport, limits: SandboxLimits) -> tuple[Verdict, str, str]:
    """Verdict for cases that produced no frame, from how the child ended."""
    if report.status == "timeout":
        text = f"time limit exceeded ({limits.wall_seconds:g} s wall clock)"
        return Verdict.TIME_LIMIT, "time_limit", text
    if report.exit_code == -signal.SIGXCPU or report.cpu_seconds >= int(limits.cpu_seconds):
        return (
            Verdict.TIME_LIMIT,
            "time_limit",
            f"time limit exceeded ({limits.cpu_seconds:g} s CPU)",
        )
    if report.status == "output_limit":
        text = f"output is larger than the {limits.output_bytes // 1024} KiB limit"
        return Verdict.RUNTIME_ERROR, "output_limit", text
    if report.exit_code == EXIT_HARNESS_FAILED:
        return Verdict.RUNTIME_ERROR, "crash", "the grading harness failed inside the sandbox"
    if report.status == "signaled":
        name = (
            signal.Signals(-report.exit_code).name
            if -report.exit_code in signal.valid_signals()
            else "?"
        )
        return Verdict.RUNTIME_ERROR, "crash", f"your code crashed ({name})"
    return (
        Verdict.RUNTIME_ERROR,
        "crash",
        "your code exited before finishing (sys.exit or os._exit?)",
    )


def _error_row(name: str, hidden: bool, error: dict) -> tuple[Verdict, CaseResult]:
    details = {"traceback": error.get("traceback", ""), "line": error.get("line")}
    if out_of_memory(error):
        return Verdict.MEMORY_LIMIT, CaseResult(
            name,
            False,
            "memory_limit",
            "memory limit exceeded: " + error["message"],
            hidden,
            details,
        )
    message = error.get("message", "")
    if error.get("type") == "PermissionError" or "can't start new thread" in message:
        message += f" ({SANDBOX_RULES})"
    return Verdict.RUNTIME_ERROR, CaseResult(name, False, "error", message, hidden, details)


def _load_failure(problem: Problem, load: dict, result: Any, stdout: str) -> GradeResult:
    if load.get("forbidden"):
        return result(Verdict.REJECTED, [], f"{load['forbidden']} is not allowed in this problem")
    if load.get("load") == "missing_entry":
        what = "class" if problem.meta.kind == "module" else "function"
        return result(
            Verdict.REJECTED, [], f"`{problem.meta.entry}` must be a {what} defined by your code"
        )
    verdict, row = _error_row("load", False, load.get("error", {}))
    row.message = "while loading your code: " + row.message
    return result(verdict, [row], row.message, stdout)


def _judge_case(
    problem: Problem, prepared: PreparedCase, message: dict
) -> tuple[Verdict, CaseResult]:
    name, hidden = prepared.case.name, prepared.case.hidden
    if message.get("forbidden"):
        text = f"{message['forbidden']} is not allowed in this problem"
        return Verdict.REJECTED, CaseResult(name, False, "forbidden", text, hidden)
    if "error" in message:
        return _error_row(name, hidden, message["error"])
    module_problem = _check_module(problem, message)
    if module_problem:
        return Verdict.WRONG_ANSWER, CaseResult(name, False, "module", module_problem, hidden)
    returns = problem.meta.returns
    outputs = message.get("outputs", [])
    if len(outputs) != len(returns):
        names = ", ".join(r.name for r in returns)
        want = f"a tuple ({names})" if len(returns) > 1 else "a single value"
        return Verdict.WRONG_ANSWER, CaseResult(
            name, False, "return", f"expected {want}, got {len(outputs)} value(s)", hidden
        )
    details: dict[str, Any] = {}
    checks = []
    for spec, expected, actual in zip(returns, prepared.expected, outputs, strict=True):
        check = compare_output(spec.spec(), expected=expected, actual=actual)
        checks.append(check)
        details[spec.name] = check.details
        if check.passed or hidden or "array" not in actual:
            continue  # hidden cases stay hidden: no values beyond the headline
        if expected.size <= SHOWN_VALUES:
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
            name, False, kind, "; ".join(c.message for c in failed), hidden, {"checks": details}
        )
    return Verdict.ACCEPTED, CaseResult(
        name,
        True,
        checks[0].kind,
        "; ".join(c.message for c in checks),
        hidden,
        {"checks": details},
    )


def _check_module(problem: Problem, message: dict) -> str | None:
    module = problem.meta.module
    if module is None:
        return None
    buffers, parameters = message.get("buffers", {}), message.get("parameters", {})
    for name in module.buffers:
        if name in parameters:
            return f"`{name}` is an nn.Parameter; register it with register_buffer('{name}', ...)"
        if name not in buffers:
            return f"the module has no buffer named `{name}` (use register_buffer('{name}', ...))"
    return None
