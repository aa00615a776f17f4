"""fairseq's lengths_to_padding_mask (True = padding), then inverted and viewed as [B, 1, 1, T].
fairseq takes T = max(lens); the contract fixes T = max_len."""

import torch


def lengths_to_padding_mask(lens, max_lengths):
    bsz = lens.size(0)
    mask = torch.arange(max_lengths).to(lens.device).view(1, max_lengths)
    mask = mask.expand(bsz, -1) >= lens.view(bsz, 1).expand(-1, max_lengths)
    return mask


def padding_mask(lengths, max_len):
    pad = lengths_to_padding_mask(lengths, max_len)
    return (~pad).view(lengths.size(0), 1, 1, max_len)
