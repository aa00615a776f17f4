"""Concatenate every micro-batch's tokens into one flat vector, remember which micro-batch
each token came from, and scatter the masked losses back into K sums with index_add_."""

import torch


def accumulated_loss(micro_losses, micro_masks):
    flat = torch.cat([losses.reshape(-1) for losses in micro_losses])
    keep = torch.cat([mask.reshape(-1) for mask in micro_masks])
    owner = torch.cat([torch.full((losses.numel(),), k) for k, losses in enumerate(micro_losses)])
    sums = torch.zeros(len(micro_losses), dtype=flat.dtype).index_add(0, owner[keep], flat[keep])
    return sums / keep.sum()
