"""Forged result frames: a verdict, never an exception, in grading, the API and the CLI.

Hostile code can write any bytes on its result pipe (app/sandbox/hostile.py does it for
real, contained). Here the frames come from a pool that answers with them, so every path
from the frames to a result document runs in this process.
"""

from __future__ import annotations

import json
import struct
import time
from collections.abc import Iterator

import numpy as np
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from app.bank import Bank
from app.cli import cli
from app.codec import MAGIC, Caps, CodecError, decode, encode
from app.judge.grade import grade_submission
from app.sandbox.messages import UNREADABLE, Unreadable, read_messages
from app.sandbox.pool import _worker_report
from app.sandbox.protocol import DONE_FRAME, FrameScanner, result_cap
from graders.result import Verdict
from tests.conftest import form_token, solution
from tests.helpers import LIMITS, ForgingPool


def message(header: bytes, payload: bytes = b"") -> bytes:
    """A codec message around a header written by hand, as hostile code would write it."""
    return MAGIC + struct.pack("<I", len(header)) + header + payload


LOAD_OK = encode({"load": "ok", "signature": None})
HUGE_SHAPE = {"$a": "float64", "shape": [0, 2**70], "tensor": False}
# The four frames of the issue: each passed the format checks and then raised in the server.
FORGED = {
    "a list as the case index": encode({"case": [0], "outputs": []}),
    "JSON nested 20,000 deep": message(b'{"case": 0, "x": ' + b"[" * 20000 + b"]" * 20000 + b"}"),
    "a 5,000-digit integer": message(b'{"case": ' + b"9" * 5000 + b"}"),
    "an array of shape [0, 2**70]": message(
        json.dumps({"case": 0, "outputs": [{"array": HUGE_SHAPE, "type": "ndarray"}]}).encode()
    ),
}


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (b"[" * 20000 + b"]" * 20000, "nested too deeply"),
        (b'{"a": ' * 30 + b"1" + b"}" * 30, "nested too deeply"),
        (b"9" * 5000, "integer too large"),
        (str(2**63).encode(), "integer too large"),
        (b'{"$a": "float64", "shape": [0, 1180591620717411303424], "tensor": false}', "integer"),
        (b'{"$a": "float64", "shape": [0, 1099511627776], "tensor": false}', "more than"),
        (b'{"$a": "float64", "shape": [-1], "tensor": false}', "bad shape"),
        (b'{"$a": ["float64"], "shape": [1], "tensor": false}', "not allowed"),
        (b'{"$a": "float64", "shape": [0], "tensor": "yes"}', "bad array node"),
        (b'{"$b": 2, "extra": 1}', "bad byte-string node"),
        (b'{"$f": ["nan"]}', "bad float tag"),
        (b'{"$x": 1}', "unknown tag"),
        (b"[NaN]", "bare NaN"),
        (b'["unterminated [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[', "not JSON"),
    ],
)
def test_the_decoder_refuses_hostile_headers_with_a_codec_error(header: bytes, reason: str) -> None:
    with pytest.raises(CodecError, match=reason):
        decode(message(header), Caps())


def test_brackets_and_quotes_inside_strings_are_text_not_nesting() -> None:
    text = "[" * 10 + '"' + "[{" * 500 + '\\"]' + '"' + "]" * 10
    assert decode(message(text.encode()))[0][0][0][0][0][0][0][0][0][0] == "[{" * 500 + '\\"]'[1:]


def test_half_a_surrogate_pair_becomes_a_replacement_character() -> None:
    # Such a str cannot be encoded as UTF-8: in an error message it broke the JSON response.
    assert decode(encode({"\ud800": ["a\udfffb"]})) == {"\ufffd": ["a\ufffdb"]}


def test_honest_messages_still_round_trip_at_the_caps() -> None:
    caps = Caps()
    deepest: object = np.zeros((2, 2))
    for _ in range(caps.max_depth - 1):  # the array node itself is at depth max_depth
        deepest = [deepest]
    back = decode(encode({"ints": [2**63 - 1, -(2**63)], "x": deepest}), caps)
    assert back["ints"] == [2**63 - 1, -(2**63)]
    decode(encode(np.zeros((0, caps.max_elements))), caps)


@pytest.mark.parametrize("name", list(FORGED))
def test_each_forged_frame_is_unreadable(name: str) -> None:
    with pytest.raises(Unreadable):
        read_messages([LOAD_OK, FORGED[name]], caps=Caps(), case_count=3)


@pytest.mark.parametrize(
    "frames",
    [
        [encode({"case": 0})],  # no load frame first
        [LOAD_OK, encode({"case": 1, "outputs": []})],  # out of order
        [LOAD_OK, encode({"case": 0}), encode({"case": 0})],  # twice
        [LOAD_OK, encode({"case": 3})],  # beyond the last case
        [LOAD_OK, encode({"case": 0, "verdict": "accepted"})],  # a key the harness never sends
        [LOAD_OK, encode({"stopped": "memory_limit"}), encode({"case": 0})],  # after the end
        [encode({"load": "error"})],  # a failed load without its error
        [encode({"load": "missing_entry"}), encode({"case": 0})],  # cases after a failed load
        [LOAD_OK, encode({"case": 0, "outputs": [{"array": np.zeros(2), "type": np.zeros(2)}]})],
        [LOAD_OK, encode({"case": 0, "stopped": np.zeros(3)})],
        [LOAD_OK, encode({"stopped": np.zeros(3)})],
        [LOAD_OK, encode({"case": 0, "gradients": {"detached": np.ones(2)}})],
        [LOAD_OK, encode({"case": 0, "error": {"type": "E", "message": None, "traceback": ""}})],
    ],
    ids=range(13),
)
def test_frames_the_harness_never_sends_are_unreadable(frames: list[bytes]) -> None:
    with pytest.raises(Unreadable):
        read_messages(frames, caps=Caps(), case_count=3)


def test_the_frames_the_harness_sends_are_read() -> None:
    array = {"array": np.ones((2, 3), np.float32), "type": "tensor", "dtype": "torch.float32"}
    error = {"type": "MemoryError", "message": "", "traceback": "", "line": None}
    frames = [
        LOAD_OK,
        encode({"case": 0, "warnings": [], "returned": 1, "outputs": [array], "weights": array}),
        encode({"case": 1, "warnings": [], "error": error, "forbidden": None}),
        encode({"stopped": "memory_limit"}),
    ]
    read = read_messages(frames, caps=Caps(), case_count=3)
    assert read.load["load"] == "ok" and list(read.cases) == [0, 1] and read.stopped


@pytest.mark.parametrize("problem_id", ["softmax", "multi-head-attention"])
@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_frame_is_a_runtime_error_through_grading(
    bank: Bank, problem_id: str, name: str
) -> None:
    pool = ForgingPool([LOAD_OK, FORGED[name]])
    problem = bank.get(problem_id)
    result = grade_submission(problem=problem, code=solution(problem_id), mode="run", pool=pool)
    assert result.verdict is Verdict.RUNTIME_ERROR
    assert result.message == "the result could not be read"
    assert result.to_dict("zh")["message"] == "无法读取运行结果" == UNREADABLE.zh


@pytest.fixture
def forging_client(client: TestClient) -> Iterator:
    """The shared app, answering from forged frames until the test ends."""
    real = client.app.state.pool  # State keeps attributes apart: monkeypatch would delete it

    def use(frames: list[bytes]) -> TestClient:
        client.app.state.pool = ForgingPool(frames)
        return client

    yield use
    client.app.state.pool = real


@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_frame_is_a_verdict_through_the_api_not_a_500(forging_client, name: str) -> None:
    client = forging_client([LOAD_OK, FORGED[name]])
    code = solution("softmax")
    response = client.post("/api/problems/softmax/submissions", json={"code": code})
    assert response.status_code == 200, response.text
    assert response.json()["verdict"] == "runtime_error"
    assert response.json()["message"] == "the result could not be read"
    zh = client.post(
        "/api/problems/softmax/submissions",
        json={"code": code},
        headers={"Accept-Language": "zh-CN"},
    )
    assert zh.status_code == 200 and zh.json()["message"] == "无法读取运行结果"
    body = {**client.get("/api/problems/softmax").json()["custom_input"], "code": code}
    custom = client.post("/api/problems/softmax/custom", json=body)
    assert custom.status_code == 200 and custom.json()["verdict"] == "runtime_error"
    token = form_token(client, "/problems/softmax")
    page = client.post("/problems/softmax", data={"code": code, "mode": "run", "csrf_token": token})
    assert page.status_code == 200 and "the result could not be read" in page.text


def test_half_a_surrogate_pair_in_an_error_is_not_a_500(forging_client) -> None:
    # What `raise ValueError(chr(0xD800))` sends, honest or forged: the JSON response must
    # still encode to UTF-8.
    error = {"type": "ValueError", "message": "ValueError: \ud800", "traceback": "", "line": 2}
    client = forging_client([LOAD_OK, encode({"case": 0, "warnings": [], "error": error})])
    code = solution("softmax")
    response = client.post("/api/problems/softmax/submissions", json={"code": code})
    assert response.status_code == 200, response.text
    assert response.json()["cases"][0]["message"] == "ValueError: \ufffd"


@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_frame_is_a_verdict_on_the_command_line(
    tmp_path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(
        "app.sandbox.build.build_pool", lambda *a, **k: ForgingPool([LOAD_OK, FORGED[name]])
    )
    path = tmp_path / "softmax.py"
    path.write_text(solution("softmax"))
    outcome = CliRunner().invoke(cli, ["grade", "softmax", str(path)])
    assert outcome.exit_code == 1, outcome.output
    assert outcome.exception is None or isinstance(outcome.exception, SystemExit)
    assert "runtime_error" in outcome.output and "the result could not be read" in outcome.output


@pytest.mark.parametrize(
    "report",
    [
        [],
        {"status": "exited"},
        {
            "status": "exited",
            "exit_code": "0",
            "cpu_seconds": 0.0,
            "wall_ms": 1.0,
            "max_rss_kb": 0,
            "results": b"",
            "stdout": b"",
        },
    ],
    ids=["not a dict", "missing fields", "a string exit code"],
)
def test_a_malformed_worker_reply_is_a_codec_error(report: object) -> None:
    with pytest.raises(CodecError):
        _worker_report(report)


# A fake result document on every inherited fd: a frame header claiming far more bytes than
# follow, then the start of a codec message. Written at import time, in the function, or both.
FORGE_EVERY_FD = """
import os
import struct

import numpy as np

_FAKE = struct.pack("<I", {claimed}) + b"SHS1" + struct.pack("<I", 400) + b'{{"case": 0, "out'


def _forge():
    for fd in range(256):
        try:
            os.write(fd, _FAKE)
        except OSError:
            pass


{at_import}


def softmax(x, axis=-1):
    {in_function}
    z = np.exp(x - x.max(axis=axis, keepdims=True))
    return z / z.sum(axis=axis, keepdims=True)
"""


@pytest.mark.hostile
@pytest.mark.parametrize("claimed", [1 << 30, result_cap(LIMITS.output_bytes)])
@pytest.mark.parametrize("where", ["import", "function", "both"])
def test_a_fake_frame_on_every_fd_is_unreadable_at_once(
    bank: Bank, pool, claimed: int, where: str
) -> None:
    code = FORGE_EVERY_FD.format(
        claimed=claimed,
        at_import="_forge()" if where in ("import", "both") else "",
        in_function="_forge()" if where in ("function", "both") else "pass",
    )
    started = time.monotonic()
    result = grade_submission(problem=bank.get("softmax"), code=code, mode="submit", pool=pool)
    elapsed = time.monotonic() - started
    assert result.verdict is Verdict.RUNTIME_ERROR, result.to_dict()
    assert result.message == "the result could not be read"
    # Not the wall limit spent waiting for the rest of a frame that never comes.
    assert elapsed < pool.limits.wall_seconds / 2, elapsed


def test_the_scanner_counts_frames_and_spots_ones_the_harness_never_writes() -> None:
    cap = result_cap(LIMITS.output_bytes)
    honest = bytearray(b"".join(struct.pack("<I", len(m)) + m for m in [LOAD_OK, LOAD_OK]))
    scanner = FrameScanner(cap)
    assert scanner.count(honest) == 2 and scanner.fault(honest) is None
    assert not scanner.partial(honest)
    half = honest + struct.pack("<I", len(LOAD_OK)) + LOAD_OK[:3]
    assert scanner.fault(half) is None and scanner.partial(half)
    assert FrameScanner(cap).fault(honest + DONE_FRAME) is None
    claims = FrameScanner(cap).fault(struct.pack("<I", cap) + MAGIC)
    assert claims and "more than" in claims
    assert FrameScanner(cap).fault(struct.pack("<I", 10) + b"SHX") == (
        "a frame that is not a codec message"
    )


def test_outputs_too_large_together_are_an_output_limit_not_unreadable(bank: Bank, pool) -> None:
    # Each value is under the cap, the two together are not: the harness says so in a few
    # bytes instead of writing a frame the worker would take for a forged one.
    code = (
        "import numpy as np\n\n\ndef scaled_dot_product_attention(q, k, v, mask=None):\n"
        f"    big = np.zeros({LIMITS.output_bytes // 8 * 3 // 4})\n"
        "    return big, big\n"
    )
    problem = bank.get("scaled-dot-product-attention")
    result = grade_submission(problem=problem, code=code, mode="run", pool=pool)
    assert result.verdict is Verdict.RUNTIME_ERROR, result.to_dict()
    assert result.cases and result.cases[0].kind == "output_limit", result.to_dict()
