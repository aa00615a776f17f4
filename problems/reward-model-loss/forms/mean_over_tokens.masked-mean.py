# Wrong: mean pooling of the hidden states over the real tokens, then the head.
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    m = attention_mask.unsqueeze(-1).to(hidden.dtype)
    pooled = (hidden * m).sum(1) / m.sum(1)
    scores = v_head(pooled).squeeze(-1)
    b = scores.shape[0] // 2
    return -F.logsigmoid(scores[:b] - scores[b:]).mean(), scores[:b], scores[b:]
