"""Vectorised with torch.gather on the hidden states and softplus for the loss:
-log sigmoid(z) = log(1 + exp(-z)) = softplus(-z), which torch evaluates stably."""

import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    two_b, _, d = hidden.shape
    lengths = attention_mask.sum(dim=1)  # [2B]
    index = (lengths - 1).view(two_b, 1, 1).expand(two_b, 1, d)  # [2B, 1, d]
    last_hidden = hidden.gather(1, index).squeeze(1)  # [2B, d]
    r = v_head(last_hidden).view(2, two_b // 2)  # [2, B]: chosen row, rejected row
    margin = r[0] - r[1]
    return F.softplus(-margin).mean(), r[0], r[1]
