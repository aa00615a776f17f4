"""Problems: the list, a problem's page, and the same as JSON with its hints and editorial."""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from app.bank.model import TOPICS
from app.judge.custom import (
    custom_template,
)
from app.store import history, mock, review
from app.web.deps import (
    BankDep,
    ProblemDep,
    SettingsDep,
    limits_view,
)
from app.web.i18n import pick_language, when_text
from app.web.present import detail, problem_context, render_markdown, summary
from app.web.render import render_page

router = APIRouter()


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def index(request: Request, bank: BankDep, difficulty: str = "") -> Response:
    """The problem list, grouped by topic, optionally of one difficulty."""
    problems = bank.ordered()
    difficulties = ("easy", "medium", "hard")
    # An unknown difficulty filters nothing rather than showing an empty list.
    wanted = (difficulty,) if difficulty in difficulties else difficulties
    groups = [
        (topic, [p for p in problems if p.meta.topic == topic])
        for topic in TOPICS
        if any(p.meta.topic == topic for p in problems)
    ]
    # Marks from what the server kept, so they follow the learner to another browser. A
    # first visit has no learner yet: it is not made here, by merely looking.
    who = await request.state.identity.who()
    solved: set[str] = set()
    attempted: set[str] = set()
    if who is not None:
        solved, attempted = await anyio.to_thread.run_sync(
            history.marks, request.app.state.store, who.learner_id
        )
    return render_page(
        request,
        "index.html",
        {
            "groups": groups,
            "difficulties": difficulties,
            "difficulty": difficulty if difficulty in difficulties else "",
            "wanted": wanted,
            "shown": sum(p.meta.difficulty in wanted for p in problems),
            "total": len(problems),
            "solved": solved,
            "attempted": attempted,
        },
    )


@router.get("/problems/{problem_id}", response_class=HTMLResponse, include_in_schema=False)
async def problem_page(
    request: Request, problem_id: str, bank: BankDep, settings: SettingsDep
) -> Response:
    """Statement, contract, samples and the editor; in interview mode with ?mock=ID."""
    context = problem_context(request, bank, settings, problem_id)
    context["mock"] = await _running_mock(request, problem_id)
    if context["mock"] is None:
        context["review_due"] = await _review_due(request, problem_id)
    return render_page(request, "problem.html", context)


async def _review_due(request: Request, problem_id: str) -> dict[str, Any] | None:
    """Where the problem stands in the learner's review queue: due now, or when; None when
    it is not queued (it enters with the first accepted Submit)."""
    who = await request.state.identity.who()
    if who is None:
        return None
    item = review.Item("problem", problem_id)
    due = await anyio.to_thread.run_sync(
        review.due_at, request.app.state.store, who.learner_id, item
    )
    if due is None:
        return None
    seconds = (due - review.utcnow()).total_seconds()
    return {"now": seconds <= 0, "when": when_text(seconds, pick_language(request))}


async def _running_mock(request: Request, problem_id: str) -> dict[str, Any] | None:
    """The learner's running mock interview named by ?mock= for this problem, if any: the
    page then hides hints, editorial, history and the attention view, and shows the clock."""
    raw = request.query_params.get("mock", "")
    who = await request.state.identity.who() if raw.isdigit() and len(raw) < 19 else None
    if who is None:
        return None
    session = await anyio.to_thread.run_sync(
        lambda: mock.view(request.app.state.store, who.learner_id, int(raw))
    )
    if session is None or session["finished_at"] or session["problem"] != problem_id:
        return None
    return {"id": session["id"], "ends_at": session["ends_at"]}


@router.get("/api/problems", tags=["api"])
async def list_problems(bank: BankDep) -> list[dict[str, Any]]:
    """Every problem, in display order."""
    return [summary(problem) for problem in bank.ordered()]


@router.get("/api/problems/{problem_id}", tags=["api"])
async def get_problem(problem: ProblemDep, settings: SettingsDep) -> dict[str, Any]:
    """Statement, starter code, signature, tolerances, samples and the custom-input template."""
    return {**detail(problem, limits_view(settings)), "custom_input": custom_template(problem)}


@router.get("/api/problems/{problem_id}/hints/{n}", tags=["api"])
async def get_hint(problem: ProblemDep, n: int) -> dict[str, Any]:
    """Hint n (from 1) in both languages, as Markdown and as HTML (formulas left for KaTeX)."""
    hints = problem.hints
    if not 1 <= n <= min(len(hints.get("en", [])), len(hints.get("zh", []))):
        count = len(hints.get("en", []))
        raise HTTPException(404, f"problem {problem.id!r} has {count} hints, no hint {n}")
    text = {lang: hints[lang][n - 1] for lang in ("zh", "en")}
    return {"n": n, **text, "html": {lang: render_markdown(md) for lang, md in text.items()}}


@router.get("/api/problems/{problem_id}/editorial", tags=["api"])
async def get_editorial(problem: ProblemDep) -> dict[str, Any]:
    """The editorial (Markdown and HTML, both languages) and the reference solution's code."""
    if not all(problem.editorial.get(lang) for lang in ("en", "zh")):
        raise HTTPException(404, f"problem {problem.id!r} has no editorial yet")
    return {
        "editorial": dict(problem.editorial),
        "solution": problem.solution,
        "html": {lang: render_markdown(md) for lang, md in problem.editorial.items()},
    }
