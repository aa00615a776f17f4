"""Cases for top-k / top-p sampling: each filter alone, both together, neither, top-k = 1,
a tiny top-p, a large vocabulary, and logits far from zero.

Each case draws logits and a generator seed, and draws again until the case is clear of
rounding: the k-th and (k+1)-th scores differ, no cumulative probability lies near top_p,
and the multinomial draw wins by a margin (the draw is the argmax of probs / q for
exponential noise q from the generator, so probabilities that differ in the last bits
cannot pick another token).
"""

from pathlib import Path

import torch

from graders import Case, Fixture, Note, Stability

_FIXTURES: dict = {}
exec(  # noqa: S102 - the problem's own fixtures.py, the source the sandbox builds from
    compile((Path(__file__).parent / "fixtures.py").read_text(), "fixtures.py", "exec"),
    _FIXTURES,
)
ATTEMPTS = 500
GAP = 1e-3  # relative margin of the k-th score, of top_p, and of the drawn token


def _filtered(logits, temperature, top_k, top_p):
    """Scores after temperature and top-k, and the mass before each token in sorted order."""
    scores = logits.double() / temperature
    if top_k > 0:
        kth = scores.topk(top_k, dim=-1).values[..., -1:]
        scores = scores.masked_fill(scores < kth, float("-inf"))
    probs = scores.softmax(-1).sort(dim=-1, descending=True).values
    return scores, probs.cumsum(-1) - probs


def _clear(logits, temperature, top_k, top_p, seed, point) -> bool:
    """The case is free of near-ties and makes its point."""
    v = logits.shape[-1]
    if top_k > 0 and top_k < v:
        top = (logits.double() / temperature).topk(top_k + 1, dim=-1).values
        if ((top[:, -2] - top[:, -1]) < GAP).any():
            return False
    scores, before = _filtered(logits, temperature, top_k, top_p)
    if top_p < 1.0 and ((before - top_p).abs() < GAP).any():
        return False
    kept = (before < top_p) & torch.isfinite(scores.sort(dim=-1, descending=True).values)
    if not point(kept, before):
        return False
    probs = scores.masked_fill(
        (before >= top_p).scatter(-1, scores.sort(-1, descending=True).indices, before >= top_p),
        float("-inf"),
    ).softmax(-1)
    noise = torch.empty_like(logits).exponential_(1, generator=_FIXTURES["generator"](seed))
    ratio = (probs / noise.double()).topk(2, dim=-1).values
    return bool((ratio[:, 1] < ratio[:, 0] * (1 - GAP)).all())


def some_kept(kept, before) -> bool:
    """Every row keeps at least two tokens and drops at least one."""
    sizes = kept.sum(-1)
    return bool((sizes >= 2).all() and (sizes < kept.shape[-1]).all())


def top_one(kept, before) -> bool:
    """In some row the top token alone already reaches top_p; another keeps several."""
    sizes = kept.sum(-1)
    return bool((sizes == 1).any() and (sizes >= 3).any())


def any_draw(kept, before) -> bool:
    return True


def _draw(
    g: torch.Generator,
    point=some_kept,
    *,
    batch: int,
    vocab: int,
    temperature: float,
    top_k: int = 0,
    top_p: float = 1.0,
    spread: float = 2.0,
    shift: float = 0.0,
) -> dict:
    """The inputs of one case: logits [B, V] float32, the settings and a generator."""
    for _ in range(ATTEMPTS):
        logits = torch.randn(batch, vocab, generator=g) * spread
        if shift:  # on a 1/64 grid, exact in float32 near 1000, and so are logits / 0.5
            logits = torch.round(logits * 64) / 64 + shift
        seed = int(torch.randint(0, 2**31 - 1, (1,), generator=g))
        if _clear(logits, temperature, top_k, top_p, seed, point):
            return {
                "logits": logits,
                "temperature": temperature,
                "top_k": top_k,
                "top_p": top_p,
                "generator": Fixture("generator", {"seed": seed}),
            }
    raise AssertionError(f"no draw makes the point {point.__name__} in {ATTEMPTS} attempts")


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(303 + seed)
    return [
        Case(
            "B=2, V=8: top-p 0.8 only",
            _draw(g, batch=2, vocab=8, temperature=0.8, top_p=0.8),
            note=Note(
                "temperature 0.8, top_k 0 (off), top_p 0.8",
                "温度 0.8，top_k 为 0（关闭），top_p 0.8",
            ),
        ),
        Case(
            "B=3, V=10: top-k 4 only",
            _draw(g, batch=3, vocab=10, temperature=1.5, top_k=4),
            note=Note(
                "temperature 1.5, top_k 4, top_p 1.0 (off)",
                "温度 1.5，top_k 4，top_p 为 1.0（关闭）",
            ),
        ),
        Case(
            "B=4, V=16: top-k 6 then top-p 0.7",
            _draw(g, batch=4, vocab=16, temperature=0.7, top_k=6, top_p=0.7),
            hidden=True,
        ),
        Case(
            "no filter, temperature 1",
            _draw(g, any_draw, batch=3, vocab=12, temperature=1.0),
            hidden=True,
        ),
        Case(
            "top-k 1", _draw(g, any_draw, batch=4, vocab=9, temperature=2.0, top_k=1), hidden=True
        ),
        Case(
            "top token alone reaches top-p",
            _draw(g, top_one, batch=4, vocab=10, temperature=0.5, top_p=0.6, spread=2.5),
            hidden=True,
        ),
        Case(
            "B=8, V=64, temperature 1.3, top-p 0.9",
            _draw(g, batch=8, vocab=64, temperature=1.3, top_p=0.9, spread=2.5),
            hidden=True,
        ),
        Case(
            "top-k = V, top-p 0.5",
            _draw(g, batch=3, vocab=7, temperature=0.9, top_k=7, top_p=0.5),
            hidden=True,
        ),
        Case(
            "logits near 1000",
            _draw(g, batch=3, vocab=10, temperature=0.5, top_k=5, top_p=0.95, shift=1000.0),
            check=Stability(),
            hidden=True,
        ),
    ]
