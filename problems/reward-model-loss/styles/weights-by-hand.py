"""The value head applied by hand from its weight and bias (score = h . w + b), the rows
reshaped to [2, B, ...] so the pair structure is an axis, and a hand-written stable
log-sigmoid: log sigmoid(z) = min(z, 0) - log(1 + exp(-|z|))."""

import torch


def reward_model_loss(hidden, attention_mask, v_head):
    two_b, length, d = hidden.shape
    h = hidden.reshape(2, two_b // 2, length, d)
    n = attention_mask.reshape(2, two_b // 2, length).long().sum(-1)  # [2, B]
    idx = torch.arange(two_b // 2)
    last = torch.stack([h[0, idx, n[0] - 1], h[1, idx, n[1] - 1]])  # [2, B, d]
    w, bias = v_head.weight[0], v_head.bias[0]
    scores = last @ w + bias  # [2, B]
    z = scores[0] - scores[1]
    log_sig = torch.minimum(z, torch.zeros_like(z)) - torch.log1p(torch.exp(-z.abs()))
    return -log_sig.mean(), scores[0], scores[1]
