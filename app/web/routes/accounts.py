"""Accounts: sign up, log in, log out, and the account page (its export and import:
app.web.imports).

The forms post to FORM_PATHS, whose CSRF token each route checks itself (the middleware
only refuses a foreign Origin there). Failures re-render the form with the username kept;
an unknown user and a wrong password answer alike, and attempts are rate-limited
(app.web.ratelimit).
"""

from __future__ import annotations

import logging
from typing import Any

import anyio
import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData

from app.store.exchange import (
    ImportRefused,
    kept_counts,
    merge_learner,
)
from app.store.identity import MAX_PASSWORD, MIN_PASSWORD, AccountError, Who
from app.store.quota import QuotaExceeded
from app.web.account_view import MAX_FORM_FIELD, csrf_refusal, form_text, render_account
from app.web.deps import identity_of, store_of
from app.web.i18n import add_strings, pick_language, translator
from app.web.ratelimit import AccountLimits
from app.web.render import render_page

router = APIRouter(tags=["accounts"])
log = logging.getLogger("shousi")
MAX_NEXT = 2000
# Password hashes computed at once (argon2: ~64 MiB and a fraction of a second each); more
# log-ins and sign-ups wait their turn instead of exhausting the server's memory.
HASHES_AT_ONCE = 4


def _hashing(request: Request) -> anyio.CapacityLimiter:
    state = request.app.state
    if getattr(state, "hashing_limiter", None) is None:
        state.hashing_limiter = anyio.CapacityLimiter(HASHES_AT_ONCE)
    return state.hashing_limiter


def _username_key(username: str) -> str:
    # Usernames are at most 32 characters: a longer one is counted under its first 64.
    return username.lower()[:64]


def account_limits(request: Request) -> AccountLimits:
    """The app's log-in and sign-up limits (made on first use; tests put their own)."""
    state = request.app.state
    if getattr(state, "account_limits", None) is None:
        state.account_limits = AccountLimits()
    return state.account_limits


def local_next(value: object) -> str:
    """Where to go after the form: a path on this site, else the home page.

    "//host" and "/\\host" are other sites to a browser, so they are refused too.
    """
    if (
        not isinstance(value, str)
        or not value.startswith("/")
        or value.startswith("//")
        or "\\" in value
        or len(value) > MAX_NEXT
        or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value)
        or value.split("?")[0] in ("/login", "/signup", "/logout")
    ):
        return "/"
    return value


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def _form(request: Request) -> FormData:
    return await request.form(max_files=0, max_fields=8, max_part_size=MAX_FORM_FIELD)


async def _form_page(
    request: Request,
    name: str,
    *,
    username: str = "",
    next_path: str = "/",
    error: str | None = None,
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> Response:
    """The log-in or sign-up form; the log-in form of a guest with some practice offers to
    bring it along."""
    identity = identity_of(request)
    who = await identity.who()
    guest_kept = None
    if name == "login.html" and who is not None and who.username is None:
        store = store_of(request)
        kept = await anyio.to_thread.run_sync(lambda: kept_counts(store, who.learner_id))
        guest_kept = kept if any(kept.values()) else None
    response = render_page(
        request,
        name,
        {
            "csrf_token": identity.csrf_token(),
            "username": username[:64],
            "next_path": next_path,
            "error": error,
            "rules": {"min": MIN_PASSWORD, "max": MAX_PASSWORD},
            "guest_kept": guest_kept,
        },
        status,
    )
    response.headers.update(headers or {})
    return response


def _too_many(request: Request, username: str | None) -> tuple[str, int] | None:
    """(message key, seconds to wait) when the address or the username is over its limit."""
    limits = account_limits(request)
    wait = limits.per_address.retry_after(_address(request))
    if wait is not None:
        return "err_too_many_address", wait
    if username is not None:
        wait = limits.per_username.retry_after(_username_key(username))
        if wait is not None:
            return "err_too_many_username", wait
    return None


class _Attempt:
    """A posted log-in or sign-up form, and how to answer it when it fails."""

    def __init__(self, request: Request, page: str, form: FormData) -> None:
        self.request, self.page, self.form = request, page, form
        self.username = form_text(form, "username").strip()
        self.password = form_text(form, "password")
        self.next_path = local_next(form_text(form, "next"))
        self.t = translator(pick_language(request))

    async def refused(self, limited_username: str | None = None) -> Response | None:
        """The answer to a forged form (403) or one over a rate limit (429), else None."""
        refusal = csrf_refusal(self.request, self.form)
        if refusal:
            await identity_of(self.request).learner()  # so that the form shown again can be sent
            return await self.again(refusal, 403)
        over = _too_many(self.request, limited_username)
        if over:
            key, wait = over
            minutes = max(1, -(-wait // 60))
            return await self.again(key, 429, {"Retry-After": str(wait)}, minutes=minutes)
        account_limits(self.request).per_address.hit(_address(self.request))
        return None

    async def again(
        self, key: str, status: int = 400, headers: dict[str, str] | None = None, **fields: Any
    ) -> Response:
        """The form once more, with the message and the username typed."""
        return await _form_page(
            self.request,
            self.page,
            username=self.username,
            next_path=self.next_path,
            error=self.t(key, **fields),
            status=status,
            headers=headers,
        )


@router.get("/signup", include_in_schema=False)
async def signup_page(request: Request, next: str = "/") -> Response:  # noqa: A002
    """The sign-up form (a guest learner first, so that the form has a CSRF token)."""
    who = await identity_of(request).learner()
    error = None
    if who.username is not None:
        error = translator(pick_language(request))("err_logged_in")
    return await _form_page(request, "signup.html", next_path=local_next(next), error=error)


@router.get("/login", include_in_schema=False)
async def login_page(request: Request, next: str = "/") -> Response:  # noqa: A002
    """The log-in form (a guest learner first, so that the form has a CSRF token)."""
    await identity_of(request).learner()
    return await _form_page(request, "login.html", next_path=local_next(next))


@router.post("/signup", include_in_schema=False)
async def signup(request: Request) -> Response:
    """Turn this browser's guest learner into an account, keeping its history."""
    attempt = _Attempt(request, "signup.html", await _form(request))
    refused = await attempt.refused()
    if refused:
        return refused
    if attempt.password != form_text(attempt.form, "password_again"):
        return await attempt.again("err_mismatch")
    identity = identity_of(request)
    who = await identity.learner()
    sessions = identity.sessions
    assert sessions is not None
    try:
        who, cookie = await anyio.to_thread.run_sync(
            lambda: sessions.sign_up(who, attempt.username, attempt.password),
            limiter=_hashing(request),
        )
    except AccountError as exc:
        return await attempt.again(f"err_{exc.reason}", min=MIN_PASSWORD, max=MAX_PASSWORD)
    identity.opened(who, cookie)
    return RedirectResponse(attempt.next_path, status_code=303)


@router.post("/login", include_in_schema=False)
async def login(request: Request) -> Response:
    """A new session for the account; this browser's cookie names it from now on. A guest
    who ticked the box brings their practice along."""
    attempt = _Attempt(request, "login.html", await _form(request))
    refused = await attempt.refused(limited_username=attempt.username)
    if refused:
        return refused
    username, password = attempt.username, attempt.password
    if not username or not password:
        return await attempt.again("err_form")
    identity, limits = identity_of(request), account_limits(request)
    sessions = identity.sessions
    assert sessions is not None
    try:
        who, cookie = await anyio.to_thread.run_sync(
            lambda: sessions.log_in(username, password), limiter=_hashing(request)
        )
    except AccountError:
        limits.per_username.hit(_username_key(username))
        return await attempt.again("err_wrong")
    limits.per_username.reset(_username_key(username))
    before = await identity.who()
    if before is not None:
        bring = form_text(attempt.form, "bring") == "1" and before.username is None
        await anyio.to_thread.run_sync(lambda: _leave(request, before, who, bring=bring))
    identity.opened(who, cookie)
    return RedirectResponse(attempt.next_path, status_code=303)


def _leave(request: Request, before: Who, now: Who, *, bring: bool) -> None:
    """Revoke the session this browser had before logging in, after copying its guest
    practice into the account when asked to."""
    store, sessions = store_of(request), request.app.state.sessions
    if bring and before.learner_id != now.learner_id:
        try:
            merge_learner(
                store, before.learner_id, now.learner_id, request.app.state.settings.quota()
            )
        except (ImportRefused, QuotaExceeded) as exc:  # kept under the guest; the log says why
            log.warning("guest %d not merged into %d: %s", before.learner_id, now.learner_id, exc)
    sessions.revoke(before)


@router.post("/logout", include_in_schema=False)
async def logout(request: Request) -> Response:
    """Revoke this browser's session and clear its cookie."""
    form = await _form(request)
    refusal = csrf_refusal(request, form)
    if refusal:
        t = translator(pick_language(request))
        return await render_account(request, error=t(refusal), status=403)
    identity = identity_of(request)
    who = await identity.who()
    sessions = identity.sessions
    if who is not None and sessions is not None:
        await anyio.to_thread.run_sync(lambda: sessions.revoke(who))
    identity.closed()
    return RedirectResponse(local_next(form_text(form, "next")), status_code=303)


@router.get("/account", include_in_schema=False)
async def account_page(request: Request) -> Response:
    """Who you are, how much is kept, the export link and the import form."""
    return await render_account(request)


@router.get("/api/me")
async def me(request: Request) -> dict[str, Any]:
    """Who the cookie names: `{"anonymous", "username", "role", "csrf_token"}` (no learner
    is made); the token goes in `X-CSRF-Token` on a form or multipart request."""
    identity = identity_of(request)
    who = await identity.who()
    if who is None:
        return {"anonymous": True, "username": None, "role": "learner", "csrf_token": ""}
    return {
        "anonymous": who.username is None,
        "username": who.username,
        "role": who.role,
        "csrf_token": identity.csrf_token(),
    }


add_strings(
    {
        "log_in": {"zh": "登录", "en": "Log in"},
        "sign_up": {"zh": "注册", "en": "Sign up"},
        "log_out": {"zh": "退出", "en": "Log out"},
        "nav_account": {"zh": "账号", "en": "Account"},
        "guest": {"zh": "游客", "en": "Guest"},
        "username": {"zh": "用户名", "en": "Username"},
        "password": {"zh": "密码", "en": "Password"},
        "password_again": {"zh": "再输一次密码", "en": "Password again"},
        "username_hint": {
            "zh": "3–32 个字符：字母、数字、点、短横线或下划线。",
            "en": "3 to 32 letters, digits, dots, dashes or underscores.",
        },
        "password_hint": {"zh": "至少 {min} 个字符。", "en": "At least {min} characters."},
        "login_intro": {
            "zh": "登录后，换一台电脑也能接着做：提交记录、草稿和复习进度都在。",
            "en": "Log in to pick up where you left off on any computer: your submissions, "
            "drafts and reviews are there.",
        },
        "signup_intro": {
            "zh": "不注册也能练。注册之后，你在这个浏览器里做过的题、草稿和复习记录都归到"
            "新账号下，换台电脑登录也还在。",
            "en": "You can practise without an account. Signing up keeps everything you did "
            "in this browser (submissions, drafts, reviews) under the new account, so it "
            "follows you to any computer.",
        },
        "login_bring": {
            "zh": "把你在这个浏览器里以游客身份做的 {submissions} 次提交、{drafts} 份草稿和 "
            "{cards} 张复习卡片并入这个账号",
            "en": "Bring what you did as a guest in this browser into the account (submissions "
            "{submissions}, drafts {drafts}, review cards {cards})",
        },
        "no_account": {"zh": "还没有账号？", "en": "No account yet?"},
        "have_account": {"zh": "已经有账号了？", "en": "Have an account already?"},
        "err_wrong": {"zh": "用户名或密码不对。", "en": "Wrong username or password."},
        "err_taken": {
            "zh": "这个用户名已经有人用了，换一个吧。",
            "en": "That username is taken; choose another.",
        },
        "err_username_rule": {
            "zh": "用户名要 3–32 个字符，只能用字母、数字、点、短横线和下划线。",
            "en": "A username is 3 to 32 letters, digits, dots, dashes or underscores.",
        },
        "err_password_rule": {
            "zh": "密码长度要在 {min}–{max} 个字符之间。",
            "en": "A password is {min} to {max} characters long.",
        },
        "err_logged_in": {
            "zh": "你已经登录了。要注册新账号，请先退出。",
            "en": "You are logged in already; log out to make another account.",
        },
        "err_mismatch": {"zh": "两次输入的密码不一样。", "en": "The two passwords differ."},
        "err_form": {"zh": "请填写用户名和密码。", "en": "Fill in the username and the password."},
        "err_csrf": {
            "zh": "表单已过期，或者不是从本站提交的。请刷新页面后重试。",
            "en": "This form has expired or did not come from this site; reload the page and "
            "try again.",
        },
        "err_no_cookie": {
            "zh": "需要允许本站的 Cookie 才能登录、注册或导入。请打开 Cookie 后刷新页面。",
            "en": "This site's cookie is needed to log in, sign up or import; allow cookies "
            "and reload the page.",
        },
        "err_too_many_address": {
            "zh": "这个网络地址尝试的次数太多了，请 {minutes} 分钟后再试。",
            "en": "Too many attempts from your address; try again in {minutes} min.",
        },
        "err_too_many_username": {
            "zh": "这个用户名登录失败的次数太多了，请 {minutes} 分钟后再试。",
            "en": "Too many failed log-ins for this username; try again in {minutes} min.",
        },
        "account_title": {"zh": "账号", "en": "Account"},
        "account_guest": {
            "zh": "你现在是游客。做过的题保存在这台服务器上，靠这个浏览器的 Cookie 认出你；"
            "清掉 Cookie 或者换一台设备，就找不回来了。注册一个账号，或者先导出一份备份。",
            "en": "You are practising as a guest. Your work is kept on this server, and this "
            "browser's cookie is how it knows you: clear the cookie or switch devices and "
            "the work is out of reach. Sign up, or export a copy.",
        },
        "account_user": {"zh": "已登录：{name}", "en": "Logged in as {name}"},
        "account_kept": {
            "zh": "这里保存着你的 {submissions} 次提交、{drafts} 份草稿、{cards} 张复习卡片。",
            "en": "Kept here: submissions {submissions}, drafts {drafts}, review cards {cards}.",
        },
        "export_title": {"zh": "导出", "en": "Export"},
        "export_text": {
            "zh": "把全部提交（含代码和评测结果）、草稿、复习卡片和复习记录、模拟面试下载成"
            "一个 JSON 文件。",
            "en": "Download all your submissions (with code and results), drafts, review "
            "cards and logs, and mock interviews as one JSON file.",
        },
        "export_button": {"zh": "下载 JSON", "en": "Download JSON"},
        "import_title": {"zh": "导入", "en": "Import"},
        "import_text": {
            "zh": "把导出的文件并入当前身份：提交记录追加进来（同一次提交不会重复），"
            "草稿保留较新的一份，复习卡片保留最近复习过的一份。文件最大 {mb} MB；"
            "文件有任何问题，就什么都不导入。",
            "en": "Add an exported file to who you are now: its submissions are added (the "
            "same one never twice), of two drafts the newer is kept, of two review cards the "
            "one reviewed more recently. Up to {mb} MB; if anything in the file is wrong, "
            "nothing is imported.",
        },
        "import_file": {"zh": "导出文件", "en": "Exported file"},
        "import_button": {"zh": "导入", "en": "Import"},
        "import_done": {
            "zh": "导入完成：新增 {submissions} 次提交、{drafts} 份草稿、{cards} 张复习卡片、"
            "{logs} 条复习记录、{mocks} 次模拟面试；已有的 {skipped} 项跳过。",
            "en": "Imported: submissions {submissions}, drafts {drafts}, review cards {cards}, "
            "review logs {logs}, mock interviews {mocks}. Already here, so skipped: {skipped}.",
        },
        "import_refused": {
            "zh": "没有导入任何内容：{reason}",
            "en": "Nothing was imported: {reason}",
        },
        "import_no_file": {"zh": "请选择一个导出文件。", "en": "Choose an exported file."},
    }
)
