"""Cases for beam search: beams that beat greedy, a length penalty that changes the winner,
searches that end on beam_size finished hypotheses and searches that run to max_len, beam 1,
other token ids, and length penalties 0, 0.6 and 2.

Each case draws a toy model (fixtures.py) and a source sentence, and draws again until the
search makes the case's point and is free of near-ties: at every step the beam_size-th
continuation beats the next one by a margin, and so does the winner of the final choice.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import torch

from graders import Case, Fixture, Note

_FIXTURES: dict = {}
exec(  # noqa: S102 - the problem's own fixtures.py, the source the sandbox builds from
    compile((Path(__file__).parent / "fixtures.py").read_text(), "fixtures.py", "exec"),
    _FIXTURES,
)
MARGIN = 1e-3
ATTEMPTS = 300


@dataclass
class Search:
    """What a search did: its winner, the raw-score winner, how it stopped, its smallest gap."""

    best: list[int]
    best_raw: list[int]
    early: bool  # stopped on beam_size finished hypotheses before max_len
    finished: int  # finished hypotheses in the final pool
    unfinished: int  # live hypotheses in the final pool
    gap: float


def _search(model, src, beam_size, max_len, sos, eos, penalty) -> Search:
    alive = torch.full((1, 1), sos, dtype=torch.long)
    scores = torch.zeros(1, dtype=torch.float64)
    finished, gap, early = [], math.inf, False
    for step in range(max_len):
        logits = model(src, alive)[:, -1]
        vocab = logits.shape[-1]
        total = (scores[:, None] + torch.log_softmax(logits.double(), -1)).flatten()
        top = total.topk(min(beam_size + 1, total.numel()))
        if top.values.numel() > beam_size:
            gap = min(gap, float(top.values[beam_size - 1] - top.values[beam_size]))
        best, flat = top.values[:beam_size], top.indices[:beam_size]
        seqs = torch.cat([alive[flat // vocab], (flat % vocab)[:, None]], dim=1)
        ended = seqs[:, -1] == eos
        finished += [
            (s.tolist(), float(v), True) for s, v in zip(seqs[ended], best[ended], strict=True)
        ]
        alive, scores = seqs[~ended], best[~ended]
        if len(finished) >= beam_size:
            early = step + 1 < max_len
            break
    else:
        finished += [(s.tolist(), float(v), False) for s, v in zip(alive, scores, strict=True)]
    normed = sorted(finished, key=lambda h: -h[1] / (len(h[0]) - 1) ** penalty)
    if len(normed) > 1:
        first, second = (h[1] / (len(h[0]) - 1) ** penalty for h in normed[:2])
        gap = min(gap, first - second)
    raw = max(finished, key=lambda h: h[1])
    return Search(
        best=normed[0][0],
        best_raw=raw[0],
        early=early,
        finished=sum(h[2] for h in finished),
        unfinished=sum(not h[2] for h in finished),
        gap=gap,
    )


def beats_greedy(s: Search, greedy: Search) -> bool:
    """The beam's winner is not the greedy sequence, and the search ends on finished ones."""
    return s.best != greedy.best and s.unfinished == 0


def penalty_matters(s: Search, greedy: Search) -> bool:
    """Without the length normalisation another hypothesis would win, and beam beats greedy."""
    return s.best != s.best_raw and s.best != greedy.best


def early_stop(s: Search, greedy: Search) -> bool:
    """beam_size hypotheses finish before max_len, and the winner is not greedy's."""
    return s.early and s.best != greedy.best


def runs_out(s: Search, greedy: Search) -> bool:
    """max_len is reached with live hypotheses in the pool, and some finished ones too."""
    return s.unfinished > 0 and s.finished > 0


def any_search(s: Search, greedy: Search) -> bool:
    return True


def _weights(g, vocab, src_vocab, ids, ends) -> dict[str, torch.Tensor]:
    sos, eos = ids
    d, growth = 8, 0.6
    f64 = torch.float64
    bias = torch.zeros(vocab, dtype=f64)
    bias[0] = -50.0  # pad: never predicted
    bias[sos] = -50.0
    bias[eos] = -growth * ends
    rise = torch.zeros(vocab, dtype=f64)
    rise[eos] = growth
    return {
        "embed": torch.randn(vocab, d, generator=g, dtype=f64),
        "src_embed": torch.randn(src_vocab, d, generator=g, dtype=f64) * 1.2,
        "freq": torch.rand(d, generator=g, dtype=f64) + 0.3,
        "phase": torch.rand(d, generator=g, dtype=f64) * 2 * math.pi,
        "out": torch.randn(d, vocab, generator=g, dtype=f64) * 0.8,
        "bias": bias,
        "growth": rise,
    }


def _draw(
    g: torch.Generator,
    point: Callable[[Search, Search], bool],
    *,
    beam_size: int,
    max_len: int,
    penalty: float = 1.0,
    vocab: int = 10,
    src_vocab: int = 12,
    src_len: int = 5,
    ids: tuple[int, int] = (1, 2),
    ends: float = 5.0,
) -> dict:
    """The inputs of one case: a model and a source sentence [1, Ls] that make `point`."""
    for _ in range(ATTEMPTS):
        weights = _weights(g, vocab, src_vocab, ids, ends)
        src = torch.randint(0, src_vocab, (1, src_len), generator=g)
        model = _FIXTURES["toy_decoder"](**weights)
        search = _search(model, src, beam_size, max_len, *ids, penalty)
        greedy = _search(model, src, 1, max_len, *ids, penalty)
        if search.gap >= MARGIN and greedy.gap >= MARGIN and point(search, greedy):
            inputs = {
                "model": Fixture("toy_decoder", weights),
                "src": src,
                "beam_size": beam_size,
                "max_len": max_len,
            }
            if ids != (1, 2):
                inputs.update(sos_id=ids[0], eos_id=ids[1])
            if penalty != 1.0:
                inputs.update(sos_id=ids[0], eos_id=ids[1], length_penalty=penalty)
            return inputs
    raise AssertionError(f"no draw makes the point {point.__name__} in {ATTEMPTS} attempts")


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases: sos=1, eos=2 and length_penalty=1.0 unless stated."""
    g = torch.Generator().manual_seed(303 + seed)
    return [
        Case(
            "beam 3, max_len 8",
            _draw(g, beats_greedy, beam_size=3, max_len=8),
            note=Note(
                "the beam finds a better sentence than greedy decoding",
                "beam search 找到了比贪心解码更好的句子",
            ),
        ),
        Case(
            "beam 4, length penalty decides",
            _draw(g, penalty_matters, beam_size=4, max_len=10),
            note=Note(
                "by total log-probability a shorter hypothesis would win; divided by T it loses",
                "只看对数概率之和，更短的候选会赢；除以长度 T 之后它就输了",
            ),
        ),
        Case("beam 2, stops early", _draw(g, early_stop, beam_size=2, max_len=15), hidden=True),
        Case(
            "beam 3, runs to max_len",
            _draw(g, runs_out, beam_size=3, max_len=6, ends=5.5),
            hidden=True,
        ),
        Case(
            "beam 5, V=16, length penalty 0.6",
            _draw(g, penalty_matters, beam_size=5, max_len=12, penalty=0.6, vocab=16),
            hidden=True,
        ),
        Case(
            "beam 3, length penalty 0 (raw sums)",
            _draw(g, beats_greedy, beam_size=3, max_len=10, penalty=0.0),
            hidden=True,
        ),
        Case(
            "beam 1 is greedy",
            _draw(g, any_search, beam_size=1, max_len=9),
            hidden=True,
        ),
        Case(
            "other ids: sos=5, eos=7, length penalty 2",
            _draw(g, early_stop, beam_size=3, max_len=12, penalty=2.0, vocab=9, ids=(5, 7)),
            hidden=True,
        ),
        Case(
            "beam 4, source of 9 tokens",
            _draw(g, beats_greedy, beam_size=4, max_len=14, src_len=9, ends=7.0),
            hidden=True,
        ),
    ]
