"""Cases for greedy decoding: rows that end early and rows that run to max_len, batches that
all end before max_len, one row, a long max_len, other token ids, one step.

Each case draws a toy model (fixtures.py) and a source batch, and draws again until the
decode makes the case's point (checked on the decode itself, so every seed makes it) and
every greedy choice wins by a clear margin (no near-ties for rounding to flip).
"""

import math
from collections.abc import Callable
from pathlib import Path

import torch

from graders import Case, Fixture, Note

_FIXTURES: dict = {}
exec(  # noqa: S102 - the problem's own fixtures.py, the source the sandbox builds from
    compile((Path(__file__).parent / "fixtures.py").read_text(), "fixtures.py", "exec"),
    _FIXTURES,
)
MARGIN = 1e-3  # the winner's logit beats the runner-up by at least this much, every step
ATTEMPTS = 200


def _weights(
    g: torch.Generator, vocab: int, src_vocab: int, ids: tuple[int, int, int], ends: float
) -> dict[str, torch.Tensor]:
    """A toy decoder's weights; the end token's logit catches up after about `ends` steps."""
    sos, eos, pad = ids
    d, growth = 8, 0.6
    f64 = torch.float64
    bias = torch.zeros(vocab, dtype=f64)
    bias[[pad, sos]] = -50.0  # never predicted: a trained model does not emit them either
    bias[eos] = -growth * ends
    rise = torch.zeros(vocab, dtype=f64)
    rise[eos] = growth
    return {
        "embed": torch.randn(vocab, d, generator=g, dtype=f64),
        "src_embed": torch.randn(src_vocab, d, generator=g, dtype=f64) * 1.2,
        "freq": torch.rand(d, generator=g, dtype=f64) + 0.3,
        "phase": torch.rand(d, generator=g, dtype=f64) * 2 * math.pi,
        "out": torch.randn(d, vocab, generator=g, dtype=f64) * 1.5,
        "bias": bias,
        "growth": rise,
    }


def _decode(model, src, max_len: int, ids: tuple[int, int, int]) -> tuple[torch.Tensor, float]:
    """Greedy tokens [B, 1 + T] and the smallest top-1 minus top-2 logit gap on the way."""
    sos, eos, pad = ids
    ys = torch.full((src.shape[0], 1), sos, dtype=torch.long)
    finished = torch.zeros(src.shape[0], dtype=torch.bool)
    gap = math.inf
    for _ in range(max_len):
        last = model(src, ys)[:, -1]  # [B, V]
        top = last.topk(2, dim=-1).values  # [B, 2]
        gap = min(gap, float((top[:, 0] - top[:, 1]).min()))
        token = last.argmax(-1).masked_fill(finished, pad)
        ys = torch.cat([ys, token[:, None]], dim=1)
        finished |= token == eos
        if finished.all():
            break
    return ys, gap


def _ends(ys: torch.Tensor, eos: int) -> list[int | None]:
    """The step at which each row produced its end token (None: it never did)."""
    return [int(row.eq(eos).nonzero()[0]) if row.eq(eos).any() else None for row in ys]


def mixed(ys: torch.Tensor, max_len: int, eos: int) -> bool:
    """A row ends before the last step (then pads) and another runs to max_len."""
    ends, steps = _ends(ys, eos), ys.shape[1] - 1
    return steps == max_len and None in ends and any(e is not None and e < steps for e in ends)


def all_end(ys: torch.Tensor, max_len: int, eos: int) -> bool:
    """Every row ends, at different steps, and decoding stops before max_len."""
    ends = _ends(ys, eos)
    return ys.shape[1] - 1 < max_len and None not in ends and len(set(ends)) > 1


def ends_early(ys: torch.Tensor, max_len: int, eos: int) -> bool:
    """One row that ends before max_len."""
    return ys.shape[1] - 1 < max_len


def runs_out(ys: torch.Tensor, max_len: int, eos: int) -> bool:
    """No row ends: every row takes all max_len steps."""
    return ys.shape[1] - 1 == max_len and None in _ends(ys, eos) and not ys.eq(eos).any()


def any_draw(ys: torch.Tensor, max_len: int, eos: int) -> bool:
    return True


def _draw(
    g: torch.Generator,
    point: Callable[[torch.Tensor, int, int], bool],
    *,
    batch: int,
    max_len: int,
    vocab: int = 10,
    src_vocab: int = 12,
    src_len: int = 5,
    ids: tuple[int, int, int] = (1, 2, 0),
    ends: float = 6.0,
) -> dict:
    """The inputs of one case: a model and a source batch whose decode makes `point`."""
    for _ in range(ATTEMPTS):
        weights = _weights(g, vocab, src_vocab, ids, ends)
        src = torch.randint(0, src_vocab, (batch, src_len), generator=g)
        ys, gap = _decode(_FIXTURES["toy_decoder"](**weights), src, max_len, ids)
        if gap >= MARGIN and point(ys, max_len, ids[1]):
            inputs = {"model": Fixture("toy_decoder", weights), "src": src, "max_len": max_len}
            if ids != (1, 2, 0):
                inputs.update(sos_id=ids[0], eos_id=ids[1], pad_id=ids[2])
            return inputs
    raise AssertionError(f"no draw makes the point {point.__name__} in {ATTEMPTS} attempts")


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases: default ids sos=1, eos=2, pad=0 unless stated."""
    g = torch.Generator().manual_seed(303 + seed)
    return [
        Case(
            "B=3, max_len=6: one row ends early",
            _draw(g, mixed, batch=3, max_len=6, ends=4.0),
            note=Note(
                "a row that ends is padded with 0; another row runs all 6 steps",
                "结束的行之后补 0；另一行跑满 6 步",
            ),
        ),
        Case(
            "B=2, max_len=12: every row ends",
            _draw(g, all_end, batch=2, max_len=12, ends=5.0),
            note=Note(
                "both rows produce eos=2 before step 12: decoding stops early",
                "两行都在第 12 步之前生成了 eos=2：提前停止",
            ),
        ),
        Case("B=4, max_len=10, mixed lengths", _draw(g, mixed, batch=4, max_len=10), hidden=True),
        Case("B=1, ends early", _draw(g, ends_early, batch=1, max_len=15), hidden=True),
        Case(
            "B=1, runs to max_len",
            _draw(g, runs_out, batch=1, max_len=7, ends=12.0),
            hidden=True,
        ),
        Case(
            "B=5, max_len=40, every row ends",
            _draw(g, all_end, batch=5, max_len=40, src_len=9, ends=10.0),
            hidden=True,
        ),
        Case(
            "other ids: sos=4, eos=7, pad=3",
            _draw(g, mixed, batch=4, max_len=8, vocab=9, ids=(4, 7, 3), ends=5.0),
            hidden=True,
        ),
        Case(
            "B=6, V=20, source of 3 tokens",
            _draw(g, mixed, batch=6, max_len=9, vocab=20, src_vocab=30, src_len=3, ends=5.0),
            hidden=True,
        ),
        Case("max_len=1", _draw(g, any_draw, batch=3, max_len=1), hidden=True),
    ]
