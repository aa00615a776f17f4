"""Cases for the reward-model loss: right padding of different lengths, rows with no
padding, rows of one token, one pair, bool and int64 masks, score gaps large enough to
saturate the sigmoid, and gaps of hundreds where log(sigmoid(x)) is -inf. Gradients
w.r.t. the hidden states are checked on every case but the last."""

import torch

from graders import Case, Fixture, Note, Stability

HIDDEN = ("hidden",)  # the value head's own weights are not compared


def _mask(lengths: list[int], length: int, dtype: torch.dtype) -> torch.Tensor:
    """[2B, L]: row r is 1 on its first lengths[r] tokens, then 0 (right padding)."""
    mask = torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]
    return mask if dtype == torch.bool else mask.to(dtype)


def _pairs(
    g: torch.Generator,
    lengths: list[int],
    length: int,
    *,
    d: int = 6,
    dtype: torch.dtype = torch.bool,
    gaps: list[float] | None = None,
) -> dict:
    """Hidden states [2B, L, d] drawn everywhere (padding included: a real backbone writes
    something there too) and a value head with scores of size about 1.

    `gaps`: the chosen-minus-rejected score of each pair is set to gaps[i] by moving the
    chosen row's last real hidden state along the head's weight.
    """
    rows = len(lengths)
    weight = torch.randn(1, d, generator=g) / d**0.5 * 1.5
    bias = 0.3 + 0.5 * torch.rand(1, generator=g)
    hidden = torch.randn(rows, length, d, generator=g)
    last = torch.tensor(lengths) - 1
    if gaps is not None:
        b = rows // 2
        direction = weight[0] / weight[0].square().sum()  # v(h + s * direction) = v(h) + s
        for i, gap in enumerate(gaps):
            chosen = hidden[i, last[i]] @ weight[0]
            rejected = hidden[b + i, last[b + i]] @ weight[0]
            hidden[i, last[i]] += (rejected + gap - chosen) * direction
    return {
        "hidden": hidden,
        "attention_mask": _mask(lengths, length, dtype),
        "v_head": Fixture("value_head", {"weight": weight, "bias": bias}),
    }


def _lengths(g: torch.Generator, rows: int, length: int, low: int = 1) -> list[int]:
    """Drawn lengths in [low, length]; row 0 is full and row 1 is short, whatever the draw."""
    drawn = torch.randint(low, length + 1, (rows,), generator=g).tolist()
    return [length, max(low, length // 3), *drawn[2:]][:rows]


def _signed_gaps(g: torch.Generator, count: int, low: float, high: float) -> list[float]:
    """Gaps of size low..high, alternating sign so the loss is never near 0."""
    sizes = low + (high - low) * torch.rand(count, generator=g)
    return [float(s) * (1 if i % 2 == 0 else -1) for i, s in enumerate(sizes)]


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; hidden float32, the mask bool or int64 as named."""
    g = torch.Generator().manual_seed(4401 + seed)
    # Pair 0: the rejected answer wins by 400, so log(sigmoid(-400)) is log(0) = -inf.
    stable = _pairs(g, [5, 2, 4, 6, 3, 6], 6, gaps=[-400.0, 2.0, -1.0])
    return [
        Case(
            "B=2, L=5, right padding",
            _pairs(g, [5, 3, 2, 4], 5),
            grad=True,
            grad_inputs=HIDDEN,
            note=Note(
                "rows 0-1 chosen, rows 2-3 rejected; lengths 5, 3, 2, 4",
                "第 0-1 行是 chosen，第 2-3 行是 rejected；长度分别为 5、3、2、4",
            ),
        ),
        Case(
            "int64 mask, rows of one token",
            _pairs(g, [1, 4, 3, 1], 4, dtype=torch.int64),
            grad=True,
            grad_inputs=HIDDEN,
            note=Note(
                "the mask is 0/1 int64; two answers are a single token long",
                "掩码是 0/1 的 int64；有两个回答只有一个 token",
            ),
        ),
        Case(
            "B=4, L=8, lengths differ",
            _pairs(g, _lengths(g, 8, 8), 8),
            grad=True,
            grad_inputs=HIDDEN,
            hidden=True,
        ),
        Case(
            "B=1, int64 mask",
            _pairs(g, [6, 2], 6, dtype=torch.int64),
            grad=True,
            grad_inputs=HIDDEN,
            hidden=True,
        ),
        Case(
            "no padding",
            _pairs(g, [5] * 6, 5),
            grad=True,
            grad_inputs=HIDDEN,
            hidden=True,
        ),
        Case(
            "very short rows",
            _pairs(g, [1, 2, 1, 2, 1, 1], 7, d=4),
            grad=True,
            grad_inputs=HIDDEN,
            hidden=True,
        ),
        Case(
            "score gaps of 15 to 40",
            _pairs(g, _lengths(g, 8, 7), 7, gaps=_signed_gaps(g, 4, 15.0, 40.0)),
            grad=True,
            grad_inputs=HIDDEN,
            hidden=True,
        ),
        Case(
            "B=6, L=12, d=16, int64 mask",
            _pairs(g, _lengths(g, 12, 12, low=2), 12, d=16, dtype=torch.int64),
            grad=True,
            grad_inputs=HIDDEN,
            hidden=True,
        ),
        Case(
            "a rejected answer scored 400 above the chosen one",
            stable,
            check=Stability(),
            hidden=True,
        ),
    ]
