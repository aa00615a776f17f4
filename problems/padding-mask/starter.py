import torch


def padding_mask(lengths, max_len):
    """Key padding mask.

    lengths: LongTensor [B] of true sequence lengths.
    Returns a bool tensor [B, 1, 1, max_len]: True for real tokens (index < length).
    """
    # TODO: mark positions at or beyond each length as False
    return torch.ones(lengths.shape[0], 1, 1, max_len, dtype=torch.bool)
