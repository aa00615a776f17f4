"""What a candidate is told: the words for errors, limits, returns, layouts and warnings.

Pure functions of what the child reported and of the contract; the verdicts themselves are
decided in app.judge.grade. Every message is built in both languages (graders.text).
"""

from __future__ import annotations

import builtins
import re
import signal
from typing import Any

import numpy as np

from app.bank.model import Problem
from app.limits import SandboxLimits
from app.sandbox.pool import RunReport
from app.sandbox.protocol import EXIT_HARNESS_FAILED, out_of_memory
from app.trusted.runner import PreparedCase
from graders.properties import Finding
from graders.result import CaseResult, Verdict
from graders.text import Msg, join, msg

SANDBOX_RULES = msg(
    "the sandbox allows no new processes or threads, no network, no file writes, "
    "and reads only Python's own libraries",
    "沙箱里不能创建新进程或线程，不能联网，不能写文件，只能读取 Python 自带的库",
)


def how_it_ended(report: RunReport, limits: SandboxLimits) -> tuple[Verdict, str, Msg]:
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


def changed_inputs(prepared: PreparedCase, message: dict) -> Msg | None:
    """Say which inputs the code changed in place, of those it must leave as they were."""
    after = message.get("inputs_after", {})
    changed = []
    for name, exports in after.items():
        original = prepared.case.inputs.get(name)
        items = original if isinstance(original, tuple | list) else [original]
        before = [
            item.detach().numpy() if hasattr(item, "detach") else np.asarray(item) for item in items
        ]
        same = len(before) == len(exports) and all(
            "array" in e
            and e["array"].shape == b.shape
            and np.array_equal(e["array"], b, equal_nan=b.dtype.kind == "f")
            for e, b in zip(exports, before, strict=False)
        )
        if not same:
            changed.append(name)
    if not changed:
        return None
    names = ", ".join(f"`{name}`" for name in changed)
    return msg(
        f"your code changed {names} in place; leave what is passed in as it was and return "
        "new tensors (torch.cat makes new ones; copy_, +=, and slice assignment do not)",
        f"你的代码原地修改了 {names}；传进来的张量要保持原样，返回新的张量"
        "（torch.cat 会生成新张量；copy_、+= 和切片赋值不会）",
    )


def over_case_memory(cap_mb: int, hint: Any = None, used_mb: int | None = None) -> Msg:
    """A case with its own memory cap ran out of it: say the cap, and how to stay under."""
    if used_mb is None:
        text = msg(
            f"memory limit exceeded: this case allows {cap_mb} MiB beyond what your process "
            "already held, and your code needed more",
            f"超出内存限制：本用例只允许在进程已有内存之外再用 {cap_mb} MiB，你的代码用得更多",
        )
    else:
        text = msg(
            f"memory limit exceeded: your code used about {used_mb} MiB more during this case; "
            f"the cap for this case is {cap_mb} MiB",
            f"超出内存限制：你的代码在本用例中多用了约 {used_mb} MiB；本用例的上限是 {cap_mb} MiB",
        )
    if hint is not None:
        text += msg(f". {hint.en}", f"。{hint.zh}")
    return text


def error_row(name: str, hidden: bool, error: dict) -> tuple[Verdict, CaseResult]:
    details = {"traceback": error.get("traceback", ""), "line": error.get("line")}
    if out_of_memory(error):
        text = msg("memory limit exceeded: ", "超出内存限制：") + error["message"]
        return Verdict.MEMORY_LIMIT, CaseResult(name, False, "memory_limit", text, hidden, details)
    if error.get("redacted"):
        kind, line = error.get("type", "Exception"), error.get("line")
        where = msg(f" on line {line}", f"（第 {line} 行）") if line else Msg("")
        text = (
            msg(f"{kind} raised in a hidden case", f"隐藏用例中抛出了 {kind}")
            + where
            + msg(" (a hidden case's error message is not shown)", "；隐藏用例不显示异常信息")
        )
        return Verdict.RUNTIME_ERROR, CaseResult(name, False, "error", text, hidden, details)
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


def explain_call_errors(problem: Problem, rows: list[CaseResult], submitted: str | None) -> None:
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


def merge_repeated_errors(rows: list[CaseResult]) -> None:
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


# What numpy and torch say when arithmetic overflows: fixed words, safe to show for a hidden
# case too (anything else a hidden case emits could carry its inputs out).
_NUMERIC_WARNING = re.compile(
    r"(overflow|underflow|invalid value|divide by zero) encountered in [\w ]{1,40}"
)


def warned(message: dict, hidden: bool) -> Msg:
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


def forbidden(api: str) -> Msg:
    """The message for a forbidden API the sandbox saw being used."""
    return msg(f"{api} is not allowed in this problem", f"本题不允许使用 {api}")


def layout_mismatch(prepared: PreparedCase, message: dict) -> Msg | None:
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


def check_module(problem: Problem, message: dict) -> Msg | None:
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


def determinism(message: dict | None) -> Finding | None:
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


# Exception classes whose names are safe to repeat for a hidden case: Python's own, and the
# two numpy and torch raise. A class the code defines could carry data in its name.
_KNOWN_ERRORS = frozenset(
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
) | {"AxisError", "LinAlgError"}


def redact_hidden(message: dict, source_lines: int) -> dict:
    """A hidden case's answer without anything the code could have written into it.

    Exception texts, the names of its own classes and functions, warning texts and the
    shapes in scope could all carry a hidden input out; what stays is what went wrong: the
    kind of error and its line, the verdict and the statistics of the comparison.
    """
    out = dict(message)
    if isinstance(out.get("error"), dict):
        out["error"] = _redacted_error(out["error"], source_lines)
    gradients = out.get("gradients")
    if isinstance(gradients, dict) and isinstance(gradients.get("error"), dict):
        out["gradients"] = {**gradients, "error": _redacted_error(gradients["error"], source_lines)}
    outputs = out.get("outputs")
    if isinstance(outputs, list):
        out["outputs"] = [
            {**o, "wrong_type": "another type"} if isinstance(o, dict) and "wrong_type" in o else o
            for o in outputs
        ]
    return out


def _redacted_error(error: dict, source_lines: int) -> dict:
    kind = error.get("type")
    memory = out_of_memory(error)
    if memory:
        kind = "MemoryError"
    elif kind not in _KNOWN_ERRORS:
        kind = "Exception"
    line = error.get("line")
    line = line if isinstance(line, int) and 0 < line <= source_lines else None
    return {
        "type": kind,
        "message": kind,
        "traceback": "",
        "line": line,
        "redacted": True,
    }
