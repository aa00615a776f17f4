"""Spaced review over HTTP: the due queue, ratings, and the /review page.

`GET /api/review/due` lists what is due; `POST /api/review/qa:<card id>` rates a Q&A card
(a problem is reviewed by submitting it, see app.store.review.on_submission). The /review
page walks the due queue one item at a time; it works without JavaScript (a form posts the
rating to /review), and static/review.js rates in place and refreshes the counts.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Annotated, Any
from urllib.parse import urlencode

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.bank import Bank
from app.qa import Deck
from app.store import review as stored
from app.web.bodies import read_json
from app.web.deps import BankDep, DeckDep
from app.web.i18n import (
    LANGS,
    add_strings,
    interval_text,
    pick_language,
    translator,
    when_text,
)
from app.web.present import render_markdown
from app.web.render import render_page

router = APIRouter(tags=["review"])
MAX_RATING_BODY = 1024
TzQuery = Annotated[
    int,
    Query(
        ge=stored.TZ_RANGE[0],
        le=stored.TZ_RANGE[1],
        description="The browser's offset from UTC in minutes east (UTC+8 is 480).",
    ),
]

add_strings(
    {
        "review_title": {"zh": "复习", "en": "Review"},
        "review_intro": {
            "zh": "问答卡片和做过的题放在同一个复习队列里，按遗忘曲线（FSRS）安排下次复习。",
            "en": "Q&A cards and solved problems share one queue, scheduled by FSRS to come "
            "back just before you would forget them.",
        },
        "review_due_now": {"zh": "现在待复习", "en": "Due now"},
        "review_due_today": {"zh": "今天到期", "en": "Due today"},
        "review_due_tomorrow": {"zh": "明天到期", "en": "Due tomorrow"},
        "review_position": {"zh": "第 {n} / {total} 项", "en": "Item {n} of {total}"},
        "review_kind_qa": {"zh": "面试问答", "en": "Q&A card"},
        "review_kind_problem": {"zh": "编程题", "en": "Problem"},
        "review_how": {"zh": "这次答得怎么样？", "en": "How well did you answer?"},
        "review_keys": {
            "zh": "（键盘：空格看答案，1–4 打分）",
            "en": "(keys: space shows, 1–4 rate)",
        },
        "rating_again": {"zh": "忘了", "en": "Again"},
        "rating_hard": {"zh": "勉强", "en": "Hard"},
        "rating_good": {"zh": "记得", "en": "Good"},
        "rating_easy": {"zh": "很轻松", "en": "Easy"},
        "review_open_card": {"zh": "打开完整卡片", "en": "Open the whole card"},
        "review_solve_again": {"zh": "再做一遍", "en": "Solve it again"},
        "review_problem_how": {
            "zh": "到期的题靠重新提交来复习：提交通过记为“记得”，没通过（答案错、报错、超时、"
            "超内存、语法错误或用了禁止的 API）记为“忘了”。只点“运行”不算。",
            "en": "A due problem is reviewed by submitting it again: an accepted Submit counts "
            "as Good, any other verdict (wrong answer, an error, a limit, a syntax error or a "
            "forbidden call) as Again. A Run does not count.",
        },
        "review_skip": {"zh": "先跳过", "en": "Skip for now"},
        "review_all_skipped": {
            "zh": "剩下的都跳过了。",
            "en": "You have skipped the rest.",
        },
        "review_start_over": {"zh": "从头再看", "en": "Start over"},
        "review_done": {"zh": "现在没有要复习的了。", "en": "Nothing is due now."},
        "review_next_due": {
            "zh": "下一项 {when}到期。",
            "en": "The next item is due {when}.",
        },
        "review_empty": {
            "zh": "复习队列还是空的：在问答卡片上给自己打个分，或者提交通过一道题，它就会进来。",
            "en": "Your queue is empty: rate yourself on a Q&A card, or solve a problem, "
            "and it joins the queue.",
        },
        "review_rated": {"zh": "已记录，下次复习：{when}", "en": "Saved. Next review {when}."},
        "review_failed": {
            "zh": "没能保存评分，请重试。",
            "en": "The rating was not saved; please try again.",
        },
        "review_bad_rating": {
            "zh": "评分只能是：忘了、勉强、记得、很轻松。",
            "en": "A rating is one of Again, Hard, Good, Easy.",
        },
        "review_rate_card": {
            "zh": "给自己打分，卡片会按时回到复习队列：",
            "en": "Rate yourself; the card comes back in your review queue:",
        },
        "review_in_queue": {"zh": "下次复习：{when}", "en": "Next review {when}"},
    }
)


@lru_cache(maxsize=256)
def _answer_html(text: str) -> str:
    return render_markdown(text)


def _exists(deck: Deck, bank: Bank):  # noqa: ANN202 - a predicate over items
    def exists(item: stored.Item) -> bool:
        if item.kind == "qa":
            return item.id in deck.cards
        return bank.get(item.id) is not None

    return exists


def _titles(item: stored.Item, deck: Deck, bank: Bank) -> dict[str, str]:
    if item.kind == "qa":
        card = deck.cards[item.id]
        return {lang: getattr(card, lang).question for lang in LANGS}
    return {lang: getattr(bank.get(item.id).meta.title, lang) for lang in LANGS}


def _known_item(name: str, deck: Deck, bank: Bank) -> stored.Item:
    """The parsed item, or 404 if it names no card or problem of this server."""
    try:
        item = stored.parse_item(name)
    except stored.ReviewError as exc:
        raise HTTPException(exc.status, str(exc)) from exc
    if not _exists(deck, bank)(item):
        what = "Q&A card" if item.kind == "qa" else "problem"
        raise HTTPException(404, f"unknown {what} {item.id!r}")
    return item


def _store(request: Request) -> stored.Store:
    return request.app.state.store


async def _queue(request: Request, deck: Deck, bank: Bank, tz: int) -> dict[str, Any]:
    who = await request.state.identity.who()
    if who is None:
        return {
            "due": [],
            "counts": {"now": 0, "today": 0, "tomorrow": 0, "queued": 0},
            "next_due": None,
        }
    found = await anyio.to_thread.run_sync(
        lambda: stored.queue(
            _store(request), who.learner_id, exists=_exists(deck, bank), tz_minutes=tz
        )
    )
    for view in found["due"]:
        key = "question" if view["kind"] == "qa" else "title"
        view[key] = _titles(stored.parse_item(view["item"]), deck, bank)
    return found


@router.get("/api/review/due")
async def due(request: Request, deck: DeckDep, bank: BankDep, tz: TzQuery = 0) -> dict[str, Any]:
    """The learner's items due now (oldest due first) and how many fall due now, by the end
    of their day (`?tz=` minutes east of UTC), and tomorrow; `next_due` is the earliest
    due time still ahead."""
    return await _queue(request, deck, bank, tz)


@router.get("/api/review/{item}")
async def get_item(request: Request, item: str, deck: DeckDep, bank: BankDep) -> dict[str, Any]:
    """One item: whether it is in the learner's queue, its due time and FSRS state, and
    `preview`: when each rating given now would make it due."""
    found = _known_item(item, deck, bank)
    who = await request.state.identity.who()
    if who is None:
        return {
            "item": found.name,
            "kind": found.kind,
            "id": found.id,
            "due": None,
            "queued": False,
            "preview": stored.preview(found.kind, None, stored.utcnow()),
        }
    return await anyio.to_thread.run_sync(
        lambda: stored.item_view(_store(request), who.learner_id, found)
    )


@router.post(
    "/api/review/{item}",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": {
                        "type": "object",
                        "required": ["rating"],
                        "properties": {"rating": {"enum": list(stored.RATINGS)}},
                    }
                }
            },
        }
    },
)
async def rate(request: Request, item: str, deck: DeckDep, bank: BankDep) -> dict[str, Any]:
    """Rate a Q&A card (again / hard / good / easy): the card's new due time and state.

    The first rating puts the card in the learner's queue. A problem cannot be rated here:
    it is reviewed by submitting it (422).
    """
    found = _known_item(item, deck, bank)
    rating = _rating(await request.body())
    who = await request.state.identity.learner()
    try:
        view = await anyio.to_thread.run_sync(
            lambda: stored.rate(_store(request), who.learner_id, found, rating)
        )
    except stored.ReviewError as exc:
        raise HTTPException(exc.status, str(exc)) from exc
    return {**view, "rating": rating.name.lower(), "interval": _interval(view)}


def _rating(body: bytes) -> stored.Rating:
    data = read_json(body, MAX_RATING_BODY, '{"rating": "good"}')
    if "rating" not in data:
        raise HTTPException(422, '"rating" is required: again, hard, good or easy')
    try:
        return stored.parse_rating(data["rating"])
    except stored.ReviewError as exc:
        raise HTTPException(exc.status, str(exc)) from exc


def _interval(view: dict[str, Any]) -> dict[str, Any]:
    """How long until the item is due, as seconds and as words in each language."""
    due_at = datetime.fromisoformat(view["due"])
    seconds = max(0, int((due_at - stored.utcnow()).total_seconds()))
    return {"seconds": seconds, **{lang: when_text(seconds, lang) for lang in LANGS}}


def _page_link(at: int, tz: int | None) -> str:
    query = {"at": at} if at else {}
    if tz is not None:
        query["tz"] = tz
    return "/review" + ("?" + urlencode(query) if query else "")


def _tz_or_none(raw: str | None) -> int | None:
    try:
        tz = int(raw) if raw is not None else None
    except ValueError:
        return None
    if tz is None or not stored.TZ_RANGE[0] <= tz <= stored.TZ_RANGE[1]:
        return None
    return tz


def _at(raw: str | None) -> int:
    try:
        return max(0, min(int(raw or 0), 100_000))
    except ValueError:
        return 0


async def _page(
    request: Request, deck: Deck, bank: Bank, at: int, tz: int | None, error: str = ""
) -> Response:
    lang = pick_language(request)
    found = await _queue(request, deck, bank, tz or 0)
    now = stored.utcnow()
    current: dict[str, Any] | None = None
    if at < len(found["due"]):
        view = found["due"][at]
        item = stored.parse_item(view["item"])
        current = {**view, "title": _titles(item, deck, bank)[lang]}
        if item.kind == "qa":
            side = getattr(deck.cards[item.id], lang)
            who = await request.state.identity.who()
            full = await anyio.to_thread.run_sync(
                lambda: stored.item_view(_store(request), who.learner_id, item, now)
            )
            current["short"] = side.short
            current["answer_html"] = _answer_html(side.answer)
            current["buttons"] = [
                (name, interval_text(choice["seconds"], lang))
                for name, choice in full["preview"].items()
            ]
    next_in = None
    if found["next_due"]:
        ahead = datetime.fromisoformat(found["next_due"]) - now
        next_in = when_text(ahead.total_seconds(), lang)
    return render_page(
        request,
        "review.html",
        {
            "counts": found["counts"],
            "total": len(found["due"]),
            "at": at,
            "tz": tz,
            "current": current,
            "next_in": next_in,
            "skip_link": _page_link(at + 1, tz),
            "restart_link": _page_link(0, tz),
            "csrf": request.state.identity.csrf_token(),
            "error": error,
        },
        status=422 if error else 200,
    )


@router.get("/review", response_class=HTMLResponse, include_in_schema=False)
async def review_page(request: Request, deck: DeckDep, bank: BankDep) -> Response:
    """The due queue, one item at a time (`?at=` skips ahead; `?tz=` for the day's end)."""
    params = request.query_params
    return await _page(request, deck, bank, _at(params.get("at")), _tz_or_none(params.get("tz")))


@router.post("/review", response_class=HTMLResponse, include_in_schema=False)
async def review_form(request: Request, deck: DeckDep, bank: BankDep) -> Response:
    """The rating form without JavaScript: rate, then back to the same place in the queue."""
    form = await request.form(max_files=0, max_fields=8, max_part_size=1024)
    identity = request.state.identity
    if identity.cookie and not (
        identity.sessions and identity.sessions.check_csrf(identity.cookie, form.get("csrf"))
    ):
        raise HTTPException(403, "the form is out of date: reload the page and rate again")
    at, tz = _at(form.get("at")), _tz_or_none(form.get("tz"))
    lang = pick_language(request)
    item = _known_item(str(form.get("item") or ""), deck, bank)
    try:
        rating = stored.parse_rating(form.get("rating"))
    except stored.ReviewError:
        return await _page(request, deck, bank, at, tz, error=translator(lang)("review_bad_rating"))
    who = await identity.learner()
    try:
        await anyio.to_thread.run_sync(
            lambda: stored.rate(_store(request), who.learner_id, item, rating)
        )
    except stored.ReviewError as exc:
        raise HTTPException(exc.status, str(exc)) from exc
    return RedirectResponse(_page_link(at, tz), status_code=303)
