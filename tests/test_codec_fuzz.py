"""Fuzzing what a child may send: the codec, then the frames all the way to a result.

Forged messages have structure: valid encodings of random trees, the harness's own frames
with hostile values in known fields (wrong types, deep nesting, huge integers, huge or
negative shapes, bad tags), cut short, spliced or lying about their lengths, and plain
random bytes. The decoder may only answer with a value or a CodecError; grading may only
answer with a result, and an unreadable frame is `runtime_error`, "the result could not
be read".

Hypothesis draws the plan (a seed and the kind of forgery); the bulk of each message is
built from the seed, which keeps 10,000 examples of each test within a minute.
"""

from __future__ import annotations

import json
import random
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.judge.grade
from app.bank import Bank
from app.codec import ALLOWED_DTYPES, MAGIC, Caps, CodecError, TensorArray, decode, encode
from app.judge.grade import grade_submission
from app.sandbox.messages import UNREADABLE, Unreadable, read_messages
from app.trusted import runner
from graders.result import GradeResult, Verdict
from tests.helpers import LIMITS, ForgingPool

FUZZ = settings(
    max_examples=10_000,
    deadline=None,
    database=None,  # nothing written into the checkout
    suppress_health_check=[HealthCheck.too_slow],
)
CAPS = Caps(max_elements=1 << 16)
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
DTYPES = sorted(ALLOWED_DTYPES)


@dataclass(frozen=True)
class Raw:
    """JSON text written as is: what json.dumps will not write (10**5000, NaN, '[[[[...')."""

    text: str


def to_json(node: Any) -> str:
    if isinstance(node, Raw):
        return node.text
    if isinstance(node, dict):
        items = (f"{json.dumps(str(key))}:{to_json(value)}" for key, value in node.items())
        return "{" + ",".join(items) + "}"
    if isinstance(node, list):
        return "[" + ",".join(to_json(item) for item in node) + "]"
    return json.dumps(node)


def framed(header: Any, payload: bytes = b"") -> bytes:
    """A codec message around a header written by hand."""
    head = header if isinstance(header, bytes) else to_json(header).encode("utf-8", "replace")
    return MAGIC + struct.pack("<I", len(head)) + head + payload


class Forger:
    """Hostile values, trees and messages, all drawn from one seed."""

    TEXT = ["", "x", "q", "$a", '"', "\\", "[{", "]}", "é", "\x00", "\ud800", "ok", "tensor"]

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, items: list) -> Any:
        return items[self.rng.randrange(len(items))]

    def text(self) -> str:
        return "".join(self.pick(self.TEXT) for _ in range(self.rng.randrange(4)))

    def huge(self) -> Any:
        edges = [2**63, -(2**63) - 1, 2**63 - 1, -(2**63), 2**70, -(2**80)]
        if self.rng.random() < 0.5:
            return self.pick(edges)
        digits = self.pick([20, 21, 40, 4300, 4301, 5000])
        return Raw(self.pick(["", "-"]) + "9" * digits)

    def deep(self) -> Raw:
        depth = self.pick([17, 18, 19, 20, 64, 1000, 20_000])
        if self.rng.random() < 0.5:
            return Raw("[" * depth + "]" * depth)
        return Raw('{"a":' * depth + "0" + "}" * depth)

    def shape(self) -> Any:
        roll = self.rng.random()
        if roll < 0.4:
            return [self.rng.randrange(5) for _ in range(self.rng.randrange(4))]
        if roll < 0.7:
            return self.pick([[0, 2**70], [0, 2**40, 2**40], [2**31, 2**31], [-1], [1] * 40])
        return [self.leaf() for _ in range(self.rng.randrange(4))]

    def array_node(self) -> dict:
        node = {
            "$a": self.pick([*DTYPES, "object", "V8", None, ["float64"], 3]),
            "shape": self.shape() if self.rng.random() < 0.9 else self.leaf(),
            "tensor": self.pick([True, False, False, "yes", None, 1]),
        }
        if self.rng.random() < 0.1:
            node["extra"] = self.leaf()
        if self.rng.random() < 0.1:
            del node["tensor"]
        return node

    def leaf(self) -> Any:
        """One hostile value."""
        return self.pick(
            [
                lambda: None,
                lambda: self.rng.random() < 0.5,
                lambda: self.rng.randrange(-3, 10),
                self.huge,
                lambda: self.rng.uniform(-1e308, 1e308),
                lambda: Raw(self.pick(["NaN", "Infinity", "-Infinity", "1e999", "-0.0"])),
                self.text,
                self.deep,
                self.array_node,
                lambda: {"$b": self.pick([0, 3, 64, -1, 2**40, "8", None, 1.5])},
                lambda: {"$f": self.pick(["nan", "inf", "-inf", "NaN", ["nan"], 1])},
                lambda: {self.pick(["$", "$x", "$a$"]): self.rng.randrange(3)},
                lambda: self.pick([[], {}]),
            ]
        )()

    def tree(self, budget: int = 6) -> Any:
        """A small tree of hostile values."""
        if budget <= 0 or self.rng.random() < 0.4:
            return self.leaf()
        size = self.rng.randrange(4)
        if self.rng.random() < 0.5:
            return [self.tree(budget - 2) for _ in range(size)]
        return {self.text(): self.tree(budget - 2) for _ in range(size)}

    def array(self) -> np.ndarray:
        shape = [self.rng.randrange(4) for _ in range(self.rng.randrange(4))]
        values = [self.rng.gauss(0, 3) for _ in range(int(np.prod(shape)))]
        return np.array(values).reshape(shape).astype(self.pick(DTYPES))

    def honest(self, budget: int = 6) -> Any:
        """A tree of the values `encode` takes."""
        if budget <= 0 or self.rng.random() < 0.4:
            return self.pick(
                [
                    lambda: None,
                    lambda: self.rng.randrange(-(2**63), 2**63),
                    lambda: self.pick([float("nan"), float("inf"), -0.0, 1.5]),
                    self.text,
                    lambda: self.rng.randbytes(self.rng.randrange(9)),
                    self.array,
                    lambda: TensorArray(self.array()),
                ]
            )()
        size = self.rng.randrange(4)
        if self.rng.random() < 0.5:
            return [self.honest(budget - 2) for _ in range(size)]
        return {self.text().lstrip("$"): self.honest(budget - 2) for _ in range(size)}

    def graft(self, node: Any) -> Any:
        """`node` (a decoded JSON header) with one subtree replaced by a hostile one."""
        if isinstance(node, list) and node and self.rng.random() < 0.7:
            index = self.rng.randrange(len(node))
            return [*node[:index], self.graft(node[index]), *node[index + 1 :]]
        if isinstance(node, dict) and node and self.rng.random() < 0.7:
            key = self.pick(sorted(node))
            return {**node, key: self.graft(node[key])}
        return self.tree()

    def mutate(self, data: bytes) -> bytes:
        """Cut short, grown, a byte changed, or a lying header length."""
        data = bytearray(data)
        how = self.pick(["truncate", "extend", "flip", "length"])
        if how == "truncate" and data:
            del data[self.rng.randrange(len(data)) :]
        elif how == "extend":
            data += self.rng.randbytes(self.rng.randrange(1, 32))
        elif how == "flip" and data:
            data[self.rng.randrange(len(data))] ^= self.rng.randrange(1, 256)
        elif how == "length" and len(data) >= 8:
            data[4:8] = struct.pack("<I", self.rng.randrange(2**32))
        return bytes(data)

    def message(self, kind: str) -> bytes:
        if kind == "random bytes":
            return self.rng.randbytes(self.rng.randrange(64))
        if kind == "hostile header":
            return framed(self.tree(), self.rng.randbytes(self.rng.randrange(96)))
        data = encode(self.honest())
        if kind == "honest":
            return data
        if kind == "honest, mutated":
            return self.mutate(data)
        header, buffers = split(data)
        return framed(self.graft(header), buffers)


def split(data: bytes) -> tuple[Any, bytes]:
    """An encoded message's JSON header, parsed, and its buffers."""
    (length,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    return json.loads(data[start : start + length]), data[start + length :]


MESSAGE_KINDS = ["random bytes", "hostile header", "honest", "honest, mutated", "grafted"]


@FUZZ
@given(SEEDS, st.sampled_from(MESSAGE_KINDS))
def test_the_decoder_answers_only_with_a_value_or_a_codec_error(seed: int, kind: str) -> None:
    data = Forger(seed).message(kind)
    try:
        value = decode(data, CAPS)
    except CodecError:
        return
    assert _elements(value) <= CAPS.max_elements


def test_the_forged_messages_reach_every_check_of_the_decoder() -> None:
    # Guards the generator itself: messages refused at the first byte would prove little.
    decoded, reasons = 0, []
    for seed in range(1000):
        for kind in MESSAGE_KINDS:
            try:
                decode(Forger(seed).message(kind), CAPS)
                decoded += 1
            except CodecError as exc:
                reasons.append(str(exc))
    assert decoded > 1000
    for reason in ["nested too deeply", "integer too large", "more than", "bad shape", "bare"]:
        assert any(reason in text for text in reasons), reason


def _elements(value: Any) -> int:
    if isinstance(value, TensorArray):
        return value.array.size
    if isinstance(value, np.ndarray):
        return value.size
    if isinstance(value, list):
        return sum(map(_elements, value))
    if isinstance(value, dict):
        return sum(map(_elements, value.values()))
    return 0


class Harness(Forger):
    """The frames the harness sends for a problem's cases: honest shapes, made-up values."""

    def dims(self) -> list[int]:
        return [self.rng.randrange(9) for _ in range(self.rng.randrange(4))]

    def export(self, like: np.ndarray | None, torch_problem: bool) -> dict:
        roll = self.rng.random()
        if roll < 0.05:
            return {"too_large": self.rng.randrange(2**40)}
        if roll < 0.1:
            return {"wrong_type": self.text()}
        if roll < 0.12:
            return {"missing": True}
        array = self.array() if like is None or roll < 0.3 else like.copy()
        how = self.pick(["same", "same", "noise", "nan", "int64", "bool", "float16", "transpose"])
        if how == "noise":
            array = array + self.rng.uniform(-1, 1)
        elif how == "nan":
            array = np.full(array.shape, np.nan)
        elif how == "transpose":
            array = array.T.copy()
        elif how != "same":
            array = array.astype(how)
        array = np.asarray(array)  # arithmetic on a 0-d array gives a scalar
        if not torch_problem and self.rng.random() < 0.9:
            return {"array": array, "type": "ndarray"}
        dtype = f"torch.{array.dtype}" if self.rng.random() < 0.9 else self.text()
        return {"array": array, "type": "tensor", "dtype": dtype}

    def right(self, index: int, expected: list[np.ndarray], torch_problem: bool) -> dict:
        """The frame of a case solved exactly."""
        outputs = [
            {"array": e.copy(), "type": "tensor", "dtype": f"torch.{e.dtype}"}
            if torch_problem
            else {"array": e.copy(), "type": "ndarray"}
            for e in expected
        ]
        return {"case": index, "warnings": [], "returned": len(outputs), "outputs": outputs}

    def error(self) -> dict:
        error = {
            "type": self.pick(["ValueError", "MemoryError", "PermissionError", "TypeError"]),
            "message": self.pick(
                ["boom", "can't allocate memory", "TypeError: argument", "\udc80"]
            ),
            "traceback": self.text(),
            "line": self.pick([None, 1, 3, -1, 10**6]),
        }
        if self.rng.random() < 0.3:
            names = ["q", "k", "x", "scores"]
            error["shapes"] = {
                "on_line": [self.pick(names) for _ in range(self.rng.randrange(3))],
                "shapes": {self.pick(names): self.dims() for _ in range(self.rng.randrange(3))},
            }
        return error

    def case(self, index: int, expected: list[np.ndarray], torch_problem: bool) -> dict:
        message: dict[str, Any] = {"case": index, "warnings": []}
        roll = self.rng.random()
        if roll < 0.1:
            message["error"] = self.error()
        elif roll < 0.15:
            message["forbidden"] = self.pick(["torch.softmax", self.text()])
        else:
            count = self.pick([len(expected)] * 4 + [1, 3])
            likes = [*expected, *[None] * count][:count]
            message["returned"] = count
            message["outputs"] = [self.export(like, torch_problem) for like in likes]
            if self.rng.random() < 0.3:
                message["repeat"] = [self.export(like, torch_problem) for like in likes]
            if self.rng.random() < 0.3:
                message["weights"] = self.export(expected[-1], torch_problem)
            if self.rng.random() < 0.3:
                message["gradients"] = self.gradients(torch_problem)
        if self.rng.random() < 0.3:
            names = ["wq.weight", "wk.weight", "wo.bias", "pe"]
            layout = {self.pick(names): self.dims() for _ in range(self.rng.randrange(4))}
            message["parameters"] = layout
            message["buffers"] = {k: v for k, v in layout.items() if self.rng.random() < 0.3}
            message["transient"] = [self.pick(names) for _ in range(self.rng.randrange(2))]
        if self.rng.random() < 0.1:
            warning = {"category": "RuntimeWarning", "message": "overflow encountered in exp"}
            message["warnings"] = [{**warning, "line": self.pick([None, 2])}]
        return message

    def gradients(self, torch_problem: bool) -> dict:
        roll = self.rng.random()
        if roll < 0.1:
            return {"detached": True}
        if roll < 0.2:
            return {"error": self.error()}
        names = ["q", "k", "v", "x", "mask"]
        report = {"inputs": {self.pick(names): self.export(None, torch_problem)}}
        if self.rng.random() < 0.5:
            report["parameters"] = {"wq.weight": self.export(None, torch_problem)}
        return report

    def corrupt(self, message: dict) -> dict:
        """One field made hostile or dropped, or a key the harness never sends."""
        how = self.pick(["value", "value", "drop", "add", "index"])
        if how == "add" or not message:
            return {**message, self.pick(["verdict", "passed", "x", "$a"]): self.tree()}
        if how == "index":
            return {**message, "case": self.pick([[0], -1, 10**6, "0", 0.0, True, self.huge()])}
        key = self.pick(sorted(message))
        if how == "drop":
            return {k: v for k, v in message.items() if k != key}
        return {**message, key: self.graft(message[key])}


PROBLEMS = ["softmax", "scaled-dot-product-attention", "multi-head-attention"]


@pytest.fixture(scope="module")
def fuzz_bank(bank: Bank) -> Bank:
    for problem_id in PROBLEMS:
        runner.fixed(bank.get(problem_id))  # the reference outputs, once, before the clock
    return bank


def forged_run(bank: Bank, problem_id: str, mode: str, seed: int) -> list[bytes]:
    """The frames of one run: honest-looking, with up to two frames forged among them."""
    harness = Harness(seed)
    problem = bank.get(problem_id)
    fixed = runner.fixed(problem)  # a submission's hidden cases are drawn afresh: similar
    cases = [c for c in fixed if not c.case.hidden]
    cases += [c for c in fixed if c.case.hidden and mode == "submit"]
    torch_problem = problem.meta.framework == "torch"
    roll = harness.rng.random()
    if roll < 0.85:
        load: dict[str, Any] = {"load": "ok", "signature": harness.pick([None, "f(x)"])}
    elif roll < 0.95:
        load = {"load": "error", "forbidden": None, "error": harness.error()}
    else:
        load = {"load": "missing_entry", "forbidden": harness.pick([None, "torch.softmax"])}
    messages: list[dict] = [load]
    if load["load"] == "ok" and harness.rng.random() < 0.1:
        messages += [harness.right(i, c.expected, torch_problem) for i, c in enumerate(cases)]
    elif load["load"] == "ok":
        ran = harness.rng.randrange(len(cases) + 1)
        messages += [harness.case(i, cases[i].expected, torch_problem) for i in range(ran)]
        if harness.rng.random() < 0.1:
            messages.append({"stopped": "memory_limit"})
    frames = [encode(message) for message in messages]
    for _ in range(harness.pick([0, 0, 1, 1, 2])):
        at = harness.rng.randrange(len(frames) + 1)
        roll = harness.rng.random()
        if roll < 0.5:  # a frame the harness would send, one of its fields forged
            header, buffers = split(encode(messages[min(at, len(messages) - 1)]))
            forged = framed(harness.corrupt(header), buffers)
        elif roll < 0.8:
            forged = harness.message(harness.pick(MESSAGE_KINDS))
        else:
            forged = frames[harness.rng.randrange(len(frames))]  # a frame sent twice
        if harness.rng.random() < 0.5:
            frames.insert(at, forged)
        else:
            frames[min(at, len(frames) - 1)] = forged
    return frames


def stub(bank: Bank, problem_id: str) -> str:
    """Code that passes the source check at once: the frames, not the code, are the test."""
    meta = bank.get(problem_id).meta
    return (
        f"class {meta.entry}:\n    pass\n"
        if meta.kind == "module"
        else f"def {meta.entry}():\n    pass\n"
    )


@pytest.fixture(scope="module")
def diagnosis_switch() -> Iterator[list[bool]]:
    """Diagnosis reruns the reference, 3 ms a time on softmax and 40-170 ms on the torch and
    two-output problems; while the switch is off it finds nothing, at once."""
    diagnose, switch = app.judge.grade.diagnose, [True]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(app.judge.grade, "diagnose", lambda *a: diagnose(*a) if switch[0] else [])
        yield switch


@FUZZ
@given(
    problem_id=st.sampled_from(PROBLEMS),
    mode=st.sampled_from(["run"] * 7 + ["submit"]),
    seed=SEEDS,
)
def test_forged_frames_become_a_result_never_an_exception(
    fuzz_bank: Bank, diagnosis_switch: list[bool], problem_id: str, mode: str, seed: int
) -> None:
    frames = forged_run(fuzz_bank, problem_id, mode, seed)
    problem = fuzz_bank.get(problem_id)
    # Diagnosis runs on 1 in 10 softmax examples (a few ms each) and 1 in 100 of the others.
    diagnosis_switch[0] = seed % (10 if problem_id == "softmax" else 100) == 0
    code = stub(fuzz_bank, problem_id)
    result = grade_submission(problem=problem, code=code, mode=mode, pool=ForgingPool(frames))
    assert isinstance(result, GradeResult) and result.verdict in Verdict
    for lang in ("en", "zh"):  # as the API sends it: strict JSON (no NaN), in UTF-8
        json.dumps(result.to_dict(lang), ensure_ascii=False, allow_nan=False).encode()
    if result.message == UNREADABLE:
        assert result.verdict is Verdict.RUNTIME_ERROR and not result.cases
        assert result.to_dict("zh")["message"] == UNREADABLE.zh
    if mode == "run":  # the samples, fixed: the frames' fate is known beforehand
        samples = sum(not c.case.hidden for c in runner.fixed(problem))
        try:
            read_messages(frames, caps=Caps(max_bytes=LIMITS.output_bytes), case_count=samples)
        except Unreadable:
            assert result.message == UNREADABLE
        else:
            assert result.message != UNREADABLE


def test_the_fuzzed_runs_reach_every_verdict_and_both_outcomes(
    fuzz_bank: Bank, diagnosis_switch: list[bool]
) -> None:
    # Guards the generator itself: forged runs that were never readable would prove little.
    diagnosis_switch[0] = False
    verdicts, unreadable = set(), 0
    for seed in range(300):
        problem_id = PROBLEMS[seed % len(PROBLEMS)]
        frames = forged_run(fuzz_bank, problem_id, "run", seed)
        code = stub(fuzz_bank, problem_id)
        problem = fuzz_bank.get(problem_id)
        result = grade_submission(problem=problem, code=code, mode="run", pool=ForgingPool(frames))
        verdicts.add(result.verdict)
        unreadable += result.message == UNREADABLE
    assert {Verdict.ACCEPTED, Verdict.WRONG_ANSWER, Verdict.RUNTIME_ERROR} <= verdicts
    assert 30 < unreadable < 270
