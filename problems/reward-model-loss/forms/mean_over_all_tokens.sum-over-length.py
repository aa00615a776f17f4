# Wrong: sums the hidden states over all L positions and divides by L; the mask is unused.
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    pooled = hidden.sum(dim=1) / hidden.size(1)
    scores = v_head(pooled).squeeze(-1)
    b = scores.shape[0] // 2
    return F.softplus(scores[b:] - scores[:b]).mean(), scores[:b], scores[b:]
