"""Custom input over HTTP: the candidate's own inputs, their output beside the reference's."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from app.judge.custom import MAX_ARRAY_ELEMENTS, MAX_TOTAL_ELEMENTS, custom_template_text
from tests.conftest import solution

# Raw bodies are sent as an API client sends them: declared JSON.
JSON = {"content-type": "application/json"}


def run(client: TestClient, problem_id: str, body: Any) -> Any:
    return client.post(f"/api/problems/{problem_id}/custom", json=body)


def starter(client: TestClient, problem_id: str) -> str:
    return client.get(f"/api/problems/{problem_id}").json()["starter_code"]


def check(body: dict, name: str) -> dict:
    return body["cases"][0]["checks"][name]


def assert_same(check_: dict) -> None:
    # Both sides are echoed rounded to 6 significant digits; a correct answer may differ
    # from the reference in the last float32 bit, so compare as numbers.
    expected = np.array(check_["expected"], dtype=np.float64)
    got = np.array(check_["got"], dtype=np.float64)
    assert expected.shape == got.shape == tuple(check_["expected_shape"])
    np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-5)


QKV = {
    "q": [[[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]]],
    "k": [[[1.0, 0.0], [0.0, 1.0]]],
    "v": [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]],
}


def test_detail_carries_the_prefilled_template(client: TestClient) -> None:
    template = client.get("/api/problems/multi-head-attention").json()["custom_input"]
    assert set(template) == {"inputs", "init", "seed"}
    assert template["init"] == {"d_model": 8, "num_heads": 2} and template["seed"] == 1
    assert np.array(template["inputs"]["q"]).shape == (2, 4, 8)
    function = client.get("/api/problems/attention").json()["custom_input"]
    assert set(function) == {"inputs"} and set(function["inputs"]) == {"q", "k", "v"}


def test_template_text_is_the_template(client: TestClient) -> None:
    bank = client.app.state.bank
    for problem in bank.ordered():
        text = custom_template_text(problem)
        expected = client.get(f"/api/problems/{problem.id}").json()["custom_input"]
        assert json.loads(text) == expected


def test_attention_solution_is_accepted_on_custom_inputs(client: TestClient) -> None:
    mask = [[True, False], [True, True], [False, True]]
    response = run(
        client, "attention", {"code": solution("attention"), "inputs": {**QKV, "mask": mask}}
    )
    body = response.json()
    assert response.status_code == 200, body
    assert body["mode"] == "custom" and body["verdict"] == "accepted", body
    output = check(body, "output")
    assert output["expected_shape"] == [1, 3, 3]
    assert_same(output)
    # Query 0 may only see key 0: its output is v[0] exactly.
    assert output["expected"][0][0] == pytest.approx([1.0, 2.0, 3.0])


def test_sdpa_solution_is_accepted_with_both_returns(client: TestClient) -> None:
    mask = [[0, 1], [0, 0], [1, 0]]  # numpy problem: 1 = blocked
    body = run(
        client,
        "scaled-dot-product-attention",
        {"code": solution("scaled-dot-product-attention"), "inputs": {**QKV, "mask": mask}},
    ).json()
    assert body["verdict"] == "accepted", body
    assert_same(check(body, "output"))
    weights = check(body, "attention_weights")
    assert_same(weights)
    assert weights["expected"][0][0] == pytest.approx([1.0, 0.0])


def test_module_solution_is_accepted_with_init_and_seed(client: TestClient) -> None:
    x = {"randn": [2, 3, 12], "seed": 5}
    request = {
        "code": solution("multi-head-attention"),
        "inputs": {"q": x, "k": x, "v": x},
        "init": {"d_model": 12, "num_heads": 3},
        "seed": 42,
    }
    body = run(client, "multi-head-attention", request).json()
    assert body["verdict"] == "accepted", body
    output = check(body, "output")
    assert output["expected_shape"] == [2, 3, 12]
    assert_same(output)
    again = run(client, "multi-head-attention", {**request, "seed": 43}).json()
    assert check(again, "output")["expected"] != output["expected"]  # the seed picks the weights


def test_starter_is_wrong_answer_with_both_outputs(client: TestClient) -> None:
    body = run(client, "attention", {"code": starter(client, "attention"), "inputs": QKV}).json()
    assert body["verdict"] == "wrong_answer", body
    output = check(body, "output")
    assert np.array(output["got"]).shape == np.array(output["expected"]).shape == (1, 3, 3)
    assert not np.any(output["got"]) and np.any(output["expected"])
    assert body["cases"][0]["message"]


def test_randn_inputs_and_typed_values(client: TestClient) -> None:
    inputs = {
        "q": {"randn": [2, 2, 4, 8], "seed": 1},
        "k": {"randn": [2, 2, 6, 8], "seed": 2},
        "v": {"randn": [2, 2, 6, 5], "seed": 3, "dtype": "float32"},
        "mask": {"values": [[1, 1, 0, 1, 1, 1]], "dtype": "bool"},
    }
    body = run(client, "attention", {"code": solution("attention"), "inputs": inputs}).json()
    assert body["verdict"] == "accepted", body
    assert check(body, "output")["expected_shape"] == [2, 2, 4, 5]


@pytest.mark.parametrize(
    ("problem_id", "inputs", "shape"),
    [
        ("padding-mask", {"lengths": [2, 0, 3], "max_len": 4}, [3, 1, 1, 4]),  # int64 lengths
        ("causal-mask", {"size": 3}, [3, 3]),
        ("softmax", {"x": [[1, 2], [3, 4]], "axis": 0}, [2, 2]),
        (
            "layer-norm",
            {"x": [[1, 2, 4]], "gamma": [1, 1, 1], "beta": [0, 0, 0], "eps": 0.1},
            [1, 3],
        ),
        (
            "multi-head-attention-numpy",  # per-head weight lists
            {
                "x": {"randn": [1, 2, 4], "seed": 0},
                "wq": [{"randn": [4, 2]}, {"randn": [4, 2], "seed": 1}],
                "wk": [[[1, 0], [0, 1], [0, 0], [0, 0]], [[0, 0], [0, 0], [1, 0], [0, 1]]],
                "wv": [{"values": [[1, 0], [0, 1], [0, 0], [0, 0]], "dtype": "float64"}] * 2,
                "wo": {"randn": [4, 4], "seed": 9},
                "num_heads": 2,
            },
            [1, 2, 4],
        ),
    ],
)
def test_other_problems_accept_custom_inputs(
    client: TestClient, problem_id: str, inputs: dict, shape: list[int]
) -> None:
    response = run(client, problem_id, {"code": solution(problem_id), "inputs": inputs})
    body = response.json()
    assert response.status_code == 200 and body["verdict"] == "accepted", body
    (output,) = body["cases"][0]["checks"].values()
    assert output["got_shape"] == shape


def test_null_leaves_an_optional_argument_out(client: TestClient) -> None:
    body = run(
        client, "attention", {"code": solution("attention"), "inputs": {**QKV, "mask": None}}
    ).json()
    assert body["verdict"] == "accepted", body


def test_runtime_error_shows_the_traceback(client: TestClient) -> None:
    code = "import torch\n\n\ndef attention(q, k, v, mask=None):\n    return q[0, 99]\n"
    body = run(client, "attention", {"code": code, "inputs": QKV}).json()
    assert body["verdict"] == "runtime_error", body
    assert "line 5, in attention" in body["cases"][0]["traceback"]


def detail(response: Any) -> str:
    assert response.status_code == 422, response.text
    return response.json()["detail"]


def test_unknown_input_names_the_allowed_ones(client: TestClient) -> None:
    text = detail(run(client, "attention", {"code": "", "inputs": {**QKV, "query": [1.0]}}))
    assert "unknown input `query`" in text and "q, k, v" in text and "mask" in text


def test_missing_required_input(client: TestClient) -> None:
    text = detail(run(client, "attention", {"code": "", "inputs": {"q": QKV["q"]}}))
    assert "missing inputs `k`, `v`" in text


def test_ragged_list_names_the_bad_element(client: TestClient) -> None:
    inputs = {**QKV, "q": [[[1.0, 0.0], [0.0], [0.5, 0.5]]]}
    text = detail(run(client, "attention", {"code": "", "inputs": inputs}))
    assert "inputs.q[0][1]" in text and "ragged" in text
    inputs = {**QKV, "k": [[[1.0, 0.0], [0.0, [1.0]]]]}
    assert "inputs.k[0][1][1]" in detail(run(client, "attention", {"code": "", "inputs": inputs}))


def test_too_many_elements(client: TestClient) -> None:
    big = {"randn": [1, MAX_ARRAY_ELEMENTS + 1, 1]}
    text = detail(run(client, "attention", {"code": "", "inputs": {**QKV, "q": big}}))
    assert str(MAX_ARRAY_ELEMENTS) in text and "inputs.q" in text
    nested = [[0.0] * 8 for _ in range(MAX_ARRAY_ELEMENTS // 8 + 1)]
    assert "per array" in detail(run(client, "softmax", {"code": "", "inputs": {"x": nested}}))
    each = {"randn": [1, 64, 64]}  # 4096 each: 6 x 4096 in all
    more = {"x": each, "wq": [each] * 2, "wk": [each], "wv": [each], "wo": each}
    text = detail(run(client, "multi-head-attention-numpy", {"code": "", "inputs": more}))
    assert f"more than {MAX_TOTAL_ELEMENTS} array elements in all" in text


def test_five_dimensions_are_refused(client: TestClient) -> None:
    five = [[[[[1.0, 2.0]]]]]
    text = detail(run(client, "softmax", {"code": "", "inputs": {"x": five}}))
    assert "more than 4 dimensions" in text
    shape = {"randn": [1, 1, 1, 1, 2]}
    assert "at most 4" in detail(run(client, "softmax", {"code": "", "inputs": {"x": shape}}))
    huge = {"randn": [10**12, 10**12]}
    assert "per array" in detail(run(client, "softmax", {"code": "", "inputs": {"x": huge}}))


@pytest.mark.parametrize(
    ("problem_id", "inputs", "needle"),
    [
        ("positional-encoding", {"max_seq_len": 100000, "d_model": 4}, "from 0 to 512"),
        ("positional-encoding", {"max_seq_len": -1, "d_model": 4}, "from 0 to 512"),
        ("positional-encoding", {"max_seq_len": 2.5, "d_model": 4}, "integer"),
        ("positional-encoding", {"max_seq_len": True, "d_model": 4}, "integer"),
        ("causal-mask", {"size": "4"}, "integer"),
        ("softmax", {"x": [[1.0, 2.0]], "axis": 1000}, "from -512 to 512"),
        ("softmax", {"x": [[1.0, "2"]]}, "inputs.x[0][1]"),
        ("softmax", {"x": 3.0}, "must be an array"),
        ("softmax", {"x": {"zeros": [3]}}, "randn"),
        ("softmax", {"x": {"values": [1, 2], "dtype": "complex64"}}, "dtype"),
        ("padding-mask", {"lengths": {"values": [1.5], "dtype": "int64"}, "max_len": 2}, "1.5"),
        ("attention", {**QKV, "mask": [[True, 1]]}, "mixes true/false"),
        ("layer-norm", {"x": [[1.0]], "gamma": [1.0], "beta": [0.0], "eps": "small"}, "number"),
        # The sandbox's output cap: a 512 x 512 table is bigger than a custom run may show.
        ("positional-encoding", {"max_seq_len": 512, "d_model": 512}, "output values"),
    ],
)
def test_bad_scalars_and_values(
    client: TestClient, problem_id: str, inputs: dict, needle: str
) -> None:
    assert needle in detail(run(client, problem_id, {"code": "x = 1", "inputs": inputs}))


def test_non_finite_numbers_are_refused(client: TestClient) -> None:
    body = '{"code": "", "inputs": {"x": [[1.0, NaN]]}}'
    response = client.post("/api/problems/softmax/custom", content=body, headers=JSON)
    assert "inputs.x[0][1]" in detail(response) and "finite" in detail(response)
    body = '{"code": "", "inputs": {"x": [[1.0, 1e999]]}}'
    assert "finite" in detail(
        client.post("/api/problems/softmax/custom", content=body, headers=JSON)
    )


def test_inputs_the_reference_rejects(client: TestClient) -> None:
    inputs = {**QKV, "k": [[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]]}  # dk 3 against q's 2
    text = detail(run(client, "attention", {"code": solution("attention"), "inputs": inputs}))
    assert text.startswith("these inputs do not fit the problem: ")
    numpy_inputs = {**QKV, "k": inputs["k"]}
    text = detail(run(client, "scaled-dot-product-attention", {"code": "", "inputs": numpy_inputs}))
    assert text.startswith("these inputs do not fit the problem: ")
    heads = {"q": [[[1.0] * 6]], "k": [[[1.0] * 6]], "v": [[[1.0] * 6]]}
    module = {"code": "", "inputs": heads, "init": {"d_model": 6, "num_heads": 4}}
    assert "do not fit" in detail(run(client, "multi-head-attention", module))


def test_module_fields(client: TestClient) -> None:
    x = {"randn": [1, 2, 4]}
    base = {"code": "", "inputs": {"q": x, "k": x, "v": x}}
    assert "missing init arguments `d_model`, `num_heads`" in detail(
        run(client, "multi-head-attention", base)
    )
    bad_seed = {**base, "init": {"d_model": 4, "num_heads": 2}, "seed": -1}
    assert "`seed`" in detail(run(client, "multi-head-attention", bad_seed))
    unknown = {**base, "init": {"d_model": 4, "heads": 2}}
    assert "unknown init argument `heads`" in detail(run(client, "multi-head-attention", unknown))
    function = {"code": "", "inputs": QKV, "seed": 3}
    assert "module problems" in detail(run(client, "attention", function))


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("[1, 2]", "must be a JSON object"),
        ('"code"', "must be a JSON object"),
        ("{not json", "not valid JSON"),
        ("[" * 100_000, "nested too deeply"),
        ('{"code": "", "inputs": {"x": [' + "1" * 5000 + "]}}", "not usable JSON"),
        ('{"inputs": {}}', '"code" is required'),
        ('{"code": 5, "inputs": {}}', '"code" is required'),
        ('{"code": ""}', '"inputs" is required'),
        ('{"code": "", "inputs": [1]}', "must be a JSON object"),
        ('{"code": "", "inputs": {}, "mode": "run"}', "unknown field"),
    ],
)
def test_unusable_bodies(client: TestClient, body: str, needle: str) -> None:
    assert needle in detail(client.post("/api/problems/softmax/custom", content=body, headers=JSON))


def test_code_size_limit_matches_submissions(client: TestClient) -> None:
    code = "#" * (64 * 1024 + 1)
    assert "64 KiB" in detail(run(client, "softmax", {"code": code, "inputs": {"x": [1.0]}}))


def test_rejected_code_is_a_result_not_a_422(client: TestClient) -> None:
    body = run(client, "softmax", {"code": "def nope(:", "inputs": {"x": [1.0, 2.0]}}).json()
    assert body["verdict"] == "rejected" and body["message"], body


def test_unknown_problem_is_404(client: TestClient) -> None:
    assert run(client, "nope", {"code": "", "inputs": {}}).status_code == 404


def test_problem_page_has_the_custom_input_section(client: TestClient) -> None:
    page = client.get("/problems/multi-head-attention?lang=zh").text
    client.cookies.clear()
    assert '<details class="custom-input" hidden' in page  # js/problem.js shows it; it needs fetch
    assert "用自定义输入运行" in page and "自定义输入" in page
    assert "&#34;num_heads&#34;: 2" in page and "&#34;seed&#34;: 1" in page


def test_openapi_documents_the_custom_body(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    body = schema["paths"]["/api/problems/{problem_id}/custom"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"]["required"] == ["code", "inputs"]


def test_small_inputs_that_broadcast_into_a_huge_product_are_refused(client: TestClient) -> None:
    # 4,096 values each, but q [1, 64, 64, 1] against k [64, 1, 64, 1] is 16.7M scores.
    body = {
        "code": solution("attention"),
        "inputs": {
            "q": {"randn": [1, 64, 64, 1]},
            "k": {"randn": [64, 1, 64, 1]},
            "v": {"randn": [64, 1, 64, 1]},
        },
    }
    response = run(client, "attention", body)
    assert response.status_code == 422
    assert "broadcast to leading dimensions [64, 64]" in response.json()["detail"]
