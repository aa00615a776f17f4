# Wrong: lengths <= positions is True on the padding instead of on the real tokens.
import torch


def padding_mask(lengths, max_len):
    batch = lengths.size(0)
    positions = torch.arange(max_len, device=lengths.device).expand(batch, max_len)
    mask = lengths.unsqueeze(-1) <= positions
    return mask.unsqueeze(1).unsqueeze(2)
