# Wrong: the padding mask is unsqueezed on the last axis, so it varies along the queries.
import torch


def combined_mask(lengths, max_len):
    pad = torch.arange(max_len).unsqueeze(0) < lengths.unsqueeze(1)
    pad = pad.unsqueeze(1).unsqueeze(-1)  # [B, 1, L, 1]
    causal = torch.tril(torch.ones(1, 1, max_len, max_len)).bool()
    return pad & causal
