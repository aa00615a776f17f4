"""What a wrong numeric answer is told: symmetric tolerance, worst offenders, heatmaps."""

import json

import numpy as np
from fastapi.testclient import TestClient

from graders.compare import HEATMAP_SIDE, ReturnSpec, compare_output, heatmap, matches
from tests.helpers import submit

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


def test_nan_is_the_answer_where_the_reference_gives_nan_and_only_there() -> None:
    # An overflowed gradient unscaled by a loss scaler is NaN in the reference too.
    expected = np.array([1.0, np.nan, 3.0])
    assert _check(expected, np.array([1.0, np.nan, 3.0])).passed
    assert not _check(expected, np.array([1.0, 2.0, 3.0])).passed
    assert not _check(np.array([1.0, 2.0, 3.0]), np.array([1.0, np.nan, 3.0])).passed


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


def test_integer_outputs_are_compared_exactly_and_must_be_integers() -> None:
    spec = ReturnSpec("buckets", "tensor", "int", atol=1.0, rtol=1.0)  # tolerances ignored
    expected = np.array([[0, 3], [17, 31]], dtype=np.int64)
    same = compare_output(spec, expected=expected, actual=_tensor(expected.astype(np.int32)))
    assert same.passed
    off = expected.copy()
    off[1, 0] = 18
    wrong = compare_output(spec, expected=expected, actual=_tensor(off))
    assert not wrong.passed and wrong.kind == "exact"
    assert "first at [1, 0]: expected 17, got 18" in wrong.message
    assert "期望 17，得到 18" in wrong.message.zh
    floats = compare_output(spec, expected=expected, actual=_tensor(expected.astype(np.float32)))
    assert not floats.passed and floats.kind == "dtype" and "int64" in floats.message
    assert not matches(spec, expected=expected, actual=_tensor(expected.astype(np.float64)))


def _tensor(array: np.ndarray) -> dict:
    return {"array": array, "type": "tensor", "dtype": f"torch.{array.dtype}"}


def test_sequences_of_another_length_say_where_they_first_differ() -> None:
    spec = ReturnSpec("tokens", "tensor", "int")
    expected = np.array([[1, 5, 6, 2, 0], [1, 7, 7, 7, 2]])
    longer = compare_output(
        spec, expected=expected, actual=_tensor(np.array([[1, 5, 6, 2, 0, 0], [1, 7, 3, 7, 7, 2]]))
    )
    assert not longer.passed and longer.kind == "shape"
    assert "6 tokens per row, expected 5" in longer.message
    assert "row 1 first differs at position 2: expected 7, got 3" in longer.message
    assert longer.details["first_mismatch"] == [1, 2]
    early = compare_output(spec, expected=expected, actual=_tensor(expected[:, :3]))
    assert "every row agrees up to position 2" in early.message
    assert "3 tokens per row, expected 5" in early.message


def test_a_wrong_scalar_is_reported_without_an_index() -> None:
    check = _check(np.array(2.302585), np.array(2.5))
    assert not check.passed
    assert check.message.startswith("`output` is outside the tolerance: expected 2.30259, got 2.5")
    assert "[]" not in check.message.zh
