"""Cases prepared in the trusted process: reference outputs, gradients, and the wire form.

Everything a grading compares against is computed here once per problem (then cached), and
the inputs alone are what the sandboxed child receives.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from app.codec import TensorArray
from app.problems.model import Problem
from app.sandbox.capture import SoftmaxCapture
from graders.case import Case

_prepare_lock = threading.Lock()


@dataclass(frozen=True)
class PreparedCase:
    """A case with its reference outputs, computed once in the trusted process."""

    case: Case
    wire: dict[str, Any]
    expected: list[np.ndarray]
    # Outputs of each known-mistake variant on this case, by diagnosis tag.
    variants: dict[str, list[np.ndarray]]
    # The reference's attention weights (a return value or its captured softmax), if any.
    weights: np.ndarray | None = None
    # Reference gradients of sum(output * cotangent): {"inputs": {...}, "parameters": {...}}.
    gradients: dict[str, dict[str, np.ndarray]] | None = None


def fresh_copy(value: Any) -> Any:
    """A deep copy of case data: tensors cloned, arrays copied, containers rebuilt."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, list | tuple):
        return [fresh_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: fresh_copy(item) for key, item in value.items()}
    return value


def to_wire(value: Any) -> Any:
    """Case data as the codec carries it: tensors become tagged arrays."""
    if isinstance(value, torch.Tensor):
        return TensorArray(value.detach().cpu().numpy().copy())
    if isinstance(value, list | tuple):
        return [to_wire(item) for item in value]
    if isinstance(value, dict):
        return {key: to_wire(item) for key, item in value.items()}
    return value


def as_arrays(result: Any) -> list[np.ndarray]:
    """A function's result as a list of numpy arrays, one per returned value."""
    values = list(result) if isinstance(result, tuple) else [result]
    return [
        v.detach().cpu().numpy() if isinstance(v, torch.Tensor) else np.asarray(v) for v in values
    ]


def reference_outputs(problem: Problem, case: Case) -> tuple[list[np.ndarray], dict | None]:
    """Run the trusted reference on fresh copies of a case's inputs (and weights, if any)."""
    outputs, state, _ = _reference_run(problem, case)
    return outputs, state


def _reference_run(
    problem: Problem, case: Case
) -> tuple[list[np.ndarray], dict | None, np.ndarray | None]:
    """Reference outputs, module weights, and the last softmax it computed (if asked to)."""
    inputs = fresh_copy(case.inputs)
    weights = problem.meta.weights
    capture = SoftmaxCapture() if weights and weights.capture else contextlib.nullcontext()
    state = None
    with capture:
        if problem.meta.kind == "function":
            outputs = as_arrays(problem.reference(**inputs))
        else:
            torch.manual_seed(case.seed)
            module = problem.reference(**case.init)
            module.eval()
            with torch.no_grad():
                outputs = as_arrays(module(**inputs))
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
    inputs = fresh_copy(case.inputs)
    leaves = {
        name: value.requires_grad_(True)
        for name, value in inputs.items()
        if isinstance(value, torch.Tensor) and value.is_floating_point()
    }
    module = None
    if problem.meta.kind == "function":
        result = problem.reference(**inputs)
    else:
        torch.manual_seed(case.seed)
        module = problem.reference(**case.init)
        if state is not None:
            module.load_state_dict(state, strict=True)
        module.eval()
        result = module(**inputs)
    values = list(result) if isinstance(result, tuple) else [result]
    loss = sum((v * torch.from_numpy(c)).sum() for v, c in zip(values, cotangents, strict=True))
    loss.backward()

    def array(grad: torch.Tensor | None, like: torch.Tensor) -> np.ndarray:
        return (grad if grad is not None else torch.zeros_like(like)).detach().numpy().copy()

    gradients = {"inputs": {name: array(leaf.grad, leaf) for name, leaf in leaves.items()}}
    if module is not None:
        gradients["parameters"] = {name: array(p.grad, p) for name, p in module.named_parameters()}
    return gradients


def variant_outputs(problem: Problem, case: Case, state: dict | None) -> dict[str, list]:
    """What each known mistake returns on a case (modules get the reference's weights)."""
    outputs: dict[str, list] = {}
    for tag, variant in problem.mistakes.items():
        inputs = fresh_copy(case.inputs)
        if problem.meta.kind == "function":
            outputs[tag] = as_arrays(variant(**inputs))
            continue
        torch.manual_seed(case.seed)
        module = variant(**case.init)
        if state is not None:
            module.load_state_dict(state, strict=True)
        module.eval()
        with torch.no_grad():
            outputs[tag] = as_arrays(module(**inputs))
    return outputs


def prepared_cases(problem: Problem) -> list[PreparedCase]:
    """Every case of a problem with reference outputs; computed on first use, then cached."""
    with _prepare_lock:
        if problem._prepared is None:
            prepared = []
            for case in problem.build_cases():
                expected, state, weights = _reference_run(problem, case)
                if len(expected) != len(problem.meta.returns):
                    raise ValueError(f"{problem.id}: reference returned {len(expected)} values")
                wire = case_wire(problem, case, state)
                if problem.meta.kind == "module" and not prepared:
                    wire["repeat"] = True  # the first case also checks eval-mode determinism
                gradients = None
                if case.grad:
                    cotangents = cotangents_for(case, expected)
                    wire["cotangents"] = [TensorArray(c) for c in cotangents]
                    gradients = reference_gradients(problem, case, state, cotangents)
                variants = variant_outputs(problem, case, state)
                prepared.append(PreparedCase(case, wire, expected, variants, weights, gradients))
            problem._prepared = prepared
        return problem._prepared


def cases_key(problem: Problem, mode: str) -> str:
    """The key a problem's cases for a mode are preloaded under in the workers."""
    return f"{problem.id}/{mode}"


def preload_cases(problems: list[Problem]) -> dict[str, list]:
    """Case inputs (never expected outputs) of every problem and mode, for the workers."""
    cases: dict[str, list] = {}
    for problem in problems:
        prepared = prepared_cases(problem)
        cases[cases_key(problem, "submit")] = [c.wire for c in prepared]
        cases[cases_key(problem, "run")] = [c.wire for c in prepared if not c.case.hidden]
    return cases


def prepare_custom(problem: Problem, case: Case) -> PreparedCase:
    """A one-off case from a candidate's own inputs, with the reference's outputs.

    The inputs must already be validated and small: the reference runs here, in the trusted
    process. An input the reference itself rejects raises (the caller reports it as a 422).
    """
    expected, state, weights = _reference_run(problem, case)
    return PreparedCase(case, case_wire(problem, case, state), expected, {}, weights, None)


def case_wire(problem: Problem, case: Case, state: dict | None) -> dict[str, Any]:
    """A case as the sandboxed child receives it: inputs, how to call with them, weights.

    The call goes positionally in the contract's order (see app.problems.signature), so
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
    if problem.meta.kind == "module":
        construct = signature.layout(case.init, constructor=True)
        wire["init"] = signature.fill(case.init, construct, constructor=True)
        wire["init_call"] = construct.wire()
    return wire
