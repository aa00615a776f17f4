"""Hidden rows say verdict, kind and counts only: in the API, on the page and in history."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.hidden_rows import COUNT_KEYS, HIDDEN_KEYS, redact_document
from app.store.history import in_language
from tests.conftest import form_token, solution
from tests.helpers import wait_until_ready

# Wrong answers of several kinds, made from a correct solution by wrapping what it returns.
WRONG = {
    "zeros": "0 * {y}",
    "off by a scale": "2 * {y}",
    "wrong shape": "{y}[..., :1]",
    "NaN": "{y} * float('nan')",
}
# Where each problem's solution returns, and the value it returns there.
RETURNS = {
    "softmax": (
        "return z / z.sum(axis=axis, keepdims=True)",
        "(z / z.sum(axis=axis, keepdims=True))",
    ),
    "multi-head-attention": ("return self.wo(out)", "self.wo(out)"),
}
# What a hidden row's message may hold besides fixed words: the counts.
COUNTS = re.compile(r"(?:(\d+) of (\d+) values|有 (\d+)/(\d+) 个值)[^(（]*[(（](\d+\.\d)%[)）]")


@pytest.fixture(autouse=True)
def ready(client: TestClient) -> None:
    wait_until_ready(client)


def wrong(problem_id: str, how: str) -> str:
    """The problem's solution, returning the wrong value `how` says."""
    line, value = RETURNS[problem_id]
    code = solution(problem_id)
    assert line in code
    return code.replace(line, "return " + WRONG[how].format(y=value))


def no_numbers_but_counts(text: str) -> None:
    """Only counts (n of t values, the share) are numbers a hidden row may say."""
    assert not re.search(r"\d", COUNTS.sub("", text)), text


def assert_only_counts(case: dict[str, Any]) -> None:
    """A hidden row, walked whole: allowed keys, and no value, index or error of the case."""
    assert case["hidden"] is True
    assert set(case) <= HIDDEN_KEYS, sorted(set(case) - HIDDEN_KEYS)
    assert case.get("traceback", "") == ""
    assert case.get("line") is None or type(case["line"]) is int
    for name, counts in case.get("checks", {}).items():
        groups = counts.values() if name == "gradients" else [counts]
        for group in groups:
            assert set(group) == set(COUNT_KEYS), group
            assert type(group["mismatched"]) is int and type(group["total"]) is int
            assert 0 <= group["share"] <= 1
    if case["kind"] not in ("error", "memory_limit", "time_limit", "crash", "not_run"):
        no_numbers_but_counts(case["message"])

    def walk(value: Any) -> None:  # nothing anywhere is a list: no arrays, no indices
        assert not isinstance(value, list), case
        if isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(case)


def hidden_cases(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [case for case in document["cases"] if case["hidden"]]


def hidden_html_rows(page: str) -> list[str]:
    """The text of each hidden row of the result table, without the case's name."""
    rows = re.findall(
        r'<tr class="(?:pass|fail)">(.*?)</tr>\s*(?=<tr class="(?:pass|fail)">|</tbody>)',
        page,
        re.DOTALL,
    )
    hidden = [row for row in rows if 'class="tag"' in row]
    # The second cell is the case's name (and the hidden tag): names may hold digits.
    return [
        html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<td>.*?</td>", "", row, count=1)))
        for row in [re.sub(r'<td class="mark">.*?</td>', "", r, count=1) for r in hidden]
    ]


@pytest.mark.parametrize("problem_id", list(RETURNS))
@pytest.mark.parametrize("how", list(WRONG))
def test_hidden_rows_carry_counts_only_in_the_api_and_history(
    client: TestClient, problem_id: str, how: str
) -> None:
    for lang in ("en", "zh-CN") if how == "zeros" else ("en",):
        response = client.post(
            f"/api/problems/{problem_id}/submissions",
            json={"code": wrong(problem_id, how), "mode": "submit"},
            headers={"Accept-Language": lang},
        )
        assert response.status_code == 200, response.text
        document = response.json()
        assert document["verdict"] == "wrong_answer", document
        hidden = hidden_cases(document)
        assert hidden and not all(case["passed"] for case in hidden)
        for case in hidden:
            assert_only_counts(case)
        if how in ("zeros", "off by a scale", "NaN"):  # values compared: the counts say how many
            assert all(case["checks"] for case in hidden), hidden
        # Visible rows keep their full detail.
        visible = [case for case in document["cases"] if not case["hidden"]]
        assert visible and all("expected_shape" in c["checks"]["output"] for c in visible)
        kept = client.get(
            f"/api/submissions/{document['submission_id']}", headers={"Accept-Language": lang}
        ).json()["result"]
        assert hidden_cases(kept) == hidden  # what is kept is the redacted form


def test_the_first_numbers_of_a_zeros_submit_are_not_expected_values(client: TestClient) -> None:
    # The finding: 28 expected values, with their indices, under checks.output.worst[].
    response = client.post(
        "/api/problems/softmax/submissions",
        json={"code": wrong("softmax", "zeros"), "mode": "submit"},
    )
    for case in hidden_cases(response.json()):
        output = case["checks"]["output"]
        assert 0 < output["mismatched"] <= output["total"]  # a softmax may underflow to 0
        assert output["share"] == round(output["mismatched"] / output["total"], 4)
        assert "worst" not in output and "max_abs_error" not in output
        assert "expected" not in case["message"]


@pytest.mark.parametrize(
    ("problem_id", "how"),
    [("softmax", "zeros"), ("softmax", "NaN"), ("multi-head-attention", "off by a scale")],
)
def test_the_page_shows_no_numbers_of_hidden_rows(
    client: TestClient, problem_id: str, how: str
) -> None:
    page = f"/problems/{problem_id}"
    data = {
        "code": wrong(problem_id, how),
        "mode": "submit",
        "csrf_token": form_token(client, page),
    }
    response = client.post(page, data=data)
    assert response.status_code == 200
    rows = hidden_html_rows(response.text)
    assert rows, "no hidden rows on the page"
    for text in rows:
        no_numbers_but_counts(text)
    history = client.get("/api/submissions", params={"problem": problem_id, "limit": 1}).json()
    replay = client.get(f"{page}/history/{history[0]['id']}/result")
    assert replay.status_code == 200
    replayed = hidden_html_rows(replay.text)
    assert len(replayed) == len(rows)
    for text in replayed:
        no_numbers_but_counts(text)


def test_a_document_kept_before_the_rule_is_replayed_without_values() -> None:
    # As stored before hidden rows lost their values: worst values, maxima, a heatmap.
    output = {
        "expected_shape": [2, 3], "got_shape": [2, 3], "mismatched": 6, "total": 6,
        "atol": 1e-6, "rtol": 1e-5, "max_abs_error": 0.61, "max_rel_error": 1.0,
        "nonfinite": 0, "worst_index": [1, 2],
        "worst": [{"index": [1, 2], "expected": 0.61, "got": 0.0, "abs_error": 0.61}],
        "heatmap": {"kind": "values", "expected": [[0.61]], "got": [[0.0]], "diff": [[-0.61]]},
    }  # fmt: skip
    message = "6 of 6 values of `output` (100.0%) are outside the tolerance; worst at [1, 2]"
    sample = {"name": "s", "passed": False, "kind": "values", "message": message,
              "hidden": False, "checks": {"output": dict(output)}}  # fmt: skip
    hidden = {**sample, "name": "h", "hidden": True, "property": {"index": [0, 1]}}
    raised = "ValueError raised in a hidden case on line 4"
    error = {"name": "e", "passed": False, "kind": "error", "hidden": True, "line": 4,
             "traceback": "", "message": raised}  # fmt: skip
    document = {
        "verdict": "wrong_answer", "message": message, "cases": [sample, hidden, error],
        "_zh": {"message": "…", "cases": ["样例", "期望 0.61", "ValueError（第 4 行）"]},
    }  # fmt: skip
    for lang in ("en", "zh"):
        replayed = in_language(document, lang)
        assert replayed["cases"][0] == ({**sample, "message": "样例"} if lang == "zh" else sample)
        assert_only_counts(replayed["cases"][1])
        assert replayed["cases"][1]["checks"] == {
            "output": {"mismatched": 6, "total": 6, "share": 1.0}
        }
        assert replayed["cases"][2]["line"] == 4 and "ValueError" in replayed["cases"][2]["message"]
    redacted = redact_document(document)
    assert "0.61" not in repr([redacted["cases"][1:], redacted["_zh"]["cases"][1:]])
    assert redact_document(redact_document(document)) == redact_document(document)
