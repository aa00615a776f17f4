"""The JSON API through the ASGI app: the contract others build on."""

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from app.web import create_app
from tests.conftest import TEST_LIMITS, solution
from tests.helpers import CORE, problem_tomls, submit

# The problems the issues contracted: id -> (framework, entry point, kind). A new problem
# is not added here: the bank's folders say what is served (CONTRACT below).
CONTRACTED = {
    "softmax": ("numpy", "softmax", "function"),
    "scaled-dot-product-attention": ("numpy", "scaled_dot_product_attention", "function"),
    "attention": ("torch", "attention", "function"),
    "causal-mask": ("torch", "causal_mask", "function"),
    "padding-mask": ("torch", "padding_mask", "function"),
    "multi-head-attention-numpy": ("numpy", "multi_head_attention", "function"),
    "multi-head-attention": ("torch", "MultiHeadAttention", "module"),
    "positional-encoding": ("numpy", "positional_encoding", "function"),
    "positional-encoding-module": ("torch", "PositionalEncoding", "module"),
    "layer-norm": ("numpy", "layer_norm", "function"),
    "feed-forward": ("numpy", "feed_forward", "function"),
    "encoder-layer": ("torch", "TransformerEncoderLayer", "module"),
    # The bank, part 1 (issue 11).
    "combined-mask": ("torch", "combined_mask", "function"),
    "sliding-window-mask": ("torch", "sliding_window_mask", "function"),
    "relative-position-bias": ("torch", "relative_position_bucket", "function"),
    "transformer-embedding": ("torch", "TransformerEmbedding", "module"),
    "layer-norm-module": ("torch", "LayerNorm", "module"),
    "batch-norm": ("numpy", "batch_norm", "function"),
    "feed-forward-module": ("torch", "FeedForward", "module"),
    "sublayer-connection": ("torch", "SublayerConnection", "module"),
    "decoder-layer": ("torch", "TransformerDecoderLayer", "module"),
    "transformer-encoder": ("torch", "TransformerEncoder", "module"),
    "transformer-classifier": ("torch", "TransformerClassifier", "module"),
    "transformer": ("torch", "Transformer", "module"),
    "cross-entropy-with-padding": ("torch", "cross_entropy_with_padding", "function"),
    "label-smoothing-loss": ("torch", "label_smoothing_loss", "function"),
    "noam-schedule": ("numpy", "noam_lr", "function"),
    "count-parameters": ("numpy", "count_parameters", "function"),
    "greedy-decode": ("torch", "greedy_decode", "function"),
    # The bank, part 2 (issue 12).
    "rms-norm": ("torch", "RMSNorm", "module"),
    "swiglu": ("torch", "SwiGLU", "module"),
    "gelu": ("torch", "gelu", "function"),
    "rope": ("torch", "apply_rope", "function"),
    "rope-interleaved": ("torch", "apply_rope_interleaved", "function"),
    "alibi": ("torch", "alibi_bias", "function"),
    "grouped-query-attention": ("torch", "grouped_query_attention", "function"),
    "causal-self-attention": ("torch", "CausalSelfAttention", "module"),
    "sliding-window-attention": ("torch", "sliding_window_attention", "function"),
    "gpt2-block": ("torch", "GPT2Block", "module"),
    "lora-linear": ("torch", "LoRALinear", "module"),
    "moe-router": ("torch", "moe_router", "function"),
    "online-softmax": ("numpy", "online_softmax", "function"),
    "linear-attention": ("torch", "linear_attention", "function"),
    "inverted-dropout": ("torch", "inverted_dropout", "function"),
    "softmax-backward": ("numpy", "softmax_backward", "function"),
    "layer-norm-backward": ("numpy", "layer_norm_backward", "function"),
    "attention-backward": ("numpy", "attention_backward", "function"),
    "flash-attention-forward": ("numpy", "flash_attention", "function"),
    "kv-cache": ("torch", "KVCacheAttention", "module"),
    "top-k-top-p-sampling": ("torch", "sample_next_token", "function"),
    "beam-search": ("torch", "beam_search", "function"),
    "multi-head-latent-attention": ("torch", "MultiHeadLatentAttention", "module"),
    # The bank, part 3 (issue 28).
    "sequence-logprobs": ("torch", "sequence_logprobs", "function"),
    "dpo-loss": ("torch", "dpo_loss", "function"),
    "grpo-advantages": ("torch", "grpo_advantages", "function"),
    "grpo-loss": ("torch", "grpo_loss", "function"),
    "ppo-clip-loss": ("torch", "ppo_losses", "function"),
    "gae": ("numpy", "compute_gae", "function"),
    "bpe-train": ("python", "train_bpe", "function"),
    "bpe-encode": ("python", "bpe_encode", "function"),
    "adamw-step": ("numpy", "adamw_step", "function"),
    "mlp-backward": ("numpy", "mlp_backward", "function"),
    "int8-quantize": ("numpy", "quantize_per_channel", "function"),
    "lr-warmup-cosine": ("numpy", "lr_at", "function"),
    "clip-grad-norm": ("numpy", "clip_grad_norm", "function"),
}
# Every problem in the bank, from its problem.toml: id -> (framework, entry point, kind).
CONTRACT = {
    problem_id: (toml["framework"], toml["entry"], toml["kind"])
    for problem_id, toml in sorted(problem_tomls().items())
}
RESULT_KEYS = {"problem", "verdict", "cases", "diagnosis", "duration_ms"}


def test_the_contracted_problems_are_in_the_bank_as_contracted() -> None:
    assert {pid: CONTRACT.get(pid) for pid in CONTRACTED} == CONTRACTED


def test_problem_list_serves_the_contract(client: TestClient) -> None:
    listed = client.get("/api/problems").json()
    assert sorted(p["id"] for p in listed) == sorted(CONTRACT)  # every folder, nothing else
    for row in listed:
        assert row["title"]["zh"] and row["title"]["en"] and row["difficulty"] and row["topic"]
        framework, _, kind = CONTRACT[row["id"]]
        assert (row["framework"], row["kind"]) == (framework, kind)


@pytest.mark.parametrize("problem_id", list(CONTRACT))
def test_every_contracted_entry_point_is_served(client: TestClient, problem_id: str) -> None:
    detail = client.get(f"/api/problems/{problem_id}").json()
    assert (detail["framework"], detail["entry_point"]) == CONTRACT[problem_id][:2]


@pytest.mark.parametrize("problem_id", CORE)
def test_problem_detail_has_everything_a_client_needs(client: TestClient, problem_id: str) -> None:
    detail = client.get(f"/api/problems/{problem_id}").json()
    framework, entry, kind = CONTRACT[problem_id]
    assert detail["entry_point"] == entry and detail["framework"] == framework
    assert entry in detail["signature"] and entry in detail["starter_code"]
    assert detail["statement"]["zh"] and detail["statement"]["en"]
    assert detail["tolerances"] and detail["sample_cases"]
    sample = detail["sample_cases"][0]
    assert sample["inputs"] and sample["expected"]


def test_attention_family_states_its_forbidden_apis(client: TestClient) -> None:
    forbidden = client.get("/api/problems/attention").json()["forbidden"]
    assert "torch.nn.functional.scaled_dot_product_attention" in forbidden
    assert "torch.nn.MultiheadAttention" in forbidden


@pytest.mark.parametrize("problem_id", CORE)
def test_solution_accepted_and_starter_not_over_http(client: TestClient, problem_id: str) -> None:
    good = submit(client, problem_id, solution(problem_id))
    assert good.status_code == 200 and good.json()["verdict"] == "accepted", good.json()
    assert good.json().keys() >= RESULT_KEYS and good.json()["diagnosis"] == []
    starter = client.get(f"/api/problems/{problem_id}").json()["starter_code"]
    bad = submit(client, problem_id, starter).json()
    assert bad["verdict"] == "wrong_answer"
    assert any(not case["passed"] and case["message"] for case in bad["cases"])


def test_case_rows_carry_name_passed_kind_and_message(client: TestClient) -> None:
    body = submit(client, "softmax", solution("softmax"), mode="run").json()
    assert body["cases"] and all(
        {"name", "passed", "kind", "message"} <= case.keys() for case in body["cases"]
    )


def test_unknown_problem_is_404(client: TestClient) -> None:
    assert client.get("/api/problems/nope").status_code == 404
    assert submit(client, "nope", "x = 1").status_code == 404


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (b'{"code": "' + b"#" * (64 * 1024 + 1) + b'"}', "limit is 65536"),
        (b'{"code": 42}', '"code" is required and must be a string'),
        (b'{"mode": "run"}', '"code" is required'),
        (b'{"code": "x", "mode": "debug"}', '"mode" must be'),
        (b'{"code": "\xff\xfe"}', "not valid UTF-8"),
        (b'{"code": "\\ud800"}', "lone surrogate"),
        (b"not json", "not valid JSON"),
        (b"[1, 2]", "JSON object"),
    ],
)
def test_bad_submissions_get_a_clear_422(client: TestClient, body: bytes, needle: str) -> None:
    response = client.post(
        "/api/problems/softmax/submissions",
        content=body,
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    assert needle in response.json()["detail"]


@pytest.mark.hostile
def test_server_keeps_answering_after_timeout_and_memory_bomb(client: TestClient) -> None:
    loop = submit(client, "softmax", "def softmax(x, axis=-1):\n    while True:\n        pass\n")
    assert loop.json()["verdict"] == "time_limit"
    bomb = submit(client, "softmax", "def softmax(x, axis=-1):\n    return bytearray(10**11)\n")
    assert bomb.json()["verdict"] == "memory_limit"
    crash = submit(client, "softmax", "def softmax(x, axis=-1):\n    raise ValueError('boom')\n")
    assert crash.json()["verdict"] == "runtime_error" and "boom" in crash.json()["message"]
    assert client.get("/healthz").json()["status"] == "ok"
    assert submit(client, "softmax", solution("softmax")).json()["verdict"] == "accepted"


def test_healthz_reports_problems_and_workers(client: TestClient) -> None:
    health = client.get("/healthz").json()
    assert health["status"] == "ok" and health["problems"] == len(CONTRACT)
    assert health["workers"] == 2
    assert health["sandbox"]["rlimits"]["active"] and health["sandbox"]["seccomp"]["active"]
    assert set(health["sandbox"]) == {"rlimits", "netns", "uid", "landlock", "seccomp", "cgroup"}
    deadline = time.monotonic() + 120
    while (draws := client.get("/healthz").json()["hidden_draws"])["ready"] < draws[
        "wanted"
    ] or not draws["wanted"]:
        assert time.monotonic() < deadline, draws  # start-up draws every problem's cases
        time.sleep(0.2)
    # Other tests' own temporary problems may hold draws in this process too.
    assert draws["ready"] == draws["wanted"] >= 8 * len(CONTRACT)


def test_problem_detail_says_what_is_checked_beyond_equality(client: TestClient) -> None:
    checks = client.get("/api/problems/attention").json()["checks"]
    assert {"causality", "padding", "permutation", "stability"} <= set(checks["properties"])
    assert "determinism" in client.get("/api/problems/encoder-layer").json()["checks"]["properties"]
    assert checks["gradients"]["atol"] > 0
    plain = client.get("/api/problems/causal-mask").json()["checks"]
    assert plain == {"properties": [], "gradients": None, "case_tolerances": []}


def test_readyz_is_503_until_start_up_is_done_then_stays_ready(tmp_path: Path) -> None:
    settings = Settings(workers=1, data_dir=tmp_path, **TEST_LIMITS)
    with TestClient(create_app(settings)) as fresh:
        answers = []
        deadline = time.monotonic() + 120
        while (answer := fresh.get("/readyz")).status_code != 200:
            assert time.monotonic() < deadline, answer.json()
            answers.append(answer)
            time.sleep(0.1)
        # Before: a 503 that says what is missing and when to ask again.
        assert answers, "a cold server is not ready at once: its worker is still starting"
        assert all(a.status_code == 503 and a.headers["retry-after"] == "2" for a in answers)
        assert answers[0].json()["ready"] is False and "workers_ready" in answers[0].json()
        health = fresh.get("/healthz").json()
        assert health["workers_ready"] >= 1
        assert health["hidden_draws"]["ready"] >= health["hidden_draws"]["wanted"]
        # After: ready, even while its only worker is busy grading.
        slow = "import time\ndef softmax(x, axis=-1):\n    time.sleep(1.5)\n    return x\n"
        with ThreadPoolExecutor(1) as background:
            grading = background.submit(submit, fresh, "softmax", slow)
            time.sleep(0.5)
            assert fresh.get("/readyz").json() == {"ready": True}
            assert grading.result().status_code == 200
