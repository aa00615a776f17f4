"""The Annotated Transformer's `subsequent_mask` (triu of ones, == 0) combined with its
`(tgt != pad).unsqueeze(-2)` padding mask, the way `Batch.make_std_mask` does it; the
padding comes from lengths instead of token ids, and a head axis is added for the contract."""

import torch


def subsequent_mask(size):
    "Mask out subsequent positions."
    attn_shape = (1, size, size)
    subsequent_mask = torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8)
    return subsequent_mask == 0


def combined_mask(lengths, max_len):
    tgt_mask = (torch.arange(max_len)[None, :] < lengths[:, None]).unsqueeze(-2)  # [B, 1, L]
    tgt_mask = tgt_mask & subsequent_mask(max_len).type_as(tgt_mask.data)  # [B, L, L]
    return tgt_mask.unsqueeze(1)
