"""DPO as binary classification: the chosen answer is the positive class of a logistic
regression on the margin, so the loss is binary cross-entropy with logits against a target
of 1 (which PyTorch computes stably)."""

import torch
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    logits = beta * (chosen - rejected)
    target = torch.ones_like(logits)  # "chosen is preferred" for every pair
    loss = F.binary_cross_entropy_with_logits(logits, target)  # mean over the batch
    with torch.no_grad():
        chosen_rewards = beta * chosen
        rejected_rewards = beta * rejected
    return loss, chosen_rewards, rejected_rewards
