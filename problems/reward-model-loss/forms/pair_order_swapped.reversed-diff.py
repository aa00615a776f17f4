# Wrong: -logsigmoid(rejected - chosen).
import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    last = attention_mask.long().sum(-1) - 1
    scores = v_head(hidden[torch.arange(hidden.shape[0]), last]).squeeze(-1)
    chosen, rejected = scores.chunk(2)
    return -F.logsigmoid(rejected - chosen).mean(), chosen, rejected
