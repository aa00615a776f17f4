# Wrong: the per-token values are averaged over all L positions; the mask is unused.
import torch
from torch import nn


def reward_model_loss(hidden, attention_mask, v_head):
    values = v_head(hidden).squeeze(-1).mean(-1)
    rewards_chosen, rewards_rejected = torch.chunk(values, chunks=2)
    loss = -nn.functional.logsigmoid(rewards_chosen - rewards_rejected).mean()
    return loss, rewards_chosen, rewards_rejected
