"""Problem metadata (`problem.toml`), checked against a schema when a folder is loaded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.bank.signature import Signature
from graders.compare import ReturnSpec


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Localized(_Strict):
    """A text in both languages; Chinese is first-class, so neither is optional."""

    en: str = Field(min_length=1)
    zh: str = Field(min_length=1)


class ReturnMeta(_Strict):
    """One returned value and its tolerance."""

    name: str
    # "value": a plain Python value (str, int, float, bool, None, and lists, tuples and
    # dicts of them: a tokeniser's merges), compared exactly.
    type: Literal["ndarray", "tensor", "value"]
    # An array's element kind; none for a plain value (its Python types are compared).
    dtype: Literal["float", "bool", "int"] | None = "float"
    atol: float = Field(default=0.0, ge=0)
    rtol: float = Field(default=0.0, ge=0)
    # How a message names a plain list's element ("merge {n}"; {n} counts from 1, {i} is
    # the index), so a wrong answer reads "merge 8 (`merges[7]`): expected ..., got ...".
    item: Localized | None = None
    # A list of arrays, as many as the case gives (clipped gradients, one per parameter),
    # each compared as an array of this type.
    many: bool = False

    @model_validator(mode="before")
    @classmethod
    def _plain_has_no_dtype(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "value":
            if data.get("dtype") is not None:
                raise ValueError(f"return {data.get('name')!r}: a plain value has no dtype")
            return {**data, "dtype": None}
        return data

    @model_validator(mode="after")
    def _plain_is_exact(self) -> ReturnMeta:
        if self.dtype is None and self.type != "value":
            raise ValueError(f"return {self.name!r}: an array needs a dtype")
        if self.type == "value" and (self.atol or self.rtol):
            raise ValueError(f"return {self.name!r}: a plain value is compared exactly")
        if self.item is not None and self.type != "value":
            raise ValueError(f"return {self.name!r}: `item` names elements of a plain value")
        if self.many and self.type == "value":
            raise ValueError(f"return {self.name!r}: `many` is a list of arrays, not of values")
        return self

    def spec(self, case: Any = None) -> ReturnSpec:
        """The grader's view of this return value (on `case`, with its own tolerance)."""
        atol, rtol = self.atol, self.rtol
        if case is not None and self.dtype == "float":
            atol = atol if case.atol is None else case.atol
            rtol = rtol if case.rtol is None else case.rtol
        item = (self.item.en, self.item.zh) if self.item else None
        return ReturnSpec(self.name, self.type, self.dtype, atol, rtol, item, self.many)

    @property
    def floats(self) -> bool:
        """Whether this return is an array of floats (compared within a tolerance)."""
        return self.type != "value" and self.dtype == "float" and not self.many


class Forbidden(_Strict):
    """APIs a submission may not use: dotted Python paths and aten kernel name prefixes."""

    api: list[str] = []
    aten: list[str] = []


class ModuleMeta(_Strict):
    """How a module problem is instantiated and checked."""

    load_state_dict: bool = True
    buffers: list[str] = []


class WeightsMeta(_Strict):
    """Where a problem's attention weights come from, and which mask entries block a key."""

    output: str | None = None  # a return value that is the weights, or
    capture: bool = False  # the last softmax the code computes (torch problems)
    mask: str | None = None  # the input holding the mask, if any
    blocked: Literal["nonzero", "false"] = "false"  # 1 = blocked, or False/0 = blocked
    # How the mask lines up with the weights: from the last axes (an [L_q, L_k] mask), or
    # "batch_keys": a [B, L_k] padding mask, one row of key positions per batch entry.
    mask_layout: Literal["trailing", "batch_keys"] = "trailing"


class DiagnosisMeta(_Strict):
    """Which families of mistakes (graders.families) the grader looks for in wrong answers."""

    families: list[str] = []

    @field_validator("families")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        from graders.families import FAMILIES

        unknown = [name for name in value if name not in FAMILIES]
        if unknown:
            raise ValueError(f"unknown families {unknown}; known: {sorted(FAMILIES)}")
        return value


Topic = Literal[
    "masks",
    "attention",
    "positional",
    "normalisation",
    "layers",
    "model",
    "training",
    "alignment",
    "tokenisation",
    "quantisation",
    "decoding",
]
# The order in which the problem list shows its groups.
TOPICS: tuple[str, ...] = Topic.__args__


class ProblemMeta(_Strict):
    """The contents of `problem.toml`."""

    id: str
    order: int = 1000
    topic: Topic
    title: Localized
    difficulty: Literal["easy", "medium", "hard"]
    # "python": plain values in and out (strings, lists, dicts), such as a tokeniser.
    framework: Literal["numpy", "torch", "python"]
    tags: list[str] = []
    kind: Literal["function", "module"] = "function"
    entry: str
    signature: str
    reference: str
    returns: list[ReturnMeta] = Field(min_length=1)
    forbidden: Forbidden = Forbidden()
    module: ModuleMeta | None = None
    weights: WeightsMeta | None = None
    diagnosis: DiagnosisMeta | None = None
    # Inputs the code must not change in place (a KV cache passed in): checked after the call.
    unchanged: list[str] = []

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", value):
            raise ValueError("id must be lowercase words joined by '-'")
        return value

    @model_validator(mode="after")
    def _weights_source(self) -> ProblemMeta:
        weights = self.weights
        if weights is None:
            return self
        if (weights.output is None) == (not weights.capture):
            raise ValueError('[weights] needs exactly one of output = "..." or capture = true')
        if weights.output is not None and weights.output not in {r.name for r in self.returns}:
            raise ValueError(f"[weights] output {weights.output!r} is not one of the returns")
        if weights.capture and self.framework != "torch":
            raise ValueError('[weights] capture = true needs framework = "torch"')
        return self

    @field_validator("entry")
    @classmethod
    def _identifier(cls, value: str) -> str:
        if not value.isidentifier():
            raise ValueError("entry must be a Python identifier")
        return value


@dataclass(frozen=True)
class SourceRef:
    """Where a hosted problem's implementation is defined (never imported by the server):
    a file and the name bound in it."""

    path: Path
    name: str

    @classmethod
    def of(cls, folder: Path, where: dict[str, str]) -> SourceRef:
        """From the host's answer: a file of `folder`, or a module of the app's own."""
        name = str(where["name"])
        if "file" in where:
            path = (folder / str(where["file"])).resolve()
            if folder.resolve() not in path.parents:
                raise ValueError(f"{where['file']!r} is not inside the problem folder")
            return cls(path, name)
        module = str(where["module"])
        if module.partition(".")[0] not in ("reference_impl", "graders"):
            raise ValueError(f"{module!r} is neither the folder's nor one of the app's modules")
        import importlib.util

        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise ValueError(f"no module {module!r}")
        return cls(Path(spec.origin), name)


@dataclass
class Problem:
    """A loaded problem: metadata, statements, starter code and its trusted code."""

    meta: ProblemMeta
    path: Path
    statement: dict[str, str]
    starter: str
    reference: Any
    build_cases: Any
    # Hints by language, revealed one at a time; the editorial and the solution shown once
    # solved (each empty when its file is missing, which validation reports).
    hints: dict[str, list[str]] = field(default_factory=dict)
    editorial: dict[str, str] = field(default_factory=dict)
    solution: str = ""
    # Known-mistake variants of the reference, by diagnosis tag (optional mistakes.py).
    mistakes: dict[str, Any] = field(default_factory=dict)
    # What mistakes.py says of its own tags (families and graders.variants explain the shared
    # ones: one text home per tag).
    mistake_messages: dict[str, dict[str, str]] = field(default_factory=dict)
    # fixtures.py: builders of the objects cases hand the candidate (graders.Fixture).
    fixture_source: str = ""
    # A problem the server must not run (uploaded, or from SHOUSI_PROBLEMS_DIRS): its
    # reference, cases, mistakes and fixtures run only in app.trusted.host, and
    # `reference` and `mistakes` hold SourceRefs, not code.
    hosted: bool = False
    # Whether build_cases(seed) draws fresh hidden cases, as the host found (hosted only).
    seeded: bool = False
    _fixtures: dict[str, Any] | None = field(default=None, repr=False)
    _signature: Signature | None = field(default=None, repr=False)

    @property
    def signature(self) -> Signature:
        """The contract's parameters, parsed from `problem.toml` once."""
        if self._signature is None:
            self._signature = Signature.parse(
                self.meta.signature, entry=self.meta.entry, kind=self.meta.kind
            )
        return self._signature

    def build_fixture(self, name: str, data: dict[str, Any]) -> Any:
        """Build a case's fixture in the trusted process, from the source the child gets."""
        if self.hosted:
            raise RuntimeError(f"{self.id}: its fixtures are built only in its problem host")
        if self._fixtures is None:
            namespace: dict[str, Any] = {"__name__": f"shousi_fixtures_{self.meta.id}"}
            exec(compile(self.fixture_source, str(self.path / "fixtures.py"), "exec"), namespace)  # noqa: S102
            self._fixtures = namespace
        return self._fixtures[name](**data)

    def describe(self, tag: str) -> dict[str, str]:
        """A mistake's tag with its message in both languages, the problem's own first."""
        from graders.variants import tag_of

        tag = tag_of(tag)
        if tag in self.mistake_messages:
            return {"tag": tag, **self.mistake_messages[tag]}
        from graders.variants import describe

        return describe(tag)

    @property
    def id(self) -> str:
        """The problem id (a stable contract)."""
        return self.meta.id
