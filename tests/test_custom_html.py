"""The problem page's HTML paths: a custom run answered as the server-drawn result panel
(POST /problems/ID/custom?partial=1), and the page's one post per Run/Submit
(POST /problems/ID?partial=1) with the JSON endpoint's Idempotency-Key and mock semantics."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.bank import Bank
from app.judge.custom import custom_template_text
from tests.conftest import form_token, new_account, roomy_account_limits, solution
from tests.helpers import CHINESE

PROBLEM = "attention"  # its result has heatmaps and an attention view


@pytest.fixture(autouse=True)
def _no_session_left(client: TestClient) -> Iterator[None]:
    """The session's client is shared: leave it as a cookie-less browser, as found."""
    yield
    client.cookies.clear()


def _signed_in(client: TestClient, name: str) -> str:
    """A fresh learner with a session cookie; the problem page's form token."""
    roomy_account_limits(client)
    new_account(client, name)
    return form_token(client, f"/problems/{PROBLEM}")


def _custom(client: TestClient, token: str, lang: str, **fields: str):  # noqa: ANN202
    return client.post(
        f"/problems/{PROBLEM}/custom?partial=1&lang={lang}",
        data={"csrf_token": token, **fields},
    )


def test_a_custom_run_is_drawn_by_the_server_with_its_heatmaps(
    client: TestClient, bank: Bank
) -> None:
    token = _signed_in(client, "custom-html-one")
    problem = bank.get(PROBLEM)
    text = custom_template_text(problem)
    shown = _custom(client, token, "en", code=problem.starter, input=text)
    assert shown.status_code == 200, shown.text
    html = shown.text
    assert "<html" not in html  # the panel only, for the page to put in place
    assert 'data-verdict="wrong_answer" data-mode="custom"' in html
    output = html.split('<section class="custom-output" data-output="output">', 1)[1]
    assert "Your output" in output and "Reference output" in output
    assert output.count("shape (1, 3, 4)") == 2
    yours, reference = re.findall(r'<pre class="custom-values" tabindex="0">([^<]*)</pre>', html)
    assert yours.startswith("[0, :, :]\n") and set(yours.split("\n", 1)[1].split()) == {"0"}
    assert len(reference.split("\n", 1)[1].split()) == 12
    # Expected, yours and the difference: the same heatmap markup as a submission's.
    assert html.count('<table class="heat values" role="grid"') == 3 + 1  # + the weights
    assert 'data-heat-group data-output="output"' in html
    assert 'title="yours [0, 0] = 0"' in html
    assert '<section class="attention-view"' in html and "could not be seen" in html
    # The same run through the JSON endpoint (its public contract, unchanged) agrees.
    body = {**json.loads(text), "code": problem.starter}
    answer = client.post(f"/api/problems/{PROBLEM}/custom?lang=en", json=body).json()
    assert answer["verdict"] == "wrong_answer" and answer["cases"][0]["checks"]["output"]


def test_custom_input_errors_are_422_in_the_pages_language(client: TestClient, bank: Bank) -> None:
    token = _signed_in(client, "custom-html-two")
    starter = bank.get(PROBLEM).starter
    refusals = {
        '{"inputs": {"q": [[1, 2]],}': "不是合法的 JSON",
        "[1, 2]": "必须是一个 JSON 对象",
        '{"inputs": {"q": [[1, 2], [3]]}}': "这个自定义输入无法使用",
        '{"inputs": {"q": [[1]]}, "colour": 3}': "这个自定义输入无法使用",
    }
    for text, said in refusals.items():
        refused = _custom(client, token, "zh", code=starter, input=text)
        assert refused.status_code == 422, text
        error = re.search(r'data-verdict="error">([^<]*)<', refused.text).group(1)
        assert said in error and CHINESE.search(error), error
        if said != "这个自定义输入无法使用":
            continue
        # The JSON endpoint refuses the same input, and the HTML names the same fault.
        body = {**json.loads(text), "code": starter}
        detail = client.post(f"/api/problems/{PROBLEM}/custom", json=body)
        assert detail.status_code == 422
        assert detail.json()["detail"].replace('"', "&#34;").replace("'", "&#39;") in error
    missing = _custom(client, token, "zh", code=starter)
    assert missing.status_code == 422 and "自定义输入" in missing.text
    large = _custom(client, token, "en", code="#" * 70_000, input="{}")
    assert large.status_code == 422 and "larger than 65536 bytes" in large.text


def test_both_page_posts_refuse_a_session_post_without_its_token(client: TestClient) -> None:
    token = _signed_in(client, "custom-html-three")
    starter_input = '{"inputs": {}}'
    for url, form in (
        (f"/problems/{PROBLEM}/custom?partial=1", {"code": "x", "input": starter_input}),
        (f"/problems/{PROBLEM}?partial=1", {"code": "x", "mode": "run"}),
    ):
        assert client.post(url, data=form).status_code == 403
        assert client.post(url, data={**form, "csrf_token": "forged"}).status_code == 403
        assert client.post(url, data={**form, "csrf_token": token}).status_code != 403


def _submissions(client: TestClient) -> list[dict]:
    return client.get("/api/submissions", params={"problem": PROBLEM}).json()


def test_the_same_idempotency_key_twice_is_one_submission(client: TestClient) -> None:
    token = _signed_in(client, "custom-html-four")
    form = {"csrf_token": token, "code": solution(PROBLEM), "mode": "submit"}
    url = f"/problems/{PROBLEM}?partial=1&lang=en"
    first = client.post(url, data=form, headers={"Idempotency-Key": "page-key-1"})
    again = client.post(url, data=form, headers={"Idempotency-Key": "page-key-1"})
    assert first.status_code == again.status_code == 200
    for shown in (first, again):  # the kept result, drawn the same way both times
        assert 'data-verdict="accepted" data-mode="submit"' in shown.text
        assert '<section class="attention-view"' in shown.text
    assert len(_submissions(client)) == 1
    other = client.post(url, data=form, headers={"Idempotency-Key": "page-key-2"})
    assert other.status_code == 200 and len(_submissions(client)) == 2
    # The key with other code is refused, in the page's language; a malformed key too.
    changed = {**form, "code": form["code"] + "\n"}
    reused = client.post(
        f"/problems/{PROBLEM}?partial=1&lang=zh",
        data=changed,
        headers={"Idempotency-Key": "page-key-1"},
    )
    assert reused.status_code == 422 and "Idempotency-Key" in reused.text
    assert CHINESE.search(re.search(r'data-verdict="error">([^<]*)<', reused.text).group(1))
    bad = client.post(url, data=form, headers={"Idempotency-Key": "no spaces"})
    assert bad.status_code == 422 and len(_submissions(client)) == 2


def test_a_mock_attempt_counts_and_shows_no_attention_view(client: TestClient) -> None:
    _signed_in(client, "custom-html-five")
    for _ in range(300):  # the problem is drawn from the topic's; `attention` has the view
        session = client.post("/api/mock", json={"topic": "attention"}).json()
        if session["problem"] == PROBLEM:
            break
    problem = session["problem"]
    assert problem == PROBLEM
    token = form_token(client, f"/problems/{problem}?mock={session['id']}")
    form = {"csrf_token": token, "code": solution(problem), "mode": "submit"}
    url = f"/problems/{problem}?partial=1&lang=en"
    plain = client.post(url, data=form, headers={"Idempotency-Key": "mock-off"})
    counted = client.post(url, data={**form, "mock": str(session["id"])})
    assert plain.status_code == counted.status_code == 200
    assert 'data-verdict="accepted"' in counted.text
    assert "attention-view" not in counted.text and 'rel="next"' not in counted.text
    assert 'rel="next"' in plain.text and '<section class="attention-view"' in plain.text
    kept = {row["mock"] for row in _submissions_of(client, problem)}
    assert kept == {None, session["id"]}
    refused = client.post(url + "&lang=zh", data={**form, "mock": "abc"})
    assert refused.status_code == 422
    theirs = client.post(url.replace("lang=en", "lang=zh"), data={**form, "mock": "999999"})
    assert theirs.status_code == 422 and "模拟面试" in theirs.text


def _submissions_of(client: TestClient, problem: str) -> list[dict]:
    return client.get("/api/submissions", params={"problem": problem}).json()


def test_a_guests_first_post_hands_the_page_its_sessions_token(client: TestClient) -> None:
    """The page was drawn before the guest had a session (its token is empty); the first
    Run opens one, and the answer carries the token the next post needs."""
    client.cookies.clear()
    url = f"/problems/{PROBLEM}?partial=1"
    first = client.post(url, data={"csrf_token": "", "code": "x = 1", "mode": "run"})
    assert first.status_code == 200 and "shousi_session" in first.headers["set-cookie"]
    token = first.headers["x-csrf-token"]
    assert token and token == form_token(client, f"/problems/{PROBLEM}")
    stale = client.post(url, data={"csrf_token": "", "code": "x = 1", "mode": "run"})
    assert stale.status_code == 403
    again = client.post(url, data={"csrf_token": token, "code": "x = 1", "mode": "run"})
    custom = client.post(
        f"/problems/{PROBLEM}/custom?partial=1",
        data={"csrf_token": token, "code": "x = 1", "input": "[]"},
    )
    assert again.status_code == 200 and custom.status_code == 422  # past the token check
    assert custom.headers["x-csrf-token"] == token


def test_a_plain_value_custom_run_shows_both_outputs_and_the_first_difference(
    client: TestClient, bank: Bank
) -> None:
    roomy_account_limits(client)
    new_account(client, "custom-html-plain")
    token = form_token(client, "/problems/bpe-train")
    problem = bank.get("bpe-train")
    shown = client.post(
        "/problems/bpe-train/custom?partial=1&lang=en",
        data={"csrf_token": token, "code": problem.starter, "input": custom_template_text(problem)},
    )
    assert shown.status_code == 200, shown.text
    # The starter returns []: the message says what the first merge should have been.
    first = "`merges` is empty, expected 10 items, starting with (&#39;e&#39;, &#39;s&#39;)"
    assert first in shown.text
    assert 'data-output="merges"' in shown.text and "custom-shape" not in shown.text
