"""Sinusoidal positional encoding: the exponent, sin/cos order, and the column layout."""

from __future__ import annotations

import math
from collections.abc import Iterable

from graders.families import Family, Member, Text, Trial

_BASES = (1000.0, 100.0, 100000.0, 1e6, 10.0, 2.0, math.e, 512.0, 5000.0)


class WrongExponent(Family):
    """Frequencies built from the wrong index, sign or base."""

    tag = "pe_wrong_exponent"
    text = Text(
        "The exponent is wrong: the frequency of columns 2i and 2i+1 is 1 / 10000^(2i/d_model).",
        "指数写错了：第 2i 列和第 2i+1 列的频率都是 1 / 10000^(2i/d_model)。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """The column index, the pair index, a flipped sign, or another base."""
        yield Member(
            {"pe_exponent": "column"},
            Text(
                "The exponent uses the column index j; columns 2i and 2i+1 share one "
                "frequency, 1 / 10000^(2i/d_model), so the cos column uses 2i too, not 2i+1.",
                "指数用了列下标 j；第 2i 列和第 2i+1 列共用同一个频率 1 / 10000^(2i/d_model)，"
                "所以 cos 列的指数也是 2i，不是 2i+1。",
            ),
        )
        yield Member(
            {"pe_exponent": "pair"},
            Text(
                "The exponent uses the pair index i; it is 2i/d_model (the even column's "
                "index), so the frequencies fall twice as fast: 1 / 10000^(2i/d_model).",
                "指数用了配对下标 i；应该是 2i/d_model（偶数列的下标），"
                "频率是 1 / 10000^(2i/d_model)。",
            ),
        )
        yield Member(
            {"pe_exponent": "two_column"},
            Text(
                "The exponent uses 2j for column j, counting each pair twice; columns 2i and "
                "2i+1 share the exponent 2i/d_model: 1 / 10000^(2i/d_model).",
                "指数对第 j 列用了 2j，等于把每一对算了两次；第 2i 列和第 2i+1 列共用指数 "
                "2i/d_model，频率是 1 / 10000^(2i/d_model)。",
            ),
        )
        yield Member(
            {"pe_exponent": "negative"},
            Text(
                "The exponent's sign is flipped: you multiply the position by 10000^(2i/d_model); "
                "divide by it (the wavelengths grow from 2π to 10000·2π).",
                "指数的符号反了：你把位置乘以了 10000^(2i/d_model)；应该是除以它"
                "（波长从 2π 增长到 10000·2π）。",
            ),
        )
        for base in _BASES:
            yield Member(
                {"pe_base": base},
                Text(
                    f"Your frequencies use the base {base:g}; the paper's base is 10000: "
                    "1 / 10000^(2i/d_model).",
                    f"你的频率用的底数是 {base:g}；论文中的底数是 10000：1 / 10000^(2i/d_model)。",
                ),
            )


class SinCosSwapped(Family):
    """cos on the even columns."""

    tag = "sin_cos_swapped"
    text = Text(
        "sin and cos are swapped: even columns take sin, odd columns take cos.",
        "sin 和 cos 放反了：偶数列用 sin，奇数列用 cos。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """One member: swapped."""
        return [Member({"pe_swap": True})]


class Concatenated(Family):
    """All sines, then all cosines."""

    tag = "pe_concat_not_interleaved"
    text = Text(
        "You concatenated all sines then all cosines. They interleave: column 2i is sin, "
        "column 2i+1 is cos.",
        "你把所有 sin 和所有 cos 拼接在一起了。它们应交错排列：第 2i 列是 sin，第 2i+1 列是 cos。",
    )

    def members(self, trial: Trial) -> Iterable[Member]:
        """Sines first, or cosines first."""
        return [Member({"pe_layout": "concat"}), Member({"pe_layout": "concat", "pe_swap": True})]


FAMILIES = [WrongExponent(), SinCosSwapped(), Concatenated()]
