# Wrong: tril with diagonal=-1 drops the diagonal.
import torch


def combined_mask(lengths, max_len):
    causal = torch.tril(torch.ones(max_len, max_len), diagonal=-1).bool()
    keep = torch.arange(max_len).expand(len(lengths), max_len) < lengths.unsqueeze(-1)
    return causal.unsqueeze(0).unsqueeze(0) & keep.unsqueeze(1).unsqueeze(1)
