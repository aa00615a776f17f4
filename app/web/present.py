"""Problem data shaped for pages and the JSON API (statements rendered, samples listed)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

import numpy as np
import torch
from fastapi import HTTPException, Request
from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin

from app.bank import Bank
from app.bank.model import Problem
from app.codec import TensorArray
from app.judge.custom import custom_template_text
from app.settings import Settings
from app.trusted import runner
from app.trusted.runner import to_wire
from app.web.deps import limits_view
from app.web.i18n import pick_language
from graders.case import Fixture
from graders.compare import as_written
from graders.text import LANGS


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    # Raw HTML is off: statements are content, never markup that can run script.
    md = MarkdownIt("commonmark", {"html": False}).use(dollarmath_plugin).enable("table")
    # A table wider than a phone scrolls in its own box, not the page.
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("table_close", _table_close)
    for rule in ("fence", "code_block"):
        md.add_render_rule(rule, _focusable_pre(md.renderer.rules[rule]))
    return md


def _table_open(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    return '<div class="table-scroll">' + renderer.renderToken(tokens, idx, options, env)


def _table_close(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    return renderer.renderToken(tokens, idx, options, env) + "</div>\n"


def _focusable_pre(render: Any) -> Any:
    """A code block scrolls sideways when its lines are long: let the keyboard reach it."""

    def rule(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        return render(tokens, idx, options, env).replace("<pre>", '<pre tabindex="0">', 1)

    return rule


def render_markdown(text: str) -> str:
    """HTML of content Markdown; formulas are left as `.math` elements for KaTeX."""
    return _markdown().render(text)


def render_inline(text: str) -> str:
    """HTML of one line of content Markdown (a question), without the paragraph around it."""
    return _markdown().renderInline(text)


def render_statement(problem: Problem, lang: str) -> str:
    """Statement HTML; formulas are left as `.math` elements for KaTeX in the browser."""
    return render_markdown(problem.statement[lang])


def summary(problem: Problem) -> dict[str, Any]:
    """The problem-list row, for both the page and `GET /api/problems`."""
    meta = problem.meta
    return {
        "id": meta.id,
        "title": meta.title.model_dump(),
        "difficulty": meta.difficulty,
        "topic": meta.topic,
        "framework": meta.framework,
        "tags": meta.tags,
        "kind": meta.kind,
    }


def _describe(value: Any) -> Any:
    """A JSON-friendly description of one input or output value."""
    if isinstance(value, Fixture):
        return {"type": "fixture", "name": value.name}
    wire = to_wire(value)
    if isinstance(wire, TensorArray | np.ndarray):
        array = wire.array if isinstance(wire, TensorArray) else wire
        kind = "torch.Tensor" if isinstance(wire, TensorArray) else "numpy.ndarray"
        return {
            "type": kind,
            "dtype": str(array.dtype),
            "shape": list(array.shape),
            "data": array.tolist(),
        }
    if isinstance(wire, list):
        return [_describe(item) for item in wire]
    return wire


def _python_repr(value: Any) -> str:
    if isinstance(value, Fixture):
        return f"{value.name}(...)  # an object built for this case: call it"
    if isinstance(value, torch.Tensor):
        with np.printoptions(precision=4, suppress=True, linewidth=110):
            return f"torch.tensor({np.array2string(value.numpy(), separator=', ')})" + (
                f"  # {str(value.dtype)}" if value.dtype != torch.float32 else ""
            )
    if isinstance(value, np.ndarray):
        with np.printoptions(precision=4, suppress=True, linewidth=110):
            return f"np.array({np.array2string(value, separator=', ')})"
    if isinstance(value, list):
        return "[" + ", ".join(_python_repr(item) for item in value) + "]"
    return repr(value)


def _as_returned(kind: str, array: Any) -> Any:
    """An expected output as the candidate returns it: a tensor for torch problems, pairs
    of strings as the tuples they are written as."""
    if kind == "value":
        return as_written(array)
    if isinstance(array, list):  # a list of arrays
        return [_as_returned(kind, item) for item in array]
    return torch.from_numpy(array.copy()) if kind == "tensor" else array


def _inputs_text(inputs: dict[str, Any]) -> str:
    """Assignments for each input; an input that is another one (self-attention) says so."""
    lines, seen = [], {}
    for key, value in inputs.items():
        same = seen.get(id(value))
        lines.append(f"{key} = {same}" if same else f"{key} = {_python_repr(value)}")
        seen.setdefault(id(value), key)
    return "\n".join(lines)


def sample_cases(problem: Problem) -> list[dict[str, Any]]:
    """Visible cases with their inputs and the reference's outputs."""
    rows = []
    for prepared in runner.fixed(problem):
        case = prepared.case
        if case.hidden:
            continue
        returns = [r.name for r in problem.meta.returns]
        rows.append(
            {
                "name": case.name,
                "note": {"en": case.note.en, "zh": case.note.zh} if case.note else None,
                "init": case.init or None,
                "inputs": {key: _describe(value) for key, value in case.inputs.items()},
                "expected": {
                    name: _describe(array)
                    for name, array in zip(returns, prepared.expected, strict=True)
                },
                "inputs_text": _inputs_text(case.inputs),
                "init_text": ", ".join(f"{k}={v!r}" for k, v in case.init.items()),
                "expected_text": "\n".join(
                    f"{spec.name} = {_python_repr(_as_returned(spec.type, array))}"
                    for spec, array in zip(problem.meta.returns, prepared.expected, strict=True)
                ),
            }
        )
    return rows


def detail(problem: Problem, limits: dict[str, Any]) -> dict[str, Any]:
    """Everything `GET /api/problems/{id}` returns."""
    meta = problem.meta
    samples = sample_cases(problem)
    for row in samples:
        row.pop("inputs_text")
        row.pop("expected_text")
        row.pop("init_text")
    return {
        **summary(problem),
        "entry_point": meta.entry,
        "signature": meta.signature,
        "statement": dict(problem.statement),
        "starter_code": problem.starter,
        "hints": len(problem.hints.get("en", [])),
        "returns": [r.model_dump() for r in meta.returns],
        "tolerances": {
            r.name: ({"exact": True} if not r.floats else {"atol": r.atol, "rtol": r.rtol})
            for r in meta.returns
        },
        "forbidden": list(meta.forbidden.api),
        "module": meta.module.model_dump() if meta.module else None,
        "limits": limits,
        "sample_cases": samples,
        "checks": checks(problem),
    }


def checks(problem: Problem) -> dict[str, Any]:
    """What is checked beyond equality: properties by kind, the gradient tolerance, and the
    cases with a tolerance of their own."""
    from app.judge.grade import gradient_spec

    cases = [prepared.case for prepared in runner.fixed(problem)]
    kinds = sorted({case.check.kind for case in cases if case.check is not None})
    if problem.meta.weights is not None:
        kinds += ["weights_sum", "masked_weight"] if problem.meta.weights.mask else ["weights_sum"]
    if problem.meta.kind == "module":
        kinds.append("determinism")
    gradients = None
    if any(case.grad for case in cases):
        spec = gradient_spec(problem, "gradient")
        gradients = {"atol": spec.atol, "rtol": spec.rtol}
    own = [
        {"case": case.name, "hidden": case.hidden, "atol": case.atol, "rtol": case.rtol}
        for case in cases
        if case.atol is not None or case.rtol is not None
    ]
    return {"properties": kinds, "gradients": gradients, "case_tolerances": own}


def problem_context(
    request: Request, bank: Bank, settings: Settings, problem_id: str
) -> dict[str, Any]:
    problem = bank.get(problem_id)
    if problem is None:
        raise HTTPException(404, f"unknown problem {problem_id!r}")
    lang = pick_language(request)
    return {
        "problem": problem,
        "meta": problem.meta,
        "statement_html": render_statement(problem, lang),
        "samples": sample_cases(problem),
        "hints_html": [render_markdown(hint) for hint in problem.hints.get(lang, [])],
        "has_editorial": all(problem.editorial.get(lang) for lang in LANGS),
        "checks": checks(problem),
        "limits": limits_view(settings),
        "code": problem.starter,
        "custom_input": custom_template_text(problem),
        "questions": request.app.state.deck.linked(problem_id),
        "result": None,
        "error": None,
    }


def time_ago(moment: str | None, t: Any, now: datetime | None = None) -> str:
    """How long ago an ISO time was, in the page's language."""
    if not moment:
        return ""
    then = datetime.fromisoformat(moment.replace("Z", "+00:00"))
    seconds = ((now or datetime.now(UTC)) - then).total_seconds()
    if seconds < 60:
        return t("hist_just_now")
    if seconds < 3600:
        return t("hist_minutes_ago", n=int(seconds // 60))
    if seconds < 86400:
        return t("hist_hours_ago", n=int(seconds // 3600))
    return t("hist_days_ago", n=int(seconds // 86400))
