# Wrong: per pair, 1 - P(chosen wins) summed and averaged.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    b = hidden.shape[0] // 2
    scores = []
    for row in range(2 * b):
        n = int(attention_mask[row].sum())
        scores.append(v_head(hidden[row, n - 1])[0])
    total = 0.0
    for i in range(b):
        total = total + (1.0 - torch.sigmoid(scores[i] - scores[b + i]))
    return total / b, torch.stack(scores[:b]), torch.stack(scores[b:])
