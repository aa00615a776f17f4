"""Cases for the padded cross-entropy: padding at the end and in the middle, sequences of
different lengths, other pad ids, float64, and logits near ±1000."""

import torch

from graders import Case, Note, Stability


def _padded(
    g: torch.Generator, lengths: list[int], length: int, vocab: int, pad: int
) -> torch.Tensor:
    """Targets [B, L]: real tokens (never `pad`) up to each length, then `pad`."""
    targets = torch.randint(0, vocab - 1, (len(lengths), length), generator=g)
    targets = targets + (targets >= pad).long()  # skip the pad id
    real = torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]
    return targets.masked_fill(~real, pad)


def _lengths(g: torch.Generator, batch: int, length: int) -> list[int]:
    """Lengths from 1 to L, the first one full and the second short: never all equal."""
    drawn = torch.randint(1, length + 1, (batch,), generator=g).tolist()
    return [length, max(1, length // 3), *drawn[2:]]


def _huge(g: torch.Generator, targets: torch.Tensor, vocab: int) -> torch.Tensor:
    """Logits near +1000 (first sequence) and -1000 (second), each real target at least 1500
    below its row's maximum: exp overflows, and softmax underflows to 0 at every target."""
    batch, length = targets.shape
    offset = torch.tensor([1000.0, -1000.0] * batch)[:batch].view(batch, 1, 1)
    logits = torch.randn(batch, length, vocab, generator=g) * 30 + offset
    low = logits.amax(-1) - 1500 - torch.rand(batch, length, generator=g) * 100
    return logits.scatter(-1, targets.unsqueeze(-1), low.unsqueeze(-1))


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; logits float32 unless stated."""
    g = torch.Generator().manual_seed(303 + seed)

    def logits(*shape: int, scale: float = 2.0) -> torch.Tensor:
        return torch.randn(*shape, generator=g) * scale

    sample = _padded(g, [4, 2], 4, 5, 0)
    fairseq = _padded(g, [3, 3, 1], 3, 6, 1)
    batch = _padded(g, _lengths(g, 4, 9), 9, 11, 0)
    middle = torch.randint(1, 8, (3, 7), generator=g)
    middle[torch.rand(3, 7, generator=g) < 0.4] = 0  # ignored labels anywhere (masked LM)
    middle[:, 0] = 1 + torch.randint(0, 7, (3,), generator=g)  # at least one real label each
    huge = _padded(g, [5, 3], 5, 7, 0)
    wide = _padded(g, _lengths(g, 2, 7), 7, 50, 3)
    return [
        Case(
            "B=2, L=4, V=5, padding at the end",
            {"logits": logits(2, 4, 5), "targets": sample},
            grad=True,
            note=Note(
                "ignore_index=0; the second sequence has 2 real tokens; gradients checked",
                "ignore_index=0；第二条序列只有 2 个真实 token；检查梯度",
            ),
        ),
        Case(
            "pad id 1",
            {"logits": logits(3, 3, 6), "targets": fairseq, "ignore_index": 1},
            note=Note("ignore_index=1 (fairseq's pad id)", "ignore_index=1（fairseq 的 pad id）"),
        ),
        Case(
            "B=4, L=9, V=11, lengths differ",
            {"logits": logits(4, 9, 11), "targets": batch},
            hidden=True,
            grad=True,
        ),
        Case(
            "ignored labels in the middle",
            {"logits": logits(3, 7, 8), "targets": middle},
            hidden=True,
            grad=True,
        ),
        Case(
            "logits near ±1000",
            {"logits": _huge(g, huge, 7), "targets": huge},
            check=Stability(),
            hidden=True,
        ),
        Case(
            "float64",
            {"logits": logits(3, 6, 8).double(), "targets": _padded(g, [6, 2, 4], 6, 8, 0)},
            hidden=True,
            grad=True,
        ),
        Case(
            "one real token",
            {"logits": logits(1, 3, 2), "targets": torch.tensor([[1, 0, 0]])},
            hidden=True,
        ),
        Case(
            "V=50, pad id 3",
            {"logits": logits(2, 7, 50, scale=4.0), "targets": wide, "ignore_index": 3},
            hidden=True,
        ),
    ]
