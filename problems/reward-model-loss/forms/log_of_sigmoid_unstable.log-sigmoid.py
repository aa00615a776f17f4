# Wrong: torch.log(torch.sigmoid(x)); sigmoid underflows to 0 for a gap of -400.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    last = attention_mask.long().sum(-1) - 1
    scores = v_head(hidden[torch.arange(hidden.shape[0]), last]).squeeze(-1)
    chosen, rejected = scores.chunk(2)
    return -torch.log(torch.sigmoid(chosen - rejected)).mean(), chosen, rejected
