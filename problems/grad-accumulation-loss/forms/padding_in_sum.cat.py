# Wrong: the flattened losses are split back per micro-batch without masking them.
import torch


def accumulated_loss(micro_losses, micro_masks):
    keep = torch.cat([m.flatten() for m in micro_masks])
    flat = torch.cat([x.flatten() for x in micro_losses])
    pieces = torch.split(flat, [x.numel() for x in micro_losses])
    return torch.stack([p.sum() for p in pieces]) / keep.sum()
