# Wrong: builds the right mask and then negates it "to get the positions to fill".
import torch


def combined_mask(lengths, max_len):
    causal = torch.tril(torch.ones(max_len, max_len, dtype=torch.bool))
    pad = torch.arange(max_len)[None, :] < lengths[:, None]
    allowed = causal.unsqueeze(0) & pad.unsqueeze(1)
    return (~allowed).unsqueeze(1)
