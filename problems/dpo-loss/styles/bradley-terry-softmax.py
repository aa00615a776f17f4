"""The Bradley-Terry model as the paper writes it: P(chosen > rejected) =
exp(r_w) / (exp(r_w) + exp(r_l)), a softmax over the two implicit rewards. The rewards of a
pair are stacked into [B, 2] and the loss is the negative log-softmax of column 0."""

import torch


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    r_w = beta * (policy_chosen_logps - ref_chosen_logps)  # [B]
    r_l = beta * (policy_rejected_logps - ref_rejected_logps)  # [B]
    rewards = torch.stack([r_w, r_l], dim=1)  # [B, 2]
    log_p_chosen = torch.log_softmax(rewards, dim=1)[:, 0]  # log sigma(r_w - r_l)
    return -log_p_chosen.mean(), r_w.detach(), r_l.detach()
