"""Heatmap cells for the result panels: colours, the value printed in a cell, and the readout
text, computed on the server for templates/_heatmap.html (submissions and custom-input runs
alike: there is no other heatmap renderer); and the values a custom-input run prints."""

from __future__ import annotations

import math
from typing import Any

from app.web.i18n import add_strings

# Matrices up to this many rows and columns print each value inside its cell.
VALUE_SIDE = 8
# A cell's colour is the theme's hue at this opacity at most, so its text stays readable.
MAX_ALPHA = 0.7
MIN_ALPHA = 0.04

add_strings(
    {
        "heat_allowed": {"zh": "允许", "en": "allowed"},
        "heat_blocked": {"zh": "屏蔽", "en": "blocked"},
        "heat_same": {"zh": "一致", "en": "same"},
        "heat_differs": {"zh": "不一致", "en": "differs"},
        "heat_mask_diff": {"zh": "不一致之处", "en": "mismatches"},
        "heat_positive": {"zh": "正值", "en": "positive"},
        "heat_negative": {"zh": "负值", "en": "negative"},
        "heat_nonfinite": {"zh": "NaN / ∞", "en": "NaN / ∞"},
        "heat_darker": {"zh": "颜色越深，绝对值越大", "en": "darker: larger magnitude"},
        "heat_weight_low": {"zh": "权重小", "en": "little weight"},
        "heat_weight_high": {"zh": "权重大", "en": "more weight"},
        "heat_legend": {"zh": "图例", "en": "Legend"},
        "heat_corner": {"zh": "行 \\ 列", "en": "row \\ column"},
    }
)


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


def is_mask(heatmap: dict[str, Any]) -> bool:
    """A boolean output (True = allowed, the bank's convention), drawn as allowed/blocked."""
    return heatmap.get("kind") == "mask"


def shows_values(matrix: list[list[Any]]) -> bool:
    """Small matrices print each value in its cell; larger ones keep the colour scale only."""
    return 0 < len(matrix) <= VALUE_SIDE and max(map(len, matrix), default=0) <= VALUE_SIDE


def _short(value: Any) -> str:
    number = _number(value)
    if number is None:
        return str(value)
    return f"{number:.4g}"


def cell_text(value: Any) -> str:
    """A value short enough for a cell: about five characters."""
    number = _number(value)
    if number is None:
        return {"Infinity": "+∞", "-Infinity": "−∞"}.get(str(value), str(value))
    if number == 0:
        return "0"
    if abs(number) >= 1e4 or abs(number) < 1e-3:
        mantissa, exponent = f"{number:.1e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    return f"{number:.3g}"


def cells(
    matrix: list[list[Any]],
    *,
    scale: float,
    what: str,
    row_start: int = 0,
    col_start: int = 0,
    mode: str = "values",
    words: dict[str, str] | None = None,
) -> list[list[dict[str, str]]]:
    """One dict per cell: its class, style, the text printed in it and the readout text.

    `mode` is "values" (a colour scale: blue positive, red negative), "mask" (a boolean
    mask: allowed or blocked) or "mask_diff" (where two masks differ); `words` are the
    page's words for allowed/blocked/same/differs.
    """
    words = words or {}
    printed = shows_values(matrix)
    grid = []
    for i, row in enumerate(matrix):
        out = []
        for j, value in enumerate(row):
            number = _number(value)
            index = f"[{row_start + i}, {col_start + j}]"
            style, text = "", cell_text(value)
            if mode == "mask" and number is not None:
                css = "allowed" if number else "blocked"
                text = "✓" if number else "✗"
                said = f"{words.get(css, css)} ({bool(number)})"
            elif mode == "mask_diff" and number is not None:
                css = "differs" if number else "same"
                text = "≠" if number else "="
                said = words.get(css, css)
            elif number is None:
                css, said = "nonfinite", _short(value)
            else:
                css = "pos" if number >= 0 else "neg"
                alpha = min(abs(number) / scale, 1.0) * (MAX_ALPHA - MIN_ALPHA) + MIN_ALPHA
                style, said = f"--a:{alpha:.2f}", _short(value)
            out.append(
                {
                    "class": css,
                    "style": style,
                    "text": text if printed else "",
                    "title": f"{what} {index} = {said}",
                }
            )
        grid.append(out)
    return grid


# --- custom-input values, printed beside the reference's -----------------------------------


def number_text(value: Any) -> str:
    """A value as the custom-input panel prints it: integers whole, others to 4 decimals,
    very small or large ones in exponent form; "NaN", "Infinity" as they came."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if not isinstance(value, int | float):
        return str(value)
    if float(value).is_integer() and abs(value) < 1e6:
        return str(int(value))
    if value != 0 and not 1e-3 <= abs(value) < 1e5:
        return f"{value:.3e}"
    return repr(round(float(value), 4))


def _matrix_text(rows: list[Any]) -> str:
    cells = [[number_text(v) for v in (row if isinstance(row, list) else [row])] for row in rows]
    width = max((len(c) for row in cells for c in row), default=1)
    return "\n".join("  ".join(c.rjust(width) for c in row) for row in cells)


def array_text(value: Any) -> str:
    """0-D and 1-D values as one line, 2-D as a matrix, more as one labelled matrix per
    leading index (`[0, :, :]`)."""
    depth, node = 0, value
    while isinstance(node, list):
        depth, node = depth + 1, node[0] if node else None
    if depth == 0:
        return number_text(value)
    if depth <= 2:
        return _matrix_text([value] if depth == 1 else value)
    parts: list[str] = []

    def walk(node: list[Any], index: list[int]) -> None:
        if len(index) == depth - 2:
            label = ", ".join(map(str, index))
            parts.append(f"[{label}, :, :]\n{_matrix_text(node)}")
            return
        for i, child in enumerate(node):
            walk(child, [*index, i])

    walk(value, [])
    return "\n\n".join(parts)


def shape_text(shape: Any) -> str:
    """A shape as Python writes a tuple: (1, 3, 4), (5,), ()."""
    if not isinstance(shape, list):
        return ""
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"
