"""InstructGPT's reward-model loss (Ouyang et al. 2022, eq. 1) written as loops, with K = 2
answers per prompt, so each prompt gives one comparison and 1 / C(K, 2) = 1:

    loss = -E[(x, y_w, y_l)] log sigmoid(r(x, y_w) - r(x, y_l)),

r read at the last token of the answer. -log sigmoid(z) is computed as
max(-z, 0) + log(1 + exp(-|z|)), which never takes the log of 0."""

import math

import torch


def neg_log_sigmoid(z):
    return torch.clamp(-z, min=0.0) + torch.log1p(torch.exp(-z.abs()))


def reward_model_loss(hidden, attention_mask, v_head):
    pairs = hidden.shape[0] // 2
    scores = []
    for row in range(hidden.shape[0]):
        n = int(attention_mask[row].sum())  # real tokens of this answer
        scores.append(v_head(hidden[row, n - 1])[0])
    r_w = torch.stack(scores[:pairs])
    r_l = torch.stack(scores[pairs:])
    total = hidden.new_zeros(())
    for i in range(pairs):
        total = total + neg_log_sigmoid(r_w[i] - r_l[i])
    comparisons = math.comb(2, 2) * pairs
    return total / comparisons, r_w, r_l
