# Wrong: stores the masked scores under a new name but takes the softmax of the unmasked ones.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.mT / math.sqrt(q.size(-1))
    masked_scores = scores
    if mask is not None:
        masked_scores = torch.where(mask, scores, torch.full_like(scores, -1e9))  # noqa: F841
    weights = torch.softmax(scores, dim=-1)
    return weights @ v
