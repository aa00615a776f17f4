"""The reference module a custom `init` builds is bounded before it is built."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import torch
from fastapi.testclient import TestClient
from torch import nn

from app.bank import Bank
from app.judge import custom
from app.trusted.model_size import model_size
from tests.conftest import solution
from tests.helpers import wait_until_ready

# The request: 26,294,784 values in the reference's parameters and buffers.
HUGE = {"src_vocab": 512, "tgt_vocab": 512, "d_model": 512, "num_heads": 8, "d_ff": 512}


@pytest.fixture(autouse=True)
def ready(client: TestClient) -> None:
    wait_until_ready(client)


def template(client: TestClient, problem_id: str) -> dict[str, Any]:
    """The prefilled custom-input body of the problem page, with its solution as the code."""
    body = client.get(f"/api/problems/{problem_id}").json()["custom_input"]
    return {**body, "code": solution(problem_id)}


def test_a_huge_transformer_is_refused_naming_the_cap_and_the_count(client: TestClient) -> None:
    body = template(client, "transformer")
    body["init"] = {**body["init"], **HUGE, "num_layers": 6}
    response = client.post("/api/problems/transformer/custom", json=body)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert "26,294,784" in detail and "at most 2,000,000" in detail, detail


@pytest.mark.parametrize("wide", [False, True], ids=["sample sizes", "issue sizes"])
def test_512_layers_are_refused(client: TestClient, wide: bool) -> None:
    body = template(client, "transformer")
    body["init"] = {**body["init"], **(HUGE if wide else {}), "num_layers": 512}
    response = client.post("/api/problems/transformer/custom", json=body)
    assert response.status_code == 422, response.text
    assert "at most 400" in response.json()["detail"] and "tensors" in response.json()["detail"]


@pytest.mark.parametrize("problem_id", ["transformer", "multi-head-attention", "softmax"])
def test_a_normal_custom_input_still_works(client: TestClient, problem_id: str) -> None:
    response = client.post(f"/api/problems/{problem_id}/custom", json=template(client, problem_id))
    assert response.status_code == 200, response.text
    assert response.json()["verdict"] == "accepted", response.json()


def test_a_function_problem_is_never_counted(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: Any) -> None:
        raise AssertionError("a function problem has no model to count")

    monkeypatch.setattr(custom, "reference_size", refuse)
    response = client.post("/api/problems/softmax/custom", json=template(client, "softmax"))
    assert response.status_code == 200, response.text


def test_every_problems_own_cases_are_under_the_caps(bank: Bank) -> None:
    for problem in bank.ordered():
        if problem.meta.kind != "module":
            continue
        for case in problem.build_cases():
            size = custom.reference_size(problem, case.init)
            assert size.complete, (problem.id, case.name, size)
            # The caps leave room: at least 4x the largest the bank's own cases need.
            assert size.values * 4 <= custom.MAX_MODEL_VALUES, (problem.id, size)
            assert size.tensors * 4 <= custom.MAX_MODEL_TENSORS, (problem.id, size)
            custom.check_model_size(problem, case.init)
            assert custom.parameter_count(problem, case.init) == size.values


def test_a_reference_that_cannot_be_counted_is_bounded_by_its_cases(
    bank: Bank, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fails_on_meta(*_args: Any) -> None:
        raise NotImplementedError("this reference calls .item() while it is built")

    monkeypatch.setattr(custom, "reference_size", fails_on_meta)
    problem = bank.get("transformer")
    largest = max(case.init["d_model"] for case in problem.build_cases())
    init = next(case.init for case in problem.build_cases() if case.init["d_model"] == largest)
    custom.check_model_size(problem, init)  # the cases' own sizes pass
    with pytest.raises(custom.CustomInputError, match=f"at most {largest}, the largest"):
        custom.check_model_size(problem, {**init, "d_model": largest + 8})


class _Stack(nn.Module):
    """Layers cloned with deepcopy (as the Annotated Transformer does) and a tied weight."""

    def __init__(self, width: int, layers: int) -> None:
        super().__init__()
        layer = nn.Linear(width, width)
        self.layers = nn.ModuleList(copy.deepcopy(layer) for _ in range(layers))
        self.embed = nn.Embedding(10, width)
        self.out = nn.Linear(width, 10, bias=False)
        self.out.weight = self.embed.weight  # tied: counted once
        self.register_buffer("table", torch.zeros(7, width))


def test_the_count_allocates_nothing_and_sees_cloned_and_tied_tensors() -> None:
    size = model_size(_Stack, {"width": 4096, "layers": 3}, max_tensors=100)
    # 3 x (4096 x 4096 + 4096) + 10 x 4096 + 7 x 4096, on the meta device: no 200 MB here.
    assert size.values == 3 * (4096 * 4096 + 4096) + 17 * 4096 and size.tensors == 8
    assert size.complete
    stopped = model_size(_Stack, {"width": 4, "layers": 1000}, max_tensors=100)
    assert not stopped.complete and stopped.tensors == 101
    assert nn.Linear(2, 2).weight.device.type == "cpu"  # the meta device was left behind
