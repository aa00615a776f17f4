import torch


def padding_mask(lengths, max_len):
    mask = torch.zeros(len(lengths), 1, 1, max_len, dtype=torch.bool)
    for b, n in enumerate(lengths.tolist()):
        mask[b, 0, 0, :n] = True
    return mask
