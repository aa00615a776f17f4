"""Checks of a submission against itself, which name what a wrong answer does.

Equality with the reference says *that* an answer is wrong; a property says *how*: the
future leaks into earlier positions, padded keys change the output, rows of attention
weights do not sum to 1. Everything here runs in the trusted process, on arrays that came
back from the sandbox as raw bytes.

One module per property, found as graders.families are: a module's `PROPERTIES` are the
case checks it defines (a frozen dataclass with `kind`, `label` and `check(spec, this=,
base=, expected=)`), its `LABELS` the words of checks made elsewhere (weights, determinism).
To add one, write a module here; a problem's cases.py puts it on a case as `check=`.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import numpy as np

from graders.compare import ReturnSpec
from graders.families import Text
from graders.properties.causality import Causality
from graders.properties.core import Finding, permute, perturb
from graders.properties.padding import Padding
from graders.properties.permutation import Permutation
from graders.properties.stability import Stability
from graders.properties.weights import MASKED_WEIGHT_TOLERANCE, ROW_SUM_TOLERANCE, check_weights


def _load() -> tuple[dict[str, type], dict[str, Text]]:
    kinds: dict[str, type] = {}
    labels: dict[str, Text] = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for cls in getattr(module, "PROPERTIES", ()):
            kind = cls.__dataclass_fields__["kind"].default
            kinds[kind], labels[kind] = cls, cls.label
        labels.update(getattr(module, "LABELS", {}))
    return kinds, labels


# Every case check by kind, and the words of every property a problem page lists.
PROPERTIES, LABELS = _load()


def check_case(
    prop: Any,
    spec: ReturnSpec,
    *,
    this: np.ndarray,
    base: np.ndarray | None,
    expected: np.ndarray,
) -> Finding | None:
    """The violation of `prop` by the submission's outputs (`this`, and `base` if it has one)."""
    return prop.check(spec, this=this, base=base, expected=expected)


__all__ = [
    "LABELS",
    "MASKED_WEIGHT_TOLERANCE",
    "PROPERTIES",
    "ROW_SUM_TOLERANCE",
    "Causality",
    "Finding",
    "Padding",
    "Permutation",
    "Stability",
    "check_case",
    "check_weights",
    "permute",
    "perturb",
]
