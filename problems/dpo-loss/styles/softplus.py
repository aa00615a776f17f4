"""-log sigmoid(x) = log(1 + e^{-x}) = softplus(-x): the loss written with F.softplus, with
the implicit rewards computed first and the margin taken as their difference."""

import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    chosen_rewards = beta * (policy_chosen_logps - ref_chosen_logps)
    rejected_rewards = beta * (policy_rejected_logps - ref_rejected_logps)
    loss = F.softplus(rejected_rewards - chosen_rewards).mean()
    return loss, chosen_rewards.detach(), rejected_rewards.detach()
