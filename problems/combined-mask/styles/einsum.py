"""Outer product with einsum: causal[i, j] * keep[b, j] summed over nothing, as int 0/1,
then compared to 1. A variation on the broadcast solution."""

import torch


def combined_mask(lengths, max_len):
    idx = torch.arange(max_len)
    causal = (idx.view(-1, 1) >= idx.view(1, -1)).long()  # [Lq, Lk]
    keep = (idx.view(1, -1) < lengths.view(-1, 1)).long()  # [B, Lk]
    both = torch.einsum("ij,bj->bij", causal, keep)  # [B, Lq, Lk]
    return (both == 1).unsqueeze(1)
