# Wrong: each answer's score is the mean over its real tokens, row by row.
import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    scores = []
    for row in range(hidden.shape[0]):
        n = int(attention_mask[row].sum())
        scores.append(v_head(hidden[row, :n]).mean())
    scores = torch.stack(scores)
    b = len(scores) // 2
    return -F.logsigmoid(scores[:b] - scores[b:]).mean(), scores[:b], scores[b:]
