# Wrong: the lengths are compared with the query index, so padding rows are blanked
# instead of padding columns.
import torch


def combined_mask(lengths, max_len):
    causal = torch.tril(torch.ones(max_len, max_len, dtype=torch.bool))
    rows = torch.arange(max_len)[None, :] < lengths[:, None]  # [B, L]
    return (causal[None, :, :] & rows[:, :, None])[:, None]
