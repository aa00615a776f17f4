# Wrong: TRL's chunk-and-logsigmoid, but the logits are read at the last position.
import torch
from torch import nn


def reward_model_loss(hidden, attention_mask, v_head):
    logits = v_head(hidden)  # [2B, L, 1]
    rewards_chosen, rewards_rejected = torch.chunk(logits[:, -1].squeeze(-1), chunks=2)
    loss = -nn.functional.logsigmoid(rewards_chosen - rewards_rejected).mean()
    return loss, rewards_chosen, rewards_rejected
