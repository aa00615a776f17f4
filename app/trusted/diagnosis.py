"""Name the mistake a wrong submission made, from its outputs on the cases it got wrong.

Runs in the trusted process, only after a wrong answer. Each family the problem lists
(graders.families) asks for the reference rerun with knobs turned; a family whose knobs
reproduce every wrong case names the mistake. When no single family does, pairs of them
are tried (real bugs come in pairs). A problem's own `mistakes.py` variants still count,
matched exactly on the wrong cases. A submission that fits nothing gets no tag.
"""

from __future__ import annotations

import itertools
import logging
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from app.bank.model import Problem
from app.trusted.prepare import LazyVariants, as_arrays, case_inputs, invoke, seed_weights
from graders.compare import ReturnSpec, close, matches
from graders.families import FAMILIES, Explanation, Family, Member, Text
from graders.variants import tag_of
from reference_impl.knobs import turned

log = logging.getLogger("shousi.diagnosis")
ALWAYS = ("low_precision",)  # families every problem with float outputs has
# masked_fill with -1e9 or -inf, torch.where, an additive mask: the same numbers except where
# every entry a softmax normalises is blocked, which each form fills its own way. Weights
# multiplied by the mask after the softmax and renormalised are the same numbers too.
MASK_FORMS = (
    {"mask_apply": "fill"},
    {"mask_apply": "replace"},
    {"mask_apply": "neg_inf"},
    {"mask_apply": "renormalize"},
)
_HALF = ("float16", "bfloat16")
_HALF_TOLERANCE = 4e-3  # about one unit in the last place of float16, relative
_NAMING_TOLERANCE = 1e-3  # names a mistake, never grants a verdict
RERUN_BYTES = 64 * 2**20  # reruns kept for later submissions, in all, at most


class Reruns:
    """The reference's reruns with knobs turned, kept for the next submissions on a case.

    A rerun depends on the case and the knobs alone, not on the submission: every wrong
    submission graded on the same case (the samples, a fresh draw serving several) asks
    for most of the same ones (each family's members, the pairs, a fit's grid). Kept by the
    case's serial number, least recently used first out once `budget` bytes are held.
    """

    def __init__(self, budget: int = RERUN_BYTES) -> None:
        self.budget, self.held = budget, 0
        self._kept: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """What `compute()` gives for `key`: kept from an earlier call, or computed now."""
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key][0]
        value = compute()  # outside the lock: two threads may compute one key, both right
        size = _nbytes(value)
        with self._lock:
            if key not in self._kept and size <= self.budget:
                self._kept[key] = (value, size)
                self.held += size
                while self.held > self.budget:
                    _, (_, dropped) = self._kept.popitem(last=False)
                    self.held -= dropped
        return value


def _nbytes(value: Any) -> int:
    """Roughly what a kept value holds: its arrays, a module's weights, 64 bytes at least."""
    if isinstance(value, torch.nn.Module):
        return 64 + sum(t.nbytes for t in value.state_dict().values())
    if isinstance(value, np.ndarray):
        return 64 + value.nbytes
    if isinstance(value, list | tuple):
        return 64 + sum(_nbytes(item) for item in value)
    if isinstance(value, dict):
        return 64 + sum(_nbytes(item) for item in value.values())
    return 64


RERUNS = Reruns()


def _plain(knobs: dict[str, Any]) -> tuple | None:
    """The knobs as a key that means the same later, or None: a function (a scale that
    reads the case's sizes, a softmax probe) is known by its address, which gets reused."""
    if not all(v is None or isinstance(v, bool | int | float | str) for v in knobs.values()):
        return None
    # With its type: True, 1 and 1.0 are one dict key, and a knob may read them apart.
    return tuple(sorted((name, type(value).__name__, value) for name, value in knobs.items()))


class CaseTrial:
    """The wrong cases of one submission, and reruns of the reference with knobs turned."""

    def __init__(self, problem: Problem, wrong: list[tuple[Any, dict]], passed_any: bool) -> None:
        self.problem = problem
        self.wrong = wrong  # (PreparedCase, the submission's frame for it)
        self._passed_any = passed_any
        self._specs = [r.spec() for r in problem.meta.returns]
        self._runs: dict[tuple, list[np.ndarray] | None] = {}
        # The inputs that are attention masks: `mask`, and `tgt_mask`, `memory_mask`, ...
        self._mask_names = tuple(
            p.name for p in problem.signature.call if p.name == "mask" or p.name.endswith("_mask")
        )

    def run(self, index: int, knobs: dict[str, Any]) -> list[np.ndarray] | None:
        """The reference's outputs on wrong case `index` with `knobs` turned (None if it fails)."""
        plain = _plain(knobs)
        if plain is not None:
            key = (self.wrong[index][0].serial, "run", plain)
            return RERUNS.get(key, lambda: self._run(index, knobs))
        # A function knob lives as long as this trial: here its address names it.
        key = (index, tuple(sorted((name, repr(value)) for name, value in knobs.items())))
        if key not in self._runs:
            self._runs[key] = self._run(index, knobs)
        return self._runs[key]

    def _run(
        self, index: int, knobs: dict[str, Any], *, bind: bool = True
    ) -> list[np.ndarray] | None:
        prepared, problem = self.wrong[index][0], self.problem
        factor = knobs.get("scale")
        if bind and callable(factor):  # a factor may depend on the case's d_model or head_dim
            case_dims = self.case_dims(index)
            knobs = {**knobs, "scale": lambda sizes: factor({**case_dims, **sizes})}
        inputs = case_inputs(problem, prepared.case)
        try:
            with turned(knobs), np.errstate(all="ignore"):
                function = problem.reference
                if problem.meta.kind == "module":
                    function = self._module(index)
                with torch.no_grad():
                    return as_arrays(invoke(function, inputs, prepared.case))
        except Exception:  # noqa: BLE001 - a knob that does not fit this case explains nothing
            return None

    def _module(self, index: int) -> Any:
        """The reference module of a wrong case with its weights (knobs act in forward)."""
        prepared = self.wrong[index][0]

        def build() -> Any:
            seed_weights(prepared.case.seed)
            module = self.problem.reference(**prepared.case.init)
            state = prepared.wire.get("state")
            if state:
                weights = {k: torch.from_numpy(v.array.copy()) for k, v in state.items()}
                module.load_state_dict(weights, strict=True)
            return module.eval()

        return RERUNS.get((prepared.serial, "module"), build)

    def _spec(self, position: int, got: np.ndarray) -> ReturnSpec:
        """The tolerance for naming a mistake: the return's, a little looser (a candidate's
        own epsilon or float32 arithmetic), and half precision's if that came back."""
        spec = self._specs[position]
        if spec.exact:
            return spec
        tol = _HALF_TOLERANCE if got.dtype == np.float16 else _NAMING_TOLERANCE
        rtol, atol = max(spec.rtol, tol), max(spec.atol, tol)
        return ReturnSpec(spec.name, spec.type, spec.dtype, atol, rtol)

    def reproduces(self, member: Member) -> bool:
        """Whether the member's knobs give the submission's outputs on every wrong case.

        On each case one of the member's forms (masked_fill, an additive or -inf mask, ...)
        must give every returned value, and differ from the right answer.
        """
        return all(
            any(
                self._form_reproduces(index, {**member.knobs, **form})
                for form in self._forms(index, member)
            )
            for index in range(len(self.wrong))
        )

    def _forms(self, index: int, member: Member) -> tuple[dict[str, Any], ...]:
        """The member's forms; the ways of applying a mask where this case has a mask."""
        if member.forms != ({},) or "mask_apply" in member.knobs:
            return member.forms
        inputs = self.wrong[index][0].case.inputs
        masked = any(inputs.get(name) is not None for name in self._mask_names)
        return MASK_FORMS if masked else member.forms

    def _form_reproduces(self, index: int, knobs: dict[str, Any]) -> bool:
        prepared, message = self.wrong[index]
        run = self.run(index, knobs)
        if run is None or len(run) != len(self._specs):
            return False
        explains = False
        for position, (actual, variant) in enumerate(zip(message["outputs"], run, strict=True)):
            got = actual.get("array")
            if got is None or got.shape != variant.shape:
                return False
            if not close(self._spec(position, got), expected=variant, got=got).all():
                return False
            spec = self._specs[position]
            if not close(spec, expected=prepared.expected[position], got=variant).all():
                explains = True  # the knob changes the answer here
        return explains

    def dims(self) -> dict[str, int]:
        """Sizes on the first wrong case: d_k (per head), L_k, d_v and d_model where known."""
        sizes = dict(self.case_dims(0)) if self.wrong else {}
        if "head_dim" in sizes:
            sizes["d_k"] = sizes["head_dim"]
        return sizes

    def case_dims(self, index: int) -> dict[str, int]:
        """What the reference's attention sees on a wrong case (head_dim, L_k, d_v), and
        the case's d_model."""

        def measure() -> dict[str, int]:
            seen: dict[str, int] = {}

            def record(sizes: dict[str, int]) -> float:
                for name, size in sizes.items():
                    seen.setdefault("head_dim" if name == "d_k" else name, int(size))
                return 1.0 / math.sqrt(sizes["d_k"])

            self._run(index, {"scale": record}, bind=False)
            case = self.wrong[index][0].case
            x = case.inputs.get("x")
            d_model = case.init.get("d_model") or (x.shape[-1] if hasattr(x, "shape") else 0)
            if d_model:
                seen["d_model"] = int(d_model)
            return seen

        return RERUNS.get((self.wrong[index][0].serial, "dims"), measure)

    def fit(self, knob: str, *, low: float, high: float) -> float | None:
        """The value of a numeric knob that best reproduces the first wrong case."""

        def error(value: float) -> float:
            run = self.run(0, {knob: value})
            got = self.wrong[0][1]["outputs"][0].get("array")
            if run is None or got is None or run[0].shape != got.shape:
                return math.inf
            with np.errstate(all="ignore"):
                diff = np.abs(run[0].astype(np.float64) - got.astype(np.float64))
            return float(np.nanmax(diff)) if np.isfinite(diff).any() else math.inf

        grid = np.geomspace(low, high, 31)
        errors = [error(float(v)) for v in grid]
        best = int(np.argmin(errors))
        if not math.isfinite(errors[best]):
            return None
        lo, hi = math.log(grid[max(best - 1, 0)]), math.log(grid[min(best + 1, len(grid) - 1)])
        ratio = (math.sqrt(5) - 1) / 2
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        error_a, error_b = error(math.exp(a)), error(math.exp(b))
        for _ in range(30):  # golden-section search on log(value), one new point per step
            if error_a <= error_b:
                hi, b, error_b = b, a, error_a
                a = hi - ratio * (hi - lo)
                error_a = error(math.exp(a))
            else:
                lo, a, error_a = a, b, error_b
                b = lo + ratio * (hi - lo)
                error_b = error(math.exp(b))
        return math.exp((lo + hi) / 2)

    def largest_logits(self, index: int) -> tuple[float, float]:
        """The largest |value| the reference's softmax saw on wrong case `index`: of all
        values, and of those that are not mask fills (-1e9)."""

        def measure() -> tuple[float, float]:
            largest = [0.0, 0.0]

            def seen(logits: np.ndarray) -> None:
                finite = np.abs(logits[np.isfinite(logits)])
                if finite.size:
                    largest[0] = max(largest[0], float(finite.max()))
                scores = finite[finite < 1e8]
                if scores.size:
                    largest[1] = max(largest[1], float(scores.max()))

            self._run(index, {"softmax_seen": seen}, bind=False)
            return largest[0], largest[1]

        return RERUNS.get((self.wrong[index][0].serial, "logits"), measure)

    def nonfinite(self) -> bool:
        """Whether a wrong case came back with NaN or infinity where the answer is finite."""
        return any(
            not np.isfinite(actual["array"]).all() and np.isfinite(expected).all()
            for prepared, message in self.wrong
            for actual, expected in zip(message["outputs"], prepared.expected, strict=True)
            if "array" in actual and actual["array"].dtype.kind == "f"
        )

    def passed_some(self) -> bool:
        """Whether the submission got at least one case right."""
        return self._passed_any

    def low_precision(self) -> str | None:
        """The half-precision dtype a wrong case came back in, if one did."""
        for _, message in self.wrong:
            for actual in message["outputs"]:
                dtype = str(actual.get("dtype") or getattr(actual.get("array"), "dtype", ""))
                if dtype.removeprefix("torch.") in _HALF:
                    return dtype
        return None


def _families(problem: Problem) -> list[Family]:
    listed = problem.meta.diagnosis.families if problem.meta.diagnosis else []
    floats = any(r.floats for r in problem.meta.returns)
    names = [*listed, *(ALWAYS if floats else ())]
    return [FAMILIES[name] for name in dict.fromkeys(names) if name in FAMILIES]


def wrong_cases(
    problem: Problem, cases: list, messages: list[dict | None]
) -> list[tuple[Any, dict]]:
    """Cases whose returned values are wrong (not errors, not only gradients)."""
    wrong = []
    for prepared, message in zip(cases, messages, strict=True):
        specs = [r.spec(prepared.case) for r in problem.meta.returns]
        outputs = (message or {}).get("outputs")
        if not outputs or len(outputs) != len(specs):
            continue
        if not all(
            matches(spec, expected=expected, actual=actual)
            for spec, expected, actual in zip(specs, prepared.expected, outputs, strict=True)
        ):
            wrong.append((prepared, message))
    return wrong


def diagnose(problem: Problem, cases: list, messages: list[dict | None]) -> list[Explanation]:
    """The known mistakes that explain every case the submission got wrong, in this process
    (the built-in bank's, or a host runner's: app.trusted.runner chooses)."""
    wrong = wrong_cases(problem, cases, messages)
    if not wrong:
        return []
    passed_any = len(wrong) < sum(1 for m in messages if m and m.get("outputs"))
    trial = CaseTrial(problem, wrong, passed_any)
    families = _families(problem)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny tensors: threads only add contention
    try:
        found = [e for family in families if not family.fallback and (e := family.explain(trial))]
        found += _variants(problem, wrong, {family.tag for family in families})
        if not [e for e in found if e.tag not in ALWAYS]:
            found += [e for family in families if family.fallback and (e := family.explain(trial))]
        if not [e for e in found if e.tag not in ALWAYS]:
            found += _pairs(trial, [f for f in families if f.tag not in ALWAYS])
    finally:
        torch.set_num_threads(threads)
    return found


def _variants(problem: Problem, wrong: list, known: set[str]) -> list[Explanation]:
    """The problem's own exact mistake variants that match every wrong case."""
    found = []
    for key in problem.mistakes:
        tag = tag_of(key)  # a tag may have several implementations (graders.variants)
        if tag in known:
            continue
        # Cheapest first: a variant that does not match is dropped on the first case that
        # shows it. Outputs already computed (the samples', kept with the problem) cost
        # nothing; else the smallest case (a memory-capped one can be a hundred times a
        # sample's size).
        if all(
            all(
                matches(spec.spec(prepared.case), expected=expected, actual=actual)
                for spec, expected, actual in zip(
                    problem.meta.returns, prepared.variants[key], message["outputs"], strict=True
                )
            )
            for prepared, message in sorted(
                wrong, key=lambda pair: (not _computed(pair[0].variants, key), _size(pair[0].case))
            )
        ):
            text = problem.describe(tag)
            found.append(Explanation(tag, Text(text["en"], text["zh"])))
            known.add(tag)  # named once, whichever of its implementations matched
    return found


def _computed(variants: Any, tag: str) -> bool:
    """Whether a case's outputs of `tag` are known already (a plain dict holds them all)."""
    return variants.computed(tag) if isinstance(variants, LazyVariants) else True


def _size(case: Any) -> int:
    """How many numbers a case's inputs hold (tensors and arrays; anything else counts 0)."""
    total = 0
    for value in case.inputs.values():
        if isinstance(value, torch.Tensor):
            total += value.numel()
        elif isinstance(value, np.ndarray):
            total += value.size
    return total


PAIR_BUDGET = 400  # reference reruns spent on pairs, at most


def _pairs(trial: CaseTrial, families: list[Family]) -> list[Explanation]:
    """Two mistakes at once: the first pair of members whose knobs together reproduce."""
    members: list[tuple[Family, Member]] = [
        (family, member) for family in families for member in family.members(trial)
    ]
    tried = 0
    for (f1, m1), (f2, m2) in itertools.combinations(members, 2):
        if f1 is f2 or set(m1.knobs) & set(m2.knobs):
            continue
        tried += 1
        if tried > PAIR_BUDGET:
            break
        forms = tuple({**a, **b} for a, b in itertools.product(m1.forms, m2.forms))
        if trial.reproduces(Member({**m1.knobs, **m2.knobs}, forms=forms)):
            return [
                Explanation(f1.tag, m1.text or f1.text, m1.knobs),
                Explanation(f2.tag, m2.text or f2.text, m2.knobs),
            ]
    return []
