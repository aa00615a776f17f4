"""Mock interviews over HTTP: start one, answer its questions, finish, read the report."""

from __future__ import annotations

import random
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from app import practice
from app.bank.model import TOPICS
from app.store import mock
from app.store.history import progress
from app.web.bodies import json_body
from app.web.deps import BankDep, DeckDep, RowId, identity_of, store_of
from app.web.i18n import add_strings, pick_language
from app.web.present import render_markdown
from app.web.render import render_page

router = APIRouter(tags=["mock"])


@router.post("/api/mock")
async def start_mock(request: Request, bank: BankDep, deck: DeckDep) -> dict[str, Any]:
    """Start a mock interview: body `{"topic"?: str, "minutes"?: int}` (30 by default)."""
    data = json_body(await request.body(), '{"topic": "attention", "minutes": 30}')
    topic, minutes = data.get("topic"), data.get("minutes", mock.DEFAULT_MINUTES)
    if topic is not None and topic not in TOPICS:
        raise HTTPException(422, f'"topic" must be one of {", ".join(TOPICS)}')
    if not isinstance(minutes, int) or isinstance(minutes, bool):
        raise HTTPException(422, '"minutes" must be a whole number')
    who = await identity_of(request).learner()
    store = store_of(request)
    topics = {p.id: p.meta.topic for p in bank.ordered()}

    def begin() -> dict[str, Any]:
        solved = set(progress(store, who.learner_id, topics)["solved"])
        problem, questions = practice.choose_mock(bank, deck, solved, topic, random.SystemRandom())
        return mock.start(store, who.learner_id, problem, questions, minutes)

    try:
        return await anyio.to_thread.run_sync(begin)
    except mock.MockError as exc:
        raise HTTPException(422, str(exc)) from None


@router.get("/api/mock")
async def list_mocks(request: Request) -> list[dict[str, Any]]:
    """The learner's mock interviews, newest first."""
    who = await identity_of(request).who()
    if who is None:
        return []
    return await anyio.to_thread.run_sync(lambda: mock.listing(store_of(request), who.learner_id))


async def _own_view(request: Request, mock_id: int) -> dict[str, Any]:
    who = await identity_of(request).who()
    found = None
    if who is not None:
        found = await anyio.to_thread.run_sync(
            lambda: mock.view(store_of(request), who.learner_id, mock_id)
        )
    if found is None:
        raise HTTPException(404, f"no mock interview {mock_id} of yours")
    return found


@router.get("/api/mock/{mock_id}")
async def get_mock(request: Request, mock_id: RowId) -> dict[str, Any]:
    """One mock interview: problem, questions, answers, attempts; the report once it ended."""
    return await _own_view(request, mock_id)


@router.put("/api/mock/{mock_id}/answers/{n}")
async def answer_question(request: Request, mock_id: RowId, n: int) -> dict[str, Any]:
    """Keep the answer to question n: `{"answer": str, "rating"?: again|hard|good|easy,
    "seconds"?: int}`."""
    who = await identity_of(request).who()
    if who is None:  # nobody's session: no interview of theirs to answer
        raise HTTPException(404, f"no mock interview {mock_id} of yours")
    data = json_body(await request.body(), '{"answer": "...", "rating": "good", "seconds": 120}')
    text, rating, seconds = data.get("answer", ""), data.get("rating"), data.get("seconds", 0)
    if not isinstance(text, str):
        raise HTTPException(422, '"answer" must be a string')
    if not isinstance(seconds, int) or isinstance(seconds, bool):
        raise HTTPException(422, '"seconds" must be a whole number')
    try:
        return await anyio.to_thread.run_sync(
            lambda: mock.answer(
                store_of(request), who.learner_id, mock_id, n, text, rating, seconds
            )
        )
    except mock.MockError as exc:
        raise HTTPException(422, str(exc)) from None
    except LookupError:
        raise HTTPException(404, f"no mock interview {mock_id} of yours") from None


@router.post("/api/mock/{mock_id}/finish")
async def finish_mock(request: Request, mock_id: RowId) -> dict[str, Any]:
    """End the mock interview now; its report."""
    who = await identity_of(request).who()
    found = None
    if who is not None:  # mock.finish checks the interview is theirs
        found = await anyio.to_thread.run_sync(
            lambda: mock.finish(store_of(request), who.learner_id, mock_id)
        )
    if found is None:
        raise HTTPException(404, f"no mock interview {mock_id} of yours")
    return found


@router.get("/mock", response_class=HTMLResponse, include_in_schema=False)
async def mock_index(request: Request, bank: BankDep) -> Response:
    """Start a mock interview; the learner's past ones."""
    who = await identity_of(request).who()
    past: list[dict[str, Any]] = []
    if who is not None:
        past = await anyio.to_thread.run_sync(
            lambda: mock.listing(store_of(request), who.learner_id)
        )
    titles = {p.id: {"zh": p.meta.title.zh, "en": p.meta.title.en} for p in bank.ordered()}
    topics = [t for t in TOPICS if any(p.meta.topic == t for p in bank.ordered())]
    context = {
        "past": past,
        "titles": titles,
        "topics": topics,
        "minutes": mock.DEFAULT_MINUTES,
        "min_minutes": mock.MIN_MINUTES,
        "max_minutes": mock.MAX_MINUTES,
    }
    return render_page(request, "mock_index.html", context)


@router.get("/mock/{mock_id}", response_class=HTMLResponse, include_in_schema=False)
async def mock_page(request: Request, mock_id: RowId, bank: BankDep, deck: DeckDep) -> Response:
    """A mock interview: the clock, the problem, the questions; the report once it ended."""
    who = await identity_of(request).who()
    session = None
    if who is not None:
        session = await anyio.to_thread.run_sync(
            lambda: mock.view(store_of(request), who.learner_id, mock_id)
        )
    if session is None:
        return render_page(request, "mock_missing.html", {"mock_id": mock_id}, status=404)
    lang = pick_language(request)
    problem = bank.get(session["problem"])
    cards = []
    for n, card_id in enumerate(session["questions"], start=1):
        card = deck.cards.get(card_id)
        side = getattr(card, lang) if card is not None else None
        cards.append(
            {
                "n": n,
                "id": card_id,
                "question": side.question if side else card_id,
                "short": side.short if side else "",
                "answer_html": render_markdown(side.answer) if side else "",
                "given": session["answers"].get(str(n), {}),
            }
        )
    context = {"session": session, "problem": problem, "cards": cards, "ratings": mock.RATINGS}
    return render_page(request, "mock_session.html", context)


add_strings(
    {
        "nav_mock": {"zh": "模拟面试", "en": "Mock interview"},
        "mock_title": {"zh": "模拟面试", "en": "Mock interview"},
        "mock_intro": {
            "zh": "限时完成一道手撕题和三道相关的面试问答，像真面试一样：不看提示、不看题解、"
            "不看注意力可视化。结束后给出每一部分的用时、提交次数和结果，以及你对每道问答的自评。",
            "en": "One coding problem and three related interview questions against the "
            "clock, as in a real interview: no hints, no editorial, no attention view. At the "
            "end, a report gives the time spent on each part, your attempts and verdicts, "
            "and how you rated your own answers.",
        },
        "mock_topic": {"zh": "主题", "en": "Topic"},
        "mock_any_topic": {"zh": "随机", "en": "Any"},
        "mock_minutes": {"zh": "时长（分钟）", "en": "Length (minutes)"},
        "mock_start": {"zh": "开始", "en": "Start"},
        "mock_needs_js": {
            "zh": "开始模拟面试需要启用 JavaScript。",
            "en": "Starting a mock interview needs JavaScript.",
        },
        "mock_past": {"zh": "以前的模拟面试", "en": "Past mock interviews"},
        "mock_none": {"zh": "还没有模拟面试记录。", "en": "No mock interviews yet."},
        "mock_running": {"zh": "进行中", "en": "running"},
        "mock_ended": {"zh": "已结束", "en": "ended"},
        "mock_left": {"zh": "剩余时间", "en": "Time left"},
        "mock_time_up": {"zh": "时间到", "en": "Time is up"},
        "mock_part_problem": {"zh": "第一部分：手撕代码", "en": "Part 1: the code"},
        "mock_open_problem": {
            "zh": "在面试模式下打开这道题",
            "en": "Open the problem in interview mode",
        },
        "mock_attempts": {"zh": "本场提交", "en": "Attempts in this interview"},
        "mock_no_attempts": {"zh": "还没有提交。", "en": "No attempts yet."},
        "mock_part_questions": {"zh": "第二部分：面试问答", "en": "Part 2: the questions"},
        "mock_your_answer": {"zh": "你的回答", "en": "Your answer"},
        "mock_rate": {"zh": "自评", "en": "Rate your answer"},
        "mock_rating_reviews": {
            "zh": "第一次自评会记入复习队列，之后改评分不再重复计入。",
            "en": "Your first rating also schedules this card in Review; changing it later "
            "does not count twice.",
        },
        "mock_save": {"zh": "保存回答", "en": "Save the answer"},
        "mock_saved": {"zh": "已保存", "en": "Saved"},
        "mock_save_failed": {
            "zh": "保存失败：{error}",
            "en": "Could not save: {error}",
        },
        "mock_finish": {"zh": "结束面试，查看报告", "en": "Finish and see the report"},
        "mock_finish_confirm": {
            "zh": "确定现在结束吗？结束后不能再修改回答。",
            "en": "Finish now? Answers cannot change afterwards.",
        },
        "mock_report": {"zh": "面试报告", "en": "Report"},
        "mock_total": {"zh": "总用时", "en": "Total time"},
        "mock_solved_in": {"zh": "通过用时", "en": "Solved in"},
        "mock_not_solved": {"zh": "没有通过", "en": "Not solved"},
        "mock_runs_submits": {
            "zh": "运行 {runs} 次，提交 {submits} 次",
            "en": "{runs} runs, {submits} submits",
        },
        "mock_question_time": {"zh": "用时", "en": "Time"},
        "mock_unanswered": {"zh": "未作答", "en": "not answered"},
        "mock_unrated": {"zh": "未自评", "en": "not rated"},
        "mock_reference": {"zh": "参考答案", "en": "Reference answer"},
        "mock_ran_out": {
            "zh": "时间用完，面试自动结束。",
            "en": "The time ran out and the interview ended by itself.",
        },
        "mock_missing": {
            "zh": "没有找到这场模拟面试（它可能属于别的浏览器或账号）。",
            "en": "No such mock interview of yours (it may belong to another browser or account).",
        },
        "mock_again": {"zh": "再来一场", "en": "Start another"},
        "mock_interview_mode": {
            "zh": "面试模式：提示、题解、提交记录和注意力图都已隐藏",
            "en": "Interview mode: hints, editorial, history and the attention view are hidden",
        },
        "mock_back": {"zh": "回到面试", "en": "Back to the interview"},
        "mock_rating_again": {"zh": "没答上来", "en": "Missed it"},
        "mock_rating_hard": {"zh": "很勉强", "en": "Barely"},
        "mock_rating_good": {"zh": "答上来了", "en": "Got it"},
        "mock_rating_easy": {"zh": "很轻松", "en": "Easily"},
    }
)
