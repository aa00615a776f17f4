# Wrong: maximises the Bradley-Terry probability itself, not its log.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    n = attention_mask.sum(dim=1)
    pooled = hidden[torch.arange(len(n)), n - 1]
    r = v_head(pooled)[:, 0]
    b = len(r) // 2
    p_chosen_wins = 1.0 / (1.0 + torch.exp(r[b:] - r[:b]))
    return -p_chosen_wins.mean(), r[:b], r[b:]
