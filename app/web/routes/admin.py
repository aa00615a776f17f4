"""The admin pages: accounts and their roles (admins only).

`/admin` lists every account with a form to change its role; `GET /api/admin/users` and
`PUT /api/admin/users/{username}/role` do the same as JSON. Anyone else gets a 403 (a
guest is sent to log in first). A role change reaches every replica within the 10 s that
sessions are cached.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from app.store.identity import ROLES, AccountError, Who, accounts, set_role
from app.web.i18n import add_strings, pick_language, translator
from app.web.render import render_page

router = APIRouter(tags=["admin"])
MAX_FIELD = 256


async def _admin(request: Request) -> Who | None:
    who = await request.state.identity.who()
    return who if who is not None and who.role == "admin" else None


async def _admin_or_refuse(request: Request) -> Who:
    who = await _admin(request)
    if who is None:
        raise HTTPException(403, "only an admin may do this")
    return who


@router.get("/admin", include_in_schema=False)
async def admin_page(request: Request) -> Response:
    """Accounts and their roles, each with a form to change it."""
    who = await request.state.identity.who()
    if who is None or who.username is None:
        return RedirectResponse("/login?next=/admin", status_code=303)
    if who.role != "admin":
        return render_page(request, "admin_denied.html", {}, 403)
    return await _page(request, who)


async def _page(
    request: Request,
    who: Who,
    *,
    done: str | None = None,
    error: str | None = None,
    status: int = 200,
) -> Response:
    rows = await anyio.to_thread.run_sync(accounts, request.app.state.store)
    return render_page(
        request,
        "admin_users.html",
        {
            "users": rows,
            "roles": ROLES,
            "me": who.username,
            "csrf_token": request.state.identity.csrf_token(),
            "done": done,
            "error": error,
        },
        status,
    )


@router.post("/admin/users", include_in_schema=False)
async def admin_set_role(request: Request) -> Response:
    """The role form: give `username` the role `role`, then show the list again."""
    form = await request.form(max_files=0, max_fields=4, max_part_size=MAX_FIELD)
    identity = request.state.identity
    token = form.get("csrf_token")
    if identity.cookie is None or not (
        isinstance(token, str) and identity.sessions.check_csrf(identity.cookie, token)
    ):
        raise HTTPException(403, "this form has expired or came from another site: reload it")
    who = await _admin_or_refuse(request)
    username, role = form.get("username"), form.get("role")
    t = translator(pick_language(request))
    if not isinstance(username, str) or not isinstance(role, str):
        return await _page(request, who, error=t("form_incomplete"), status=422)
    try:
        before = await anyio.to_thread.run_sync(set_role, request.app.state.store, username, role)
    except AccountError as exc:
        return await _page(request, who, error=t("admin_err_" + exc.reason), status=422)
    done = t(
        "admin_role_changed", username=username, before=t("role_" + before), after=t("role_" + role)
    )
    return await _page(request, who, done=done)


@router.get("/api/admin/users")
async def api_users(request: Request) -> list[dict[str, Any]]:
    """Every account: `{"id", "username", "role", "created_at"}`, by username (admins)."""
    await _admin_or_refuse(request)
    return await anyio.to_thread.run_sync(accounts, request.app.state.store)


@router.put("/api/admin/users/{username}/role")
async def api_set_role(request: Request, username: str) -> dict[str, str]:
    """Give the account a role: body `{"role": "learner" | "instructor" | "admin"}`."""
    await _admin_or_refuse(request)
    try:
        body = await request.json()
    except ValueError:
        raise HTTPException(422, 'send JSON: {"role": "instructor"}') from None
    role = body.get("role") if isinstance(body, dict) else None
    if not isinstance(role, str):
        raise HTTPException(422, f'"role" must be one of {", ".join(ROLES)}')
    try:
        before = await anyio.to_thread.run_sync(set_role, request.app.state.store, username, role)
    except AccountError as exc:
        raise HTTPException(404 if exc.reason == "unknown" else 422, str(exc)) from None
    return {"username": username, "role": role, "before": before}


add_strings(
    {
        "nav_admin": {"zh": "管理", "en": "Admin"},
        "admin_title": {"zh": "管理：账号与角色", "en": "Admin: accounts and roles"},
        "admin_intro": {
            "zh": "讲师可以上传、检查和发布题目，管理员还能在这里给账号分配角色。"
            "角色变更在 10 秒内对所有副本生效。",
            "en": "Instructors upload, check and publish problems; admins also give accounts "
            "their roles here. A change reaches every replica within 10 seconds.",
        },
        "admin_username": {"zh": "用户名", "en": "Username"},
        "admin_role": {"zh": "角色", "en": "Role"},
        "admin_since": {"zh": "注册时间", "en": "Since"},
        "admin_save": {"zh": "保存", "en": "Save"},
        "admin_you": {"zh": "（你）", "en": "(you)"},
        "admin_none": {
            "zh": "还没有注册账号。",
            "en": "No accounts yet.",
        },
        "admin_role_changed": {
            "zh": "{username} 的角色已从「{before}」改为「{after}」。",
            "en": "{username} is now {after} (was {before}).",
        },
        "admin_err_role_rule": {
            "zh": "没有这个角色。",
            "en": "There is no such role.",
        },
        "admin_err_unknown": {
            "zh": "没有这个账号。",
            "en": "There is no such account.",
        },
        "admin_err_last_admin": {
            "zh": "这是唯一的管理员，先把别人设为管理员再改。",
            "en": "This is the only admin: make someone else an admin first.",
        },
        "admin_denied_title": {"zh": "没有权限", "en": "Not allowed"},
        "admin_denied": {
            "zh": "这个页面只对管理员开放。需要权限的话，请联系部署这套系统的人，"
            "或者在服务器上运行 shousi users role 你的用户名 admin。",
            "en": "This page is for admins only. Ask whoever runs this server, or run "
            "shousi users role YOUR-NAME admin on the server.",
        },
        "role_learner": {"zh": "学员", "en": "learner"},
        "role_instructor": {"zh": "讲师", "en": "instructor"},
        "role_admin": {"zh": "管理员", "en": "admin"},
    }
)
