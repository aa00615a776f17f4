# Wrong: hidden.mean(dim=1) pools over every position, padding included.
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    scores = v_head(hidden.mean(dim=1)).squeeze(-1)
    b = scores.shape[0] // 2
    return -F.logsigmoid(scores[:b] - scores[b:]).mean(), scores[:b], scores[b:]
