# Wrong: BCE with logits on chosen - rejected, but with target 0 ("rejected wins").
import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    n = attention_mask.long().sum(-1)
    scores = v_head(hidden[torch.arange(hidden.shape[0]), n - 1]).squeeze(-1)
    b = scores.shape[0] // 2
    diff = scores[:b] - scores[b:]
    loss = F.binary_cross_entropy_with_logits(diff, torch.zeros_like(diff))
    return loss, scores[:b], scores[b:]
