"""Cases for sequence-logprobs: prompt, response and padding in every row, rows of
different lengths, masks with holes (several turns), rows with no counted token, both
values of `average`, and logits near +1000 where log(softmax) gives -inf."""

import torch

from graders import Case, Note, Stability


def _batch(
    g: torch.Generator, length: int, vocab: int, spans: list[list[tuple[int, int]]]
) -> tuple[torch.Tensor, torch.Tensor]:
    """input_ids [B, L] and loss_mask [B, L]: True on each row's (start, stop) spans.

    A span starts at 1 or later: token 0 has no logits before it, so it never counts.
    """
    ids = torch.randint(0, vocab, (len(spans), length), generator=g)
    mask = torch.zeros(len(spans), length, dtype=torch.bool)
    for row, row_spans in enumerate(spans):
        for start, stop in row_spans:
            assert 1 <= start < stop <= length
            mask[row, start:stop] = True
    return ids, mask


def _response_spans(g: torch.Generator, batch: int, length: int) -> list[list[tuple[int, int]]]:
    """One prompt, one response, then padding: prompts of 1 to L/2 tokens, responses of at
    least 2, the first row padded and the second ending at the last token."""
    spans = []
    for row in range(batch):
        prompt = int(torch.randint(1, length // 2 + 1, (1,), generator=g))
        room = length - prompt
        size = int(torch.randint(2, room + 1, (1,), generator=g)) if room > 2 else room
        if row == 0:
            size = min(size, room - 1) if room > 2 else size  # padding after the response
        if row == 1:
            size = room  # the response runs to the end
        spans.append([(prompt, prompt + size)])
    return spans


def _huge(g: torch.Generator, ids: torch.Tensor, vocab: int) -> torch.Tensor:
    """Logits near +1000 where each next token's logit is 1500 or more below its row's
    maximum: exp overflows, and the softmax of every counted token underflows to 0. The last
    position (it predicts nothing) stays small, so masking it never meets a -inf."""
    batch, length = ids.shape
    logits = 1000.0 + 40.0 * torch.rand(batch, length, vocab, generator=g) - 20.0
    low = logits.amax(-1) - 1500.0 - 100.0 * torch.rand(batch, length, generator=g)
    nxt = torch.cat([ids[:, 1:], ids[:, :1]], dim=1)  # the token each position predicts
    logits = logits.scatter(-1, nxt.unsqueeze(-1), low.unsqueeze(-1))
    logits[:, -1] = torch.randn(batch, vocab, generator=g)
    return logits


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; logits float32, input_ids int64, loss_mask bool."""
    g = torch.Generator().manual_seed(4001 + seed)

    def logits(*shape: int, scale: float = 2.0) -> torch.Tensor:
        return torch.randn(*shape, generator=g) * scale

    sample_ids, sample_mask = _batch(g, 6, 5, [[(2, 5)], [(3, 6)]])
    mean_ids, mean_mask = _batch(g, 6, 7, [[(1, 4)], [(4, 5)], [(2, 6)]])
    ids4, mask4 = _batch(g, 12, 11, _response_spans(g, 4, 12))
    avg_ids, avg_mask = _batch(g, 10, 9, _response_spans(g, 5, 10))
    turns_ids, turns_mask = _batch(g, 14, 10, [[(3, 6), (9, 12)], [(2, 4), (6, 9), (11, 14)]])
    empty_ids, empty_mask = _batch(g, 8, 6, [[(3, 7)], [(1, 2)], [(2, 8)]])
    empty_mask[1] = False  # a prompt with no response at all
    empty_avg_ids, empty_avg_mask = _batch(g, 7, 8, [[(2, 6)], [(3, 4)], [(1, 7)], [(4, 7)]])
    empty_avg_mask[2] = False
    wide_ids, wide_mask = _batch(g, 24, 50, _response_spans(g, 3, 24))
    huge_ids, huge_mask = _batch(g, 7, 9, [[(1, 7)], [(1, 7)], [(1, 7)]])
    huge_avg_ids, huge_avg_mask = _batch(g, 6, 8, [[(1, 6)], [(1, 6)]])
    return [
        Case(
            "B=2, L=6, V=5, prompt then response",
            {"logits": logits(2, 6, 5), "input_ids": sample_ids, "loss_mask": sample_mask},
            grad=True,
            note=Note(
                "row 0 counts tokens 2-4 (read from logits 1-3), row 1 tokens 3-5; "
                "gradients checked",
                "第 0 行计入 token 2-4（用 logits 1-3 读出），第 1 行计入 token 3-5；检查梯度",
            ),
        ),
        Case(
            "average=True, responses of 3, 1 and 4 tokens",
            {
                "logits": logits(3, 6, 7),
                "input_ids": mean_ids,
                "loss_mask": mean_mask,
                "average": True,
            },
            grad=True,
            note=Note(
                "the mean over each row's own counted tokens",
                "每行在自己计入的 token 上取平均",
            ),
        ),
        Case(
            "B=4, L=12, V=11, padding after the responses",
            {"logits": logits(4, 12, 11), "input_ids": ids4, "loss_mask": mask4},
            hidden=True,
            grad=True,
        ),
        Case(
            "average=True, lengths differ",
            {
                "logits": logits(5, 10, 9),
                "input_ids": avg_ids,
                "loss_mask": avg_mask,
                "average": True,
            },
            hidden=True,
            grad=True,
        ),
        Case(
            "several turns: holes in the mask",
            {"logits": logits(2, 14, 10), "input_ids": turns_ids, "loss_mask": turns_mask},
            hidden=True,
            grad=True,
        ),
        Case(
            "a row with no counted token",
            {"logits": logits(3, 8, 6), "input_ids": empty_ids, "loss_mask": empty_mask},
            hidden=True,
            grad=True,
        ),
        Case(
            "average=True, a row with no counted token",
            {
                "logits": logits(4, 7, 8),
                "input_ids": empty_avg_ids,
                "loss_mask": empty_avg_mask,
                "average": True,
            },
            hidden=True,
            grad=True,
        ),
        Case(
            "V=50, L=24",
            {"logits": logits(3, 24, 50, scale=4.0), "input_ids": wide_ids, "loss_mask": wide_mask},
            hidden=True,
            grad=True,
        ),
        Case(
            "logits near +1000, unlikely tokens",
            {"logits": _huge(g, huge_ids, 9), "input_ids": huge_ids, "loss_mask": huge_mask},
            check=Stability(),
            hidden=True,
        ),
        Case(
            "average=True, logits near +1000",
            {
                "logits": _huge(g, huge_avg_ids, 8),
                "input_ids": huge_avg_ids,
                "loss_mask": huge_avg_mask,
                "average": True,
            },
            check=Stability(),
            hidden=True,
        ),
    ]
