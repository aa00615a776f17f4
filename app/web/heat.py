"""Heatmap cells for the result panel: colours and hover text, computed on the server."""

from __future__ import annotations

import math
from typing import Any

# Sequential values are blue; a diverging difference is blue above zero and red below.
_POSITIVE = (37, 99, 235)
_NEGATIVE = (220, 38, 38)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float) and math.isfinite(value):
        return float(value)
    return None  # "NaN", "Infinity", ...: drawn as a hatched cell


def scale_of(*matrices: list[list[Any]]) -> float:
    """The largest finite magnitude across matrices, so they share one colour scale."""
    values = [abs(v) for m in matrices for row in m for v in map(_number, row) if v is not None]
    return max(values, default=0.0) or 1.0


def _short(value: Any) -> str:
    number = _number(value)
    if number is None:
        return str(value)
    return f"{number:.4g}"


def cells(
    matrix: list[list[Any]],
    *,
    scale: float,
    what: str,
    row_start: int = 0,
    col_start: int = 0,
) -> list[list[dict[str, str]]]:
    """One dict per cell: background style, the value for the hover readout, and a title."""
    grid = []
    for i, row in enumerate(matrix):
        out = []
        for j, value in enumerate(row):
            number = _number(value)
            index = f"[{row_start + i}, {col_start + j}]"
            if number is None:
                style, css = "", "nonfinite"
            else:
                rgb = _POSITIVE if number >= 0 else _NEGATIVE
                alpha = min(abs(number) / scale, 1.0) * 0.9 + 0.04
                style, css = f"background:rgba({rgb[0]},{rgb[1]},{rgb[2]},{alpha:.2f})", ""
            text = f"{what} {index} = {_short(value)}"
            out.append({"style": style, "class": css, "title": text})
        grid.append(out)
    return grid
