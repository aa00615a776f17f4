"""Problem sets over HTTP: the learner's `/sets/{slug}` and the instructor's `/admin/sets`.

Opening a set's link shows it, with the visitor's own progress; joining takes a click on
Start (a form with the CSRF token), never a mere visit: a page elsewhere that loads the
link cannot make a learner share their progress. The set's owner and admins
see each member's latest verdict and attempts per problem and whether each card was rated,
on the page and as CSV.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from app.store import sets
from app.store.identity import Who
from app.web.deps import BankDep, DeckDep
from app.web.i18n import add_strings, pick_language
from app.web.present import render_markdown
from app.web.render import render_page

router = APIRouter(tags=["sets"])
AUTHORS = ("instructor", "admin")
MAX_FORM = 16_384


def _store(request: Request) -> Any:
    return request.app.state.store


async def _author(request: Request) -> Who:
    who = await request.state.identity.who()
    if who is None or who.role not in AUTHORS:
        raise HTTPException(403, "only an instructor or an admin may do this")
    return who


def _exists(bank: Any, deck: Any):  # noqa: ANN202 - a predicate for sets.check_fields
    def exists(kind: str, name: str) -> bool:
        return bank.get(name) is not None if kind == "problem" else name in deck.cards

    return exists


def _parse_items(text: str) -> list[str]:
    """One item per line (or comma): `problem:ID`, `qa:ID`, or a bare problem id."""
    parts = [part.strip() for line in text.splitlines() for part in line.split(",")]
    return [part if ":" in part else f"problem:{part}" for part in parts if part]


def _entries(set_view: dict, progress: dict, bank: Any, deck: Any, lang: str) -> list[dict]:
    entries = []
    for item in set_view["items"]:
        kind, _, name = item.partition(":")
        if kind == "problem":
            problem = bank.get(name)
            title = getattr(problem.meta.title, lang) if problem is not None else name
            link = f"/problems/{name}" if problem is not None else None
        else:
            card = deck.cards.get(name)
            title = getattr(card, lang).question if card is not None else name
            link = f"/qa/{name}" if card is not None else None
        entries.append(
            {"item": item, "kind": kind, "title": title, "link": link, **progress.get(item, {})}
        )
    return entries


async def _set_or_404(request: Request, slug: str) -> dict[str, Any]:
    found = await anyio.to_thread.run_sync(sets.find, _store(request), slug)
    if found is None:
        raise HTTPException(404, f"no set {slug!r}")
    return found


async def _learner_view(
    request: Request, slug: str, bank: Any, deck: Any, *, join: bool
) -> tuple[dict, list[dict], bool]:
    """The set, its entries with the learner's progress, and whether they joined it."""
    found = await _set_or_404(request, slug)
    identity = request.state.identity
    who = await (identity.learner() if join else identity.who())
    if who is None:
        return found, _entries(found, {}, bank, deck, pick_language(request)), False
    store = _store(request)

    def mine() -> tuple[dict, bool]:
        if join:
            sets.join(store, slug, who.learner_id)
        progress = sets.learner_progress(store, found["items"], who.learner_id)
        return progress, sets.is_member(store, slug, who.learner_id)

    progress, joined = await anyio.to_thread.run_sync(mine)
    return found, _entries(found, progress, bank, deck, pick_language(request)), joined


@router.get("/sets/{slug}", include_in_schema=False)
async def set_page(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> Response:
    """The set, in order, with this learner's progress on it."""
    found, entries, joined = await _learner_view(request, slug, bank, deck, join=False)
    done = sum(1 for e in entries if e.get("solved") or e.get("rated"))
    return render_page(
        request,
        "set.html",
        {
            "set": found,
            "description_html": render_markdown(found["description"]),
            "entries": entries,
            "joined": joined,
            "done": done,
            "csrf_token": request.state.identity.csrf_token(),
        },
    )


@router.post("/sets/{slug}/join", include_in_schema=False)
async def join_form(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> Response:
    """The Start button: joins the set (making a guest learner for a first visitor)."""
    form = await request.form(max_files=0, max_fields=2, max_part_size=256)
    identity = request.state.identity
    token = form.get("csrf_token")
    if identity.cookie is not None and not (
        isinstance(token, str) and identity.sessions.check_csrf(identity.cookie, token)
    ):
        raise HTTPException(403, "this form has expired or came from another site: reload it")
    await _learner_view(request, slug, bank, deck, join=True)
    return RedirectResponse(f"/sets/{slug}", status_code=303)


@router.get("/api/sets/{slug}")
async def api_set(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> dict[str, Any]:
    """The set with the caller's progress on each item, and whether they joined it."""
    found, entries, joined = await _learner_view(request, slug, bank, deck, join=False)
    return {**found, "joined": joined, "progress": entries}


@router.post("/api/sets/{slug}/join")
async def api_join(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> dict[str, Any]:
    """Join the set: its owner sees the caller's progress on it from now on."""
    found, entries, joined = await _learner_view(request, slug, bank, deck, join=True)
    return {**found, "joined": joined, "progress": entries}


# --- instructors ---


@router.get("/admin/sets", include_in_schema=False)
async def sets_page(request: Request) -> Response:
    """The caller's sets and the form to make one."""
    who = await request.state.identity.who()
    if who is None or who.username is None:
        return RedirectResponse("/login?next=/admin/sets", status_code=303)
    if who.role not in AUTHORS:
        return render_page(request, "admin_denied.html", {}, 403)
    return await _sets_list(request, who)


async def _sets_list(
    request: Request, who: Who, error: str | None = None, form: dict | None = None
) -> Response:
    rows = await anyio.to_thread.run_sync(sets.owned, _store(request), who.learner_id, who.role)
    return render_page(
        request,
        "admin_sets.html",
        {
            "rows": rows,
            "error": error,
            "form": form or {},
            "csrf_token": request.state.identity.csrf_token(),
        },
        422 if error else 200,
    )


@router.post("/admin/sets", include_in_schema=False)
async def save_form(request: Request, bank: BankDep, deck: DeckDep) -> Response:
    """The set form: create a set or change one of the caller's."""
    form = await request.form(max_files=0, max_fields=6, max_part_size=MAX_FORM)
    identity = request.state.identity
    token = form.get("csrf_token")
    if identity.cookie is None or not (
        isinstance(token, str) and identity.sessions.check_csrf(identity.cookie, token)
    ):
        raise HTTPException(403, "this form has expired or came from another site: reload it")
    who = await _author(request)
    fields = {k: form.get(k) if isinstance(form.get(k), str) else "" for k in
              ("slug", "title", "description", "items")}  # fmt: skip
    try:
        await _save(request, who, bank, deck, fields, _parse_items(fields["items"]))
    except HTTPException as exc:
        return await _sets_list(request, who, error=str(exc.detail), form=fields)
    return RedirectResponse(f"/admin/sets/{fields['slug']}", status_code=303)


async def _save(
    request: Request, who: Who, bank: Any, deck: Any, fields: dict, items: list[str]
) -> dict[str, Any]:
    def work() -> dict[str, Any]:
        checked = sets.check_fields(
            fields["slug"], fields["title"], fields["description"], items, _exists(bank, deck)
        )
        return sets.save(
            _store(request), who.learner_id, who.role, fields["slug"], fields["title"].strip(),
            fields["description"], checked,
        )  # fmt: skip

    try:
        return await anyio.to_thread.run_sync(work)
    except sets.SetError as exc:
        raise HTTPException(exc.status, str(exc)) from None


async def _owned_or_refuse(request: Request, slug: str) -> tuple[Who, dict[str, Any]]:
    who = await _author(request)
    found = await _set_or_404(request, slug)
    if who.role != "admin" and found["owner"] != who.learner_id:
        raise HTTPException(403, "this set belongs to another instructor")
    return who, found


async def _progress(request: Request, found: dict, bank: Any, deck: Any) -> dict[str, Any]:
    store = _store(request)
    lang = pick_language(request)

    def work() -> dict[str, Any]:
        people = sets.members(store, found["slug"])
        learners = [p["learner"] for p in people]
        table = sets.members_progress(store, found["items"], learners, joined_in=found["slug"])
        return {
            "members": [
                {**person, "items": _entries(found, table[person["learner"]], bank, deck, lang)}
                for person in people
            ]
        }

    return await anyio.to_thread.run_sync(work)


@router.get("/admin/sets/{slug}", include_in_schema=False)
async def set_admin_page(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> Response:
    """A set's form (to change it) and who solved what."""
    _, found = await _owned_or_refuse(request, slug)
    progress = await _progress(request, found, bank, deck)
    return render_page(
        request,
        "admin_set.html",
        {
            "set": found,
            "headers": _entries(found, {}, bank, deck, pick_language(request)),
            "members": progress["members"],
            "items_text": "\n".join(found["items"]),
            "csrf_token": request.state.identity.csrf_token(),
        },
    )


@router.get("/admin/sets/{slug}/progress.csv", include_in_schema=False)
async def progress_csv(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> Response:
    """Who solved what, one row per learner and item, for a spreadsheet."""
    _, found = await _owned_or_refuse(request, slug)
    progress = await _progress(request, found, bank, deck)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["learner", "joined_at", "item", "title", "solved", "attempts", "latest", "rated"]
    )
    for person in progress["members"]:
        for entry in person["items"]:
            writer.writerow(
                [
                    _cell(person["name"]),
                    person["joined_at"],
                    entry["item"],
                    _cell(entry["title"]),
                    entry.get("solved", ""),
                    entry.get("attempts", ""),
                    entry.get("latest") or "",
                    entry.get("rated", ""),
                ]
            )
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{slug}-progress.csv"'},
    )


def _cell(text: str) -> str:
    """A spreadsheet reads a cell starting with = + - @ as a formula: not from a username."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@router.get("/api/sets/{slug}/progress")
async def api_progress(request: Request, slug: str, bank: BankDep, deck: DeckDep) -> dict:
    """The owner's (or an admin's) view: each member with their progress on each item."""
    _, found = await _owned_or_refuse(request, slug)
    return {**found, **(await _progress(request, found, bank, deck))}


@router.post("/api/sets")
async def api_save(request: Request, bank: BankDep, deck: DeckDep) -> dict[str, Any]:
    """Create or change a set: `{"slug", "title", "description"?, "items": [...]}`."""
    who = await _author(request)
    try:
        body = await request.json()
    except ValueError:
        raise HTTPException(422, "send the set as JSON") from None
    if not isinstance(body, dict):
        raise HTTPException(422, "send the set as a JSON object")
    items = body.get("items")
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise HTTPException(422, '"items" is a list like ["problem:causal-mask", "qa:why-scale"]')
    fields = {k: body.get(k, "") for k in ("slug", "title", "description")}
    if not all(isinstance(v, str) for v in fields.values()):
        raise HTTPException(422, '"slug", "title" and "description" are strings')
    return await _save(request, who, bank, deck, fields, items)


add_strings(
    {
        "nav_sets": {"zh": "题单", "en": "Sets"},
        "sets_title": {"zh": "题单", "en": "Problem sets"},
        "sets_intro": {
            "zh": "把题目和面试问答按顺序排成一个题单，发链接给学员。"
            "打开链接的学员会出现在进度表里，你能看到每个人每道题最近一次的结果和尝试次数，"
            "也能导出 CSV。",
            "en": "Put problems and interview questions in order and share the link. Learners "
            "who open it appear in its progress table: each one's latest verdict and "
            "attempts per problem, also as CSV.",
        },
        "sets_slug": {"zh": "链接名（/sets/…）", "en": "Link name (/sets/…)"},
        "sets_set_title": {"zh": "标题", "en": "Title"},
        "sets_description": {"zh": "说明（Markdown）", "en": "Description (Markdown)"},
        "sets_items": {
            "zh": "内容，每行一个：题目 id，或 qa:问答 id",
            "en": "Items, one per line: a problem id, or qa:<card id>",
        },
        "sets_save": {"zh": "保存题单", "en": "Save the set"},
        "sets_none": {"zh": "还没有题单。", "en": "No sets yet."},
        "sets_open": {"zh": "学员链接", "en": "Learners' link"},
        "sets_members": {"zh": "{n} 人加入", "en": "{n} joined"},
        "sets_progress": {"zh": "学员进度", "en": "Progress"},
        "sets_csv": {"zh": "导出 CSV", "en": "Download CSV"},
        "sets_nobody": {
            "zh": "还没有学员打开这个题单的链接。",
            "en": "No learner has opened this set's link yet.",
        },
        "sets_learner": {"zh": "学员", "en": "Learner"},
        "sets_done": {"zh": "已完成 {done} / {total}", "en": "{done} of {total} done"},
        "sets_start": {"zh": "开始这个题单", "en": "Start this set"},
        "sets_start_note": {
            "zh": "点开始后，你在这些题上的进度会让出题老师看到。",
            "en": "Once you start, the set's owner sees your progress on these items.",
        },
        "sets_joined_note": {
            "zh": "你已加入，出题老师能看到你在这些题上的进度。",
            "en": "You have joined: the set's owner sees your progress on these items.",
        },
        "sets_solved": {"zh": "已通过", "en": "Solved"},
        "sets_tried": {"zh": "尝试 {n} 次", "en": "{n} attempts"},
        "sets_untouched": {"zh": "未开始", "en": "Not started"},
        "sets_rated": {"zh": "已自评", "en": "Rated"},
        "sets_unrated": {"zh": "未自评", "en": "Not rated yet"},
        "sets_back": {"zh": "← 全部题单", "en": "← All sets"},
        "sets_kind_problem": {"zh": "题目", "en": "Problem"},
        "sets_kind_qa": {"zh": "问答", "en": "Question"},
    }
)
