"""HTML pages: the problem list and the problem page (which also works without JavaScript)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from app.bank.model import TOPICS
from app.judge.custom import custom_template_text
from app.limits import MAX_CODE_BYTES
from app.store import history, mock, review
from app.store.quota import QuotaExceeded
from app.web import heat
from app.web.assets import asset_url
from app.web.deps import BankDep, PoolDep, SettingsDep, grade_and_keep, limits_view
from app.web.i18n import COOKIE, LANGS, add_strings, pick_language, translator, when_text
from app.web.views import checks, render_inline, render_markdown, render_statement, sample_cases

ROOT = Path(__file__).resolve().parents[2]
router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=ROOT / "templates")
templates.env.globals.update(heat_cells=heat.cells, heat_scale=heat.scale_of, asset=asset_url)
templates.env.filters["md_inline"] = render_inline

# The problem page's tabs on a narrow screen (the Result tab reuses "result").
add_strings(
    {
        "ptab_label": {"zh": "题目、代码与结果", "en": "Statement, code and result"},
        "ptab_statement": {"zh": "题目", "en": "Statement"},
        "ptab_code": {"zh": "代码", "en": "Code"},
    }
)


@lru_cache(maxsize=1)
def vendor_manifest() -> dict[str, str]:
    """Versioned file names of the vendored editor and KaTeX (see scripts/build-assets)."""
    return json.loads((ROOT / "static" / "vendor" / "manifest.json").read_text())


async def account_of(request: Request) -> dict[str, Any]:
    """The top bar's account area: who the cookie names (one look-up, off the event loop)
    and the token its log-out form carries. No cookie, no look-up."""
    identity = getattr(request.state, "identity", None)
    if identity is None or identity.cookie is None:
        return {"username": None, "csrf_token": "", "role": "learner"}
    who = await identity.who()
    return {
        "username": who.username if who is not None else None,
        "csrf_token": identity.csrf_token() if who is not None else "",
        "role": who.role if who is not None else "learner",
    }


class _Page(Response):
    """A page rendered as it is sent, once the account area knows who is asking: the look-up
    is awaited there, so that render_page itself stays a plain function."""

    def __init__(self, request: Request, name: str, context: dict[str, Any], status: int) -> None:
        super().__init__(status_code=status, media_type="text/html")
        self.request, self.template_name, self.context = request, name, context

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        whole = not self.template_name.startswith("_")  # a fragment has no top bar
        context = {**self.context, "account": await account_of(self.request) if whole else None}
        page = templates.TemplateResponse(
            self.request, self.template_name, context, status_code=self.status_code
        )
        page.raw_headers.extend(  # what was set on this response: cookies, Retry-After
            (key, value)
            for key, value in self.raw_headers
            if key not in (b"content-length", b"content-type")
        )
        await page(scope, receive, send)


def render_page(
    request: Request, name: str, context: dict[str, Any], status: int = 200
) -> Response:
    """A template rendered in the request's language, with the UI strings and asset names."""
    lang = pick_language(request)
    response = _Page(
        request,
        name,
        {"lang": lang, "t": translator(lang), "vendor": vendor_manifest(), **context},
        status,
    )
    if request.query_params.get("lang") in LANGS:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


@router.get("/", response_class=HTMLResponse)
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


def _problem_context(
    request: Request, bank: BankDep, settings: SettingsDep, problem_id: str
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


@router.get("/problems/{problem_id}", response_class=HTMLResponse)
async def problem_page(
    request: Request, problem_id: str, bank: BankDep, settings: SettingsDep
) -> Response:
    """Statement, contract, samples and the editor; in interview mode with ?mock=ID."""
    context = _problem_context(request, bank, settings, problem_id)
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


@router.post("/problems/{problem_id}", response_class=HTMLResponse)
async def problem_submit(
    request: Request, problem_id: str, bank: BankDep, pool: PoolDep, settings: SettingsDep
) -> Response:
    """Form submission: the whole page without JavaScript, or only the result with ?partial=1."""
    context = _problem_context(request, bank, settings, problem_id)
    form = await request.form(max_files=0, max_fields=4, max_part_size=MAX_CODE_BYTES * 2)
    code, mode = form.get("code"), form.get("mode", "submit")
    status, lang = 200, pick_language(request)
    t = translator(lang)
    identity = request.state.identity
    token = form.get("csrf_token")
    if identity.cookie and not (
        isinstance(token, str) and identity.sessions.check_csrf(identity.cookie, token)
    ):
        # A post carrying the session cookie must come from our own page (its form has
        # the token); without a cookie there is no session to ride on.
        raise HTTPException(403, "this form has expired or came from another site: reload it")
    if not isinstance(code, str) or mode not in ("run", "submit"):
        context["error"], status = t("form_incomplete"), 422
    elif len(code.encode("utf-8", "surrogatepass")) > MAX_CODE_BYTES:
        context["error"], status = t("code_too_large", limit=MAX_CODE_BYTES), 422
        context["code"] = code
    else:
        context["code"] = code
        try:
            result, submission_id, _ = await grade_and_keep(
                request=request,
                problem=context["problem"],
                code=code,
                mode=mode,
                pool=pool,
                settings=settings,
            )
        except QuotaExceeded as exc:
            context["error"], status = exc.say(lang), exc.status
        else:
            context["result"] = {**result.to_dict(lang), "submission_id": submission_id}
            context["next_problem"] = bank.following(context["problem"].id)
    name = "_result.html" if request.query_params.get("partial") else "problem.html"
    return render_page(request, name, context, status)
