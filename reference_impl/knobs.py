"""Switches that turn a reference implementation into a known mistake, for diagnosis only.

The trusted grader explains a wrong answer by finding the mistake that reproduces it: it
runs the reference with a knob turned (no scale, the mask inverted, heads split head-first,
...) and compares. A knob is read where the mistake would be made, so a composite (an
encoder layer) makes its parts' mistakes too. With no knob turned, every reference computes
exactly what it always did.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

_turned: ContextVar[Mapping[str, Any]] = ContextVar("knobs", default=MappingProxyType({}))


def knob(name: str, default: Any = None) -> Any:
    """The setting of a knob, or `default` when it is not turned."""
    return _turned.get().get(name, default)


@contextmanager
def turned(settings: Mapping[str, Any]) -> Iterator[None]:
    """Run the block with these knobs turned (nested blocks see the union)."""
    token = _turned.set({**_turned.get(), **settings})
    try:
        yield
    finally:
        _turned.reset(token)
