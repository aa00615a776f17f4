"""What a wrong numeric answer is told: symmetric tolerance, worst offenders, heatmaps."""

import json

import numpy as np
from fastapi.testclient import TestClient

from graders.compare import HEATMAP_SIDE, ReturnSpec, compare_output, heatmap, matches
from tests.test_api import submit

SPEC = ReturnSpec("output", "ndarray", "float", atol=1e-6, rtol=1e-5)


def _check(expected: np.ndarray, got: np.ndarray):
    return compare_output(SPEC, expected=expected, actual={"array": got, "type": "ndarray"})


def test_tolerance_is_symmetric() -> None:
    # With rtol relative to `expected` only, 0 vs 1e-5·x would pass one way and fail the other.
    a, b = np.array([1.0]), np.array([1.0 + 1.5e-5])
    assert _check(a, b).passed == _check(b, a).passed


def test_an_all_zeros_answer_does_not_slip_under_the_tolerance() -> None:
    expected = np.full((3, 4), 2e-6)
    assert not _check(expected, np.zeros_like(expected)).passed


def test_infinity_never_matches_a_finite_value() -> None:
    check = _check(np.array([1.0, 2.0]), np.array([1.0, np.inf]))
    assert not check.passed and check.details["nonfinite"] == 1
    assert check.details["worst"][0] == {
        "index": [1],
        "expected": 2.0,
        "got": "Infinity",
        "abs_error": "Infinity",
    }


def test_the_worst_offenders_are_listed_worst_first() -> None:
    expected = np.zeros((4, 5))
    got = expected.copy()
    got[1, 2], got[3, 4], got[0, 0] = 0.5, 3.0, 1.0
    check = _check(expected, got)
    assert [w["index"] for w in check.details["worst"]] == [[3, 4], [0, 0], [1, 2]]
    assert check.details["worst_index"] == [3, 4]
    assert "3 of 20 values" in check.message and "worst at [3, 4]" in check.message


def test_heatmap_is_a_small_window_around_the_worst_value() -> None:
    rng = np.random.default_rng(0)
    expected = rng.normal(size=(2, 3, 40, 40))
    got = expected.copy()
    got[1, 2, 30, 5] += 1.0
    check = _check(expected, got)
    window = heatmap(expected, got, check.details["worst_index"])
    assert window is not None
    assert len(window["diff"]) == HEATMAP_SIDE and len(window["diff"][0]) == HEATMAP_SIDE
    row, col = 30 - window["row_start"], 5 - window["col_start"]
    assert window["diff"][row][col] == 1.0
    assert window["got"][row][col] == float(f"{got[1, 2, 30, 5]:.6g}")
    assert window["slice"].startswith("[1, 2, ")
    json.dumps(window, allow_nan=False)  # the API's encoder refuses NaN


def test_a_one_dimensional_heatmap_is_a_single_row() -> None:
    window = heatmap(np.arange(3.0), np.array([0.0, 1.0, np.nan]))
    assert window is not None
    assert window["slice"] == "[0:3]" and window["got"] == [[0.0, 1.0, "NaN"]]


def test_known_mistakes_match_nan_for_nan_but_answers_do_not() -> None:
    expected = np.array([np.nan, 1.0])
    assert matches(SPEC, expected=expected, actual={"array": expected.copy()})
    assert not _check(np.array([1.0, 1.0]), expected).passed


def test_nan_answer_over_http_is_reported_not_a_server_error(client: TestClient) -> None:
    code = "import numpy as np\ndef softmax(x, axis=-1):\n    return np.full_like(x, np.nan)\n"
    response = submit(client, "softmax", code, mode="run")
    assert response.status_code == 200
    first = response.json()["cases"][0]
    assert first["kind"] == "values" and "NaN" in first["message"]
    assert first["checks"]["output"]["heatmap"]["got"][0][0] == "NaN"
    assert first["checks"]["output"]["worst"][0]["got"] == "NaN"
