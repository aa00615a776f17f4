"""Interview Q&A: the /qa pages and the /api/qa endpoints."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response

from app.bank import Bank
from app.qa import TOPICS, Card, matches, search_text
from app.store import review as reviews
from app.web.deps import BankDep, DeckDep
from app.web.i18n import interval_text, pick_language, when_text
from app.web.present import render_markdown
from app.web.render import render_page
from graders.text import LANGS

api_router = APIRouter(tags=["qa"])
page_router = APIRouter(include_in_schema=False)

DIFFICULTIES = ("easy", "medium", "hard")


def _practice_problems(card: Card, bank: Bank) -> list[str]:
    """The card's linked problems that this server actually has (extra folders may lack some)."""
    return [problem_id for problem_id in card.problems if bank.get(problem_id) is not None]


def card_summary(card: Card, bank: Bank) -> dict[str, Any]:
    """A card as listed by `GET /api/qa`."""
    return {
        "id": card.id,
        "topic": card.topic,
        "question": {lang: getattr(card, lang).question for lang in LANGS},
        "tags": card.tags,
        "difficulty": card.difficulty,
        "problems": _practice_problems(card, bank),
    }


@lru_cache(maxsize=1024)
def _answer_html(text: str) -> str:
    return render_markdown(text)


def card_detail(card: Card, bank: Bank) -> dict[str, Any]:
    """The whole card, as `GET /api/qa/{id}` returns it."""
    sides = {lang: getattr(card, lang) for lang in LANGS}
    return {
        **card_summary(card, bank),
        "short": {lang: side.short for lang, side in sides.items()},
        "answer": {lang: side.answer for lang, side in sides.items()},
        "answer_html": {lang: _answer_html(side.answer) for lang, side in sides.items()},
        "follow_ups": {lang: side.follow_ups for lang, side in sides.items()},
    }


def _card_or_404(deck: DeckDep, card_id: str) -> Card:
    card = deck.cards.get(card_id)
    if card is None:
        raise HTTPException(404, f"unknown Q&A card {card_id!r}")
    return card


@api_router.get("/api/qa")
async def list_cards(
    deck: DeckDep,
    bank: BankDep,
    tag: str = Query("", description="Only cards with this tag."),
    difficulty: str = Query("", description="Only cards of this difficulty."),
    q: str = Query("", max_length=200, description="Words that must all occur (zh or en)."),
) -> list[dict[str, Any]]:
    """Every interview card in topic order, optionally filtered."""
    return [card_summary(c, bank) for c in deck.ordered() if matches(c, q, tag, difficulty)]


@api_router.get("/api/qa/{card_id}")
async def get_card(card_id: str, deck: DeckDep, bank: BankDep) -> dict[str, Any]:
    """One card: question, one-line answer, full answer (Markdown and HTML), follow-ups."""
    return card_detail(_card_or_404(deck, card_id), bank)


@page_router.get("/qa", response_class=HTMLResponse)
async def qa_index(
    request: Request,
    deck: DeckDep,
    tag: str = "",
    difficulty: str = "",
    q: str = Query("", max_length=200),
) -> Response:
    """Every card grouped by topic; the filters work as a plain GET form (static/js/qa.js)."""
    cards = deck.ordered()
    groups = [
        (topic, [card for card in cards if card.topic == topic])
        for topic in TOPICS
        if any(card.topic == topic for card in cards)
    ]
    shown = {card.id for card in cards if matches(card, q, tag, difficulty)}
    who = await request.state.identity.who()
    rated: dict[str, str] = {}
    if who is not None:
        rated = await anyio.to_thread.run_sync(
            lambda: reviews.last_ratings(request.app.state.store, who.learner_id, "qa")
        )
    return render_page(
        request,
        "qa_index.html",
        {
            "groups": groups,
            "shown": shown,
            "total": len(cards),
            "all_tags": deck.tags(),
            "difficulties": DIFFICULTIES,
            "search_text": search_text,
            "filters": {"q": q, "tag": tag, "difficulty": difficulty},
            "rated": rated,
        },
    )


@page_router.get("/qa/{card_id}", response_class=HTMLResponse)
async def qa_card(request: Request, card_id: str, deck: DeckDep, bank: BankDep) -> Response:
    """One card, the answer folded away until asked for, with its practice problems."""
    card = deck.cards.get(card_id)
    if card is None:
        return render_page(request, "qa_missing.html", {"card_id": card_id}, status=404)
    lang = pick_language(request)
    ordered = deck.ordered()
    index = ordered.index(card)
    side = getattr(card, lang)
    return render_page(
        request,
        "qa_card.html",
        {
            "card": card,
            "side": side,
            "answer_html": _answer_html(side.answer),
            "problems": [bank.get(p) for p in _practice_problems(card, bank)],
            "previous": ordered[index - 1] if index > 0 else None,
            "next": ordered[index + 1] if index + 1 < len(ordered) else None,
            "review": await _review_state(request, card, lang),
        },
    )


async def _review_state(request: Request, card: Card, lang: str) -> dict[str, Any]:
    """The card in the learner's review queue: when it is due, what each rating would give."""
    item = reviews.Item("qa", card.id)
    now = reviews.utcnow()
    who = await request.state.identity.who()
    if who is None:
        view = {"queued": False, "preview": reviews.preview("qa", None, now)}
    else:
        view = await anyio.to_thread.run_sync(
            lambda: reviews.item_view(request.app.state.store, who.learner_id, item, now)
        )
    due_in = None
    if view["queued"]:
        due_at = datetime.fromisoformat(view["due"])
        due_in = when_text((due_at - now).total_seconds(), lang)
    return {
        "due_in": due_in,
        "buttons": [
            (name, interval_text(choice["seconds"], lang))
            for name, choice in view["preview"].items()
        ],
    }
