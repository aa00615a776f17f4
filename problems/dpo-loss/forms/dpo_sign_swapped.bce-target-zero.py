# Wrong: binary cross-entropy on the margin with target 0, as if rejected were preferred.
import torch
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    w = policy_chosen_logps - ref_chosen_logps
    l = policy_rejected_logps - ref_rejected_logps  # noqa: E741
    logits = beta * (w - l)
    loss = F.binary_cross_entropy_with_logits(logits, torch.zeros_like(logits))
    return loss, (beta * w).detach(), (beta * l).detach()
