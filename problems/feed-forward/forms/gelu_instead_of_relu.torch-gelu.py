# Wrong: applies torch's F.gelu (exact GELU) instead of ReLU.
import torch
import torch.nn.functional as F


def feed_forward(x, w1, b1, w2, b2):
    h = torch.from_numpy(x @ w1 + b1)
    return F.gelu(h).numpy() @ w2 + b2
