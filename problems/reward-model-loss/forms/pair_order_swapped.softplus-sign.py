# Wrong: softplus(margin) instead of softplus(-margin).
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    two_b, _, d = hidden.shape
    index = (attention_mask.sum(1) - 1).view(two_b, 1, 1).expand(two_b, 1, d)
    r = v_head(hidden.gather(1, index).squeeze(1)).view(2, two_b // 2)
    margin = r[0] - r[1]
    return F.softplus(margin).mean(), r[0], r[1]
