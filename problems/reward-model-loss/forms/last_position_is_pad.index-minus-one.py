# Wrong: scores every row at position -1, a padding token for every shorter row.
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    scores = v_head(hidden[:, -1, :]).squeeze(-1)
    b = scores.shape[0] // 2
    chosen, rejected = scores[:b], scores[b:]
    return -F.logsigmoid(chosen - rejected).mean(), chosen, rejected
