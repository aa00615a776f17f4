import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    # Right padding: row r is real on its first n_r tokens, so its last token is n_r - 1.
    # Position -1 would be padding for every row that is shorter than L.
    last = attention_mask.long().sum(dim=-1) - 1  # [2B]
    pooled = hidden[torch.arange(hidden.shape[0]), last]  # [2B, d], one vector per answer
    scores = v_head(pooled).squeeze(-1)  # [2B], one scalar reward per answer

    b = hidden.shape[0] // 2
    chosen, rejected = scores[:b], scores[b:]  # rows 0..B-1 chosen, B..2B-1 rejected
    # Bradley-Terry: P(chosen beats rejected) = sigmoid(r_c - r_r); minimise -log of it.
    # F.logsigmoid is stable where log(sigmoid(x)) would give log(0) = -inf.
    loss = -F.logsigmoid(chosen - rejected).mean()
    return loss, chosen, rejected  # scores keep their graph: they are trained too
