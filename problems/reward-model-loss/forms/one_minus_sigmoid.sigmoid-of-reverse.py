# Wrong: sigmoid(rejected - chosen) = 1 - sigmoid(chosen - rejected), no log.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    lengths = attention_mask.sum(1)
    idx = (lengths - 1).view(-1, 1, 1).expand(-1, 1, hidden.shape[-1])
    r = v_head(hidden.gather(1, idx).squeeze(1)).view(2, -1)
    return torch.sigmoid(r[1] - r[0]).mean(), r[0], r[1]
