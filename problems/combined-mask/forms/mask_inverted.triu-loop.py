# Wrong: a loop that sets True on the future and on the padding, i.e. what to block.
import torch


def combined_mask(lengths, max_len):
    B = lengths.shape[0]
    mask = torch.triu(torch.ones(max_len, max_len, dtype=torch.bool), diagonal=1)
    mask = mask.repeat(B, 1, 1)
    for b in range(B):
        mask[b, :, lengths[b] :] = True
    return mask[:, None]
