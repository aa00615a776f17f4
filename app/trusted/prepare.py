"""Cases prepared in the trusted process: reference outputs, gradients, and the wire form.

Everything a grading compares against is computed here once per problem (then cached), and
the inputs alone are what the sandboxed child receives.
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import itertools
import logging
import random
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from app.bank.model import Problem
from app.codec import FIXTURE_KEY, PlainTuple, TensorArray, encode
from app.sandbox.capture import SoftmaxCapture
from graders.case import Case, Chunked, Fixture
from graders.compare import normal

log = logging.getLogger("shousi.cases")
_serial = itertools.count()  # never reused, unlike id(): a key for what is kept per case


@dataclass(frozen=True)
class PreparedCase:
    """A case with its reference outputs, computed once in the trusted process."""

    case: Case
    wire: dict[str, Any]
    expected: list[np.ndarray]
    # Outputs of each known-mistake variant on this case, by diagnosis tag.
    variants: Mapping[str, list[np.ndarray]]
    # The reference's attention weights (a return value or its captured softmax), if any.
    weights: np.ndarray | None = None
    # Reference gradients of sum(output * cotangent): {"inputs": {...}, "parameters": {...}}.
    gradients: dict[str, dict[str, np.ndarray]] | None = None
    _encoded: list[bytes] = dataclasses.field(default_factory=list, compare=False, repr=False)
    # This case among all prepared in the process, for memos kept beside it
    # (app.trusted.diagnosis keeps the reference's reruns with knobs turned by it).
    serial: int = dataclasses.field(
        init=False, default_factory=_serial.__next__, compare=False, repr=False
    )

    def encoded(self) -> bytes:
        """The wire form as codec bytes, encoded once: a case serves many submissions."""
        if not self._encoded:
            self._encoded.append(encode(self.wire))
        return self._encoded[0]


def seed_weights(seed: int) -> None:
    """Seed the CPU generator a module's weights are drawn from, as torch.manual_seed does.

    torch.manual_seed also queues a lazy seeding of every accelerator, recording the caller's
    stack each time; the trusted process builds modules on the CPU only, thousands of times
    a validation, and in a profile of one that bookkeeping was a tenth of diagnosing.
    """
    torch.default_generator.manual_seed(seed)


def fresh_copy(value: Any) -> Any:
    """A deep copy of case data: tensors cloned, arrays copied, containers rebuilt."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, np.ndarray):
        return value.copy()
    if _plain_tuple(value):
        return value  # immutable, and a tuple it must stay (a merge used as a dict key)
    if isinstance(value, list | tuple):
        return [fresh_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: fresh_copy(item) for key, item in value.items()}
    return value


def _plain_tuple(value: Any) -> bool:
    """A tuple of strings and numbers only: it reaches the code as a tuple."""
    return type(value) is tuple and all(type(v) in (str, int, float, bool) for v in value)


def to_wire(value: Any) -> Any:
    """Case data as the codec carries it: tensors become tagged arrays."""
    if isinstance(value, Fixture):
        return {FIXTURE_KEY: value.name, "data": to_wire(value.data)}
    if isinstance(value, torch.Tensor):
        return TensorArray(value.detach().cpu().numpy().copy())
    if _plain_tuple(value):
        return PlainTuple(value)
    if isinstance(value, list | tuple):
        return [to_wire(item) for item in value]
    if isinstance(value, dict):
        return {key: to_wire(item) for key, item in value.items()}
    return value


def case_inputs(problem: Problem, case: Case) -> dict[str, Any]:
    """Fresh copies of a case's inputs for a trusted run, with its fixtures built."""
    return {
        name: problem.build_fixture(value.name, fresh_copy(value.data))
        if isinstance(value, Fixture)
        else value
        for name, value in fresh_copy(case.inputs).items()
    }


def call_chunked(function: Any, inputs: dict[str, Any], chunked: Chunked) -> tuple:
    """Call on consecutive pieces of one input, carrying the returned cache along (by name:
    the trusted process calls its own code)."""
    whole, start, firsts, rest = inputs[chunked.input], 0, [], []
    for size in chunked.sizes:
        piece = {**inputs, chunked.input: whole.narrow(chunked.dim, start, size)}
        if rest:
            piece[chunked.carry] = tuple(rest)
        result = function(**piece)
        values = list(result) if isinstance(result, tuple) else [result]
        values = [item for v in values for item in (v if isinstance(v, tuple) else (v,))]
        firsts.append(values[0])
        rest = values[1:]
        start += size
    return (torch.cat(firsts, dim=chunked.dim), *rest)


def invoke(function: Any, inputs: dict[str, Any], case: Case) -> Any:
    """Call with a case's inputs, in pieces when the case is chunked."""
    return call_chunked(function, inputs, case.chunked) if case.chunked else function(**inputs)


def as_arrays(result: Any, kinds: list[str] | None = None) -> list[Any]:
    """A function's result as a list of numpy arrays, one per returned value (a plain
    Python value, for a return of type "value", as compared: graders.compare.normal)."""
    if kinds and ("value" in kinds or "list" in kinds):
        values = [result] if len(kinds) == 1 else list(result)
        return [
            normal(v)
            if kind == "value"
            else [as_arrays(item)[0] for item in v]
            if kind == "list"
            else as_arrays(v)[0]
            for v, kind in zip(values, kinds, strict=False)
        ]
    values = list(result) if isinstance(result, tuple) else [result]
    # (output, (k, v)) is three returned values: a nested tuple is flattened one level.
    values = [item for v in values for item in (v if isinstance(v, tuple) else (v,))]
    return [
        v.detach().cpu().numpy() if isinstance(v, torch.Tensor) else np.asarray(v) for v in values
    ]


def kinds(problem: Problem) -> list[str]:
    """The type of each return value ("ndarray", "tensor", "value", or "list" of arrays)."""
    return ["list" if r.many else r.type for r in problem.meta.returns]


def reference_outputs(problem: Problem, case: Case) -> tuple[list[np.ndarray], dict | None]:
    """Run the trusted reference on fresh copies of a case's inputs (and weights, if any)."""
    outputs, state, _ = _reference_run(problem, case)
    return outputs, state


def _reference_run(
    problem: Problem, case: Case
) -> tuple[list[np.ndarray], dict | None, np.ndarray | None]:
    """Reference outputs, module weights, and the last softmax it computed (if asked to)."""
    inputs = case_inputs(problem, case)
    weights = problem.meta.weights
    capture = SoftmaxCapture() if weights and weights.capture else contextlib.nullcontext()
    state = None
    with capture:
        if problem.meta.kind == "function":
            outputs = as_arrays(invoke(problem.reference, inputs, case), kinds(problem))
        else:
            seed_weights(case.seed)
            module = problem.reference(**case.init)
            module.eval()
            with torch.no_grad():
                outputs = as_arrays(invoke(module, inputs, case), kinds(problem))
            assert problem.meta.module is not None
            state = dict(module.state_dict()) if problem.meta.module.load_state_dict else None
    captured = None
    if isinstance(capture, SoftmaxCapture) and capture.last is not None:
        captured = capture.last.detach().numpy().copy()
    elif weights and weights.output:
        names = [r.name for r in problem.meta.returns]
        captured = outputs[names.index(weights.output)]
    return outputs, state, captured


def cotangents_for(case: Case, expected: list[np.ndarray]) -> list[np.ndarray]:
    """Fixed random directions to backpropagate along, one per returned value."""
    rng = np.random.default_rng(1000 + case.seed)
    return [rng.normal(size=e.shape).astype(e.dtype) for e in expected]


def reference_gradients(
    problem: Problem, case: Case, state: dict | None, cotangents: list[np.ndarray]
) -> dict[str, dict[str, np.ndarray]]:
    """Gradients of sum(output * cotangent) with respect to float inputs and parameters."""
    inputs = case_inputs(problem, case)
    leaves = {
        name: value.requires_grad_(True)
        for name, value in inputs.items()
        if isinstance(value, torch.Tensor)
        and value.is_floating_point()
        and (not case.grad_inputs or name in case.grad_inputs)
    }
    module = None
    if problem.meta.kind == "function":
        result = problem.reference(**inputs)
    else:
        seed_weights(case.seed)
        module = problem.reference(**case.init)
        if state is not None:
            module.load_state_dict(state, strict=True)
        module.eval()
        result = module(**inputs)
    values = list(result) if isinstance(result, tuple) else [result]
    values = [item for v in values for item in (v if isinstance(v, tuple) else (v,))]
    loss = sum((v * torch.from_numpy(c)).sum() for v, c in zip(values, cotangents, strict=True))
    loss.backward()

    def array(grad: torch.Tensor | None, like: torch.Tensor) -> np.ndarray:
        return (grad if grad is not None else torch.zeros_like(like)).detach().numpy().copy()

    gradients = {"inputs": {name: array(leaf.grad, leaf) for name, leaf in leaves.items()}}
    if module is not None:
        gradients["parameters"] = {name: array(p.grad, p) for name, p in module.named_parameters()}
    return gradients


def variant_output(problem: Problem, tag: str, case: Case, state: dict | None) -> list:
    """What one known mistake returns on a case."""
    variant = problem.mistakes[tag]
    inputs = case_inputs(problem, case)
    if problem.meta.kind == "function":
        return as_arrays(invoke(variant, inputs, case), kinds(problem))
    seed_weights(case.seed)
    module = variant(**case.init)
    if state is not None:
        module.load_state_dict(state, strict=True)
    module.eval()
    with torch.no_grad():
        return as_arrays(invoke(module, inputs, case), kinds(problem))


def prepare(problem: Problem, cases: list[Case]) -> list[PreparedCase]:
    """Reference outputs (and gradients) for `cases`, in this process; the mistakes' outputs
    wait until asked."""
    prepared: list[PreparedCase] = []
    for case in cases:
        expected, state, weights = _reference_run(problem, case)
        if len(expected) != len(problem.meta.returns):
            raise ValueError(f"{problem.id}: reference returned {len(expected)} values")
        wire = case_wire(problem, case, state)
        if problem.meta.kind == "module" and not prepared:
            wire["repeat"] = True  # the first case also checks eval-mode determinism
        gradients = None
        if case.grad and case.chunked:
            raise ValueError(
                f"{problem.id}: case {case.name!r} is chunked; it cannot check gradients"
            )
        unknown = set(case.grad_inputs) - set(case.inputs)
        if unknown:
            raise ValueError(f"{problem.id}: case {case.name!r}: grad_inputs {sorted(unknown)}")
        if case.grad and any(r.many for r in problem.meta.returns):
            raise ValueError(f"{problem.id}: gradients of a list return are not compared")
        if case.grad:
            if case.grad_inputs:
                wire["grad_inputs"] = list(case.grad_inputs)
            cotangents = cotangents_for(case, expected)
            wire["cotangents"] = [TensorArray(c) for c in cotangents]
            gradients = reference_gradients(problem, case, state, cotangents)
        variants = LazyVariants(problem, case, state)
        prepared.append(PreparedCase(case, wire, expected, variants, weights, gradients))
    return prepared


class LazyVariants(Mapping):
    """What each known mistake returns on a case, each computed the first time it is asked.

    One at a time: diagnosis stops at the first case where a mistake does not match, so
    on most cases only the mistakes still in the running are ever run (on a fresh draw,
    a problem's own mistakes in slow pure Python were most of a grading's trusted work).
    """

    def __init__(self, problem: Problem, case: Case, state: dict | None) -> None:
        self._args = (problem, case, state)
        self._outputs: dict[str, list] = {}
        self._lock = threading.Lock()

    def __getitem__(self, tag: str) -> list:
        problem, case, state = self._args
        if tag not in problem.mistakes:
            raise KeyError(tag)
        with self._lock:
            if tag not in self._outputs:
                self._outputs[tag] = variant_output(problem, tag, case, state)
            return self._outputs[tag]

    def computed(self, tag: str) -> bool:
        """Whether `tag`'s outputs are already known (asking for them costs nothing)."""
        return tag in self._outputs

    def __iter__(self) -> Iterator[str]:
        return iter(self._args[0].mistakes)

    def __len__(self) -> int:
        return len(self._args[0].mistakes)


def takes_seed(problem: Problem) -> bool:
    """Whether the problem's build_cases(seed) can draw fresh hidden cases."""
    if problem.hosted:
        return problem.seeded
    try:
        parameters = inspect.signature(problem.build_cases).parameters
    except (TypeError, ValueError):
        return False
    return "seed" in parameters


def fresh_hidden_cases(problem: Problem, seed: int) -> list[Case]:
    """The hidden cases of build_cases(seed), ready to grade beside the fixed samples.

    They keep the fixed build's order and flags (anything else is a bug in cases.py). A
    hidden case that checks a property against a sample (this case is that one with later
    keys changed) needs that sample from the same draw: it comes along, as a hidden case of
    its own. Module weights are drawn afresh too, cases that shared a seed still share one.
    """
    fixed = problem.build_cases()
    fresh = list(problem.build_cases(seed=seed))
    if [c.hidden for c in fresh] != [c.hidden for c in fixed]:
        raise ValueError(f"{problem.id}: build_cases(seed) changed which cases are hidden")
    salt = random.Random(seed)
    seeds: dict[int, int] = {}

    def reseeded(case: Case, **changes: Any) -> Case:
        if problem.meta.kind == "module":
            changes["seed"] = seeds.setdefault(case.seed, salt.randrange(1, 2**31))
        return dataclasses.replace(case, hidden=True, **changes)

    samples = {
        fixed_case.name: case
        for fixed_case, case in zip(fixed, fresh, strict=True)
        if not case.hidden
    }
    companions: dict[str, Case] = {}
    drawn = []
    for case in fresh:
        if not case.hidden:
            continue
        base = getattr(case.check, "base", None)
        if base in samples:
            if base not in companions:
                companions[base] = reseeded(samples[base], name=f"{base} · hidden", note=None)
            case = dataclasses.replace(
                case, check=dataclasses.replace(case.check, base=f"{base} · hidden")
            )
        drawn.append(reseeded(case))
    return [*companions.values(), *drawn]


def prepare_custom(problem: Problem, case: Case) -> PreparedCase:
    """A one-off case from a candidate's own inputs, with the reference's outputs (no mistakes'):
    the inputs are validated and small already (app.judge.custom)."""
    expected, state, weights = _reference_run(problem, case)
    return PreparedCase(case, case_wire(problem, case, state), expected, {}, weights, None)


def case_wire(problem: Problem, case: Case, state: dict | None) -> dict[str, Any]:
    """A case as the sandboxed child receives it: inputs, how to call with them, weights.

    The call goes positionally in the contract's order (see app.bank.signature), so
    the candidate's own parameter names never matter.
    """
    signature = problem.signature
    call = signature.layout(case.inputs)
    wire: dict[str, Any] = {
        "inputs": to_wire(signature.fill(case.inputs, call)),
        "call": call.wire(),
        "init": case.init,
        "state": to_wire(state) if state is not None else None,
    }
    if case.memory_mb:
        wire["memory_mb"] = case.memory_mb  # a MemoryError here does not end the run
    if case.chunked:
        chunked = case.chunked
        carried = signature.layout({**case.inputs, chunked.carry: 0})
        wire["chunked"] = {
            "sizes": list(chunked.sizes),
            "input": chunked.input,
            "carry": chunked.carry,
            "dim": chunked.dim,
            "call": carried.wire(),  # the later calls, which pass the cache
        }
    if problem.meta.kind == "module":
        construct = signature.layout(case.init, constructor=True)
        wire["init"] = signature.fill(case.init, construct, constructor=True)
        wire["init_call"] = construct.wire()
    return wire
