"""How big a JSON text's tree would be, measured on its bytes before anything is parsed.

`json.loads` builds every value at once, holding the GIL throughout: 20 MB of `[[],[],…]`
is millions of lists (half a gigabyte) and seconds in which no other request is answered.
So the bytes are measured first, at the speed of `bytes.count` and a numpy pass: strings
are cut out (their brackets and commas are text), then every `[` and `{` opens a value
and every `,` separates two, which bounds the number of values from above; the running
sum of opening minus closing brackets is the depth.
"""

from __future__ import annotations

import re

import numpy as np

# A JSON string, or one left open up to the end, unrolled so that runs of plain characters
# are matched in one step (`"(a|\\.)*"` takes a step per character).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b"[]{},")))


class ShapeError(ValueError):
    """A JSON text with more values, or deeper nesting, than allowed."""

    def __init__(self, kind: str, limit: int) -> None:
        super().__init__(f"{kind} over {limit}")
        self.kind, self.limit = kind, limit


def check_shape(raw: bytes, *, max_values: int, max_depth: int) -> None:
    """Raise ShapeError ("values" or "depth") if `raw` as JSON would exceed the limits."""
    # Upper bounds counted on the raw bytes first: most texts pass without a copy.
    opens = raw.count(b"[") + raw.count(b"{")
    if opens <= max_depth and opens + raw.count(b",") < max_values:
        return
    structure = _STRING.sub(b"", raw).translate(None, _NOT_STRUCTURE)
    opens = structure.count(b"[") + structure.count(b"{")
    if opens + structure.count(b",") + 1 > max_values:
        raise ShapeError("values", max_values)
    if opens <= max_depth:
        return
    codes = np.frombuffer(structure, dtype=np.uint8)
    steps = np.zeros(len(codes), dtype=np.int32)
    steps[(codes == ord("[")) | (codes == ord("{"))] = 1
    steps[(codes == ord("]")) | (codes == ord("}"))] = -1
    if int(np.cumsum(steps).max(initial=0)) > max_depth:
        raise ShapeError("depth", max_depth)
