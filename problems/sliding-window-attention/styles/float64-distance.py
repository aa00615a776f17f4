"""A distance matrix built by broadcasting subtraction, a bool band, scores and softmax in
float64 with a manual, max-shifted softmax, the result cast back to the input dtype."""

import torch


def sliding_window_attention(q, k, v, window: int):
    n = q.size(-2)
    distance = torch.arange(n).unsqueeze(-1) - torch.arange(n)  # [L, L], i - j
    band = (distance >= 0) & (distance <= window - 1)
    scores = (q.double() @ k.double().mT) / q.size(-1) ** 0.5
    scores = scores.masked_fill(~band, float("-inf"))
    scores = scores - scores.max(dim=-1, keepdim=True).values
    weights = scores.exp()
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return (weights @ v.double()).to(q.dtype)
