"""Progress and drafts: what the learner solved and attempted, the progress page, and the
draft the page saves as the candidate types.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from app.bank.model import TOPICS
from app.store import history as stored
from app.web.bodies import CODE_FIELD, draft_code, json_request
from app.web.deps import BankDep, ProblemDep, identity_of, store_of
from app.web.present import time_ago
from app.web.render import render_page

router = APIRouter()


@router.get("/api/progress", tags=["learner"])
async def get_progress(request: Request, bank: BankDep) -> dict[str, Any]:
    """Solved and attempted problems (also per topic), the day streak, recent activity."""
    topics = {problem.id: problem.meta.topic for problem in bank.ordered()}
    who = await identity_of(request).who()
    if who is None:
        return {
            "solved": [],
            "attempted": [],
            "per_topic": stored.empty_topics(topics),
            "streak": 0,
            "active_days": 0,
            "recent": [],
        }
    return await anyio.to_thread.run_sync(
        lambda: stored.progress(store_of(request), who.learner_id, topics)
    )


@router.get("/api/problems/{problem_id}/draft", tags=["learner"])
async def get_draft(request: Request, problem: ProblemDep) -> dict[str, Any]:
    """The learner's saved draft: {"code", "updated_at"}; 404 if none was saved."""
    who = await identity_of(request).who()
    found = None
    if who is not None:
        found = await anyio.to_thread.run_sync(
            lambda: stored.draft(store_of(request), who.learner_id, problem.id)
        )
    if found is None:
        raise HTTPException(404, f"no draft saved for {problem.id!r}")
    return found


@router.put(
    "/api/problems/{problem_id}/draft",
    openapi_extra={
        "requestBody": json_request(
            ["code"],
            {"code": CODE_FIELD},
        )
    },
    tags=["learner"],
)
async def put_draft(request: Request, problem: ProblemDep) -> Any:
    """Save the learner's draft for a problem (the page does it as the candidate types)."""
    body = await request.body()
    code = draft_code(body)
    who = await identity_of(request).learner()
    quota = request.app.state.settings.quota()
    return await anyio.to_thread.run_sync(
        lambda: stored.save_draft(store_of(request), who.learner_id, problem.id, code, quota)
    )


@router.get("/progress", include_in_schema=False)
async def progress_page(request: Request, bank: BankDep) -> Response:
    """Solved and attempted problems per topic, the streak, recent activity."""
    data = await get_progress(request, bank)
    problems = bank.ordered()
    solved, attempted = set(data["solved"]), set(data["attempted"])
    topics = [
        {
            "topic": topic,
            **data["per_topic"][topic],
            "unfinished": [
                p for p in problems if p.meta.topic == topic and p.id in attempted - solved
            ],
        }
        for topic in TOPICS
        if topic in data["per_topic"]
    ]
    context = {
        **data,
        "topics": topics,
        "total": len(problems),
        "solved_in_bank": sum(p.id in solved for p in problems),
        "titles": {p.id: p.meta.title for p in problems},
        "ago": time_ago,
    }
    return render_page(request, "progress.html", context)
