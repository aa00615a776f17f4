"""1-based positions from a cumulative sum of ones, kept while position <= length; built under
@torch.no_grad(), as mask helpers often are."""

import torch


@torch.no_grad()
def padding_mask(lengths, max_len):
    positions = torch.ones(len(lengths), max_len, dtype=torch.long).cumsum(dim=-1)  # 1..max_len
    return (positions <= lengths.unsqueeze(-1)).reshape(-1, 1, 1, max_len)
