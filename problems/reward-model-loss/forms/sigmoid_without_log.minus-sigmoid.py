# Wrong: -sigmoid(chosen - rejected); the log is missing.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    last = attention_mask.long().sum(-1) - 1
    scores = v_head(hidden[torch.arange(hidden.shape[0]), last]).squeeze(-1)
    chosen, rejected = scores.chunk(2)
    return -torch.sigmoid(chosen - rejected).mean(), chosen, rejected
