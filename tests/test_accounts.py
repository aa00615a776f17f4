"""Accounts over HTTP: signing up keeps the guest's history, logging in elsewhere finds it,
logging out ends the session; forms carry CSRF tokens, attempts are rate-limited, and an
unknown user and a wrong password answer alike."""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.store.identity import AccountError, Sessions
from app.web import create_app
from app.web.identity import COOKIE
from app.web.ratelimit import AccountLimits, RateLimiter
from app.web.routes.accounts import local_next
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import error_of, log_in, token_of, wait_until_ready

PROBLEM = "causal-mask"
PASSWORD = "correct horse battery"
GENEROUS = {"per_address": 10_000, "per_username": 10_000}


class Clock:
    """A clock the test moves forward."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("accounts")
    settings = Settings(workers=1, data_dir=data, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        yield client


@pytest.fixture
def client(app_client: TestClient) -> Iterator[TestClient]:
    """A fresh browser (no cookie), under limits no test here reaches unless it sets its own."""
    app_client.cookies.clear()
    app_client.app.state.account_limits = AccountLimits.with_clock(time.monotonic, **GENEROUS)
    yield app_client
    app_client.cookies.clear()


def sign_up(client: TestClient, username: str, password: str = PASSWORD, **extra: str):
    token = token_of(client.get("/signup").text)
    form = {"csrf_token": token, "username": username, "password": password}
    form["password_again"] = extra.pop("password_again", password)
    return client.post("/signup", data={**form, **extra}, follow_redirects=False)


def submit(client: TestClient, code: str) -> dict:
    response = client.post(f"/api/problems/{PROBLEM}/submissions", json={"code": code})
    assert response.status_code == 200, response.text
    return response.json()


def test_signing_up_keeps_the_guest_history_and_another_browser_logs_in_to_it(
    client: TestClient,
) -> None:
    solved = submit(client, solution(PROBLEM))
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# half done"})
    guest_cookie = client.cookies.get(COOKIE)
    me = client.get("/api/me").json()
    assert me["anonymous"] is True and me["username"] is None and me["role"] == "learner"
    # The guest's session has a CSRF token, for scripts that post forms.
    assert me["csrf_token"] and client.app.state.sessions.check_csrf(guest_cookie, me["csrf_token"])

    signed = sign_up(client, "keeper", next="/progress")
    assert signed.status_code == 303 and signed.headers["location"] == "/progress"
    assert client.get("/api/me").json()["username"] == "keeper"
    assert [row["id"] for row in client.get("/api/submissions").json()] == [solved["submission_id"]]
    # The guest's cookie was replaced, not promoted: one planted before the sign-up opens
    # nothing now (no session fixation).
    assert client.cookies.get(COOKIE) != guest_cookie
    stale = client.get("/api/me", headers={"cookie": f"{COOKIE}={guest_cookie}"})
    assert stale.json()["anonymous"] is True

    client.cookies.clear()  # another computer
    assert client.get("/api/submissions").json() == []
    assert log_in(client, "keeper").status_code == 303
    rows = client.get("/api/submissions").json()
    assert [row["id"] for row in rows] == [solved["submission_id"]]
    assert rows[0]["verdict"] == "accepted"
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# half done"
    assert PROBLEM in client.get("/api/progress").json()["solved"]


def test_a_guest_logging_in_brings_their_practice_along_only_when_asked(
    client: TestClient,
) -> None:
    sign_up(client, "traveller")
    client.cookies.clear()
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# left behind"})
    page = client.get("/login").text
    assert "(submissions 0, drafts 1, review cards 0)" in page and 'name="bring"' in page
    assert log_in(client, "traveller").status_code == 303  # the box not sent: unticked
    assert client.get(f"/api/problems/{PROBLEM}/draft").status_code == 404

    client.cookies.clear()
    client.put(f"/api/problems/{PROBLEM}/draft", json={"code": "# brought along"})
    assert log_in(client, "traveller", bring="1").status_code == 303
    assert client.get(f"/api/problems/{PROBLEM}/draft").json()["code"] == "# brought along"
    assert 'name="bring"' not in client.get("/login").text, "an account has nothing to bring"


def test_logging_out_revokes_the_session_and_clears_the_cookie(client: TestClient) -> None:
    sign_up(client, "leaver")
    cookie = client.cookies.get(COOKIE)
    page = client.get("/qa")
    assert "leaver" in page.text and 'action="/logout"' in page.text
    out = client.post(
        "/logout", data={"csrf_token": token_of(page.text), "next": "/qa"}, follow_redirects=False
    )
    assert out.status_code == 303 and out.headers["location"] == "/qa"
    assert f"{COOKIE}=;" in out.headers["set-cookie"] and "Max-Age=0" in out.headers["set-cookie"]
    client.cookies.clear()
    assert client.get("/api/me").json()["anonymous"] is True
    # Someone who kept a copy of the cookie gets nothing with it either.
    old = client.get("/api/me", headers={"cookie": f"{COOKIE}={cookie}"})
    assert old.json() == {"anonymous": True, "username": None, "role": "learner", "csrf_token": ""}
    assert log_in(client, "leaver").status_code == 303, "the account itself stays"


def test_a_wrong_password_and_an_unknown_user_answer_alike(client: TestClient) -> None:
    sign_up(client, "exists")
    client.cookies.clear()

    def attempt(username: str) -> tuple[int, str, float]:
        started = time.perf_counter()
        response = log_in(client, username, "not the password")
        took = time.perf_counter() - started
        return response.status_code, error_of(response.text), took

    wrong = [attempt("exists") for _ in range(5)]
    unknown = [attempt("nobody-here") for _ in range(5)]
    assert {(status, text) for status, text, _ in wrong + unknown} == {
        (400, "Wrong username or password.")
    }
    # Both verify a password hash: an unknown name is not answered in a fraction of the time.
    slow, fast = (statistics.median(took for *_, took in runs) for runs in (wrong, unknown))
    assert 0.25 < fast / slow < 4
    again = log_in(client, "exists", "not the password")
    assert 'value="exists"' in again.text, "the typed username is kept"
    assert client.get("/api/me").json()["anonymous"] is True


def test_a_taken_username_is_refused_and_the_guest_stays_a_guest(client: TestClient) -> None:
    assert sign_up(client, "popular").status_code == 303
    client.cookies.clear()
    second = sign_up(client, "popular")
    assert second.status_code == 400
    assert error_of(second.text) == "That username is taken; choose another."
    assert 'value="popular"' in second.text
    assert client.get("/api/me").json()["anonymous"] is True


def test_a_username_is_one_account_whatever_its_case(client: TestClient) -> None:
    assert sign_up(client, "CaseFul").status_code == 303
    client.cookies.clear()
    second = sign_up(client, "caseful")
    assert second.status_code == 400
    assert error_of(second.text) == "That username is taken; choose another."
    client.cookies.clear()
    assert log_in(client, "CASEFUL").status_code == 303
    assert client.get("/api/me").json()["username"] == "CaseFul"  # shown as it was typed


@pytest.mark.parametrize(
    ("username", "password", "again", "message"),
    [
        ("ab", PASSWORD, PASSWORD, "A username is 3 to 32"),
        ("with space", PASSWORD, PASSWORD, "A username is 3 to 32"),
        ("名字不行", PASSWORD, PASSWORD, "A username is 3 to 32"),
        ("shortpw", "1234567", "1234567", "A password is 8 to 256 characters long."),
        ("longpw", "x" * 257, "x" * 257, "A password is 8 to 256 characters long."),
        ("typo", PASSWORD, PASSWORD + "!", "The two passwords differ."),
    ],
)
def test_bad_usernames_and_passwords_are_refused_with_the_rule(
    client: TestClient, username: str, password: str, again: str, message: str
) -> None:
    response = sign_up(client, username, password, password_again=again)
    assert response.status_code == 400
    assert error_of(response.text).startswith(message)
    assert client.get("/api/me").json()["anonymous"] is True


def test_the_forms_speak_chinese_too(client: TestClient) -> None:
    page = client.get("/signup?lang=zh")
    assert "注册" in page.text and "再输一次密码" in page.text
    form = {
        "csrf_token": token_of(page.text),
        "username": "x",
        "password": PASSWORD,
        "password_again": PASSWORD,
    }
    refused = client.post("/signup", data=form)  # the language cookie is set now
    assert error_of(refused.text).startswith("用户名要 3–32 个字符")
    assert "登录" in client.get("/login").text


def test_form_posts_without_the_right_token_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    client.get("/signup")  # a guest with a cookie
    form = {"username": "forged", "password": PASSWORD, "password_again": PASSWORD}
    for token in (None, "", "wrong-token"):
        data = form if token is None else {**form, "csrf_token": token}
        response = client.post("/signup", data=data, follow_redirects=False)
        assert response.status_code == 403
        assert "reload the page" in error_of(response.text)
    assert client.get("/api/me").json()["anonymous"] is True

    sign_up(client, "target")
    response = client.post("/logout", data={"csrf_token": "wrong"}, follow_redirects=False)
    assert response.status_code == 403
    assert client.get("/api/me").json()["username"] == "target", "still logged in"
    cross_site = client.post(
        "/logout",
        data={"csrf_token": token_of(client.get("/account").text)},
        headers={"origin": "https://evil.example"},
    )
    assert cross_site.status_code == 403
    assert client.get("/api/me").json()["username"] == "target"

    client.cookies.clear()  # no cookie at all: no session, so no token can be right
    bare = client.post("/login", data={"username": "target", "password": PASSWORD})
    assert bare.status_code == 403 and "cookie" in error_of(bare.text)
    assert client.get("/api/me").json()["anonymous"] is True


@pytest.mark.parametrize(
    ("asked", "goes"),
    [
        ("/problems/causal-mask?lang=zh", "/problems/causal-mask?lang=zh"),
        ("//evil.example/x", "/"),
        ("/\\evil.example", "/"),
        ("https://evil.example/", "/"),
        ("javascript:alert(1)", "/"),
        ("/qa\r\nSet-Cookie: x=1", "/"),
        ("/login?next=/qa", "/"),
    ],
)
def test_next_never_leaves_the_site(client: TestClient, asked: str, goes: str) -> None:
    assert local_next(asked) == goes
    name = f"nx{abs(hash(asked)) % 10**8}"
    assert sign_up(client, name, next=asked).headers["location"] == goes


def test_the_page_links_come_back_to_the_page_after_logging_in(client: TestClient) -> None:
    sign_up(client, "returner")
    client.cookies.clear()
    page = client.get(f"/problems/{PROBLEM}").text
    link = re.search(r'href="(/login\?next=[^"]+)"', page).group(1)
    form = client.get(link.replace("&amp;", "&")).text
    assert f'name="next" value="/problems/{PROBLEM}"' in form
    answer = client.post(
        "/login",
        data={
            "csrf_token": token_of(form),
            "username": "returner",
            "password": PASSWORD,
            "next": f"/problems/{PROBLEM}",
        },
        follow_redirects=False,
    )
    assert answer.headers["location"] == f"/problems/{PROBLEM}"


def test_rate_limits_answer_429_then_recover_after_the_window(client: TestClient) -> None:
    sign_up(client, "guarded")
    client.cookies.clear()
    clock = Clock()
    client.app.state.account_limits = AccountLimits.with_clock(
        clock, window=600, per_address=6, per_username=2
    )
    assert log_in(client, "guarded", "wrong password").status_code == 400
    assert log_in(client, "GUARDED", "wrong password").status_code == 400
    blocked = log_in(client, "guarded")  # even the right password waits now
    assert blocked.status_code == 429
    assert blocked.headers["retry-after"] == "600"
    assert "Too many failed log-ins for this username" in error_of(blocked.text)
    assert 'value="guarded"' in blocked.text
    clock.now += 300
    assert log_in(client, "guarded").headers["retry-after"] == "300"

    clock.now += 301  # the window is over
    assert log_in(client, "guarded").status_code == 303
    # The success reset the username's count: two more failures before a 429 again.
    assert log_in(client, "guarded", "wrong password").status_code == 400

    for name in ("ann", "bob", "cyd", "dan"):  # six attempts from this address in the window
        assert log_in(client, name, "whatever1").status_code == 400
    by_address = log_in(client, "another", "whatever1")
    assert by_address.status_code == 429
    assert "Too many attempts from your address" in error_of(by_address.text)
    assert sign_up(client, "newcomer").status_code == 429, "sign-ups count too"
    clock.now += 601
    client.cookies.clear()  # logged in as "guarded" since the success above
    assert sign_up(client, "newcomer").status_code == 303


def test_api_me_makes_no_learner(client: TestClient) -> None:
    response = client.get("/api/me")
    assert response.json() == {
        "anonymous": True,
        "username": None,
        "role": "learner",
        "csrf_token": "",
    }
    assert "set-cookie" not in response.headers
    assert "set-cookie" not in client.get("/").headers, "pages make no learner either"


def test_the_top_bar_shows_who_is_logged_in(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    assert ">Log in</a>" in page and ">Sign up</a>" in page
    sign_up(client, "shown")
    page = client.get("/").text
    assert ">shown</a>" in page and ">Log out</button>" in page and ">Log in</a>" not in page
    assert "退出" in client.get("/?lang=zh").text


def test_the_rate_limiter_slides_and_forgets() -> None:
    clock = Clock()
    limiter = RateLimiter(2, 10, clock=clock, max_keys=3)
    limiter.hit("a")
    clock.now += 4
    limiter.hit("a")
    assert limiter.retry_after("a") == 6
    clock.now += 6  # the first hit falls out of the window: one attempt free again
    assert limiter.retry_after("a") is None
    limiter.hit("a")
    assert limiter.retry_after("a") == 4
    limiter.reset("a")
    assert limiter.retry_after("a") is None
    for key in "bcdef":  # at most three keys are kept: the oldest go first
        limiter.hit(key)
        limiter.hit(key)
    assert limiter.retry_after("b") is None and limiter.retry_after("f") == 10


def test_sessions_on_each_database_name_the_session_just_opened(store: Any) -> None:
    """Log-in hands back its own session (logging out revokes that one, not another
    browser's), and signing up replaces the guest's session with a new one."""
    sessions = Sessions(store, b"k" * 32)
    guest, guest_cookie = sessions.new_anonymous()
    account, account_cookie = sessions.sign_up(guest, "dual", PASSWORD)
    assert account.learner_id == guest.learner_id and account.session_id != guest.session_id
    assert sessions.resolve(guest_cookie) is None
    assert sessions.resolve(account_cookie).username == "dual"
    laptop, laptop_cookie = sessions.log_in("dual", PASSWORD)
    phone, phone_cookie = sessions.log_in("dual", PASSWORD)
    sessions.revoke(laptop)
    assert sessions.resolve(laptop_cookie) is None
    assert sessions.resolve(phone_cookie).session_id == phone.session_id
    with pytest.raises(AccountError) as taken:
        sessions.sign_up(sessions.new_anonymous()[0], "dual", PASSWORD)
    assert taken.value.reason == "taken"
