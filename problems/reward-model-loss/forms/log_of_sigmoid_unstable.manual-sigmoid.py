# Wrong: the sigmoid by hand, 1 / (1 + exp(-z)), then its log: log(0) for z = -400.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    n = attention_mask.sum(dim=1)
    r = v_head(hidden[torch.arange(len(n)), n - 1])[:, 0]
    b = len(r) // 2
    z = r[:b] - r[b:]
    p = 1.0 / (1.0 + torch.exp(-z))
    return -torch.log(p).mean(), r[:b], r[b:]
