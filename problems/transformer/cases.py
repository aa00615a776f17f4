"""Cases for the encoder-decoder: padding on both sides, causality, extra source padding,
other special ids, unequal lengths; weights loaded from the reference, eval mode."""

import torch

from graders import Case, Causality, Note, Padding


def _tokens(g, lengths, length, vocab, pad=0, sos=1):
    """[B, length] int64 ids: real tokens (never pad or sos) up to each length, then pad."""
    allowed = torch.tensor([i for i in range(vocab) if i not in (pad, sos)])
    ids = allowed[torch.randint(0, len(allowed), (len(lengths), length), generator=g)]
    real = torch.arange(length)[None, :] < torch.tensor(lengths)[:, None]
    return torch.where(real, ids, torch.full_like(ids, pad))


def _change_from(g, tokens, start, vocab, pad=0, sos=1):
    """The same tokens with fresh real tokens at positions >= start (pads stay pads)."""
    fresh = _tokens(g, [tokens.size(1)] * tokens.size(0), tokens.size(1), vocab, pad, sos)
    later = (torch.arange(tokens.size(1)) >= start)[None, :] & (tokens != pad)
    return torch.where(later, fresh, tokens)


def _more_padding(tokens, extra, pad=0):
    return torch.cat([tokens, torch.full((tokens.size(0), extra), pad, dtype=tokens.dtype)], 1)


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    g = torch.Generator().manual_seed(1600 + seed)
    small = {"src_vocab": 15, "tgt_vocab": 12, "d_model": 8, "num_heads": 2, "d_ff": 16}
    wide = {"src_vocab": 18, "tgt_vocab": 14, "d_model": 12, "num_heads": 3, "d_ff": 24}
    wide = {**wide, "num_layers": 2, "dropout": 0.3}
    # Gradient cases keep padding out of the decoder input (only the dropped last token may be
    # a pad): logits at padded decoder positions would make padding_idx (optional) matter.
    batch = {"src": _tokens(g, [6, 2, 4], 6, 18), "tgt": _tokens(g, [6, 6, 5], 6, 14)}
    return [
        Case(
            "one source padded",
            {"src": _tokens(g, [5, 3], 5, 15), "tgt": _tokens(g, [4, 4], 4, 12)},
            init={**small, "num_layers": 1},
            seed=31 + seed,
            grad=True,
            note=Note("pad_id 0, sos_id 1, 1 layer", "pad_id 为 0，sos_id 为 1，1 层"),
        ),
        Case(
            "target padded, 2 layers",
            {"src": _tokens(g, [6, 6], 6, 15), "tgt": _tokens(g, [5, 3], 5, 12)},
            init={**small, "num_layers": 2},
            seed=32 + seed,
            note=Note("source length 6, target length 5", "源序列长 6，目标序列长 5"),
        ),
        Case("batch of 3", batch, init=wide, seed=33 + seed, grad=True, hidden=True),
        Case(
            "batch of 3, target tokens 3+ changed",
            {"src": batch["src"], "tgt": _change_from(g, batch["tgt"], 3, 14)},
            init=wide,
            seed=33 + seed,
            check=Causality("batch of 3", start=3),
            hidden=True,
        ),
        Case(
            "batch of 3, 2 more source pads",
            {"src": _more_padding(batch["src"], 2), "tgt": batch["tgt"]},
            init=wide,
            seed=33 + seed,
            check=Padding("batch of 3"),
            hidden=True,
        ),
        Case(
            "pad_id 3, sos_id 2",
            {"src": _tokens(g, [4, 2], 4, 20, 3, 2), "tgt": _tokens(g, [7, 5], 7, 16, 3, 2)},
            init={
                "src_vocab": 20,
                "tgt_vocab": 16,
                "d_model": 16,
                "num_heads": 4,
                "d_ff": 32,
                "num_layers": 1,
                "pad_id": 3,
                "sos_id": 2,
                "max_len": 32,
            },
            seed=34 + seed,
            hidden=True,
        ),
        Case(
            "long source, short target, 1 head",
            {"src": _tokens(g, [9, 7], 9, 15), "tgt": _tokens(g, [3, 2], 3, 12)},
            init={**small, "num_heads": 1, "num_layers": 2},
            seed=35 + seed,
            hidden=True,
        ),
    ]
