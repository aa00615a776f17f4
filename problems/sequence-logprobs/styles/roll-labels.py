"""Labels and mask rolled one step to the left (torch.roll) so they line up with every
logit position, the last position switched off, and the targets picked with a one-hot
matrix and einsum instead of gather."""

import torch
import torch.nn.functional as F


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    vocab = logits.shape[-1]
    next_ids = torch.roll(input_ids, shifts=-1, dims=1)  # next_ids[:, t] = input_ids[:, t+1]
    next_mask = torch.roll(loss_mask, shifts=-1, dims=1).clone()
    next_mask[:, -1] = False  # the last logit predicts a token that is not there
    one_hot = F.one_hot(next_ids, vocab).to(logits.dtype)  # [B, L, V]
    log_probs = F.log_softmax(logits, dim=-1)
    weights = one_hot * next_mask.unsqueeze(-1).to(logits.dtype)
    total = torch.einsum("blv,blv->b", weights, log_probs)
    if average:
        total = total / next_mask.sum(-1).clamp(min=1)
    return total
